/* Progress of a long run, on standard error, while the program works.
 *
 * With -v or --progress (dk_cli_common sets dk_progress_on), a program
 * reports at most every two seconds what it has done so far:
 *
 *   prog: 1,204,311 records, 512.4 MB, 98.1 MB/s, 6 s
 *   prog: matching: 30,208 of 120,512 documents (25%), 4,410 pairs, 14 s
 *
 * The first form while it reads (the stream readers count records and
 * bytes themselves: a program that reads through dk_reader has nothing
 * to do), the second in a phase the program names.  On a terminal the
 * report is one line rewritten in place, cleared before any other
 * message; otherwise each report is a line of its own.  Standard output
 * is never touched.  Nothing is printed by a run shorter than the
 * interval, so the closing statistics of -v come alone.
 *
 * The environment variable DK_PROGRESS_INTERVAL (milliseconds, default
 * 2000) changes the interval; the tests set it to 0.
 *
 * dk_progress_step may be called from several threads at once. */
#ifndef DK_PROGRESS_H
#define DK_PROGRESS_H

#include <stdint.h>
#include <stddef.h>

extern int dk_progress_on;
/* Records read so far: the readers add to it. */
extern uint64_t dk_progress_records;

/* Bytes consumed from the input (a reader's chunk, or a document); then
 * a report when one is due. */
void dk_progress_input(size_t bytes);
/* Starts a phase: name ("indexing", "matching"), what is counted
 * ("documents"; NULL: nothing) and how many there are (0: no total). */
void dk_progress_phase(const char *name, const char *unit, uint64_t total);
/* done more items of the phase and found more results (pairs); then a
 * report when one is due. */
void dk_progress_step(uint64_t done, uint64_t found);
/* Clears the terminal line, if a report is on it (before a message). */
void dk_progress_clear(void);

#endif

/* Progress of a long run, on standard error, while the program works.
 *
 * With -v or --progress (dk_cli_common sets dk_progress_on), a program
 * reports at most every two seconds what it has done so far:
 *
 *   prog: 1,204,311 records, 512.4 MB of 2.0 GB (25%), 98.1 MB/s, 6.0 s, about 18 s left
 *   prog: 1,204,311 records, 512.4 MB, 98.1 MB/s, 6.0 s
 *   prog: matching: 30,208 of 120,512 documents (25%), 4,410 pairs, 14.0 s, about 42 s left
 *
 * The first two forms while it reads (the stream readers count records and
 * bytes themselves: a program that reads through dk_reader has nothing to
 * do), the third in a phase the program names.  On a terminal the report
 * is one line rewritten in place, cleared before any other message;
 * otherwise each report is a line of its own.  Standard output is never
 * touched.  Nothing is printed by a run shorter than the interval, so the
 * closing statistics of -v come alone.
 *
 * The share done ("of 2.0 GB (25%)") is the bytes consumed against the
 * sum of the sizes of everything read: the operands, declared before any
 * is read (dk_each_input does it), and any other file a reader opens (a
 * lexicon, a gold standard), as it is opened.  A size is known for a
 * regular file (what is left of it from its offset, for standard input);
 * once anything of unknown size is met (a pipe, a terminal, a device),
 * no share is shown again.  A gzip file counts by its compressed bytes,
 * consumed as its members are inflated.  The time left is the time so far
 * times the share left over the share done, that is, at the average rate
 * of the run (or of the phase): no guess before a second has passed.
 *
 * The environment variable DK_PROGRESS_INTERVAL (milliseconds, default
 * 2000) changes the interval; the tests set it to 0.
 *
 * dk_progress_input and dk_progress_step may be called from several
 * threads at once; dk_progress_operands and dk_progress_file from one. */
#ifndef DK_PROGRESS_H
#define DK_PROGRESS_H

#include <stdint.h>
#include <stddef.h>

extern int dk_progress_on;
/* Records read so far: the readers add to it. */
extern uint64_t dk_progress_records;

/* Bytes consumed from the input (a reader's chunk, a page file, a WARC
 * record or gzip member); then a report when one is due. */
void dk_progress_input(size_t bytes);
/* The operands a program is about to read, argc paths ("-" is standard
 * input; argc 0: standard input alone): their sizes join the total. */
void dk_progress_operands(int argc, char **argv);
/* A reader was opened on fd: its size joins the total, unless it is an
 * operand dk_progress_operands declared. */
void dk_progress_file(int fd);
/* Starts a phase: name ("indexing", "matching"), what is counted
 * ("documents"; NULL: nothing) and how many there are (0: no total). */
void dk_progress_phase(const char *name, const char *unit, uint64_t total);
/* done more items of the phase and found more results (pairs); then a
 * report when one is due. */
void dk_progress_step(uint64_t done, uint64_t found);
/* Clears the terminal line, if a report is on it (before a message). */
void dk_progress_clear(void);

#endif

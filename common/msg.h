/* Messages and exit statuses shared by every program.
 *
 * Every message starts with the program name: "prog: reason", or for bad
 * input "prog: FILE:LINE: reason".  Exit statuses: DK_EXIT_OK (0) success,
 * DK_EXIT_OPERAND (1) some operand could not be read or written,
 * DK_EXIT_INPUT (2) bad input or usage. */
#ifndef DK_MSG_H
#define DK_MSG_H

#include <stdarg.h>
#include <stddef.h>

enum { DK_EXIT_OK = 0, DK_EXIT_OPERAND = 1, DK_EXIT_INPUT = 2 };
/* Only between a job and its stages, run with DK_STAGE set (dkdedup, the
 * scripts of examples/): records were skipped, nothing else went wrong
 * (common/stream.h, dk_exit_status). */
enum { DK_EXIT_SKIPPED = 3 };

extern const char *dk_progname;
extern int dk_verbose;          /* -v count */

void dk_setprogname(const char *argv0);
/* When set, called before each message is written: progress.c sets it to
 * clear its report from the terminal line (so msg.c, below progress.c,
 * needs nothing of it). */
extern void (*dk_msg_before)(void);

#define DK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define DK_NORETURN __attribute__((noreturn))

void dk_warn(const char *fmt, ...) DK_PRINTF(1, 2);            /* with strerror(errno) */
void dk_warnx(const char *fmt, ...) DK_PRINTF(1, 2);
void dk_die(int status, const char *fmt, ...) DK_PRINTF(2, 3) DK_NORETURN;   /* with strerror */
void dk_diex(int status, const char *fmt, ...) DK_PRINTF(2, 3) DK_NORETURN;
/* "prog: FILE:LINE: reason", then exit(DK_EXIT_INPUT). */
void dk_die_at(const char *file, unsigned long line, const char *fmt, ...)
	DK_PRINTF(3, 4) DK_NORETURN;
void dk_warn_at(const char *file, unsigned long line, const char *fmt, ...)
	DK_PRINTF(3, 4);
/* Progress and statistics under -v. */
void dk_note(const char *fmt, ...) DK_PRINTF(1, 2);

#endif

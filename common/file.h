/* A whole file in memory, for formats read by offsets rather than by lines
 * (WARC, gzip pages): mapped when it is a regular file, else (a pipe) read
 * to its end; or, with dk_file_read, read into a buffer kept from one file
 * to the next unless it is large.  And a file written whole or not at all
 * (dk_atomic). */
#ifndef DK_FILE_H
#define DK_FILE_H

#include <stddef.h>

enum { DK_FILE_OWNED, DK_FILE_MAPPED, DK_FILE_BORROWED };

typedef struct {
	unsigned char *p;
	size_t n;
	int mapped;             /* DK_FILE_OWNED, _MAPPED or _BORROWED */
} dk_file;

/* A buffer the caller keeps across dk_file_read calls; free(p) at the
 * end.  Zero it before the first. */
typedef struct {
	unsigned char *p;
	size_t cap;
} dk_filebuf;

/* Files larger than this are mapped by dk_file_read: a WARC shard of a few
 * MB costs a third of the system time mapped (fewer page faults, none of
 * them for a copy). */
#define DK_FILE_READ ((size_t)1 << 20)

/* Returns 0, or -1 with errno set (nothing to unload). */
int dk_file_load(int fd, dk_file *f);
/* The same, but a file of at most DK_FILE_READ bytes (or not a regular
 * file) is read into b, and f->p points into b until the next call: for
 * many small files (web pages), where mapping, faulting in and unmapping
 * each costs more system time than copying it. */
int dk_file_read(int fd, dk_file *f, dk_filebuf *b);
void dk_file_unload(dk_file *f);

/* An output file written whole or not at all (-o OUT): the bytes go to a
 * new file beside path (in its directory, so that the rename stays on one
 * file system), which dk_atomic_commit syncs and renames to path; until
 * then path is as it was, absent or untouched.  The new file has the mode
 * of the file it replaces, or 0666 less the umask.
 *
 * The temporary file is removed by dk_atomic_abort, by a failed commit,
 * at exit (a dk_die on bad input) and on SIGHUP, SIGINT, SIGPIPE and
 * SIGTERM (the handler removes it, then dies of the signal as it would
 * have).  One at a time in a process. */
typedef struct {
	char *path, *tmp;
	int fd;                 /* -1 once committed or aborted */
} dk_atomic;

/* Returns the descriptor to write to, or -1 with errno set (nothing
 * created).  An existing path that is not a regular file (a device, a
 * directory) is refused with EINVAL, since it cannot be replaced. */
int dk_atomic_open(dk_atomic *a, const char *path);
/* Returns 0, or -1 with errno set and the temporary file removed. */
int dk_atomic_commit(dk_atomic *a);
void dk_atomic_abort(dk_atomic *a);

#endif

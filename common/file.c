/* A whole file in memory, and a file written whole or not at all; see
 * file.h. */
#include "file.h"
#include "mem.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads fd to its end into *p (of *cap bytes, grown as needed, at least
 * want + 1 when want is the expected size, so that the end is seen
 * without a second growth); *n is the bytes read.  Returns 0 or -1. */
static int
read_all(int fd, unsigned char **p, size_t *cap, size_t *n, size_t want)
{
	ssize_t got;

	if (*cap < want + 1) {
		free(*p);
		*cap = want + 1 > 1 << 16 ? want + 1 : 1 << 16;
		*p = dk_malloc(*cap);
	}
	*n = 0;
	for (;;) {
		if (*n == *cap)
			*p = dk_realloc(*p, *cap *= 2);
		got = read(fd, *p + *n, *cap - *n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0)
			return 0;
		*n += (size_t)got;
	}
}

/* The size of fd when it is a regular file that is not empty, else 0. */
static size_t
regular_size(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 ?
	    (size_t)st.st_size : 0;
}

static int
map(int fd, size_t size, dk_file *f)
{
	f->p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (f->p == MAP_FAILED)
		return -1;
	f->n = size;
	f->mapped = DK_FILE_MAPPED;
	return 0;
}

int
dk_file_load(int fd, dk_file *f)
{
	size_t size = regular_size(fd), cap = 0;

	if (size && map(fd, size, f) == 0)
		return 0;
	f->p = NULL;
	f->mapped = DK_FILE_OWNED;
	if (read_all(fd, &f->p, &cap, &f->n, 0) < 0) {
		free(f->p);
		return -1;
	}
	return 0;
}

int
dk_file_read(int fd, dk_file *f, dk_filebuf *b)
{
	size_t size = regular_size(fd);

	if (size > DK_FILE_READ && map(fd, size, f) == 0)
		return 0;
	f->mapped = DK_FILE_BORROWED;
	if (read_all(fd, &b->p, &b->cap, &f->n, size) < 0)
		return -1;
	f->p = b->p;
	return 0;
}

void
dk_file_unload(dk_file *f)
{
	if (f->mapped == DK_FILE_MAPPED)
		munmap(f->p, f->n);
	else if (f->mapped == DK_FILE_OWNED)
		free(f->p);
}

/* ---- dk_atomic ---- */

/* The temporary file not yet committed, for the exit and signal handlers. */
static char *volatile pending;

static void
remove_pending(void)
{
	char *tmp = pending;

	if (tmp) {
		pending = NULL;
		unlink(tmp);
	}
}

static void
on_signal(int sig)
{
	int e = errno;

	if (pending)
		unlink(pending);        /* async-signal-safe; pending stays set */
	errno = e;
	raise(sig);             /* SA_RESETHAND: the default action now */
}

static void
handlers(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	static int done;
	struct sigaction sa, old;
	size_t i;

	if (done)
		return;
	done = 1;
	atexit(remove_pending);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		/* a signal ignored (nohup) stays ignored */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
}

int
dk_atomic_open(dk_atomic *a, const char *path)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	mode_t mode, mask;
	int dirlen = slash ? (int)(slash - path + 1) : 0, e;
	size_t n = strlen(path) + 32;

	a->fd = -1;
	a->path = a->tmp = NULL;
	if (stat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			errno = EINVAL;
			return -1;
		}
		mode = st.st_mode & 07777;
	} else if (errno == ENOENT) {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	} else
		return -1;
	handlers();
	a->tmp = dk_malloc(n);
	snprintf(a->tmp, n, "%.*s.%s.tmp.XXXXXX", dirlen, path, path + dirlen);
	if ((a->fd = mkstemp(a->tmp)) < 0)
		goto fail;
	pending = a->tmp;
	if (fchmod(a->fd, mode) != 0) {
		remove_pending();
		close(a->fd);
		goto fail;
	}
	a->path = dk_strdup(path);
	return a->fd;
fail:
	e = errno;
	free(a->tmp);
	a->tmp = NULL;
	a->fd = -1;
	errno = e;
	return -1;
}

int
dk_atomic_commit(dk_atomic *a)
{
	int e, rc = fsync(a->fd);

	if (close(a->fd) != 0 && rc == 0)
		rc = -1;
	a->fd = -1;
	if (rc == 0)
		rc = rename(a->tmp, a->path);
	e = errno;
	if (rc != 0)
		unlink(a->tmp);
	pending = NULL;
	free(a->tmp), free(a->path);
	a->tmp = a->path = NULL;
	errno = e;
	return rc;
}

void
dk_atomic_abort(dk_atomic *a)
{
	if (a->fd < 0)
		return;
	close(a->fd);
	a->fd = -1;
	unlink(a->tmp);
	pending = NULL;
	free(a->tmp), free(a->path);
	a->tmp = a->path = NULL;
}

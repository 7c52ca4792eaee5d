/* A whole file in memory; see file.h. */
#include "file.h"
#include "mem.h"

#include <errno.h>
#include <stdlib.h>
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

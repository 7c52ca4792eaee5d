/* A whole file in memory; see file.h. */
#include "file.h"
#include "mem.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int
dk_file_load(int fd, dk_file *f)
{
	struct stat st;
	size_t cap = 1 << 16;
	ssize_t got;

	f->mapped = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		f->n = (size_t)st.st_size;
		f->p = mmap(NULL, f->n, PROT_READ, MAP_PRIVATE, fd, 0);
		if (f->p != MAP_FAILED) {
			f->mapped = 1;
			return 0;
		}
	}
	f->p = dk_malloc(cap);
	f->n = 0;
	for (;;) {
		if (f->n == cap)
			f->p = dk_realloc(f->p, cap *= 2);
		got = read(fd, f->p + f->n, cap - f->n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(f->p);
			return -1;
		}
		if (got == 0)
			return 0;
		f->n += (size_t)got;
	}
}

void
dk_file_unload(dk_file *f)
{
	if (f->mapped)
		munmap(f->p, f->n);
	else
		free(f->p);
}

/* A whole file in memory, for formats read by offsets rather than by lines
 * (WARC, gzip pages): mapped when it is a regular file, else (a pipe) read
 * to its end. */
#ifndef DK_FILE_H
#define DK_FILE_H

#include <stddef.h>

typedef struct {
	unsigned char *p;
	size_t n;
	int mapped;
} dk_file;

/* Returns 0, or -1 with errno set (nothing to unload). */
int dk_file_load(int fd, dk_file *f);
void dk_file_unload(dk_file *f);

#endif

/* gzip_member for the C unit tests that read gzip input: bytes as one gzip
 * member appended to a dk_buf.  Header only, like tap.h. */
#ifndef GZMEMBER_H
#define GZMEMBER_H

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "stream.h"

/* p[0, n) as one gzip member (level 6, no name, no time) appended to out;
 * aborts where zlib fails. */
static inline void
gzip_member(dk_buf *out, const char *p, size_t n)
{
	z_stream z;

	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	dk_buf_reserve(out, deflateBound(&z, (uLong)n) + 64);
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)n;
	z.next_out = (unsigned char *)out->p + out->n;
	z.avail_out = (uInt)(out->cap - out->n);
	if (deflate(&z, Z_FINISH) != Z_STREAM_END)
		abort();
	out->n += z.total_out;
	deflateEnd(&z);
}

#endif

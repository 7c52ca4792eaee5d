/* SHA-1 digests through OpenSSL's libcrypto: the fingerprints of imatch
 * and the text checksums of spotsig and qgram (--checksum).  A context is
 * reused from one digest to the next; one per thread. */
#ifndef DK_DIGEST_H
#define DK_DIGEST_H

#include <stddef.h>

enum { DK_SHA1_LEN = 20, DK_SHA1_HEX = 40 };

typedef struct dk_sha1 dk_sha1;

/* Dies (status 1) when libcrypto offers no SHA-1. */
dk_sha1 *dk_sha1_new(void);
void dk_sha1_free(dk_sha1 *h);
/* The digest of p[0..n). */
void dk_sha1_bytes(dk_sha1 *h, const void *p, size_t n, unsigned char md[DK_SHA1_LEN]);
/* The same as 40 lower-case hexadecimal digits (no NUL). */
void dk_sha1_hex(dk_sha1 *h, const void *p, size_t n, char hex[DK_SHA1_HEX]);

#endif

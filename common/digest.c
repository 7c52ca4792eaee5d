/* SHA-1 through libcrypto's EVP interface. */
#include "digest.h"
#include "mem.h"
#include "msg.h"

#include <openssl/evp.h>
#include <stdlib.h>

struct dk_sha1 {
	EVP_MD *md;
	EVP_MD_CTX *ctx;
};

dk_sha1 *
dk_sha1_new(void)
{
	dk_sha1 *h = dk_calloc(1, sizeof *h);

	h->md = EVP_MD_fetch(NULL, "SHA1", NULL);
	h->ctx = EVP_MD_CTX_new();
	if (!h->md || !h->ctx)
		dk_diex(DK_EXIT_OPERAND, "cannot set up SHA-1 (libcrypto)");
	return h;
}

void
dk_sha1_free(dk_sha1 *h)
{
	if (!h)
		return;
	EVP_MD_CTX_free(h->ctx);
	EVP_MD_free(h->md);
	free(h);
}

void
dk_sha1_bytes(dk_sha1 *h, const void *p, size_t n, unsigned char md[DK_SHA1_LEN])
{
	unsigned int len;

	if (!EVP_DigestInit_ex2(h->ctx, h->md, NULL) ||
	    !EVP_DigestUpdate(h->ctx, p, n) ||
	    !EVP_DigestFinal_ex(h->ctx, md, &len) || len != DK_SHA1_LEN)
		dk_diex(DK_EXIT_OPERAND, "SHA-1 failed");
}

void
dk_sha1_hex(dk_sha1 *h, const void *p, size_t n, char hex[DK_SHA1_HEX])
{
	static const char digit[] = "0123456789abcdef";
	unsigned char md[DK_SHA1_LEN];
	int i;

	dk_sha1_bytes(h, p, n, md);
	for (i = 0; i < DK_SHA1_LEN; i++) {
		hex[2 * i] = digit[md[i] >> 4];
		hex[2 * i + 1] = digit[md[i] & 15];
	}
}

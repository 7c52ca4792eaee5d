#include "hash.h"

#include <string.h>

static inline uint64_t
load64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* Fold the 128-bit product of a and b into 64 bits. */
static inline uint64_t
fold_mul(uint64_t a, uint64_t b)
{
	unsigned __int128 r = (unsigned __int128)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

#define K1 0xa0761d6478bd642fULL
#define K2 0xe7037ed1a0b428dbULL
#define K3 0x8ebc6af09c88c6e3ULL

uint64_t
dk_hash64(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = seed ^ fold_mul(seed ^ K1, (uint64_t)n ^ K2);
	uint64_t a, b;

	while (n > 16) {
		h = fold_mul(load64(p) ^ K1, load64(p + 8) ^ h);
		p += 16;
		n -= 16;
	}
	if (n >= 8) {
		a = load64(p);
		b = load64(p + n - 8);
	} else if (n >= 4) {
		uint32_t x, y;

		memcpy(&x, p, 4);
		memcpy(&y, p + n - 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		x = __builtin_bswap32(x);
		y = __builtin_bswap32(y);
#endif
		a = x;
		b = y;
	} else if (n > 0) {
		a = (uint64_t)p[0] << 16 | (uint64_t)p[n / 2] << 8 | p[n - 1];
		b = 0;
	} else
		a = b = 0;
	return fold_mul(K3 ^ n, fold_mul(a ^ K2, b ^ h));
}

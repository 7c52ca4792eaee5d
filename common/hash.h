/* Seeded 64-bit hashing.  The same bytes and seed give the same value on
 * every machine (input is read little-endian). */
#ifndef DK_HASH_H
#define DK_HASH_H

#include <stddef.h>
#include <stdint.h>

uint64_t dk_hash64(const void *p, size_t n, uint64_t seed);

/* A bijective 64-bit finalizer (xor-shift-multiply, the SplitMix64 one). */
static inline uint64_t
dk_mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* SplitMix64 generator: seeded, deterministic, good enough for sampling. */
static inline uint64_t
dk_rand64(uint64_t *state)
{
	*state += 0x9e3779b97f4a7c15ULL;
	return dk_mix64(*state);
}

/* Uniform double in [0, 1). */
static inline double
dk_rand01(uint64_t *state)
{
	return (double)(dk_rand64(state) >> 11) * 0x1.0p-53;
}

#endif

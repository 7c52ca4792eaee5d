/* Unit tests of common/seen: every insertion's answer against an oracle
 * (common/intern numbering the strings, an array holding each one's first
 * value), over streams long enough for many batches, merges and filter
 * growths, with hashes that are good, that collide on the run's sort key,
 * and that collide altogether. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hash.h"
#include "intern.h"
#include "mem.h"
#include "seen.h"
#include "tap.h"

#define PLAN 9

/* How a test hashes: well, with only 16 values of the top 32 bits (the
 * runs' sort key), or with 5 values in all. */
enum { GOOD, FEW_KEYS, FEW_HASHES };

static uint64_t
hash_of(const char *p, size_t n, int how)
{
	uint64_t h = dk_hash64(p, n, 1);

	if (how == FEW_KEYS)
		return (h & 15) << 32 | (h & 0xffffffff);
	if (how == FEW_HASHES)
		return (h % 5) * 0x9e3779b97f4a7c15ULL;
	return h;
}

/* The i-th string of a stream drawn from state: mostly new, some
 * repeating one of the last `recent` or of all before, lengths 0 to 40. */
static size_t
draw(uint64_t *state, size_t universe, char *buf)
{
	uint64_t x = dk_rand64(state) % universe;
	size_t n = (size_t)(x % 41), i;

	for (i = 0; i < n; i++)
		buf[i] = (char)('a' + (x >> (i % 16 * 4) & 15) + (char)(i & 1));
	/* the number itself, so that strings of one length differ */
	return n + (size_t)snprintf(buf + n, 24, "%llu", (unsigned long long)x);
}

/* count strings drawn from a universe of size universe, each added with
 * value its position; the number of answers that differ from the
 * oracle's, and in *repeats how many were repeats. */
static size_t
run(size_t count, size_t universe, int how, uint64_t seed, size_t *repeats)
{
	dk_seen s;
	dk_intern oracle;
	DK_VEC(uint64_t) first = { 0 };
	char buf[80];
	size_t i, n, bad = 0;
	uint64_t got, want, state = seed;
	uint32_t k;
	int isnew;

	dk_seen_init(&s);
	dk_intern_init(&oracle, 0);
	*repeats = 0;
	for (i = 0; i < count; i++) {
		n = draw(&state, universe, buf);
		k = dk_intern_id(&oracle, buf, n, &isnew);
		if (isnew)
			DK_PUSH(&first, (uint64_t)i);
		want = isnew ? DK_SEEN_NEW : first.v[k];
		*repeats += !isnew;
		/* a hint, as a reader ahead gives it: changes nothing */
		dk_seen_prefetch(&s, hash_of(buf, n, how) ^ (i & 1 ? 0 : 0x5bd1e995u));
		got = dk_seen_add(&s, buf, n, hash_of(buf, n, how), (uint64_t)i);
		if (got != want && bad++ < 3)
			tap_diag("string %zu (%.*s): %llu, not %llu", i, (int)n, buf,
			    (unsigned long long)got, (unsigned long long)want);
	}
	if (s.n != oracle.n && bad++ < 3)
		tap_diag("%zu strings held, not %zu", s.n, oracle.n);
	dk_seen_free(&s);
	dk_intern_free(&oracle);
	free(first.v);
	return bad;
}

int
main(void)
{
	size_t rep, bad;
	dk_seen s = { 0 };
	uint64_t v;

	tap_plan(PLAN);
	/* 300,000 strings, nearly all new: 18 full batches, their runs
	 * merged, the filter grown; the few repeats found wherever they are */
	bad = run(300000, (size_t)1 << 40, GOOD, 1, &rep);
	tap_ok(bad == 0, "300,000 strings nearly all new: every answer the oracle's");
	bad = run(300000, 150000, GOOD, 2, &rep);
	tap_ok(bad == 0 && rep > 100000, "300,000 strings, %zu repeats: every answer the "
	    "oracle's", rep);
	bad = run(200000, 60000, FEW_KEYS, 3, &rep);
	tap_ok(bad == 0 && rep > 100000, "sort keys shared by thousands of strings: every "
	    "answer the oracle's (%zu repeats)", rep);
	bad = run(6000, 3000, FEW_HASHES, 4, &rep);
	tap_ok(bad == 0 && rep > 1000, "hashes shared by a thousand strings: told apart by "
	    "their bytes (%zu repeats)", rep);
	/* the edges: the empty string, a string of the bytes of another with
	 * one more, a zeroed set */
	tap_ok(dk_seen_add(&s, NULL, 0, 7, 10) == DK_SEEN_NEW,
	    "a zeroed set takes a string (empty, at NULL)");
	tap_ok(dk_seen_add(&s, "a", 1, 7, 11) == DK_SEEN_NEW &&
	    dk_seen_add(&s, "a\0", 2, 7, 12) == DK_SEEN_NEW,
	    "strings of the same hash that are prefixes of each other are new");
	v = dk_seen_add(&s, "", 0, 7, 13);
	tap_ok(v == 10, "the empty string again: its first value (%llu)", (unsigned long long)v);
	tap_ok(dk_seen_add(&s, "a\0", 2, 7, 14) == 12 && s.n == 3,
	    "three strings held; a repeat adds none");
	tap_ok(dk_seen_bytes(&s) > 0, "bytes held are counted");
	dk_seen_free(&s);
	return tap_done(PLAN);
}

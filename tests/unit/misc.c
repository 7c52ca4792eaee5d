/* Hashing, SHA-1, measures, arena, threads, checked option values, band
 * keys' banding. */
#include "dk.h"
#include "tap.h"

#include <stdlib.h>

static void
test_hash(void)
{
	char buf[64];
	int i, distinct = 1;
	uint64_t h[65];
	uint64_t st = 1;

	for (i = 0; i < 64; i++)
		buf[i] = (char)i;
	for (i = 0; i <= 64; i++)
		h[i] = dk_hash64(buf, (size_t)i, 7);
	for (i = 0; i < 64 && distinct; i++)
		distinct = h[i] != h[i + 1];
	tap_ok(distinct, "every prefix length hashes differently");
	tap_ok(dk_hash64("abc", 3, 1) != dk_hash64("abc", 3, 2), "the seed changes the hash");
	tap_ok(dk_hash64("abc", 3, 1) == dk_hash64("abc", 3, 1), "same input, same hash");
	/* Frozen values: the hash must not change across machines or releases,
	 * since sketches and band keys are stored. */
	tap_ok(dk_hash64("", 0, 0) == 0xc96f21ebf6290549ULL, "frozen value, empty input");
	tap_ok(dk_hash64("the:south:carolina", 18, 42) == 0x1a06731cf5e523d6ULL,
	    "frozen value, 18 bytes");
	tap_ok(dk_hash64("abcdefghijklmnopqrstuvwxyz0123456789", 36, 1) == 0x385cd360a371c138ULL,
	    "frozen value, 36 bytes");
	tap_ok(dk_mix64(0) == 0 && dk_mix64(1) != 1, "finalizer");
	tap_ok(dk_rand01(&st) < 1.0, "rand01 in [0,1)");
}

/* The test vectors of FIPS 180 and RFC 3174, through one context reused. */
static void
test_sha1(void)
{
	dk_sha1 *h = dk_sha1_new();
	char hex[DK_SHA1_HEX];
	unsigned char md[DK_SHA1_LEN];

	dk_sha1_hex(h, "abc", 3, hex);
	tap_is_mem(hex, sizeof hex, "a9993e364706816aba3e25717850c26c9cd0d89d", 40, "SHA-1 of abc");
	dk_sha1_hex(h, "", 0, hex);
	tap_is_mem(hex, sizeof hex, "da39a3ee5e6b4b0d3255bfef95601890afd80709", 40,
	    "SHA-1 of nothing, the context reused");
	dk_sha1_bytes(h, "abc", 3, md);
	tap_ok(md[0] == 0xa9 && md[19] == 0x9d, "raw digest");
	dk_sha1_free(h);
}

static void
test_measure(void)
{
	dk_idcount a[] = { { 1, 2 }, { 3, 1 }, { 5, 1 } };   /* len 4, 3 distinct */
	dk_idcount b[] = { { 1, 1 }, { 3, 1 }, { 7, 4 } };   /* len 6 */
	uint64_t o;

	o = dk_overlap(DK_M_JACCARD, a, 3, b, 3);
	tap_ok(o == 2 && dk_sim(DK_M_JACCARD, o, 4, 6) == 2.0 / 8, "multiset Jaccard 2/8");
	o = dk_overlap(DK_M_SET, a, 3, b, 3);
	tap_ok(o == 2 && dk_sim(DK_M_SET, o, 3, 3) == 2.0 / 4, "set Jaccard 2/4");
	o = dk_overlap(DK_M_MAX, a, 3, b, 3);
	tap_ok(dk_sim(DK_M_MAX, o, 4, 6) == 2.0 / 6, "max measure 2/6");
	tap_ok(dk_measure_parse("set") == DK_M_SET && dk_measure_parse("ddd") == DK_M_MAX &&
	    dk_measure_parse("nope") == -1, "measure names");
	tap_ok(dk_sim(DK_M_JACCARD, 0, 0, 0) == 0, "two empty documents have similarity 0");
	o = dk_overlap(DK_M_DICE, a, 3, b, 3);
	tap_ok(o == 2 && dk_sim(DK_M_DICE, o, 4, 6) == 4.0 / 10, "dice 2 * 2/10");
	tap_ok(dk_measure_parse("dice") == DK_M_DICE &&
	    strcmp(dk_measure_name(DK_M_DICE), "dice") == 0 &&
	    strcmp(dk_measure_names(), "jaccard, set, max, dice, cosine, containment") == 0,
	    "dice by name");
	o = dk_overlap(DK_M_COSINE, a, 3, b, 3);
	tap_ok(o == 2 && dk_sim(DK_M_COSINE, o, 4, 9) == 2.0 / 6, "cosine 2 / sqrt(4 * 9)");
	tap_ok(dk_sim(DK_M_COSINE, 0, 0, 5) == 0, "cosine with an empty document is 0");
	tap_ok(dk_measure_parse("cosine") == DK_M_COSINE &&
	    strcmp(dk_measure_tag(DK_M_COSINE), "/cosine") == 0 &&
	    strcmp(dk_measure_tag_by("/cosine"), "for cosine") == 0, "cosine by name and tag");
	o = dk_overlap(DK_M_CONTAIN, a, 3, b, 3);
	tap_ok(o == 2 && dk_sim(DK_M_CONTAIN, o, 4, 6) == 2.0 / 4 &&
	    dk_sim(DK_M_CONTAIN, 3, 9, 3) == 1.0, "containment 2/4, and 1 for a part of a whole");
	tap_ok(dk_sim(DK_M_CONTAIN, 0, 0, 5) == 0, "containment with an empty document is 0");
	tap_ok(dk_measure_parse("containment") == DK_M_CONTAIN &&
	    dk_measure_parse("overlap") == DK_M_CONTAIN &&
	    strcmp(dk_measure_tag(DK_M_CONTAIN), "/contain") == 0 &&
	    dk_measure_ratio(DK_M_CONTAIN, 0.8) == 0, "containment by name and tag, ratio 0");
	tap_ok(strcmp(dk_measure_tag(DK_M_MAX), "") == 0 &&
	    strcmp(dk_measure_tag(DK_M_SET), "/set") == 0 &&
	    strcmp(dk_measure_tag_options(""), "-M jaccard or -M max") == 0 &&
	    strcmp(dk_measure_tag_by("/dice"), "for dice") == 0 &&
	    !dk_measure_tag_by("/nope"), "partition tags");
}

/* The contract of measure.h, checked by brute force for every measure, a
 * range of thresholds and every pair of lengths up to 90 with every
 * overlap: a pair dk_sim puts at tau or above passes every bound derived
 * from the measure (the overlap needed, the length ratio, the overlap
 * against any partner, the range of lengths). */
static int
contract_holds(dk_measure m, double tau)
{
	double r = dk_measure_ratio(m, tau);
	uint64_t la, lb, o, lo, hi;

	/* r = 0 only for containment, which has no length bound */
	if (!(r >= 0 && r <= tau) || (r == 0 && m != DK_M_CONTAIN))
		return 0;
	for (la = 1; la <= 90; la++)
		for (lb = la; lb <= 90; lb++)
			for (o = 1; o <= la; o++) {
				if (dk_sim(m, o, la, lb) < tau)
					continue;
				dk_len_range(r, lb, &lo, &hi);
				if (o < dk_overlap_need(m, tau, la, lb) ||
				    dk_len_below((double)la, (double)lb, r) ||
				    o < dk_overlap_min(r, lb) || o < dk_overlap_min(r, la) ||
				    la < lo || lb > hi)
					return 0;
			}
	return 1;
}

/* The same under --size-ratio R: a pair dk_sim puts at tau whose lengths
 * pass dk_size_below has the overlap dk_overlap_ratio promises of the
 * longer length (so of either), and its lengths lie in the range of
 * dk_len_ratio's ratio; the lengths up to 90 hold pairs at every edge of
 * the products tau R len. */
static int
ratio_holds(dk_measure m, double tau, double R)
{
	double r = dk_measure_ratio(m, tau), q = dk_overlap_ratio(m, tau, R);
	uint64_t la, lb, o, lo, hi;

	if (!(q >= r && q <= 1))
		return 0;
	for (la = 1; la <= 90; la++)
		for (lb = la; lb <= 90; lb++)
			for (o = 1; o <= la; o++) {
				if (dk_sim(m, o, la, lb) < tau || dk_size_below(R, la, lb))
					continue;
				dk_len_range(dk_len_ratio(r, R), lb, &lo, &hi);
				if (o < dk_overlap_least(q, lb) || o < dk_overlap_min(q, lb) ||
				    o < dk_overlap_least(q, la) || la < lo || lb > hi)
					return 0;
			}
	return 1;
}

static void
test_measure_size_ratio(void)
{
	static const double taus[] = { 0.05, 0.3, 0.5, 0.7, 0.75, 0.9, 1.0 };
	static const double rs[] = { 0.01, 0.1, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0 };
	dk_measure m;
	size_t i, j;
	int ok;

	for (m = DK_M_JACCARD; m <= DK_M_CONTAIN; m++) {
		ok = dk_overlap_ratio(m, 0.7, 0) == dk_measure_ratio(m, 0.7);
		for (i = 0; i < sizeof taus / sizeof *taus; i++)
			for (j = 0; j < sizeof rs / sizeof *rs; j++)
				ok &= ratio_holds(m, taus[i], rs[j]);
		tap_ok(ok, "%s --size-ratio: every pair kept passes the overlap bound", dk_measure_name(m));
	}
	/* containment's bound is tau R, not looser: at 0.5 and 0.5 a length
	 * of 8 needs 2 (a pair of 4 and 8 sharing 2 is kept), of 12 needs 3 */
	tap_ok(dk_overlap_least(dk_overlap_ratio(DK_M_CONTAIN, 0.5, 0.5), 8) == 2 &&
	    dk_overlap_least(dk_overlap_ratio(DK_M_CONTAIN, 0.5, 0.5), 12) == 3 &&
	    dk_overlap_least(dk_overlap_ratio(DK_M_CONTAIN, 0.7, 0.3), 100) == 21 &&
	    dk_overlap_ratio(DK_M_JACCARD, 0.5, 0.3) == dk_measure_ratio(DK_M_JACCARD, 0.5),
	    "containment --size-ratio: the overlap bound tau R len, rounded up");
}

/* dk_overlap_need_least is the least of dk_overlap_need over the range of
 * the other length, taken one length at a time: lengths up to 40 against
 * ranges below, around and past them, up to 300. */
static int
need_least_holds(dk_measure m, double tau)
{
	static const uint64_t span[] = { 0, 1, 7, 60, 300 };
	uint64_t len, lo, hi, x, least;
	size_t k;

	for (len = 1; len <= 40; len++)
		for (lo = 1; lo <= 40; lo++)
			for (k = 0; k < sizeof span / sizeof *span; k++) {
				hi = lo + span[k];
				for (least = UINT64_MAX, x = lo; x <= hi; x++) {
					uint64_t need = dk_overlap_need(m, tau, len, x);

					least = need < least ? need : least;
				}
				if (dk_overlap_need_least(m, tau, len, lo, hi) != least)
					return 0;
			}
	return 1;
}

static void
test_measure_need_least(void)
{
	static const double taus[] = { 0.05, 0.3, 0.5, 0.7, 0.7001, 0.9, 1.0 };
	dk_measure m;
	size_t i;
	int ok;

	for (m = DK_M_JACCARD; m <= DK_M_CONTAIN; m++) {
		for (ok = 1, i = 0; i < sizeof taus / sizeof *taus; i++)
			ok &= need_least_holds(m, taus[i]);
		tap_ok(ok, "%s: dk_overlap_need_least is the least need over the range",
		    dk_measure_name(m));
	}
	/* containment's need falls, by its margin, as the longer length grows:
	 * 0.7001 x 10 needs 7 of a length of 10, 6 of one of 2,000,000 */
	tap_ok(dk_overlap_need(DK_M_CONTAIN, 0.7001, 10, 10) == 7 &&
	    dk_overlap_need(DK_M_CONTAIN, 0.7001, 10, 2000000) == 6 &&
	    dk_overlap_need_least(DK_M_CONTAIN, 0.7001, 10, 10, 2000000) == 6 &&
	    dk_overlap_need_least(DK_M_CONTAIN, 0.7001, 10, 20, 30) == 7,
	    "containment: dk_overlap_need_least at the ends of a wide range");
}

static void
test_measure_contract(void)
{
	static const double taus[] = { 0.05, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0 };
	dk_measure m;
	size_t i;
	int ok;

	for (m = DK_M_JACCARD; m <= DK_M_CONTAIN; m++) {
		ok = 1;
		for (i = 0; i < sizeof taus / sizeof *taus; i++)
			ok &= contract_holds(m, taus[i]);
		tap_ok(ok, "%s: every pair at tau passes the bounds", dk_measure_name(m));
	}
}

static void
test_arena(void)
{
	dk_arena a = { 0 };
	char *p, *q;
	int i;

	p = dk_arena_alloc(&a, 10);
	q = dk_arena_alloc(&a, 1 << 20);
	tap_ok(((uintptr_t)p & 15) == 0 && ((uintptr_t)q & 15) == 0, "aligned allocations");
	memset(q, 1, 1 << 20);
	dk_arena_reset(&a);
	for (i = 0; i < 100; i++)
		dk_arena_strndup(&a, "hello", 5);
	tap_ok(strcmp(dk_arena_strndup(&a, "xyz", 3), "xyz") == 0, "reuse after reset");
	dk_arena_free(&a);
}

struct sum {
	dk_counter c;
	long total[8];
};

static void
work(void *ctx, int tid)
{
	struct sum *s = ctx;
	size_t i, start;

	while ((start = dk_counter_take(&s->c, 7, 1000)) < 1000)
		for (i = start; i < start + 7 && i < 1000; i++)
			s->total[tid] += (long)i;
}

static void
test_threads(void)
{
	struct sum s = { { 0 }, { 0 } };
	long t = 0;
	int i;

	dk_parallel(4, work, &s);
	for (i = 0; i < 8; i++)
		t += s.total[i];
	tap_is_int(t, 499500, "four threads cover every item once");
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* dk_sort_u32 against qsort: short and long arrays, values that share
 * bytes (skipped passes), full 32-bit values and many repeats. */
static void
test_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 47, 48, 49, 300, 5000 };
	static const uint32_t masks[] = { 0xffffffffu, 0x00ff00ffu, 0xff000000u, 7u };
	uint32_t *a = malloc(5000 * sizeof *a), *b = malloc(5000 * sizeof *b);
	uint32_t *tmp = malloc(5000 * sizeof *tmp);
	uint64_t st = 42;
	size_t s, m, i;
	int bad = 0;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++)
		for (m = 0; m < sizeof masks / sizeof *masks; m++) {
			for (i = 0; i < sizes[s]; i++)
				a[i] = b[i] = (uint32_t)dk_rand64(&st) & masks[m];
			dk_sort_u32(a, sizes[s], tmp);
			qsort(b, sizes[s], sizeof *b, cmp_u32);
			if (sizes[s] && memcmp(a, b, sizes[s] * sizeof *a) != 0) {
				tap_diag("n %zu mask %08x differs", sizes[s], masks[m]);
				bad++;
			}
		}
	tap_is_int(bad, 0, "dk_sort_u32 sorts as qsort does (8 sizes x 4 value masks)");
	free(a);
	free(b);
	free(tmp);
}

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* dk_sort_u64 against qsort, on both sides of its insertion-sort bound. */
static void
test_sort64(void)
{
	static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 300 };
	uint64_t a[300], b[300], st = 7;
	size_t s, i;
	int bad = 0;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		for (i = 0; i < sizes[s]; i++)
			a[i] = b[i] = dk_rand64(&st) >> (i % 3 ? 0 : 60);
		dk_sort_u64(a, sizes[s]);
		qsort(b, sizes[s], sizeof *b, cmp_u64);
		bad += sizes[s] && memcmp(a, b, sizes[s] * sizeof *a) != 0;
	}
	tap_is_int(bad, 0, "dk_sort_u64 sorts as qsort does (7 sizes, repeats)");
}

/* dk_sort_u64_tmp and dk_sort_u64_spread against qsort: below and above
 * their small-array bound, full values (hashes), values sharing their top
 * bytes (a single run for the spread sort, skipped digits) and many
 * repeats. */
static void
test_sort64_big(void)
{
	static const size_t sizes[] = { 0, 1, 4095, 4096, 4097, 70000 };
	static const int shifts[] = { 0, 20, 58 };
	uint64_t *a = malloc(70000 * sizeof *a), *b = malloc(70000 * sizeof *b);
	uint64_t *c = malloc(70000 * sizeof *c), *tmp = malloc(70000 * sizeof *tmp);
	uint64_t st = 11;
	size_t s, m, i;
	int bad = 0;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++)
		for (m = 0; m < sizeof shifts / sizeof *shifts; m++) {
			for (i = 0; i < sizes[s]; i++)
				a[i] = b[i] = c[i] = dk_rand64(&st) >> shifts[m];
			dk_sort_u64_tmp(a, sizes[s], tmp);
			dk_sort_u64_spread(c, sizes[s]);
			qsort(b, sizes[s], sizeof *b, cmp_u64);
			if (sizes[s] && (memcmp(a, b, sizes[s] * sizeof *a) != 0 ||
			    memcmp(c, b, sizes[s] * sizeof *c) != 0)) {
				tap_diag("n %zu shift %d differs", sizes[s], shifts[m]);
				bad++;
			}
		}
	tap_is_int(bad, 0, "dk_sort_u64_tmp and dk_sort_u64_spread sort as qsort does (6 sizes x 3 ranges)");
	free(a);
	free(b);
	free(c);
	free(tmp);
}

/* dk_sort_u64_top: by the top halves alone, stably.  The bottom halves
 * number the values in their input order, so the stable order is the
 * order of the whole values; top halves from few distinct ones (many
 * ties), below and above the insertion-sort bound, and with a digit all
 * share (skipped). */
static void
test_sort64_top(void)
{
	static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 5000 };
	static const uint64_t tops[] = { 7, 1u << 20, 0xffffffffu };
	uint64_t *a = malloc(5000 * sizeof *a), *b = malloc(5000 * sizeof *b);
	uint64_t *tmp = malloc(5000 * sizeof *tmp);
	uint64_t st = 5;
	size_t s, m, i;
	int bad = 0;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++)
		for (m = 0; m < sizeof tops / sizeof *tops; m++) {
			for (i = 0; i < sizes[s]; i++)
				a[i] = b[i] = (dk_rand64(&st) % tops[m]) << 32 | (uint64_t)(5000 - i);
			/* the order a stable sort keeps: input order among ties */
			for (i = 0; i < sizes[s]; i++)
				b[i] = (b[i] & 0xffffffff00000000u) | (uint64_t)i;
			qsort(b, sizes[s], sizeof *b, cmp_u64);
			dk_sort_u64_top(a, sizes[s], tmp);
			for (i = 0; i < sizes[s]; i++)
				if (a[i] >> 32 != b[i] >> 32 || 5000 - (a[i] & 0xffffffffu) != (b[i] & 0xffffffffu))
					break;
			if (i < sizes[s]) {
				tap_diag("n %zu top %llu differs at %zu", sizes[s],
				    (unsigned long long)tops[m], i);
				bad++;
			}
		}
	tap_is_int(bad, 0, "dk_sort_u64_top sorts by the top halves, ties in input order (7 sizes x 3 ranges)");
	free(a);
	free(b);
	free(tmp);
}

/* The checked option values of cli.h, without exiting. */
static void
test_checks(void)
{
	int64_t ms;
	uint64_t sz;
	double lo, hi, t;

	tap_ok(!dk_check_duration("1d12h", &ms) && ms == 129600000, "duration 1d12h");
	tap_ok(!dk_check_duration("90", &ms) && ms == 90000, "bare duration is seconds");
	tap_ok(dk_check_duration("0h5", &ms) != NULL, "no bare count after a unit");
	tap_ok(dk_check_duration("1099511627775w", &ms) != NULL &&
	    dk_check_duration("9007199254740s", &ms) == NULL,
	    "durations up to 2^53 ms, no overflow beyond");
	tap_ok(dk_check_duration("14000000000w14000000000w", &ms) != NULL,
	    "a sum of units beyond the limit");
	tap_ok(!dk_check_size("64M", &sz) && sz == 64u << 20 &&
	    !dk_check_size("1024", &sz) && sz == 1024, "sizes");
	tap_ok(dk_check_size("0", &sz) && dk_check_size("2T", &sz) &&
	    dk_check_size("1025G", &sz) && dk_check_size("5X", &sz), "bad sizes");
	tap_ok(dk_check_threshold("0", &t) && !dk_check_threshold("1", &t) && t == 1,
	    "threshold in (0, 1]");
	tap_ok(!dk_check_range("0.2:0.85", &lo, &hi) && lo == 0.2 && hi == 0.85 &&
	    dk_check_range("0.9:0.1", &lo, &hi) && dk_check_range("0.5", &lo, &hi),
	    "ranges");
	tap_ok(dk_check_int("12x", 0, 100, &(long long){ 0 }) &&
	    dk_check_int("101", 0, 100, &(long long){ 0 }) == dk_out_of_range,
	    "integers");
	tap_ok(!dk_check_time("2024-02-29T12:30:15.250Z", 24, &ms) && ms == 1709209815250 &&
	    !dk_check_time("2024-02-29 14:30:15,25+02:00", 28, &ms) && ms == 1709209815250 &&
	    !dk_check_time("2024-02-29T07:00:15.25-0530", 27, &ms) && ms == 1709209815250,
	    "ISO 8601 times with a zone, the same instant");
	tap_ok(!dk_check_time("1700000000.5", 12, &ms) && ms == 1700000000500 &&
	    !dk_check_time("-1.5", 4, &ms) && ms == -1500 &&
	    !dk_check_time("12345", 3, &ms) && ms == 123000, "Unix seconds, n bytes read");
	tap_ok(dk_check_time("2023-02-29T00:00Z", 17, &ms) &&
	    dk_check_time("2024-01-01T00:00", 16, &ms) &&
	    dk_check_time("2024-01-01", 10, &ms) && dk_check_time("1.", 2, &ms) &&
	    dk_check_time("9999999999999999", 16, &ms), "bad times");
}

/* keys.h: a band key's banding, read back, and bad ones not band keys. */
static dk_str
str(const char *s)
{
	return (dk_str){ (char *)s, strlen(s) };
}

static void
test_bandpar(void)
{
	static const char h[] = "00000000000000aa";
	char par[DK_BANDPAR_MAX], key[128], text[DK_BANDPAR_MAX];
	dk_keyinfo k;
	dk_buf b = { 0 };
	uint64_t v = 0xaa;

	dk_bandpar_format(par, 6, 32, 9007199254740993ULL, 1);
	tap_is_mem(par, strlen(par), "/k6l32s9007199254740993w", 24, "banding format");
	dk_buf_bandkey(&b, 7, par, v);
	snprintf(key, sizeof key, "B007%s:%s", par, h);
	tap_is_mem(b.p, b.n, key, strlen(key), "per-band key with its banding");
	tap_ok(dk_key_parse((dk_str){ b.p, b.n }, &k) == DK_KEY_BAND && k.num == 7 &&
	    k.nband == 1 && k.par.n == 24 && memcmp(k.par.p, par, 24) == 0 &&
	    k.head.n == 28 && dk_key_bandhash((dk_str){ b.p, b.n }, 0) == v,
	    "per-band key read back: band, banding, head, hash");
	b.n = 0;
	dk_buf_bandkeys(&b, "/k2l3s0", (uint64_t[]){ 1, 2, 0xaa }, 3);
	tap_ok(dk_key_parse((dk_str){ b.p, b.n }, &k) == DK_KEY_BAND && k.nband == 3 &&
	    k.par.n == 7 && k.head.n == 8 && dk_key_bandhash((dk_str){ b.p, b.n }, 2) == v,
	    "key of all bands read back: bands, banding, the third hash");
	tap_ok(dk_key_parse(str("B007:00000000000000aa"), &k) == DK_KEY_BAND && k.par.n == 0 &&
	    dk_key_parse(str("B:00000000000000aa,00000000000000bb"), &k) == DK_KEY_BAND &&
	    k.par.n == 0 && dk_key_bandhash(str("B:00000000000000aa,00000000000000bb"), 1) == 0xbb,
	    "keys without a banding, as before");
	tap_ok(dk_key_parse(str("B/k06l2s0:00000000000000aa"), NULL) == DK_KEY_NONE &&
	    dk_key_parse(str("B/k6l2s0x:00000000000000aa"), NULL) == DK_KEY_NONE &&
	    dk_key_parse(str("B/k6s0:00000000000000aa"), NULL) == DK_KEY_NONE &&
	    dk_key_parse(str("B/k6l2s:00000000000000aa"), NULL) == DK_KEY_NONE &&
	    dk_key_parse(str("B007/:00000000000000aa"), NULL) == DK_KEY_NONE &&
	    dk_key_parse(str("B/k6l2s0w/k6l2s0:00000000000000aa"), NULL) == DK_KEY_NONE,
	    "malformed bandings are not band keys");
	dk_bandpar_describe(str("/k6l32s0w"), text);
	tap_is_mem(text, strlen(text), "minhash -k 6 -l 32 -s 0 -w", 26, "banding described");
	dk_bandpar_describe(str(""), text);
	tap_ok(strncmp(text, "an unrecorded banding", 21) == 0, "no banding described");
	dk_buf_free(&b);
}

/* keys.h: an imatch key's settings (<ipar>), written, read back and
 * described; keys without them read as before; malformed ones are not
 * imatch keys. */
static void
test_fprintpar(void)
{
	static const char sha[] = "0123456789abcdef0123456789abcdef01234567";
	char par[DK_FPRINTPAR_MAX], key[256], text[2 * DK_FPRINTPAR_MAX];
	dk_keyinfo k;
	dk_buf b = { 0 };

	dk_fprintpar_format(par, "00000000000000ff", 3, 0.25, 42, 5, 1, 1, 1);
	tap_is_mem(par, strlen(par), "/l00000000000000ffp0.25s42m5xkq", 31, "settings format");
	dk_fprintpar_format(par, "00000000000000ffee", 1, 0.25, 42, 7, 0, 0, 0);
	tap_is_mem(par, strlen(par), "/l00000000000000ffm7", 20,
	    "without -K, no -p or -s; 16 digits of the digest");
	dk_fprintpar_format(par, "00000000000000ff", 4, 0.33, 1, 5, 0, 0, 0);
	dk_buf_fprintkey(&b, 2, 4, par, sha);
	snprintf(key, sizeof key, "F02/4%s:%s", par, sha);
	tap_is_mem(b.p, b.n, key, strlen(key), "fingerprint key with its settings");
	tap_ok(dk_key_parse((dk_str){ b.p, b.n }, &k) == DK_KEY_FPRINT && k.num == 2 &&
	    k.nfp == 4 && k.par.n == strlen(par) && memcmp(k.par.p, par, k.par.n) == 0 &&
	    k.head.n == 5 + strlen(par), "read back: number, n, settings, head");
	dk_fprintpar_describe(k.par, k.nfp, text);
	tap_is_mem(text, strlen(text), "imatch -K 3 -p 0.33 -s 1 -m 5 with lexicon terms "
	    "00000000000000ff", 65, "settings described");
	dk_fprintpar_describe(str("/l00000000000000ffm12xq"), 1, text);
	tap_is_mem(text, strlen(text), "imatch -m 12 -x --quoted skip with lexicon terms "
	    "00000000000000ff", 65, "settings without -K described");
	snprintf(key, sizeof key, "F00/1:%s", sha);
	tap_ok(dk_key_parse(str(key), &k) == DK_KEY_FPRINT && k.par.n == 0 && k.nfp == 1 &&
	    k.head.n == 5, "a key without settings, as before");
	dk_fprintpar_describe(k.par, 3, text);
	tap_ok(strncmp(text, "unrecorded imatch settings of -K 2", 34) == 0,
	    "no settings described");
	{
		static const char *bad[] = { "/l00000000000000f", "/l00000000000000Ffm5",
			"/l00000000000000ffp0.3m5", "/l00000000000000ffm05",
			"/l00000000000000ff", "/l00000000000000ffm5y", "/l00000000000000ffm5kx",
			"/", "/m5", "/l00000000000000ffps1m5" };
		int ok = 1;
		size_t i;

		for (i = 0; i < sizeof bad / sizeof *bad; i++) {
			snprintf(key, sizeof key, "F00/1%s:%s", bad[i], sha);
			ok &= dk_key_parse(str(key), NULL) == DK_KEY_NONE;
		}
		tap_ok(ok, "malformed settings are not imatch keys");
	}
	dk_buf_free(&b);
}

/* common/spread: dk_spread_into by 1, 2, 3 and 5 threads places each value
 * in the run of its top byte, each run's values in their order in the
 * input, the runs where dk_spread_runs (in place) puts them; dk_sort_runs
 * (with scratch given and without) then sorts as qsort does.  Full values,
 * values of one top byte (one run), and of 4 top bytes, repeats among
 * them. */
static void
test_spread(void)
{
	static const size_t sizes[] = { 0, 1, 5000, 70001 };
	static const int shifts[] = { 0, 56, 62 };
	static const int nts[] = { 1, 2, 3, 5 };
	size_t cap = 70001, s, m, t, i, b, start[257], start2[257], next[256];
	uint64_t *a = malloc(cap * sizeof *a), *to = malloc(cap * sizeof *to);
	uint64_t *in = malloc(cap * sizeof *in), *q = malloc(cap * sizeof *q);
	uint64_t *scratch = malloc(cap * sizeof *scratch), st = 29;
	int bad = 0, sorted = 0;

	for (s = 0; s < sizeof sizes / sizeof *sizes; s++)
		for (m = 0; m < sizeof shifts / sizeof *shifts; m++)
			for (t = 0; t < sizeof nts / sizeof *nts; t++) {
				for (i = 0; i < sizes[s]; i++)
					a[i] = q[i] = in[i] = dk_rand64(&st) >> shifts[m] |
					    (i % 7 == 3 ? 0 : (uint64_t)(i % 3) << 57);
				dk_spread_into(a, sizes[s], to, start, nts[t]);
				dk_spread_runs(in, sizes[s], start2);
				if (memcmp(start, start2, sizeof start) != 0 || start[0] != 0 ||
				    start[256] != sizes[s])
					bad++;
				for (b = 0; b < 256; b++)
					next[b] = start[b];
				for (i = 0; i < sizes[s]; i++)
					if (to[next[a[i] >> 56]++] != a[i])
						bad++;
				for (b = 0; b < 256; b++)
					if (next[b] != start[b + 1])
						bad++;
				qsort(q, sizes[s], sizeof *q, cmp_u64);
				dk_sort_runs(to, start, t % 2 ? scratch : NULL, nts[t]);
				dk_sort_runs(in, start2, t % 2 ? NULL : scratch, nts[t]);
				if (sizes[s] && (memcmp(to, q, sizes[s] * sizeof *q) != 0 ||
				    memcmp(in, q, sizes[s] * sizeof *q) != 0)) {
					tap_diag("n %zu shift %d nt %d: unsorted", sizes[s], shifts[m],
					    nts[t]);
					sorted++;
				}
			}
	tap_is_int(bad, 0, "dk_spread_into places by top byte, in order, where dk_spread_runs does (4 sizes x 3 ranges x 4 thread counts)");
	tap_is_int(sorted, 0, "dk_sort_runs then sorts as qsort does, with scratch and without");
	free(a);
	free(to);
	free(in);
	free(q);
	free(scratch);
}

int
main(void)
{
	tap_plan(84);
	test_hash();
	test_sha1();
	test_measure();
	test_measure_contract();
	test_measure_size_ratio();
	test_measure_need_least();
	test_arena();
	test_threads();
	test_sort();
	test_sort64();
	test_sort64_big();
	test_sort64_top();
	test_spread();
	test_checks();
	test_bandpar();
	test_fprintpar();
	return tap_done(84);
}

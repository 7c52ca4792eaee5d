/* Similarity measures between signature multisets, and every bound derived
 * from them: the one place that knows what a measure is.
 *
 * A document is an array of (signature id, count) sorted by id.  Each
 * measure gives a signature a weight (its count, or 1 for "set"), a
 * document a length (the sum of its weights) and a pair an overlap (the sum
 * over shared signatures of the smaller weight); the similarity is a
 * function of the overlap and the two lengths:
 *
 *   jaccard  sum min(a_i, b_i) / sum max(a_i, b_i)   multiset Jaccard (SpotSigs eq. 4)
 *   set      |A n B| / |A u B|                       set Jaccard
 *   max      sum min(a_i, b_i) / max(len A, len B)    DDD's measure (on sets: |A n B| / max)
 *   dice     2 sum min(a_i, b_i) / (len A + len B)    multiset Sorensen-Dice
 *   cosine   sum min(a_i, b_i) / sqrt(len A len B)   Ochiai on multisets (on sets the cosine)
 *   containment  sum min(a_i, b_i) / min(len A, len B)  overlap coefficient on multisets
 *
 * containment reaches 1 when the shorter document is all in the longer one
 * (a truncated copy), whatever the longer one's length: it has no length
 * bound, its ratio r is 0, so every length may pair with every other and
 * only the overlap itself (tau times the shorter length, and --min-shared)
 * prunes.  Use it with spotmatch --min-shared, or a few shared phrases make
 * a short document a copy of any long one holding them.
 *
 * The contract the matchers rely on, and nothing else: for every pair with
 * sim >= tau, overlap >= r * max(len A, len B), where r = dk_measure_ratio
 * (tau) <= tau.  As the overlap is at most the shorter length, also
 * len A / len B >= r when len A <= len B.  Length partitions
 * (partition.h), the length bounds of the matcher and the window, and the
 * prefix bound of prefix filtering all derive from r alone (and, under
 * spotmatch --size-ratio, from r and that ratio: dk_overlap_ratio).  Measures that
 * share a weight and a ratio share their partitions: dk_measure_tag names
 * them in a partition key.
 *
 * A pair is reported when the double quotient computed by dk_sim() is >=
 * the threshold: every program and test uses this one function.
 *
 * Adding a measure touches this module and its tests only: a name in the
 * enum and in measure.c's table (name, aliases, partition tag), its weight
 * in dk_measure_weight when it is not the count, its quotient in dk_sim,
 * the overlap a pair needs in dk_overlap_need, and its ratio r in
 * dk_measure_ratio (with a margin far above rounding, so that the bounds
 * never hide a pair dk_sim would report; 0 when no ratio of lengths
 * bounds a pair, as for containment).  Then a case in the unit test
 * (tests/unit/misc.c), in the brute-force oracle the property tests
 * compare every mode with (tests/brute.py, tests/t3010, t3011, t3030,
 * t6110), and in -M's list in man/spotmatch.1 and man/partition.1
 * (HACKING lists the files cosine touched). */
#ifndef DK_MEASURE_H
#define DK_MEASURE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
	DK_M_JACCARD, DK_M_SET, DK_M_MAX, DK_M_DICE, DK_M_COSINE, DK_M_CONTAIN
} dk_measure;

typedef struct {
	uint32_t id, count;
} dk_idcount;

/* "jaccard" (also "multiset"), "set", "max" (also "ddd"), "dice",
 * "cosine", "containment" (also "overlap"); -1 when unknown. */
int dk_measure_parse(const char *name);
const char *dk_measure_name(dk_measure m);
/* The names dk_measure_parse knows, for messages: "jaccard, set, ...". */
const char *dk_measure_names(void);
/* What a partition key says after the threshold: "" for the measures
 * partitioned by multiset size with r = tau (jaccard, max), "/set", ... */
const char *dk_measure_tag(dk_measure m);
/* How a stream keyed with tag was partitioned ("by multiset size"), and the
 * measures that read it, as options ("-M jaccard or -M max"); NULL when no
 * measure has that tag. */
const char *dk_measure_tag_by(const char *tag);
const char *dk_measure_tag_options(const char *tag);

/* The smallest ratio of two lengths, and of the overlap to the longer
 * length, at which a pair may still reach tau (see the contract above). */
double dk_measure_ratio(dk_measure m, double tau);

/* What one signature with the given count adds to a length and an overlap. */
static inline uint32_t
dk_measure_weight(dk_measure m, uint32_t count)
{
	return m == DK_M_SET ? 1 : count;
}

/* The length the bound speaks of. */
static inline uint64_t
dk_measure_len(dk_measure m, uint64_t sum_counts, uint64_t distinct)
{
	return m == DK_M_SET ? distinct : sum_counts;
}

/* One step of a merge of two documents' signatures for their overlap, in
 * whatever order both are sorted by: cmp < 0 when a's current signature
 * comes first, > 0 when b's does, 0 when they are the same one; ca and cb
 * their weights (dk_measure_weight).  A shared signature adds the smaller
 * weight to *o; each signature passed is taken off its document's mass
 * still unmatched, *ra or *rb, so that a caller can stop as soon as
 * *o + min(*ra, *rb) falls short of the overlap it needs.  Returns the
 * sides that advance: bit 0 for a, bit 1 for b. */
static inline unsigned
dk_overlap_step(int cmp, uint64_t ca, uint64_t cb, uint64_t *o, uint64_t *ra, uint64_t *rb)
{
	if (cmp < 0) {
		*ra -= ca;
		return 1;
	}
	if (cmp > 0) {
		*rb -= cb;
		return 2;
	}
	*o += ca < cb ? ca : cb;
	*ra -= ca;
	*rb -= cb;
	return 3;
}

/* Overlap of two sorted documents: the sum of the smaller weights. */
static inline uint64_t
dk_overlap(dk_measure m, const dk_idcount *a, size_t na, const dk_idcount *b, size_t nb)
{
	size_t i = 0, j = 0;
	uint64_t o = 0;

	while (i < na && j < nb) {
		if (a[i].id < b[j].id)
			i++;
		else if (a[i].id > b[j].id)
			j++;
		else {
			o += m == DK_M_SET ? 1 : (a[i].count < b[j].count ? a[i].count : b[j].count);
			i++;
			j++;
		}
	}
	return o;
}

/* Similarity from the overlap and the two lengths (dk_measure_len). */
static inline double
dk_sim(dk_measure m, uint64_t overlap, uint64_t la, uint64_t lb)
{
	uint64_t den;

	if (m == DK_M_MAX)
		den = la > lb ? la : lb;
	else if (m == DK_M_DICE)
		return la + lb ? (double)(2 * overlap) / (double)(la + lb) : 0.0;
	else if (m == DK_M_COSINE)
		return la && lb ? (double)overlap / sqrt((double)la * (double)lb) : 0.0;
	else if (m == DK_M_CONTAIN)
		den = la < lb ? la : lb;
	else
		den = la + lb - overlap;
	return den ? (double)overlap / (double)den : 0.0;
}

/* The overlap a pair of lengths la, lb needs to reach tau, rounded down
 * with a margin far above the rounding error of dk_sim, so that a pair
 * with less is surely below tau; the others are decided by dk_sim. */
static inline uint64_t
dk_overlap_need(dk_measure m, double tau, uint64_t la, uint64_t lb)
{
	double need;

	if (m == DK_M_MAX)
		need = tau * (double)(la > lb ? la : lb);
	else if (m == DK_M_DICE)
		need = tau * (double)(la + lb) / 2.0;
	else if (m == DK_M_COSINE)
		need = tau * sqrt((double)la * (double)lb);
	else if (m == DK_M_CONTAIN)
		need = tau * (double)(la < lb ? la : lb);
	else
		need = tau * (double)(la + lb) / (1.0 + tau);
	need -= 1e-9 * (double)(la + lb) + 1e-6;
	return need > 0 ? (uint64_t)need : 0;
}

/* The least overlap dk_overlap_need asks of a pair of a length len and
 * any length in [lo, hi] (lo <= hi): a lower bound on the overlap of
 * every match of a document of length len with a document whose length
 * lies there.  As a function of the other length, the need before its
 * margin is concave (linear, square root, the shorter of two) or, for
 * max, two lines meeting at len; the margin only takes a line off.  Its
 * least is then at an end of the range, or at len for max. */
static inline uint64_t
dk_overlap_need_least(dk_measure m, double tau, uint64_t len, uint64_t lo, uint64_t hi)
{
	uint64_t a = dk_overlap_need(m, tau, len, lo), b = dk_overlap_need(m, tau, len, hi), k;

	a = b < a ? b : a;
	if (lo < len && len < hi) {
		k = dk_overlap_need(m, tau, len, len);
		a = k < a ? k : a;
	}
	return a;
}

/* True when a length `small` can no longer reach tau with a length `big`
 * >= small, r being dk_measure_ratio: the lengths are passed as doubles
 * converted by the caller from its own type. */
static inline int
dk_len_below(double small, double big, double r)
{
	return small / big < r;
}

/* --size-ratio R (spotmatch, partition): a pair of lengths la, lb is
 * reported only when the shorter is at least R times the longer, as the
 * double quotient shorter / longer >= R says (two empty documents pass);
 * 0 is no such bar.  Length filters and partitions may use max(r, R) for
 * their ratio (dk_len_below tests the same quotient, so no pair it keeps
 * is lost); the overlap bounds (dk_overlap_least, dk_overlap_min) the
 * ratio dk_overlap_ratio derives from it. */
static inline int
dk_size_below(double R, uint64_t la, uint64_t lb)
{
	uint64_t small = la < lb ? la : lb, big = la < lb ? lb : la;

	return R > 0 && big > 0 && dk_len_below((double)small, (double)big, R);
}

/* The ratio of lengths length filters may use: max(r, R). */
static inline double
dk_len_ratio(double r, double R)
{
	return R > r ? R : r;
}

/* The ratio of the overlap to the longer length that every pair reported
 * at tau under --size-ratio R (0: none) reaches, for the overlap bounds
 * (dk_overlap_least, dk_overlap_min) in place of r: as the shorter length
 * is at least L = max(r, R) times the longer, the overlap a pair needs
 * (dk_overlap_need) is at least tau L (containment), tau (max),
 * tau (1 + L) / (1 + tau) (jaccard, set), tau (1 + L) / 2 (dice) or
 * tau sqrt(L) (cosine) times the longer.  Never below r, and above tau
 * for jaccard and set when R is; with R = 0 it is r (0 for containment,
 * whose prefix bound is then --min-shared's alone). */
double dk_overlap_ratio(dk_measure m, double tau, double R);

/* The overlap every match of a document of length len needs, whatever the
 * other's length, less one against rounding: ceil(r * len) - 1, at least 1
 * and at most len. */
static inline uint64_t
dk_overlap_min(double r, uint64_t len)
{
	double need = ceil(r * (double)len) - 1;
	uint64_t alpha = need < 1 ? 1 : (uint64_t)need;

	return alpha > len ? len : alpha;
}

/* The overlap every match of a document of length len needs, whatever the
 * other's length: r * len rounded up, after a margin far above the
 * rounding of r, of the product and of dk_sim has been taken off (as in
 * dk_overlap_need); at least 1 (a pair sharing nothing is never reported)
 * and at most len.  Prefix filtering rests on it: the signatures of a
 * document after its first ones whose weight leaves less than this cannot
 * alone make a match, so a match shares one of the first ones, in any
 * order of the signatures both sides use. */
static inline uint64_t
dk_overlap_least(double r, uint64_t len)
{
	double need = ceil(r * (double)len - 1e-9 * (double)len - 1e-6);
	uint64_t alpha = need < 1 ? 1 : (uint64_t)need;

	return alpha > len ? len : alpha;
}

/* The lengths a document of length len may match, with one to spare on
 * either side against rounding: [*lo, *hi]. */
static inline void
dk_len_range(double r, uint64_t len, uint64_t *lo, uint64_t *hi)
{
	*lo = (uint64_t)fmax(floor(r * (double)len) - 1, 0);
	*hi = (uint64_t)fmin(ceil((double)len / r) + 1, 0x1p62);
}

#endif

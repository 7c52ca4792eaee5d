/* The bounds the matcher filters by, and a candidate's verification: the
 * overlap a pair needs, the prefixes (of signatures and of signature
 * pairs), the bitmaps, and the merge that gives up early.  The index and
 * the queries that apply them are query.c's; the filters are these.
 *
 * Every document's signatures are sorted by their global number, that is
 * by ascending document frequency (sm_order_sigs).  A match of a document
 * of length len has an overlap of at least dk_overlap_least(r, len) with
 * it (r the ratio of dk_overlap_ratio, which --size-ratio raises: for
 * containment, whose own ratio is 0, it makes the prefix filter), so it
 * shares one of the document's first signatures, its prefix: those until
 * what is left weighs less than that overlap.  As both sides of a pair
 * are cut in the same order, a matching pair shares a signature of both
 * prefixes (were the last of one prefix before the last of the other,
 * every shared signature would lie after the first prefix).  Only the
 * members' prefixes are indexed, and a query visits its own prefix.
 *
 * Positional filter: a query visits its prefix in that order, so when it
 * meets a member on a signature, every signature they share before it has
 * been met, and its overlap so far is known exactly; the overlap of the
 * pair is at most that plus the smaller weight of what is left of either
 * from this signature on.  A member whose bound falls short of the overlap
 * the pair needs (dk_overlap_need) is dropped for the rest of the query;
 * the others are verified by a merge that stops as soon as the mass left
 * cannot reach it.
 *
 * Bitmap filter: before the merge, each document's signatures hashed to
 * 64 BITWORDS bits; a bit of one document that the other lacks stands for
 * at least one of its signatures the other does not hold, so the overlap
 * is at most a length less the bits only that side has.  The members' maps
 * lie in one array by rank, read in place of the arrays the merge would
 * fetch from all over the pool.
 *
 * Each bound holds for multisets, the weight of a signature being its
 * count (at least 1), or 1 for the set measure.
 *
 * --min-shared N: a pair is reported when its similarity reaches tau and
 * its overlap (in the same weights) is at least N.  Both are lower bounds
 * on the overlap, so every filter above takes the larger one (need_of,
 * and the prefix of sm_prefix_len): the pairs it drops are exactly those the
 * rule rejects. */
#include "matcher.h"

double
sm_doc_sim(const sm_ctx *c, uint32_t a, uint32_t b)
{
	const sm_doc *x = &c->docs.v[a], *y = &c->docs.v[b];
	uint64_t o = sm_doc_shared(c, x, y, c->m == DK_M_SET);

	if (o < c->minshared)
		return -1;
	return dk_sim(c->m, o, x->len, y->len);
}


uint64_t
sm_need_least(const sm_ctx *c, uint64_t len, uint64_t lo, uint64_t hi)
{
	uint64_t need = dk_overlap_need_least(c->m, c->tau, len, lo, hi);

	return need > c->minshared ? need : c->minshared;
}

/* dk_overlap that gives up, returning 0, as soon as the mass still
 * unmatched in either document makes `need` unreachable. */
static uint64_t
overlap_cut(const sm_ctx *c, const sm_doc *x, uint64_t la, const sm_doc *y, uint64_t lb,
    uint64_t need)
{
	const uint32_t *a = sigs_of(c, x), *b = sigs_of(c, y);
	size_t i = 0, j = 0, na = x->nsig, nb = y->nsig;
	uint64_t o = 0;
	unsigned adv;

	while (i < na && j < nb) {
		adv = dk_overlap_step(a[i] < b[j] ? -1 : a[i] > b[j],
		    weight_of(c, x, i), weight_of(c, y, j), &o, &la, &lb);
		i += adv & 1;
		j += adv >> 1;
		if (o + (la < lb ? la : lb) < need)
			return 0;
	}
	return o;
}

/* The similarity of a candidate, or -1 when it surely misses tau. */
double
sm_candidate_sim(const sm_ctx *c, uint32_t a, uint32_t b)
{
	const sm_doc *x = &c->docs.v[a], *y = &c->docs.v[b];
	uint64_t need, o;

	/* identical arrays, compared bytewise, are at 1 for every measure:
	 * no merge needed */
	if (x->nsig == y->nsig && x->len == y->len && sm_same_sigs(c, x, y))
		return 1.0;
	need = need_of(c, x->len, y->len);
	o = overlap_cut(c, x, x->len, y, y->len, need);

	if (o < need || o == 0)
		return -1;
	return dk_sim(c->m, o, x->len, y->len);
}


/* The bitmap of d into b[0..BITWORDS): a bit by signature, from its
 * number (signature 0, standing for those REF lacks, sets none). */
void
sm_doc_bits(const sm_ctx *c, const sm_doc *d, uint64_t *b)
{
	const uint32_t *s = sigs_of(c, d);
	uint64_t h;
	size_t i;

	memset(b, 0, BITWORDS * sizeof *b);
	for (i = 0; i < d->nsig; i++) {
		if (s[i] == 0)
			continue;
		h = ((uint64_t)s[i] * 0x9e3779b97f4a7c15u) >> 32;
		h %= 64 * BITWORDS;
		b[h / 64] |= (uint64_t)1 << (h % 64);
	}
}


/* For a document whose weights are all 1 (no counts other than 1) and
 * whose length is at least its signatures: how many of its first
 * signatures leave a weight of alpha or more before them, as the loops
 * below count them. */
static size_t
first_until(const sm_doc *d, uint64_t alpha)
{
	uint64_t len = d->len;

	if (len < alpha)
		return 0;
	return len - alpha + 1 < d->nsig ? (size_t)(len - alpha + 1) : d->nsig;
}

/* How many of the first signatures of d are its prefix for a match
 * overlap of at least alpha, or by default (alpha 0) for any match; all of
 * them without the prefix bound. */
size_t
sm_prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha)
{
	const sm_ctx *c = mt->c;
	const uint32_t *s = sigs_of(c, d);
	uint64_t rest = d->len;
	size_t i;

	if (!c->prune)
		return d->nsig;
	if (alpha == 0)
		alpha = dk_overlap_least(mt->ratio, d->len);
	if (alpha < c->minshared)
		alpha = c->minshared;
	if (!(d->flags & SM_COUNTS) && rest >= d->nsig)
		return first_until(d, alpha);
	/* (signature 0 of an --against query stands for all those REF does
	 * not hold, with their number as its count) */
	for (i = 0; i < d->nsig && rest >= alpha; i++)
		rest -= s[i] != 0 ? weight_of(c, d, i) : sm_sig_count(c, d, i);
	return i;
}

/* The largest weight of a signature of d. */
uint64_t
sm_doc_maxw(const sm_ctx *c, const sm_doc *d)
{
	uint64_t m = 0, wt;
	size_t i;

	if (!(d->flags & SM_COUNTS))
		return d->nsig > 0;
	for (i = 0; i < d->nsig; i++) {
		wt = weight_of(c, d, i);
		m = wt > m ? wt : m;
	}
	return m;
}

/* The overlap alpha of sm_prefix_len, settled: the default when 0, and at
 * least --min-shared. */
uint64_t
sm_alpha_of(const sm_matcher *mt, const sm_doc *d, uint64_t alpha)
{
	if (alpha == 0)
		alpha = dk_overlap_least(mt->ratio, d->len);
	return alpha < mt->c->minshared ? mt->c->minshared : alpha;
}

/* How many of the first signatures of d are its pair prefix for a match
 * overlap of at least alpha (0: any match), its largest weight being
 * maxw: all of them when alpha <= maxw. */
size_t
sm_pair_prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha, uint64_t maxw)
{
	const sm_ctx *c = mt->c;
	uint64_t rest = d->len, cut;
	size_t i;

	alpha = sm_alpha_of(mt, d, alpha);
	if (alpha <= maxw)
		return d->nsig;
	cut = alpha - maxw;
	if (!(d->flags & SM_COUNTS) && rest >= d->nsig)
		return first_until(d, cut);
	for (i = 0; i < d->nsig && rest >= cut; i++)
		rest -= weight_of(c, d, i);
	return i;
}

/* Threshold matching inside length partitions: SpotSigs' Algorithm 1,
 * with the prefix and positional filters of set-similarity joins.
 *
 * Every document's signatures are sorted by their global number, that is
 * by ascending document frequency (sm_order_sigs).  A match of a document
 * of length len has an overlap of at least dk_overlap_least(r, len) with
 * it (r the ratio of dk_overlap_ratio, which --size-ratio raises: for
 * containment, whose own ratio is 0, it makes the prefix filter), so it shares one of the document's first signatures, its prefix:
 * those until what is left weighs less than that overlap.  As both sides
 * of a pair are cut in the same order, a matching pair shares a signature
 * of both prefixes (were the last of one prefix before the last of the
 * other, every shared signature would lie after the first prefix).  Only
 * the members' prefixes are indexed, and a query visits its own prefix.
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
 * BITS bits; a bit of one document that the other lacks stands for at
 * least one of its signatures the other does not hold, so the overlap is
 * at most a length less the bits only that side has.  The members' maps
 * lie in one array by rank, read in place of the arrays the merge would
 * fetch from all over the pool.
 *
 * Each bound holds for multisets, the weight of a signature being its
 * count (at least 1), or 1 for the set measure.
 *
 * --min-shared N: a pair is reported when its similarity reaches tau and
 * its overlap (in the same weights) is at least N.  Both are lower bounds
 * on the overlap, so every filter above takes the larger one (need_of,
 * and the prefix of prefix_len): the pairs it drops are exactly those the
 * rule rejects. */
#include "matcher.h"

#include <stdlib.h>

static const uint32_t *
sigs_of(const sm_ctx *c, const sm_doc *d)
{
	return sm_doc_sigs(c, d);
}

/* The weight of d's i-th signature. */
static inline uint64_t
weight_of(const sm_ctx *c, const sm_doc *d, size_t i)
{
	return c->m == DK_M_SET ? 1 : sm_sig_count(c, d, i);
}

double
sm_doc_sim(const sm_ctx *c, uint32_t a, uint32_t b)
{
	const sm_doc *x = &c->docs.v[a], *y = &c->docs.v[b];
	uint64_t o = sm_doc_shared(c, x, y, c->m == DK_M_SET);

	if (o < c->minshared)
		return -1;
	return dk_sim(c->m, o, x->len, y->len);
}

/* The overlap a pair of lengths la, lb needs: tau's (dk_overlap_need) or
 * --min-shared's, the larger. */
static uint64_t
need_of(const sm_ctx *c, uint64_t la, uint64_t lb)
{
	uint64_t need = dk_overlap_need(c->m, c->tau, la, lb);

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
static double
candidate_sim(const sm_ctx *c, uint32_t a, uint32_t b)
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

/* A matcher of nw threads. */
sm_matcher *
sm_matcher_threads(sm_ctx *c, int nw)
{
	sm_matcher *mt = dk_calloc(1, sizeof *mt);
	size_t i, nsig = dk_intern_count(&c->sigs);

	mt->c = c;
	mt->ratio = dk_overlap_ratio(c->m, c->tau, c->size_ratio);
	mt->lenratio = dk_len_ratio(dk_measure_ratio(c->m, c->tau), c->size_ratio);
	mt->slot = dk_reallocarray(NULL, nsig + 2, sizeof *mt->slot);
	for (i = 0; i <= nsig + 1; i++)
		mt->slot[i] = (struct slot){ NONE };
	mt->nw = mt->inner = nw > 1 ? nw : 1;
	mt->w = dk_calloc((size_t)mt->nw, sizeof *mt->w);
	return mt;
}

sm_matcher *
sm_matcher_new(sm_ctx *c)
{
	return sm_matcher_threads(c, c->nthreads);
}

/* The bitmap of d into b[0..BITWORDS): a bit by signature, from its
 * number (signature 0, standing for those REF lacks, sets none). */
static void
doc_bits(const sm_ctx *c, const sm_doc *d, uint64_t *b)
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

/* The bitmap filter's bound on the overlap of documents of lengths la and
 * lb and bitmaps a and b. */
static uint64_t
bits_bound(const uint64_t *a, uint64_t la, const uint64_t *b, uint64_t lb)
{
	uint64_t only_a = 0, only_b = 0;
	int k;

	for (k = 0; k < BITWORDS; k++) {
		only_a += (uint64_t)__builtin_popcountll(a[k] & ~b[k]);
		only_b += (uint64_t)__builtin_popcountll(b[k] & ~a[k]);
	}
	la -= only_a < la ? only_a : la;
	lb -= only_b < lb ? only_b : lb;
	return la < lb ? la : lb;
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
static size_t
prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha)
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

/* ---- signature pairs ----
 * On a large collection over a fixed vocabulary, every signature's list
 * lengthens with the collection, and a query meets members that share one
 * rare signature with it by chance: the members met grow with the square
 * of the documents.  A group can instead be matched by the pairs of
 * signatures of a longer prefix, its pair prefix, which two documents
 * share by chance far more rarely.
 *
 * Let alpha be the overlap every match of a document needs and maxw the
 * largest weight of its signatures; its pair prefix is its first
 * signatures until what is left weighs less than alpha - maxw.  If a
 * match shares two signatures or more, the second it shares (in the
 * global order both are sorted by) lies in the pair prefix of either
 * side: were it after, the overlap would be at most the weight of the
 * first shared signature (at most maxw) plus what is left after the pair
 * prefix (less than alpha - maxw).  The first lies before it, so the
 * pair prefixes of both hold the pair of the first two shared
 * signatures.  A match shares two signatures when one side's alpha
 * exceeds its maxw (one shared signature weighs at most maxw): a group
 * whose members all satisfy that (pairable) finds every pair with a
 * probe or member among the documents whose pair prefixes share a pair
 * (join_pairs: the pairs hashed and sorted, no index).  A group is joined
 * when its pairs are at most PAIRCOST times the postings its queries
 * would read (long lists: many documents, high thresholds, short
 * prefixes), and their entries take less memory than the signature
 * arrays of the input (over PAIRFLOOR pairs); the candidates are then
 * verified after the bitmap filter, without the positional filter. */
#define PAIRCOST 1
#define PAIRFLOOR ((uint64_t)1 << 20)

static void drop_index(sm_matcher *mt);

/* The largest weight of a signature of d. */
static uint64_t
doc_maxw(const sm_ctx *c, const sm_doc *d)
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

/* The overlap alpha of prefix_len, settled: the default when 0, and at
 * least --min-shared. */
static uint64_t
alpha_of(const sm_matcher *mt, const sm_doc *d, uint64_t alpha)
{
	if (alpha == 0)
		alpha = dk_overlap_least(mt->ratio, d->len);
	return alpha < mt->c->minshared ? mt->c->minshared : alpha;
}

/* How many of the first signatures of d are its pair prefix for a match
 * overlap of at least alpha (0: any match), its largest weight being
 * maxw: all of them when alpha <= maxw. */
static size_t
pair_prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha, uint64_t maxw)
{
	const sm_ctx *c = mt->c;
	uint64_t rest = d->len, cut;
	size_t i;

	alpha = alpha_of(mt, d, alpha);
	if (alpha <= maxw)
		return d->nsig;
	cut = alpha - maxw;
	if (!(d->flags & SM_COUNTS) && rest >= d->nsig)
		return first_until(d, cut);
	for (i = 0; i < d->nsig && rest >= cut; i++)
		rest -= weight_of(c, d, i);
	return i;
}

/* Whether the members of group g are joined by signature pairs: all
 * pairable, and the pairs of the members and probes at most PAIRCOST
 * times the postings the prefix index would have its queries read: by
 * a member, each earlier member on a list; by a probe, each member on
 * its lists (the lengths counted in mt->slot). */
static int
pair_keys(sm_matcher *mt, const sm_group *g)
{
	const sm_ctx *c = mt->c;
	uint64_t npair = 0, nread = 0, maxw, alpha;
	const uint32_t *s;
	const sm_doc *d;
	size_t i, k, j;
	int ok = 1;

	if (!c->prune || !c->partition || g->nmember < 2)
		return 0;
	mt->touched.n = 0;
	for (i = 0; i < g->nmember + g->nprobe && ok; i++) {
		d = &c->docs.v[i < g->nmember ? g->member[i] : g->probe[i - g->nmember]];
		maxw = doc_maxw(c, d);
		alpha = alpha_of(mt, d, 0);
		if (alpha <= maxw && i < g->nmember) {
			ok = 0;
			break;
		}
		k = pair_prefix_len(mt, d, alpha, maxw);
		npair += (uint64_t)k * (k - 1) / 2;
		s = sigs_of(c, d);
		for (k = prefix_len(mt, d, 0), j = 0; j < k; j++) {
			if (mt->slot[s[j]].list == NONE) {
				mt->slot[s[j]].list = 0;
				DK_PUSH(&mt->touched, s[j]);
			}
			nread += mt->slot[s[j]].list;
			mt->slot[s[j]].list += i < g->nmember;
		}
	}
	drop_index(mt);
	mt->touched.n = 0;
	/* the entries take 8 bytes a pair (sorted in place): at most 4 bytes
	 * a signature occurrence, less than the pool's 5, over a floor of
	 * 8 MB */
	return ok && npair <= PAIRCOST * nread &&
	    npair <= (c->pool.nocc / 2 > PAIRFLOOR ? c->pool.nocc / 2 : PAIRFLOOR);
}

/* The key of the pair of signature numbers a < b. */
static inline uint64_t
pair_key(uint32_t a, uint32_t b)
{
	return (uint64_t)a << 32 | b;
}

/* Puts the members in rank order, by descending length then input
 * order: members in input order whose lengths span a short range are
 * counted into place (a stable counting sort by length), the others
 * sorted by a key of both. */
static void
rank_members(sm_matcher *mt, const sm_group *g)
{
	const sm_ctx *c = mt->c;
	size_t i, n = g->nmember, span;
	uint32_t lo = UINT32_MAX, hi = 0, len, *at;
	int ordered = 1;

	for (i = 0; i < n; i++) {
		len = c->docs.v[g->member[i]].len;
		lo = len < lo ? len : lo;
		hi = len > hi ? len : hi;
		ordered &= i == 0 || g->member[i - 1] < g->member[i];
	}
	span = n ? (size_t)(hi - lo) + 1 : 0;
	if (!ordered || span > 4 * n + 1024) {
		DK_GROW(&mt->pk, n);
		DK_GROW(&mt->ptmp, n);
		for (i = 0; i < n; i++)
			mt->pk.v[i] = (uint64_t)(UINT32_MAX - c->docs.v[g->member[i]].len) << 32 |
			    g->member[i];
		dk_sort_u64_tmp(mt->pk.v, n, mt->ptmp.v);
		for (i = 0; i < n; i++)
			mt->rank2doc.v[i] = (uint32_t)mt->pk.v[i];
		return;
	}
	/* at[k]: the first rank of length hi - k */
	at = dk_calloc(span + 1, sizeof *at);
	for (i = 0; i < n; i++)
		at[hi - c->docs.v[g->member[i]].len + 1]++;
	for (i = 1; i <= span; i++)
		at[i] += at[i - 1];
	for (i = 0; i < n; i++)
		mt->rank2doc.v[at[hi - c->docs.v[g->member[i]].len]++] = g->member[i];
	free(at);
}

/* The members' prefixes by rank, made by the threads a block of ranks at
 * a time: each member's prefix length, bitmap and length, and its prefix
 * into the worker's pfx, so that the index is then built from arrays
 * read in order. */
#define RANKBLOCK 1024

struct ranked {
	sm_matcher *mt;
	size_t n;
	dk_counter next;
};

static void
rank_work(void *arg, int tid)
{
	struct ranked *rk = arg;
	sm_matcher *mt = rk->mt;
	const sm_ctx *c = mt->c;
	struct worker *w = &mt->w[tid];
	const uint32_t *s;
	const sm_doc *d;
	struct pentry *e;
	size_t r, end, i, np;
	uint32_t rest, wt;

	w->pfx.n = 0;
	while ((r = dk_counter_take(&rk->next, RANKBLOCK, rk->n)) < rk->n) {
		mt->blockw.v[r / RANKBLOCK] = (uint32_t)tid;
		for (end = r + RANKBLOCK < rk->n ? r + RANKBLOCK : rk->n; r < end; r++) {
			d = &c->docs.v[mt->rank2doc.v[r]];
			doc_bits(c, d, mt->bits.v[r].bits);
			mt->bits.v[r].len = d->len;
			if (mt->bypair)
				continue;       /* join_pairs reads the arrays */
			np = prefix_len(mt, d, 0);
			if (w->pfx.n + np > UINT32_MAX)
				dk_diex(DK_EXIT_INPUT, "partition too large (%zu signature "
				    "occurrences)", w->pfx.n + np);
			mt->pstart.v[r] = (uint32_t)w->pfx.n;
			mt->pcount.v[r] = (uint32_t)np;
			DK_GROW(&w->pfx, w->pfx.n + np);
			e = w->pfx.v + w->pfx.n;
			s = sigs_of(c, d);
			for (rest = d->len, i = 0; i < np; i++) {
				wt = (uint32_t)weight_of(c, d, i);
				e[i] = (struct pentry){ s[i], wt, rest };
				rest -= wt;
			}
			w->pfx.n += np;
		}
	}
}

static const struct pentry *
prefix_of(const sm_matcher *mt, size_t r)
{
	return mt->w[mt->blockw.v[r / RANKBLOCK]].pfx.v + mt->pstart.v[r];
}

/* Builds the inverted index of the prefixes of the group's members. */
static void
build_index(sm_matcher *mt, const sm_group *g)
{
	const sm_ctx *c = mt->c;
	const struct pentry *e;
	size_t r, i, n = g->nmember;
	uint32_t l;
	struct ranked rk = { mt, n, { 0 } };

	mt->rank2doc.n = mt->touched.n = mt->lstart.n = 0;
	DK_GROW(&mt->rank2doc, n);
	DK_GROW(&mt->bits, n);
	DK_GROW(&mt->pstart, n);
	DK_GROW(&mt->pcount, n);
	DK_GROW(&mt->blockw, n / RANKBLOCK + 1);
	/* without partitions the lists stay in input order, as in a plain
	 * inverted index: the length bounds then filter entry by entry */
	if (n > 1 && c->partition)
		rank_members(mt, g);
	else
		memcpy(mt->rank2doc.v, g->member, n * sizeof *g->member);
	sm_par(n < 4 * RANKBLOCK ? 1 : mt->inner, rank_work, &rk);
	if (mt->bypair)
		return;        /* join_pairs */
	for (r = 0; r < n; r++)
		for (e = prefix_of(mt, r), i = 0; i < mt->pcount.v[r]; i++) {
			if ((l = mt->slot[e[i].sig].list) == NONE) {
				l = mt->slot[e[i].sig].list = (uint32_t)mt->touched.n;
				DK_PUSH(&mt->touched, e[i].sig);
				DK_PUSH(&mt->lstart, 0);
			}
			mt->lstart.v[l]++;
		}
	/* counts to starts, then fill in rank order so lists stay sorted */
	DK_PUSH(&mt->lstart, 0);
	for (l = 0, r = 0; l < mt->lstart.n; l++) {
		size_t cnt = mt->lstart.v[l];

		mt->lstart.v[l] = (uint32_t)r;
		r += cnt;
	}
	if (r > UINT32_MAX)
		dk_diex(DK_EXIT_INPUT, "partition too large (%zu signature occurrences)", r);
	DK_GROW(&mt->post, r);
	mt->post.n = r;
	for (r = 0; r < n; r++)
		for (e = prefix_of(mt, r), i = 0; i < mt->pcount.v[r]; i++)
			mt->post.v[mt->lstart.v[mt->slot[e[i].sig].list]++] = (struct posting){
			    (uint32_t)r, (uint32_t)mt->bits.v[r].len, e[i].weight, e[i].rest };
	/* the fill moved every start to the next list's: shift back */
	for (l = (uint32_t)mt->lstart.n - 1; l > 0; l--)
		mt->lstart.v[l] = mt->lstart.v[l - 1];
	mt->lstart.v[0] = 0;
}

static void
drop_index(sm_matcher *mt)
{
	size_t i;

	for (i = 0; i < mt->touched.n; i++)
		mt->slot[mt->touched.v[i]] = (struct slot){ NONE };
}

/* First position in list[0..n) whose document is not too long for a query
 * of length len (lengths descend along the list). */
static size_t
skip_long(const sm_matcher *mt, const struct posting *list, size_t n, uint32_t len)
{
	size_t lo = 0, hi = n;
	uint32_t l;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		l = list[mid].len;
		if (l > len && dk_len_below(len, l, mt->lenratio))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}


/* Document q against the member of rank r: left out when qbits (q's
 * bitmap, NULL for none) bounds their overlap below the need, else
 * verified, a pair kept at tau. */
static inline void
try_candidate(const sm_matcher *mt, struct worker *w, const uint64_t *qbits,
    uint32_t q, uint32_t r)
{
	const sm_ctx *c = mt->c;
	const struct rankbits *rb = &mt->bits.v[r];
	uint32_t other, len = c->docs.v[q].len;
	double sim;

	if (qbits && bits_bound(qbits, len, rb->bits, rb->len) < need_of(c, len, rb->len))
		return;
	w->candidates++;
	other = mt->rank2doc.v[r];
	sim = candidate_sim(c, q, other);
	if (sim >= c->tau)
		DK_PUSH(&w->pairs, ((sm_pair){ q < other ? q : other, q < other ? other : q, sim }));
}

/* The candidates of query q (a member of rank `below`, or a probe: NONE)
 * in w->cand (those met whose acc is not PRUNED) past the bitmap filter,
 * verified; the pairs found into w. */
static void
verify(sm_matcher *mt, struct worker *w, uint32_t q, uint32_t below)
{
	const sm_ctx *c = mt->c;
	uint64_t own[BITWORDS];
	const uint64_t *qbits = NULL;
	uint32_t r;
	size_t k;

	w->met += w->cand.n;
	/* a member's bitmap is the index's, made once; a probe's is made
	 * when it has candidates */
	if (c->prune && below != NONE)
		qbits = mt->bits.v[below].bits;
	else if (c->prune && w->cand.n > 0) {
		doc_bits(c, &c->docs.v[q], own);
		qbits = own;
	}
	for (k = 0; k < w->cand.n; k++) {
		r = w->cand.v[k];
		if (w->acc[r] == PRUNED)
			continue;
		w->placed++;
		try_candidate(mt, w, qbits, q, r);
	}
}

/* Compares document q with the members before rank `below` (all of them
 * for a probe) whose prefix shares a signature with its own: the members
 * met, each with its overlap so far, then the candidates the positional
 * filter leaves verified. */
static void
query(sm_matcher *mt, struct worker *w, uint32_t q, uint32_t below)
{
	const sm_ctx *c = mt->c;
	const sm_doc *d = &c->docs.v[q];
	const uint32_t *s = sigs_of(c, d);
	const struct posting *list, *p;
	uint64_t rest = d->len, from, need, ub;
	size_t i, j, j0, n, np;
	uint32_t l, r, wt, len = d->len;
	int sorted = c->prune && c->partition;

	if (++w->query == 0) {
		memset(w->stamp, 0xff, w->cap * sizeof *w->stamp);
		w->query = 1;
	}
	w->cand.n = 0;
	/* a member meets only members as long as itself or longer when the
	 * lists go by length (ranks below its own): the overlap a match needs
	 * is then at least that of a match of its own length, which grows
	 * with the other's length for every measure, and a shorter prefix
	 * does */
	need = sorted && below != NONE ? need_of(c, len, len) : 0;
	np = prefix_len(mt, d, need);
	for (i = 0; i < np; i++) {
		wt = (uint32_t)(s[i] != 0 ? weight_of(c, d, i) : sm_sig_count(c, d, i));
		from = rest;
		rest -= wt;
		if ((l = mt->slot[s[i]].list) == NONE)
			continue;
		list = mt->post.v + mt->lstart.v[l];
		n = mt->lstart.v[l + 1] - mt->lstart.v[l];
		w->lists++;
		j0 = sorted ? skip_long(mt, list, n, len) : 0;
		for (j = j0; j < n; j++) {
			p = &list[j];
			r = p->rank;
			if (r >= below)
				break;
			if (c->prune && p->len < len && dk_len_below(p->len, len, mt->lenratio)) {
				if (sorted)
					break;
				continue;
			}
			if (!sorted && c->prune && p->len > len &&
			    dk_len_below(len, p->len, mt->lenratio))
				continue;
			if (w->stamp[r] != w->query) {
				w->stamp[r] = w->query;
				w->acc[r] = 0;
				DK_PUSH(&w->cand, r);
			} else if (w->acc[r] == PRUNED)
				continue;
			if (c->prune) {
				need = need_of(c, len, p->len);
				ub = w->acc[r] + (from < p->rest ? from : p->rest);
				if (ub < need) {
					w->acc[r] = PRUNED;
					continue;
				}
			}
			w->acc[r] += wt < p->weight ? wt : p->weight;
		}
		w->postings += (j < n ? j + 1 : n) - j0;
	}
	verify(mt, w, q, below);
}

/* The number of pairs of d's pair prefix (for any match). */
static size_t
count_pairs(const sm_matcher *mt, const sm_doc *d)
{
	size_t np = pair_prefix_len(mt, d, 0, doc_maxw(mt->c, d));

	return np * (np - (np > 0)) / 2;
}

/* The pairs of d's pair prefix (for any match), each as the top half of
 * its hash above id, into v. */
static void
put_pairs(const sm_matcher *mt, const sm_doc *d, uint64_t id, uint64_t *v)
{
	const uint32_t *s = sigs_of(mt->c, d);
	size_t i, j, np = pair_prefix_len(mt, d, 0, doc_maxw(mt->c, d));

	for (i = 0; i < np; i++)
		for (j = i + 1; j < np; j++)
			*v++ = (dk_mix64(pair_key(s[i], s[j])) >> 32 << 32) | id;
}

/* The document of entry id of a group joined by pairs: a member by rank,
 * then the probes. */
static uint32_t
join_doc(const sm_matcher *mt, uint64_t id)
{
	return id < mt->nmember ? mt->rank2doc.v[id] : mt->probe[id - mt->nmember];
}

/* The work of join_pairs shared by the threads: the entries of each
 * document counted (at[id + 1]), then made at[id] on; the candidates
 * verified. */
struct join {
	sm_matcher *mt;
	size_t ndoc;
	size_t *at;
	size_t ncand;
	dk_counter next;
};

#define JOINCHUNK 4096

static void
join_count(void *arg, int tid)
{
	struct join *jn = arg;
	size_t i, end;

	(void)tid;
	while ((i = dk_counter_take(&jn->next, JOINCHUNK, jn->ndoc)) < jn->ndoc)
		for (end = i + JOINCHUNK < jn->ndoc ? i + JOINCHUNK : jn->ndoc; i < end; i++)
			jn->at[i + 1] = count_pairs(jn->mt, &jn->mt->c->docs.v[join_doc(jn->mt, i)]);
}

static void
join_fill(void *arg, int tid)
{
	struct join *jn = arg;
	sm_matcher *mt = jn->mt;
	size_t i, end;

	(void)tid;
	while ((i = dk_counter_take(&jn->next, JOINCHUNK, jn->ndoc)) < jn->ndoc)
		for (end = i + JOINCHUNK < jn->ndoc ? i + JOINCHUNK : jn->ndoc; i < end; i++)
			put_pairs(mt, &mt->c->docs.v[join_doc(mt, i)], i, mt->pk.v + jn->at[i]);
}

/* Verifies the distinct candidates of a share of mt->pcand (sorted, by
 * query), a query's candidates in one share. */
static void
join_verify(void *arg, int tid)
{
	struct join *jn = arg;
	sm_matcher *mt = jn->mt;
	const sm_ctx *c = mt->c;
	struct worker *w = &mt->w[tid];
	const uint64_t *v = mt->pcand.v;
	uint64_t qbits[BITWORDS], x, y;
	uint32_t q, last = NONE;
	size_t i, end, n = jn->ncand;

	while ((i = dk_counter_take(&jn->next, JOINCHUNK, n)) < n) {
		end = i + JOINCHUNK < n ? i + JOINCHUNK : n;
		/* a share starts at a new query and runs to the end of its
		 * last query's: one that began in an earlier share is its */
		if (i > 0)
			while (i < n && v[i - 1] >> 32 == v[i] >> 32)
				i++;
		if (i >= end)
			continue;
		while (end < n && v[end - 1] >> 32 == v[end] >> 32)
			end++;
		for (; i < end; i++) {
			if (i > 0 && v[i] == v[i - 1])
				continue;
			w->met++;
			w->placed++;
			y = v[i] >> 32;
			x = (uint32_t)v[i];
			q = join_doc(mt, y);
			if (q != last)
				doc_bits(c, &c->docs.v[q], qbits);
			last = q;
			try_candidate(mt, w, qbits, q, (uint32_t)x);
		}
	}
}

/* A group of signature pairs (pair_keys), matched as a join instead of by
 * queries: every pair of its members' and probes' pair prefixes as an
 * entry (its hash, the document), sorted, so that the documents sharing
 * a pair lie together; each two of a run (but two probes) whose lengths
 * may match are a candidate, counted once (a hash shared by two pairs
 * only adds candidates), and verified as a query's would be.  The
 * entries are made and the candidates verified by the threads. */
static void
join_pairs(sm_matcher *mt)
{
	const sm_ctx *c = mt->c;
	struct worker *w = &mt->w[0];
	size_t n = mt->nmember, i, a, b, e;
	struct join jn = { mt, n + mt->nprobe, NULL, 0, { 0 } };
	int nw = jn.ndoc < 4 * JOINCHUNK ? 1 : mt->inner;
	uint64_t x, y;
	uint32_t lx, ly;

	jn.at = dk_calloc(jn.ndoc + 1, sizeof *jn.at);
	sm_par(nw, join_count, &jn);
	for (i = 0; i < jn.ndoc; i++)
		jn.at[i + 1] += jn.at[i];
	mt->pk.n = mt->pcand.n = 0;
	DK_GROW(&mt->pk, jn.at[jn.ndoc] + 1);
	mt->pk.n = jn.at[jn.ndoc];
	jn.next.next = 0;
	sm_par(nw, join_fill, &jn);
	free(jn.at);
	/* by hash, and as they were made (by entry) within a hash: the
	 * order of a stable sort by the top halves, with scratch of a 256th
	 * of the entries where the hashes spread them (no second copy) */
	dk_sort_u64_spread(mt->pk.v, mt->pk.n);
	w->postings += mt->pk.n;
	for (a = 0; a < mt->pk.n; a = e) {
		for (e = a + 1; e < mt->pk.n && mt->pk.v[e] >> 32 == mt->pk.v[a] >> 32; e++)
			;
		if (e - a < 2)
			continue;
		w->lists++;
		for (b = a + 1; b < e; b++) {
			y = (uint32_t)mt->pk.v[b];
			if ((uint32_t)mt->pk.v[b - 1] == y)
				continue;       /* one document, two pairs of one hash */
			ly = c->docs.v[join_doc(mt, y)].len;
			for (i = a; i < b; i++) {
				x = (uint32_t)mt->pk.v[i];
				if (x >= n)
					break;  /* probes after members */
				lx = (uint32_t)mt->bits.v[x].len;
				if ((lx > ly && dk_len_below(ly, lx, mt->lenratio)) ||
				    (lx < ly && dk_len_below(lx, ly, mt->lenratio)))
					continue;
				DK_PUSH(&mt->pcand, y << 32 | x);
			}
		}
	}
	DK_GROW(&mt->ptmp, mt->pcand.n);
	dk_sort_u64_tmp(mt->pcand.v, mt->pcand.n, mt->ptmp.v);
	jn.ncand = mt->pcand.n;
	jn.next.next = 0;
	sm_par(jn.ncand < 4 * JOINCHUNK ? 1 : mt->inner, join_verify, &jn);
}

/* Queries mt->next on, a batch of QUERYBATCH at a time until none is
 * left, on worker w: the members by rank, then the probes. */
#define QUERYBATCH 64

void
sm_query_batches(sm_matcher *mt, struct worker *w)
{
	size_t i, end;

	while ((i = dk_counter_take(&mt->next, QUERYBATCH, mt->total)) < mt->total) {
		size_t npairs = w->pairs.n;

		sm_span_unit(0);
		end = i + QUERYBATCH < mt->total ? i + QUERYBATCH : mt->total;
		/* members only: a probe is some other group's member */
		if (i < mt->nmember)
			dk_progress_step((end < mt->nmember ? end : mt->nmember) - i, 0);
		for (; i < end; i++) {
			if (i < mt->nmember)
				query(mt, w, mt->rank2doc.v[i], (uint32_t)i);
			else
				query(mt, w, mt->probe[i - mt->nmember], NONE);
		}
		dk_progress_step(0, w->pairs.n - npairs);
	}
}

static void
work(void *arg, int tid)
{
	sm_matcher *mt = arg;

	sm_query_batches(mt, &mt->w[tid]);
}

static void
run_queries(sm_matcher *mt, size_t from, size_t total)
{
	mt->total = total;
	mt->next.next = from;
	/* threads only pay off with some work to share */
	sm_par(total - from < 256 ? 1 : mt->inner, work, mt);
}

/* Room in w for the queries of a group of n - 1 members: its stamps
 * by rank, those it had kept (a stamp of an earlier query is never that
 * of a later one), the new ones set to none. */
void
sm_worker_fit(struct worker *w, size_t n)
{
	if (w->cap >= n)
		return;
	w->stamp = dk_reallocarray(w->stamp, n, sizeof *w->stamp);
	w->acc = dk_reallocarray(w->acc, n, sizeof *w->acc);
	memset(w->stamp + w->cap, 0xff, (n - w->cap) * sizeof *w->stamp);
	w->cap = n;
}

void
sm_index(sm_matcher *mt, const sm_group *g)
{
	int t;

	mt->ngroups++;
	build_index(mt, g);
	mt->nmember = g->nmember;
	mt->probe = g->probe;
	mt->nprobe = g->nprobe;
	/* a crew's queries run on its threads' own workers */
	for (t = 0; !mt->crew && t < mt->inner; t++) {
		struct worker *w = &mt->w[t];

		sm_worker_fit(w, g->nmember + 1);
		memset(w->stamp, 0xff, (g->nmember + 1) * sizeof *w->stamp);
		w->query = 0;
	}
}

/* ---- exact copies ----
 * Documents of a group with the same signature array, or the same text
 * checksum (which main.c has checked implies the same array), form a
 * class: only its first document, the representative, is indexed and
 * queried.  The pairs found for a representative are then copied to each
 * document of its class, and the pairs inside a class, all at 1, added;
 * the output is that of matching every document.  Members and probes are
 * folded apart, as probes are never paired with each other. */

/* The link from document d to the next copy of its class.  The lanes of
 * the crew (match_crew) share the links: a document is a member of one
 * group and a probe of the next, and the two may be matched at once.  Its class
 * is the same in both (copies have one length, so they fall in one
 * partition and are probes of the next together), in the order of the
 * input: both groups write the same links, atomically, and leave them. */
static inline uint32_t
link_get(const sm_matcher *mt, uint32_t d)
{
	return __atomic_load_n(&mt->copy[d], __ATOMIC_RELAXED);
}

static inline void
link_set(sm_matcher *mt, uint32_t d, uint32_t next)
{
	__atomic_store_n(&mt->copy[d], next, __ATOMIC_RELAXED);
}

static uint64_t
class_hash(const sm_ctx *c, uint32_t d)
{
	if (c->sum.n && c->sum.v[d] != NONE)
		return dk_mix64((uint64_t)c->sum.v[d] | (uint64_t)1 << 63);
	return sm_doc_fp(c, &c->docs.v[d]);
}

/* Whether a and b are copies: the same checksum when either has one,
 * else the same signature array. */
static int
same_class(const sm_ctx *c, uint32_t a, uint32_t b)
{
	const sm_doc *x = &c->docs.v[a], *y = &c->docs.v[b];

	if (c->sum.n && (c->sum.v[a] != NONE || c->sum.v[b] != NONE))
		return c->sum.v[a] == c->sum.v[b];
	return x->len == y->len && sm_same_sigs(c, x, y);
}

/* Puts doc[0..n) in classes: the representatives, in the order of doc,
 * into reps; each copy linked after the last document of its class. */
static void
fold(sm_matcher *mt, const uint32_t *doc, size_t n, uint32_t *reps, size_t *nreps)
{
	sm_ctx *c = mt->c;
	size_t i, j, size = 16;
	uint64_t h;
	uint32_t d, k;
	struct klass *kl;

	while (3 * size < 4 * n)   /* at most 3/4 full */
		size *= 2;
	if (size > mt->ctabsize) {
		free(mt->ctab);
		mt->ctab = dk_reallocarray(NULL, size, sizeof *mt->ctab);
		mt->ctabsize = size;
	}
	memset(mt->ctab, 0, size * sizeof *mt->ctab);
	*nreps = 0;
	for (i = 0; i < n; i++) {
		d = doc[i];
		h = class_hash(c, d);
		for (j = h & (size - 1); (k = mt->ctab[j].cls) != 0; j = (j + 1) & (size - 1))
			if (mt->ctab[j].hash == (uint32_t)h &&
			    same_class(c, mt->cls.v[k - 1].rep, d))
				break;
		if (k == 0) {
			DK_PUSH(&mt->cls, ((struct klass){ d, d }));
			mt->ctab[j] = (struct cslot){ (uint32_t)h, (uint32_t)mt->cls.n };
			reps[(*nreps)++] = d;
			continue;
		}
		kl = &mt->cls.v[k - 1];
		link_set(mt, kl->tail, d);
		kl->tail = d;
		mt->nfolded++;
	}
}

/* Copies each pair found from p->v[from] on to the copies of its two
 * documents. */
static void
unfold(const sm_matcher *mt, sm_pairs *p, size_t from)
{
	size_t i, end = p->n;
	uint32_t a, b;
	sm_pair x;

	for (i = from; i < end; i++) {
		x = p->v[i];
		if (link_get(mt, x.a) == NONE && link_get(mt, x.b) == NONE)
			continue;
		for (a = x.a; a != NONE; a = link_get(mt, a))
			for (b = x.b; b != NONE; b = link_get(mt, b))
				if (a != x.a || b != x.b)
					DK_PUSH(p, ((sm_pair){ a < b ? a : b, a < b ? b : a, x.sim }));
	}
}

/* The pairs inside the members' classes, at 1, into p; and every link
 * undone for the next group, unless the links are shared. */
static void
close_classes(sm_matcher *mt, size_t nmember_cls, sm_pairs *p)
{
	size_t k;
	uint32_t a, b, next;

	for (k = 0; k < mt->cls.n; k++) {
		if (mt->cls.v[k].rep == mt->cls.v[k].tail)
			continue;
		for (a = mt->cls.v[k].rep; k < nmember_cls && a != NONE; a = link_get(mt, a))
			for (b = link_get(mt, a); b != NONE; b = link_get(mt, b))
				DK_PUSH(p, ((sm_pair){ a < b ? a : b, a < b ? b : a, 1.0 }));
		for (a = mt->cls.v[k].rep; !mt->shared && a != NONE; a = next) {
			next = mt->copy[a];
			mt->copy[a] = NONE;
		}
	}
}

/* The first half of matching group g (of members): its copies folded,
 * their representatives indexed, and a group joined by signature pairs
 * matched.  Whether queries are left to run: mt->total of them. */
int
sm_group_open(sm_matcher *mt, const sm_group *g)
{
	sm_ctx *c = mt->c;
	size_t nm, np, i;
	sm_group r;
	int t;

	mt->before = mt->nfolded;
	mt->gmember = g->nmember;
	if (!mt->shared && mt->ncopy < c->docs.n) {
		mt->copy = dk_reallocarray(mt->copy, c->docs.n, sizeof *mt->copy);
		for (i = mt->ncopy; i < c->docs.n; i++)
			mt->copy[i] = NONE;
		mt->ncopy = c->docs.n;
	}
	DK_GROW(&mt->rmember, g->nmember);
	DK_GROW(&mt->rprobe, g->nprobe + 1);
	mt->cls.n = 0;
	fold(mt, g->member, g->nmember, mt->rmember.v, &nm);
	mt->nmcls = mt->cls.n;
	mt->nrep = nm;
	fold(mt, g->probe, g->nprobe, mt->rprobe.v, &np);
	r = (sm_group){ mt->rmember.v, mt->rprobe.v, nm, np };
	for (t = 0; t < mt->nw; t++)
		mt->w[t].mark = mt->w[t].pairs.n;
	mt->bypair = pair_keys(mt, &r);
	mt->npairgroups += (unsigned long)mt->bypair;
	sm_index(mt, &r);
	if (mt->bypair) {
		size_t found = 0;

		join_pairs(mt);
		for (t = 0; t < mt->nw; t++)
			found += mt->w[t].pairs.n - mt->w[t].mark;
		dk_progress_step(r.nmember, found);
		mt->bypair = 0;
		return 0;
	}
	mt->total = r.nmember + r.nprobe;
	mt->next.next = 0;
	return 1;
}

/* The second half, when the queries are done: the pairs found copied to
 * the copies, and the pairs among them added. */
void
sm_group_close(sm_matcher *mt)
{
	int t;

	dk_progress_step(mt->gmember - mt->nrep, 0);    /* the copies folded */
	drop_index(mt);
	if (mt->nfolded == mt->before)
		return;
	for (t = 0; t < mt->nw; t++)
		unfold(mt, &mt->w[t].pairs, mt->w[t].mark);
	close_classes(mt, mt->nmcls, &mt->w[0].pairs);
}

void
sm_match_group(sm_matcher *mt, const sm_group *g)
{
	if (g->nmember == 0)
		return;
	if (sm_group_open(mt, g))
		run_queries(mt, 0, mt->total);
	sm_group_close(mt);
}

/* Moves the pairs the workers found into out, unsorted. */
void
sm_collect(sm_matcher *mt, sm_pairs *out)
{
	int t;

	for (t = 0; t < mt->nw; t++) {
		struct worker *w = &mt->w[t];

		DK_GROW(out, out->n + w->pairs.n);
		if (w->pairs.n)
			memcpy(out->v + out->n, w->pairs.v, w->pairs.n * sizeof *w->pairs.v);
		out->n += w->pairs.n;
		w->pairs.n = 0;
	}
}

void
sm_match_probes(sm_matcher *mt, const uint32_t *probe, size_t n, sm_pairs *out)
{
	if (mt->nmember == 0 || n == 0)
		return;
	mt->probe = probe;
	mt->nprobe = n;
	run_queries(mt, mt->nmember, mt->nmember + n);
	sm_collect(mt, out);
}

size_t
sm_matcher_bytes(const sm_matcher *mt)
{
	size_t b = sizeof *mt + (dk_intern_count(&mt->c->sigs) + 2) * sizeof *mt->slot;
	int t;

	b += (mt->rank2doc.cap + mt->pstart.cap + mt->pcount.cap + mt->blockw.cap + mt->touched.cap + mt->lstart.cap + mt->ncopy +
	    mt->rmember.cap + mt->rprobe.cap) * sizeof(uint32_t) +
	    mt->bits.cap * sizeof *mt->bits.v +
	    mt->post.cap * sizeof *mt->post.v + mt->ctabsize * sizeof *mt->ctab +
	    (mt->pk.cap + mt->ptmp.cap + mt->pcand.cap) * sizeof(uint64_t) +
	    mt->cls.cap * sizeof *mt->cls.v;
	for (t = 0; t < mt->nw; t++)
		b += sizeof mt->w[t] + 2 * (mt->nmember + 1) * sizeof(uint32_t) +
		    mt->w[t].pairs.cap * sizeof(sm_pair) + mt->w[t].cand.cap * sizeof(uint32_t) +
		    mt->w[t].pfx.cap * sizeof(struct pentry);
	return b;
}

static int
cmp_pair(const void *x, const void *y)
{
	const sm_pair *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return a->b < b->b ? -1 : a->b > b->b;
}

void
sm_sort_pairs(sm_pairs *p)
{
	if (p->n > 1)
		qsort(p->v, p->n, sizeof *p->v, cmp_pair);
}

void
sm_matcher_finish(sm_matcher *mt, sm_pairs *out)
{
	int t;

	sm_collect(mt, out);
	mt->c->ngroups += mt->ngroups;
	mt->c->nfolded += mt->nfolded;
	mt->c->npairgroups += mt->npairgroups;
	for (t = 0; t < mt->nw; t++) {
		struct worker *w = &mt->w[t];

		mt->c->lists += w->lists;
		mt->c->postings += w->postings;
		mt->c->met += w->met;
		mt->c->placed += w->placed;
		mt->c->candidates += w->candidates;
		DK_FREE_ALL(w->pairs.v, w->stamp, w->acc, w->cand.v, w->pfx.v);
	}
	sm_sort_pairs(out);
	if (!mt->shared)
		free(mt->copy);
	DK_FREE_ALL(mt->ctab, mt->pk.v, mt->ptmp.v, mt->pcand.v, mt->cls.v, mt->rmember.v, mt->rprobe.v, mt->w,
	    mt->slot, mt->rank2doc.v, mt->touched.v, mt->lstart.v, mt->post.v, mt->bits.v,
	    mt->pstart.v, mt->pcount.v, mt->blockw.v, mt);
}


double
sm_candidate_sim(const sm_ctx *c, uint32_t a, uint32_t b)
{
	return candidate_sim(c, a, b);
}

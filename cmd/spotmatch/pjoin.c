/* A group joined by signature pairs instead of by an index: whether a
 * group is (sm_pair_keys), and the join (sm_join_pairs), the pairs of the
 * documents' pair prefixes hashed and sorted, the documents of one hash
 * compared. */
#include "matcher.h"

#include <stdlib.h>

/* Signature pairs.
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
 * (sm_join_pairs: the pairs hashed and sorted, no index).  A group is joined
 * when its pairs are at most PAIRCOST times the postings its queries
 * would read (long lists: many documents, high thresholds, short
 * prefixes), and their entries take less memory than the signature
 * arrays of the input (over PAIRFLOOR pairs); the candidates are then
 * verified after the bitmap filter, without the positional filter. */
#define PAIRCOST 1
#define PAIRFLOOR ((uint64_t)1 << 20)

/* Whether the members of group g are joined by signature pairs: all
 * pairable, and the pairs of the members and probes at most PAIRCOST
 * times the postings the prefix index would have its queries read: by
 * a member, each earlier member on a list; by a probe, each member on
 * its lists (the lengths counted in mt->slot). */
int
sm_pair_keys(sm_matcher *mt, const sm_group *g)
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
		maxw = sm_doc_maxw(c, d);
		alpha = sm_alpha_of(mt, d, 0);
		if (alpha <= maxw && i < g->nmember) {
			ok = 0;
			break;
		}
		k = sm_pair_prefix_len(mt, d, alpha, maxw);
		npair += (uint64_t)k * (k - 1) / 2;
		s = sigs_of(c, d);
		for (k = sm_prefix_len(mt, d, 0), j = 0; j < k; j++) {
			if (mt->slot[s[j]].list == NONE) {
				mt->slot[s[j]].list = 0;
				DK_PUSH(&mt->touched, s[j]);
			}
			nread += mt->slot[s[j]].list;
			mt->slot[s[j]].list += i < g->nmember;
		}
	}
	sm_drop_index(mt);
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


/* The number of pairs of d's pair prefix (for any match). */
static size_t
count_pairs(const sm_matcher *mt, const sm_doc *d)
{
	size_t np = sm_pair_prefix_len(mt, d, 0, sm_doc_maxw(mt->c, d));

	return np * (np - (np > 0)) / 2;
}

/* The pairs of d's pair prefix (for any match), each as the top half of
 * its hash above id, into v. */
static void
put_pairs(const sm_matcher *mt, const sm_doc *d, uint64_t id, uint64_t *v)
{
	const uint32_t *s = sigs_of(mt->c, d);
	size_t i, j, np = sm_pair_prefix_len(mt, d, 0, sm_doc_maxw(mt->c, d));

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

/* The work of sm_join_pairs shared by the threads: the entries of each
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
				sm_doc_bits(c, &c->docs.v[q], qbits);
			last = q;
			try_candidate(mt, w, qbits, q, (uint32_t)x);
		}
	}
}

/* A group of signature pairs (sm_pair_keys), matched as a join instead of by
 * queries: every pair of its members' and probes' pair prefixes as an
 * entry (its hash, the document), sorted, so that the documents sharing
 * a pair lie together; each two of a run (but two probes) whose lengths
 * may match are a candidate, counted once (a hash shared by two pairs
 * only adds candidates), and verified as a query's would be.  The
 * entries are made and the candidates verified by the threads. */
void
sm_join_pairs(sm_matcher *mt)
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

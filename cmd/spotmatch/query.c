/* A group's prefix index and its queries: the members put in rank order
 * (by descending length), their prefixes, bitmaps and lengths made by the
 * threads, the inverted index of the prefixes; a query's walk of its
 * prefix's lists with the length and positional filters, and its
 * candidates verified (the bounds are bound.c's); the queries handed out
 * in batches to the threads. */
#include "matcher.h"

#include <stdlib.h>

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
			sm_doc_bits(c, d, mt->bits.v[r].bits);
			mt->bits.v[r].len = d->len;
			if (mt->bypair)
				continue;       /* sm_join_pairs reads the arrays */
			np = sm_prefix_len(mt, d, 0);
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
	mt->lenlo = n ? UINT64_MAX : 0;
	mt->lenhi = 0;
	for (r = 0; r < n; r++) {
		mt->lenlo = mt->bits.v[r].len < mt->lenlo ? mt->bits.v[r].len : mt->lenlo;
		mt->lenhi = mt->bits.v[r].len > mt->lenhi ? mt->bits.v[r].len : mt->lenhi;
	}
	if (mt->bypair)
		return;        /* sm_join_pairs */
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

void
sm_drop_index(sm_matcher *mt)
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
		sm_doc_bits(c, &c->docs.v[q], own);
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
	uint64_t rest = d->len, from, need, ub, least;
	size_t i, j, j0, n, np;
	uint32_t l, r, wt, len = d->len;
	int sorted = c->prune && c->partition;

	if (++w->query == 0) {
		memset(w->stamp, 0xff, w->cap * sizeof *w->stamp);
		w->query = 1;
	}
	w->cand.n = 0;
	/* the prefix for the overlap a match needs with any member the query
	 * may meet, when it is more than that of any match: a member meets
	 * only members as long as itself or longer when the lists go by
	 * length (ranks below its own), a probe or a member of lists in input
	 * order every member, whose lengths the index knows.  (A probe of a
	 * length partition is shorter than every member: its prefix is then
	 * that of a member of its length, not the longer one it would need
	 * to meet a document of any length.) */
	need = sm_alpha_of(mt, d, 0);
	if (c->prune && mt->nmember > 0) {
		least = sm_need_least(c, len, sorted && below != NONE ? len : mt->lenlo,
		    mt->lenhi);
		need = least > need ? least : need;
	}
	np = sm_prefix_len(mt, d, need);
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

void
sm_run_queries(sm_matcher *mt, size_t from, size_t total)
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

/* The matcher: made for a number of threads, a group matched (opened:
 * its copies folded, its index built or its join done; the queries run;
 * closed: the copies' pairs added), the pairs collected, sorted, and the
 * matcher freed with its counts added to the context's.  The steps are
 * those of copies.c, query.c and pjoin.c. */
#include "matcher.h"

#include <stdlib.h>


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
	sm_fold(mt, g->member, g->nmember, mt->rmember.v, &nm);
	mt->nmcls = mt->cls.n;
	mt->nrep = nm;
	sm_fold(mt, g->probe, g->nprobe, mt->rprobe.v, &np);
	r = (sm_group){ mt->rmember.v, mt->rprobe.v, nm, np };
	for (t = 0; t < mt->nw; t++)
		mt->w[t].mark = mt->w[t].pairs.n;
	mt->bypair = sm_pair_keys(mt, &r);
	mt->npairgroups += (unsigned long)mt->bypair;
	sm_index(mt, &r);
	if (mt->bypair) {
		size_t found = 0;

		sm_join_pairs(mt);
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
	sm_drop_index(mt);
	if (mt->nfolded == mt->before)
		return;
	for (t = 0; t < mt->nw; t++)
		sm_unfold(mt, &mt->w[t].pairs, mt->w[t].mark);
	sm_close_classes(mt, mt->nmcls, &mt->w[0].pairs);
}

void
sm_match_group(sm_matcher *mt, const sm_group *g)
{
	if (g->nmember == 0)
		return;
	if (sm_group_open(mt, g))
		sm_run_queries(mt, 0, mt->total);
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
	sm_run_queries(mt, mt->nmember, mt->nmember + n);
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

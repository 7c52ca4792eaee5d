/* evaluate's scores: a run's pairs or clusters counted against the gold
 * clusters (pairs reported and correct, the Adjusted Rand Index), -m's
 * clustering of the pairs at a threshold, and the thresholds of a sweep. */
#include "dk.h"
#include "cluster.h"
#include "evaluate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int
same_gold(uint32_t a, uint32_t b)
{
	return gold.gcl.v[a] == gold.gcl.v[b];
}

/* Scores of a pair run at each threshold of taus (ascending). */
void
score_pairs(const struct run *run, struct score *s, size_t ns)
{
	size_t i = 0, k;
	uint64_t correct = 0;

	/* pairs by descending SIM, thresholds by descending value */
	for (k = ns; k-- > 0; ) {
		for (; i < run->pairs.n && run->pairs.v[i].sim >= s[k].tau; i++)
			correct += same_gold(run->pairs.v[i].a, run->pairs.v[i].b);
		s[k].reported = i;
		s[k].correct = correct;
	}
}

static int
by_cell(const void *x, const void *y)
{
	const struct cell *p = x, *q = y;

	if (p->pred != q->pred)
		return p->pred < q->pred ? -1 : 1;
	return (p->gold > q->gold) - (p->gold < q->gold);
}

/* The cells of the contingency table of predicted and gold clusters;
 * IDs the input does not name are singletons and make no pairs. */
size_t
cells(const struct run *run, struct cell **out)
{
	DK_VEC(struct cell) v = { 0 };
	struct cell c;
	size_t i;

	for (i = 0; i < run->pcl.n; i++) {
		if (run->pcl.v[i] == UINT32_MAX)
			continue;
		c.pred = run->pcl.v[i];
		c.gold = gold.gcl.v[i];
		DK_PUSH(&v, c);
	}
	if (v.n)
		qsort(v.v, v.n, sizeof *v.v, by_cell);
	*out = v.v;
	return v.n;
}

/* The Adjusted Rand Index (Hubert and Arabie 1985) of the pairs of the
 * contingency table: (index - expected) / (maximum - expected), over every
 * ID of the gold file (and every unknown ID taken as a singleton). */
static double
ari(const struct score *s)
{
	double all = (double)choose2(dk_intern_count(&gold.ids));
	double expected, max;

	if (all == 0)
		return NAN;
	expected = (double)s->reported * (double)gold.truepairs / all;
	max = ((double)s->reported + (double)gold.truepairs) / 2;
	if (max == expected)
		return NAN;
	return ((double)s->correct - expected) / (max - expected);
}

/* -m: the clusters of the run's pairs with SIM >= tau, as dkcluster(1) makes
 * them from the same pairs, into run->pcl.  Nodes are the IDs in order of
 * first appearance, then the IDs the pairs do not name. */
void
cluster_pairs(struct run *run, int64_t tau)
{
	size_t n = dk_intern_count(&gold.ids), k, m = 0;
	uint32_t *node = dk_reallocarray(NULL, n ? n : 1, sizeof *node);
	uint32_t *pos = dk_reallocarray(NULL, n ? n : 1, sizeof *pos);
	uint32_t *head = dk_reallocarray(NULL, n ? n : 1, sizeof *head), i;
	struct dk_edge *e = dk_reallocarray(NULL, run->pairs.n ? run->pairs.n : 1, sizeof *e);

	for (k = 0; k < run->seen.n; k++)
		node[m++] = run->seen.v[k];
	for (i = 0; i < n; i++)
		if (i >= run->isseen.n || !run->isseen.v[i])
			node[m++] = i;
	for (k = 0; k < n; k++)
		pos[node[k]] = (uint32_t)k;
	for (k = 0; k < run->pairs.n; k++) {
		e[k].a = pos[run->pairs.v[k].a];
		e[k].b = pos[run->pairs.v[k].b];
		e[k].sim = (uint32_t)run->pairs.v[k].sim;
	}
	dk_cluster(opt.method, (uint32_t)n, e, run->pairs.n, (uint32_t)(tau < 0 ? 0 : tau), head,
	    NULL, 0);
	run->pcl.n = 0;
	for (i = 0; i < n; i++)
		DK_PUSH(&run->pcl, head[pos[i]]);
	free(node);
	free(pos);
	free(head);
	free(e);
}

void
score_clusters(const struct run *run, struct score *s)
{
	struct cell *c;
	size_t n = cells(run, &c), i, j, k;

	s->reported = s->correct = 0;
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && c[j].pred == c[i].pred; j++)
			;
		s->reported += choose2(j - i);
		for (k = i; k < j; ) {
			size_t e = k;
			while (e < j && c[e].gold == c[k].gold)
				e++;
			s->correct += choose2(e - k);
			k = e;
		}
	}
	free(c);
	s->ari = ari(s);
}

/* The thresholds of a sweep: from TAU, or the lowest SIM of any run rounded
 * down to a step, up to 1. */
size_t
thresholds(const struct run *runs, size_t nruns, struct score **out)
{
	int64_t lo = opt.tau, t;
	size_t i, n = 0;
	struct score *s;

	if (lo < 0) {
		for (i = 0; i < nruns; i++)
			if (runs[i].minsim >= 0 && (lo < 0 || runs[i].minsim < lo))
				lo = runs[i].minsim;
		lo = lo < 0 ? opt.step : lo / opt.step * opt.step;
	}
	for (t = lo; t <= MICRO; t += opt.step)
		n++;
	s = dk_calloc(n, sizeof *s);
	for (i = 0, t = lo; i < n; i++, t += opt.step)
		s[i].tau = t;
	*out = s;
	return n;
}

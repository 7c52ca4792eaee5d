/* The global order of the signatures (sm_order_sigs): numbered by
 * ascending document frequency, counted by the threads, and every
 * document's array re-sorted in that order. */
#include "sm.h"

#include <stdlib.h>

struct resort {
	sm_ctx *c;
	const uint32_t *to;
	dk_counter next;
};

/* Renumbers and re-sorts the arrays of a share of the documents (a probe
 * sharing its member's array leaves it to the member). */
static void
resort_work(void *arg, int tid)
{
	struct resort *rs = arg;
	sm_ctx *c = rs->c;
	size_t k, end, i, j, n = c->docs.n;
	DK_VEC(dk_idcount) tmp = { 0 };
	dk_idcount *v, x;
	uint32_t *id, xid;
	uint8_t *cnt, xcnt;
	sm_doc *d;

	(void)tid;
	while ((k = dk_counter_take(&rs->next, 4096, n)) < n) {
		for (end = k + 4096 < n ? k + 4096 : n; k < end; k++) {
			d = &c->docs.v[k];
			if (d->flags & SM_SHARED)
				continue;
			if (sm_doc_has_big(c, d)) {
				/* the big counts follow their signatures */
				DK_GROW(&tmp, d->nsig);
				v = tmp.v;
				sm_doc_get(c, d, v);
				for (i = 0; i < d->nsig; i++)
					v[i].id = rs->to[v[i].id];
				for (i = 1; i < d->nsig; i++) {
					x = v[i];
					for (j = i; j > 0 && v[j - 1].id > x.id; j--)
						v[j] = v[j - 1];
					v[j] = x;
				}
				sm_pool_set(c, d, v);
				continue;
			}
			id = c->pool.v + d->sig;
			for (i = 0; i < d->nsig; i++)
				id[i] = rs->to[id[i]];
			if (!(d->flags & SM_COUNTS)) {
				for (i = 1; i < d->nsig; i++) {
					xid = id[i];
					for (j = i; j > 0 && id[j - 1] > xid; j--)
						id[j] = id[j - 1];
					id[j] = xid;
				}
				continue;
			}
			cnt = (uint8_t *)(id + d->nsig);
			for (i = 1; i < d->nsig; i++) {
				xid = id[i], xcnt = cnt[i];
				for (j = i; j > 0 && id[j - 1] > xid; j--)
					id[j] = id[j - 1], cnt[j] = cnt[j - 1];
				id[j] = xid, cnt[j] = xcnt;
			}
		}
	}
	free(tmp.v);
}

/* The document frequency of every signature, counted by the threads:
 * each over a share of the documents (each array once: not a probe's that
 * shares it) into a table of its own, then the tables summed by ranges of
 * signatures. */
struct dfcount {
	const sm_ctx *c;
	size_t nsig;
	uint32_t **cnt;            /* by thread */
	uint32_t *df;
	int nw;
	dk_counter next, next2;
};

static void
count_work(void *arg, int tid)
{
	struct dfcount *dc = arg;
	const sm_ctx *c = dc->c;
	const uint32_t *s;
	const sm_doc *d;
	size_t k, end, i, n = c->docs.n;
	uint32_t *cnt = dc->cnt[tid] = dk_calloc(dc->nsig + 1, sizeof *cnt);

	while ((k = dk_counter_take(&dc->next, 4096, n)) < n)
		for (end = k + 4096 < n ? k + 4096 : n; k < end; k++) {
			d = &c->docs.v[k];
			if (d->flags & SM_SHARED)
				continue;
			for (s = sm_doc_sigs(c, d), i = 0; i < d->nsig; i++)
				cnt[s[i]]++;
		}
}

static void
sum_work(void *arg, int tid)
{
	struct dfcount *dc = arg;
	size_t k, end, n = dc->nsig;
	uint32_t sum;
	int t;

	(void)tid;
	while ((k = dk_counter_take(&dc->next2, 1 << 14, n)) < n)
		for (end = k + (1 << 14) < n ? k + (1 << 14) : n; k < end; k++) {
			for (sum = 0, t = 0; t < dc->nw; t++)
				sum += dc->cnt[t][k];
			dc->df[k] = sum;
		}
}

/* df[0..nsig): the document frequencies; with threads when their tables
 * are not too large. */
static void
count_df(const sm_ctx *c, size_t nsig, uint32_t *df)
{
	struct dfcount dc = { c, nsig, NULL, df, c->nthreads, { 0 }, { 0 } };
	int t;

	if (dc.nw < 1 || c->pool.nocc < ((size_t)1 << 18) ||
	    nsig * (size_t)dc.nw > ((size_t)1 << 26))
		dc.nw = 1;
	dc.cnt = dk_calloc((size_t)dc.nw, sizeof *dc.cnt);
	dk_parallel(dc.nw, count_work, &dc);
	dk_parallel(dc.nw, sum_work, &dc);
	for (t = 0; t < dc.nw; t++)
		free(dc.cnt[t]);
	free(dc.cnt);
}

/* Renumbers the signatures from 1 by ascending document frequency (ties by
 * first appearance) and re-sorts every document: its array is sorted for
 * merging, and a query's visiting order (visit_order) breaks its ties by
 * the global frequency.  Number 0 is left free (--against counts there the signatures
 * of a query that no indexed document holds). */
void
sm_order_sigs(sm_ctx *c, uint32_t **map)
{
	size_t nsig = dk_intern_count(&c->sigs), i, maxdf = 0;
	uint32_t *df = dk_reallocarray(NULL, nsig + 1, sizeof *df), *at;
	uint32_t *to = dk_reallocarray(NULL, nsig + 1, sizeof *to);
	struct resort rs;

	count_df(c, nsig, df);
	/* a stable counting sort by frequency, which keeps the first
	 * appearance order of equal ones */
	for (i = 0; i < nsig; i++)
		maxdf = df[i] > maxdf ? df[i] : maxdf;
	at = dk_calloc(maxdf + 2, sizeof *at);
	for (i = 0; i < nsig; i++)
		at[df[i] + 1]++;
	for (i = 1; i <= maxdf + 1; i++)
		at[i] += at[i - 1];
	for (i = 0; i < nsig; i++)
		to[i] = ++at[df[i]];
	rs = (struct resort){ c, to, { 0 } };
	dk_parallel(c->nthreads, resort_work, &rs);
	free(df);
	free(at);
	if (map)
		*map = to;
	else
		free(to);
}

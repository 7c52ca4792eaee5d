/* spotmatch --window: the global order of prefix filtering.  A slot's
 * serial is its place in it, newest first: by birth, or by the document
 * frequencies of -L's lexicon, or, once --learn's documents have come in,
 * by those of the window itself.  Here the ranks, the learning, and the
 * sort that puts a document's signatures in that order. */
#include "window.h"

#include <stdlib.h>
#include <string.h>

/* A signature to rank (a slot, or a lexicon's id) by its document
 * frequency, most common first; among equals by tie, lowest first, so the
 * order is total. */
struct ranked {
	uint64_t df, tie;
	uint32_t id;
};

static int
by_df(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	if (a->df != b->df)
		return a->df > b->df ? -1 : 1;
	return (a->tie > b->tie) - (a->tie < b->tie);
}

void
win_order_load(struct win *w, const char *path)
{
	struct ranked *v;
	size_t n, i;

	w->lex = dk_lexicon_new();
	if (dk_lexicon_load(w->lex, path) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	n = dk_lexicon_size(w->lex);
	v = dk_reallocarray(NULL, n ? n : 1, sizeof *v);
	for (i = 0; i < n; i++)
		v[i] = (struct ranked){ dk_lexicon_df_id(w->lex, (uint32_t)i), i, (uint32_t)i };
	qsort(v, n, sizeof *v, by_df);
	w->rank = dk_reallocarray(NULL, n ? n : 1, sizeof *w->rank);
	for (i = 0; i < n; i++)
		w->rank[v[i].id] = i + 1;
	w->nrank = n;
	free(v);
}

/* By least significant digit first (11 bits a pass, as many passes as the
 * largest serial needs): qsort's comparisons cost more than all the rest
 * of a document's handling. */
void
win_sort_by_serial(struct query *q)
{
	size_t cnt[2048], i, n = q->ord.n, sum, c;
	uint64_t top = 0;
	struct order *a = q->ord.v, *b, *tmp;
	int shift;

	DK_GROW(&q->ord2, n);
	b = q->ord2.v;
	for (i = 0; i < n; i++)
		top |= a[i].serial;
	for (shift = 0; shift < 64 && (top >> shift) != 0; shift += 11) {
		memset(cnt, 0, sizeof cnt);
		for (i = 0; i < n; i++)
			cnt[(a[i].serial >> shift) & 2047]++;
		for (i = sum = 0; i < 2048; i++) {
			c = cnt[i];
			cnt[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[cnt[(a[i].serial >> shift) & 2047]++] = a[i];
		tmp = a;
		a = b;
		b = tmp;
	}
	if (a != q->ord.v)
		memcpy(q->ord.v, a, n * sizeof *a);
}

/* Renumbers the signatures of the window by their document frequency in
 * it, the most common lowest, so that prefixes hold the rarest (as -L does
 * from a lexicon); signatures born later rank above them all, by birth.
 * Every document of the window is then sorted and indexed again: the same
 * order for all, as exactness needs, only a better one.  Runs once, after
 * o.learn documents; the index is rebuilt, so it costs about as much as
 * taking those documents in. */
size_t
win_learn(struct win *w)
{
	struct wdict *dict = &w->dict;
	struct query *q = &w->q;
	struct ranked *v;
	uint32_t *df, k;
	uint64_t s;
	size_t i, n = 0;

	win_sweep(w);           /* the dictionary holds the window's signatures only */
	df = dk_calloc(dict->n ? dict->n : 1, sizeof *df);
	for (s = w->head; s < w->tail; s++) {
		const struct doc *d = win_doc(w, s);

		for (k = 0; k < d->ntok; k++)
			df[d->tok[k]]++;
	}
	v = dk_reallocarray(NULL, dict->live ? dict->live : 1, sizeof *v);
	for (i = 0; i < dict->n; i++) {
		struct tok *t = &dict->v[i];

		if (t->serial == 0)
			continue;
		/* among equals, born first */
		v[n++] = (struct ranked){ df[i], t->serial, (uint32_t)i };
		win_bands_free(w, t);       /* every list is built again below */
	}
	qsort(v, n, sizeof *v, by_df);
	for (i = 0; i < n; i++)
		dict->v[v[i].id].serial = i + 1;
	dict->serial = n;
	for (s = w->head; s < w->tail; s++) {
		struct doc *d = win_doc(w, s);

		q->ord.n = 0;
		DK_GROW(&q->ord, d->ntok);
		for (k = 0; k < d->ntok; k++)
			q->ord.v[k] = (struct order){ dict->v[d->tok[k]].serial, d->tok[k],
			    d->cnt ? d->cnt[k] : 1 };
		q->ord.n = d->ntok;
		if (q->ord.n > 1)
			win_sort_by_serial(q);
		for (k = 0; k < d->ntok; k++) {          /* newest first */
			const struct order *o = &q->ord.v[d->ntok - 1 - k];

			d->tok[k] = o->slot;
			if (d->cnt)
				d->cnt[k] = o->count;
		}
		win_index(w, s);
	}
	free(v);
	free(df);
	return n;
}

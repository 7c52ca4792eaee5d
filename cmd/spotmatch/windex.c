/* spotmatch --window: the window and its index.  The documents of the
 * window in a ring, in arrival order; the prefix of each indexed into its
 * signatures' posting lists, one list per length band (struct band);
 * eviction from the head, and the sweep that frees what evicted documents
 * left behind: slots no document holds, postings at the head of a list. */
#include "window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
win_grow(struct win *w)
{
	size_t size = w->ring ? (w->mask + 1) * 2 : 1024;
	struct doc *ring = dk_calloc(size, sizeof *ring);
	uint64_t s;

	for (s = w->head; s < w->tail; s++)
		ring[s & (size - 1)] = *win_doc(w, s);
	w->held += (size - (w->ring ? w->mask + 1 : 0)) *
	    (sizeof *ring + sizeof *w->tally + sizeof(uint16_t));
	free(w->ring);
	w->ring = ring;
	w->mask = size - 1;
	/* no query is under way: marks can start afresh */
	free(w->tally);
	free(w->dense);
	w->tally = dk_calloc(size, sizeof *w->tally);
	w->dense = dk_calloc(size, sizeof *w->dense);
}

/* Both must stay below 2^16, MAX below SPAN. */
void
win_narrow_limits(struct win *w)
{
	const char *e = getenv("DK_TEST_WINDOW_NARROW");
	unsigned long max, span;
	int end = 0;

	w->narrow = 1;
	w->narrow_max = 60000;
	w->span_max = 65000;
	if (!e)
		return;
	if (sscanf(e, "%lu,%lu%n", &max, &span, &end) != 2 || e[end] != '\0' ||
	    max < 1 || max >= span || span > 65000)
		dk_diex(DK_EXIT_INPUT, "DK_TEST_WINDOW_NARROW: want MAX,SPAN with 0 < MAX < SPAN <= 65000");
	w->narrow_max = max;
	w->span_max = span;
}

/* Every posting made 32 bits wide, when the window grows beyond
 * narrow_max documents. */
static void
posts_widen(struct win *w)
{
	size_t i;
	uint32_t k, j;

	for (i = 0; i < w->dict.n; i++) {
		struct tok *t = &w->dict.v[i];

		for (k = 0; k < t->nband; k++) {
			struct band *b = &t->band[k];
			uint32_t *wide = b->pcap ? dk_reallocarray(NULL, b->pcap, sizeof *wide) : NULL;

			for (j = b->pstart; j < b->pend; j++)
				wide[j] = post_seq(w, b, j);
			free(b->seq);
			b->seq = wide;
			w->held += (size_t)b->pcap * (sizeof(uint32_t) - sizeof(uint16_t));
		}
	}
	w->narrow = 0;
}

void
win_bands_free(struct win *w, struct tok *t)
{
	uint32_t k;

	for (k = 0; k < t->nband; k++) {
		w->held -= (size_t)t->band[k].pcap * (post_size(w) +
		    (t->band[k].cnt ? sizeof *t->band[k].cnt : 0));
		free(t->band[k].seq);
		free(t->band[k].cnt);
	}
	t->nband = 0;
}

static void
post_push(struct win *w, struct tok *t, uint32_t num, uint32_t seq, uint32_t n)
{
	uint32_t i = band_find(t, num);
	struct band *b;

	if (i == t->nband || t->band[i].num != num) {
		if (t->nband == t->bandcap) {
			uint32_t cap = t->bandcap ? t->bandcap * 2 : 1;

			t->band = dk_reallocarray(t->band, cap, sizeof *t->band);
			w->held += (size_t)(cap - t->bandcap) * sizeof *t->band;
			t->bandcap = cap;
		}
		memmove(t->band + i + 1, t->band + i, (t->nband - i) * sizeof *t->band);
		t->nband++;
		t->band[i] = (struct band){ NULL, NULL, 0, 0, 0, num };
	}
	b = &t->band[i];
	if (b->pend == b->pcap) {
		if (b->pstart >= b->pend / 2 && b->pstart > 0) {
			memmove(b->seq, post_addr(w, b, b->pstart), (b->pend - b->pstart) * post_size(w));
			if (b->cnt)
				memmove(b->cnt, b->cnt + b->pstart, (b->pend - b->pstart) * sizeof *b->cnt);
			b->pend -= b->pstart;
			b->pstart = 0;
		} else {
			uint32_t cap = b->pcap ? b->pcap * 2 : 4;

			b->seq = dk_reallocarray(b->seq, cap, post_size(w));
			if (b->cnt)
				b->cnt = dk_reallocarray(b->cnt, cap, sizeof *b->cnt);
			w->held += (size_t)(cap - b->pcap) *
			    (post_size(w) + (b->cnt ? sizeof *b->cnt : 0));
			b->pcap = cap;
		}
	}
	if (n != 1 && !b->cnt) {
		uint32_t k;

		b->cnt = dk_reallocarray(NULL, b->pcap, sizeof *b->cnt);
		for (k = 0; k < b->pend; k++)
			b->cnt[k] = 1;
		w->held += (size_t)b->pcap * sizeof *b->cnt;
	}
	if (w->narrow)
		((uint16_t *)b->seq)[b->pend] = (uint16_t)seq;
	else
		((uint32_t *)b->seq)[b->pend] = seq;
	if (b->cnt)
		b->cnt[b->pend] = n;
	b->pend++;
}

void
win_evict_head(struct win *w)
{
	struct doc *d = win_doc(w, w->head);

	w->held -= d->bytes;
	free(d->id);
	free(d->tok);
	free(d->cnt);
	memset(d, 0, sizeof *d);
	w->head++;
}

void
win_sweep(struct win *w)
{
	size_t i;
	uint32_t k;

	for (i = 0; i < w->dict.n; i++) {
		struct tok *t = &w->dict.v[i];

		if (t->serial == 0)
			continue;
		if (!win_holds(w, t->last)) {
			win_bands_free(w, t);
			w->held -= (size_t)t->bandcap * sizeof *t->band;
			free(t->band);
			t->band = NULL;
			t->bandcap = 0;
			win_dict_drop(w, (uint32_t)i);
			continue;
		}
		for (k = 0; k < t->nband; k++) {
			struct band *b = &t->band[k];

			post_trim(w, b);
			if (b->pstart == b->pend)
				b->pstart = b->pend = 0;
		}
	}
	w->swept = w->tail;
	w->oldest = w->head;
}

void
win_index(struct win *w, uint64_t seq)
{
	struct doc *d = win_doc(w, seq);
	struct tok *v = w->dict.v;
	uint32_t i;

	d->nprefix = prefix_size(w, d->cnt, d->ntok, d->len, &d->lastn, &d->ell);
	d->band = band_of(d->len);
	for (i = 0; i < d->nprefix; i++) {
		/* the band lists are scattered: fetch some ahead */
		if (i + 8 < d->nprefix)
			__builtin_prefetch(v[d->tok[i + 8]].band);
		post_push(w, &v[d->tok[i]], d->band, (uint32_t)seq,
		    i + 1 == d->nprefix ? d->lastn : d->cnt ? d->cnt[i] : 1);
	}
}

/* The document the query scratch holds, as the window keeps it. */
static void
make_doc(struct doc *d, const struct query *q, const dk_str *id, int64_t t, uint64_t len)
{
	uint32_t i, n = (uint32_t)q->tok.n;
	int ones = 1;

	for (i = 0; i < n && ones; i++)
		ones = q->cnt.v[i] == 1;
	memset(d, 0, sizeof *d);
	d->id = dk_memdup(id->p, id->n + 1);
	d->id[id->n] = '\0';
	d->time = t;
	d->tok = dk_reallocarray(NULL, n, sizeof *d->tok);
	memcpy(d->tok, q->tok.v, n * sizeof *d->tok);
	if (!ones) {
		d->cnt = dk_reallocarray(NULL, n, sizeof *d->cnt);
		memcpy(d->cnt, q->cnt.v, n * sizeof *d->cnt);
	}
	d->ntok = n;
	d->len = len;
	d->bytes = id->n + 1 + (size_t)n * sizeof *d->tok * (ones ? 1 : 2);
}

void
win_add(struct win *w, const dk_str *id, int64_t t, uint64_t len)
{
	struct doc nd, *d;

	make_doc(&nd, &w->q, id, t, len);
	if (w->narrow && w->tail - w->head >= w->narrow_max)
		posts_widen(w);
	if (w->tail - w->head == (w->ring ? w->mask + 1 : 0))
		win_grow(w);
	d = win_doc(w, w->tail);
	*d = nd;
	/* (win_query_load() marked every signature as held by it) */
	win_index(w, w->tail);
	w->held += d->bytes;
	w->tail++;
	/* a sweep after a quarter of the window has come in, so what lingers
	 * stays a fraction of what the window holds (not before the document
	 * is in: its new signatures are held by no document until then) */
	if ((w->tail - w->swept >= 256 && (w->tail - w->swept) * 4 >= w->tail - w->head) ||
	    (w->narrow && w->tail - w->oldest >= w->span_max))
		win_sweep(w);
	if (w->tail - w->head > w->peak)
		w->peak = (size_t)(w->tail - w->head);
}

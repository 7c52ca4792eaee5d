/* spotmatch --window: one arriving document, the query.  Its signatures
 * interned and put in the global order; the posting lists its prefix
 * reaches, in the bands whose lengths can match its own, counted into
 * candidates (one at a time, or densely when there are many); each
 * candidate verified by its overlap, and the hits kept in arrival order. */
#include "window.h"

#include <stdlib.h>
#include <string.h>

uint64_t
win_query_load(struct win *w, const dk_sigs *sigs, dk_reader *r)
{
	struct query *q = &w->q;
	const struct tok *v;
	uint64_t len = 0;
	size_t i;

	q->ord.n = 0;
	DK_GROW(&q->ord, sigs->n);
	DK_GROW(&q->hash, sigs->n);
	win_dict_intern_sigs(w, sigs, q->hash.v, q->ord.v);
	q->ord.n = sigs->n;
	if (q->ord.n > 1)
		win_sort_by_serial(q);
	q->tok.n = q->cnt.n = q->ser.n = 0;
	DK_GROW(&q->tok, q->ord.n);
	DK_GROW(&q->cnt, q->ord.n);
	DK_GROW(&q->ser, q->ord.n);
	v = w->dict.v;
	for (i = 0; i < q->ord.n; i++) {
		const struct order *o = &q->ord.v[q->ord.n - 1 - i];   /* newest first */

		if (i > 0 && o->slot == o[1].slot)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "signature '%.*s' listed twice", (int)v[o->slot].n,
			    tok_bytes(&v[o->slot]));
		q->tok.v[i] = o->slot;
		q->cnt.v[i] = o->count;
		q->ser.v[i] = o->serial;
		len += o->count;
	}
	q->ones = len == q->ord.n;
	q->tok.n = q->cnt.n = q->ser.n = q->ord.n;
	return len;
}

/* Overlap of the query with d, or less than need when it cannot reach it. */
static uint64_t
overlap(const struct win *w, const struct doc *d, uint64_t lenq, uint64_t need)
{
	const struct query *q = &w->q;
	uint64_t o = 0, restq = lenq, restd = d->len, sa;
	uint32_t i = 0, j = 0;
	unsigned adv;

	/* both sorted by serial, highest first */
	while (i < q->tok.n && j < d->ntok) {
		if (o + (restq < restd ? restq : restd) < need)
			return o;
		sa = w->dict.v[d->tok[j]].serial;
		adv = dk_overlap_step(q->ser.v[i] > sa ? -1 : q->ser.v[i] < sa,
		    q->cnt.v[i], d->cnt ? d->cnt[j] : 1, &o, &restq, &restd);
		i += adv & 1;
		j += adv >> 1;
	}
	return o;
}

/* Marks the slots of the query's signatures in q->bits (on), or clears
 * them (off); nslots is the dictionary's. */
static void
query_mark(struct query *q, size_t nslots, int on)
{
	size_t i, words = nslots / 64 + 1;

	if (on && q->bits.n < words) {
		DK_GROW(&q->bits, words);
		memset(q->bits.v + q->bits.n, 0, (words - q->bits.n) * sizeof *q->bits.v);
		q->bits.n = words;
	}
	for (i = 0; i < q->tok.n; i++) {
		uint32_t s = q->tok.v[i];

		if (on)
			q->bits.v[s / 64] |= (uint64_t)1 << (s % 64);
		else
			q->bits.v[s / 64] = 0;
	}
}

/* overlap() when neither the query nor d holds a signature twice: d's
 * slots, read in a row, are looked up in the query's bits, which stay in
 * the cache, rather than merged by serial, one scattered slot each. */
static uint64_t
overlap_set(const struct query *q, const struct doc *d, uint64_t need)
{
	uint64_t o = 0;
	uint32_t j;

	for (j = 0; j < d->ntok; j++) {
		uint32_t s = d->tok[j];

		o += q->bits.v[s / 64] >> (s % 64) & 1;
		if ((j & 255) == 255 && o + (d->ntok - 1 - j) < need)
			break;
	}
	return o;
}

static int
by_seq(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Is d, a document of the window, in the window of a document at time t?
 * With disorder the window holds documents on either side of t. */
static int
in_window(const struct win *w, const struct doc *d, int64_t t)
{
	int64_t gap = d->time > t ? d->time - t : t - d->time;

	return gap <= w->o.window;
}

/* Asks for every cache line of [from, to). */
static inline void
fetch_lines(const void *from, const void *to)
{
	const char *x = (const char *)((uintptr_t)from & ~(uintptr_t)63);

	for (; x < (const char *)to; x += 64)
		__builtin_prefetch(x);
}

/* Fetches every line of the postings of the spans, all before any is
 * counted.  The lists are short (a few lines each) and scattered, too short
 * for the hardware's own fetching ahead to start on one, and fetched list
 * by list, some ahead, they still came one or two lines at a time: asking
 * for all at once keeps the memory busy with as many as it takes at a time,
 * and they fit in the second-level cache with the counts.  A third off the
 * time of a decision on the benchmark's feed. */
static void
spans_fetch(const struct win *w)
{
	const struct query *q = &w->q;
	uint32_t i;

	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;

		fetch_lines(post_addr(w, b, b->pstart), post_addr(w, b, b->pend));
	}
}

/* Counts the postings of q->span into the tallies, one document at a
 * time, and lists the documents that share at least need elements with
 * the query in q->cand. */
static void
count_sparse(struct win *w, uint64_t need)
{
	struct query *q = &w->q;
	uint32_t i, k, mark;
	size_t n;

	if ((uint32_t)++q->n == 0) {     /* marks wrapped around: forget them */
		memset(w->tally, 0, (w->mask + 1) * sizeof *w->tally);
		q->n++;
	}
	mark = (uint32_t)q->n;
	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;
		const uint32_t *cnt = b->cnt ? b->cnt + b->pstart : NULL;
		uint32_t qn = q->span.v[i].qn;

		for (k = 0, n = b->pend - b->pstart; k < n; k++) {
			size_t at = post_seq(w, b, b->pstart + k) & w->mask;
			struct tally *ta = &w->tally[at];

			if (ta->mark != mark) {
				ta->mark = mark;
				ta->shared = 0;
				DK_GROW(&q->cand, q->cand.n + 1);
				q->cand.v[q->cand.n++].seq = win_seq(w, at);
			}
			/* qn is at least 1 */
			ta->shared += !cnt ? 1 : qn < cnt[k] ? qn : cnt[k];
		}
	}
	for (i = k = 0; i < q->cand.n; i++) {
		const struct tally *ta = &w->tally[q->cand.v[i].seq & w->mask];

		if (ta->shared >= need) {
			q->cand.v[i].shared = ta->shared;
			q->cand.v[k++] = q->cand.v[i];
		}
	}
	q->cand.n = k;
}

/* The same with the dense counts, a 16-bit count a document, each posting
 * one increment, no test (the caller sees to it that no count can reach
 * 2^15).  The documents that reach need are then found block by block: the
 * largest count of a block, a loop the compiler turns into vector
 * instructions, rules most blocks out at once, and the counts are cleared
 * all together.  A fifth off the counting on the benchmark's feed. */
static void
count_dense(struct win *w, uint64_t need)
{
	enum { BLOCK = 64 };        /* the ring holds at least 1024 */
	struct query *q = &w->q;
	uint16_t *c = w->dense, top;
	size_t at, size = w->mask + 1, n;
	uint32_t i, k;

	q->dense++;
	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;
		const uint32_t *cnt = b->cnt ? b->cnt + b->pstart : NULL;
		uint32_t qn = q->span.v[i].qn;

		n = b->pend - b->pstart;
		if (cnt)
			for (k = 0; k < n; k++) {
				at = post_seq(w, b, b->pstart + (uint32_t)k) & w->mask;
				c[at] += (uint16_t)(qn < cnt[k] ? qn : cnt[k]);
			}
		else if (w->narrow) {
			/* the ring has at most 2^16 slots: the low bits are the slot */
			const uint16_t *post = (const uint16_t *)b->seq + b->pstart;

			for (k = 0; k < n; k++)
				c[post[k] & w->mask]++;
		} else {
			const uint32_t *post = (const uint32_t *)b->seq + b->pstart;

			for (k = 0; k < n; k++)
				c[post[k] & w->mask]++;
		}
	}
	for (at = 0; at < size; at += BLOCK) {
		for (k = 0, top = 0; k < BLOCK; k++)
			top = c[at + k] > top ? c[at + k] : top;
		if (top < need)
			continue;
		for (k = 0; k < BLOCK; k++)
			if (c[at + k] >= need) {
				DK_GROW(&q->cand, q->cand.n + 1);
				q->cand.v[q->cand.n].seq = win_seq(w, at + k);
				q->cand.v[q->cand.n++].shared = c[at + k];
			}
	}
	memset(c, 0, size * sizeof *c);
}

void
win_query_run(struct win *w, uint64_t lenq, int64_t t)
{
	struct query *q = &w->q;
	const struct tok *v = w->dict.v;
	uint64_t lo, hi, need, ell_q, ell_lo, a, o;
	uint32_t blo, bhi, bq;
	struct cut { uint32_t n, lastn; } up[64];
	uint32_t lastn, np = prefix_size(w, q->cnt.v, (uint32_t)q->tok.n, lenq, &lastn, &ell_q);
	uint32_t i, k, qn;
	uint64_t tot;
	struct doc *d;
	double sim;

	q->prefix += np;
	q->cand.n = q->hits.n = 0;
	if (w->tail == w->head)         /* nothing to compare with, no ring yet */
		return;
	/* the bands whose lengths can reach tau with the query's, with a
	 * length to spare on either side against rounding (and within
	 * --size-ratio's) */
	dk_len_range(dk_len_ratio(w->ratio, w->o.size_ratio), lenq, &lo, &hi);
	blo = band_of(lo);
	/* a document long enough to match needs at least ell_of(lo) shared
	 * elements, as ell grows with the length: below that (and below the
	 * query's own) a count rules a document out without reading it */
	ell_lo = ell_of(w, lo) < ell_q ? ell_of(w, lo) : ell_q;
	bhi = band_of(hi);
	/* every document of a band above the query's own is longer than the
	 * query, and a match shares with it at least alpha_of() the band's
	 * lower bound, more than the query's own alpha: the first ell_q
	 * elements they share lie in a shorter prefix of the query, and that
	 * is all it reads of those bands (a tenth fewer postings read on the
	 * benchmark's feed) */
	bq = band_of(lenq);
	for (k = bq + 1; k <= bhi; k++) {
		a = alpha_of(w, UINT64_C(1) << k);
		up[k - bq - 1].n = prefix_take(q->cnt.v, np,
		    lenq + ell_q > a ? lenq + ell_q - a : 0, &up[k - bq - 1].lastn);
	}
	/* first the postings to read, band by band, then the reading; each
	 * step fetches all it will need before it starts (see spans_fetch()):
	 * here the bands of the signatures (win_query_load() has just read the
	 * signatures themselves) */
	for (i = 0; i < np; i++) {
		const struct tok *tk = &v[q->tok.v[i]];

		fetch_lines(tk->band, tk->band + tk->nband);
	}
	q->span.n = 0;
	DK_GROW(&q->span, (size_t)np * (bhi - blo + 1));
	for (i = 0; i < np; i++) {
		const struct tok *tk = &v[q->tok.v[i]];
		struct band *b, *be;

		qn = i + 1 == np ? lastn : q->cnt.v[i];
		b = tk->band + (tk->nband > 4 ? band_find(tk, blo) : 0);
		for (be = tk->band + tk->nband; b < be && b->num <= bhi; b++) {
			if (b->num < blo || b->pstart == b->pend)
				continue;
			if (b->num > bq) {
				const struct cut *u = &up[b->num - bq - 1];

				if (i >= u->n)
					continue;
				q->span.v[q->span.n++] = (struct span){ b, i + 1 == u->n ? u->lastn : qn };
			} else
				q->span.v[q->span.n++] = (struct span){ b, qn };
		}
	}
	spans_fetch(w);
	/* postings of evicted documents (the oldest of each list) wait for
	 * the sweep; what is left is counted densely when there is much of
	 * it, as long as no count can reach the 16th bit */
	for (i = 0, tot = 0; i < q->span.n; i++) {
		struct band *b = q->span.v[i].band;

		post_trim(w, b);
		tot += b->pend - b->pstart;
	}
	q->visits += tot;
	q->lists += q->span.n;
	if (tot >= (w->mask + 1) / 16 && np <= 0x7fff && lenq - alpha_of(w, lenq) + ell_q <= 0x7fff)
		count_dense(w, ell_lo);
	else
		count_sparse(w, ell_lo);
	for (i = k = 0; i < q->cand.n; i++) {
		d = win_doc(w, q->cand.v[i].seq);
		lo = d->len < lenq ? d->len : lenq;
		hi = d->len < lenq ? lenq : d->len;
		if (q->cand.v[i].shared < (d->ell < ell_q ? d->ell : ell_q) ||
		    dk_len_below((double)lo, (double)hi, w->ratio) ||
		    dk_size_below(w->o.size_ratio, lo, hi) || !in_window(w, d, t))
			continue;
		q->cand.v[k++] = q->cand.v[i];
	}
	q->cand.n = k;
	q->candidates += q->cand.n;
	if (q->cand.n > 0 && q->ones)
		query_mark(q, w->dict.n, 1);
	for (i = 0; i < q->cand.n; i++) {
		d = win_doc(w, q->cand.v[i].seq);
		hi = d->len < lenq ? lenq : d->len;
		need = dk_overlap_min(w->oratio, hi);
		/* --min-shared: a pair also shares that much (an overlap cut
		 * short is below need, so below it too) */
		if (need < w->o.minshared)
			need = w->o.minshared;
		q->verified++;
		o = q->ones && !d->cnt ? overlap_set(q, d, need) : overlap(w, d, lenq, need);
		sim = o < w->o.minshared ? -1 : dk_sim(w->o.m, o, d->len, lenq);
		if (sim >= w->o.tau) {
			struct hit h = { q->cand.v[i].seq, sim };

			DK_PUSH(&q->hits, h);
		}
	}
	if (q->cand.n > 0 && q->ones)
		query_mark(q, w->dict.n, 0);
	if (q->hits.n > 1)
		qsort(q->hits.v, q->hits.n, sizeof *q->hits.v, by_seq);
}

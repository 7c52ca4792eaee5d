/* Reading a signature, partition or minhash stream ahead, in batches, with -j
 * above 1.  The reader copies the lines of a batch; then every thread
 * takes records of it, parses their signatures and numbers them by the
 * dictionary as it stands (looking up only: nothing changes it
 * meanwhile), sorted and checked; then the records are taken one by one in
 * their order, exactly as sm_next takes them, each message naming its
 * line.  A record the threads could not number whole (a signature the
 * dictionary does not hold yet, a bad field, one listed twice) is
 * numbered then, by sm_add_doc, from its field: new signatures are added
 * in the order of the stream, so every number, and so every output, is
 * that of reading record by record. */
#include "sm.h"

#include <stdlib.h>

/* A batch ends at whichever comes first; the first batches are shorter,
 * each twice the one before, so that the threads start soon. */
#define BATCH_BYTES ((size_t)16 << 20)
#define BATCH_FIRST 4096
#define BATCH_RECORDS 65536
#define CHUNK 64               /* records a thread claims at a time */

/* A record of the batch. */
struct arec {
	size_t line, len;          /* its line: text[line .. line + len) */
	unsigned long lineno;
	/* by the threads: when numbered, its signatures v[sig .. sig + n)
	 * of worker w's pool */
	int ok, w;
	size_t sig, n, miss, nmiss;
	uint64_t size;
	unsigned flags;
};

/* A signature the dictionary did not hold: the entry of the record's
 * array it goes in, its hash, and its bytes, in the batch's text (a field
 * without escapes) or else in the worker's mtext. */
struct amiss {
	size_t at, off, n;
	uint64_t hash;
	int own;
};

struct aworker {
	DK_VEC(dk_idcount) pool;
	DK_VEC(struct amiss) miss;
	DK_VEC(char) mtext;
	dk_sigs sigs;
	DK_VEC(uint64_t) hash;
	sm_scratch scratch;
};

/* Lines read, and what the threads made of them. */
struct batch {
	DK_VEC(char) text;
	DK_VEC(struct arec) rec;
};

/* Two batches: while the threads number the current one, thread 0 first
 * reads the next. */
struct sm_ahead {
	const dk_intern *dict;
	struct batch b[2];
	int cur;                   /* the batch being taken */
	size_t next;               /* its record to take next */
	int started, eof;
	size_t limit;              /* records of the batch read next */
	dk_reader *r;              /* while numbering: read the next batch */
	struct aworker *w;
	int nw;
	dk_counter claim;
	sm_numbered out;           /* what sm_ahead_next hands out */
	DK_VEC(sm_miss) miss;      /* its misses */
};

sm_ahead *
sm_ahead_new(const sm_ctx *c)
{
	sm_ahead *a = dk_calloc(1, sizeof *a);

	a->dict = &c->sigs;
	a->nw = c->nthreads > 1 ? c->nthreads : 1;
	a->w = dk_calloc((size_t)a->nw, sizeof *a->w);
	return a;
}

void
sm_ahead_free(sm_ahead *a)
{
	int t;

	for (t = 0; t < a->nw; t++) {
		dk_sigs_free(&a->w[t].sigs);
		DK_FREE_ALL(a->w[t].pool.v, a->w[t].hash.v, a->w[t].scratch.v, a->w[t].miss.v,
		    a->w[t].mtext.v);
	}
	DK_FREE_ALL(a->w, a->b[0].text.v, a->b[0].rec.v, a->b[1].text.v, a->b[1].rec.v,
	    a->miss.v, a);
}

/* Copies the next lines of r into b, none at the end of r. */
static void
read_batch(sm_ahead *a, struct batch *b, dk_reader *r)
{
	dk_str line;
	struct arec x = { 0 };

	b->text.n = b->rec.n = 0;
	a->limit = a->limit == 0 ? BATCH_FIRST :
	    a->limit < BATCH_RECORDS ? 2 * a->limit : BATCH_RECORDS;
	while (!a->eof && b->rec.n < a->limit && b->text.n < BATCH_BYTES) {
		if (!dk_read_line(r, &line)) {
			a->eof = 1;
			break;
		}
		x.line = b->text.n;
		x.len = line.n;
		x.lineno = dk_reader_lineno(r);
		DK_GROW(&b->text, b->text.n + line.n + 1);
		if (line.n)
			memcpy(b->text.v + b->text.n, line.p, line.n);
		b->text.n += line.n;
		DK_PUSH(&b->rec, x);
	}
}

/* A signature of record x that the dictionary does not hold, noted. */
static void
note_miss(const struct batch *b, struct aworker *w, struct arec *x, size_t i)
{
	const dk_str *sig = &w->sigs.v[i].s;
	struct amiss m = { i, 0, sig->n, w->hash.v[i], 0 };

	if (sig->n && sig->p >= b->text.v && sig->p < b->text.v + b->text.n)
		m.off = (size_t)(sig->p - b->text.v);
	else {
		m.own = 1;
		m.off = w->mtext.n;
		DK_GROW(&w->mtext, w->mtext.n + sig->n + 1);
		if (sig->n)
			memcpy(w->mtext.v + w->mtext.n, sig->p, sig->n);
		w->mtext.n += sig->n;
	}
	DK_PUSH(&w->miss, m);
	x->nmiss++;
}

/* Numbers the signatures of record x, its last field, into w's pool, a
 * signature the dictionary lacks as a miss; leaves x->ok 0 when the
 * field is bad or lists one twice. */
static void
number(const sm_ahead *a, const struct batch *b, struct aworker *w, struct arec *x)
{
	char *p = b->text.v + x->line;
	size_t i = x->len, n;
	dk_idcount *v;
	dk_str f;

	while (i > 0 && p[i - 1] != '\t')
		i--;
	f = (dk_str){ p + i, x->len - i };
	x->ok = 0;
	if (dk_parse_sigs(f, &w->sigs) != NULL)
		return;
	n = w->sigs.n;
	x->w = (int)(w - a->w);
	x->sig = w->pool.n;
	x->n = n;
	x->size = w->sigs.size;
	x->flags = w->sigs.flags;
	x->miss = w->miss.n;
	x->nmiss = 0;
	if (x->flags & DK_SIG_SHORT) {          /* left out unnumbered */
		x->ok = 1;
		return;
	}
	/* the hashes first, each slot fetched, so that the lookups' cache
	 * misses overlap */
	DK_GROW(&w->hash, n + 1);
	for (i = 0; i < n; i++) {
		w->hash.v[i] = dk_intern_hash(w->sigs.v[i].s.p, w->sigs.v[i].s.n);
		dk_intern_prefetch(a->dict, w->hash.v[i]);
	}
	DK_GROW(&w->pool, w->pool.n + n + 1);
	v = w->pool.v + w->pool.n;
	for (i = 0; i < n; i++) {
		v[i].id = dk_intern_find_hashed(a->dict, w->sigs.v[i].s.p, w->sigs.v[i].s.n,
		    w->hash.v[i]);
		v[i].count = w->sigs.v[i].count;
		if (v[i].id == UINT32_MAX)
			note_miss(b, w, x, i);
	}
	if (x->nmiss == 0) {            /* else sorted once they are numbered */
		sm_sort_sigs(v, n, &w->scratch);
		for (i = 1; i < n; i++)
			if (v[i].id == v[i - 1].id)
				return;
	}
	w->pool.n += n;
	x->ok = 1;
}

static void
number_work(void *arg, int tid)
{
	sm_ahead *a = arg;
	struct aworker *w = &a->w[tid];
	struct batch *b = &a->b[a->cur];
	size_t k, end, n = b->rec.n;

	if (tid == 0 && a->r)
		read_batch(a, &a->b[!a->cur], a->r);
	w->pool.n = w->miss.n = w->mtext.n = 0;
	while ((k = dk_counter_take(&a->claim, CHUNK, n)) < n)
		for (end = k + CHUNK < n ? k + CHUNK : n; k < end; k++)
			number(a, b, w, &b->rec.v[k]);
}

/* The next batch, numbered, the one after it read meanwhile; 0 at the end
 * of r. */
static int
next_batch(sm_ahead *a, dk_reader *r)
{
	struct batch *b;

	dk_reader_at(r, 0);
	if (!a->started) {
		read_batch(a, &a->b[0], r);
		a->started = 1;
	} else
		a->cur = !a->cur;
	b = &a->b[a->cur];
	if (b->rec.n == 0)
		return 0;
	a->next = 0;
	a->claim.next = 0;
	a->r = a->eof ? NULL : r;
	if (!a->r)
		a->b[!a->cur].rec.n = 0;
	dk_parallel(a->nw, number_work, a);
	return 1;
}

int
sm_ahead_next(sm_ahead *a, sm_reader *s, dk_reader *r, const sm_numbered **pre)
{
	struct batch *b = &a->b[a->cur];
	struct arec *x;
	dk_str line;

	if (a->next == b->rec.n) {
		if (!next_batch(a, r))
			return 0;
		b = &a->b[a->cur];
	}
	x = &b->rec.v[a->next++];
	dk_reader_at(r, x->lineno);
	line = (dk_str){ b->text.v + x->line, x->len };
	dk_record_split(r, &s->x.rec, line, s->minfields);
	sm_take(s, r);
	*pre = NULL;
	if (x->ok) {
		const struct aworker *w = &a->w[x->w];
		const struct amiss *m = w->miss.v + x->miss;
		size_t i;

		a->miss.n = 0;
		DK_GROW(&a->miss, x->nmiss + 1);
		for (i = 0; i < x->nmiss; i++, m++)
			a->miss.v[a->miss.n++] = (sm_miss){ m->at, m->hash,
			    { (m->own ? w->mtext.v : b->text.v) + m->off, m->n } };
		a->out = (sm_numbered){ w->pool.v + x->sig, x->n, x->size, x->flags,
		    a->miss.v, a->miss.n };
		*pre = &a->out;
	}
	return 1;
}

void
sm_ahead_end(sm_ahead *a, dk_reader *r)
{
	(void)a;
	dk_reader_at(r, 0);
}

/* Reading a signature, partition or minhash stream ahead, in batches, with -j
 * above 1.  The reader copies the lines of a batch; then every thread
 * takes records of it, parses their signatures and numbers them by the
 * dictionary as it stands (looking up only: nothing changes it
 * meanwhile), sorted and checked; then the records are taken one by one in
 * their order, exactly as sm_next takes them, each message naming its
 * line.  The first thread takes the records of a batch while the others
 * number the next one, then reads the batch after it and helps them.  A
 * signature the dictionary did not hold is numbered when its record is
 * taken, in the order of the stream: while the threads number, from
 * sm_ctx.pend, and added to the dictionary, which gives it the same
 * number, once they are done (sm_pend_end).  A record the threads could
 * not number whole (a bad field, a signature listed twice) is taken then,
 * by sm_add_doc, from its field.  So every number, and every output, is
 * that of reading record by record.  In a keyed stream the threads also
 * take each record's key apart as sm_take would (dk_key_parse), and for a
 * band key work out the values of its bands and the hash of its SIGS field
 * (keyed.c), so that the first thread only looks them up, and hash its ID
 * as the check of unique IDs will (dk_ids_seen_hash), so that the first
 * thread fetches the memory of that check some records ahead, and checks
 * the ID by that hash without making it again. */
#include "sm.h"

#include <stdlib.h>

/* The first thread fetches the memory of the check of a record's ID
 * (dk_ids_prefetch) this many records before it takes the record. */
#define IDS_AHEAD 16

/* A batch ends at whichever comes first; the first batches are shorter,
 * each twice the one before, so that the threads start soon.
 * DK_TEST_AHEAD_BATCH=N makes every batch N records at most, so that
 * the tests cross many batches with few records. */
#define BATCH_BYTES ((size_t)8 << 20)
#define BATCH_FIRST 512
#define BATCH_RECORDS 32768
#define CHUNK 64               /* records a thread claims at a time */

/* A record of the batch. */
struct arec {
	size_t line, len;          /* its line: text[line .. line + len) */
	unsigned long lineno;
	/* by the threads: the length of its first field and sm_id_hash of
	 * its bytes, the ID's when the ID is that field, unescaped */
	size_t idlen;
	uint64_t idhash;
	/* by the threads: when numbered, its signatures v[sig .. sig + n)
	 * of thread w's output */
	int ok, w;
	size_t sig, n, miss, nmiss;
	uint64_t size;
	unsigned flags;
	/* by the threads, in a keyed stream: its key, keys[key] of thread
	 * w's output, and the hash its ID is checked by (dk_ids_seen_hash),
	 * for the first thread to fetch that check's memory ahead */
	int keyed;
	size_t key;
	uint64_t seenhash;
};

/* A record's key taken apart by a thread (keyk and key, for sm_take);
 * for a band key, the values of its bands, band[bv .. bv + nbv) of the
 * thread's output, and the hash of its SIGS field. */
struct akey {
	enum dk_key keyk;
	dk_keyinfo key;
	size_t bv, nbv;
	uint64_t sighash;
};

/* A signature the dictionary did not hold: the entry of the record's
 * array it goes in, its hash, and its bytes, in the batch's text (a field
 * without escapes) or else in the thread's mtext. */
struct amiss {
	size_t at, off, n;
	uint64_t hash;
	int own;
};

/* What a thread made of the records of a batch it numbered. */
struct aout {
	DK_VEC(dk_idcount) pool;
	DK_VEC(struct amiss) miss;
	DK_VEC(char) mtext;
	DK_VEC(struct akey) keys;
	DK_VEC(uint64_t) band;
};

/* A thread's scratch. */
struct aworker {
	dk_sigs sigs;
	DK_VEC(uint64_t) hash;
	sm_scratch scratch;
};

/* Lines read, and what the threads made of them (out, by thread). */
struct batch {
	DK_VEC(char) text;
	DK_VEC(struct arec) rec;
	struct aout *out;
};

/* Two batches: while the threads number one, the first thread takes the
 * records of the other, then reads the batch after into it. */
struct sm_ahead {
	sm_ctx *c;
	enum dk_key key;           /* the stream's kind of key, or none */
	struct batch b[2];
	int cur;                   /* the batch being taken */
	size_t next;               /* its record to take next */
	int eof;
	size_t limit;              /* records of the batch read next */
	size_t lfirst, lmost;      /* limits of the first batch, of any */
	dk_reader *r;
	sm_reader *s;
	void (*take)(void *, dk_reader *, const sm_numbered *);
	void *arg;
	/* the threads' work: the batch numbered (NULL: none); whether the
	 * first thread reads the batch after into b[!cur] first (at the
	 * start), or takes b[cur] first, and has read into it (refilled) */
	struct batch *num;
	int first, refilled;
	struct aworker *w;
	int nw;
	dk_counter claim;
	dk_intern pend;
	sm_numbered out;           /* the record taken */
	DK_VEC(sm_miss) miss;      /* its misses */
};

sm_ahead *
sm_ahead_new(sm_ctx *c)
{
	sm_ahead *a = dk_calloc(1, sizeof *a);

	a->c = c;
	a->lfirst = BATCH_FIRST;
	a->lmost = BATCH_RECORDS;
	if (getenv("DK_TEST_AHEAD_BATCH")) {
		a->lmost = (size_t)strtoul(getenv("DK_TEST_AHEAD_BATCH"), NULL, 10);
		a->lmost = a->lmost ? a->lmost : 1;
		a->lfirst = a->lmost < a->lfirst ? a->lmost : a->lfirst;
	}
	a->nw = c->nthreads > 1 ? c->nthreads : 1;
	a->w = dk_calloc((size_t)a->nw, sizeof *a->w);
	a->b[0].out = dk_calloc((size_t)a->nw, sizeof *a->b[0].out);
	a->b[1].out = dk_calloc((size_t)a->nw, sizeof *a->b[1].out);
	dk_intern_init(&a->pend, DK_INTERN_INDEX);
	return a;
}

void
sm_ahead_free(sm_ahead *a)
{
	int t, k;

	for (t = 0; t < a->nw; t++) {
		dk_sigs_free(&a->w[t].sigs);
		DK_FREE_ALL(a->w[t].hash.v, a->w[t].scratch.v);
		for (k = 0; k < 2; k++)
			DK_FREE_ALL(a->b[k].out[t].pool.v, a->b[k].out[t].miss.v,
			    a->b[k].out[t].mtext.v, a->b[k].out[t].keys.v,
			    a->b[k].out[t].band.v);
	}
	dk_intern_free(&a->pend);
	DK_FREE_ALL(a->w, a->b[0].text.v, a->b[0].rec.v, a->b[0].out, a->b[1].text.v,
	    a->b[1].rec.v, a->b[1].out, a->miss.v, a);
}

/* Copies the next lines of r into b, none at the end of r. */
static void
read_batch(sm_ahead *a, struct batch *b, dk_reader *r)
{
	dk_str line;
	struct arec x = { 0 };

	dk_reader_at(r, 0);
	b->text.n = b->rec.n = 0;
	a->limit = a->limit == 0 ? a->lfirst : 2 * a->limit < a->lmost ? 2 * a->limit : a->lmost;
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
note_miss(const struct batch *b, const struct aworker *w, struct aout *o, struct arec *x,
    size_t i)
{
	const dk_str *sig = &w->sigs.v[i].s;
	struct amiss m = { i, 0, sig->n, w->hash.v[i], 0 };

	if (sig->n && sig->p >= b->text.v && sig->p < b->text.v + b->text.n)
		m.off = (size_t)(sig->p - b->text.v);
	else {
		m.own = 1;
		m.off = o->mtext.n;
		DK_GROW(&o->mtext, o->mtext.n + sig->n + 1);
		if (sig->n)
			memcpy(o->mtext.v + o->mtext.n, sig->p, sig->n);
		o->mtext.n += sig->n;
	}
	DK_PUSH(&o->miss, m);
	x->nmiss++;
}

/* The key of record x, its first field key (of a keyed stream), taken
 * apart, and for a band key its bands' values (keys.h, as keyed.c posts
 * them) into o and the hash of its SIGS field f. */
static void
take_key_apart(struct aout *o, struct arec *x, dk_str key, dk_str f)
{
	struct akey *k;
	unsigned i;

	DK_GROW(&o->keys, o->keys.n + 1);
	x->keyed = 1;
	x->key = o->keys.n++;
	k = &o->keys.v[x->key];
	k->keyk = dk_key_parse(key, &k->key);
	k->bv = o->band.n;
	k->nbv = 0;
	k->sighash = 0;
	if (k->keyk != DK_KEY_BAND)
		return;
	DK_GROW(&o->band, o->band.n + k->key.nband + 1);
	for (i = 0; i < k->key.nband; i++)
		o->band.v[o->band.n++] = dk_key_bandvalue((unsigned)k->key.num + i,
		    dk_key_bandhash(key, i));
	k->nbv = k->key.nband;
	k->sighash = dk_hash64(f.p, f.n, 0);
}

/* dk_ids_seen_hash of a keyed record whose ID starts at id, up to the
 * next tab or end: the bytes as read, which the check takes as they are
 * (dk_record_split unescapes nothing), so the hash is the check's own. */
static uint64_t
seen_hash(const dk_keyinfo *k, dk_str key, char *id, const char *end, dk_str last)
{
	char *tab = memchr(id, '\t', (size_t)(end - id));

	return dk_ids_seen_hash(k, key, (dk_str){ id, (size_t)((tab ? tab : end) - id) }, last);
}

/* Numbers the signatures of record x of b, its last field, into thread
 * tid's output, a signature the dictionary lacks as a miss; leaves x->ok
 * 0 when the field is bad or lists one twice. */
static void
number(const sm_ahead *a, const struct batch *b, int tid, struct arec *x)
{
	const dk_intern *dict = &a->c->sigs;
	struct aworker *w = &a->w[tid];
	struct aout *o = &b->out[tid];
	char *p = b->text.v + x->line, *end = p + x->len, *tab;
	size_t i, n;
	dk_idcount *v;
	dk_str f;

	/* the first field, and the last one, from after the last tab (by
	 * memchr: a band key and a SIGS field are long) */
	tab = memchr(p, '\t', x->len);
	x->idlen = tab ? (size_t)(tab - p) : x->len;
	for (i = 0; tab; tab = memchr(tab + 1, '\t', (size_t)(end - tab - 1)))
		i = (size_t)(tab - p) + 1;
	/* the ID is the first field of a plain stream only */
	x->idhash = a->key == DK_KEY_NONE ? sm_id_hash((dk_str){ p, x->idlen }) : 0;
	f = (dk_str){ p + i, x->len - i };
	x->ok = 0;
	x->w = tid;
	x->keyed = 0;
	x->seenhash = 0;
	if (a->key != DK_KEY_NONE) {
		take_key_apart(o, x, (dk_str){ p, x->idlen }, f);
		if (!dk_allow_repeated_ids && x->idlen < x->len)
			x->seenhash = seen_hash(&o->keys.v[x->key].key, (dk_str){ p, x->idlen },
			    p + x->idlen + 1, end, f);
	}
	if (dk_parse_sigs(f, &w->sigs) != NULL)
		return;
	n = w->sigs.n;
	x->sig = o->pool.n;
	x->n = n;
	x->size = w->sigs.size;
	x->flags = w->sigs.flags;
	x->miss = o->miss.n;
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
		dk_intern_prefetch(dict, w->hash.v[i]);
	}
	for (i = 0; i < n; i++)
		dk_intern_prefetch_entry(dict, w->hash.v[i]);
	DK_GROW(&o->pool, o->pool.n + n + 1);
	v = o->pool.v + o->pool.n;
	for (i = 0; i < n; i++) {
		v[i].id = dk_intern_find_hashed(dict, w->sigs.v[i].s.p, w->sigs.v[i].s.n,
		    w->hash.v[i]);
		v[i].count = w->sigs.v[i].count;
		if (v[i].id == UINT32_MAX)
			note_miss(b, w, o, x, i);
	}
	if (x->nmiss == 0) {            /* else sorted once they are numbered */
		sm_sort_sigs(v, n, &w->scratch);
		for (i = 1; i < n; i++)
			if (v[i].id == v[i - 1].id)
				return;
	}
	o->pool.n += n;
	x->ok = 1;
}

/* Takes record k of b: split and checked as sm_next would, then handed
 * to the caller with its signatures numbered when they are. */
static void
take_one(sm_ahead *a, const struct batch *b, size_t k)
{
	const struct arec *x = &b->rec.v[k];
	const struct akey *ky = NULL;
	sm_reader *s = a->s;
	dk_reader *r = a->r;
	dk_str line;

	if (s->ids && k + IDS_AHEAD < b->rec.n)
		dk_ids_prefetch(s->ids, b->rec.v[k + IDS_AHEAD].seenhash);
	dk_reader_at(r, x->lineno);
	line = (dk_str){ b->text.v + x->line, x->len };
	dk_record_split(r, &s->x.rec, line, s->minfields);
	if (x->keyed) {
		ky = &b->out[x->w].keys.v[x->key];
		s->x.keyparsed = 1;
		s->x.keyk = ky->keyk;
		s->x.key = ky->key;
		s->x.seenhash = x->seenhash;
	}
	sm_take(s, r);
	if (s->x.id.p == line.p && s->x.id.n == x->idlen) {
		s->x.idhash = x->idhash;
		s->x.idhashed = 1;
	}
	if (x->ok) {
		const struct aout *o = &b->out[x->w];
		const struct amiss *m = o->miss.v + x->miss;
		size_t i;

		a->miss.n = 0;
		DK_GROW(&a->miss, x->nmiss + 1);
		for (i = 0; i < x->nmiss; i++, m++)
			a->miss.v[a->miss.n++] = (sm_miss){ m->at, m->hash,
			    { (m->own ? o->mtext.v : b->text.v) + m->off, m->n } };
		a->out = (sm_numbered){ o->pool.v + x->sig, x->n, x->size, x->flags,
		    a->miss.v, a->miss.n, NULL, 0, 0 };
		if (ky)
			a->out = (sm_numbered){ o->pool.v + x->sig, x->n, x->size, x->flags,
			    a->miss.v, a->miss.n, o->band.v + ky->bv, ky->nbv, ky->sighash };
	}
	a->take(a->arg, r, x->ok ? &a->out : NULL);
}

/* The first thread's part besides numbering: at the start, reading the
 * batch after the one numbered; then taking the records of b[cur] (up to
 * one that must be taken from its field, which may change the
 * dictionary), and, all taken, reading the batch after the one numbered
 * into it. */
static void
lead(sm_ahead *a)
{
	struct batch *b = &a->b[a->cur];

	if (a->first) {
		read_batch(a, &a->b[!a->cur], a->r);
		return;
	}
	while (a->next < b->rec.n && b->rec.v[a->next].ok)
		take_one(a, b, a->next++);
	if (a->next < b->rec.n || a->eof)
		return;
	read_batch(a, b, a->r);
	a->refilled = 1;
}

static void
number_work(void *arg, int tid)
{
	sm_ahead *a = arg;
	struct batch *b = a->num;
	size_t k, end, n;

	if (tid == 0)
		lead(a);
	if (!b)
		return;
	n = b->rec.n;
	while ((k = dk_counter_take(&a->claim, CHUNK, n)) < n)
		for (end = k + CHUNK < n ? k + CHUNK : n; k < end; k++)
			number(a, b, tid, &b->rec.v[k]);
}

/* Numbers batch b with the threads, the first one doing lead's part. */
static void
run(sm_ahead *a, struct batch *b)
{
	int t;

	a->num = b;
	a->claim.next = 0;
	for (t = 0; b && t < a->nw; t++)
		b->out[t].pool.n = b->out[t].miss.n = b->out[t].mtext.n =
		    b->out[t].keys.n = b->out[t].band.n = 0;
	dk_parallel(a->nw, number_work, a);
}

void
sm_ahead_take(sm_ahead *a, sm_reader *s, dk_reader *r,
    void (*take)(void *arg, dk_reader *r, const sm_numbered *pre), void *arg)
{
	struct batch *b;

	a->r = r;
	a->s = s;
	a->key = s->kind ? s->kind->key : DK_KEY_NONE;
	a->take = take;
	a->arg = arg;
	read_batch(a, &a->b[0], r);
	a->cur = 0;
	a->first = 1;
	run(a, &a->b[0]);
	a->first = 0;
	while ((b = &a->b[a->cur])->rec.n > 0) {
		/* b is numbered, the next batch read (empty at the end) */
		a->next = 0;
		a->refilled = 0;
		if (a->b[!a->cur].rec.n > 0) {
			sm_pend_begin(a->c, &a->pend);
			run(a, &a->b[!a->cur]);
			sm_pend_end(a->c);
		}
		if (!a->refilled) {
			while (a->next < b->rec.n)
				take_one(a, b, a->next++);
			b->rec.n = 0;
			if (!a->eof)
				read_batch(a, b, r);
		}
		a->cur = !a->cur;
	}
	dk_reader_at(r, 0);
}

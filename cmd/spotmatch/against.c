/* spotmatch --against: a stream of documents matched with a reference
 * collection indexed once.
 *
 * main.c reads REF whole into the context, whose first documents it stays.
 * A signature REF is indexed as one group of match.c whose lists are
 * sorted by length, so the length bounds skip and stop lists as partitions
 * would; a keyed REF becomes a table from key to documents (keyed.c).  The
 * input is then read record by record.  Signature documents are appended
 * to the context after REF in batches, compared with the index as probes,
 * written out and dropped; a keyed document (its consecutive records) is
 * looked up key by key, and its candidates verified as the keyed mode
 * verifies them.  Memory holds REF and one batch, however long the input.
 *
 * A signature of the input that REF does not hold can never be shared
 * with REF: it is counted, not interned, in an entry numbered 0 (REF's are
 * numbered from 1 by sm_order_sigs), so the dictionary stays REF's. */
#include "sm.h"
#include "spotmatch.h"

#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#define NONE UINT32_MAX

/* A batch ends at this many documents, or signature occurrences. */
enum { BATCH_DOCS = 4096, BATCH_SIGS = 1 << 20 };

/* --within: the input kept whole in a context of its own, matched at the
 * end as spotmatch without --against would match it. */
struct within {
	sm_ctx c;
	sm_keyed *keys;
	dk_sigs sg;
	DK_VEC(uint32_t) num;       /* document of c -> input number */
	DK_VEC(char) raw;           /* a SIGS field before it is decoded */
};

/* The keyed document being read: its records so far. */
struct current {
	int open;
	DK_VEC(char) id;
	uint64_t rawhash;
	long lastkey, prevfirst;    /* band or fingerprint numbers */
	uint32_t doc;               /* in the context, to verify; or NONE */
	DK_VEC(uint32_t) hits;      /* REF documents, once a shared key */
};

struct against {
	sm_ctx *c;
	const sm_against_opts *o;
	int refkind, kind, decided;
	size_t nref, refpool, refids, refbytes, nrefsig;
	uint32_t *to;               /* REF signature -> its number from 1 */
	sm_matcher *mt;
	sm_group g;
	DK_VEC(uint32_t) member, probe;
	sm_keyed *keys;
	struct current cur;
	sm_pairs pairs;
	dk_sigs sg;
	DK_VEC(dk_str) unknown;
	DK_VEC(dk_idcount) tmp;
	struct within *w;
	/* --within --novel: decided at the end, by input number */
	DK_VEC(unsigned char) dup;
	DK_VEC(char) allids;
	DK_VEC(uint64_t) idend;
	/* for -v */
	uint64_t ninput, npairs, nnovel, nskipped, nwithin;
	size_t peakdocs, peakbytes;
	double tindex, tstream;     /* seconds */
};

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *
kind_name(int k)
{
	return k == SM_BAND ? "a minhash band stream" :
	    k == SM_FPRINT ? "an imatch fingerprint stream" : "a signature stream";
}

static size_t
held_bytes(const struct against *a)
{
	size_t b = sm_ctx_bytes(a->c);

	b += (a->member.cap + a->probe.cap + a->cur.hits.cap) * sizeof(uint32_t) +
	    a->pairs.cap * sizeof(sm_pair) + a->sg.cap * sizeof(dk_sig) +
	    a->unknown.cap * sizeof(dk_str) + a->tmp.cap * sizeof(dk_idcount) + a->cur.id.cap;
	if (a->to)
		b += (a->nrefsig + 1) * sizeof *a->to;
	if (a->mt)
		b += sm_matcher_bytes(a->mt);
	if (a->keys)
		b += sm_keyed_bytes(a->keys);
	if (a->w) {
		b += sm_ctx_bytes(&a->w->c) + a->w->num.cap * sizeof(uint32_t) +
		    a->w->raw.cap + a->w->sg.cap * sizeof(dk_sig);
		if (a->w->keys)
			b += sm_keyed_bytes(a->w->keys);
	}
	return b + a->dup.cap + a->allids.cap + a->idend.cap * sizeof(uint64_t) + dk_out.cap;
}

/* Input documents held at once, and bytes, at their peak. */
static void
note_held(struct against *a, size_t docs)
{
	size_t b = held_bytes(a);

	if (docs > a->peakdocs)
		a->peakdocs = docs;
	if (b > a->peakbytes)
		a->peakbytes = b;
}

/* Indexes REF, once, for input of kind kind. */
static void
index_ref(struct against *a)
{
	sm_ctx *c = a->c;
	size_t i;

	a->nrefsig = dk_intern_count(&c->sigs);
	sm_order_sigs(c, &a->to);
	a->nref = c->docs.n;
	a->refpool = c->pool.n;
	a->refids = c->ids.n;
	if (a->refkind == SM_PLAIN) {
		for (i = 0; i < a->nref; i++)
			DK_PUSH(&a->member, (uint32_t)i);
		a->mt = sm_matcher_new(c);
		a->g = (sm_group){ a->member.v, NULL, a->member.n, 0 };
		if (a->member.n > 0)
			sm_index(a->mt, &a->g);
	} else
		sm_keyed_index(a->keys);
	a->refbytes = held_bytes(a);
	a->peakbytes = a->refbytes;
}

/* The first input record fixes the kind of the input, which must be that
 * of REF (an empty REF takes the input's). */
static void
setup(struct against *a, int kind)
{
	int cls = kind == SM_PART ? SM_PLAIN : kind;
	struct within *w;

	a->decided = 1;
	a->kind = kind;
	if (a->refkind < 0) {
		a->refkind = cls;
		if (cls != SM_PLAIN)
			a->keys = sm_keyed_new(cls == SM_BAND ? 'B' : 'F');
		index_ref(a);
	} else if (cls != a->refkind)
		dk_diex(DK_EXIT_INPUT, "the input is %s but REF is %s: both sides must be "
		    "of one kind", kind_name(cls), kind_name(a->refkind));
	if (!a->o->within)
		return;
	w = a->w = dk_calloc(1, sizeof *a->w);
	w->c.m = a->c->m;
	w->c.tau = a->c->tau;
	w->c.prune = a->c->prune;
	w->c.partition = a->c->partition;
	w->c.nthreads = a->c->nthreads;
	w->c.rho = a->c->rho;
	dk_intern_init(&w->c.sigs, 0);
	if (cls != SM_PLAIN)
		w->keys = sm_keyed_new(cls == SM_BAND ? 'B' : 'F');
}

static int
by_id(const void *x, const void *y)
{
	const dk_idcount *a = x, *b = y;

	return a->id < b->id ? -1 : a->id > b->id;
}

static int
by_bytes(const void *x, const void *y)
{
	const dk_str *a = x, *b = y;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return memcmp(a->p, b->p, a->n);
}

/* Whether the sorted signatures of add_input hold one twice. */
static int
repeats(const struct against *a, size_t n)
{
	size_t i;

	for (i = 2; i < n; i++)
		if (a->tmp.v[i].id == a->tmp.v[i - 1].id)
			return 1;
	for (i = 1; i < a->unknown.n; i++)
		if (by_bytes(&a->unknown.v[i], &a->unknown.v[i - 1]) == 0)
			return 1;
	return 0;
}

/* Appends an input document to the context, after REF and the batch so
 * far: the signatures REF holds by their numbers, sorted, after an entry
 * numbered 0 holding the others' mass (their number for -M set).  Returns
 * its number, and in *known how many signatures REF holds. */
static uint32_t
add_input(struct against *a, dk_reader *r, dk_str id, const dk_sigs *sg, size_t *known)
{
	sm_ctx *c = a->c;
	uint64_t other = 0;
	size_t i, n = 1;
	uint32_t x;
	sm_doc d;
	dk_idcount *v;

	if (sg->size > UINT32_MAX || id.n > UINT32_MAX || c->docs.n >= UINT32_MAX - 1)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record too large");
	a->unknown.n = 0;
	DK_GROW(&a->tmp, sg->n + 1);
	for (i = 0; i < sg->n; i++) {
		x = dk_intern_find(&c->sigs, sg->v[i].s.p, sg->v[i].s.n);
		if (x == NONE) {
			DK_PUSH(&a->unknown, sg->v[i].s);
			other += dk_measure_weight(c->m, sg->v[i].count);
		} else
			a->tmp.v[n++] = (dk_idcount){ a->to[x], sg->v[i].count };
	}
	*known = n - 1;
	if (n > 2)
		qsort(a->tmp.v + 1, n - 1, sizeof *a->tmp.v, by_id);
	if (a->unknown.n > 1)
		qsort(a->unknown.v, a->unknown.n, sizeof *a->unknown.v, by_bytes);
	if (repeats(a, n))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a signature is listed twice");
	a->tmp.v[0] = (dk_idcount){ 0, (uint32_t)other };
	v = a->tmp.v + (other ? 0 : 1);
	n -= other ? 0 : 1;
	DK_GROW(&c->pool, c->pool.n + n);
	if (n)
		memcpy(c->pool.v + c->pool.n, v, n * sizeof *v);
	d.sig = c->pool.n;
	d.nsig = (uint32_t)n;
	d.len = (uint32_t)dk_measure_len(c->m, sg->size, sg->n);
	d.flags = sg->flags;
	d.fp = dk_hash64(v, n * sizeof *v, 0);
	d.id = c->ids.n;
	d.idlen = (uint32_t)id.n;
	c->pool.n += n;
	DK_GROW(&c->ids, c->ids.n + id.n);
	memcpy(c->ids.v + c->ids.n, id.p, id.n);
	c->ids.n += id.n;
	DK_PUSH(&c->docs, d);
	return (uint32_t)(c->docs.n - 1);
}

static void
write_id(const char *p, size_t n)
{
	dk_buf_bytes(&dk_out, p, n);
	dk_buf_char(&dk_out, '\n');
}

/* The verdict on input document num (ID id): its pairs with REF, or with
 * --novel its ID when it has none.  With --within --novel the verdict
 * waits for the end. */
static void
result(struct against *a, uint64_t num, dk_str id, const sm_pair *p, size_t n)
{
	const sm_doc *d;
	size_t i;

	a->npairs += n;
	if (a->o->novel && a->w) {
		a->dup.v[num] = n > 0;
		return;
	}
	if (a->o->novel) {
		if (n == 0) {
			write_id(id.p, id.n);
			a->nnovel++;
			dk_out_maybe_flush();
		}
		return;
	}
	for (i = 0; i < n; i++) {
		d = &a->c->docs.v[p[i].a];
		sm_write_pair(a->c->ids.v + d->id, d->idlen, id.p, id.n, p[i].sim);
	}
	dk_out_maybe_flush();
}

/* Forgets the input documents held. */
static void
drop_input(struct against *a)
{
	a->c->docs.n = a->nref;
	a->c->pool.n = a->refpool;
	a->c->ids.n = a->refids;
}

static int
by_input(const void *x, const void *y)
{
	const sm_pair *a = x, *b = y;

	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	return a->a < b->a ? -1 : a->a > b->a;
}

/* Matches the batch with REF, writes the verdicts in input order, and
 * drops it. */
static void
flush(struct against *a)
{
	sm_ctx *c = a->c;
	size_t nd = c->docs.n - a->nref, i, k = 0, from;
	uint64_t num = a->ninput - nd;
	sm_doc *d;

	if (nd == 0)
		return;
	a->pairs.n = 0;
	sm_match_probes(a->mt, a->probe.v, a->probe.n, &a->pairs);
	if (a->pairs.n > 1)
		qsort(a->pairs.v, a->pairs.n, sizeof *a->pairs.v, by_input);
	note_held(a, nd);
	for (i = a->nref; i < c->docs.n; i++, num++) {
		for (from = k; k < a->pairs.n && a->pairs.v[k].b == i; k++)
			;
		d = &c->docs.v[i];
		result(a, num, (dk_str){ c->ids.v + d->id, d->idlen }, a->pairs.v + from, k - from);
	}
	drop_input(a);
	a->probe.n = 0;
}

/* A new input document: counted, and remembered for --within --novel. */
static void
new_input(struct against *a, dk_str id)
{
	a->ninput++;
	if (!(a->o->novel && a->w))
		return;
	DK_PUSH(&a->dup, 0);
	DK_GROW(&a->allids, a->allids.n + id.n);
	memcpy(a->allids.v + a->allids.n, id.p, id.n);
	a->allids.n += id.n;
	DK_PUSH(&a->idend, a->allids.n);
}

/* --within: keeps a copy of the SIGS field before it is decoded in place. */
static dk_str
keep_raw(struct within *w, dk_str f)
{
	w->raw.n = 0;
	DK_GROW(&w->raw, f.n + 1);
	memcpy(w->raw.v, f.p, f.n);
	w->raw.n = f.n;
	return (dk_str){ w->raw.v, f.n };
}

static void
sig_record(struct against *a, dk_reader *r, dk_record *rec)
{
	dk_str id = rec->f[a->kind == SM_PART ? 1 : 0], f = rec->f[rec->n - 1], raw = { 0 };
	const char *msg;
	size_t known;
	uint32_t d;

	if (a->w)
		raw = keep_raw(a->w, f);
	if ((msg = dk_parse_sigs(f, &a->sg)) != NULL)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	/* a probe of a partition stream repeats a document of another key */
	if (a->kind == SM_PART && (a->sg.flags & DK_SIG_PROBE))
		return;
	new_input(a, id);
	if (a->w && a->sg.n > 0) {
		d = sm_add_doc(&a->w->c, r, id, raw, &a->w->sg);
		if (d != NONE)
			DK_PUSH(&a->w->num, (uint32_t)(a->ninput - 1));
	}
	d = add_input(a, r, id, &a->sg, &known);
	if (a->sg.flags & DK_SIG_SHORT || a->sg.n == 0)
		a->nskipped++;
	else if (known > 0)
		DK_PUSH(&a->probe, d);
	if (a->c->docs.n - a->nref >= BATCH_DOCS || a->c->pool.n - a->refpool >= BATCH_SIGS)
		flush(a);
}

/* The number of a B or F key (band, fingerprint), -1 for R. */
static long
key_number(dk_str key)
{
	long n = 0;
	size_t i;

	for (i = 1; i < key.n && key.p[i] >= '0' && key.p[i] <= '9' && n < 100000; i++)
		n = n * 10 + (key.p[i] - '0');
	return key.n == 1 ? -1 : n;
}

static int
by_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

/* The keyed document read: REF documents sharing a key with it are
 * verified (bands) or scored by their share of fingerprints. */
static void
keyed_flush(struct against *a)
{
	struct current *cur = &a->cur;
	uint32_t *h = cur->hits.v;
	size_t n = cur->hits.n, i, j;
	unsigned long nfp = sm_keyed_nfp(a->keys);
	double sim;

	if (!cur->open)
		return;
	if (n > 1)
		qsort(h, n, sizeof *h, by_u32);
	a->pairs.n = 0;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && h[j] == h[i]; j++)
			;
		if (a->kind == SM_FPRINT) {
			sim = (double)(j - i) / (double)nfp;
			if (a->o->tau_set && sim < a->c->tau)
				continue;
		} else {
			if (cur->doc == NONE)
				continue;
			a->c->candidates++;
			if ((sim = sm_doc_sim(a->c, h[i], cur->doc)) < a->c->tau)
				continue;
		}
		DK_PUSH(&a->pairs, ((sm_pair){ h[i], cur->doc, sim }));
	}
	note_held(a, 1);
	result(a, a->ninput - 1, (dk_str){ cur->id.v, cur->id.n }, a->pairs.v, a->pairs.n);
	drop_input(a);
	cur->open = 0;
}

/* The first record of a keyed document. */
static void
keyed_open(struct against *a, dk_reader *r, dk_record *rec, uint64_t h, long num)
{
	struct current *cur = &a->cur;
	dk_str id = rec->f[1], f = rec->f[rec->n - 1];
	const char *msg;
	size_t known;

	/* minhash and imatch write a document's keys together, in order; a
	 * stream sorted by key would have its pairs reported many times */
	if (num >= 0 && cur->prevfirst >= 0 && num > cur->prevfirst)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "document '%.*s' starts at key number %ld, the one before at %ld: "
		    "the records of a document must be consecutive, in key order",
		    (int)id.n, id.p, num, cur->prevfirst);
	if (num >= 0)
		cur->prevfirst = num;
	cur->open = 1;
	cur->id.n = 0;
	DK_GROW(&cur->id, id.n + 1);
	memcpy(cur->id.v, id.p, id.n);
	cur->id.n = id.n;
	cur->rawhash = h;
	cur->lastkey = -2;
	cur->doc = NONE;
	cur->hits.n = 0;
	new_input(a, id);
	if (num < 0 || a->kind != SM_BAND) {
		if (num < 0)
			a->nskipped++;
		return;
	}
	if ((msg = dk_parse_sigs(f, &a->sg)) != NULL)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	if (a->sg.flags & DK_SIG_SHORT || a->sg.n == 0)
		a->nskipped++;
	else
		cur->doc = add_input(a, r, id, &a->sg, &known);
}

static void
keyed_record(struct against *a, dk_reader *r, dk_record *rec)
{
	struct current *cur = &a->cur;
	dk_str key = rec->f[0], id = rec->f[1], f = rec->f[rec->n - 1];
	uint64_t h = dk_hash64(f.p, f.n, 0);
	long num = key_number(key);
	unsigned long nfp = sm_keyed_nfp(a->keys);
	const uint32_t *docs;
	size_t n, i;
	int same = cur->open && id.n == cur->id.n && memcmp(id.p, cur->id.v, id.n) == 0;

	if (same && h != cur->rawhash)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "document '%.*s' appears with other signatures", (int)id.n, id.p);
	if (same && num <= cur->lastkey)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "key '%.*s' after a later one of document '%.*s': the records of a "
		    "document must be consecutive, in key order", (int)key.n, key.p,
		    (int)id.n, id.p);
	if (num >= 0 && a->kind == SM_FPRINT && nfp && sm_key_nfp(key) != nfp)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "key with %lu fingerprints, REF's have %lu", sm_key_nfp(key), nfp);
	if (a->w) {
		dk_record copy = *rec;
		dk_str raw = keep_raw(a->w, f), *fields = dk_reallocarray(NULL, rec->n, sizeof *fields);
		size_t nd = a->w->c.docs.n;

		memcpy(fields, rec->f, rec->n * sizeof *fields);
		fields[rec->n - 1] = raw;
		copy.f = fields;
		sm_keyed_add(a->w->keys, &a->w->c, r, &copy, &a->w->sg);
		free(fields);
		if (a->w->c.docs.n > nd)
			DK_PUSH(&a->w->num, (uint32_t)(a->ninput - (same ? 1 : 0)));
	}
	if (!same) {
		keyed_flush(a);
		keyed_open(a, r, rec, h, num);
	}
	cur->lastkey = num;
	if (num < 0)
		return;
	n = sm_keyed_lookup(a->keys, key, &docs);
	for (i = 0; i < n; i++)
		DK_PUSH(&cur->hits, docs[i]);
}

static dk_ids input_ids;

static void
read_stream(dk_reader *r, void *arg)
{
	struct against *a = arg;
	dk_record rec = { 0 };
	int k;

	dk_expect(r, DK_KIND_SIG | DK_KIND_KEYED, NULL);
	while (dk_read_record(r, &rec, 2)) {
		k = rec.n >= 3 && !a->o->force_plain ? sm_key_kind(rec.f[0]) : -1;
		if (!a->decided)
			setup(a, k < 0 ? SM_PLAIN : k);
		/* REF's IDs are a collection of their own */
		dk_ids_check(&input_ids, r, &rec, a->kind != SM_PLAIN);
		if (a->kind == SM_PLAIN) {
			sig_record(a, r, &rec);
			continue;
		}
		if (k != a->kind)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "not a record of the keyed stream begun on line 1 (mixed input?)");
		if (a->kind == SM_PART)
			sig_record(a, r, &rec);
		else
			keyed_record(a, r, &rec);
	}
	dk_record_free(&rec);
}

/* --within: the pairs inside the input, or with --novel the verdicts
 * held back: novel is an input document without a pair with REF nor with
 * an earlier input document. */
static void
within_finish(struct against *a)
{
	struct within *w = a->w;
	sm_pairs p = { 0 };
	const sm_doc *x, *y;
	uint64_t i, start;

	if (a->refkind == SM_PLAIN) {
		sm_order_sigs(&w->c, NULL);
		sm_match_plain(&w->c, &p);
	} else {
		sm_keyed_finish(w->keys, &w->c, a->o->tau_set, &p);
		w->keys = NULL;
	}
	a->nwithin = p.n;
	for (i = 0; i < p.n; i++) {
		if (a->o->novel) {
			a->dup.v[w->num.v[p.v[i].b]] = 1;
			continue;
		}
		x = &w->c.docs.v[p.v[i].a];
		y = &w->c.docs.v[p.v[i].b];
		sm_write_pair(w->c.ids.v + x->id, x->idlen, w->c.ids.v + y->id, y->idlen,
		    p.v[i].sim);
		dk_out_maybe_flush();
	}
	for (i = 0, start = 0; a->o->novel && i < a->dup.n; start = a->idend.v[i++]) {
		if (a->dup.v[i])
			continue;
		write_id(a->allids.v + start, a->idend.v[i] - start);
		a->nnovel++;
		dk_out_maybe_flush();
	}
	note_held(a, a->ninput);
	free(p.v);
}

static void
report(const struct against *a)
{
	const sm_ctx *c = a->c;
	struct rusage ru;

	dk_note("against: REF documents held: %zu", a->nref);
	dk_note("against: REF signatures: %zu distinct, %zu occurrences; %zu bytes held with the index",
	    a->nrefsig, a->refpool, a->refbytes);
	dk_note("against: input documents: %llu, pairs with REF: %llu, novel: %llu, "
	    "short or rejected: %llu", (unsigned long long)a->ninput,
	    (unsigned long long)a->npairs, (unsigned long long)a->nnovel,
	    (unsigned long long)a->nskipped);
	if (a->w)
		dk_note("against: --within: input documents held: %zu, pairs inside the input: %llu",
		    a->w->c.docs.n, (unsigned long long)a->nwithin);
	dk_note("against: peak input documents held: %zu", a->peakdocs);
	dk_note("against: peak bytes held: %zu", a->peakbytes);
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		dk_note("against: peak RSS: %ld kB", ru.ru_maxrss);
	dk_note("against: %llu lists visited, %llu candidates compared",
	    c->lists, c->candidates);
	dk_note("against: REF indexed in %.2f s; input matched in %.2f s, %.0f documents/s",
	    a->tindex, a->tstream, a->tstream > 0 ? (double)a->ninput / a->tstream : 0.0);
}

static void
cleanup(struct against *a)
{
	if (a->keys)
		sm_keyed_free(a->keys);
	if (a->w) {
		if (a->w->keys)
			sm_keyed_free(a->w->keys);
		free(a->w->c.pool.v);
		free(a->w->c.docs.v);
		free(a->w->c.ids.v);
		dk_intern_free(&a->w->c.sigs);
		dk_sigs_free(&a->w->sg);
		free(a->w->num.v);
		free(a->w->raw.v);
		free(a->w);
	}
	free(a->to);
	free(a->member.v);
	free(a->probe.v);
	free(a->pairs.v);
	free(a->cur.id.v);
	free(a->cur.hits.v);
	dk_sigs_free(&a->sg);
	free(a->unknown.v);
	free(a->tmp.v);
	free(a->dup.v);
	free(a->allids.v);
	free(a->idend.v);
}

int
sm_against(sm_ctx *c, int refkind, sm_keyed *keys, const sm_against_opts *o,
    int argc, char **argv)
{
	struct against a = { 0 };
	int status;
	double t0, t1;

	a.c = c;
	a.o = o;
	a.refkind = refkind;
	a.keys = keys;
	a.cur.prevfirst = -1;
	t0 = seconds();
	if (refkind >= 0)
		index_ref(&a);
	t1 = seconds();
	status = dk_each_input(argc, argv, read_stream, &a);
	if (a.decided && (a.kind == SM_PLAIN || a.kind == SM_PART))
		flush(&a);
	else if (a.decided)
		keyed_flush(&a);
	if (a.w)
		within_finish(&a);
	dk_out_close();
	a.tindex = t1 - t0;
	a.tstream = seconds() - t1;
	if (a.mt) {
		sm_pairs none = { 0 };

		sm_matcher_finish(a.mt, &none);      /* adds up the counts */
		free(none.v);
		a.mt = NULL;
	}
	if (dk_verbose)
		report(&a);
	cleanup(&a);
	return status;
}

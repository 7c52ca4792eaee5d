/* spotmatch --against: a stream of documents matched with a reference
 * collection indexed once.
 *
 * REF is read whole into the context (batch.c's sm_input), whose first
 * documents it stays.
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

#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>

#define NONE UINT32_MAX

/* A batch ends at this many documents, or signature occurrences. */
enum { BATCH_DOCS = 4096, BATCH_SIGS = 1 << 20 };

/* --within: the input kept whole in a context of its own, matched at the
 * end as spotmatch without --against would match it. */
struct within {
	sm_ctx c;
	sm_keyed *keys;
	DK_VEC(uint32_t) num;       /* document of c -> input number */
};

/* The keyed document being read: its records so far. */
struct current {
	int open;
	DK_VEC(char) id;
	uint64_t rawhash;
	long lastkey, prevfirst;    /* band or fingerprint numbers */
	uint32_t doc;               /* in the context, to verify; or NONE */
	unsigned flags;             /* its signature flags (DK_SIG_CHAINS) */
	DK_VEC(uint32_t) hits;      /* REF documents, once a shared key */
	DK_VEC(uint32_t) tmp;       /* scratch of sorting the hits */
};

struct against {
	sm_ctx *c;
	const sm_opts *o;
	/* the kinds of REF and of the input: their pairs rule, a partition
	 * stream's being a plain one's; the input's key kind */
	const struct dk_keykind *refkind, *cls, *kind;
	sm_reader rd;
	dk_ids ids;                 /* the input's, apart from REF's */
	size_t nref, refpool, refocc, refids, refbytes, nrefsig;
	uint32_t *to;               /* REF signature -> its number from 1 */
	sm_matcher *mt;
	sm_group g;
	DK_VEC(uint32_t) member, probe;
	sm_keyed *keys;
	sm_fpar fpar;               /* REF's imatch settings, if an imatch stream */
	struct current cur;
	sm_pairs pairs;
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

/* A partition stream is matched as a plain one: its key kind as a class. */
static const struct dk_keykind *
class_of(const struct dk_keykind *k)
{
	return k->pairs == DK_PAIRS_GROUP ? &dk_keykinds[DK_KEY_NONE] : k;
}

static size_t
held_bytes(const struct against *a)
{
	size_t b = sm_ctx_bytes(a->c);

	b += (a->member.cap + a->probe.cap + a->cur.hits.cap + a->cur.tmp.cap) * sizeof(uint32_t) +
	    a->pairs.cap * sizeof(sm_pair) + a->rd.x.sigs.cap * sizeof(dk_sig) + a->cur.id.cap;
	if (a->to)
		b += (a->nrefsig + 1) * sizeof *a->to;
	if (a->mt)
		b += sm_matcher_bytes(a->mt);
	if (a->keys)
		b += sm_keyed_bytes(a->keys);
	if (a->w) {
		b += sm_ctx_bytes(&a->w->c) + a->w->num.cap * sizeof(uint32_t);
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
	c->refnum = a->to;
	a->nref = c->docs.n;
	a->refpool = c->pool.n;
	a->refocc = c->pool.nocc;
	a->refids = c->ids.n;
	if (a->refkind->pairs == DK_PAIRS_NONE) {
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
setup(struct against *a, const struct dk_keykind *kind)
{
	const struct dk_keykind *cls = class_of(kind);
	struct within *w;

	a->kind = kind;
	a->cls = cls;
	if (cls->pairs == DK_PAIRS_SHARE && a->o->minshared > 1)
		dk_diex(DK_EXIT_INPUT, "%s needs signatures, not an imatch stream",
		    a->o->mindistinct ? "--min-distinct" : "--min-shared");
	if (!a->refkind) {
		a->refkind = cls;
		if (cls->pairs != DK_PAIRS_NONE)
			a->keys = sm_keyed_new(cls);
		index_ref(a);
	} else if (cls != a->refkind)
		dk_diex(DK_EXIT_INPUT, "the input is %s but REF is %s: both sides must be "
		    "of one kind", cls->stream, a->refkind->stream);
	if (!a->o->within)
		return;
	w = a->w = dk_calloc(1, sizeof *a->w);
	sm_ctx_init(&w->c, a->o);
	w->c.tau = a->c->tau;
	if (cls->pairs != DK_PAIRS_NONE)
		w->keys = sm_keyed_new(cls);
}

/* The verdict on input document num (ID id): its pairs with REF, or with
 * --novel its ID when it has none.  With --within --novel the verdict
 * waits for the end. */
static void
result(struct against *a, uint64_t num, dk_str id, const sm_pair *p, size_t n)
{
	size_t i;

	a->npairs += n;
	if (a->o->novel && a->w) {
		a->dup.v[num] = n > 0;
		return;
	}
	if (a->o->novel) {
		if (n == 0) {
			sm_write_id(id);
			a->nnovel++;
			dk_out_maybe_flush();
		}
		return;
	}
	for (i = 0; i < n; i++)
		sm_write_pair(sm_doc_id(a->c, p[i].a), id, p[i].sim);
	dk_out_maybe_flush();
}

/* Forgets the input documents held. */
static void
drop_input(struct against *a)
{
	a->c->docs.n = a->nref;
	sm_pool_truncate(a->c, a->refpool, a->refocc);
	a->c->ids.n = a->refids;
}

/* The pairs by input document, then REF document: sm_sort_pairs's order
 * with the two swapped. */
static void
sort_by_input(sm_pairs *p)
{
	uint32_t t;
	size_t i;

	for (i = 0; i < p->n; i++)
		t = p->v[i].a, p->v[i].a = p->v[i].b, p->v[i].b = t;
	sm_sort_pairs(p);
	for (i = 0; i < p->n; i++)
		t = p->v[i].a, p->v[i].a = p->v[i].b, p->v[i].b = t;
}

/* Matches the batch with REF, writes the verdicts in input order, and
 * drops it. */
static void
flush(struct against *a)
{
	sm_ctx *c = a->c;
	size_t nd = c->docs.n - a->nref, i, k = 0, from;
	uint64_t num = a->ninput - nd;

	if (nd == 0)
		return;
	a->pairs.n = 0;
	sm_match_probes(a->mt, a->probe.v, a->probe.n, &a->pairs);
	sm_pair_rules(c, &a->pairs);
	sort_by_input(&a->pairs);
	note_held(a, nd);
	for (i = a->nref; i < c->docs.n; i++, num++) {
		for (from = k; k < a->pairs.n && a->pairs.v[k].b == i; k++)
			;
		result(a, num, sm_doc_id(c, (uint32_t)i), a->pairs.v + from, k - from);
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

/* The signatures of a document that REF holds, after the entry of those
 * it does not (sm_add_doc, SM_ADD_REF). */
static size_t
known_sigs(const sm_ctx *c, uint32_t d)
{
	const sm_doc *x = &c->docs.v[d];

	return x->nsig - (x->nsig > 0 && sm_doc_sigs(c, x)[0] == 0);
}

static void
sig_record(struct against *a, dk_reader *r)
{
	dk_str id = a->rd.x.id;
	const dk_sigs *sg = sm_rec_sigs(&a->rd, r);
	uint32_t d;

	/* a probe of a partition stream repeats a document of another key */
	if (a->kind->pairs == DK_PAIRS_GROUP && (sg->flags & DK_SIG_PROBE))
		return;
	new_input(a, id);
	if (a->w && sg->n > 0) {
		d = sm_add_doc(&a->w->c, r, id, sg, 0);
		if (d != NONE)
			DK_PUSH(&a->w->num, (uint32_t)(a->ninput - 1));
	}
	d = sm_add_doc(a->c, r, id, sg, SM_ADD_ALL | SM_ADD_REF);
	if (sg->flags & DK_SIG_SHORT || sg->n == 0)
		a->nskipped++;
	else if (known_sigs(a->c, d) > 0)
		DK_PUSH(&a->probe, d);
	if (a->c->docs.n - a->nref >= BATCH_DOCS || a->c->pool.nocc - a->refocc >= BATCH_SIGS)
		flush(a);
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
	DK_GROW(&cur->tmp, n);
	dk_sort_u32(h, n, cur->tmp.v);
	a->pairs.n = 0;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && h[j] == h[i]; j++)
			;
		if (a->cls->pairs == DK_PAIRS_SHARE) {
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
		if (sm_dense_below(a->c->dense_tau, a->c->docs.v[h[i]].flags | cur->flags,
		    sim)) {
			a->c->ndense++;
			continue;
		}
		if (cur->doc != NONE && dk_size_below(a->c->size_ratio, a->c->docs.v[h[i]].len,
		    a->c->docs.v[cur->doc].len)) {
			a->c->nsize++;
			continue;
		}
		if (cur->doc != NONE && sm_distinct_below(a->c, h[i], cur->doc))
			continue;
		DK_PUSH(&a->pairs, ((sm_pair){ h[i], cur->doc, sim }));
	}
	note_held(a, 1);
	result(a, a->ninput - 1, (dk_str){ cur->id.v, cur->id.n }, a->pairs.v, a->pairs.n);
	drop_input(a);
	cur->open = 0;
}

/* The first record of a keyed document. */
static void
keyed_open(struct against *a, dk_reader *r, uint64_t h, long num)
{
	struct current *cur = &a->cur;
	dk_str id = a->rd.x.id;
	const dk_sigs *sg;

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
	cur->flags = 0;
	cur->hits.n = 0;
	new_input(a, id);
	if (num < 0) {
		a->nskipped++;
		return;
	}
	sg = sm_rec_sigs(&a->rd, r);
	cur->flags = sg->flags;
	if (a->cls->pairs != DK_PAIRS_VERIFY)
		return;
	if (sg->flags & DK_SIG_SHORT || sg->n == 0)
		a->nskipped++;
	else
		cur->doc = sm_add_doc(a->c, r, id, sg, SM_ADD_ALL | SM_ADD_REF);
}

static void
keyed_record(struct against *a, dk_reader *r)
{
	struct current *cur = &a->cur;
	const sm_rec *x = &a->rd.x;
	dk_str key = x->rec.f[0], id = x->id, f = x->sigtext;
	uint64_t h = dk_hash64(f.p, f.n, 0);
	long num = x->kind->pairs == DK_PAIRS_NONE ? -1 : (long)x->key.num;
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
	/* an input of other imatch settings than REF's shares no key with it */
	if (x->key.key == DK_KEY_FPRINT)
		sm_fpar_check(&a->fpar, &x->key, r);
	if (num >= 0 && a->cls->pairs == DK_PAIRS_SHARE && nfp && x->key.nfp != nfp)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "key with %lu fingerprints, REF's have %lu", x->key.nfp, nfp);
	/* an input banded otherwise than REF shares no key with it */
	if (num >= 0 && a->cls->pairs == DK_PAIRS_VERIFY)
		sm_keyed_check_banding(a->keys, &x->key, r);
	if (a->w) {
		size_t nd = a->w->c.docs.n;

		sm_keyed_add(a->w->keys, &a->w->c, &a->rd, r, NULL);
		if (a->w->c.docs.n > nd)
			DK_PUSH(&a->w->num, (uint32_t)(a->ninput - (same ? 1 : 0)));
	}
	if (!same) {
		keyed_flush(a);
		keyed_open(a, r, h, num);
	}
	cur->lastkey = num;
	if (num < 0)
		return;
	n = sm_keyed_lookup(a->keys, key, &docs);
	for (i = 0; i < n; i++)
		DK_PUSH(&cur->hits, docs[i]);
}

static void
read_stream(dk_reader *r, void *arg)
{
	struct against *a = arg;

	sm_reader_start(&a->rd, r, 1);
	while (sm_next(&a->rd, r)) {
		if (!a->kind)
			setup(a, a->rd.kind);
		if (a->kind->pairs == DK_PAIRS_NONE || a->kind->pairs == DK_PAIRS_GROUP)
			sig_record(a, r);
		else
			keyed_record(a, r);
	}
}

/* --within: the pairs inside the input, or with --novel the verdicts
 * held back: novel is an input document without a pair with REF nor with
 * an earlier input document. */
static void
within_finish(struct against *a)
{
	struct within *w = a->w;
	sm_pairs p = { 0 };
	uint64_t i, start;

	if (a->refkind->pairs == DK_PAIRS_NONE) {
		sm_order_sigs(&w->c, NULL);
		sm_match_plain(&w->c, &p);
	} else {
		sm_keyed_finish(w->keys, &w->c, a->o->tau_set, &p);
		w->keys = NULL;
	}
	sm_pair_rules(&w->c, &p);
	a->nwithin = p.n;
	for (i = 0; i < p.n; i++) {
		if (a->o->novel) {
			a->dup.v[w->num.v[p.v[i].b]] = 1;
			continue;
		}
		sm_write_pair(sm_doc_id(&w->c, p.v[i].a), sm_doc_id(&w->c, p.v[i].b), p.v[i].sim);
		dk_out_maybe_flush();
	}
	for (i = 0, start = 0; a->o->novel && i < a->dup.n; start = a->idend.v[i++]) {
		if (a->dup.v[i])
			continue;
		sm_write_id((dk_str){ a->allids.v + start, a->idend.v[i] - start });
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
	if (c->dense_tau > 0)
		dk_note("against: pairs below --dense-tau dropped: %llu",
		    c->ndense + (a->w ? a->w->c.ndense : 0));
	if (c->size_ratio > 0)
		dk_note("against: pairs below --size-ratio dropped: %llu",
		    c->nsize + (a->w ? a->w->c.nsize : 0));
	if (c->mindistinct > 1)
		dk_note("against: pairs below --min-distinct dropped: %llu",
		    c->ndistinct + (a->w ? a->w->c.ndistinct : 0));
	dk_note("against: REF indexed in %.2f s; input matched in %.2f s, %.0f documents/s",
	    a->tindex, a->tstream, a->tstream > 0 ? (double)a->ninput / a->tstream : 0.0);
}

static void
cleanup(struct against *a)
{
	if (a->keys)
		sm_keyed_free(a->keys);
	sm_fpar_free(&a->fpar);
	if (a->w) {
		if (a->w->keys)
			sm_keyed_free(a->w->keys);
		sm_ctx_free(&a->w->c);
		free(a->w->num.v);
		free(a->w);
	}
	sm_reader_free(&a->rd);
	dk_ids_free(&a->ids);
	free(a->to);
	free(a->member.v);
	free(a->probe.v);
	free(a->pairs.v);
	free(a->cur.id.v);
	free(a->cur.hits.v);
	free(a->cur.tmp.v);
	free(a->dup.v);
	free(a->allids.v);
	free(a->idend.v);
}

/* REF, read whole as a collection of documents (a partition stream's
 * members only). */
static void
read_ref(struct against *a)
{
	sm_input *in = sm_input_new(a->c, a->o, 1);
	dk_reader *r;
	size_t i;

	for (i = 0; i < a->o->ref.n; i++) {
		if ((r = dk_reader_open(a->o->ref.v[i])) == NULL)
			dk_die(DK_EXIT_OPERAND, "%s", a->o->ref.v[i]);
		sm_input_read(in, r);
		if (dk_reader_error(r))
			dk_diex(DK_EXIT_OPERAND, "%s: REF not read in full", a->o->ref.v[i]);
		dk_reader_close(r);
	}
	if (sm_input_kind(in))
		a->refkind = class_of(sm_input_kind(in));
	a->keys = sm_input_take_keys(in);
	sm_input_take_fpar(in, &a->fpar);
	sm_input_free(in);
}

/* A file given both as REF and as input would pair each of its documents
 * with itself, at 1: refused (one same regular file, by device and inode;
 * standard input is not checked). */
static void
check_not_ref(const sm_opts *o, int argc, char **argv)
{
	struct stat sr, si;
	size_t i;
	int k;

	for (i = 0; i < o->ref.n; i++) {
		if (strcmp(o->ref.v[i], "-") == 0 || stat(o->ref.v[i], &sr) != 0 ||
		    !S_ISREG(sr.st_mode))
			continue;
		for (k = 0; k < argc; k++)
			if (strcmp(argv[k], "-") != 0 && stat(argv[k], &si) == 0 &&
			    si.st_dev == sr.st_dev && si.st_ino == sr.st_ino)
				dk_diex(DK_EXIT_INPUT, "%s is both --against REF and input: each of "
				    "its documents would pair with itself (for the pairs inside one "
				    "file, give it without --against)", argv[k]);
	}
}

int
sm_against(const sm_opts *o, int argc, char **argv)
{
	struct against a = { 0 };
	sm_ctx c;
	int status;
	double t0, t1;

	check_not_ref(o, argc, argv);
	sm_ctx_init(&c, o);
	a.c = &c;
	a.o = o;
	a.cur.prevfirst = -1;
	/* REF's IDs are a collection of their own */
	sm_reader_init(&a.rd, o->force_plain, &a.ids);
	read_ref(&a);
	if (!o->tau_set)
		c.tau = 0.9;
	t0 = sm_seconds();
	if (a.refkind)
		index_ref(&a);
	t1 = sm_seconds();
	status = dk_each_input(argc, argv, read_stream, &a);
	if (a.kind && a.cls->pairs == DK_PAIRS_NONE)
		flush(&a);
	else if (a.kind)
		keyed_flush(&a);
	if (a.w)
		within_finish(&a);
	dk_out_close();
	a.tindex = t1 - t0;
	a.tstream = sm_seconds() - t1;
	if (a.mt) {
		sm_pairs none = { 0 };

		sm_matcher_finish(a.mt, &none);      /* adds up the counts */
		free(none.v);
		a.mt = NULL;
	}
	if (dk_verbose)
		report(&a);
	cleanup(&a);
	sm_ctx_free(&c);
	return status;
}

/* spotmatch's default mode: the whole input read into a context, then
 * matched, the pairs written.  A plain stream is partitioned by length
 * here (match.c); a partition stream is matched key group by key group;
 * a keyed stream of minhash or imatch gives its candidates (keyed.c).
 * sm_input also reads REF for --against. */
#include "sm.h"

#include <stdio.h>
#include <stdlib.h>

/* The members of one key group by ID, with their SIGS fields as read: a
 * probe of the next group that repeats one byte for byte shares its
 * document instead of being decoded and looked up again. */
struct members {
	dk_intern ids;
	DK_VEC(uint32_t) doc;     /* by ID id; UINT32_MAX if the ID repeats */
	DK_VEC(uint64_t) off;     /* by ID id: SIGS bytes raw[off .. off + len) */
	DK_VEC(uint32_t) len;
	DK_VEC(char) raw;
};

/* Reading state across operands. */
struct sm_input {
	sm_ctx *c;
	sm_reader rd;
	int members_only;         /* a partition stream read for its documents */
	/* partition streams */
	char prefix[128];         /* "P0.9:", "P0.9r500/set:", "P0.7s0.3/contain:" */
	char pdesc[160];          /* its partition options, for messages */
	char *pfile;              /* where it was read */
	unsigned long pline;
	double ptau;
	double psize;             /* its --size-ratio, 0 for none */
	char ptag[128];           /* "" or "/set": dk_measure_tag */
	DK_VEC(char) lastkey;
	DK_VEC(uint32_t) gstart;  /* first record of each key group */
	struct members prev, cur; /* of the last two groups, for probes */
	sm_keyed *keyed;
	sm_fpar fpar;             /* imatch streams: their settings */
	const sm_numbered *pre;   /* the record's signatures numbered ahead,
	                           * or NULL */
};

static void
members_reset(struct members *g)
{
	dk_intern_free(&g->ids);
	dk_intern_init(&g->ids, 0);
	g->doc.n = g->off.n = g->len.n = g->raw.n = 0;
}

static void
members_free(struct members *g)
{
	dk_intern_free(&g->ids);
	free(g->doc.v);
	free(g->off.v);
	free(g->len.v);
	free(g->raw.v);
}

sm_input *
sm_input_new(sm_ctx *c, const sm_opts *o, int members_only)
{
	sm_input *in = dk_calloc(1, sizeof *in);

	in->c = c;
	in->members_only = members_only;
	sm_reader_init(&in->rd, o->force_plain, &dk_input_ids);
	dk_intern_init(&in->prev.ids, 0);
	dk_intern_init(&in->cur.ids, 0);
	return in;
}

void
sm_input_free(sm_input *in)
{
	sm_reader_free(&in->rd);
	members_free(&in->prev);
	members_free(&in->cur);
	free(in->lastkey.v);
	free(in->gstart.v);
	free(in->pfile);
	sm_fpar_free(&in->fpar);
	if (in->keyed)
		sm_keyed_free(in->keyed);
	free(in);
}

const struct dk_keykind *
sm_input_kind(const sm_input *in)
{
	return in->rd.kind;
}

sm_keyed *
sm_input_take_keys(sm_input *in)
{
	sm_keyed *k = in->keyed;

	in->keyed = NULL;
	return k;
}

void
sm_input_take_fpar(sm_input *in, sm_fpar *to)
{
	sm_fpar_free(to);
	*to = in->fpar;
	memset(&in->fpar, 0, sizeof in->fpar);
}

/* imatch keys of other settings (lexicon, -i, -K, -p, -s, -m, -x, -k,
 * --quoted skip) give one document other fingerprints: streams of both
 * merged, or matched --against each other, would pair none of their
 * copies across them, with status 0. */
void
sm_fpar_check(sm_fpar *f, const dk_keyinfo *key, const dk_reader *r)
{
	char now[2 * DK_FPRINTPAR_MAX], first[2 * DK_FPRINTPAR_MAX];
	dk_str par = key->par;

	if (!f->file) {
		f->par.n = 0;
		dk_buf_bytes(&f->par, par.p, par.n);
		f->nfp = key->nfp;
		f->file = dk_strdup(dk_reader_name(r));
		f->line = dk_reader_lineno(r);
		return;
	}
	if (key->nfp == f->nfp && par.n == f->par.n &&
	    (par.n == 0 || memcmp(par.p, f->par.p, par.n) == 0))
		return;
	dk_fprintpar_describe(par, key->nfp, now);
	dk_fprintpar_describe((dk_str){ f->par.p, f->par.n }, f->nfp, first);
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a fingerprint key of %s after "
	    "one of %s (at %s:%lu): fingerprints of other settings differ for the same "
	    "document, so that its copies would not be paired (make every stream with "
	    "the same imatch options and lexicon)", now, first, f->file, f->line);
}

void
sm_fpar_free(sm_fpar *f)
{
	dk_buf_free(&f->par);
	free(f->file);
	memset(f, 0, sizeof *f);
}

/* The document of the record read, its signatures numbered ahead or
 * from its field; UINT32_MAX for a short one. */
static uint32_t
add_record(sm_input *in, dk_reader *r)
{
	if (in->pre)
		return sm_add_numbered(in->c, r, in->rd.x.id, in->pre);
	return sm_add_doc(in->c, r, in->rd.x.id, sm_rec_sigs(&in->rd, r), 0);
}

/* The first record of a partition stream fixes its threshold and measure. */
static void
part_header(sm_input *in, dk_reader *r, const dk_keyinfo *k)
{
	dk_str key = k->head;

	if (key.n >= sizeof in->prefix)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "bad partition key");
	memcpy(in->prefix, key.p, key.n);
	in->prefix[key.n] = '\0';
	memcpy(in->ptag, k->tag.p, k->tag.n);
	in->ptag[k->tag.n] = '\0';
	in->ptau = dk_key_tau(k);
	if (in->ptau == 0 || !dk_measure_tag_by(in->ptag))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "bad threshold in partition key '%.*s'", (int)in->rd.x.rec.f[0].n,
		    in->rd.x.rec.f[0].p);
	if (dk_key_rho(k) == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "bad -r in partition key '%.*s'", (int)in->rd.x.rec.f[0].n,
		    in->rd.x.rec.f[0].p);
	if ((in->psize = dk_key_size_ratio(k)) < 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "bad --size-ratio in partition key '%.*s'", (int)in->rd.x.rec.f[0].n,
		    in->rd.x.rec.f[0].p);
	dk_partkey_describe(k, in->pdesc, sizeof in->pdesc);
	in->pfile = dk_strdup(dk_reader_name(r));
	in->pline = dk_reader_lineno(r);
}

/* A key of another partition stream than the first: other -t, -M or -r
 * (recorded in the key since -r moves the last partition), whose
 * documents would meet in no group, or meet without the probes that
 * cross a partition, with status 0. */
static void
part_mismatch(sm_input *in, dk_reader *r, dk_str key)
{
	char now[160];
	dk_keyinfo k;

	if (dk_key_parse(key, &k) == DK_KEY_PART && dk_partkey_describe(&k, now, sizeof now)) {
		if (strcmp(now, in->pdesc) != 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a key of %s after "
			    "keys of %s (at %s:%lu): their length partitions differ, so pairs "
			    "across them would be lost (make every stream with the same "
			    "partition -t, -M, -r and --size-ratio)", now, in->pdesc, in->pfile, in->pline);
	}
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
	    "key '%.*s' does not continue a stream keyed '%s...'",
	    (int)key.n, key.p, in->prefix);
}

/* A partition key must carry the stream's prefix, and the keys must
 * not decrease, or groups would be split. */
static void
part_key(sm_input *in, dk_reader *r, dk_str key)
{
	size_t pn = strlen(in->prefix);
	int cmp;

	if (key.n < pn || memcmp(key.p, in->prefix, pn) != 0)
		part_mismatch(in, r, key);
	if (in->gstart.n == 0)
		cmp = 1;
	else {
		cmp = key.n != in->lastkey.n ? (key.n > in->lastkey.n ? 1 : -1) :
		    memcmp(key.p, in->lastkey.v, key.n);
		if (cmp < 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "key '%.*s' after '%.*s': the stream is not sorted by key",
			    (int)key.n, key.p, (int)in->lastkey.n, in->lastkey.v);
	}
	if (cmp > 0) {
		struct members t = in->prev;

		in->prev = in->cur;
		in->cur = t;
		members_reset(&in->cur);
		DK_PUSH(&in->gstart, (uint32_t)in->c->docs.n);
		in->lastkey.n = 0;
		DK_GROW(&in->lastkey, key.n);
		memcpy(in->lastkey.v, key.p, key.n);
		in->lastkey.n = key.n;
	}
}

/* The first record: a partition stream's threshold, a keyed stream's
 * keys. */
static void
decide(sm_input *in, dk_reader *r)
{
	const struct dk_keykind *k = in->rd.kind;

	if ((k->pairs == DK_PAIRS_VERIFY || k->pairs == DK_PAIRS_SHARE) && in->c->sumcol)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "--checksum-column needs "
		    "a signature or partition stream, not a minhash or imatch one");
	if (k->pairs == DK_PAIRS_SHARE && in->c->minshared > 1)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s needs "
		    "signatures, not an imatch stream",
		    in->c->mindistinct ? "--min-distinct" : "--min-shared");
	if (k->pairs == DK_PAIRS_GROUP && !in->members_only)
		part_header(in, r, &in->rd.x.key);
	else if (k->pairs == DK_PAIRS_VERIFY || k->pairs == DK_PAIRS_SHARE)
		in->keyed = sm_keyed_new(k);
}

/* A record of a partition stream: a probe repeating a member of the
 * previous group shares its document; members are remembered.  Returns
 * the document, UINT32_MAX for a short one. */
static uint32_t
part_record(sm_input *in, dk_reader *r)
{
	sm_ctx *c = in->c;
	dk_str id = in->rd.x.id, f = in->rd.x.sigtext;
	struct members *g;
	uint32_t i, d;
	sm_doc x;
	int isnew;

	if (f.n > 7 && memcmp(f.p, "!probe ", 7) == 0) {
		g = &in->prev;
		i = dk_intern_find(&g->ids, id.p, id.n);
		if (i != UINT32_MAX && g->doc.v[i] != UINT32_MAX && g->len.v[i] == f.n - 7 &&
		    memcmp(g->raw.v + g->off.v[i], f.p + 7, f.n - 7) == 0) {
			if (c->docs.n >= UINT32_MAX - 1)
				dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "too many records");
			x = c->docs.v[g->doc.v[i]];
			x.flags |= DK_SIG_PROBE | SM_SHARED;
			DK_PUSH(&c->docs, x);
			return (uint32_t)(c->docs.n - 1);
		}
		return add_record(in, r);
	}
	g = &in->cur;
	d = add_record(in, r);
	i = dk_intern_id(&g->ids, id.p, id.n, &isnew);
	if (!isnew) {
		g->doc.v[i] = UINT32_MAX;
		return d;
	}
	DK_PUSH(&g->doc, d);
	DK_PUSH(&g->off, g->raw.n);
	DK_PUSH(&g->len, (uint32_t)f.n);
	DK_GROW(&g->raw, g->raw.n + f.n);
	if (f.n)
		memcpy(g->raw.v + g->raw.n, f.p, f.n);
	g->raw.n += f.n;
	return d;
}

/* --checksum-column: document d joins the earlier ones with the same
 * checksum, whose signatures must be its own (length and a hash of the
 * array compared, which is cheap and catches a stream that mixes two
 * signature streams of the same texts).  An empty field is no checksum.
 * The fields of a keyed record start at first = 1. */
static void
note_sum(sm_ctx *c, dk_reader *r, const dk_record *rec, size_t first, uint32_t d)
{
	size_t col = first + c->sumcol - 1;
	const sm_doc *x, *y;
	uint32_t k;
	dk_str f, xid;
	int isnew;

	if (d == UINT32_MAX)
		return;
	if (col + 1 >= rec->n)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "no checksum column %zu before the signatures", c->sumcol);
	f = rec->f[col];
	if (f.n == 0) {
		DK_PUSH(&c->sum, UINT32_MAX);
		return;
	}
	k = dk_intern_id(&c->sums, f.p, f.n, &isnew);
	DK_PUSH(&c->sum, k);
	if (isnew) {
		DK_PUSH(&c->sumdoc, d);
		return;
	}
	x = &c->docs.v[c->sumdoc.v[k]];
	y = &c->docs.v[d];
	if (x->len != y->len || !sm_same_sigs(c, x, y)) {
		xid = sm_doc_id(c, c->sumdoc.v[k]);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "same checksum as %.*s but different signatures", (int)xid.n, xid.p);
	}
}

/* A record of a partition stream read as REF: its probes repeat documents
 * of other keys, so only its members are kept (a probe is checked as a
 * document, then dropped). */
static void
member_record(sm_input *in, dk_reader *r)
{
	sm_ctx *c = in->c;
	uint32_t d = sm_add_doc(c, r, in->rd.x.id, sm_rec_sigs(&in->rd, r), 0);
	sm_doc *x;

	if (d == UINT32_MAX || !((x = &c->docs.v[d])->flags & DK_SIG_PROBE))
		return;
	sm_pool_truncate(c, x->sig, c->pool.nocc - x->nsig);
	c->ids.n = x->id;
	c->docs.n--;
}

/* The record in in->rd.x, of the stream's kind. */
static void
take_record(sm_input *in, dk_reader *r)
{
	sm_ctx *c = in->c;
	sm_reader *s = &in->rd;
	uint32_t d;

	switch (s->kind->pairs) {
	case DK_PAIRS_NONE:
		if (s->own_plain)
			sm_id_check(c, r, s->x.id,
			    s->x.idhashed ? s->x.idhash : sm_id_hash(s->x.id));
		d = add_record(in, r);
		if (s->own_plain)
			sm_id_note(c, s->x.id, d);
		if (c->sumcol)
			note_sum(c, r, &s->x.rec, 0, d);
		break;
	case DK_PAIRS_GROUP:
		if (in->members_only) {
			member_record(in, r);
			break;
		}
		part_key(in, r, s->x.rec.f[0]);
		d = part_record(in, r);
		if (c->sumcol)
			note_sum(c, r, &s->x.rec, 1, d);
		break;
	case DK_PAIRS_VERIFY:
	case DK_PAIRS_SHARE:
		if (s->x.key.key == DK_KEY_FPRINT)
			sm_fpar_check(&in->fpar, &s->x.key, r);
		sm_keyed_add(in->keyed, c, s, r, in->pre);
		break;
	}
}

/* Whether the rest of the stream is read ahead: with threads, for a
 * signature, partition or minhash stream of the default mode (the
 * stream's first record has decided its kind; imatch's fingerprints need
 * no signatures). */
static int
reads_ahead(const sm_input *in)
{
	enum dk_pairs kind = in->rd.kind->pairs;

	return in->c->nthreads > 1 && !in->members_only && !in->c->refnum &&
	    (kind == DK_PAIRS_NONE || kind == DK_PAIRS_GROUP || kind == DK_PAIRS_VERIFY);
}

/* take_record for a record read ahead. */
static void
take_ahead(void *arg, dk_reader *r, const sm_numbered *pre)
{
	sm_input *in = arg;

	in->pre = pre;
	take_record(in, r);
}

void
sm_input_read(sm_input *in, dk_reader *r)
{
	sm_reader *s = &in->rd;
	int first = s->kind == NULL;
	sm_ahead *a;

	sm_reader_start(s, r, 1);
	in->pre = NULL;
	if (!sm_next(s, r))
		return;
	if (first)
		decide(in, r);
	take_record(in, r);
	if (!reads_ahead(in)) {
		while (sm_next(s, r))
			take_record(in, r);
		return;
	}
	a = sm_ahead_new(in->c);
	sm_ahead_take(a, s, r, take_ahead, in);
	sm_ahead_free(a);
	in->pre = NULL;
}

static void
read_operand(dk_reader *r, void *arg)
{
	sm_input_read(arg, r);
}

/* Key group k of a partition stream: its records, members and probes
 * apart. */
static void
part_group(const void *src, size_t k, sm_u32s room[2], sm_group *g)
{
	const sm_input *in = src;
	const sm_ctx *c = in->c;
	size_t i, end = in->gstart.v[k + 1];

	room[0].n = room[1].n = 0;
	for (i = in->gstart.v[k]; i < end; i++) {
		if (c->docs.v[i].flags & DK_SIG_PROBE)
			DK_PUSH(&room[1], (uint32_t)i);
		else
			DK_PUSH(&room[0], (uint32_t)i);
	}
	*g = (sm_group){ room[0].v, room[1].v, room[0].n, room[1].n };
}

static uint64_t
part_size(const void *src, size_t k)
{
	const sm_input *in = src;

	return in->gstart.v[k + 1] - in->gstart.v[k];
}

/* Matches each key group of a partition stream on its own, exactly as if
 * the stream had been split by key. */
static void
match_parts(sm_input *in, sm_pairs *out)
{
	sm_groups gs;

	DK_PUSH(&in->gstart, (uint32_t)in->c->docs.n);
	gs = (sm_groups){ in->gstart.n - 1, part_group, part_size, in };
	sm_match_groups(in->c, &gs, out);
}

/* The documents that are queried: all but a partition stream's probes. */
static uint64_t
nmembers(const sm_ctx *c)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < c->docs.n; i++)
		n += !(c->docs.v[i].flags & DK_SIG_PROBE);
	return n;
}

/* Settles the threshold and measure against what the stream says. */
static void
check_stream(const sm_input *in, sm_ctx *c, int tau_set)
{
	enum dk_pairs kind = in->rd.kind ? in->rd.kind->pairs : DK_PAIRS_NONE;
	char a[32], b[32];

	if (kind != DK_PAIRS_GROUP) {
		if (!tau_set && kind != DK_PAIRS_SHARE)
			c->tau = 0.9;
		if (kind == DK_PAIRS_VERIFY && in->keyed)
			sm_keyed_check_chance(in->keyed, c->tau);
		return;
	}
	if (!c->partition)
		dk_diex(DK_EXIT_INPUT, "--no-partition: the input is already partitioned");
	if (strcmp(in->ptag, dk_measure_tag(c->m)) != 0)
		dk_diex(DK_EXIT_INPUT, "the stream was partitioned %s: use %s",
		    dk_measure_tag_by(in->ptag), dk_measure_tag_options(in->ptag));
	/* partitions at a ratio R hold apart pairs of lengths below R, which
	 * the matcher without it, or at a lower one, would report; one at a
	 * higher R finds them all but is refused too: one R a stream */
	if (in->psize > 0 && in->psize != c->size_ratio) {
		dk_tau_format(b, sizeof b, in->psize);
		if (c->size_ratio > 0)
			dk_tau_format(a, sizeof a, c->size_ratio);
		dk_diex(DK_EXIT_INPUT, "the stream was partitioned with --size-ratio %s: "
		    "use --size-ratio %s%s%s", b, b, c->size_ratio > 0 ? ", not " : "",
		    c->size_ratio > 0 ? a : "");
	}
	if (!tau_set)
		c->tau = in->ptau;
	else if (c->tau < in->ptau) {
		dk_tau_format(a, sizeof a, c->tau);
		dk_tau_format(b, sizeof b, in->ptau);
		dk_diex(DK_EXIT_INPUT, "threshold %s is below the partitioning threshold %s: "
		    "pairs would be missed", a, b);
	}
}

static void
write_pairs(const sm_ctx *c, const sm_pairs *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		sm_write_pair(sm_doc_id(c, p->v[i].a), sm_doc_id(c, p->v[i].b), p->v[i].sim);
		dk_out_maybe_flush();
	}
}

int
sm_batch(const sm_opts *o, int argc, char **argv)
{
	sm_ctx c;
	sm_input *in;
	sm_pairs pairs = { 0 };
	enum dk_pairs kind;
	double start = sm_seconds(), t0, t1;
	int status;

	sm_ctx_init(&c, o);
	in = sm_input_new(&c, o, 0);
	/* a plain stream's IDs are checked on the text c keeps of them */
	in->rd.own_plain = !dk_allow_repeated_ids;
	status = dk_each_input(argc, argv, read_operand, in);
	/* every ID has been checked: the sets of them are not needed while
	 * matching */
	dk_ids_free(&dk_input_ids);
	sm_ids_free(&c);
	t0 = sm_seconds();
	check_stream(in, &c, o->tau_set);
	kind = in->rd.kind ? in->rd.kind->pairs : DK_PAIRS_NONE;
	if (kind == DK_PAIRS_GROUP || kind == DK_PAIRS_NONE) {
		dk_progress_phase("indexing", NULL, 0);
		sm_order_sigs(&c, NULL);
		dk_progress_phase("matching", "documents", nmembers(&c));
	}
	if (kind == DK_PAIRS_GROUP)
		match_parts(in, &pairs);
	else if (kind == DK_PAIRS_NONE)
		sm_match_plain(&c, &pairs);
	else
		sm_keyed_finish(sm_input_take_keys(in), &c, o->tau_set, &pairs);
	sm_pair_rules(&c, &pairs);
	t1 = sm_seconds();
	write_pairs(&c, &pairs);
	if (dk_verbose > 1)
		dk_note("read %.2f s, matched %.2f s, %zu distinct signatures, %zu signature occurrences",
		    t0 - start, t1 - t0, dk_intern_count(&c.sigs), c.pool.nocc);
	if (dk_verbose) {
		char dense[64] = "", distinct[80] = "", size[80] = "";

		if (c.dense_tau > 0)
			snprintf(dense, sizeof dense, "%llu pairs below --dense-tau dropped, ",
			    c.ndense);
		if (c.mindistinct > 1)
			snprintf(distinct, sizeof distinct, "%llu pairs below --min-distinct "
			    "dropped, ", c.ndistinct);
		if (c.size_ratio > 0)
			snprintf(size, sizeof size, "%llu pairs below --size-ratio dropped, ",
			    c.nsize);
		dk_note("%zu documents, %lu short, %lu rejected, %lu partitions, "
		    "%lu joined by signature pairs, "
		    "%lu exact copies folded, %llu lists visited, %llu postings read, "
		    "%llu candidates met, %llu past the positional filter, "
		    "%llu candidates compared, %s%s%s%zu pairs", c.docs.n,
		    c.nshort, c.nrejected, c.ngroups, c.npairgroups, c.nfolded, c.lists, c.postings, c.met,
		    c.placed, c.candidates, dense, size, distinct, pairs.n);
	}
	dk_out_close();
	free(pairs.v);
	sm_input_free(in);
	sm_ctx_free(&c);
	return status;
}

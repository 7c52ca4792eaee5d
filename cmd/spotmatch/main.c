/* spotmatch: every pair of documents whose similarity reaches a threshold. */
#include "sm.h"
#include "spotmatch.h"

#include <stdlib.h>
#include <time.h>

static const struct dk_usage usage = {
	"spotmatch [-v] [-j N] [-t TAU] [-M MEASURE] [-r RHO] [--no-prune]\n"
	"          [--no-partition] [--plain] [--checksum-column N] [file ...]\n"
	"spotmatch --against REF [--against REF ...] [--within] [--novel] [-v] [-j N]\n"
	"          [-t TAU] [-M MEASURE] [--no-prune] [--no-partition] [--plain] [file ...]\n"
	"spotmatch --window ...",
	"  -t TAU          threshold in (0, 1] (default: the partitioning threshold\n"
	"                  of a partition stream, else 0.9; imatch: any shared)\n"
	"  -M MEASURE      jaccard (default), set, max or dice\n"
	"  -r RHO          last partition starts at RHO, for plain input (default 1000)\n"
	"  -j N            threads (default: online CPUs)\n"
	"  --no-prune      visit whole lists: no length or prefix bounds\n"
	"  --no-partition  one partition for plain input\n"
	"  --plain         read a plain signature stream even if IDs look like keys\n"
	"  --checksum-column N\n"
	"                  field N (1 is the ID) holds a checksum of the text:\n"
	"                  documents sharing one are copies (spotsig --checksum)\n"
	"  --against REF   pairs of a REF document (ID1) and an input document only;\n"
	"                  REF is indexed once, the input streamed (repeatable)\n"
	"  --within        with --against, also the pairs inside the input (which\n"
	"                  is then held in memory)\n"
	"  --novel         with --against, the IDs of input documents without a pair\n"
	"  --window ...    streaming mode, see spotmatch(1)\n"
	"  -v              counts on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

/* Wall-clock seconds, for the phase times of -vv. */
static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { OPT_NOPRUNE = 0x2000, OPT_NOPART, OPT_PLAIN, OPT_AGAINST, OPT_WITHIN, OPT_NOVEL,
	OPT_SUMCOL };

/* What the first record says the input is. */
enum kind { K_PLAIN = SM_PLAIN, K_PART = SM_PART, K_BAND = SM_BAND, K_FPRINT = SM_FPRINT };

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

/* Reading state across operands. */
struct input {
	enum kind kind;
	int decided, force_plain;
	int members_only;         /* a partition stream read for its documents */
	/* partition streams */
	char prefix[64];          /* "P0.9:" or "P0.9/set:" */
	double ptau;
	char ptag[64];            /* "" or "/set": dk_measure_tag */
	DK_VEC(char) lastkey;
	DK_VEC(uint32_t) gstart;  /* first record of each key group */
	struct members prev, cur; /* of the last two groups, for probes */
	sm_keyed *keyed;
	sm_ctx *ctx;              /* where the documents go */
};

/* The kind of a key, or -1 (common/sniff.h has the grammar). */
int
sm_key_kind(dk_str k)
{
	switch (dk_key_kind(k)) {
	case DK_KEY_PART: return K_PART;
	case DK_KEY_BAND: return K_BAND;
	case DK_KEY_FPRINT: case DK_KEY_REJECT: return K_FPRINT;
	case DK_KEY_NONE: break;
	}
	return -1;
}

/* The first record of a partition stream fixes its threshold and length. */
static void
part_header(struct input *in, dk_reader *r, dk_str key)
{
	const char *colon = memchr(key.p, ':', key.n), *slash;
	size_t n = (size_t)(colon - key.p) + 1, tn;
	char num[64], *end;

	if (n >= sizeof in->prefix)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "bad partition key");
	memcpy(in->prefix, key.p, n);
	in->prefix[n] = '\0';
	slash = memchr(key.p, '/', n);
	tn = slash ? (size_t)(colon - slash) : 0;
	if (slash)
		memcpy(in->ptag, slash, tn);
	in->ptag[tn] = '\0';
	memcpy(num, key.p + 1, n - 2 - tn);
	num[n - 2 - tn] = '\0';
	in->ptau = strtod(num, &end);
	if (end == num || *end || !(in->ptau > 0 && in->ptau <= 1) ||
	    !dk_measure_tag_by(in->ptag))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "bad threshold in partition key '%.*s'", (int)key.n, key.p);
}

/* A partition key must carry the stream's prefix, and the keys must
 * not decrease, or groups would be split. */
static void
part_key(struct input *in, sm_ctx *c, dk_reader *r, dk_str key)
{
	size_t pn = strlen(in->prefix);
	int cmp;

	if (key.n < pn || memcmp(key.p, in->prefix, pn) != 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "key '%.*s' does not continue a stream keyed '%s...'",
		    (int)key.n, key.p, in->prefix);
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
		DK_PUSH(&in->gstart, (uint32_t)c->docs.n);
		in->lastkey.n = 0;
		DK_GROW(&in->lastkey, key.n);
		memcpy(in->lastkey.v, key.p, key.n);
		in->lastkey.n = key.n;
	}
}

static void
decide(struct input *in, const sm_ctx *c, dk_reader *r, dk_record *rec)
{
	int k = rec->n >= 3 && !in->force_plain ? sm_key_kind(rec->f[0]) : -1;

	in->decided = 1;
	in->kind = k < 0 ? K_PLAIN : (enum kind)k;
	if ((in->kind == K_BAND || in->kind == K_FPRINT) && c->sumcol)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "--checksum-column needs "
		    "a signature or partition stream, not a minhash or imatch one");
	if (in->kind == K_PART && !in->members_only)
		part_header(in, r, rec->f[0]);
	else if (in->kind == K_BAND || in->kind == K_FPRINT)
		in->keyed = sm_keyed_new(in->kind == K_BAND ? 'B' : 'F');
}

/* A record of a partition stream: a probe repeating a member of the
 * previous group shares its document; members are remembered.  Returns
 * the document, UINT32_MAX for a short one. */
static uint32_t
part_record(struct input *in, sm_ctx *c, dk_reader *r, dk_record *rec, dk_sigs *sg)
{
	dk_str id = rec->f[1], f = rec->f[rec->n - 1];
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
		return sm_add_doc(c, r, id, f, sg);
	}
	g = &in->cur;
	DK_GROW(&g->raw, g->raw.n + f.n);
	memcpy(g->raw.v + g->raw.n, f.p, f.n);
	d = sm_add_doc(c, r, id, f, sg);
	i = dk_intern_id(&g->ids, id.p, id.n, &isnew);
	if (!isnew) {
		g->doc.v[i] = UINT32_MAX;
		return d;
	}
	DK_PUSH(&g->doc, d);
	DK_PUSH(&g->off, g->raw.n);
	DK_PUSH(&g->len, (uint32_t)f.n);
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
	dk_str f;
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
	if (x->nsig != y->nsig || x->len != y->len || x->fp != y->fp)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "same checksum as %.*s but different signatures", (int)x->idlen,
		    c->ids.v + x->id);
}

/* A record of a partition stream read as REF: its probes repeat documents
 * of other keys, so only its members are kept. */
static void
member_record(sm_ctx *c, dk_reader *r, dk_record *rec, dk_sigs *sg)
{
	uint32_t d = sm_add_doc(c, r, rec->f[1], rec->f[rec->n - 1], sg);
	sm_doc *x;

	if (d == UINT32_MAX || !((x = &c->docs.v[d])->flags & DK_SIG_PROBE))
		return;
	c->pool.n -= x->nsig;
	c->ids.n -= x->idlen;
	c->docs.n--;
}

static void read_input(struct input *in, sm_ctx *c, dk_reader *r);

static void
read_operand(dk_reader *r, void *arg)
{
	struct input *in = arg;

	read_input(in, in->ctx, r);
}

static void
read_input(struct input *in, sm_ctx *c, dk_reader *r)
{
	dk_record rec = { 0 };
	dk_sigs scratch = { 0 };
	uint32_t d;
	int k;

	dk_expect(r, DK_KIND_SIG | DK_KIND_KEYED, NULL);
	while (dk_read_record(r, &rec, 2)) {
		if (!in->decided)
			decide(in, c, r, &rec);
		dk_ids_check(&dk_input_ids, r, &rec, in->kind != K_PLAIN);
		if (in->kind == K_PLAIN) {
			d = sm_add_doc(c, r, rec.f[0], rec.f[rec.n - 1], &scratch);
			if (c->sumcol)
				note_sum(c, r, &rec, 0, d);
			continue;
		}
		if (rec.n < 3 || (k = sm_key_kind(rec.f[0])) != (int)in->kind)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "not a record of the keyed stream begun on line 1 (mixed input?)");
		if (in->kind == K_PART && in->members_only)
			member_record(c, r, &rec, &scratch);
		else if (in->kind == K_PART) {
			part_key(in, c, r, rec.f[0]);
			d = part_record(in, c, r, &rec, &scratch);
			if (c->sumcol)
				note_sum(c, r, &rec, 1, d);
		} else
			sm_keyed_add(in->keyed, c, r, &rec, &scratch);
	}
	dk_sigs_free(&scratch);
	dk_record_free(&rec);
}

static int
cmp_id(const void *a, const void *b)
{
	uint32_t x = ((const dk_idcount *)a)->id, y = ((const dk_idcount *)b)->id;

	return (x > y) - (x < y);
}

/* Sort the decoded signatures by id: dk_overlap merges sorted arrays.
 * Insertion sort for the usual short lists; a long one in another order
 * than the first document's (a million signatures reversed took hours). */
static void
sort_sigs(dk_idcount *v, size_t n)
{
	size_t i, j;
	dk_idcount x;

	if (n > 64) {
		qsort(v, n, sizeof *v, cmp_id);
		return;
	}
	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1].id > x.id; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

uint32_t
sm_add_doc(sm_ctx *c, dk_reader *r, dk_str id, dk_str field, dk_sigs *sg)
{
	const char *msg = dk_parse_sigs(field, sg);
	dk_idcount *v;
	sm_doc d;
	size_t i;
	int isnew;

	if (msg)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	if (sg->flags & DK_SIG_SHORT) {
		c->nshort++;
		return UINT32_MAX;
	}
	if (sg->n == 0 && !c->nosigs)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record without signatures");
	if (sg->size > UINT32_MAX || id.n > UINT32_MAX || c->docs.n >= UINT32_MAX - 1)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "record too large");
	DK_GROW(&c->pool, c->pool.n + sg->n);
	v = c->pool.v + c->pool.n;
	for (i = 0; i < sg->n; i++) {
		v[i].id = dk_intern_id(&c->sigs, sg->v[i].s.p, sg->v[i].s.n, &isnew);
		v[i].count = sg->v[i].count;
	}
	sort_sigs(v, sg->n);
	for (i = 1; i < sg->n; i++)
		if (v[i].id == v[i - 1].id)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a signature is listed twice");
	d.sig = c->pool.n;
	c->pool.n += sg->n;
	d.nsig = (uint32_t)sg->n;
	d.len = (uint32_t)dk_measure_len(c->m, sg->size, sg->n);
	d.flags = sg->flags;
	/* with checksums, compared by note_sum; sm_order_sigs sets it again */
	d.fp = c->sumcol ? dk_hash64(v, sg->n * sizeof *v, 0) : 0;
	d.id = c->ids.n;
	d.idlen = (uint32_t)id.n;
	DK_GROW(&c->ids, c->ids.n + id.n);
	memcpy(c->ids.v + c->ids.n, id.p, id.n);
	c->ids.n += id.n;
	DK_PUSH(&c->docs, d);
	return (uint32_t)(c->docs.n - 1);
}

size_t
sm_ctx_bytes(const sm_ctx *c)
{
	return c->pool.cap * sizeof *c->pool.v + c->docs.cap * sizeof *c->docs.v +
	    c->ids.cap + dk_intern_bytes(&c->sigs);
}

/* Matches each key group of a partition stream on its own, exactly as if
 * the stream had been split by key. */
static void
match_parts(struct input *in, sm_ctx *c, sm_pairs *out)
{
	DK_VEC(uint32_t) member = { 0 }, probe = { 0 };
	sm_matcher *mt = sm_matcher_new(c);
	sm_group g;
	size_t i, k, end;

	DK_PUSH(&in->gstart, (uint32_t)c->docs.n);
	for (k = 0; k + 1 < in->gstart.n; k++) {
		member.n = probe.n = 0;
		end = in->gstart.v[k + 1];
		for (i = in->gstart.v[k]; i < end; i++) {
			if (c->docs.v[i].flags & DK_SIG_PROBE)
				DK_PUSH(&probe, (uint32_t)i);
			else
				DK_PUSH(&member, (uint32_t)i);
		}
		g = (sm_group){ member.v, probe.v, member.n, probe.n };
		sm_match_group(mt, &g);
	}
	sm_matcher_finish(mt, out);
	free(member.v);
	free(probe.v);
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

static void
write_pairs(const sm_ctx *c, const sm_pairs *p)
{
	const sm_doc *a, *b;
	size_t i;

	for (i = 0; i < p->n; i++) {
		a = &c->docs.v[p->v[i].a];
		b = &c->docs.v[p->v[i].b];
		sm_write_pair(c->ids.v + a->id, a->idlen, c->ids.v + b->id, b->idlen,
		    p->v[i].sim);
		dk_out_maybe_flush();
	}
}

/* Settles the threshold and measure against what the stream says. */
static void
check_stream(struct input *in, sm_ctx *c, int tau_set)
{
	char a[32], b[32];

	if (in->kind != K_PART) {
		if (!tau_set && in->kind != K_FPRINT)
			c->tau = 0.9;
		return;
	}
	if (!c->partition)
		dk_diex(DK_EXIT_INPUT, "--no-partition: the input is already partitioned");
	if (strcmp(in->ptag, dk_measure_tag(c->m)) != 0)
		dk_diex(DK_EXIT_INPUT, "the stream was partitioned %s: use %s",
		    dk_measure_tag_by(in->ptag), dk_measure_tag_options(in->ptag));
	if (!tau_set)
		c->tau = in->ptau;
	else if (c->tau < in->ptau) {
		dk_tau_format(a, sizeof a, c->tau);
		dk_tau_format(b, sizeof b, in->ptau);
		dk_diex(DK_EXIT_INPUT, "threshold %s is below the partitioning threshold %s: "
		    "pairs would be missed", a, b);
	}
}

/* --against: REF read whole, as a stream of documents, then the operands
 * streamed against it (against.c). */
static int
against(sm_ctx *c, struct input *in, sm_against_opts *o, int tau_set,
    const char **ref, size_t nref, int argc, char **argv)
{
	dk_reader *r;
	size_t i;
	int status;

	in->members_only = 1;
	for (i = 0; i < nref; i++) {
		if ((r = dk_reader_open(ref[i])) == NULL)
			dk_die(DK_EXIT_OPERAND, "%s", ref[i]);
		read_input(in, c, r);
		if (dk_reader_error(r))
			dk_diex(DK_EXIT_OPERAND, "%s: REF not read in full", ref[i]);
		dk_reader_close(r);
	}
	o->tau_set = tau_set;
	o->force_plain = in->force_plain;
	if (!tau_set)
		c->tau = 0.9;
	status = sm_against(c, !in->decided ? -1 : in->kind == K_PART ? K_PLAIN : (int)in->kind,
	    in->keyed, o, argc, argv);
	free((void *)ref);
	members_free(&in->prev);
	members_free(&in->cur);
	free(c->pool.v);
	free(c->docs.v);
	free(c->ids.v);
	dk_intern_free(&c->sigs);
	return status;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "no-prune", no_argument, NULL, OPT_NOPRUNE },
		{ "no-partition", no_argument, NULL, OPT_NOPART },
		{ "plain", no_argument, NULL, OPT_PLAIN },
		{ "against", required_argument, NULL, OPT_AGAINST },
		{ "within", no_argument, NULL, OPT_WITHIN },
		{ "novel", no_argument, NULL, OPT_NOVEL },
		{ "checksum-column", required_argument, NULL, OPT_SUMCOL },
		{ NULL, 0, NULL, 0 }
	};
	static sm_ctx c;
	struct input in = { 0 };
	sm_against_opts ao = { 0 };
	DK_VEC(const char *) ref = { 0 };
	sm_pairs pairs = { 0 };
	int ch, i, tau_set = 0, status = DK_EXIT_OK;
	double start = seconds(), t0, t1;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--window") == 0 || strncmp(argv[i], "--window=", 9) == 0)
			return spotmatch_window(argc, argv);
	dk_cli_init(argc, argv);
	c.m = DK_M_JACCARD;
	c.prune = c.partition = 1;
	c.rho = 1000;
	while ((ch = getopt_long(argc, argv, "hvj:t:M:r:", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			c.tau = dk_parse_threshold(optarg);
			tau_set = 1;
			break;
		case 'M':
			c.m = dk_parse_measure(optarg);
			break;
		case 'r':
			c.rho = (uint64_t)dk_parse_int(optarg, 1, (long long)DK_RHO_MAX, "RHO");
			break;
		case OPT_NOPRUNE:
			c.prune = 0;
			break;
		case OPT_NOPART:
			c.partition = 0;
			break;
		case OPT_PLAIN:
			in.force_plain = 1;
			break;
		case OPT_AGAINST:
			DK_PUSH(&ref, optarg);
			break;
		case OPT_WITHIN:
			ao.within = 1;
			break;
		case OPT_NOVEL:
			ao.novel = 1;
			break;
		case OPT_SUMCOL:
			c.sumcol = (size_t)dk_parse_int(optarg, 2, 100000, "checksum column");
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	c.nthreads = dk_cli_threads();
	dk_intern_init(&c.sigs, 0);
	dk_intern_init(&c.sums, 0);
	dk_intern_init(&in.prev.ids, 0);
	dk_intern_init(&in.cur.ids, 0);
	if ((ao.within || ao.novel) && ref.n == 0)
		dk_diex(DK_EXIT_INPUT, "%s needs --against (or --window)",
		    ao.novel ? "--novel" : "--within");
	if (ref.n > 0 && c.sumcol)
		dk_diex(DK_EXIT_INPUT, "--checksum-column does not work with --against");
	if (ref.n > 0)
		return against(&c, &in, &ao, tau_set, (const char **)ref.v, ref.n, argc, argv);
	in.ctx = &c;
	status = dk_each_input(argc, argv, read_operand, &in);
	t0 = seconds();
	check_stream(&in, &c, tau_set);
	if (in.kind == K_PART || in.kind == K_PLAIN) {
		dk_progress_phase("indexing", NULL, 0);
		sm_order_sigs(&c, NULL);
		dk_progress_phase("matching", "documents", nmembers(&c));
	}
	if (in.kind == K_PART)
		match_parts(&in, &c, &pairs);
	else if (in.kind == K_PLAIN)
		sm_match_plain(&c, &pairs);
	else
		sm_keyed_finish(in.keyed, &c, tau_set, &pairs);
	t1 = seconds();
	write_pairs(&c, &pairs);
	if (dk_verbose > 1)
		dk_note("read %.2f s, matched %.2f s, %zu distinct signatures, %zu signature occurrences",
		    t0 - start, t1 - t0, dk_intern_count(&c.sigs), c.pool.n);
	if (dk_verbose)
		dk_note("%zu documents, %lu short, %lu rejected, %lu partitions, "
		    "%lu exact copies folded, %llu lists visited, %llu postings read, "
		    "%llu candidates compared, %zu pairs", c.docs.n, c.nshort, c.nrejected,
		    c.ngroups, c.nfolded, c.lists, c.postings, c.candidates, pairs.n);
	dk_out_close();
	free(pairs.v);
	free(in.lastkey.v);
	members_free(&in.prev);
	members_free(&in.cur);
	free(in.gstart.v);
	free(c.pool.v);
	free(c.docs.v);
	free(c.ids.v);
	free(c.sum.v);
	free(c.sumdoc.v);
	dk_intern_free(&c.sums);
	dk_intern_free(&c.sigs);
	return status;
}

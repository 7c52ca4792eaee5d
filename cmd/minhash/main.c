/* minhash: MinHash sketches of signature sets, banded into keys for LSH.
 *
 * Reads a signature stream and writes, for each document, one keyed record
 * "B:HASH,HASH,...<TAB>original record", the i-th HASH being a 64-bit hash
 * of the K min-hash values of band i (with --per-band, one record
 * "Bbbb:HASH<TAB>original record" for each of the L bands); spotmatch
 * takes the documents sharing a band's hash as candidates and verifies
 * them exactly.  With --sketch the K*L min-hash values themselves are
 * written instead.
 *
 * Lines are read in batches; threads hash and format the documents of a
 * batch in chunks, and the chunks are written in input order, so the output
 * is the same for every -j. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#include "dk.h"
#include "minhash.h"
#include "sigform.h"

static const struct dk_usage usage = {
	"minhash [-vw] [--per-band | --sketch] [-j N] [-k K] [-l L] [-s SEED] [file ...]\n"
	"minhash -t TAU [-vw] [--set] [--per-band | --sketch] [--fn-weight W] [--p-tau P]\n"
	"        [-j N] [-l MAX] [-s SEED] [file ...]",
	"  -k K       min-hashes per band (default 6)\n"
	"  -l L       bands (default 32); with -t, the most bands (default 32)\n"
	"  -t TAU     choose k and l for the similarity threshold TAU\n"
	"  --fn-weight W  with -t, weight of false negatives (default 0.93)\n"
	"  --p-tau P  with -t, the least chance that a pair at TAU shares a band\n"
	"             key (default 0.9)\n"
	"  -s SEED    seed of the hash family (default 0)\n"
	"  -w         weighted: a signature counts COUNT times (multiset); the\n"
	"             default with -t\n"
	"  --set      with -t, the set of signatures, counts ignored (for\n"
	"             spotmatch -M set)\n"
	"  --per-band one line per band (KEY Bbbb:HASH) instead of per document\n"
	"  --sketch   write the K*L min-hash values instead of band keys\n"
	"  -j N       worker threads (default: online CPUs)\n"
	"  -v         statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_SKETCH = 0x2000, OPT_FNWEIGHT, OPT_PERBAND, OPT_PTAU, OPT_SET };

/* -t: the weight of the false-negative area (that of the false positives
 * is 1 - W), the least P(tau), and the rows a band may use on average
 * within the budget. */
#define FN_WEIGHT 0.93
#define P_TAU 0.9
#define ROWS_PER_BAND 6
#define GOLDEN 0x9e3779b97f4a7c15ULL

/* The hash family and what to write. */
struct family {
	int k, l, rows;         /* rows = k * l */
	uint64_t eseed;         /* seed of the element hash x = H(sig) */
	uint64_t kseed;         /* seed of the band-key hash */
	uint64_t *salt;         /* h_r(x) = mix64(x ^ salt[r]) */
	int weighted, sketch, perband;
	char par[DK_BANDPAR_MAX];       /* k, l, seed and weighting, in keys */
};

/* A document read but not yet processed: the whole line is copied into
 * the batch text, SIGS starts at sigs_off within it. */
struct doc {
	size_t off, len, sigs_off;
	unsigned long lineno;
	const char *bad;        /* a message when the line is malformed */
};

enum { BATCH_DOCS = 4096, BATCH_BYTES = 1 << 20, CHUNK_DOCS = 64 };

/* -w expands a multiset into that many elements at most per document. */
#define MAX_WEIGHTED (1 << 24)

struct chunk {
	dk_buf out;
	size_t bad;             /* index of the bad document, when msg is set */
	const char *msg;
	uint64_t docs, occ, distinct, empty, lines;
};

/* Per-thread scratch. */
struct scratch {
	dk_sigs parsed;
	DK_VEC(uint64_t) elems;  /* the set (or multiset) as 64-bit values */
	uint64_t *mins;
	uint64_t *keys;         /* the l band hashes */
};

struct batch {
	const struct family *fam;
	dk_buf text;
	DK_VEC(struct doc) docs;
	struct chunk *chunks;
	size_t nchunks, chunkcap;
	struct scratch *scr;
	dk_counter next;
};

static void
family_init(struct family *f, int k, int l, uint64_t seed)
{
	uint64_t state = seed;
	int r;

	f->k = k;
	f->l = l;
	f->rows = k * l;
	f->eseed = dk_rand64(&state);
	f->kseed = dk_rand64(&state);
	f->salt = dk_reallocarray(NULL, (size_t)f->rows, sizeof *f->salt);
	for (r = 0; r < f->rows; r++)
		f->salt[r] = dk_rand64(&state);
	dk_bandpar_format(f->par, k, l, seed, f->weighted);
}

/* mins[r] = the minimum of h_r over the n elements, for every row: the
 * loop over rows is innermost, so that a compiler can hash several rows of
 * one element at once. */
#define MIN_ROWS_BODY \
	for (r = 0; r < rows; r++) \
		mins[r] = UINT64_MAX; \
	for (i = 0; i < n; i++) \
		for (r = 0; r < rows; r++) { \
			h = dk_mix64(x[i] ^ salt[r]); \
			mins[r] = h < mins[r] ? h : mins[r]; \
		}

static void
min_rows_plain(const uint64_t *salt, int rows, const uint64_t *x, size_t n, uint64_t *mins)
{
	uint64_t h;
	size_t i;
	int r;

	MIN_ROWS_BODY
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define MIN_ROWS_VECTOR
/* The same, for processors with vector instructions, chosen at run time:
 * AVX-512DQ multiplies eight 64-bit lanes at once, AVX2 four (from 32-bit
 * products); the values are the same.  -O2 leaves the loop scalar, so
 * vectorizing it is asked for here. */
#define MIN_ROWS_CLONE(name, isa) \
__attribute__((target(isa), optimize("tree-vectorize,vect-cost-model=dynamic"))) \
static void \
name(const uint64_t *restrict salt, int rows, const uint64_t *restrict x, \
    size_t n, uint64_t *restrict mins) \
{ \
	uint64_t h; \
	size_t i; \
	int r; \
 \
	MIN_ROWS_BODY \
}
MIN_ROWS_CLONE(min_rows_avx512, "avx512f,avx512dq")
MIN_ROWS_CLONE(min_rows_avx2, "avx2")
#endif

#ifdef MIN_ROWS_VECTOR
/* The vector unit the rows are hashed with, found once for every thread:
 * 2 AVX-512DQ, 1 AVX2, 0 neither. */
static int isa;
static pthread_once_t isa_once = PTHREAD_ONCE_INIT;

static void
find_isa(void)
{
	__builtin_cpu_init();
	isa = __builtin_cpu_supports("avx512dq") ? 2 : __builtin_cpu_supports("avx2") ? 1 : 0;
#ifdef MIN_ROWS_TEST_ISA
	isa = MIN_ROWS_TEST_ISA;
#endif
}
#endif

static void
min_rows(const uint64_t *salt, int rows, const uint64_t *x, size_t n, uint64_t *mins)
{
#ifdef MIN_ROWS_VECTOR
	pthread_once(&isa_once, find_isa);
	if (isa == 2) {
		min_rows_avx512(salt, rows, x, n, mins);
		return;
	}
	if (isa == 1) {
		min_rows_avx2(salt, rows, x, n, mins);
		return;
	}
#endif
	min_rows_plain(salt, rows, x, n, mins);
}

/* The min-hashes of a parsed signature list.  Unweighted, the element of a
 * signature is x = H(sig); weighted, a signature of count c gives the c
 * elements x, x + G, ..., x + (c-1)G, so that collisions follow the
 * multiset Jaccard similarity.  An empty list leaves every row at the
 * maximum. */
static void
minhash_sigs(const struct family *f, const dk_sigs *s, struct scratch *sc)
{
	size_t i;
	uint32_t c;

	sc->elems.n = 0;
	for (i = 0; i < s->n; i++) {
		uint64_t x = dk_hash64(s->v[i].s.p, s->v[i].s.n, f->eseed);
		uint32_t reps = f->weighted ? s->v[i].count : 1;

		for (c = 0; c < reps; c++, x += GOLDEN)
			DK_PUSH(&sc->elems, x);
	}
	min_rows(f->salt, f->rows, sc->elems.v, sc->elems.n, sc->mins);
}

/* The key of band b: its k min-hashes as little-endian bytes, hashed. */
static uint64_t
band_key(const struct family *f, const uint64_t *mins, int b)
{
	unsigned char bytes[8 * MH_KMAX];
	const uint64_t *m = mins + (size_t)b * f->k;
	int j, i;

	for (j = 0; j < f->k; j++)
		for (i = 0; i < 8; i++)
			bytes[8 * j + i] = (unsigned char)(m[j] >> (8 * i));
	return dk_hash64(bytes, 8 * (size_t)f->k, f->kseed);
}

/* The document's record under all its band hashes, or with --per-band
 * one record for each band. */
static void
write_bands(const struct family *f, const uint64_t *mins, uint64_t *keys,
    const char *line, size_t len, dk_buf *out)
{
	int b;

	for (b = 0; b < f->l; b++)
		keys[b] = band_key(f, mins, b);
	if (!f->perband) {
		dk_buf_reserve(out, 2 + DK_BANDPAR_MAX + 17 * (size_t)f->l + 1 + len + 1);
		dk_buf_bandkeys(out, f->par, keys, (unsigned)f->l);
		dk_buf_char(out, '\t');
		dk_buf_bytes(out, line, len);
		dk_buf_char(out, '\n');
		return;
	}
	for (b = 0; b < f->l; b++) {
		dk_buf_reserve(out, 5 + DK_BANDPAR_MAX + 16 + 1 + len + 1);
		dk_buf_bandkey(out, (unsigned)b, f->par, keys[b]);
		dk_buf_char(out, '\t');
		dk_buf_bytes(out, line, len);
		dk_buf_char(out, '\n');
	}
}

/* ID and carried columns, the input's flags, then the K*L values. */
static void
write_sketch(const struct family *f, const dk_sigs *s, const uint64_t *mins,
    const char *line, size_t sigs_off, dk_buf *out)
{
	const char *sep = "";
	char *p;
	int r;

	dk_buf_bytes(out, line, sigs_off);
	if (s->flags & DK_SIG_SHORT) {
		dk_buf_str(out, "!short");
		sep = " ";
	}
	if (s->flags & DK_SIG_CHAINS) {
		dk_buf_str(out, sep);
		dk_buf_str(out, "!chains");
		sep = " ";
	}
	if (s->flags & DK_SIG_PROBE) {
		dk_buf_str(out, sep);
		dk_buf_str(out, "!probe");
		sep = " ";
	}
	if (s->n > 0) {
		dk_buf_reserve(out, (size_t)f->rows * 17 + 1);
		p = out->p + out->n;
		for (r = 0; r < f->rows; r++, p += 16) {
			if (r > 0 || *sep)
				*p++ = ' ';
			dk_hex64(p, mins[r]);
		}
		out->n = (size_t)(p - out->p);
	}
	dk_buf_char(out, '\n');
}

/* Hashes and formats one document; returns a message for bad input. */
static const char *
process_doc(const struct family *f, const struct doc *d, const char *text,
    struct scratch *sc, struct chunk *ch)
{
	const char *line = text + d->off, *msg;
	dk_str field;

	if (d->bad)
		return d->bad;
	field.p = (char *)line + d->sigs_off;
	field.n = d->len - d->sigs_off;
	if ((msg = dk_parse_sigs(field, &sc->parsed)) != NULL)
		return msg;
	if (f->weighted && sc->parsed.size > MAX_WEIGHTED)
		return "more than 16777216 signature occurrences for -w";
	minhash_sigs(f, &sc->parsed, sc);
	ch->docs++;
	ch->occ += sc->parsed.size;
	ch->distinct += sc->parsed.n;
	if (f->sketch) {
		write_sketch(f, &sc->parsed, sc->mins, line, d->sigs_off, &ch->out);
		ch->lines++;
	} else if (sc->parsed.n == 0)
		ch->empty++;    /* no min-hash: it cannot share a key */
	else {
		write_bands(f, sc->mins, sc->keys, line, d->len, &ch->out);
		ch->lines += f->perband ? (uint64_t)f->l : 1;
	}
	return NULL;
}

static void
worker(void *ctx, int tid)
{
	struct batch *bt = ctx;
	struct scratch *sc = &bt->scr[tid];
	size_t c, i, end;

	while ((c = dk_counter_take(&bt->next, 1, bt->nchunks)) < bt->nchunks) {
		struct chunk *ch = &bt->chunks[c];

		end = (c + 1) * CHUNK_DOCS;
		if (end > bt->docs.n)
			end = bt->docs.n;
		for (i = c * CHUNK_DOCS; i < end; i++) {
			ch->msg = process_doc(bt->fam, &bt->docs.v[i], bt->text.p, sc, ch);
			if (ch->msg) {
				ch->bad = i;
				break;
			}
		}
	}
}

struct stats {
	uint64_t docs, occ, distinct, empty, lines;
};

/* Processes the documents of the batch, writes them in input order and
 * empties it.  A bad line ends the program once the lines before it are
 * written, at the same place for every -j. */
static void
batch_run(struct batch *bt, int nthreads, const char *name, struct stats *st)
{
	size_t c;

	bt->nchunks = (bt->docs.n + CHUNK_DOCS - 1) / CHUNK_DOCS;
	if (bt->nchunks > bt->chunkcap) {
		bt->chunks = dk_reallocarray(bt->chunks, bt->nchunks, sizeof *bt->chunks);
		memset(bt->chunks + bt->chunkcap, 0,
		    (bt->nchunks - bt->chunkcap) * sizeof *bt->chunks);
		bt->chunkcap = bt->nchunks;
	}
	for (c = 0; c < bt->nchunks; c++) {
		struct chunk *ch = &bt->chunks[c];

		ch->out.n = 0;
		ch->msg = NULL;
		ch->docs = ch->occ = ch->distinct = ch->empty = ch->lines = 0;
	}
	bt->next.next = 0;
	dk_parallel(nthreads < (int)bt->nchunks ? nthreads : (int)bt->nchunks,
	    worker, bt);
	for (c = 0; c < bt->nchunks; c++) {
		struct chunk *ch = &bt->chunks[c];

		if (ch->out.n > 0)
			dk_out_buf(&ch->out);
		st->docs += ch->docs;
		st->occ += ch->occ;
		st->distinct += ch->distinct;
		st->empty += ch->empty;
		st->lines += ch->lines;
		if (ch->msg) {
			dk_out_flush();
			dk_die_at(name, bt->docs.v[ch->bad].lineno, "%s", ch->msg);
		}
	}
	bt->docs.n = 0;
	bt->text.n = 0;
}

struct job {
	struct batch *bt;
	int nthreads;
	struct stats *st;
	const char *name;       /* the operand being read */
	dk_sigform form;        /* of the operands' signatures (sigform.h) */
	dk_sigs sigs;           /* a record's, for it */
};

/* Runs the batch before a repeated ID is reported (common/ids.h). */
static void
finish_batch(void *arg)
{
	struct job *j = arg;

	if (j->bt->docs.n > 0)
		batch_run(j->bt, j->nthreads, j->name, j->st);
	dk_out_flush();
}

/* Reads one operand into batches. */
static void
read_operand(dk_reader *r, void *arg)
{
	struct job *j = arg;
	struct batch *bt = j->bt;
	struct stats *st = j->st;
	int nthreads = j->nthreads;
	dk_record rec = { 0 };
	struct doc d;

	dk_expect(r, DK_KIND_SIG, NULL);
	dk_sigform_file(&j->form);
	j->name = dk_reader_name(r);
	dk_input_ids.pending = finish_batch;
	dk_input_ids.pending_arg = j;
	while (dk_read_record(r, &rec, 1)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		d.off = bt->text.n;
		d.len = rec.line.n;
		d.lineno = dk_reader_lineno(r);
		d.bad = NULL;
		d.sigs_off = (size_t)(rec.f[rec.n - 1].p - rec.line.p);
		if (rec.n < 2)
			d.bad = "expected at least 2 tab-separated fields (ID, SIGS)";
		/* keys of streams that share no signature pair nothing across
		 * them; a bad field is the batch's to report */
		else if (dk_sigform_want(&j->form) &&
		    dk_parse_sigs(rec.f[rec.n - 1], &j->sigs) == NULL)
			dk_sigform_record(&j->form, &j->sigs, r);
		dk_buf_bytes(&bt->text, rec.line.p, rec.line.n);
		DK_PUSH(&bt->docs, d);
		if (d.bad || bt->docs.n >= BATCH_DOCS || bt->text.n >= BATCH_BYTES)
			batch_run(bt, nthreads, dk_reader_name(r), st);
	}
	if (bt->docs.n > 0)
		batch_run(bt, nthreads, dk_reader_name(r), st);
	dk_record_free(&rec);
}

static void
report(const struct stats *st, const struct family *f)
{
	dk_note("%llu documents (%llu without signatures), %llu signature "
	    "occurrences, %llu distinct within their document",
	    (unsigned long long)st->docs, (unsigned long long)st->empty,
	    (unsigned long long)st->occ, (unsigned long long)st->distinct);
	dk_note("k %d, l %d: %llu %s written", f->k, f->l,
	    (unsigned long long)st->lines, f->sketch ? "sketches" :
	    f->perband ? "band records" : "keyed records");
}

/* The options that choose the banding and the weighting. */
struct banding {
	int k, l;               /* -k and -l, 0 when not given */
	double tau, wfn, ptau;  /* -t (0 when not given), --fn-weight and
	                         * --p-tau (-1 when not given) */
	int w, set;             /* -w, --set */
};

/* k and l from the options: as given, or chosen for -t; whether the
 * sketch is weighted. */
static void
choose_banding(const struct banding *o, int *k, int *l, int *weighted)
{
	struct mh_choice c;
	int maxl = o->l ? o->l : 32;
	double wfn = o->wfn >= 0 ? o->wfn : FN_WEIGHT, ptau = o->ptau >= 0 ? o->ptau : P_TAU;

	if (o->w && o->set)
		dk_diex(DK_EXIT_INPUT, "-w and --set exclude each other");
	if (o->tau == 0) {
		if (o->wfn >= 0 || o->ptau >= 0 || o->set)
			dk_diex(DK_EXIT_INPUT, "%s needs -t", o->wfn >= 0 ? "--fn-weight" :
			    o->ptau >= 0 ? "--p-tau" : "--set");
		*k = o->k ? o->k : 6;
		*l = o->l ? o->l : 32;
		*weighted = o->w;
		return;
	}
	if (o->k)
		dk_diex(DK_EXIT_INPUT, "-k and -t exclude each other: -t chooses k (give -l for the most bands)");
	/* spotmatch verifies the multiset Jaccard similarity unless told
	 * -M set: the weighted sketch is the one whose collisions follow it */
	*weighted = !o->set;
	mh_tune(o->tau, maxl, ROWS_PER_BAND * maxl, wfn, ptau, &c);
	*k = c.k;
	*l = c.l;
	if (dk_verbose)
		dk_note("-t %g: k %d, l %d (of l <= %d, k * l <= %d): false-positive area "
		    "%.6f, false-negative area %.6f, weights %g and %g; P(tau) %.4f (at least %g)",
		    o->tau, c.k, c.l, maxl, ROWS_PER_BAND * maxl, c.fp, c.fn, 1 - wfn, wfn,
		    mh_collide(o->tau, c.k, c.l), ptau);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "sketch", no_argument, NULL, OPT_SKETCH },
		{ "per-band", no_argument, NULL, OPT_PERBAND },
		{ "fn-weight", required_argument, NULL, OPT_FNWEIGHT },
		{ "p-tau", required_argument, NULL, OPT_PTAU },
		{ "set", no_argument, NULL, OPT_SET },
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct family fam = { 0 };
	struct batch bt = { 0 };
	struct stats st = { 0 };
	struct banding opt = { 0, 0, 0, -1, -1, 0, 0 };
	struct job job;
	uint64_t seed = 0;
	int ch, i, k, l, nthreads, status;
	size_t c;

	dk_cli_init(argc, argv);
	while ((ch = getopt_long(argc, argv, "hj:k:l:s:t:vw", longopts, NULL)) != -1) {
		switch (ch) {
		case 'k':
			opt.k = (int)dk_parse_int(optarg, 1, MH_KMAX, "K");
			break;
		case 'l':
			opt.l = (int)dk_parse_int(optarg, 1, 1000, "L");
			break;
		case 's':
			seed = (uint64_t)dk_parse_int(optarg, 0, LLONG_MAX, "seed");
			break;
		case 't':
			opt.tau = dk_parse_threshold(optarg);
			break;
		case 'w':
			opt.w = 1;
			break;
		case OPT_SET:
			opt.set = 1;
			break;
		case OPT_SKETCH:
			fam.sketch = 1;
			break;
		case OPT_PERBAND:
			fam.perband = 1;
			break;
		case OPT_FNWEIGHT:
			opt.wfn = dk_parse_double(optarg, 0, 1, "W");
			break;
		case OPT_PTAU:
			opt.ptau = dk_parse_double(optarg, 0, 1, "P");
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;

	if (fam.sketch && fam.perband)
		dk_diex(DK_EXIT_INPUT, "--sketch and --per-band exclude each other");
	choose_banding(&opt, &k, &l, &fam.weighted);
	family_init(&fam, k, l, seed);
	nthreads = dk_cli_threads();
	bt.fam = &fam;
	bt.scr = dk_calloc((size_t)nthreads, sizeof *bt.scr);
	for (i = 0; i < nthreads; i++) {
		bt.scr[i].mins = dk_reallocarray(NULL, (size_t)fam.rows, sizeof(uint64_t));
		bt.scr[i].keys = dk_reallocarray(NULL, (size_t)fam.l, sizeof(uint64_t));
	}

	memset(&job, 0, sizeof job);
	job.bt = &bt;
	job.nthreads = nthreads;
	job.st = &st;
	status = dk_each_input(argc, argv, read_operand, &job);
	dk_sigform_free(&job.form);
	dk_sigs_free(&job.sigs);
	if (dk_verbose)
		report(&st, &fam);

	for (i = 0; i < nthreads; i++) {
		dk_sigs_free(&bt.scr[i].parsed);
		free(bt.scr[i].mins);
		free(bt.scr[i].keys);
		free(bt.scr[i].elems.v);
	}
	for (c = 0; c < bt.chunkcap; c++)
		dk_buf_free(&bt.chunks[c].out);
	free(bt.chunks);
	free(bt.scr);
	free(bt.docs.v);
	dk_buf_free(&bt.text);
	free(fam.salt);
	dk_out_close();
	return dk_exit_status(status);
}

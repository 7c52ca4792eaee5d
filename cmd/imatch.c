/* imatch: I-Match fingerprints (Chowdhury et al. 2002) made robust by
 * randomized lexicons (Kolcz, Chowdhury, Alspector 2004).
 *
 * A document's terms are reduced to those of a lexicon of mid-IDF terms;
 * the SHA-1 of that sorted set is its fingerprint.  K extra lexicons, each
 * the original one with a seeded random fraction of its terms removed, give
 * K more fingerprints, so that a small edit which changes the first one
 * probably leaves one of the others intact. */
#include "dk.h"
#include "dk_defaults.h"
#include "lexicon.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct dk_usage usage = {
	"imatch -L lexicon [-L lexicon ...] [-kSTvx] [-i lo:hi] [-K n] [-m min]\n"
	"[-p frac] [-s seed] [--quoted keep|skip] [--json id[,text]] [file ...]",
	"  -L FILE    lexicon (TERM<TAB>DF lines and one !N<TAB>N record);\n"
	"             repeated, the files' DFs and Ns add up\n"
	"  -i LO:HI   normalised IDF range of the lexicon's terms (default " DK_IMATCH_IDF ")\n"
	"  -K N       extra randomized lexicons, 0..99 (default 0)\n"
	"  -p FRAC    fraction of terms each extra lexicon drops (default 0.33)\n"
	"  -m MIN     fewest terms a fingerprint is made of (default 5)\n"
	"  -s SEED    seed of the randomized lexicons (default 1)\n"
	"  -x         fill a short term set up to MIN with lower-IDF terms\n"
	"  -k         Kolcz's preprocessing: drop words of fewer than 4 characters\n"
	"             and words with more than one digit (document input)\n"
	"  -S, --sigs input is a signature stream (I-Match-S)\n"
	"  -T, --text input is a document stream\n"
	"             (default: detected on the first non-empty record of each file)\n"
	"  --quoted WHAT  document input: keep (the default) or skip quoted mail\n"
	"             text (spotsig --quoted)\n"
	"  -v         statistics on stderr\n"
	DK_CORPUS_HELP
	DK_CLI_IDHELP
	DK_CLI_TEXTHELP
	"  -h, --help, --version\n",
};

#define MAXLEX 100              /* lexicon index is written with 2 digits */
#define NOT_SECONDARY UINT32_MAX

/* A kept lexicon term.  Kept terms are stored in ascending order of their
 * canonical SIG form, so a term's index is its rank in the hashed order. */
struct term {
	size_t enc;             /* offset of the canonical form in the pool */
	size_t dec;             /* offset of the decoded bytes in the pool */
	uint32_t enclen, declen;
	uint32_t irank;         /* rank among secondary terms, or NOT_SECONDARY */
	double idf;
	uint64_t in[2];         /* bit i: the term is in lexicon i */
};

struct lexicon {
	uint32_t *slot;         /* hash tag << ibits | (term index + 1); 0: empty */
	size_t mask;
	int ibits;
	struct term *term;
	size_t nterm, nprimary;
	uint32_t *secondary;    /* irank -> term index */
	size_t nsecondary;
	dk_buf pool;
	dk_shape shape;         /* of the loaded terms: words or signatures */
	dk_made made;           /* dk_lexicon_made: q-grams, words, joins of words */
	uint64_t hollow;        /* N + 1 when N <= 1 and no term is in the range */
	const char *hollowpath; /* the (first) lexicon file then */
	char par[DK_FPRINTPAR_MAX];     /* the keys' <ipar> (keys.h) */
};

struct opts {
	double lo, hi, frac;
	int nlex;               /* K + 1 */
	size_t min;
	uint64_t seed;
	int extend, kolcz;
	int mode;               /* 0 detect, 'S' signatures, 'T' text */
	int quoted;             /* --quoted: DK_QUOTED_SKIP leaves it out */
};

struct stats {
	unsigned long long docs, rejected, keys, extended, terms;
};

typedef DK_VEC(uint32_t) u32vec;

/* Per-document scratch space, reused. */
struct scratch {
	dk_tokenizer *tok;
	dk_tokens toks;
	dk_sigs sigs;
	dk_buf text;
	dk_buf unquoted;        /* --quoted skip: the text left */
	u32vec prim, sec, sel, tmp;
	uint32_t *stamp;        /* per term: the last document that held it */
	uint32_t doc;
	dk_sha1 *sha1;
	int tocheck;            /* records of this file left to check_shape */
	dk_made_tally tally;    /* of this file, for dk_made_check */
};

/* ---- lexicon ---- */

/* A term being kept, while the lexicon is built. */
struct keep {
	const char *enc;        /* canonical form, once the pool stops moving */
	size_t off, len;
	uint32_t id;            /* in the loaded lexicon */
	int primary;
	double idf;
};

static int
cmp_keep(const void *a, const void *b)
{
	const struct keep *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->enc, y->enc, n);

	return c ? c : x->len < y->len ? -1 : x->len > y->len;
}

/* Secondary terms are taken from the most common up; byte order breaks
 * ties so the choice never depends on the file's order. */
static int
cmp_secondary(const void *a, const void *b)
{
	const struct term *x = *(struct term *const *)a, *y = *(struct term *const *)b;

	if (x->idf != y->idf)
		return x->idf < y->idf ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Loads the lexicon files; DFs and Ns of several files add up.  They
 * must hold terms of one kind, words or signatures. */
static dk_lexicon *
load_lexicons(char **paths, int n)
{
	dk_lexicon *src = dk_lexicon_new();
	const char *first = NULL;
	dk_shape shape;
	int i;

	for (i = 0; i < n; i++)
		if (dk_lexicon_load_alike(src, paths[i], &shape, &first) < 0)
			dk_die(DK_EXIT_OPERAND, "%s", paths[i]);
	return src;
}

/* The terms of the IDF range (and below it, with -x), in canonical order. */
static void
select_terms(struct lexicon *lx, const dk_lexicon *src, const struct opts *o)
{
	DK_VEC(struct keep) keep = {0};
	struct keep k;
	const char *s;
	size_t i, n, size = dk_lexicon_size(src);

	for (i = 0; i < size; i++) {
		uint64_t df = dk_lexicon_df_id(src, (uint32_t)i);

		k.idf = dk_lexicon_idf(src, df);
		k.primary = dk_lexicon_in_range(src, df, o->lo, o->hi);
		if (df == 0 || (!k.primary && !(o->extend && k.idf < o->lo)))
			continue;
		k.id = (uint32_t)i;
		k.off = lx->pool.n;
		s = dk_lexicon_term(src, k.id, &n);
		dk_buf_sigtext(&lx->pool, s, n, 0);
		k.len = lx->pool.n - k.off;
		DK_PUSH(&keep, k);
	}
	for (i = 0; i < keep.n; i++)
		keep.v[i].enc = lx->pool.p + keep.v[i].off;
	if (keep.n > 0)
		qsort(keep.v, keep.n, sizeof *keep.v, cmp_keep);
	lx->term = dk_calloc(keep.n ? keep.n : 1, sizeof *lx->term);
	lx->nterm = keep.n;
	for (i = 0; i < keep.n; i++) {
		struct term *t = &lx->term[i];

		s = dk_lexicon_term(src, keep.v[i].id, &n);
		t->dec = lx->pool.n;
		t->declen = (uint32_t)n;
		dk_buf_bytes(&lx->pool, s, n);
		t->enc = keep.v[i].off;
		t->enclen = (uint32_t)keep.v[i].len;
		t->idf = keep.v[i].idf;
		t->irank = keep.v[i].primary ? NOT_SECONDARY : 0;
	}
	free(keep.v);
}

/* An open-addressing table at most a quarter full, of 4-byte slots that
 * hold the term's index and as many bits of its hash as remain: most tokens
 * are not lexicon terms, and this answers them from cache, without looking
 * at a term, after a probe or two. */
static void
build_index(struct lexicon *lx)
{
	size_t size = 64, i, j;
	const struct term *t;
	uint64_t h;

	if (lx->nterm >= UINT32_MAX / 4)
		dk_diex(DK_EXIT_INPUT, "lexicon too large: %zu terms", lx->nterm);
	while (size < lx->nterm * 4)
		size *= 2;
	lx->slot = dk_calloc(size, sizeof *lx->slot);
	lx->mask = size - 1;
	for (lx->ibits = 1; lx->ibits < 32 && (1ULL << lx->ibits) <= lx->nterm; lx->ibits++)
		;
	for (i = 0; i < lx->nterm; i++) {
		t = &lx->term[i];
		h = dk_hash64(lx->pool.p + t->dec, t->declen, 0);
		for (j = h & lx->mask; lx->slot[j]; j = (j + 1) & lx->mask)
			;
		lx->slot[j] = (lx->ibits == 32 ? 0 : (uint32_t)(h >> 32) << lx->ibits) |
		    (uint32_t)(i + 1);
	}
}

static void
rank_secondary(struct lexicon *lx)
{
	struct term **sec = dk_calloc(lx->nterm ? lx->nterm : 1, sizeof *sec);
	size_t i, n = 0;

	for (i = 0; i < lx->nterm; i++)
		if (lx->term[i].irank != NOT_SECONDARY)
			sec[n++] = &lx->term[i];
	if (n > 0)
		qsort(sec, n, sizeof *sec, cmp_secondary);
	lx->secondary = dk_calloc(n ? n : 1, sizeof *lx->secondary);
	lx->nsecondary = n;
	lx->nprimary = lx->nterm - n;
	for (i = 0; i < n; i++) {
		sec[i]->irank = (uint32_t)i;
		lx->secondary[i] = (uint32_t)(sec[i] - lx->term);
	}
	free(sec);
}

/* Lexicon i > 0 drops round(frac * m) of the m primary terms, chosen by a
 * partial Fisher-Yates shuffle seeded from (seed, i): it depends on neither
 * K nor the order of the file. */
static void
randomize(struct lexicon *lx, const struct opts *o)
{
	uint32_t *perm = dk_calloc(lx->nprimary ? lx->nprimary : 1, sizeof *perm);
	size_t m = 0, drop, j, r;
	uint64_t st;
	uint32_t tmp;
	int i;

	for (j = 0; j < lx->nterm; j++)
		if (lx->term[j].irank == NOT_SECONDARY) {
			lx->term[j].in[0] |= 1;
			perm[m++] = (uint32_t)j;
		}
	drop = (size_t)floor(o->frac * (double)m + 0.5);
	for (i = 1; i < o->nlex; i++) {
		st = dk_mix64(o->seed ^ dk_mix64((uint64_t)i * 0xd1b54a32d192ed03ULL));
		for (j = 0; j < drop; j++) {
			r = j + (size_t)(dk_rand01(&st) * (double)(m - j));
			tmp = perm[j];
			perm[j] = perm[r];
			perm[r] = tmp;
		}
		for (j = drop; j < m; j++)
			lx->term[perm[j]].in[i >> 6] |= 1ULL << (i & 63);
	}
	free(perm);
}

/* The keys' <ipar>: the settings a document's fingerprints depend on,
 * so that spotmatch refuses streams of others merged (their copies would
 * not share a key).  The lexicon is named by a digest of what imatch kept
 * of it, its terms in canonical order with their roles (in the range, or
 * the rank below it for -x): that is all the fingerprints take from the
 * lexicon files and -i, and it costs one pass over the kept terms. */
static void
make_par(struct lexicon *lx, const struct opts *o)
{
	dk_buf text = { 0 };
	dk_sha1 *h = dk_sha1_new();
	char hex[DK_SHA1_HEX];
	const struct term *t;
	size_t i;

	for (i = 0; i < lx->nterm; i++) {
		t = &lx->term[i];
		dk_buf_bytes(&text, lx->pool.p + t->enc, t->enclen);
		dk_buf_char(&text, '\t');
		if (t->irank == NOT_SECONDARY)
			dk_buf_char(&text, 'p');
		else
			dk_buf_u64(&text, t->irank);
		dk_buf_char(&text, '\n');
	}
	dk_sha1_hex(h, text.n ? text.p : "", text.n, hex);
	dk_fprintpar_format(lx->par, hex, o->nlex, o->frac, o->seed, o->min, o->extend,
	    o->kolcz, o->quoted == DK_QUOTED_SKIP);
	dk_sha1_free(h);
	dk_buf_free(&text);
}

static void
lexicon_free(struct lexicon *lx)
{
	free(lx->slot);
	free(lx->term);
	free(lx->secondary);
	dk_buf_free(&lx->pool);
}

/* ---- documents ---- */

/* Kolcz's filter: at least 4 characters, at most one digit. */
static int
kolcz_word(const char *s, size_t n)
{
	size_t i, chars = 0, digits = 0;

	for (i = 0; i < n; i++) {
		chars += ((unsigned char)s[i] & 0xc0) != 0x80;
		digits += s[i] >= '0' && s[i] <= '9';
	}
	return chars >= 4 && digits <= 1;
}

/* The index of a term, or -1. */
static long
lookup(const struct lexicon *lx, const char *s, size_t n, uint64_t h)
{
	uint32_t v, tag = (uint32_t)(h >> 32) << lx->ibits, imask = ~(~0U << lx->ibits);
	const struct term *t;
	size_t j;

	if (lx->ibits == 32)
		tag = 0, imask = ~0U;
	for (j = h & lx->mask; (v = lx->slot[j]) != 0; j = (j + 1) & lx->mask) {
		if ((v & ~imask) != tag)
			continue;
		t = &lx->term[(v & imask) - 1];
		if (t->declen == n && memcmp(lx->pool.p + t->dec, s, n) == 0)
			return (long)((v & imask) - 1);
	}
	return -1;
}

static void
add_term(const struct lexicon *lx, struct scratch *w, const char *s, size_t n, uint64_t h)
{
	long i = lookup(lx, s, n, h);
	struct term *t;

	if (i < 0)
		return;
	t = &lx->term[i];
	if (w->stamp[i] == w->doc)
		return;         /* seen in this document already */
	w->stamp[i] = w->doc;
	if (t->irank == NOT_SECONDARY)
		DK_PUSH(&w->prim, (uint32_t)i);
	else
		DK_PUSH(&w->sec, t->irank);
}

enum { BATCH = 16 };

static void
sort_unique(u32vec *v, u32vec *tmp)
{
	size_t i, n = 0;

	if (v->n < 2)
		return;
	DK_GROW(tmp, v->n);
	dk_sort_u32(v->v, v->n, tmp->v);
	for (i = 1; i < v->n; i++)
		if (v->v[i] != v->v[n])
			v->v[++n] = v->v[i];
	v->n = n + 1;
}

/* Is the field a signature list? */
static int
looks_like_sigs(dk_str field, struct scratch *w)
{
	return dk_parse_sigs(field, &w->sigs) == NULL && w->sigs.n > 0;
}

/* A first record that reads as signatures (in w->sigs) which a lexicon
 * of words cannot hold, while it is not certainly a signature stream
 * (sniff.h: a URL list, "E=mc2 is famous"): a text, the only reading in
 * which the lexicon finds terms. */
static int
text_after_all(const struct lexicon *lx, const struct scratch *w, const dk_record *rec)
{
	dk_shape s = { 0 };
	size_t i;

	if (dk_shape_of(&lx->shape) != DK_SHAPE_WORDS)
		return 0;
	for (i = 0; i < w->sigs.n && i < 64; i++)
		dk_shape_add(&s, w->sigs.v[i].s.p, w->sigs.v[i].s.n);
	return dk_shape_of(&s) == DK_SHAPE_JOINED &&
	    dk_sniff(rec->line.p, rec->line.n, 0, NULL) != DK_KIND_SIG;
}

/* The first records of each file: their terms (the signatures, or the
 * words of the text) against the lexicon's, which would hold none of them
 * when it is a lexicon of the other kind (dk_shape_check). */
static void
check_shape(const struct lexicon *lx, struct scratch *w, const dk_reader *r, int sigs)
{
	dk_shape s = { 0 };
	size_t i, n = sigs ? w->sigs.n : w->toks.n;

	for (i = 0; i < n && i < 64; i++) {
		if (sigs)
			dk_shape_add(&s, w->sigs.v[i].s.p, w->sigs.v[i].s.n);
		else
			dk_shape_add(&s, dk_token_text(&w->toks, i), w->toks.v[i].len);
	}
	if (dk_shape_of(&s) != DK_SHAPE_ANY || --w->tocheck == 0) {
		w->tocheck = 0;
		dk_shape_check(&lx->shape, &s, r);
	}
}

/* A document, whose terms are its words, and a lexicon of q-grams or of
 * joins of words (!q, !w N > 1): only the words of q characters could be
 * found in the one, none in the other, and neither is what it counted. */
static void
text_for_made(const struct lexicon *lx, const dk_reader *r)
{
	if (lx->made.kind == 'q')
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a document, whose terms "
		    "are its words, and the lexicon holds q-grams of %u characters (!q %u): "
		    "give imatch qgram -q %u's signature stream of the documents",
		    lx->made.n, lx->made.n, lx->made.n);
	if (lx->made.kind == 'w' && lx->made.n > 1)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a document, whose terms "
		    "are its words, and the lexicon holds terms of %u words joined by ':' "
		    "(!w %u): give imatch the signature stream it was made from",
		    lx->made.n, lx->made.n);
}

/* Collects the document's lexicon terms into w->prim and w->sec; returns
 * the SIGS field to write after the key. */
static dk_str
collect_terms(const struct lexicon *lx, struct scratch *w, const struct opts *o,
    dk_reader *r, dk_doc *doc, int *kind)
{
	dk_record *rec = &doc->rec;
	dk_str last, none = { NULL, 0 };
	size_t i;

	w->prim.n = w->sec.n = 0;
	if (++w->doc == 0) {    /* stamps wrapped around: forget them */
		memset(w->stamp, 0, (lx->nterm ? lx->nterm : 1) * sizeof *w->stamp);
		w->doc = 1;
	}
	if (dk_corpus.json) {           /* JSON Lines hold documents */
		last = doc->text;
		goto text;
	}
	last = rec->f[rec->n - 1];
	if (*kind == 0 && last.n > 0)
		*kind = looks_like_sigs(last, w) && !text_after_all(lx, w, rec) ? 'S' : 'T';
	if (*kind == 'S') {
		dk_record_sigs(r, rec, &w->sigs);
		if (w->tocheck)
			check_shape(lx, w, r, 1);
		dk_made_check(lx->made, &w->tally, &w->sigs, r);
		for (i = 0; i < w->sigs.n; i++)
			add_term(lx, w, w->sigs.v[i].s.p, w->sigs.v[i].s.n,
			    dk_hash64(w->sigs.v[i].s.p, w->sigs.v[i].s.n, 0));
		return last;
	}
	last = dk_record_text(r, rec);
text:
	if (lx->made.kind)
		text_for_made(lx, r);
	if (o->quoted == DK_QUOTED_SKIP)
		last = dk_unquote(last, &w->unquoted);
	dk_tokenize(w->tok, last.p, last.n, &w->toks);
	if (w->tocheck)
		check_shape(lx, w, r, 0);
	/* the lexicon's slots are fetched a batch of words ahead of their
	 * lookups, which would otherwise wait on one cache miss each */
	for (i = 0; i < w->toks.n; i += BATCH) {
		uint64_t h[BATCH];
		size_t j, e = i + BATCH < w->toks.n ? i + BATCH : w->toks.n;

		for (j = i; j < e; j++) {
			h[j - i] = dk_hash64(dk_token_text(&w->toks, j), w->toks.v[j].len, 0);
			__builtin_prefetch(&lx->slot[h[j - i] & lx->mask]);
		}
		for (j = i; j < e; j++) {
			const char *s = dk_token_text(&w->toks, j);
			size_t n = w->toks.v[j].len;

			if (!o->kolcz || kolcz_word(s, n))
				add_term(lx, w, s, n, h[j - i]);
		}
	}
	return none;
}

/* The terms fingerprint i is made of, into w->sel in canonical order;
 * returns 1 with a term set, 2 with one filled up from the secondary
 * lexicon, 0 when there are too few terms. */
static int
term_set(const struct lexicon *lx, struct scratch *w, const struct opts *o, int i)
{
	size_t j;

	w->sel.n = 0;
	for (j = 0; j < w->prim.n; j++)
		if (lx->term[w->prim.v[j]].in[i >> 6] >> (i & 63) & 1)
			DK_PUSH(&w->sel, w->prim.v[j]);
	if (w->sel.n >= o->min)
		return 1;
	if (!o->extend)
		return 0;
	for (j = 0; j < w->sec.n && w->sel.n < o->min; j++)
		DK_PUSH(&w->sel, lx->secondary[w->sec.v[j]]);
	if (w->sel.n < o->min)
		return 0;
	DK_GROW(&w->tmp, w->sel.n);
	dk_sort_u32(w->sel.v, w->sel.n, w->tmp.v);
	return 2;
}

/* SHA-1 of the selected terms in canonical form, each followed by LF, in
 * hexadecimal. */
static void
digest(const struct lexicon *lx, struct scratch *w, char hex[DK_SHA1_HEX])
{
	const struct term *t;
	size_t j;

	w->text.n = 0;
	for (j = 0; j < w->sel.n; j++) {
		t = &lx->term[w->sel.v[j]];
		dk_buf_bytes(&w->text, lx->pool.p + t->enc, t->enclen);
		dk_buf_char(&w->text, '\n');
	}
	dk_sha1_hex(w->sha1, w->text.p, w->text.n, hex);
}

/* The rest of a keyed line, after its key. */
static void
put_rest(const dk_doc *doc, dk_str sigs)
{
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, doc->head.p, doc->head.n);
	if (sigs.n > 0)
		dk_buf_bytes(&dk_out, sigs.p, sigs.n);
	dk_buf_char(&dk_out, '\n');
}

/* Writes one keyed line per fingerprint, or one "R" line. */
static void
fingerprint(const struct lexicon *lx, struct scratch *w, const struct opts *o,
    const dk_doc *doc, dk_str sigs, struct stats *st)
{
	char hex[DK_SHA1_HEX];
	int i, got, emitted = 0, extended = 0;

	sort_unique(&w->prim, &w->tmp);
	sort_unique(&w->sec, &w->tmp);
	st->docs++;
	st->terms += w->prim.n;
	for (i = 0; i < o->nlex; i++) {
		if ((got = term_set(lx, w, o, i)) == 0)
			continue;
		extended |= got == 2;
		digest(lx, w, hex);
		dk_buf_fprintkey(&dk_out, (unsigned)i, (unsigned)o->nlex, lx->par, hex);
		put_rest(doc, sigs);
		emitted++;
	}
	st->keys += (unsigned long long)emitted;
	st->extended += (unsigned long long)extended;
	if (!emitted) {
		dk_buf_rejectkey(&dk_out);
		put_rest(doc, sigs);
		st->rejected++;
	}
}

/* A lexicon of an empty input, or of one document, has no statistics:
 * every IDF is 0, outside the range, and every document is rejected.  It
 * can only be the input's own when the input has no more documents than
 * it counted (a corpus of one document); past that it is a mix-up. */
static void
hollow(const struct lexicon *lx, const struct opts *o, const dk_reader *r)
{
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "the lexicon %s counts %llu "
	    "document%s (!N): every IDF is 0, outside [%g, %g], so every document would "
	    "be rejected (a lexicon of an empty input?)", lx->hollowpath,
	    (unsigned long long)(lx->hollow - 1), lx->hollow == 2 ? "" : "s", o->lo, o->hi);
}

struct job {
	const struct lexicon *lx;
	struct scratch *w;
	const struct opts *o;
	struct stats *st;
};

/* One operand; the kind of input is detected again for each. */
static void
imatch_file(dk_reader *r, void *arg)
{
	struct job *j = arg;
	dk_doc doc = {0};
	dk_str sigs;
	int kind = j->o->mode;

	j->w->tocheck = DK_SHAPE_CHECKS;
	memset(&j->w->tally, 0, sizeof j->w->tally);
	/* -T takes a SIG=COUNT-looking text for a document */
	dk_corpus_start(r, kind == 'S' ? DK_KIND_SIG : DK_KIND_DOC | DK_KIND_SIG, NULL);
	while (dk_corpus_next(r, &doc, dk_corpus.json ? DK_DOC_TEXT : 0)) {
		if (j->lx->hollow && j->st->docs + 1 >= j->lx->hollow)
			hollow(j->lx, j->o, r);
		sigs = collect_terms(j->lx, j->w, j->o, r, &doc, &kind);
		fingerprint(j->lx, j->w, j->o, &doc, sigs, j->st);
		dk_out_maybe_flush();
	}
	dk_doc_free(&doc);
}

static void
scratch_init(struct scratch *w, const struct lexicon *lx)
{
	memset(w, 0, sizeof *w);
	w->stamp = dk_calloc(lx->nterm ? lx->nterm : 1, sizeof *w->stamp);
	w->tok = dk_tokenizer_new(NULL, 1);
	w->sha1 = dk_sha1_new();
}

static void
scratch_free(struct scratch *w)
{
	dk_tokenizer_free(w->tok);
	dk_tokens_free(&w->toks);
	dk_sigs_free(&w->sigs);
	dk_buf_free(&w->text);
	dk_buf_free(&w->unquoted);
	free(w->prim.v);
	free(w->sec.v);
	free(w->sel.v);
	free(w->tmp.v);
	free(w->stamp);
	dk_sha1_free(w->sha1);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		DK_CLI_TEXTOPTS,
		DK_CORPUS_OPTS,
		{ "sigs", no_argument, NULL, 'S' },
		{ "text", no_argument, NULL, 'T' },
		DK_QUOTED_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	/* the IDF range DK_IMATCH_IDF of examples/dupkit.defaults */
	struct opts o = { 0, 0, 0.33, 1, 5, 1, 0, 0, 0, DK_QUOTED_KEEP };
	struct lexicon lx = {0};
	struct scratch w;
	struct stats st = {0};
	dk_lexicon *src;
	double cutlo, cuthi;
	DK_VEC(char *) lexpaths = {0};
	int ch, status;
	struct job job;

	dk_cli_init_text(argc, argv);
	dk_parse_range(DK_IMATCH_IDF, &o.lo, &o.hi, "IDF range");
	while ((ch = getopt_long(argc, argv, "hvi:kK:L:m:p:s:STx", longopts, NULL)) != -1) {
		switch (ch) {
		case 'i': dk_parse_range(optarg, &o.lo, &o.hi, "IDF range"); break;
		case 'k': o.kolcz = 1; break;
		case 'K': o.nlex = (int)dk_parse_int(optarg, 0, MAXLEX - 1, "K") + 1; break;
		case 'L': DK_PUSH(&lexpaths, optarg); break;
		case 'm': o.min = (size_t)dk_parse_int(optarg, 1, 1000000, "MIN"); break;
		case 'p': o.frac = dk_parse_double(optarg, 0, 1, "FRAC"); break;
		case 's': o.seed = (uint64_t)dk_parse_int(optarg, 0, INT64_MAX, "seed"); break;
		case 'S':
		case 'T': o.mode = ch; break;
		case 'x': o.extend = 1; break;
		case DK_OPT_QUOTED: o.quoted = dk_parse_quoted(optarg); break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (dk_corpus.json && o.mode == 'S')
		dk_diex(DK_EXIT_INPUT, "--json and -S exclude each other (JSON Lines hold documents)");
	if (o.quoted == DK_QUOTED_SKIP && o.mode == 'S')
		dk_diex(DK_EXIT_INPUT, "--quoted skip and -S exclude each other (a signature "
		    "stream has no text)");
	if (lexpaths.n == 0) {
		dk_warnx("a lexicon is required (-L)");
		dk_usage(&usage);
	}

	src = load_lexicons(lexpaths.v, (int)lexpaths.n);
	if (dk_lexicon_cut(src, &cutlo, &cuthi))
		dk_die_at(lexpaths.v[0], 2, "the lexicon was cut for dklexicon --idf %g:%g "
		    "(!idf): it lacks the terms that filter keeps or drops as unknown, which "
		    "imatch selects from (give the whole lexicon)", cutlo, cuthi);
	select_terms(&lx, src, &o);
	lx.shape = dk_lexicon_shape(src, 0);
	lx.made = dk_lexicon_made(src);
	rank_secondary(&lx);
	if (dk_lexicon_n(src) <= 1 && lx.nprimary == 0 && !o.extend) {
		lx.hollow = 1 + dk_lexicon_n(src);
		lx.hollowpath = lexpaths.v[0];
	}
	dk_note("lexicon: N %llu, %zu terms", (unsigned long long)dk_lexicon_n(src),
	    dk_lexicon_size(src));
	dk_lexicon_free(src);
	build_index(&lx);
	randomize(&lx, &o);
	make_par(&lx, &o);
	dk_note("%zu terms in [%g, %g], %zu below for -x", lx.nprimary, o.lo, o.hi,
	    lx.nsecondary);

	scratch_init(&w, &lx);
	job = (struct job){ &lx, &w, &o, &st };
	status = dk_each_input(argc, argv, imatch_file, &job);
	dk_note("%llu documents, %llu fingerprints, %llu rejected, %llu filled up "
	    "from lower IDF, %.1f lexicon terms a document", st.docs, st.keys,
	    st.rejected, st.extended, st.docs ? (double)st.terms / (double)st.docs : 0.0);
	scratch_free(&w);
	lexicon_free(&lx);
	free(lexpaths.v);
	dk_out_close();
	return dk_exit_status(status);
}

/* qgram: character q-grams or word shingles of each document, as a
 * signature stream. */
#include "dk.h"

#include <stdlib.h>

static const struct dk_usage usage = {
	"qgram [-kv] [-q Q] [--quoted keep|skip] [--checksum] [--json id[,text]] [file ...]\n"
	"qgram [-kv] -w N [-p regex] [--quoted keep|skip] [--checksum] [--json id[,text]]\n"
	"      [file ...]",
	"  -q Q      character q-grams of Q characters (default 4)\n"
	"  -w N      word N-shingles instead, as a multiset\n"
	"  -p regex  PCRE2 pattern matching a word (with -w)\n"
	"  -k        keep case (default: lower-case first)\n"
	DK_QUOTED_HELP
	"  --checksum  a carried column before the signatures: the SHA-1 of the\n"
	"            text, for spotmatch --checksum-column\n"
	"  -v        statistics on stderr\n"
	DK_CORPUS_HELP
	DK_CLI_IDHELP
	DK_CLI_TEXTHELP
	"  -h, --help, --version\n",
};

typedef DK_VEC(uint32_t) u32vec;

/* One distinct signature of the current document: bytes key[off, off+len). */
struct item {
	uint64_t hash;
	uint32_t off, len, count;
};

/* The distinct signatures of one document, in order of first occurrence. */
struct gramset {
	dk_buf key;             /* signature bytes, back to back */
	DK_VEC(struct item) items;
	uint32_t *slot;         /* open addressing: item index + 1, or 0 */
	size_t mask;
};

static void
gramset_clear(struct gramset *g)
{
	g->key.n = 0;
	g->items.n = 0;
	if (g->slot)
		memset(g->slot, 0, (g->mask + 1) * sizeof *g->slot);
}

static void
gramset_grow(struct gramset *g)
{
	size_t i, j, size = g->slot ? (g->mask + 1) * 2 : 1024;

	free(g->slot);
	g->slot = dk_calloc(size, sizeof *g->slot);
	g->mask = size - 1;
	for (i = 0; i < g->items.n; i++) {
		for (j = g->items.v[i].hash & g->mask; g->slot[j]; j = (j + 1) & g->mask)
			continue;
		g->slot[j] = (uint32_t)i + 1;
	}
}

/* Counts the signature at key[off, off+len), which the caller has just
 * appended; a repeat drops those bytes again. */
static void
gramset_add(struct gramset *g, size_t off, size_t len)
{
	const char *p = g->key.p + off;
	uint64_t h = dk_hash64(p, len, 0);
	struct item *it, nu;
	size_t j;

	if ((g->items.n + 1) * 2 > g->mask + 1 || !g->slot)
		gramset_grow(g);
	for (j = h & g->mask; g->slot[j]; j = (j + 1) & g->mask) {
		it = &g->items.v[g->slot[j] - 1];
		if (it->hash == h && it->len == len && memcmp(g->key.p + it->off, p, len) == 0) {
			it->count++;
			g->key.n = off;
			return;
		}
	}
	if (off > UINT32_MAX || len > UINT32_MAX)
		dk_diex(DK_EXIT_INPUT, "document too large");
	nu.hash = h;
	nu.off = (uint32_t)off;
	nu.len = (uint32_t)len;
	nu.count = 1;
	DK_PUSH(&g->items, nu);
	g->slot[j] = (uint32_t)g->items.n;
}

static void
gramset_free(struct gramset *g)
{
	dk_buf_free(&g->key);
	free(g->items.v);
	free(g->slot);
}

/* The normal form: word characters only (white space, punctuation,
 * symbols, controls and invalid bytes dropped), folded unless keepcase.
 * Writes the UTF-8 bytes to nf and the offset of every character, plus one
 * past the end, to starts. */
static void
normal_form(const char *text, size_t n, int keepcase, dk_buf *nf, u32vec *starts)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, len;
	uint32_t cp;
	char enc[4];

	nf->n = 0;
	starts->n = 0;
	while (i < n) {
		len = dk_utf8_decode(s + i, n - i, &cp);
		i += len;
		if (!(dk_uclass(cp) & DK_CC_WORD))
			continue;
		if (!keepcase)
			cp = dk_ufold(cp);
		DK_PUSH(starts, (uint32_t)nf->n);
		dk_buf_bytes(nf, enc, dk_utf8_encode(cp, enc));
	}
	DK_PUSH(starts, (uint32_t)nf->n);
}

/* Every whole q-gram of the normal form, once. */
static void
qgrams(struct gramset *g, const dk_buf *nf, const uint32_t *starts, size_t nchars,
    size_t q)
{
	size_t i, off, len;

	for (i = 0; i + q <= nchars; i++) {
		off = g->key.n;
		len = starts[i + q] - starts[i];
		dk_buf_bytes(&g->key, nf->p + starts[i], len);
		gramset_add(g, off, len);
	}
	for (i = 0; i < g->items.n; i++)
		g->items.v[i].count = 1;
}

/* Every run of n consecutive words, joined by ':' after escaping each word
 * as a SIG (so a ':' inside a word is %3A), counted. */
static void
shingles(struct gramset *g, const dk_tokens *toks, size_t n)
{
	size_t i, k, off;

	for (i = 0; i + n <= toks->n; i++) {
		off = g->key.n;
		for (k = 0; k < n; k++) {
			if (k > 0)
				dk_buf_char(&g->key, ':');
			dk_buf_sigtext(&g->key, dk_token_text(toks, i + k), toks->v[i + k].len, ':');
		}
		gramset_add(g, off, g->key.n - off);
	}
}

/* Writes SIGS: q-gram keys are raw bytes, shingle keys are escaped already. */
static void
write_sigs(dk_buf *b, const struct gramset *g, int escaped)
{
	size_t i;

	/* Flagged, so that matchers account for it instead of refusing it. */
	if (g->items.n == 0)
		dk_buf_str(b, "!short");
	for (i = 0; i < g->items.n; i++) {
		const struct item *it = &g->items.v[i];

		if (i > 0)
			dk_buf_char(b, ' ');
		if (escaped)
			dk_buf_bytes(b, g->key.p + it->off, it->len);
		else
			dk_buf_sigtext(b, g->key.p + it->off, it->len, 0);
		dk_buf_sigcount(b, it->count);
	}
	dk_buf_char(b, '\n');
}

struct opts {
	size_t q, words;
	int keepcase;
	int quoted;             /* --quoted: DK_QUOTED_SKIP leaves it out */
	dk_tokenizer *tok;
	dk_sha1 *sha1;          /* --checksum */
};

struct stats {
	uint64_t docs, sigs, empty;
};

/* Buffers reused from one document to the next. */
struct scratch {
	struct gramset g;
	dk_buf nf;
	dk_buf unquoted;        /* --quoted skip: the text left */
	u32vec starts;
	dk_tokens toks;
	dk_doc doc;
};

static void
scratch_free(struct scratch *s)
{
	gramset_free(&s->g);
	dk_buf_free(&s->nf);
	dk_buf_free(&s->unquoted);
	free(s->starts.v);
	dk_tokens_free(&s->toks);
	dk_doc_free(&s->doc);
}

struct job {
	const struct opts *o;
	struct scratch *s;
	struct stats *st;
};

static void
run(dk_reader *r, const struct opts *o, struct scratch *s, struct stats *st)
{
	struct gramset *g = &s->g;
	dk_str text, words;

	dk_corpus_start(r, DK_KIND_DOC, NULL);
	while (dk_corpus_next(r, &s->doc, DK_DOC_TEXT)) {
		text = s->doc.text;
		words = o->quoted == DK_QUOTED_SKIP ? dk_unquote(text, &s->unquoted) : text;
		gramset_clear(g);
		if (o->words) {
			dk_tokenize(o->tok, words.p, words.n, &s->toks);
			shingles(g, &s->toks, o->words);
		} else {
			normal_form(words.p, words.n, o->keepcase, &s->nf, &s->starts);
			qgrams(g, &s->nf, s->starts.v, s->starts.n - 1, o->q);
		}
		dk_buf_bytes(&dk_out, s->doc.head.p, s->doc.head.n);
		if (o->sha1) {
			dk_buf_reserve(&dk_out, DK_SHA1_HEX + 1);
			dk_sha1_hex(o->sha1, text.p, text.n, dk_out.p + dk_out.n);
			dk_out.n += DK_SHA1_HEX;
			dk_buf_char(&dk_out, '\t');
		}
		write_sigs(&dk_out, g, o->words != 0);
		dk_out_maybe_flush();
		st->docs++;
		st->sigs += g->items.n;
		st->empty += g->items.n == 0;
	}
}

static void
run_input(dk_reader *r, void *arg)
{
	struct job *j = arg;

	run(r, j->o, j->s, j->st);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		DK_CLI_TEXTOPTS,
		DK_CORPUS_OPTS,
		{ "checksum", no_argument, NULL, 'K' },
		DK_QUOTED_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = { 4, 0, 0, DK_QUOTED_KEEP, NULL, NULL };
	struct stats st = { 0, 0, 0 };
	struct scratch s;
	const char *pattern = NULL;
	int ch, qset = 0, status;
	struct job job;

	dk_cli_init_text(argc, argv);
	while ((ch = getopt_long(argc, argv, "hkp:q:vw:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'k':
			o.keepcase = 1;
			break;
		case 'K':
			o.sha1 = dk_sha1_new();
			break;
		case 'p':
			pattern = optarg;
			break;
		case 'q':
			o.q = (size_t)dk_parse_int(optarg, 1, 64, "q-gram length");
			qset = 1;
			break;
		case 'w':
			o.words = (size_t)dk_parse_int(optarg, 1, 64, "shingle length");
			break;
		case DK_OPT_QUOTED:
			o.quoted = dk_parse_quoted(optarg);
			break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;

	if (qset && o.words)
		dk_diex(DK_EXIT_INPUT, "-q and -w exclude each other");
	if (pattern && !o.words)
		dk_diex(DK_EXIT_INPUT, "-p needs -w");
	if (o.words)
		o.tok = dk_tokenizer_new(pattern, !o.keepcase);

	memset(&s, 0, sizeof s);
	job = (struct job){ &o, &s, &st };
	status = dk_each_input(argc, argv, run_input, &job);
	dk_out_close();
	if (dk_verbose)
		dk_note("%llu documents, %llu distinct signatures, %llu documents without any",
		    (unsigned long long)st.docs, (unsigned long long)st.sigs,
		    (unsigned long long)st.empty);
	scratch_free(&s);
	dk_tokenizer_free(o.tok);
	dk_sha1_free(o.sha1);
	return dk_exit_status(status);
}

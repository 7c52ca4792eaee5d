/* dklexicon: document frequencies of signatures or words, merging of
 * lexicons, and the IDF filter for any signature stream, with --agree's
 * marks (agree.h) on the common signatures of copied stories. */
#include "dk.h"
#include "agree.h"
#include "lexicon.h"
#include "sigform.h"

#include <stdlib.h>

static const struct dk_usage usage = {
	"dklexicon [-v] [-w [-p pattern] [--quoted keep|skip] [--json id[,text]]] [file ...]\n"
	"dklexicon --lexicon --idf lo:hi --agree A [-v] [file ...]\n"
	"dklexicon -m [--idf lo:hi] [-v] [lexicon ...]\n"
	"dklexicon --idf lo:hi [-v] [--min-sigs N] [--agree A | -L lexicon...] [file ...]",
	"  (default)     lexicon of a signature stream\n"
	"  -w            lexicon of the words of a document stream\n"
	"  -p PATTERN, --pattern PATTERN\n"
	"                PCRE2 token pattern for -w instead of the built-in one\n"
	"  --quoted WHAT  with -w: keep (the default) or skip quoted mail text\n"
	"                (spotsig --quoted)\n"
	"  --json ID[,TEXT]  with -w, the input is JSON Lines, the document's ID\n"
	"                and text in its members ID and TEXT (default id,text);\n"
	"                with -w, gzip input is read in any format\n"
	"  -m            merge lexicon files; with --idf, keep only the terms\n"
	"                that the filter needs (for -L)\n"
	"  --idf LO:HI   filter a signature stream: keep signatures whose\n"
	"                normalised IDF is in [LO, HI], or marked !agree\n"
	"  --agree A     with --idf: a signature below LO is kept all the same\n"
	"                when the documents holding it agree elsewhere (a copied\n"
	"                story, not a template): mean multiset Jaccard of pairs\n"
	"                of 40 of them, without it, at least A (spotsig --agree)\n"
	"  --lexicon     with --idf and --agree: write the input's lexicon, the\n"
	"                signatures --agree keeps marked !agree, not the stream\n"
	"  --min-sigs N  with --idf: flag !short a line left with fewer than N\n"
	"                distinct signatures (spotsig -m after the filter)\n"
	"  -L FILE       IDF statistics from a lexicon (repeatable: merged)\n"
	"                instead of the input itself\n"
	"  -v            statistics on stderr\n"
	DK_CLI_IDHELP
	DK_CLI_TEXTHELP
	"  -h, --help, --version\n",
};

enum { COUNT, WORDS, MERGE, FILTER };

/* A line held for the second pass of the filter: its bytes in lines, its
 * signature ids in ids[first, first + n). */
struct held {
	size_t off, len, head, first, n;
	unsigned flags;
};

struct state {
	int mode;
	dk_lexicon *lex;
	int external;
	dk_shape shape;         /* of the first lexicon file's terms (-L, -m) */
	const char *first;      /* its name */
	int tocheck;            /* -L: records of this file left to check_shape */
	dk_made_tally tally;    /* -L: of this file, for dk_made_check */
	dk_found_tally found;   /* -L: of this file, for dk_found_check */
	double lo, hi;
	double agree;           /* --agree, > 1 when not given */
	uint64_t minsigs;       /* --min-sigs, 0 when not given */
	dk_idf_memo memo;       /* the filter's */
	dk_tokenizer *tok;
	int quoted;             /* -w --quoted: DK_QUOTED_SKIP leaves it out */
	dk_buf unquoted;        /* the text left */
	dk_tokens toks;
	dk_sigs sigs;
	/* held input of the two-pass filter: raw lines and signature ids */
	dk_buf lines;
	DK_VEC(struct held) held;
	DK_VEC(uint32_t) ids;
	DK_VEC(uint32_t) keep;  /* per item of one line: UINT32_MAX drops it */
	dk_buf lastid;          /* keyed: the ID of the record counted last */
	dk_sigform form;        /* of the streams counted (sigform.h) */
	/* --agree: each document's signatures, a repeat summed */
	DK_VEC(dk_agree_doc) adocs;
	DK_VEC(dk_idcount) aids;
	DK_VEC(size_t) at;      /* by term id: its aids index + 1, last set */
	uint64_t nrec, nin, nout, ncommon, nagreed;
};

/* -w: the words of each document, counted once a document. */
static void
count_words(struct state *st, dk_reader *r)
{
	dk_doc doc = { 0 };
	dk_str text;
	size_t i;

	dk_corpus_start(r, DK_KIND_DOC, NULL);
	while (dk_corpus_next(r, &doc, DK_DOC_TEXT)) {
		st->nrec++;
		text = doc.text;
		if (st->quoted == DK_QUOTED_SKIP)
			text = dk_unquote(text, &st->unquoted);
		dk_tokenize(st->tok, text.p, text.n, &st->toks);
		dk_lexicon_doc(st->lex);
		for (i = 0; i < st->toks.n; i++)
			dk_lexicon_count(st->lex, dk_token_text(&st->toks, i),
			    st->toks.v[i].len);
	}
	dk_doc_free(&doc);
}

/* --agree: a document held for dk_agree_mark, its ID the record's. */
static void
agree_doc(struct state *st, dk_str id)
{
	dk_agree_doc d;

	d.first = st->aids.n;
	d.n = 0;
	d.idhash = dk_agree_idhash(id.p, id.n);
	DK_PUSH(&st->adocs, d);
}

/* --agree: a signature of the last document, by term id. */
static void
agree_sig(struct state *st, uint32_t id, uint32_t count)
{
	dk_agree_doc *d = &st->adocs.v[st->adocs.n - 1];
	size_t old = st->at.n;
	dk_idcount ic;

	if (id >= st->at.n) {
		DK_GROW(&st->at, (size_t)id + 1);
		st->at.n = (size_t)id + 1;
		memset(st->at.v + old, 0, (st->at.n - old) * sizeof *st->at.v);
	}
	if (st->at.v[id] > d->first) {  /* listed again: the sum, at most 2^32 - 1 */
		dk_idcount *c = &st->aids.v[st->at.v[id] - 1];

		c->count = c->count > UINT32_MAX - count ? UINT32_MAX : c->count + count;
		return;
	}
	ic.id = id;
	ic.count = count;
	DK_PUSH(&st->aids, ic);
	st->at.v[id] = st->aids.n;
	d->n++;
}

/* Whether a keyed record is a document counted already: imatch and
 * minhash --per-band write each document under each of its keys, its
 * records one after the other, and it counts once (N and DF as in the
 * stream they were made from).  An imatch record of a fingerprint with no
 * signatures was made from a document stream, whose words imatch does
 * not copy: counted, it would make a lexicon of documents with no term. */
static int
counted(struct state *st, dk_reader *r, const dk_record *rec)
{
	dk_keyinfo k;
	dk_str id = rec->f[1];

	if (dk_key_parse(rec->f[0], &k) == DK_KEY_FPRINT && rec->n >= 3 &&
	    rec->f[rec->n - 1].n == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "an imatch fingerprint "
		    "without signatures: imatch read documents, whose words it does not "
		    "copy (give dklexicon -w the documents, or imatch a signature stream)");
	if (st->lastid.n == id.n && (id.n == 0 || memcmp(st->lastid.p, id.p, id.n) == 0))
		return 1;
	st->lastid.n = 0;
	dk_buf_bytes(&st->lastid, id.p, id.n);
	return 0;
}

static void
count_record(struct state *st, dk_reader *r, dk_record *rec, int keyed)
{
	size_t i;
	uint32_t id;

	dk_record_sigs(r, rec, &st->sigs);
	if (st->sigs.flags & DK_SIG_PROBE)
		return;         /* counted under its own key */
	if (keyed && counted(st, r, rec))
		return;
	dk_lexicon_doc(st->lex);
	if (st->agree <= 1)
		agree_doc(st, rec->f[keyed]);
	for (i = 0; i < st->sigs.n; i++) {
		id = dk_lexicon_count(st->lex, st->sigs.v[i].s.p, st->sigs.v[i].s.n);
		if (st->agree <= 1)
			agree_sig(st, id, st->sigs.v[i].count);
	}
}

/* Writes a signature line keeping the flags and the items whose id passes
 * (ids[k] for the k-th of n items; UINT32_MAX: dropped).  A line left
 * without signatures, or with fewer than --min-sigs distinct ones (as
 * spotsig -m counts them), is flagged !short, since it cannot be
 * matched. */
static void
write_filtered(struct state *st, const char *line, size_t head, size_t len,
    const uint32_t *ids, size_t n, unsigned flags)
{
	const char *sigs = line + head, *end = line + len, *p, *sp;
	size_t k, kept = 0;
	int first = 1;

	for (k = 0; k < n; k++)
		kept += ids[k] != UINT32_MAX;
	dk_buf_bytes(&dk_out, line, head);
	if (!(flags & DK_SIG_SHORT) && (kept == 0 ||
	    kept < st->minsigs)) {
		dk_buf_str(&dk_out, "!short");
		first = 0;
	}
	for (p = sigs, k = 0; p < end; p = sp + 1) {
		sp = memchr(p, ' ', (size_t)(end - p));
		if (!sp)
			sp = end;
		if (*p == '!' || ids[k++] != UINT32_MAX) {
			if (!first)
				dk_buf_char(&dk_out, ' ');
			dk_buf_bytes(&dk_out, p, (size_t)(sp - p));
			first = 0;
		}
	}
	st->nout += kept;
	dk_buf_char(&dk_out, '\n');
	dk_out_maybe_flush();
}

/* -L: the first records of each file: their signatures against the
 * lexicon's terms, which would hold none of them when it is a lexicon of
 * words (dk_shape_check). */
static void
check_shape(struct state *st, const dk_reader *r)
{
	dk_shape s = { 0 };
	size_t i;

	for (i = 0; i < st->sigs.n && i < 64; i++)
		dk_shape_add(&s, st->sigs.v[i].s.p, st->sigs.v[i].s.n);
	if (dk_shape_of(&s) != DK_SHAPE_ANY || --st->tocheck == 0) {
		st->tocheck = 0;
		dk_shape_check(&st->shape, &s, r);
	}
}

/* -L: a lexicon of an empty input, or of one document, has no
 * statistics: every IDF is 0, below the range, and every signature is
 * dropped.  It can only be the input's own when the input has no more
 * records than it counted (a corpus of one document); past that it is a
 * mix-up. */
static void
hollow(const struct state *st, const dk_reader *r)
{
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "the lexicon %s counts %llu "
	    "document%s (!N): every IDF is 0, below %g:%g, so every signature would be "
	    "dropped (a lexicon of an empty input?)", st->first,
	    (unsigned long long)dk_lexicon_n(st->lex), dk_lexicon_n(st->lex) == 1 ? "" : "s",
	    st->lo, st->hi);
}

/* A lexicon cut for another IDF range (dklexicon -m --idf, its !idf
 * record on line 2) lacks terms that this one keeps or drops otherwise
 * than an unknown term. */
static void
check_cut(const struct state *st, const char *path)
{
	char why[DK_LEXICON_WHY];

	if (dk_lexicon_cut_clash(st->lex, st->lo, st->hi, why))
		dk_die_at(path, 2, "%s (give the whole lexicon, or one cut for this range)", why);
}

/* The filter with an external lexicon: one pass. */
static void
filter_now(struct state *st, dk_reader *r, const dk_record *rec)
{
	size_t i;

	dk_record_sigs(r, rec, &st->sigs);
	if (st->tocheck)
		check_shape(st, r);
	dk_made_check(dk_lexicon_made(st->lex), &st->tally, &st->sigs, r);
	dk_found_check(st->lex, &st->found, &st->sigs, r);
	if (st->nrec > dk_lexicon_n(st->lex) && dk_lexicon_n(st->lex) <= 1 && st->lo > 0 &&
	    !(st->sigs.flags & DK_SIG_PROBE))
		hollow(st, r);
	st->keep.n = 0;
	DK_GROW(&st->keep, st->sigs.n + 1);
	for (i = 0; i < st->sigs.n; i++)
		st->keep.v[i] = dk_lexicon_keep_term(st->lex, st->lo, st->hi,
		    st->sigs.v[i].s.p, st->sigs.v[i].s.n, &st->memo) ? 0 : UINT32_MAX;
	st->nin += st->sigs.n;
	write_filtered(st, rec->line.p, (size_t)(rec->f[rec->n - 1].p - rec->line.p),
	    rec->line.n, st->keep.v, st->sigs.n, st->sigs.flags);
}

/* First pass of the filter on the input's own statistics: the line is
 * counted and kept. */
static void
hold(struct state *st, dk_reader *r, const dk_record *rec, int keyed)
{
	struct held h;
	size_t i;
	int probe;

	dk_record_sigs(r, rec, &st->sigs);
	h.off = st->lines.n;
	h.len = rec->line.n;
	h.head = (size_t)(rec->f[rec->n - 1].p - rec->line.p);
	h.first = st->ids.n;
	h.n = st->sigs.n;
	h.flags = st->sigs.flags;
	dk_buf_bytes(&st->lines, rec->line.p, rec->line.n);
	/* a probe is counted under its own key, a document under several
	 * keys under the first */
	probe = (st->sigs.flags & DK_SIG_PROBE) != 0 || (keyed && counted(st, r, rec));
	if (!probe)
		dk_lexicon_doc(st->lex);
	if (!probe && st->agree <= 1)
		agree_doc(st, rec->f[keyed]);
	DK_GROW(&st->ids, st->ids.n + st->sigs.n);
	for (i = 0; i < st->sigs.n; i++) {
		dk_str *s = &st->sigs.v[i].s;

		st->ids.v[st->ids.n++] = probe ? dk_lexicon_add(st->lex, s->p, s->n, 0) :
		    dk_lexicon_count(st->lex, s->p, s->n);
		if (!probe && st->agree <= 1)
			agree_sig(st, st->ids.v[st->ids.n - 1], st->sigs.v[i].count);
	}
	st->nin += st->sigs.n;
	DK_PUSH(&st->held, h);
}

static void
emit_held(struct state *st)
{
	size_t i, j;

	for (i = 0; i < st->held.n; i++) {
		struct held *h = &st->held.v[i];
		uint32_t *ids = st->ids.v + h->first;

		for (j = 0; j < h->n; j++)
			if (!dk_lexicon_keep_id(st->lex, st->lo, st->hi, ids[j], &st->memo))
				ids[j] = UINT32_MAX;
		write_filtered(st, st->lines.p + h->off, h->head, h->len, ids, h->n,
		    h->flags);
	}
}

static void
run(dk_reader *r, void *arg)
{
	struct state *st = arg;
	dk_record rec = { 0 };
	int keyed;

	if (st->mode == WORDS) {
		count_words(st, r);
		return;
	}
	keyed = dk_expect(r, DK_KIND_SIG | DK_KIND_KEYED, NULL) == DK_KIND_KEYED;
	st->tocheck = DK_SHAPE_CHECKS;
	st->lastid.n = 0;
	memset(&st->tally, 0, sizeof st->tally);
	memset(&st->found, 0, sizeof st->found);
	dk_sigform_file(&st->form);
	while (dk_read_record(r, &rec, 2)) {
		dk_ids_check(&dk_input_ids, r, &rec, keyed);
		st->nrec++;
		if (st->mode != FILTER)
			count_record(st, r, &rec, keyed);
		else if (st->external) {
			filter_now(st, r, &rec);
			continue;
		} else
			hold(st, r, &rec, keyed);
		/* counted: the streams must be of one form, as one lexicon's */
		if (dk_sigform_want(&st->form))
			dk_sigform_record(&st->form, &st->sigs, r);
	}
	dk_record_free(&rec);
}

static void
cleanup(struct state *st)
{
	dk_lexicon_free(st->lex);
	dk_tokenizer_free(st->tok);
	dk_tokens_free(&st->toks);
	dk_sigs_free(&st->sigs);
	dk_buf_free(&st->lines);
	dk_buf_free(&st->unquoted);
	dk_buf_free(&st->lastid);
	dk_sigform_free(&st->form);
	free(st->held.v);
	free(st->ids.v);
	free(st->keep.v);
	free(st->adocs.v);
	free(st->aids.v);
	free(st->at.v);
}

/* --agree, once every document is counted: the marks. */
static void
mark_agreed(struct state *st)
{
	st->nagreed = dk_agree_mark(st->lex, st->lo, st->agree, st->aids.v, st->adocs.v,
	    st->adocs.n, &st->ncommon);
	if (dk_verbose)
		dk_note("--agree: %llu of %llu signatures below the IDF range kept, "
		    "their documents agreeing elsewhere", (unsigned long long)st->nagreed,
		    (unsigned long long)st->ncommon);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		DK_CLI_TEXTOPTS,
		DK_CORPUS_OPTS,
		{ "idf", required_argument, NULL, 'I' },
		{ "agree", required_argument, NULL, 'G' },
		{ "lexicon", no_argument, NULL, 'X' },
		{ "min-sigs", required_argument, NULL, 'S' },
		{ "pattern", required_argument, NULL, 'p' },
		DK_QUOTED_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct state st = { 0 };
	const char *pattern = NULL, *quoted = NULL;
	int ch, i, status = DK_EXIT_OK, merge = 0, words = 0, prune, lexout = 0;

	dk_cli_init_text(argc, argv);
	st.lex = dk_lexicon_new();
	st.agree = 2;           /* off */
	while ((ch = getopt_long(argc, argv, "hL:mp:vw", longopts, NULL)) != -1) {
		switch (ch) {
		case 'I':
			dk_parse_range(optarg, &st.lo, &st.hi, "IDF range");
			st.mode = FILTER;
			break;
		case 'L':
			if (dk_lexicon_load_alike(st.lex, optarg, &st.shape, &st.first) < 0)
				dk_die(DK_EXIT_OPERAND, "%s", optarg);
			st.external = 1;
			break;
		case 'G': st.agree = dk_parse_double(optarg, 0, 1, "--agree"); break;
		case 'X': lexout = 1; break;
		case 'S': st.minsigs = (uint64_t)dk_parse_int(optarg, 0, 1000000, "--min-sigs"); break;
		case 'm': merge = 1; break;
		case 'p': pattern = optarg; break;
		case 'w': words = 1; break;
		case DK_OPT_QUOTED:
			st.quoted = dk_parse_quoted(optarg);
			quoted = optarg;
			break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (st.mode == FILTER && words)
		dk_diex(DK_EXIT_INPUT, "--idf filters a signature stream: no -w");
	if (st.external && merge)
		dk_diex(DK_EXIT_INPUT, "-m and -L exclude each other");
	if (merge && words)
		dk_diex(DK_EXIT_INPUT, "-m and -w exclude each other");
	if (st.external && st.mode != FILTER)
		dk_diex(DK_EXIT_INPUT, "-L needs --idf");
	if (st.agree <= 1 && (st.mode != FILTER || st.external || merge))
		dk_diex(DK_EXIT_INPUT, "--agree needs --idf and the input's own statistics "
		    "(not -L or -m): it compares the documents");
	if (st.minsigs && (st.mode != FILTER || merge || lexout))
		dk_diex(DK_EXIT_INPUT, "--min-sigs needs --idf: it flags the filtered lines");
	if (lexout && st.agree > 1)
		dk_diex(DK_EXIT_INPUT, "--lexicon needs --idf and --agree (the lexicon "
		    "with the marks)");
	if (pattern && !words)
		dk_diex(DK_EXIT_INPUT, "-p needs -w");
	if (quoted && !words)
		dk_diex(DK_EXIT_INPUT, "--quoted needs -w (the text's words)");
	if (dk_corpus.json && !words)
		dk_diex(DK_EXIT_INPUT, "--json needs -w (signature streams are TSV)");
	prune = st.mode == FILTER && merge;
	if (st.external)
		check_cut(&st, st.first);
	if (st.mode != FILTER || merge || lexout)
		st.mode = merge ? MERGE : words ? WORDS : COUNT;
	if (words)
		st.tok = dk_tokenizer_new(pattern, 1);

	if (st.mode == MERGE) {
		for (i = 0; i == 0 || i < argc; i++)
			if (dk_lexicon_load_alike(st.lex, argc ? argv[i] : "-", &st.shape,
			    &st.first) < 0) {
				dk_warn("%s", argc ? argv[i] : "-");
				status = DK_EXIT_OPERAND;
			}
	} else
		status = dk_each_input(argc, argv, run, &st);
	if (st.agree <= 1)
		mark_agreed(&st);
	if (st.mode == FILTER && !st.external)
		emit_held(&st);
	if (prune) {
		check_cut(&st, argc ? argv[0] : "-");
		st.nout = dk_lexicon_prune(st.lex, st.lo, st.hi);
	}
	if (st.mode == COUNT || st.mode == WORDS)       /* what made it: !q, !w */
		dk_lexicon_set_made(st.lex, dk_lexicon_infer(st.lex, st.mode == WORDS));
	if (st.mode != FILTER)
		dk_lexicon_write(st.lex);
	if (dk_verbose && prune)
		dk_note("N = %llu, %zu terms, %llu of them kept for --idf",
		    (unsigned long long)dk_lexicon_n(st.lex), dk_lexicon_size(st.lex),
		    (unsigned long long)st.nout);
	else if (dk_verbose)
		dk_note("%llu records, N = %llu, %zu terms; %llu signatures in, %llu out",
		    (unsigned long long)st.nrec, (unsigned long long)dk_lexicon_n(st.lex),
		    dk_lexicon_size(st.lex), (unsigned long long)st.nin,
		    (unsigned long long)st.nout);
	dk_out_close();
	cleanup(&st);
	return dk_exit_status(status);
}

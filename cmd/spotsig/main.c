/* spotsig: spot signatures of documents (Theobald, Siddharth and Paepcke,
 * SpotSigs, SIGIR 2008, section 3.1), or word chains for documents with
 * too few of them (--dense), optionally filtered by IDF.  The options, the
 * spots of each document, the chains, the IDF filter and the output; the
 * word table and the token classes are in words.c and classify.c
 * (spotsig.h). */
#include "spotsig.h"
#include "agree.h"

#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"spotsig [-v] [-l lang[,lang...] | -l auto] [-a list] [-A file] [-c chain]\n"
	"[-d distance] [-m min] [--dense N [--dense-words L]] [-S file] [-p pattern]\n"
	"[--quoted keep|skip] [--idf lo:hi [--agree A | -L lexicon...]] [--checksum]\n"
	"[--json id[,text]] [file ...]",
	"  -l LANGS, --lang LANGS\n"
	"                the built-in antecedents and stopwords of these languages\n"
	"                (en, de, fr, es, it, pt, nl, sv, pl, ru), or auto (the\n"
	"                default): each paragraph's language, by its stopwords\n"
	"  -a LIST       antecedents, comma-separated WORD or WORD:D:C items\n"
	"                (default: a, an, the and the forms of be, can, will,\n"
	"                have, do)\n"
	"  -A FILE       antecedents from a file, one item a line\n"
	"  -d N          spot distance for items without their own (default 1)\n"
	"  -c N          chain length for items without their own (default 2)\n"
	"  -S FILE       stopwords from a file instead of the built-in list\n"
	"  -p PATTERN, --pattern PATTERN\n"
	"                PCRE2 token pattern instead of the built-in tokenizer\n"
	DK_QUOTED_HELP
	"  -m N          mark documents with fewer than N distinct signatures\n"
	"                !short (default 1: those without any), and those\n"
	"                mostly in a script without spaces (Chinese, ...)\n"
	"  --dense N     a document with fewer than N spot signatures (counts\n"
	"                summed, before --idf) gets its word chains instead:\n"
	"                every L consecutive non-stopwords, after a ':', and\n"
	"                is marked !chains (spotmatch --dense-tau)\n"
	"  --dense-words L\n"
	"                the words of a chain (default 24; 1 to 64)\n"
	"  --idf LO:HI   keep signatures whose normalised IDF is in [LO, HI]\n"
	"  --agree A     with --idf: a signature below LO is kept all the same\n"
	"                when the documents holding it agree elsewhere (a copied\n"
	"                story, not a template): mean multiset Jaccard of pairs\n"
	"                of 40 of them, without it, at least A\n"
	"  -L FILE       IDF statistics from a lexicon (repeatable: merged)\n"
	"                instead of the input itself\n"
	"  --checksum    a carried column before the signatures: the SHA-1 of\n"
	"                the text, for spotmatch --checksum-column\n"
	"  -v            statistics on stderr\n"
	DK_CORPUS_HELP
	DK_CLI_IDHELP
	DK_CLI_TEXTHELP
	"  -h, --help, --version\n",
};

static void
grow_uslots(struct state *st)
{
	size_t size = (st->umask + 1) * 2, i, j;

	free(st->uslot);
	st->uslot = dk_calloc(size, sizeof *st->uslot);
	st->umask = size - 1;
	for (i = 0; i < st->u.n; i++) {
		for (j = st->u.v[i].hash & st->umask; st->uslot[j]; j = (j + 1) & st->umask)
			;
		st->uslot[j] = (uint32_t)i + 1;
	}
}

/* Counts the signature at sig[off, end): a repeat is taken back out of
 * the buffer. */
static void
add_sig(struct state *st, size_t off)
{
	size_t len = st->sig.n - off, j;
	uint64_t h = whash_long(st->sig.p + off, len);
	struct usig *u;

	for (j = h & st->umask; st->uslot[j]; j = (j + 1) & st->umask) {
		u = &st->u.v[st->uslot[j] - 1];
		if (u->hash == h && u->len == len &&
		    memcmp(st->sig.p + u->off, st->sig.p + off, len) == 0) {
			u->count++;
			st->sig.n = off;
			return;
		}
	}
	DK_GROW(&st->u, st->u.n + 1);
	u = &st->u.v[st->u.n];
	u->off = off;
	u->len = len;
	u->hash = h;
	u->count = 1;
	st->uslot[j] = (uint32_t)++st->u.n;
	if (st->u.n * 2 > st->umask + 1)
		grow_uslots(st);
}

/* Empties the slots of the distinct-signature table, at a cost of its
 * entries rather than its size (one long document must not slow all later
 * ones).  The entries stay for the caller. */
static void
clear_slots(struct state *st)
{
	size_t i, j;

	for (i = 0; i < st->u.n; i++) {
		for (j = st->u.v[i].hash & st->umask; st->uslot[j] != i + 1;
		    j = (j + 1) & st->umask)
			;
		st->uslot[j] = 0;
	}
}

/* Appends a word of a signature.  The built-in tokenizer's words are
 * letters, marks and digits, which need no percent-encoding.  Most words
 * are copied as 16 bytes at once, without a call (the token buffer
 * usually has room after them, and the bytes past the word are
 * overwritten next). */
static inline void
put_word(struct state *st, size_t tok)
{
	const dk_tokens *t = &st->toks;
	size_t len = t->v[tok].len;

	if (st->plain && len <= 16 && t->captext - t->v[tok].off >= 16) {
		if (st->sig.cap - st->sig.n < 16)
			dk_buf_reserve(&st->sig, 16);
		memcpy(st->sig.p + st->sig.n, dk_token_text(t, tok), 16);
		st->sig.n += len;
	} else if (st->plain)
		dk_buf_bytes(&st->sig, dk_token_text(t, tok), len);
	else
		dk_buf_sigtext(&st->sig, dk_token_text(t, tok), t->v[tok].len, ':');
}

/* The spot signatures of the current document, counts summed. */
static uint64_t
spot_mass(const struct state *st)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < st->u.n; i++)
		total += st->u.v[i].count;
	return total;
}

/* --dense: the words of a word chain, by default (--dense-words), for
 * spotsig alone, without a higher bar for the pairs of chain documents;
 * the whole job (dupkit.defaults) takes runs of 4 with spotmatch
 * --dense-tau 0.85 instead, which hold siblings apart by the bar.  Long
 * runs are the evidence a document too short for spot signatures needs:
 * a word that tells two sibling pages of one template apart (a type or
 * class name) breaks every chain it falls in, so that 24 words hold such
 * pages apart where runs of 4 matched them (the member lists of a class
 * and of its subclass at SIM 0.60-0.86, mostly on hundreds of chains).  On
 * the tuning collections of tests/bench/safety.sh at --dense 8, 4 words
 * lose 94 unique documents, 8 79, 16 70, 24 69 (as many as no chains at
 * all) and remove 91.0%, 83.8%, 77.4%, 74.2% of the copies (61.6%
 * without chains); 32 loses 69 and removes 72.2%. */
#define CHAIN_WORDS 24

/* --dense: the document has too few spot signatures to be judged on them,
 * so it is represented instead by its word chains: every run of
 * --dense-words consecutive non-stopwords (the whole run when there are
 * fewer), each
 * written after a ':', an empty antecedent, so that no chain equals a spot
 * signature (whose antecedent is a word) and two documents are compared
 * on chains only when both have them.  They go through the IDF filter and
 * -m as spot signatures do: chains of a template shared by many documents
 * fall below the IDF range. */
static void
word_chains(struct state *st)
{
	size_t i, k, off, len = (size_t)st->chainwords;

	clear_slots(st);
	st->u.n = 0;
	st->sig.n = 0;
	if (st->ns.n > 0 && st->ns.n < len)
		len = st->ns.n;
	for (i = 0; i + len <= st->ns.n; i++) {
		off = st->sig.n;
		for (k = 0; k < len; k++) {
			dk_buf_char(&st->sig, ':');
			put_word(st, st->ns.v[i + k]);
		}
		add_sig(st, off);
	}
	st->chains = st->ns.n > 0;
	st->ndense += st->ns.n > 0;
}

/* The spot signatures of the tokenized document, in order of first
 * occurrence, with their counts (or its word chains, --dense). */
static void
spot(struct state *st, const char *text, size_t n)
{
	const struct winfo *e;
	size_t i, k, pos, taken, off, tok;

	if (st->src->autolang)
		detect(st, text, n);
	classify(st);
	st->chains = 0;
	st->u.n = 0;
	st->sig.n = 0;
	for (i = 0; i < st->at.n; i += 3) {
		tok = st->at.v[i];
		pos = st->at.v[i + 1];
		e = &st->words.info[st->at.v[i + 2]];
		if (pos + e->d - 1 >= st->ns.n)
			continue;       /* not even one word before the end */
		off = st->sig.n;
		put_word(st, tok);
		for (taken = 0, k = pos + e->d - 1; taken < e->c && k < st->ns.n;
		    taken++, k += e->d) {
			dk_buf_char(&st->sig, ':');
			put_word(st, st->ns.v[k]);
		}
		add_sig(st, off);
	}
	if (st->dense && spot_mass(st) < (uint64_t)st->dense)
		word_chains(st);
	clear_slots(st);
}

/* Undoes the percent-encoding of a signature we wrote ourselves (so it is
 * always well formed). */
static void
decode_sig(dk_buf *out, const char *p, size_t n)
{
	long len;

	out->n = 0;
	dk_buf_bytes(out, p, n);
	len = dk_sig_decode(out->p, out->p + n, NULL);
	out->n = len < 0 ? 0 : (size_t)len;
}

/* Starts a document's line: the head, the checksum column if sum is not
 * NULL, and the flags: !short when its distinct signatures (nitems, each
 * counted once whatever its count: a repeated phrase is one piece of
 * evidence) are fewer than -m, or when its spots see only the minority
 * of its text that has words (unspaced, see is_unspaced), then !chains
 * when they are word chains (--dense).  total is their mass, counts
 * summed. */
static void
write_head(struct state *st, const char *head, size_t headlen, const char *sum,
    uint64_t total, size_t nitems, int chains, int unspaced)
{
	dk_buf_bytes(&dk_out, head, headlen);
	if (sum)
		dk_buf_bytes(&dk_out, sum, DK_SHA1_HEX + 1);
	if (nitems < (size_t)st->minsigs || unspaced) {
		dk_buf_str(&dk_out, nitems || chains ? "!short " : "!short");
		st->nshort++;
	}
	if (chains)
		dk_buf_str(&dk_out, nitems ? "!chains " : "!chains");
	st->nkept += total;
}

/* Most counts are single digits: they skip the general formatter. */
static inline void
write_item(int first, const char *s, size_t n, uint32_t count)
{
	char *p;

	dk_buf_reserve(&dk_out, n + 3);
	p = dk_out.p + dk_out.n;
	if (!first)
		*p++ = ' ';
	memcpy(p, s, n);
	p += n;
	if (count < 10) {
		*p++ = '=';
		*p++ = (char)('0' + count);
		dk_out.n = (size_t)(p - dk_out.p);
	} else {
		dk_out.n = (size_t)(p - dk_out.p);
		dk_buf_sigcount(&dk_out, count);
	}
}

/* -L, before a document is filtered: the lexicon must be one that can
 * hold its signatures.  A lexicon of words (dklexicon -w) holds none of
 * them (dk_shape_check, against the signatures of the first record of
 * each file that has any: every spot signature and word chain joins words
 * with ':', so that even one tells).  A lexicon of an empty input, or of
 * one document, has no statistics: every IDF is 0, below the range, and
 * every signature is dropped; it can only be the input's own while the
 * input has no more documents than it counted (a corpus of one document),
 * past that it is a mix-up. */
static void
check_lexicon(struct state *st, const dk_reader *r)
{
	uint64_t n = dk_lexicon_n(st->lex);
	dk_shape s = { 0 };
	size_t i;

	if (st->tocheck && st->u.n > 0) {
		for (i = 0; i < st->u.n && i < 64; i++) {
			decode_sig(&st->raw, st->sig.p + st->u.v[i].off, st->u.v[i].len);
			dk_shape_add(&s, st->raw.p, st->raw.n);
		}
		if (s.words == 0 && s.n < DK_SHAPE_CHECKS)
			s.n = DK_SHAPE_CHECKS;  /* joined, however few */
		st->tocheck = 0;
		dk_shape_check(&st->shape, &s, r);
	}
	/* a lexicon of other signatures (language, -a, -c, -d) holds none */
	for (i = 0; dk_found_want(st->lex, &st->found) && i < st->u.n; i++) {
		decode_sig(&st->raw, st->sig.p + st->u.v[i].off, st->u.v[i].len);
		dk_found_term(st->lex, &st->found, st->raw.p, st->raw.n);
	}
	dk_found_record(st->lex, &st->found, r);
	if (st->ndocs > n && n <= 1 && st->lo > 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "the lexicon %s counts "
		    "%llu document%s (!N): every IDF is 0, below %g:%g, so every signature "
		    "would be dropped (a lexicon of an empty input?)", st->first,
		    (unsigned long long)n, n == 1 ? "" : "s", st->lo, st->hi);
}

/* -L: a lexicon cut for another IDF range (dklexicon -m --idf, its !idf
 * record on line 2) lacks terms that this one keeps or drops otherwise
 * than an unknown term. */
static void
check_cut(const struct state *st)
{
	char why[DK_LEXICON_WHY];

	if (dk_lexicon_cut_clash(st->lex, st->lo, st->hi, why))
		dk_die_at(st->first, 2, "%s (give the whole lexicon, or one cut for this "
		    "range)", why);
}

/* One pass: the signatures of the current document, filtered by the
 * external lexicon if there is one, are written at once. */
static void
emit_now(struct state *st, const dk_doc *doc)
{
	uint64_t total = 0;
	size_t i, k = 0;

	for (i = 0; i < st->u.n; i++) {
		struct usig *u = &st->u.v[i];

		if (st->idf) {
			decode_sig(&st->raw, st->sig.p + u->off, u->len);
			if (!dk_lexicon_keep_term(st->lex, st->lo, st->hi, st->raw.p,
			    st->raw.n, &st->memo))
				continue;
		}
		st->u.v[k++] = *u;
		total += u->count;
	}
	write_head(st, doc->head.p, doc->head.n, st->sha1 ? st->sum : NULL, total, k,
	    st->chains, st->unspaced);
	for (i = 0; i < k; i++)
		write_item(i == 0, st->sig.p + st->u.v[i].off, st->u.v[i].len,
		    st->u.v[i].count);
	dk_buf_char(&dk_out, '\n');
	dk_out_maybe_flush();
}

/* First pass of the input's own IDF statistics: the document is counted
 * and kept (head and signature ids) for emit_held. */
static void
hold(struct state *st, const dk_doc *doc)
{
	struct bdoc d;
	size_t i;

	d.head = st->heads.n;
	d.headlen = doc->head.n;
	d.first = st->ids.n;
	d.n = st->u.n;
	d.idhash = dk_agree_idhash(doc->id.p, doc->id.n);
	d.chains = st->chains;
	d.unspaced = st->unspaced;
	dk_buf_bytes(&st->heads, doc->head.p, d.headlen);
	if (st->sha1) {
		dk_buf_bytes(&st->heads, st->sum, DK_SHA1_HEX + 1);
		d.headlen += DK_SHA1_HEX + 1;
	}
	dk_lexicon_doc(st->lex);
	DK_GROW(&st->ids, st->ids.n + st->u.n);
	for (i = 0; i < st->u.n; i++) {
		dk_idcount *ic = &st->ids.v[st->ids.n++];

		ic->id = dk_lexicon_count(st->lex, st->sig.p + st->u.v[i].off,
		    st->u.v[i].len);
		ic->count = st->u.v[i].count;
	}
	DK_PUSH(&st->docs, d);
}

/* --agree, between the passes: the common signatures whose documents
 * agree elsewhere are marked in the lexicon (agree.h). */
static void
mark_agreed(struct state *st)
{
	dk_agree_doc *docs = dk_reallocarray(NULL, st->docs.n ? st->docs.n : 1, sizeof *docs);
	size_t i;

	for (i = 0; i < st->docs.n; i++) {
		docs[i].first = st->docs.v[i].first;
		docs[i].n = st->docs.v[i].n;
		docs[i].idhash = st->docs.v[i].idhash;
	}
	st->nstory = dk_agree_mark(st->lex, st->lo, st->agree, st->ids.v, docs,
	    st->docs.n, &st->ncommon);
	free(docs);
}

/* Second pass: every held document, filtered by the statistics of all. */
static void
emit_held(struct state *st)
{
	size_t i, j, k;
	uint64_t total;
	const char *s;
	size_t n;

	for (i = 0; i < st->docs.n; i++) {
		struct bdoc *d = &st->docs.v[i];
		dk_idcount *ic = st->ids.v + d->first;

		for (j = k = 0, total = 0; j < d->n; j++)
			if (dk_lexicon_keep_id(st->lex, st->lo, st->hi, ic[j].id, &st->memo)) {
				ic[k++] = ic[j];
				total += ic[j].count;
			}
		write_head(st, st->heads.p + d->head, d->headlen, NULL, total, k, d->chains,
		    d->unspaced);
		for (j = 0; j < k; j++) {
			s = dk_lexicon_term(st->lex, ic[j].id, &n);
			write_item(j == 0, s, n, ic[j].count);
		}
		dk_buf_char(&dk_out, '\n');
		dk_out_maybe_flush();
	}
}

static void
cleanup(struct state *st, struct wordsrc *src)
{
	size_t i;

	for (i = 0; i < src->av.n; i++)
		free(src->av.v[i].word);
	free(src->av.v);
	dk_strset_free(&src->stop);
	free(st->words.key);
	free(st->words.info);
	free(st->words.str);
	free(st->tcls.v);
	free(st->paras.v);
	dk_tokenizer_free(st->tok);
	dk_lexicon_free(st->lex);
	dk_tokens_free(&st->toks);
	free(st->ns.v);
	free(st->at.v);
	dk_buf_free(&st->sig);
	free(st->u.v);
	free(st->uslot);
	dk_buf_free(&st->raw);
	dk_buf_free(&st->unquoted);
	dk_buf_free(&st->heads);
	free(st->docs.v);
	free(st->ids.v);
	dk_sha1_free(st->sha1);
}

/* Counts a document left without any spot signature under its likely
 * cause: words of more than 24 bytes on average are runs of a script
 * written without spaces; fewer than 10 words, a short text; else words
 * that hold no antecedent. */
static void
count_nosig(struct state *st)
{
	const dk_tokens *t = &st->toks;

	if (t->n > 0 && t->ntext / t->n > 24)
		st->nosig[NOSIG_UNSPACED]++;
	else if (t->n < 10)
		st->nosig[NOSIG_SHORT]++;
	else
		st->nosig[NOSIG_WORDS]++;
}

/* Whether the document, judged on spot signatures, holds most of its
 * words' bytes in a script written without spaces (dk_unspaced_letter):
 * such runs hold no antecedent, so its spots come only from the rest (a
 * section left untranslated, commands, names), and two translations of
 * one page, or a translation and its original, would be matched on that
 * rest alone.  It is marked !short, kept by the whole job and paired with
 * nothing; word chains (--dense) and -p's words take in the whole text
 * and are judged as before.  Of the 1,129 manual pages in 25 languages
 * of tests/bench/safety.sh (translations) 29 Japanese and Chinese pages
 * are marked (the others in those scripts have no spot at all), and the
 * whole job loses 6 unique pages there instead of 10 (--prose: 19, not
 * 23), removing as many copies; no page of its 15 other collections is
 * marked. */
static int
is_unspaced(const struct state *st)
{
	return st->plain && !st->chains && st->u.n > 0 &&
	    dk_tokens_unspaced(&st->toks) * 2 > st->toks.ntext;
}

static void
run(dk_reader *r, void *arg)
{
	struct state *st = arg;
	dk_doc doc = { 0 };
	dk_str text;

	dk_corpus_start(r, DK_KIND_DOC, NULL);
	st->tocheck = st->external;
	memset(&st->found, 0, sizeof st->found);
	while (dk_corpus_next(r, &doc, DK_DOC_TEXT)) {
		text = doc.text;
		st->bytes += doc.raw.n;
		st->ndocs++;
		if (st->sha1)
			dk_sha1_hex(st->sha1, text.p, text.n, st->sum);
		if (st->quoted == DK_QUOTED_SKIP)
			text = dk_unquote(text, &st->unquoted);
		dk_tokenize(st->tok, text.p, text.n, &st->toks);
		spot(st, text.p, text.n);
		if (st->u.n == 0)
			count_nosig(st);
		st->unspaced = is_unspaced(st);
		st->nunspaced += st->unspaced;
		st->nsigs += st->u.n;
		if (st->external)
			check_lexicon(st, r);
		if (st->idf && !st->external)
			hold(st, &doc);
		else
			emit_now(st, &doc);
	}
	dk_doc_free(&doc);
}

/* At the end: when a fifth or more of the documents got no signature at
 * all (before any IDF filtering), one warning with the commonest cause. */
static void
warn_nosig(const struct state *st)
{
	uint64_t n = 0;
	int i, why = 0;

	for (i = 0; i < NOSIG_KINDS; i++) {
		n += st->nosig[i];
		if (st->nosig[i] > st->nosig[why])
			why = i;
	}
	if (n == 0 || n * 5 < st->ndocs)
		return;
	if (why == NOSIG_UNSPACED)
		dk_warnx("%llu of %llu documents have no spot signature: most are in a "
		    "script written without spaces between words (Chinese, Japanese, "
		    "Thai?), which spot signatures cannot cut into words; use "
		    "character q-grams (qgram -q N) for them", (unsigned long long)n,
		    (unsigned long long)st->ndocs);
	else if (why == NOSIG_SHORT)
		dk_warnx("%llu of %llu documents have no spot signature: most are "
		    "shorter than 10 words", (unsigned long long)n,
		    (unsigned long long)st->ndocs);
	else
		dk_warnx("%llu of %llu documents have no spot signature: most have words "
		    "but none of the antecedents%s; is their language one of -l "
		    "(%s)? -a gives antecedents of your own", (unsigned long long)n,
		    (unsigned long long)st->ndocs,
		    st->src->autolang ? " of any built-in language" : " in use",
		    dk_lang_codes());
}

static void
report(const struct state *st)
{
	char langs[MAXPROF * 32] = "";
	size_t i, n = 0;

	if (st->src->autolang)
		for (i = 0; i < st->src->nlang; i++)
			if (st->nlang[i])
				n += (size_t)snprintf(langs + n, sizeof langs - n, "%s%s %llu",
				    n ? ", " : "; languages: ", st->src->lang[i]->code,
				    (unsigned long long)st->nlang[i]);
	if (st->nparas && n < sizeof langs)
		snprintf(langs + n, sizeof langs - n, "; %llu paragraph%s in another "
		    "language than the document", (unsigned long long)st->nparas,
		    st->nparas == 1 ? "" : "s");
	if (st->agree <= 1)
		dk_note("--agree: %llu of %llu signatures below the IDF range kept, "
		    "their documents agreeing elsewhere", (unsigned long long)st->nstory,
		    (unsigned long long)st->ncommon);
	dk_note("%llu documents (%llu bytes), %llu signatures (distinct in their "
	    "document), %llu written (with repeats), %llu documents short (%llu "
	    "of them mostly in a script without spaces), %llu by word chains "
	    "(--dense)%s",
	    (unsigned long long)st->ndocs, (unsigned long long)st->bytes,
	    (unsigned long long)st->nsigs, (unsigned long long)st->nkept,
	    (unsigned long long)st->nshort, (unsigned long long)st->nunspaced,
	    (unsigned long long)st->ndense, langs);
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
		{ "dense", required_argument, NULL, 'D' },
		{ "dense-words", required_argument, NULL, 'W' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "checksum", no_argument, NULL, 'K' },
		{ "lang", required_argument, NULL, 'l' },
		DK_QUOTED_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct state st = { 0 };
	struct wordsrc src = { .d = 1, .c = 2 };
	const char *pattern = NULL;
	int ch, status = DK_EXIT_OK;

	dk_cli_init_text(argc, argv);
	st.lex = dk_lexicon_new();
	st.minsigs = 1;         /* an empty list cannot be matched: say so */
	st.agree = 2;           /* off */
	st.chainwords = CHAIN_WORDS;
	while ((ch = getopt_long(argc, argv, "a:A:c:d:hl:L:m:p:S:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a': antes_from_list(&src.av, optarg); break;
		case 'A': antes_from_file(&src.av, optarg); break;
		case 'c': src.c = (int)dk_parse_int(optarg, 1, MAXCHAIN, "chain length"); break;
		case 'd': src.d = (int)dk_parse_int(optarg, 1, MAXDIST, "spot distance"); break;
		case 'I':
			dk_parse_range(optarg, &st.lo, &st.hi, "IDF range");
			st.idf = 1;
			break;
		case 'D': st.dense = (int)dk_parse_int(optarg, 0, 1000000, "--dense"); break;
		case 'W':
			st.chainwords = (int)dk_parse_int(optarg, 1, MAXCHAINWORDS, "--dense-words");
			break;
		case 'G': st.agree = dk_parse_double(optarg, 0, 1, "--agree"); break;
		case 'l': parse_langs(&src, optarg); break;
		case 'L':
			if (dk_lexicon_load_alike(st.lex, optarg, &st.shape, &st.first) < 0)
				dk_die(DK_EXIT_OPERAND, "%s", optarg);
			st.external = 1;
			break;
		case 'm': st.minsigs = (int)dk_parse_int(optarg, 0, 1000000, "minimum signatures"); break;
		case 'p': pattern = optarg; break;
		case 'K':
			st.sha1 = dk_sha1_new();
			st.sum[DK_SHA1_HEX] = '\t';
			break;
		case DK_OPT_QUOTED: st.quoted = dk_parse_quoted(optarg); break;
		case 'S': dk_strset_load(&src.stop, optarg); src.own_stop = 1; break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (st.external && !st.idf)
		dk_diex(DK_EXIT_INPUT, "-L needs --idf");
	if (st.agree <= 1 && (!st.idf || st.external))
		dk_diex(DK_EXIT_INPUT, "--agree needs --idf and the input's own statistics "
		    "(not -L): it compares the documents");
	if (st.external)
		check_cut(&st);
	if (src.nlang == 0)
		parse_langs(&src, "auto");
	build_words(&st.words, &src);
	st.src = &src;
	st.tok = dk_tokenizer_new(pattern, 1);
	st.plain = pattern == NULL;
	st.umask = 255;
	st.uslot = dk_calloc(st.umask + 1, sizeof *st.uslot);

	status = dk_each_input(argc, argv, run, &st);
	if (st.idf && !st.external) {
		if (st.agree <= 1)
			mark_agreed(&st);
		emit_held(&st);
	}
	if (dk_verbose)
		report(&st);
	dk_out_close();
	warn_nosig(&st);
	cleanup(&st, &src);
	return dk_exit_status(status);
}

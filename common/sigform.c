/* The form of a stream's signatures, and the refusal to merge streams of
 * two forms: see sigform.h. */
#include "sigform.h"
#include "lexicon.h"
#include "token.h"
#include "mem.h"
#include "msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a tally holds DK_CHAIN_SIGS of an antecedent. */
static int
has_chains(const struct dk_chain_word *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].count >= DK_CHAIN_SIGS)
			return 1;
	return 0;
}

/* The chains of the file read become those of the run, when it is the
 * first with an antecedent's DK_CHAIN_SIGS signatures. */
static void
keep_chains(dk_sigform *f, const char *name)
{
	if (f->chainname0 || !has_chains(f->chain, f->nchain))
		return;
	memcpy(f->chain0, f->chain, sizeof f->chain0);
	f->nchain0 = f->nchain;
	f->chainname0 = dk_strdup(name);
}

void
dk_sigform_file(dk_sigform *f)
{
	if (f->pending) {
		keep_chains(f, f->pending);
		free(f->pending);
		f->pending = NULL;
	}
	f->records = 0;
	f->told = 0;
	f->sigs = f->qlen = f->joined = 0;
	f->eg[0] = '\0';
	memset(f->chain, 0, sizeof f->chain);
	f->nchain = 0;
	memset(&f->set, 0, sizeof f->set);
	memset(&f->cur, 0, sizeof f->cur);
	f->lastset = f->asked = 0;
	f->dense = 0;
}

int
dk_sigform_want(dk_sigform *f)
{
	f->asked++;
	return f->asked <= DK_SIGFORM_RECORDS || f->dense || f->asked % DK_SIGFORM_EVERY == 0 ||
	    (f->set.kind == 0 && f->asked <= DK_SIGFORM_SETTING);
}

/* The signature s as written in a message: at most 40 bytes, whole
 * characters. */
static void
example(char *eg, size_t size, const char *s, size_t n)
{
	if (n > 40) {
		n = 40;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	snprintf(eg, size, "%.*s", (int)n, s);
}

/* What a form is, for messages. */
static const char *
form_name(char kind, size_t q, char *buf, size_t size)
{
	if (kind == 'q')
		snprintf(buf, size, "q-grams of %zu characters", q);
	else
		snprintf(buf, size, "words joined by ':'");
	return buf;
}

/* The file read has told its form: the first to, or checked against it. */
static void
told(dk_sigform *f, const dk_reader *r)
{
	char kind = f->qlen ? 'q' : f->joined == f->sigs ? 'j' : 0;
	char a[64], b[64];

	f->told = 1;
	if (kind == 0)
		return;
	if (f->kind == 0) {
		f->kind = kind;
		f->q = f->qlen;
		memcpy(f->eg0, f->eg, sizeof f->eg0);
		f->name0 = dk_strdup(dk_reader_name(r));
		return;
	}
	if (kind == f->kind && f->qlen == f->q)
		return;
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "its signatures are %s (\"%s\", "
	    "...), and those of %s %s (\"%s\", ...): they share no "
	    "signature, so that the documents of the one would not meet those of "
	    "the other (make every stream with one program and the same options)",
	    form_name(kind, f->qlen, a, sizeof a), f->eg, f->name0,
	    form_name(f->kind, f->q, b, sizeof b), f->eg0);
}

/* The chains of the file read against those of the run. */
static void
check_chains(dk_sigform *f, const dk_reader *r)
{
	const struct dk_chain_word *c, *l;
	unsigned mine, theirs;

	c = dk_chain_clash(f->chain, f->nchain, f->chain0, f->nchain0, DK_CHAIN_SIGS, &l, &mine,
	    &theirs);
	if (c)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "its signatures of \"%s\" "
		    "join %u words (%u of %u), those of %s %u (%u of %u): they were made "
		    "with %s chains (spotsig -c, -a WORD:D:C, or qgram -w) and share "
		    "few signatures, so that the documents of the one would hardly "
		    "meet those of the other (make every stream with one program and "
		    "the same options)", c->ant, mine, c->len[mine], c->count,
		    f->chainname0, theirs, l->len[theirs], l->count,
		    mine > theirs ? "longer" : "shorter");
}

/* The words a signature joins by ':' (at most 255), or 0 when it holds
 * none or starts with ':' (a word chain of spotsig --dense). */
static unsigned
joined_words(const char *s, size_t n)
{
	const char *end = s + n;
	unsigned w = 1;

	if (n == 0 || s[0] == ':' || (s = memchr(s, ':', n)) == NULL)
		return 0;
	do
		w += w < 255;
	while (++s < end && (s = memchr(s, ':', (size_t)(end - s))) != NULL);
	return w;
}

/* The form a document's first DK_SIGFORM_LOOK signatures tell: 'q' and
 * the characters of its q-grams, 'j' and the words its chains mostly
 * join, or 0 (sigform.h). */
static char
doc_form(const dk_sigs *sigs, unsigned *n)
{
	size_t i, look = sigs->n < DK_SIGFORM_LOOK ? sigs->n : DK_SIGFORM_LOOK;
	unsigned q = 0, len, w, most = 0, atmost = 0;
	int grams = 1, joined = 1;
	const dk_str *s;

	if (look < DK_SIGFORM_DOC || (sigs->flags & DK_SIG_CHAINS))
		return 0;
	for (i = 0; i < look && (grams || joined); i++) {
		s = &sigs->v[i].s;
		if (grams) {
			len = dk_is_word(s->p, s->n) ? (unsigned)dk_term_chars(s->p, s->n) : 0;
			grams = len > 0 && (i == 0 || len == q);
			q = len;
		}
		if (joined) {
			w = joined_words(s->p, s->n);
			joined = w > 0;
			if (w > most) {
				most = w;
				atmost = 0;
			}
			atmost += w == most;
		}
	}
	if (grams) {
		*n = q;
		return 'q';
	}
	if (joined && 2 * atmost >= look) {
		*n = most;
		return 'j';
	}
	return 0;
}

/* A form within a file, for messages. */
static const char *
run_name(const struct dk_sigform_run *u, char *buf, size_t size)
{
	if (u->kind == 'q')
		snprintf(buf, size, "q-grams of %u characters", u->n);
	else
		snprintf(buf, size, "%u words joined by ':'", u->n);
	return buf;
}

/* The document r has just read, against the form of its file's
 * documents before it (sigform.h). */
static void
judge_doc(dk_sigform *f, const dk_sigs *sigs, const dk_reader *r)
{
	struct dk_sigform_run *c = &f->cur;
	char a[64], b[64];
	unsigned n = 0;
	char kind = doc_form(sigs, &n);
	int chains;

	if (kind == 0)
		return;
	if (kind != c->kind || n != c->n) {
		c->kind = kind;
		c->n = n;
		c->line = dk_reader_lineno(r);
		c->docs = 0;
		example(c->eg, sizeof c->eg, sigs->v[0].s.p, sigs->v[0].s.n);
	}
	f->dense = f->set.kind && (kind != f->set.kind || n != f->set.n);
	if (!f->dense)
		f->lastset = dk_reader_lineno(r);
	if (++c->docs != DK_SIGFORM_RUN || !f->dense) {
		if (f->set.kind == 0 && c->docs == DK_SIGFORM_RUN)
			f->set = *c;
		return;
	}
	chains = kind == 'j' && f->set.kind == 'j';
	dk_die_at(dk_reader_name(r), c->line, "its documents from this one on (%d judged "
	    "in a row) have signatures that are %s (\"%s\", ...), those of lines %lu to "
	    "%lu %s (\"%s\", ...): this file holds two streams (joined by cat?), the "
	    "second beginning after line %lu, that share %s, "
	    "so that the documents of the one would %s those of the other (make every "
	    "stream with one program and the same options)", DK_SIGFORM_RUN,
	    run_name(c, a, sizeof a), c->eg, f->set.line, f->lastset,
	    run_name(&f->set, b, sizeof b), f->set.eg, f->lastset,
	    chains ? "few signatures" : "no signature", chains ? "hardly meet" : "not meet");
}

void
dk_sigform_record(dk_sigform *f, const dk_sigs *sigs, const dk_reader *r)
{
	const dk_str *s;
	size_t i, len;

	judge_doc(f, sigs, r);
	if (f->records >= DK_SIGFORM_RECORDS || sigs->n == 0)
		return;
	for (i = 0; i < sigs->n; i++) {
		s = &sigs->v[i].s;
		dk_chain_tally(f->chain, &f->nchain, s->p, s->n);
		if (f->told || f->sigs >= DK_SIGFORM_SIGS)
			continue;
		if (f->sigs == 0)
			example(f->eg, sizeof f->eg, s->p, s->n);
		len = dk_is_word(s->p, s->n) ? dk_term_chars(s->p, s->n) : 0;
		f->qlen = f->sigs == 0 || f->qlen == len ? len : 0;
		f->joined += s->n > 0 && memchr(s->p, ':', s->n) != NULL;
		f->sigs++;
	}
	f->records++;
	if (!f->told && (f->sigs >= DK_SIGFORM_SIGS ||
	    (f->records >= DK_SIGFORM_RECORDS && f->sigs >= DK_SIGFORM_FEW)))
		told(f, r);
	else if (f->records >= DK_SIGFORM_RECORDS)
		f->told = 1;
	if (f->chainname0)
		check_chains(f, r);
	else if (f->records >= DK_SIGFORM_RECORDS)
		keep_chains(f, dk_reader_name(r));
	else if (!f->pending)
		f->pending = dk_strdup(dk_reader_name(r));
}

void
dk_sigform_free(dk_sigform *f)
{
	free(f->name0);
	free(f->chainname0);
	free(f->pending);
	f->name0 = f->chainname0 = f->pending = NULL;
}

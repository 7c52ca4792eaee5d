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
	f->lastset = 0;
}

int
dk_sigform_want(const dk_sigform *f)
{
	return f->records < DK_SIGFORM_RECORDS;
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

/* The form a document's first DK_SIGFORM_LOOK signatures tell, read from
 * the SIGS field as written: 'q' and the characters of its q-grams, 'j'
 * and the words its chains mostly join, or 0 (sigform.h); *first is its
 * first SIG.  A SIG is the bytes of an item before its '=', read once, at
 * the cost of every document: it joins as many words as it holds ':' and
 * one more, unless it starts with ':' (a word chain of spotsig --dense),
 * and one with a percent escape is no q-gram (the bytes producers escape
 * are none of a word's; an escaped ':', %3A, is a word's own and joins
 * nothing).  Flags are passed over; !chains, or an item that is not well
 * formed (the caller's parse reports it), tells nothing. */
static char
doc_form(dk_str field, unsigned *n, dk_str *first)
{
	const char *p = field.p, *end, *e;
	unsigned q = 0, len, w, most = 0, atmost = 0, look = 0, colons;
	int grams = 1, joined = 1, odd;
	unsigned char c;

	if (field.n == 0)
		return 0;       /* field.p may be NULL then */
	end = p + field.n;
	while (p < end && *p == '!') {
		if (end - p >= 7 && memcmp(p, "!chains", 7) == 0)
			return 0;
		if ((p = memchr(p, ' ', (size_t)(end - p))) == NULL)
			return 0;
		p++;
	}
	while (p < end && look < DK_SIGFORM_LOOK) {
		colons = 0;
		odd = 0;
		for (e = p; e < end && (c = (unsigned char)*e) != '='; e++) {
			colons += c == ':';
			odd |= c == ' ' || c == '%' || c == '!';
		}
		if (e == p || e == end || (odd && (memchr(p, ' ', (size_t)(e - p)) ||
		    memchr(p, '!', (size_t)(e - p)))))
			return 0;
		if (look == 0) {
			first->p = (char *)p;
			first->n = (size_t)(e - p);
		}
		if (grams) {
			len = !odd && !colons && dk_is_word(p, (size_t)(e - p)) ?
			    (unsigned)dk_term_chars(p, (size_t)(e - p)) : 0;
			grams = len > 0 && (look == 0 || len == q);
			q = len;
		}
		if (joined) {
			w = colons == 0 || *p == ':' ? 0 : colons < 255 ? colons + 1 : 255;
			joined = w > 0;
			if (w > most) {
				most = w;
				atmost = 0;
			}
			atmost += w == most;
		}
		if (!grams && !joined)
			return 0;
		look++;
		for (p = e + 1; p < end && *p != ' '; p++)
			;
		if (p < end)
			p++;
	}
	if (look < DK_SIGFORM_DOC)
		return 0;
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

/* Whether the first SIG of a field is of the file's form (sigform.h): a
 * look at its first bytes only, cheap enough for every document. */
static int
first_fits(dk_str field, const struct dk_sigform_run *set)
{
	const char *p = field.p, *end, *e;
	unsigned colons = 0;
	int odd = 0;
	unsigned char c;

	if (field.n == 0 || *p == '!' || *p == ':')
		return 0;
	end = p + field.n;
	for (e = p; e < end && (c = (unsigned char)*e) != '='; e++) {
		colons += c == ':';
		odd |= c == ' ' || c == '%';
	}
	if (e == end || odd)
		return 0;
	if (set->kind == 'j')
		return colons + 1 == set->n;
	return colons == 0 && dk_is_word(p, (size_t)(e - p)) &&
	    dk_term_chars(p, (size_t)(e - p)) == set->n;
}

void
dk_sigform_doc(dk_sigform *f, dk_str field, const dk_reader *r)
{
	struct dk_sigform_run *c = &f->cur;
	char a[64], b[64], at[64];
	unsigned n = 0;
	dk_str first = { 0 };
	unsigned long line = dk_reader_lineno(r);
	char kind;
	int other, chains;

	if (f->set.kind && first_fits(field, &f->set)) {
		c->kind = f->set.kind;  /* taken for one of the file's form */
		c->n = f->set.n;
		f->lastset = line;
		return;
	}
	if ((kind = doc_form(field, &n, &first)) == 0)
		return;
	if (kind != c->kind || n != c->n) {
		c->kind = kind;
		c->n = n;
		c->line = line;
		c->docs = 0;
		example(c->eg, sizeof c->eg, first.p, first.n);
	}
	c->docs++;
	if (f->set.kind == 0) {
		if (c->docs == DK_SIGFORM_RUN)
			f->set = *c;
		f->lastset = line;
		return;
	}
	other = kind != f->set.kind || n != f->set.n;
	if (!other) {
		f->lastset = line;
		return;
	}
	if (c->docs != DK_SIGFORM_RUN)
		return;
	chains = kind == 'j' && f->set.kind == 'j';
	if (c->line == f->lastset + 1)
		snprintf(at, sizeof at, "on this line");
	else
		snprintf(at, sizeof at, "after line %lu (those between tell no form)",
		    f->lastset);
	dk_die_at(dk_reader_name(r), c->line, "its documents from this one on (%d in a row) "
	    "have signatures that are %s (\"%s\", ...), those of lines %lu to %lu %s "
	    "(\"%s\", ...): this file holds two streams (joined by cat?), the second "
	    "beginning %s, that share %s, so that the documents of the one would %s "
	    "those of the other (make every stream with one program and the same "
	    "options)", DK_SIGFORM_RUN, run_name(c, a, sizeof a), c->eg, f->set.line,
	    f->lastset, run_name(&f->set, b, sizeof b), f->set.eg, at,
	    chains ? "few signatures" : "no signature", chains ? "hardly meet" : "not meet");
}

void
dk_sigform_record(dk_sigform *f, const dk_sigs *sigs, const dk_reader *r)
{
	const dk_str *s;
	size_t i, len;

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

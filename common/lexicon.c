#include "lexicon.h"
#include "sniff.h"
#include "hash.h"
#include "token.h"
#include "mem.h"
#include "msg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	uint64_t hash;
	uint64_t df;
	uint64_t lastdoc;       /* N when the term was last counted */
	size_t off;             /* into text */
	uint32_t len;
	uint8_t agreed;         /* dk_lexicon_set_agreed */
};

struct dk_lexicon {
	uint32_t *slot;         /* id + 1; 0 is empty */
	size_t mask;
	struct entry *v;
	size_t n, cap;
	char *text;
	size_t ntext, captext;
	uint64_t ndocs;
	int cut;                /* dk_lexicon_prune'd, for cutlo:cuthi */
	double cutlo, cuthi;
	dk_made made;           /* q-grams or words, with !q or !w */
	int unmade;             /* a !w that a term did not fit: no record */
	struct chains *chains;  /* for dk_found_*, worked out at its first use */
	struct filechains *files;       /* of the files loaded, by chain_file */
};

/* The spot chains of the terms of a file loaded, by antecedent, and those
 * of the first file loaded with DK_CHAIN_LEX terms of an antecedent:
 * lexicons of other chains (spotsig -c, -a WORD:D:C, qgram -w) share few
 * terms, and their DFs summed count each apart.  The first FILE_TERMS
 * terms of a file are tallied (sorted files: the same antecedents). */
enum { FILE_TERMS = 65536 };
struct filechains {
	struct dk_chain_word cur[DK_CHAIN_WORDS], first[DK_CHAIN_WORDS];
	size_t ncur, nfirst, terms;
	int have;               /* first is set */
};

/* The lexicon's spot chains by antecedent (dk_found_*): for each first
 * word of its spot signatures, how many join each number of words (the
 * last counting those of DK_CHAIN_LEN or more).  More than CHAINS_MAX
 * first words are no antecedents (shingles of words): off. */
enum { CHAINS_MAX = 4096 };
struct chainword {
	uint64_t hash;
	uint32_t count;
	uint32_t len[DK_CHAIN_LEN + 1];
};
struct chains {
	struct chainword v[2 * CHAINS_MAX];     /* open addressing; count 0: empty */
	size_t n;
	int off;
};

dk_lexicon *
dk_lexicon_new(void)
{
	dk_lexicon *lx = dk_calloc(1, sizeof *lx);

	lx->mask = 1023;
	lx->slot = dk_calloc(lx->mask + 1, sizeof *lx->slot);
	return lx;
}

void
dk_lexicon_free(dk_lexicon *lx)
{
	if (!lx)
		return;
	free(lx->slot);
	free(lx->v);
	free(lx->text);
	free(lx->chains);
	free(lx->files);
	free(lx);
}

static void
grow_slots(dk_lexicon *lx)
{
	size_t size = (lx->mask + 1) * 2, i, j;
	uint32_t *slot = dk_calloc(size, sizeof *slot);

	for (i = 0; i < lx->n; i++) {
		for (j = lx->v[i].hash & (size - 1); slot[j]; j = (j + 1) & (size - 1))
			;
		slot[j] = (uint32_t)i + 1;
	}
	free(lx->slot);
	lx->slot = slot;
	lx->mask = size - 1;
}

/* The slot holding term, or the empty slot where it belongs. */
static size_t
probe(const dk_lexicon *lx, const char *term, size_t n, uint64_t h)
{
	size_t j;
	const struct entry *e;

	for (j = h & lx->mask; lx->slot[j]; j = (j + 1) & lx->mask) {
		e = &lx->v[lx->slot[j] - 1];
		if (e->hash == h && e->len == n && memcmp(lx->text + e->off, term, n) == 0)
			break;
	}
	return j;
}

static uint32_t
intern(dk_lexicon *lx, const char *term, size_t n)
{
	uint64_t h = dk_hash64(term, n, 0);
	size_t j = probe(lx, term, n, h);
	struct entry *e;

	if (lx->slot[j])
		return lx->slot[j] - 1;
	if (n > UINT32_MAX || lx->n >= UINT32_MAX - 1)
		dk_diex(DK_EXIT_INPUT, "lexicon too large");
	if ((lx->n + 1) * 2 > lx->mask + 1) {
		grow_slots(lx);
		j = probe(lx, term, n, h);
	}
	DK_GROW(lx, lx->n + 1);
	while (lx->captext - lx->ntext < n) {
		lx->captext = lx->captext ? lx->captext * 2 : 65536;
		lx->text = dk_realloc(lx->text, lx->captext);
	}
	memcpy(lx->text + lx->ntext, term, n);
	e = &lx->v[lx->n];
	e->hash = h;
	e->df = 0;
	e->lastdoc = UINT64_MAX;
	e->off = lx->ntext;
	e->len = (uint32_t)n;
	e->agreed = 0;
	lx->ntext += n;
	lx->slot[j] = (uint32_t)++lx->n;
	return (uint32_t)(lx->n - 1);
}

void
dk_lexicon_doc(dk_lexicon *lx)
{
	lx->ndocs++;
}

uint32_t
dk_lexicon_count(dk_lexicon *lx, const char *term, size_t n)
{
	uint32_t id = intern(lx, term, n);
	struct entry *e = &lx->v[id];

	if (e->lastdoc != lx->ndocs) {
		e->lastdoc = lx->ndocs;
		e->df++;
	}
	return id;
}

uint32_t
dk_lexicon_add(dk_lexicon *lx, const char *term, size_t n, uint64_t df)
{
	uint32_t id = intern(lx, term, n);

	lx->v[id].df += df;
	return id;
}

void
dk_lexicon_add_n(dk_lexicon *lx, uint64_t ndocs)
{
	lx->ndocs += ndocs;
}

long
dk_lexicon_find(const dk_lexicon *lx, const char *term, size_t n)
{
	size_t j = probe(lx, term, n, dk_hash64(term, n, 0));

	return lx->slot[j] ? (long)lx->slot[j] - 1 : -1;
}

uint64_t
dk_lexicon_df(const dk_lexicon *lx, const char *term, size_t n)
{
	long id = dk_lexicon_find(lx, term, n);

	return id < 0 ? 0 : lx->v[id].df;
}

uint64_t
dk_lexicon_df_id(const dk_lexicon *lx, uint32_t id)
{
	return lx->v[id].df;
}

const char *
dk_lexicon_term(const dk_lexicon *lx, uint32_t id, size_t *n)
{
	*n = lx->v[id].len;
	return lx->text + lx->v[id].off;
}

uint64_t
dk_lexicon_n(const dk_lexicon *lx)
{
	return lx->ndocs;
}

size_t
dk_lexicon_size(const dk_lexicon *lx)
{
	return lx->n;
}

double
dk_lexicon_idf(const dk_lexicon *lx, uint64_t df)
{
	uint64_t n = lx->ndocs;

	if (n <= 1)
		return 0;
	if (df == 0)
		df = 1;
	if (df >= n)
		return 0;
	return log((double)n / (double)df) / log((double)n);
}

int
dk_lexicon_in_range(const dk_lexicon *lx, uint64_t df, double lo, double hi)
{
	double idf = dk_lexicon_idf(lx, df);

	return idf >= lo - 1e-9 && idf <= hi + 1e-9;
}

int
dk_lexicon_keep(const dk_lexicon *lx, double lo, double hi, uint64_t df, dk_idf_memo *m)
{
	if (df < sizeof m->v) {
		if (!m->v[df])
			m->v[df] = (uint8_t)(1 + dk_lexicon_in_range(lx, df, lo, hi));
		return m->v[df] - 1;
	}
	return dk_lexicon_in_range(lx, df, lo, hi);
}

void
dk_lexicon_set_agreed(dk_lexicon *lx, uint32_t id)
{
	lx->v[id].agreed = 1;
}

int
dk_lexicon_agreed(const dk_lexicon *lx, uint32_t id)
{
	return lx->v[id].agreed;
}

int
dk_lexicon_keep_id(const dk_lexicon *lx, double lo, double hi, uint32_t id,
    dk_idf_memo *m)
{
	return lx->v[id].agreed || dk_lexicon_keep(lx, lo, hi, lx->v[id].df, m);
}

int
dk_lexicon_keep_term(const dk_lexicon *lx, double lo, double hi, const char *term,
    size_t n, dk_idf_memo *m)
{
	long id = dk_lexicon_find(lx, term, n);

	return id < 0 ? dk_lexicon_keep(lx, lo, hi, 0, m) :
	    dk_lexicon_keep_id(lx, lo, hi, (uint32_t)id, m);
}

size_t
dk_lexicon_prune(dk_lexicon *lx, double lo, double hi)
{
	dk_idf_memo memo = { { 0 } };
	int absent = dk_lexicon_keep(lx, lo, hi, 0, &memo);
	size_t i, left = 0;

	for (i = 0; i < lx->n; i++) {
		if (lx->v[i].df == 0)
			continue;
		if (dk_lexicon_keep_id(lx, lo, hi, (uint32_t)i, &memo) == absent)
			lx->v[i].df = 0;
		else
			left++;
	}
	lx->cut = 1;
	lx->cutlo = lo;
	lx->cuthi = hi;
	return left;
}

int
dk_lexicon_cut(const dk_lexicon *lx, double *lo, double *hi)
{
	*lo = lx->cutlo;
	*hi = lx->cuthi;
	return lx->cut;
}

/* The same range, as written (%.15g) and read back. */
static int
same_range(double a, double b)
{
	return fabs(a - b) <= 1e-12;
}

const char *
dk_lexicon_cut_clash(const dk_lexicon *lx, double lo, double hi, char *why)
{
	if (!lx->cut || (same_range(lx->cutlo, lo) && same_range(lx->cuthi, hi)))
		return NULL;
	snprintf(why, DK_LEXICON_WHY, "cut for --idf %g:%g (!idf), not %g:%g: it lacks "
	    "terms this range needs", lx->cutlo, lx->cuthi, lo, hi);
	return why;
}

/* ---- what made it: q-grams or words ---- */

size_t
dk_term_chars(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* The length of a term as a q-gram: its characters, or 0 when it cannot
 * be one (it holds a byte that is not a letter, digit or mark). */
static size_t
qgram_len(const char *s, size_t n)
{
	return dk_is_word(s, n) ? dk_term_chars(s, n) : 0;
}

/* The words a term joins with ':' (1 for a word). */
static size_t
term_words(const char *s, size_t n)
{
	size_t i, w = 1;

	for (i = 0; i < n; i++)
		w += s[i] == ':';
	return w;
}

dk_made
dk_lexicon_made(const dk_lexicon *lx)
{
	return lx->made;
}

void
dk_lexicon_set_made(dk_lexicon *lx, dk_made m)
{
	lx->made = m;
}

dk_made
dk_lexicon_infer(const dk_lexicon *lx, int words)
{
	dk_made none = { 0, 0 }, q = { 'q', 0 }, w = { 'w', 0 };
	size_t i, len, n = 0;
	const char *t;

	for (i = 0; i < lx->n; i++) {
		if (lx->v[i].df == 0)
			continue;
		t = lx->text + lx->v[i].off;
		n++;
		len = q.kind ? qgram_len(t, lx->v[i].len) : 0;
		if (len == 0 || len > DK_MADE_MAX || (q.n && len != q.n))
			q.kind = 0;
		else
			q.n = (unsigned)len;
		len = w.kind ? term_words(t, lx->v[i].len) : 0;
		if (len == 0 || len > DK_MADE_MAX || (w.n && len != w.n))
			w.kind = 0;
		else
			w.n = (unsigned)len;
	}
	if (words)              /* dklexicon -w: words, whatever their lengths */
		return w.kind && w.n == 1 ? w : none;
	if (n < DK_MADE_TERMS)
		return none;
	return q.kind ? q : w.kind ? w : none;
}

/* The term s as written in a message: at most 40 bytes, whole characters. */
static int
shown(const char *s, size_t n)
{
	if (n > 40) {
		n = 40;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	return (int)n;
}

/* What a lexicon so made holds, for messages: "q-grams of 4 characters
 * (!q 4)", "words (!w 1)", "terms of 3 words (!w 3)". */
static const char *
made_name(dk_made m, char *buf, size_t size)
{
	if (m.kind == 'q')
		snprintf(buf, size, "q-grams of %u characters (!q %u)", m.n, m.n);
	else if (m.n == 1)
		snprintf(buf, size, "words (!w 1)");
	else
		snprintf(buf, size, "terms of %u words joined by ':' (!w %u)", m.n, m.n);
	return buf;
}

/* What the term s is, seen by a lexicon made as m. */
static const char *
term_name(dk_made m, const char *s, size_t n, char *buf, size_t size)
{
	size_t len;

	if (m.kind == 'q') {
		if ((len = qgram_len(s, n)) == 0)
			snprintf(buf, size, "no q-gram");
		else
			snprintf(buf, size, "a q-gram of %zu characters", len);
	} else if ((len = term_words(s, n)) == 1)
		snprintf(buf, size, "one word");
	else
		snprintf(buf, size, "%zu words joined", len);
	return buf;
}

const char *
dk_made_clash(dk_made m, const char *what, const char *s, size_t n, char *why)
{
	char a[48], b[80];

	if (m.kind == 0 || (m.kind == 'q' ? qgram_len(s, n) : term_words(s, n)) == m.n)
		return NULL;
	snprintf(why, DK_LEXICON_WHY, "%s \"%.*s\" is %s, and the lexicon holds %s", what,
	    shown(s, n), s, term_name(m, s, n, a, sizeof a), made_name(m, b, sizeof b));
	return why;
}

void
dk_made_check(dk_made m, dk_made_tally *t, const dk_sigs *sigs, const dk_reader *r)
{
	char why[DK_LEXICON_WHY];
	size_t i, len;
	const dk_str *s;

	if (m.kind == 0 || sigs->n == 0 || t->records >= DK_SHAPE_CHECKS)
		return;
	t->records++;
	if (t->sigs == 0)
		t->first = dk_reader_lineno(r);
	for (i = 0; i < sigs->n; i++) {
		s = &sigs->v[i].s;
		if (m.kind == 'q' && dk_made_clash(m, "signature", s->p, s->n, why))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s: they share "
			    "no term (give a lexicon of this stream's signatures)", why);
		if (t->sigs == 0)
			snprintf(t->eg, sizeof t->eg, "%.*s", shown(s->p, s->n), s->p);
		len = qgram_len(s->p, s->n);
		t->qlen = t->sigs == 0 || t->qlen == len ? len : 0;
		t->sigs++;
		t->fit += term_words(s->p, s->n) == m.n;
	}
	if (m.kind == 'q' || t->sigs < DK_MADE_SIGS)
		return;
	/* words: signatures all of one length are q-grams (the words of a
	 * text vary) */
	if (m.n == 1 && t->qlen)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "the %zu signatures from "
		    "line %lu on (\"%s\", ...) are all q-grams of %zu characters, and the "
		    "lexicon holds words (!w 1): they share no term (give a lexicon of this "
		    "stream's signatures)", t->sigs, t->first, t->eg, t->qlen);
	/* terms of m.n words: none of the signatures joins m.n (a word of a
	 * -p pattern may hold a ':' of its own, and spot signatures may be cut
	 * short, so that one that does is enough) */
	if (m.n > 1 && t->fit == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "none of the %zu signatures "
		    "from line %lu on joins %u words (\"%s\": %zu), and the lexicon holds "
		    "terms of %u words joined by ':' (!w %u): they share no term (give a "
		    "lexicon of this stream's signatures)", t->sigs, t->first, m.n, t->eg,
		    term_words(t->eg, strlen(t->eg)), m.n, m.n);
}

int
dk_found_want(const dk_lexicon *lx, const dk_found_tally *t)
{
	return t->records < DK_SHAPE_CHECKS && !lx->cut && lx->ndocs > 1 &&
	    lx->n >= DK_FOUND_SIGS;
}

static void check_chains(const dk_lexicon *lx, dk_found_tally *t, const dk_reader *r);

void
dk_found_term(const dk_lexicon *lx, dk_found_tally *t, const char *s, size_t n)
{
	if (t->sigs < DK_FOUND_SIGS)
		t->found += dk_lexicon_find(lx, s, n) >= 0;
	t->pending++;
	dk_chain_tally(t->chain, &t->nchain, s, n);
}

void
dk_found_record(const dk_lexicon *lx, dk_found_tally *t, const dk_reader *r)
{
	if (t->pending == 0)
		return;
	t->records++;
	if (t->sigs == 0)
		t->first = dk_reader_lineno(r);
	t->sigs += t->pending;
	t->pending = 0;
	if (t->sigs >= DK_FOUND_SIGS && t->found == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "none of the %zu signatures "
		    "from line %lu on is in the lexicon (%zu terms): it was made from other "
		    "signatures (of another language, spotsig -a, -c or -d, tokenizer), and "
		    "each would count as unknown (give a lexicon of this stream's signatures)",
		    t->sigs, t->first, lx->n);
	check_chains(lx, t, r);
}

unsigned
dk_spot_words(const char *s, size_t n, size_t *ant)
{
	const char *c = n ? memchr(s, ':', n) : NULL;
	size_t w;

	if (c == NULL || c == s)
		return 0;
	*ant = (size_t)(c - s);
	w = term_words(s, n);
	return w > DK_CHAIN_LEN ? DK_CHAIN_LEN : (unsigned)w;
}

unsigned
dk_chain_mode(const uint32_t *len)
{
	unsigned w, m = 0;

	for (w = 1; w <= DK_CHAIN_LEN; w++)
		if (len[w] >= len[m])
			m = w;
	return m;
}

unsigned
dk_chain_whole(const struct dk_chain_word *c)
{
	unsigned m = dk_chain_mode(c->len), w;

	for (w = m + 1; w <= DK_CHAIN_LEN; w++)
		if (c->len[w])
			return 0;
	return m;
}

const struct dk_chain_word *
dk_chain_clash(const struct dk_chain_word *cur, size_t ncur, const struct dk_chain_word *first,
    size_t nfirst, uint32_t least, const struct dk_chain_word **other, unsigned *mine,
    unsigned *theirs)
{
	const struct dk_chain_word *l;
	size_t i, j;

	for (i = 0; i < ncur; i++) {
		if (cur[i].count < least)
			continue;
		for (j = 0, l = NULL; j < nfirst && !l; j++)
			if (first[j].hash == cur[i].hash && first[j].count >= least)
				l = &first[j];
		if (!l || (*mine = dk_chain_whole(&cur[i])) == 0 ||
		    (*theirs = dk_chain_whole(l)) == 0 || *mine == *theirs)
			continue;
		*other = l;
		return &cur[i];
	}
	return NULL;
}

static struct chainword *
chain_slot(struct chains *ch, uint64_t h)
{
	size_t j = h & (2 * CHAINS_MAX - 1);

	while (ch->v[j].count && ch->v[j].hash != h)
		j = (j + 1) & (2 * CHAINS_MAX - 1);
	return &ch->v[j];
}

/* The chains of lx's terms; a cache worked out once, when every lexicon
 * is loaded (the programs check their input after), so lx is not
 * changed as its users see it. */
static struct chains *
lexicon_chains(const dk_lexicon *clx)
{
	dk_lexicon *lx = (dk_lexicon *)clx;
	struct chainword *c;
	struct chains *ch;
	const char *t;
	size_t i, ant;
	unsigned w;

	if (lx->chains)
		return lx->chains;
	ch = lx->chains = dk_calloc(1, sizeof *ch);
	for (i = 0; i < lx->n; i++) {
		t = lx->text + lx->v[i].off;
		if (lx->v[i].df == 0 || (w = dk_spot_words(t, lx->v[i].len, &ant)) == 0)
			continue;
		c = chain_slot(ch, dk_hash64(t, ant, 0));
		if (c->count == 0) {
			if (ch->n++ == CHAINS_MAX) {
				ch->off = 1;
				break;
			}
			c->hash = dk_hash64(t, ant, 0);
		}
		c->count++;
		c->len[w]++;
	}
	return ch;
}

/* A term of lx of the antecedent of hash h joining w words, for
 * messages (looked for only then). */
static const char *
chain_eg(const dk_lexicon *lx, uint64_t h, unsigned w, int *n)
{
	const char *t;
	size_t i, ant;

	for (i = 0; i < lx->n; i++) {
		t = lx->text + lx->v[i].off;
		if (lx->v[i].df && dk_spot_words(t, lx->v[i].len, &ant) == w &&
		    dk_hash64(t, ant, 0) == h) {
			*n = shown(t, lx->v[i].len);
			return t;
		}
	}
	*n = 0;
	return "";
}

void
dk_chain_tally(struct dk_chain_word *v, size_t *nv, const char *s, size_t n)
{
	struct dk_chain_word *c = NULL;
	unsigned w;
	uint64_t h;
	size_t i, ant;

	if ((w = dk_spot_words(s, n, &ant)) == 0)
		return;
	h = dk_hash64(s, ant, 0);
	for (i = 0; i < *nv && !c; i++)
		if (v[i].hash == h)
			c = &v[i];
	if (!c) {
		if (*nv == DK_CHAIN_WORDS)
			return;
		c = &v[(*nv)++];
		c->hash = h;
		snprintf(c->ant, sizeof c->ant, "%.*s", shown(s, ant), s);
	}
	c->count++;
	c->len[w]++;
}

/* The antecedents of the records so far against the lexicon's chains. */
static void
check_chains(const dk_lexicon *lx, dk_found_tally *t, const dk_reader *r)
{
	const struct chains *ch = lexicon_chains(lx);
	const struct dk_chain_word *c, *shared = NULL, *missing = NULL;
	const struct chainword *l;
	unsigned mine, theirs;
	const char *eg;
	size_t i;
	int n;

	if (ch->off)
		return;
	for (i = 0; i < t->nchain; i++) {
		c = &t->chain[i];
		l = chain_slot((struct chains *)ch, c->hash);
		if (l->count >= DK_CHAIN_LEX && !shared)
			shared = c;
		if (l->count == 0 && c->count >= DK_CHAIN_SIGS && !missing)
			missing = c;
		if (l->count < DK_CHAIN_LEX || c->count < DK_CHAIN_SIGS)
			continue;
		mine = dk_chain_mode(c->len);
		theirs = dk_chain_mode(l->len);
		if (mine == theirs)
			continue;
		eg = chain_eg(lx, c->hash, theirs, &n);
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "this stream's signatures "
		    "of \"%s\" join %u words (%u of %u from line %lu on), the lexicon's %u "
		    "(%u of %u, as \"%.*s\"): it was made with %s chains (spotsig -c, or -a "
		    "WORD:D:C), and this stream's would count as unknown (give a lexicon "
		    "of this stream's signatures)", c->ant, mine, c->len[mine], c->count,
		    t->first, theirs, l->len[theirs], l->count, n, eg,
		    theirs > mine ? "longer" : "shorter");
	}
	/* q-gram shingles of words (!w N) are no spot signatures: a word
	 * frequent here may be missing from another collection's lexicon */
	if (!missing || !shared || lx->made.kind == 'w')
		return;
	l = chain_slot((struct chains *)ch, shared->hash);
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "the lexicon holds no signature of "
	    "\"%s\", of which this stream has %u from line %lu on, though %u of \"%s\": "
	    "it was made with other antecedents (spotsig -a, -A or -l) or from documents "
	    "of other languages, and these would count as unknown (give a lexicon of "
	    "this stream's signatures)", missing->ant,
	    missing->count, t->first, l->count, shared->ant);
}

void
dk_found_check(const dk_lexicon *lx, dk_found_tally *t, const dk_sigs *sigs,
    const dk_reader *r)
{
	size_t i;

	if (!dk_found_want(lx, t))
		return;
	for (i = 0; i < sigs->n; i++)
		dk_found_term(lx, t, sigs->v[i].s.p, sigs->v[i].s.n);
	dk_found_record(lx, t, r);
}

/* ---- files ---- */

/* The !idf record of a cut lexicon: LO:HI. */
static const char *
parse_cut(dk_lexicon *lx, dk_str f, char *why)
{
	char buf[64], *end;
	double lo, hi;

	if (f.n == 0 || f.n >= sizeof buf)
		goto bad;
	memcpy(buf, f.p, f.n);
	buf[f.n] = '\0';
	lo = strtod(buf, &end);
	if (end == buf || *end != ':')
		goto bad;
	hi = strtod(end + 1, &end);
	if (*end != '\0' || !(lo >= 0 && lo <= hi && hi <= 1))
		goto bad;
	lx->cut = 1;
	lx->cutlo = lo;
	lx->cuthi = hi;
	return NULL;
bad:
	snprintf(why, DK_LEXICON_WHY, "!idf record: expected LO:HI, 0 <= LO <= HI <= 1");
	return why;
}

/* The !q or !w record (kind 'q' or 'w'): N, 1 to DK_MADE_MAX.  The terms
 * read before (of files loaded before this one) must be what it says. */
static const char *
parse_made(dk_lexicon *lx, int kind, dk_str f, char *why)
{
	char a[80], b[80];
	dk_made m = { (char)kind, 0 };
	size_t i;

	for (i = 0; i < f.n && m.n <= DK_MADE_MAX; i++) {
		if (f.p[i] < '0' || f.p[i] > '9')
			break;
		m.n = m.n * 10 + (unsigned)(f.p[i] - '0');
	}
	if (f.n == 0 || i < f.n || m.n < 1 || m.n > DK_MADE_MAX) {
		snprintf(why, DK_LEXICON_WHY, "!%c record: expected %s, 1 to %d", kind,
		    kind == 'q' ? "the q-grams' length in characters" : "the words of a term",
		    DK_MADE_MAX);
		return why;
	}
	if (lx->made.kind == 'w' && m.kind == 'w' && lx->made.n > 1 && m.n > 1 &&
	    lx->made.n != m.n) {
		/* lenient, as unfit: spot signatures that all join 3 words in
		 * one shard may all join 25 (word chains) in another */
		lx->made.kind = 0;
		lx->made.n = 0;
		lx->unmade = 1;
		return NULL;
	}
	if (lx->made.kind && (lx->made.kind != m.kind || lx->made.n != m.n)) {
		snprintf(why, DK_LEXICON_WHY, "%s, and the lexicon read before holds %s: "
		    "they share no term", made_name(m, a, sizeof a),
		    made_name(lx->made, b, sizeof b));
		return why;
	}
	for (i = 0; !lx->made.kind && !lx->unmade && i < lx->n; i++) {
		const char *t = lx->text + lx->v[i].off;

		if (lx->v[i].df == 0 || (m.kind == 'q' ? qgram_len(t, lx->v[i].len) :
		    term_words(t, lx->v[i].len)) == m.n)
			continue;
		if (m.kind == 'w') {    /* lenient: see unfit */
			lx->unmade = 1;
			return NULL;
		}
		snprintf(why, DK_LEXICON_WHY, "%s, and the lexicon read before holds \"%.*s\", "
		    "%s: they share no term", made_name(m, a, sizeof a), shown(t, lx->v[i].len),
		    t, term_name(m, t, lx->v[i].len, b, sizeof b));
		return why;
	}
	if (!lx->unmade)
		lx->made = m;
	return NULL;
}

/* A term that a !w record does not fit: spot signatures, whose chains
 * are cut short at a document's end, may all join as many words in a
 * small collection, and its lexicon then says !w; merged with the
 * lexicon of a larger one, it is no mix-up.  The merge has no record. */
static int
unfit(dk_lexicon *lx, const char *t, size_t n)
{
	if (lx->made.kind != 'w' || term_words(t, n) == lx->made.n)
		return 0;
	lx->made.kind = 0;
	lx->made.n = 0;
	lx->unmade = 1;
	return 1;
}

/* Decodes a TERM field in place, as a SIG; returns NULL or a message. */
static const char *
decode_term(dk_str *t)
{
	long n = dk_sig_decode(t->p, t->p + t->n, NULL);

	if (n == -1)
		return "bad %XX escape in term";
	if (n == -2)
		return "unescaped reserved byte in term";
	if (n == 0)
		return "empty term";
	t->n = (size_t)n;
	return NULL;
}

/* A DF or N field; returns NULL or the reason it is bad. */
static const char *
parse_count(dk_str f, uint64_t *v, char *why)
{
	size_t i;

	*v = 0;
	if (f.n == 0)
		return "empty count";
	for (i = 0; i < f.n; i++) {
		if (f.p[i] < '0' || f.p[i] > '9') {
			snprintf(why, DK_LEXICON_WHY, "count '%.*s' is not a number",
			    f.n > 40 ? 40 : (int)f.n, f.p);
			return why;
		}
		*v = *v * 10 + (uint64_t)(f.p[i] - '0');
		if (*v > DK_LEXICON_COUNT_MAX)
			return "count too large";
	}
	return NULL;
}

/* The chains of the file just loaded against the first file's; NULL,
 * or why they clash. */
static const char *
chain_file(dk_lexicon *lx, char *why)
{
	struct filechains *f = lx->files;
	const struct dk_chain_word *c, *l;
	unsigned mine, theirs;
	size_t i;

	if (f->have && (c = dk_chain_clash(f->cur, f->ncur, f->first, f->nfirst, DK_CHAIN_LEX, &l,
	    &mine, &theirs)) != NULL) {
		/* (mine and theirs are at most DK_CHAIN_LEN) */
		snprintf(why, DK_LEXICON_WHY, "its terms of \"%.20s\" join %u words, the "
		    "lexicon's before %u: other chains (spotsig -c or -a, qgram -w)",
		    c->ant, mine % 100, theirs % 100);
		return why;
	}
	for (i = 0; i < f->ncur && !f->have; i++)
		if (f->cur[i].count >= DK_CHAIN_LEX) {
			memcpy(f->first, f->cur, sizeof f->first);
			f->nfirst = f->ncur;
			f->have = 1;
		}
	return NULL;
}

/* The records of one file; the reason of the first bad one, else NULL with
 * the file's N, and the largest DF (as summed in lx) and its line. */
static const char *
load_records(dk_lexicon *lx, dk_reader *r, uint64_t *np, uint64_t *maxdf,
    unsigned long *maxline, char *why)
{
	dk_record rec = { 0 };
	const char *msg = NULL;
	uint64_t v;
	uint32_t id;
	int seen_n = 0, agreed, before = lx->n > 0 || lx->ndocs > 0 || lx->cut;
	int aftercut = lx->cut, terms = 0;

	if (!lx->files)
		lx->files = dk_calloc(1, sizeof *lx->files);
	memset(lx->files->cur, 0, sizeof lx->files->cur);
	lx->files->ncur = lx->files->terms = 0;

	while (!msg && dk_read_record(r, &rec, 0)) {
		agreed = rec.n == 3 && rec.f[2].n == 6 && memcmp(rec.f[2].p, "!agree", 6) == 0;
		if (aftercut)
			msg = "a lexicon cut for an IDF range (!idf: dklexicon -m --idf), "
			    "read before this one, merges with no other";
		else if (rec.n == 2 && rec.f[0].n == 4 && memcmp(rec.f[0].p, "!idf", 4) == 0) {
			if ((msg = parse_cut(lx, rec.f[1], why)) == NULL && (before || lx->n > 0))
				msg = "a lexicon cut for an IDF range (!idf: dklexicon -m --idf) "
				    "merges with no other, and its !idf record comes before its terms";
			before = 1;
		} else if (rec.n == 2 && rec.f[0].n == 2 && (memcmp(rec.f[0].p, "!q", 2) == 0 ||
		    memcmp(rec.f[0].p, "!w", 2) == 0)) {
			if ((msg = parse_made(lx, rec.f[0].p[1], rec.f[1], why)) == NULL && terms) {
				snprintf(why, DK_LEXICON_WHY, "the !%c record comes before "
				    "the terms", rec.f[0].p[1]);
				msg = why;
			}
		} else if (rec.n != 2 && !agreed) {
			snprintf(why, DK_LEXICON_WHY, "expected TERM<TAB>DF[<TAB>!agree], found %zu field%s",
			    rec.n, rec.n == 1 ? "" : "s");
			msg = why;
		} else if ((msg = parse_count(rec.f[1], &v, why)) != NULL)
			;
		else if (rec.f[0].n == 2 && memcmp(rec.f[0].p, "!N", 2) == 0) {
			if (agreed)
				msg = "!agree on the !N record";
			else if (seen_n)
				msg = "second !N record";
			seen_n = 1;
			*np = v;
		} else if ((msg = decode_term(&rec.f[0])) != NULL)
			;
		else if (v == 0)
			msg = "DF is 0";
		else if (!unfit(lx, rec.f[0].p, rec.f[0].n) && (msg = dk_made_clash(lx->made,
		    "term", rec.f[0].p, rec.f[0].n, why)) != NULL)
			;
		else {
			terms = 1;
			/* The DF summed so far: a term listed twice adds up, and
			 * the sum must stay within N too. */
			id = dk_lexicon_add(lx, rec.f[0].p, rec.f[0].n, v);
			if (lx->files->terms++ < FILE_TERMS)
				dk_chain_tally(lx->files->cur, &lx->files->ncur, rec.f[0].p,
				    rec.f[0].n);
			if (agreed)
				dk_lexicon_set_agreed(lx, id);
			v = dk_lexicon_df_id(lx, id);
			if (v > *maxdf) {
				*maxdf = v;
				*maxline = dk_reader_lineno(r);
			}
		}
	}
	dk_record_free(&rec);
	if (!msg && !seen_n && !dk_reader_error(r))
		msg = "no !N record: not a lexicon";
	return msg;
}

const char *
dk_lexicon_read(dk_lexicon *lx, dk_reader *r, unsigned long *line, char *why)
{
	uint64_t n = 0, maxdf = 0;
	const char *msg = load_records(lx, r, &n, &maxdf, line, why);

	if (msg) {
		/* a stream with no line (empty, or only a byte order mark)
		 * is named at its line 1 */
		*line = dk_reader_lineno(r) ? dk_reader_lineno(r) : 1;
		return msg;
	}
	if ((msg = chain_file(lx, why)) != NULL) {
		*line = 1;
		return msg;
	}
	if (maxdf > lx->ndocs + n) {
		snprintf(why, DK_LEXICON_WHY, "DF %llu is above N %llu",
		    (unsigned long long)maxdf, (unsigned long long)(lx->ndocs + n));
		return why;
	}
	lx->ndocs += n;
	return NULL;
}

int
dk_lexicon_load(dk_lexicon *lx, const char *path)
{
	dk_reader *r = dk_reader_open(path);
	char why[DK_LEXICON_WHY];
	unsigned long line = 0;
	const char *msg;

	if (!r)
		return -1;
	dk_expect(r, DK_KIND_LEXICON, "a lexicon here (!N N, then TERM DF), as lexicon writes");
	if ((msg = dk_lexicon_read(lx, r, &line, why)) != NULL)
		dk_die_at(dk_reader_name(r), line, "%s", msg);
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	return 0;
}

struct line {
	const char *p;
	size_t off, n;
	uint64_t df;
	int agreed;
};

static int
cmp_line(const void *a, const void *b)
{
	const struct line *x = a, *y = b;
	size_t n = x->n < y->n ? x->n : y->n;
	int c = memcmp(x->p, y->p, n);

	if (c)
		return c;
	return x->n < y->n ? -1 : x->n > y->n;
}

void
dk_lexicon_write(const dk_lexicon *lx)
{
	dk_buf enc = { 0 };
	struct line *lines = dk_reallocarray(NULL, lx->n ? lx->n : 1, sizeof *lines);
	size_t i, nl = 0;

	for (i = 0; i < lx->n; i++) {
		if (lx->v[i].df == 0)
			continue;
		lines[nl].off = enc.n;
		dk_buf_sigtext(&enc, lx->text + lx->v[i].off, lx->v[i].len, 0);
		lines[nl].n = enc.n - lines[nl].off;
		lines[nl].df = lx->v[i].df;
		lines[nl].agreed = lx->v[i].agreed;
		nl++;
	}
	for (i = 0; i < nl; i++)
		lines[i].p = enc.p + lines[i].off;
	qsort(lines, nl, sizeof *lines, cmp_line);
	dk_buf_str(&dk_out, "!N\t");
	dk_buf_u64(&dk_out, lx->ndocs);
	dk_buf_char(&dk_out, '\n');
	if (lx->cut) {
		char range[64];

		snprintf(range, sizeof range, "!idf\t%.15g:%.15g\n", lx->cutlo, lx->cuthi);
		dk_buf_str(&dk_out, range);
	}
	if (lx->made.kind) {
		dk_buf_str(&dk_out, lx->made.kind == 'q' ? "!q\t" : "!w\t");
		dk_buf_u64(&dk_out, lx->made.n);
		dk_buf_char(&dk_out, '\n');
	}
	for (i = 0; i < nl; i++) {
		dk_buf_bytes(&dk_out, lines[i].p, lines[i].n);
		dk_buf_char(&dk_out, '\t');
		dk_buf_u64(&dk_out, lines[i].df);
		if (lines[i].agreed)
			dk_buf_str(&dk_out, "\t!agree");
		dk_buf_char(&dk_out, '\n');
		dk_out_maybe_flush();
	}
	free(lines);
	dk_buf_free(&enc);
}

/* The least terms that tell a shape, the share of words for each shape
 * (of 100), and the terms of a lexicon sampled. */
enum { SHAPE_MIN = 4, SHAPE_WORDS = 90, SHAPE_JOINED = 10, SHAPE_SAMPLE = 2000 };

void
dk_shape_add(dk_shape *s, const char *term, size_t n)
{
	int w = dk_is_word(term, n);
	char *eg = s->eg[!w];

	s->n++;
	s->words += (size_t)w;
	if ((w ? s->words : s->n - s->words) == 1) {     /* the first of its kind */
		if (n > 40) {   /* whole characters */
			n = 40;
			while (n > 0 && ((unsigned char)term[n] & 0xc0) == 0x80)
				n--;
		}
		if (n)
			memcpy(eg, term, n);
		eg[n] = '\0';
	}
}

int
dk_shape_of(const dk_shape *s)
{
	if (s->n < SHAPE_MIN)
		return DK_SHAPE_ANY;
	if (s->words * 100 >= s->n * SHAPE_WORDS)
		return DK_SHAPE_WORDS;
	if (s->words * 100 <= s->n * SHAPE_JOINED)
		return DK_SHAPE_JOINED;
	return DK_SHAPE_ANY;
}

dk_shape
dk_lexicon_shape(const dk_lexicon *lx, size_t from)
{
	dk_shape s = { 0 };
	size_t id;

	for (id = from; id < lx->n && s.n < SHAPE_SAMPLE; id++)
		if (lx->v[id].df > 0)
			dk_shape_add(&s, lx->text + lx->v[id].off, lx->v[id].len);
	return s;
}

const char *
dk_shape_clash(const dk_shape *a, const char *namea, const dk_shape *b,
    const char *nameb, char *buf)
{
	int sa = dk_shape_of(a), sb = dk_shape_of(b);
	int ia = sa == DK_SHAPE_WORDS ? 0 : 1, ib = sb == DK_SHAPE_WORDS ? 0 : 1;

	if (sa == DK_SHAPE_ANY || sb == DK_SHAPE_ANY || sa == sb)
		return NULL;
	snprintf(buf, DK_SHAPE_WHY, "%s holds %s (\"%s\") and %s %s (\"%s\")",
	    namea, ia ? "signatures" : "words", a->eg[ia],
	    nameb, ib ? "signatures" : "words", b->eg[ib]);
	return buf;
}

int
dk_lexicon_load_alike(dk_lexicon *lx, const char *path, dk_shape *first,
    const char **firstpath)
{
	char why[DK_SHAPE_WHY];
	size_t from = lx->n;
	dk_shape s;

	if (dk_lexicon_load(lx, path) < 0)
		return -1;
	s = dk_lexicon_shape(lx, from);
	if (!*firstpath) {
		*first = s;
		*firstpath = path;
	} else if (dk_shape_clash(first, *firstpath, &s, path, why))
		dk_die_at(path, 1, "%s: they share no term, give lexicons of one kind", why);
	return 0;
}

void
dk_shape_check(const dk_shape *lex, const dk_shape *rec, const dk_reader *r)
{
	char why[DK_SHAPE_WHY];

	if (dk_shape_clash(lex, "the lexicon", rec, "this record", why))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s: they share no term "
		    "(dklexicon -w counts the words of documents, dklexicon the "
		    "signatures of a signature stream)", why);
}

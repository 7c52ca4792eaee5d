/* Own words (ownwords.h): each document's profile, its distinct words and
 * its opening, and the tests that two documents are about different
 * things: each names something the other never does, in the same place;
 * a name of one renamed in the other; a run of one's words taken out in
 * the other. */
#include "ownwords.h"
#include "hash.h"
#include "measure.h"

#include <stdlib.h>
#include <string.h>

enum { SEED = 0x6f776e77 };
/* The opening's tokens, words of the rule or not, at most. */
enum { OPENING_TOKENS = 4 * DK_OWNWORDS_OPENING };
/* Places that match nothing but themselves: no hash has the top bit. */
#define START 0xFFFFFFFFu
#define END_A 0xFFFFFFFEu
#define END_B 0xFFFFFFFDu

void
dk_ownwords_init(dk_ownwords *o, unsigned k)
{
	*o = (dk_ownwords){ .k = k ? k : 1 };
	o->tok = dk_tokenizer_new(NULL, 1);
	DK_PUSH(&o->off, 0);
}

/* A word of the rule: two characters or more (UTF-8 lead bytes), not all
 * ASCII digits. */
static int
is_word(const char *p, size_t n)
{
	size_t i;

	/* a second character: a second lead byte */
	for (i = 1; i < n && ((unsigned char)p[i] & 0xC0) == 0x80; i++)
		;
	if (i >= n)
		return 0;
	for (i = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
		;
	return i < n;
}

/* The first index j >= i of v[0..n), ascending in v[j] >> shift, where
 * v[j] >> shift >= h: galloping from i, as the values looked up ascend. */
static size_t
seek(const uint32_t *v, size_t n, size_t i, uint32_t h, unsigned shift)
{
	size_t step = 1, lo = i, hi;

	while (lo + step < n && v[lo + step] >> shift < h) {
		lo += step;
		step *= 2;
	}
	hi = lo + step < n ? lo + step : n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] >> shift < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Does the ascending v[0..n) hold h? */
static int
in_sorted(const uint32_t *v, size_t n, uint32_t h)
{
	size_t j = seek(v, n, 0, h, 0);

	return j < n && v[j] == h;
}

void
dk_ownwords_add(dk_ownwords *o, const char *text, size_t n)
{
	size_t i, j, q, m = 0, nopen = 0, nwords = 0, nflagged = 0, start = o->w.n;

	dk_tokenize(o->tok, text, n, &o->toks);
	DK_GROW(&o->h, o->toks.n);
	DK_GROW(&o->open, OPENING_TOKENS);
	for (i = 0; i < o->toks.n; i++) {
		const char *p = dk_token_text(&o->toks, i);
		size_t len = o->toks.v[i].len;
		uint32_t h = (uint32_t)(dk_hash64(p, len, SEED) >> 33);
		int word = is_word(p, len);

		if (word)
			o->h.v[m++] = h;
		if (nwords < DK_OWNWORDS_OPENING && nopen < OPENING_TOKENS) {
			o->open.v[nopen++] = h << 1 | (uint32_t)word;
			nwords += word;
		}
	}
	/* the distinct words, each flagged when it occurs k times or more,
	 * one of them in the opening (looked up once the words are sorted) */
	DK_GROW(&o->tmp, m);
	dk_sort_u32(o->h.v, m, o->tmp.v);
	for (i = 0; i < m; i = j) {
		for (j = i + 1; j < m && o->h.v[j] == o->h.v[i]; j++)
			;
		DK_PUSH(&o->w, o->h.v[i] << 1 | (j - i >= o->k));
	}
	for (i = j = 0; i < nopen; i++)
		if (o->open.v[i] & 1)
			o->h.v[j++] = o->open.v[i] >> 1;
	dk_sort_u32(o->h.v, j, o->tmp.v);
	/* flagged: k times or more and in the opening, both lists ascending;
	 * their hashes into tmp */
	for (i = start, q = 0; i < o->w.n; i++) {
		uint32_t h = o->w.v[i] >> 1;

		while (q < j && o->h.v[q] < h)
			q++;
		if ((o->w.v[i] & 1) && q < j && o->h.v[q] == h)
			o->tmp.v[nflagged++] = h;
		else
			o->w.v[i] &= ~1u;
	}
	/* the opening's words keep their bit when they are flagged: then
	 * a token is own against b when b lacks it, one lookup */
	for (i = 0; i < nopen; i++)
		if ((o->open.v[i] & 1) && !in_sorted(o->tmp.v, nflagged, o->open.v[i] >> 1))
			o->open.v[i] &= ~1u;
	/* then the flagged words' hashes alone, ascending, then the opening */
	DK_PUSH(&o->off, o->w.n);
	DK_GROW(&o->w, o->w.n + nflagged);
	if (nflagged)
		memcpy(o->w.v + o->w.n, o->tmp.v, nflagged * sizeof *o->tmp.v);
	o->w.n += nflagged;
	DK_PUSH(&o->off, o->w.n);
	DK_GROW(&o->w, o->w.n + nopen);
	if (nopen)
		memcpy(o->w.v + o->w.n, o->open.v, nopen * sizeof *o->open.v);
	o->w.n += nopen;
	DK_PUSH(&o->off, o->w.n);
}

/* Document d's words, its flagged words and its opening. */
struct prof {
	const uint32_t *w, *flagged, *open;
	size_t nw, nflagged, nopen;
};

static struct prof
prof(const dk_ownwords *o, size_t d)
{
	const size_t *off = o->off.v + 3 * d;

	return (struct prof){ o->w.v + off[0], o->w.v + off[1], o->w.v + off[2],
	    off[1] - off[0], off[2] - off[1], off[3] - off[2] };
}

/* a's own words against b: the flagged words of a that b lacks, their
 * hashes ascending into own (room for a's flagged words); how many. */
static size_t
own_words(const struct prof *a, const struct prof *b, uint32_t *own)
{
	size_t i, j = 0, n = 0;

	for (i = 0; i < a->nflagged; i++) {
		j = seek(b->w, b->nw, j, a->flagged[i], 1);
		if (j == b->nw || b->w[j] >> 1 != a->flagged[i])
			own[n++] = a->flagged[i];
	}
	return n;
}

/* Is the opening token t (a hash, and its bit: a flagged word) one of
 * own[0..n), ascending? */
static int
is_own(uint32_t t, const uint32_t *own, size_t n)
{
	return (t & 1) && in_sorted(own, n, t >> 1);
}

/* The next name of a (a run of its opening's tokens among own[0..nown),
 * ascending) from token *i on: *i its first token, the token after it
 * returned; 0 when there is none. */
static size_t
next_name(const struct prof *a, const uint32_t *own, size_t nown, size_t *i)
{
	size_t j;

	while (*i < a->nopen && !is_own(a->open[*i], own, nown))
		++*i;
	if (*i == a->nopen)
		return 0;
	for (j = *i + 1; j < a->nopen && is_own(a->open[j], own, nown); j++)
		;
	return j;
}

/* The places of a's names: the token before each (START at the start)
 * and the token after it (end at the end of the opening).  Returns the
 * number of names. */
static size_t
places(const struct prof *a, const uint32_t *own, size_t nown, uint32_t end,
    uint32_t *before, uint32_t *after)
{
	size_t i, j, n = 0;

	for (i = 0; (j = next_name(a, own, nown, &i)) != 0; i = j) {
		before[n] = i > 0 ? a->open[i - 1] >> 1 : START;
		after[n++] = j < a->nopen ? a->open[j] >> 1 : end;
	}
	return n;
}

static int
meet(const uint32_t *x, size_t nx, const uint32_t *y, size_t ny)
{
	size_t i, j;

	for (i = 0; i < nx; i++)
		for (j = 0; j < ny; j++)
			if (x[i] == y[j])
				return 1;
	return 0;
}

/* Does b's opening hold the frame x0 x1 F y0 y1 (token hashes), F one to
 * DK_OWNWORDS_FILL tokens? */
static int
framed(const struct prof *b, uint32_t x0, uint32_t x1, uint32_t y0, uint32_t y1)
{
	size_t p, l;

	for (p = 2; p + 2 < b->nopen; p++) {
		if (b->open[p - 2] >> 1 != x0 || b->open[p - 1] >> 1 != x1)
			continue;
		for (l = 1; l <= DK_OWNWORDS_FILL && p + l + 1 < b->nopen; l++)
			if (b->open[p + l] >> 1 == y0 && b->open[p + l + 1] >> 1 == y1)
				return 1;
	}
	return 0;
}

/* Renamed: does a name of a (a run of own[0..nown), ascending, in its
 * opening) of at most DK_OWNWORDS_FILL tokens stand between two tokens
 * and two tokens that b's opening holds around other words, at k places
 * or more?  (b holds none of a's own words: whatever stands there in b is
 * other.) */
static int
renamed(const struct prof *a, const struct prof *b, const uint32_t *own, size_t nown,
    unsigned k)
{
	size_t i, j;
	unsigned n = 0;

	for (i = 0; (j = next_name(a, own, nown, &i)) != 0; i = j)
		if (i >= 2 && j + 2 <= a->nopen && j - i <= DK_OWNWORDS_FILL &&
		    framed(b, a->open[i - 2] >> 1, a->open[i - 1] >> 1, a->open[j] >> 1,
		    a->open[j + 1] >> 1) && ++n >= k)
			return 1;
	return 0;
}

/* The runs of 4 tokens of an opening, as a set of hashes (never 0, the
 * empty slot) in open addressing: the test of inserted() that most runs
 * fail, one look-up instead of a pass over the opening. */
enum { GRAM_SLOTS = 1024 };     /* a power of two over OPENING_TOKENS */

/* The hash of 4 opening tokens t[0..4), their flag bits aside. */
static uint32_t
gram(const uint32_t *t)
{
	uint64_t h = t[0] >> 1;
	int i;

	for (i = 1; i < 4; i++)
		h = (h ^ t[i] >> 1) * 0x9E3779B97F4A7C15ull;
	return (uint32_t)(h >> 32) | 1;
}

static void
grams(const struct prof *b, uint32_t *slot)
{
	const size_t mask = GRAM_SLOTS - 1;
	size_t p, i;

	memset(slot, 0, GRAM_SLOTS * sizeof *slot);
	for (p = 0; p + 4 <= b->nopen; p++) {
		uint32_t g = gram(b->open + p);

		for (i = g & mask; slot[i] && slot[i] != g; i = (i + 1) & mask)
			;
		slot[i] = g;
	}
}

static int
has_gram(const uint32_t *slot, uint32_t g)
{
	const size_t mask = GRAM_SLOTS - 1;
	size_t i;

	for (i = g & mask; slot[i]; i = (i + 1) & mask)
		if (slot[i] == g)
			return 1;
	return 0;
}

/* Does b's opening hold the tokens t[0..n) one after the other (their
 * flag bits aside)? */
static int
holds(const struct prof *b, const uint32_t *t, size_t n)
{
	size_t p, r;

	for (p = 0; p + n <= b->nopen; p++) {
		for (r = 0; r < n && b->open[p + r] >> 1 == t[r] >> 1; r++)
			;
		if (r == n)
			return 1;
	}
	return 0;
}

/* Is the run of l tokens at a's opening's p taken out in b: the two
 * tokens before it next to the two after it in b's opening (looked up in
 * slot, b's runs of 4, first), and not the run in that frame (a list may
 * hold the frame elsewhere)? */
static int
taken_out(const struct prof *a, const struct prof *b, const uint32_t *slot, size_t p,
    size_t l)
{
	const uint32_t *at = a->open + p;
	uint32_t frame[4] = { at[-2], at[-1], at[l], at[l + 1] };

	return has_gram(slot, gram(frame)) && holds(b, frame, 4) &&
	    !holds(b, at - 2, l + 4);
}

/* Inserted: is there a run of 1 to DK_OWNWORDS_FILL of a's flagged words
 * that b takes out wherever a's opening has it, at k places or more?
 * (std::numeric_limits<signed char> against <char>: b uses the word
 * signed elsewhere, in is_signed, so it is no own word.)  The places
 * too near either end of the opening to be framed are not counted. */
static int
inserted(const struct prof *a, const struct prof *b, unsigned k)
{
	uint32_t slot[GRAM_SLOTS];
	size_t i, l, p, q, same;

	/* a run within the openings' common start is held in b, in its
	 * place: the runs begin at its end, and b's set is made only then */
	for (same = 0; same < a->nopen && same < b->nopen &&
	    a->open[same] >> 1 == b->open[same] >> 1; same++)
		;
	if (same + 3 > a->nopen)
		return 0;
	grams(b, slot);
	for (i = same > 4 ? same - 4 : 2; i + 3 <= a->nopen; i++)
		for (l = 1; l <= DK_OWNWORDS_FILL && i + l + 2 <= a->nopen; l++) {
			unsigned n = 0;
			int all = 1;

			if (!(a->open[i + l - 1] & 1))
				break;  /* a run of flagged words only */
			if (!taken_out(a, b, slot, i, l))
				continue;
			/* every place of the run; one before i was judged there
			 * (or was not taken out), so each run is judged once */
			for (p = 2; all && p + l + 2 <= a->nopen; p++) {
				for (q = 0; q < l && a->open[p + q] == a->open[i + q]; q++)
					;
				if (q < l)
					continue;
				if (p >= i && (p == i || taken_out(a, b, slot, p, l)))
					n++;
				else
					all = 0;
			}
			if (all && n >= k)
				return 1;
		}
	return 0;
}

int
dk_ownwords_apart(const dk_ownwords *o, size_t a, size_t b)
{
	/* a run needs a token between it and the next: at most half the
	 * opening's tokens, rounded up */
	uint32_t ba[OPENING_TOKENS / 2 + 1], aa[OPENING_TOKENS / 2 + 1];
	uint32_t bb[OPENING_TOKENS / 2 + 1], ab[OPENING_TOKENS / 2 + 1];
	uint32_t owna[DK_OWNWORDS_OPENING], ownb[DK_OWNWORDS_OPENING];
	struct prof pa = prof(o, a), pb = prof(o, b);
	size_t na, nb;

	na = own_words(&pa, &pb, owna);
	nb = own_words(&pb, &pa, ownb);
	if (na && nb) {
		size_t ma = places(&pa, owna, na, END_A, ba, aa);
		size_t mb = places(&pb, ownb, nb, END_B, bb, ab);

		if (meet(ba, ma, bb, mb) || meet(aa, ma, ab, mb))
			return DK_OWNWORDS_PLACE;
	}
	if ((na && renamed(&pa, &pb, owna, na, o->k)) ||
	    (nb && renamed(&pb, &pa, ownb, nb, o->k)))
		return DK_OWNWORDS_RENAMED;
	if (inserted(&pa, &pb, o->k) || inserted(&pb, &pa, o->k))
		return DK_OWNWORDS_TAKEN_OUT;
	return 0;
}

double
dk_ownwords_wordsim(const dk_ownwords *o, size_t a, size_t b)
{
	struct prof pa = prof(o, a), pb = prof(o, b);
	size_t i = 0, j = 0;
	uint64_t shared = 0;

	if (!pa.nw && !pb.nw)
		return 1;
	while (i < pa.nw && j < pb.nw) {
		uint32_t x = pa.w[i] >> 1, y = pb.w[j] >> 1;

		shared += x == y;
		i += x <= y;
		j += y <= x;
	}
	return dk_sim(DK_M_SET, shared, pa.nw, pb.nw);
}

size_t
dk_ownwords_bytes(const dk_ownwords *o)
{
	return o->w.cap * sizeof *o->w.v + o->off.cap * sizeof *o->off.v;
}

void
dk_ownwords_free(dk_ownwords *o)
{
	dk_tokenizer_free(o->tok);
	dk_tokens_free(&o->toks);
	DK_FREE_ALL(o->w.v, o->off.v, o->h.v, o->tmp.v, o->open.v);
	*o = (dk_ownwords){ 0 };
}

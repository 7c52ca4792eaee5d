/* A guess at the encoding of a page that declares none and is not valid
 * UTF-8, from its bytes alone.
 *
 * UTF-8 all the same when 19 in 20 of the bytes above 0x7F stand in UTF-8
 * sequences, whole or cut short (nearly_utf8): a UTF-8 page with a few
 * damaged characters reads better so than as anything else.
 *
 * Then the multi-byte encodings of East Asia: the bytes are cut into
 * characters by the grammar of each, and a candidate is kept when at most
 * one unit in a hundred breaks it; its score is the share of two-byte
 * characters in the rows a text of its language mostly uses (punctuation,
 * kana or Hangul, the first level of ideographs), a unit alone between
 * ASCII bytes with an ASCII second byte not counting (in a single-byte
 * text that is a letter before an ASCII one).  The best score wins if
 * it is above 0.75 (and Japanese needs one unit in 20 to be kana, which
 * the quotes of a windows-1252 page never are), ties going to the earlier
 * in the order EUC-KR,
 * EUC-JP, Shift_JIS, Big5, GBK (Korean and Japanese rows are a subset of
 * the Chinese ones as GBK reads them).
 *
 * Else a single-byte encoding, the likeliest reading of the page.  Each
 * candidate of letters.c (windows-1252, ISO-8859-2, windows-1250, 1254,
 * 1257, 1251, KOI8-R, ISO-8859-7, windows-1253, 1255, 1256, 874) reads
 * every byte above 0x7F as a character; a letter is weighed by how often
 * it stands where it stands (after a non-letter, a capital or a small
 * letter; before a letter or not) in each language written in that
 * encoding, as counted by gen-letters.py in Debian's translated messages,
 * and less beside a letter of another script; a symbol by fixed odds
 * (common, less common, rare) and whether it may touch a letter on that
 * side; a control or an undefined byte almost never.  The encoding of the
 * likeliest language and encoding wins, windows-1252 given e^4 more;
 * windows-1252 also when no reading is likelier than random bytes. */
#include "htmlstrip.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

struct mb {
	int enc;
	/* a unit at p: its length (0 when it breaks the grammar), *common 1
	 * when it is in the rows the language mostly uses, 2 when it is kana
	 * too */
	size_t (*unit)(const unsigned char *p, const unsigned char *end, int *common);
	int kana;               /* Japanese: kana must be 1 unit in 20 */
};

static int
in(unsigned c, unsigned lo, unsigned hi)
{
	return c >= lo && c <= hi;
}

static size_t
euc_kr(const unsigned char *p, const unsigned char *end, int *common)
{
	if (end - p < 2 || !in(p[0], 0x81, 0xFE) ||
	    !(in(p[1], 0x41, 0x5A) || in(p[1], 0x61, 0x7A) || in(p[1], 0x81, 0xFE)))
		return 0;
	/* punctuation and symbols, then the 2,350 Hangul syllables */
	*common = in(p[1], 0xA1, 0xFE) && (in(p[0], 0xA1, 0xA3) || in(p[0], 0xB0, 0xC8));
	return 2;
}

static size_t
euc_jp(const unsigned char *p, const unsigned char *end, int *common)
{
	*common = 0;
	if (end - p >= 2 && p[0] == 0x8E && in(p[1], 0xA1, 0xDF))
		return 2;
	if (end - p >= 3 && p[0] == 0x8F && in(p[1], 0xA1, 0xFE) && in(p[2], 0xA1, 0xFE))
		return 3;
	if (end - p < 2 || !in(p[0], 0xA1, 0xFE) || !in(p[1], 0xA1, 0xFE))
		return 0;
	/* punctuation, kana, then JIS level 1 kanji */
	*common = in(p[0], 0xA4, 0xA5) ? 2 : in(p[0], 0xA1, 0xA3) || in(p[0], 0xB0, 0xCF);
	return 2;
}

static size_t
shift_jis(const unsigned char *p, const unsigned char *end, int *common)
{
	unsigned c;

	*common = 0;
	if (in(p[0], 0xA1, 0xDF))
		return 1;       /* half-width katakana: valid, seldom used */
	if (end - p < 2 || !(in(p[0], 0x81, 0x9F) || in(p[0], 0xE0, 0xFC)) ||
	    !(in(p[1], 0x40, 0x7E) || in(p[1], 0x80, 0xFC)))
		return 0;
	c = (unsigned)p[0] << 8 | p[1];
	/* punctuation and kana, then JIS level 1 kanji */
	*common = in(c, 0x829F, 0x8396) ? 2 : in(c, 0x8140, 0x829E) || in(c, 0x889F, 0x9872);
	return 2;
}

static size_t
big5(const unsigned char *p, const unsigned char *end, int *common)
{
	unsigned c;

	if (end - p < 2 || !in(p[0], 0x81, 0xFE) ||
	    !(in(p[1], 0x40, 0x7E) || in(p[1], 0xA1, 0xFE)))
		return 0;
	c = (unsigned)p[0] << 8 | p[1];
	/* punctuation, then the 5,401 frequent hanzi */
	*common = in(c, 0xA140, 0xA3BF) || in(c, 0xA440, 0xC67E);
	return 2;
}

static size_t
gbk(const unsigned char *p, const unsigned char *end, int *common)
{
	*common = 0;
	if (end - p >= 4 && in(p[0], 0x81, 0xFE) && in(p[1], 0x30, 0x39) &&
	    in(p[2], 0x81, 0xFE) && in(p[3], 0x30, 0x39))
		return 4;       /* GB18030's four-byte form */
	if (end - p < 2 || !in(p[0], 0x81, 0xFE) || p[1] == 0x7F ||
	    !in(p[1], 0x40, 0xFE))
		return 0;
	/* punctuation, then the 3,755 hanzi of GB2312 level 1 */
	*common = in(p[1], 0xA1, 0xFE) && (in(p[0], 0xA1, 0xA3) || in(p[0], 0xB0, 0xD7));
	return 2;
}

static const struct mb multibyte[] = {
	{ HS_EUC_KR, euc_kr, 0 }, { HS_EUC_JP, euc_jp, 1 }, { HS_SHIFT_JIS, shift_jis, 1 },
	{ HS_BIG5, big5, 0 }, { HS_GBK, gbk, 0 },
};

/* The share of common units of p in encoding m, or -1 when more than one
 * unit in a hundred breaks its grammar, there are fewer than 4 units, or a
 * Japanese text has too little kana. */
static double
mb_score(const struct mb *m, const unsigned char *p, size_t n)
{
	const unsigned char *start = p, *end = p + n;
	size_t units = 0, common = 0, kana = 0, bad = 0, len;
	int c;

	while (p < end) {
		if (*p < 0x80) {
			p++;
			continue;
		}
		units++;
		if ((len = m->unit(p, end, &c)) == 0) {
			bad++;
			p++;
			continue;
		}
		/* a lone unit between ASCII bytes whose second byte is ASCII
		 * is a letter of a single-byte encoding before an ASCII one
		 * more often than a character of a sentence */
		if (len == 2 && p[1] < 0x80 && (p == start || p[-1] < 0x80) &&
		    (p + 2 == end || p[2] < 0x80))
			c = 0;
		common += c > 0;
		kana += c == 2;
		p += len;
	}
	if (units < 4 || bad * 100 > units || (m->kana && kana * 20 < units))
		return -1;
	return (double)common / (double)units;
}

/* ---- single-byte encodings ---- */

/* Common symbols and punctuation outside ASCII: how often a page has them
 * (1 usual on web pages, 2 less so; any other is rare), and where they
 * may touch a letter.  Sorted by code point. */
enum { OPEN = 1, CLOSE = 2, INWORD = 4, ANY = 7 };
static const struct {
	uint16_t cp;
	unsigned char tier, where;
} symbols[] = {
	{ 0x00A0, 1, ANY },     /* no-break space */
	{ 0x00A1, 2, OPEN },    /* ¡ */
	{ 0x00A2, 2, CLOSE }, { 0x00A3, 1, OPEN }, { 0x00A5, 2, OPEN },
	{ 0x00A7, 2, 0 },       /* § */
	{ 0x00A9, 1, 0 }, { 0x00AA, 2, CLOSE }, { 0x00AB, 1, OPEN | CLOSE },
	{ 0x00AD, 2, INWORD },  /* soft hyphen */
	{ 0x00AE, 1, CLOSE }, { 0x00B0, 1, CLOSE }, { 0x00B1, 2, 0 },
	{ 0x00B2, 2, OPEN | CLOSE }, { 0x00B3, 2, OPEN | CLOSE },      /* ² ³ */
	{ 0x00B4, 2, CLOSE | INWORD },
	{ 0x00B5, 2, OPEN },    /* µ, before a unit */
	{ 0x00B7, 1, ANY },     /* · */
	{ 0x00B9, 2, OPEN | CLOSE },       /* ¹ */
	{ 0x00BA, 2, CLOSE }, { 0x00BB, 1, OPEN | CLOSE }, { 0x00BC, 2, 0 },
	{ 0x00BD, 2, 0 }, { 0x00BE, 2, 0 }, { 0x00BF, 2, OPEN },
	{ 0x00D7, 2, 0 },       /* × */
	{ 0x060C, 1, CLOSE }, { 0x061B, 2, CLOSE }, { 0x061F, 1, CLOSE },
	{ 0x05F3, 2, CLOSE | INWORD }, { 0x05F4, 2, CLOSE | INWORD },   /* ׳ ״ */
	{ 0x200C, 1, INWORD }, { 0x200D, 2, INWORD },  /* zero-width (non-)joiner */
	{ 0x200E, 2, ANY }, { 0x200F, 2, ANY },        /* direction marks */
	{ 0x2013, 1, ANY }, { 0x2014, 1, ANY },        /* – — */
	{ 0x2018, 1, OPEN | INWORD }, { 0x2019, 1, CLOSE | INWORD },   /* ‘ ’ */
	{ 0x201A, 2, OPEN },
	{ 0x201C, 1, OPEN | CLOSE }, { 0x201D, 1, OPEN | CLOSE },     /* “ ” */
	{ 0x201E, 1, OPEN },    /* „ */
	{ 0x2020, 2, CLOSE }, { 0x2022, 1, OPEN }, { 0x2026, 1, CLOSE },
	{ 0x2030, 2, CLOSE }, { 0x2039, 2, OPEN | CLOSE }, { 0x203A, 2, OPEN | CLOSE },
	{ 0x20AC, 1, OPEN | CLOSE }, { 0x2116, 2, 0 },   /* € № */
	{ 0x2122, 1, CLOSE },   /* ™ */
};

/* The model's numbers (probabilities, taken as logarithms): a character
 * outside ASCII is a symbol as often as in the language's messages (at
 * least one in 100, letters.c), else a letter; a symbol of tier 1, 2
 * or any other is one in 10, 100, 3000 of them; a symbol touching a letter
 * on a side where it does not stand, one in 100 of those; a letter the
 * language's table lacks, 50 in a million of its letters; a letter beside
 * one of another script (Latin, Greek, Cyrillic, Hebrew, Arabic, Thai), one
 * in 100; a byte the encoding leaves undefined or a control, one in a
 * million. */
#define P_TIER1 0.1
#define P_TIER2 0.01
#define P_TIER3 (1 / 3000.0)
#define P_TOUCH 0.01
#define P_NOLETTER 50e-6
#define P_MIXED 0.01
#define P_CONTROL 1e-6
#define PRIOR_1252 4.0        /* the log of windows-1252's head start */
#define LOG_NOISE (-5.545)      /* log(1 / 256) */

/* Contexts of a byte: for a letter, 2 * (0, 1, 2 when a non-letter, a
 * capital or a small letter precedes it) + (1 when a letter follows), plus
 * 6 when a letter of another script touches it; for a symbol, whether a
 * letter precedes it (bit 0) and follows it (bit 1). */
#define NCTX 12

/* One language in one encoding: log P of each high byte in each
 * context. */
struct model {
	int sb, lang;           /* into hs_sbcs, hs_langs */
	float lp[128][NCTX];
};
static struct model *models;
static size_t nmodels;

static int
freq_cmp(const void *key, const void *elem)
{
	unsigned cp = *(const uint16_t *)key, e = ((const struct hs_freq *)elem)->cp;

	return cp < e ? -1 : cp > e;
}

static void
symbol_lp(unsigned cp, double psym, float lp[NCTX])
{
	size_t i;
	double p = P_TIER3;
	int where = 0, ctx;

	for (i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
		if (symbols[i].cp == cp) {
			p = symbols[i].tier == 1 ? P_TIER1 : P_TIER2;
			where = symbols[i].where;
			break;
		}
	for (ctx = 0; ctx < NCTX; ctx++) {
		double q = psym * p;

		if (ctx == 3 && !(where & INWORD))
			q *= P_TOUCH;
		else if ((ctx == 1 && !(where & CLOSE)) || (ctx == 2 && !(where & OPEN)))
			q *= P_TOUCH;
		lp[ctx] = (float)log(q);
	}
}

static void
build(const struct hs_lang *l, const struct hs_sbcs *e, struct model *m)
{
	const struct hs_freq *f;
	int b, ctx, k, cell;
	double p;

	for (b = 0; b < 128; b++) {
		k = e->hi[b].kind;
		if (k == HS_K_CONTROL) {
			for (ctx = 0; ctx < NCTX; ctx++)
				m->lp[b][ctx] = (float)log(P_CONTROL);
			continue;
		}
		if (k == HS_K_SYMBOL) {
			symbol_lp(e->hi[b].cp, l->symbols / 1e6, m->lp[b]);
			continue;
		}
		f = bsearch(&e->hi[b].key, l->freq, l->nfreq, sizeof *f, freq_cmp);
		for (ctx = 0; ctx < NCTX; ctx++) {
			cell = ctx % 6 + 6 * (k == HS_K_CAPITAL);
			p = (1 - l->symbols / 1e6) * (f ? f->cell[cell] / 1e7 :
			    P_NOLETTER * l->cell[cell] / 1e6);
			if (ctx >= 6)
				p *= P_MIXED;
			m->lp[b][ctx] = (float)log(p);
		}
	}
}

static void
init_models(void)
{
	size_t i, j, k;

	for (i = 0; i < hs_nlangs; i++)
		for (k = 0; hs_langs[i].enc[k] >= 0; k++)
			nmodels++;
	models = dk_calloc(nmodels, sizeof *models);
	nmodels = 0;
	for (j = 0; j < hs_nsbcs; j++)
		for (i = 0; i < hs_nlangs; i++)
			for (k = 0; hs_langs[i].enc[k] >= 0; k++)
				if (hs_langs[i].enc[k] == hs_sbcs[j].enc) {
					models[nmodels].sb = (int)j;
					models[nmodels].lang = (int)i;
					build(&hs_langs[i], &hs_sbcs[j], &models[nmodels++]);
				}
}

/* The script of a letter: Latin, Greek, Cyrillic, Hebrew, Arabic, Thai,
 * other. */
static int
script(unsigned cp)
{
	return cp < 0x250 || (cp >= 0x1E00 && cp < 0x1F00) ? 0 : cp < 0x370 ? 6 :
	    cp < 0x400 ? 1 : cp < 0x530 ? 2 : cp < 0x590 ? 6 : cp < 0x600 ? 3 :
	    cp < 0x700 || (cp >= 0xFB50 && cp < 0xFF00) ? 4 : cp >= 0xE00 && cp < 0xE80 ? 5 : 6;
}

/* 0 for a non-letter, 1 a capital, 2 another letter, in encoding e; *sc
 * its script. */
static int
letter_class(const struct hs_sbcs *e, unsigned char c, int *sc)
{
	int k;

	*sc = 0;
	if (c < 0x80)
		return c >= 'A' && c <= 'Z' ? 1 : c >= 'a' && c <= 'z' ? 2 : 0;
	k = e->hi[c - 0x80].kind;
	*sc = script(e->hi[c - 0x80].cp);
	return k == HS_K_CAPITAL ? 1 : k == HS_K_SMALL || k == HS_K_CASELESS ? 2 : 0;
}

/* Each byte's letter class and script in each encoding of hs_sbcs (see
 * letter_class), made once. */
struct cls {
	unsigned char cls, sc;
};
static struct cls *classes;     /* [hs_nsbcs][256] */

static void
init(void)
{
	size_t j;
	int b, sc;

	init_models();
	classes = dk_calloc(hs_nsbcs * 256, sizeof *classes);
	for (j = 0; j < hs_nsbcs; j++)
		for (b = 0; b < 256; b++) {
			classes[j * 256 + b].cls =
			    (unsigned char)letter_class(&hs_sbcs[j], (unsigned char)b, &sc);
			classes[j * 256 + b].sc = (unsigned char)sc;
		}
}

/* The guess reads at most this many bytes above 0x7F: past a million
 * characters it is settled, and the triples of a 64 MB page would take
 * three times that. */
#define MAXHIGH ((size_t)1 << 20)

/* Whether any of the 8 bytes at p is above 0x7F. */
static int
ascii8(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return (w & 0x8080808080808080ull) != 0;
}

/* Each byte of p above 0x7F with the bytes around it, 3 bytes a byte (0
 * standing for none), into *t; returns how many (at most MAXHIGH).  A
 * byte repeated three times or more is a rule or an ornament, not text:
 * it counts once.  The page is read once here, so that each encoding
 * reads only these. */
static size_t
high_bytes(const unsigned char *p, size_t n, unsigned char **t)
{
	size_t i, k = 0, run, high = 0;
	unsigned char *q;

	for (i = 0; i < n && high < MAXHIGH; i++) {
		if (n - i >= 8 && !ascii8(p + i)) {
			i += 7;
			continue;
		}
		high += p[i] >= 0x80;
	}
	*t = q = dk_malloc(3 * high + 1);
	for (i = 0; i < n && k < high; i++) {
		if (n - i >= 8 && !ascii8(p + i)) {
			i += 7;
			continue;
		}
		if (p[i] < 0x80)
			continue;
		for (run = 1; i + run < n && p[i + run] == p[i]; run++)
			;
		if (run < 3)
			run = 1;
		q[3 * k] = i > 0 ? p[i - 1] : 0;
		q[3 * k + 1] = p[i];
		q[3 * k + 2] = i + run < n ? p[i + run] : 0;
		k++;
		i += run - 1;
	}
	return k;
}

/* How often each high byte stands in each context, read in encoding j,
 * from the k triples of high_bytes. */
static void
contexts(size_t j, const unsigned char *t, size_t k, uint32_t h[128][NCTX])
{
	const struct cls *c = classes + j * 256, *prev, *cur, *next;
	size_t i;

	memset(h, 0, sizeof(uint32_t[128][NCTX]));
	for (i = 0; i < k; i++, t += 3) {
		prev = &c[t[0]], cur = &c[t[1]], next = &c[t[2]];
		if (cur->cls)
			h[t[1] - 0x80][2 * prev->cls + (next->cls != 0) +
			    6 * ((prev->cls && prev->sc != cur->sc) ||
			    (next->cls && next->sc != cur->sc))]++;
		else
			h[t[1] - 0x80][(prev->cls != 0) | (next->cls != 0) << 1]++;
	}
}

/* The best reading of p in a single-byte encoding: the greatest
 * likelihood, windows-1252 given PRIOR_1252 more, among those whose
 * high bytes are on average more likely than random bytes; windows-1252
 * when none is. */
static int
single_byte(const unsigned char *p, size_t n)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	uint32_t h[128][NCTX], cnt[128 * NCTX];
	uint16_t cell[128 * NCTX];
	unsigned char *t;
	double s, best = 0;
	size_t i, k, c, ncell = 0, nb = 0;
	int enc = HS_WINDOWS_1252, found = 0, sb = -1;

	pthread_once(&once, init);
	k = high_bytes(p, n, &t);
	for (i = 0; i < nmodels; i++) {
		if (models[i].sb != sb) {
			/* the cells this page fills, for each model of the
			 * encoding to sum */
			contexts((size_t)(sb = models[i].sb), t, k, h);
			ncell = nb = 0;
			for (c = 0; c < 128 * NCTX; c++)
				if (h[c / NCTX][c % NCTX]) {
					cell[ncell] = (uint16_t)c;
					cnt[ncell++] = h[c / NCTX][c % NCTX];
					nb += h[c / NCTX][c % NCTX];
				}
		}
		s = 0;
		for (c = 0; c < ncell; c++)
			s += cnt[c] * (double)models[i].lp[cell[c] / NCTX][cell[c] % NCTX];
		if (s < LOG_NOISE * (double)nb)
			continue;
		if (hs_sbcs[sb].enc == HS_WINDOWS_1252)
			s += PRIOR_1252;
		if (!found || s > best) {
			best = s;
			enc = hs_sbcs[sb].enc;
			found = 1;
		}
	}
	free(t);
	return enc;
}

/* Whether p, not valid UTF-8, is UTF-8 all the same but for a few
 * damaged characters: 19 in 20 of its bytes above 0x7F are in UTF-8
 * sequences, whole or cut short (a lead byte and at least one
 * continuation byte, as the Encoding Standard's decoder takes them).  Text
 * in a single-byte encoding has at most 60 in 100 so (Thai in
 * windows-874, whose vowels lead and consonants continue), 30 in 100 in
 * the other languages of single_byte(). */
static int
nearly_utf8(const unsigned char *p, size_t n)
{
	size_t i = 0, j, need, shaped = 0, high = 0;
	unsigned lo, hi;

	while (i < n) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		lo = 0x80, hi = 0xBF;
		need = in(p[i], 0xC2, 0xDF) ? 1 : in(p[i], 0xE0, 0xEF) ? 2 : in(p[i], 0xF0, 0xF4) ? 3 : 0;
		if (p[i] == 0xE0)
			lo = 0xA0;
		else if (p[i] == 0xED)
			hi = 0x9F;
		else if (p[i] == 0xF0)
			lo = 0x90;
		else if (p[i] == 0xF4)
			hi = 0x8F;
		for (j = i + 1; j < n && j - i <= need && in(p[j], lo, hi); j++)
			lo = 0x80, hi = 0xBF;
		if (j - i >= 2)
			shaped += j - i;
		high += j - i;
		i = j;
	}
	return shaped * 20 >= high * 19;
}

int
hs_detect(const unsigned char *p, size_t n)
{
	double s, best = 0.75;
	int enc = -1;
	size_t i;

	if (nearly_utf8(p, n))
		return HS_UTF_8;
	for (i = 0; i < sizeof multibyte / sizeof multibyte[0]; i++)
		if ((s = mb_score(&multibyte[i], p, n)) > best) {
			best = s;
			enc = multibyte[i].enc;
		}
	return enc >= 0 ? enc : single_byte(p, n);
}

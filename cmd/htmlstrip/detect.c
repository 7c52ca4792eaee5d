/* A guess at the encoding of a page that declares none and is not UTF-8,
 * from its bytes alone.
 *
 * First the multi-byte encodings of East Asia: the bytes are cut into
 * characters by the grammar of each, and a candidate is kept when at most
 * one unit in a hundred breaks it; its score is the share of two-byte
 * characters in the rows a text of its language mostly uses (punctuation,
 * kana or Hangul, the first level of ideographs).  The best score wins if
 * it is above 0.75 (and Japanese needs one unit in 20 to be kana, which
 * the quotes of a windows-1252 page never are), ties going to the earlier
 * in the order EUC-KR,
 * EUC-JP, Shift_JIS, Big5, GBK (Korean and Japanese rows are a subset of
 * the Chinese ones as GBK reads them).
 *
 * Else a single-byte encoding: when the bytes above 0x7F outnumber the
 * ASCII letters the text is Cyrillic, windows-1251 when its lower case
 * (0xE0-0xFF there) is more frequent than KOI8-R's (0xC0-0xDF), else
 * KOI8-R.  A Latin text is Central European when letters of ISO-8859-2
 * that are symbols in windows-1252 (0xA1-0xBF: ą ł ś ź ż š ž ...) stand
 * beside letters, at least three times and for a sixth of the bytes above
 * 0x7F:
 * windows-1250 if it has a byte in 0x80-0x9F (controls in ISO-8859-2),
 * else ISO-8859-2.  Any other text is windows-1252. */
#include "htmlstrip.h"

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
	const unsigned char *end = p + n;
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
		common += c > 0;
		kana += c == 2;
		p += len;
	}
	if (units < 4 || bad * 100 > units || (m->kana && kana * 20 < units))
		return -1;
	return (double)common / (double)units;
}

/* In ISO-8859-2, letters; in windows-1252, symbols. */
static int
latin2_letter(unsigned char c)
{
	static const char set[] = "\xA1\xA3\xA5\xA6\xA9\xAC\xAE\xAF"
	    "\xB1\xB3\xB5\xB6\xB9\xBC\xBE\xBF";

	return c >= 0xA1 && c <= 0xBF && memchr(set, c, sizeof set - 1) != NULL;
}

static int
letter(unsigned char c)
{
	return (unsigned)((c | 0x20) - 'a') < 26 || c >= 0xC0 || latin2_letter(c);
}

/* Whether p[i] reads as a letter of ISO-8859-2 where windows-1252 has a
 * symbol: a capital (0xA1-0xAF) before a letter, a small letter
 * (0xB1-0xBF) after one, or before one unless it is ¿ or µ, which open
 * Spanish words and units; ¡ only inside a word.  So "Windows®" and
 * "10µm" are no evidence, "żółw" and "škody" are. */
static int
latin2_evidence(const unsigned char *p, size_t i, size_t n)
{
	int before = i > 0 && letter(p[i - 1]), after = i + 1 < n && letter(p[i + 1]);

	if (!latin2_letter(p[i]))
		return 0;
	if (p[i] == 0xA1)
		return before && after;
	if (p[i] < 0xB0)
		return after;
	return before || (after && p[i] != 0xBF && p[i] != 0xB5);
}

static int
single_byte(const unsigned char *p, size_t n)
{
	size_t i, ascii = 0, high = 0, lower1251 = 0, lowerkoi = 0, l2 = 0, c1 = 0;

	for (i = 0; i < n; i++) {
		if (p[i] < 0x80) {
			ascii += (unsigned)((p[i] | 0x20) - 'a') < 26;
			continue;
		}
		high++;
		lower1251 += p[i] >= 0xE0;
		lowerkoi += p[i] >= 0xC0 && p[i] < 0xE0;
		l2 += latin2_evidence(p, i, n);
		c1 += p[i] < 0xA0;
	}
	if (high > ascii)
		return lower1251 >= lowerkoi ? HS_WINDOWS_1251 : HS_KOI8_R;
	if (l2 >= 3 && l2 * 6 >= high)
		return c1 ? HS_WINDOWS_1250 : HS_ISO_8859_2;
	return HS_WINDOWS_1252;
}

int
hs_detect(const unsigned char *p, size_t n)
{
	double s, best = 0.75;
	int enc = -1;
	size_t i;

	for (i = 0; i < sizeof multibyte / sizeof multibyte[0]; i++)
		if ((s = mb_score(&multibyte[i], p, n)) > best) {
			best = s;
			enc = multibyte[i].enc;
		}
	return enc >= 0 ? enc : single_byte(p, n);
}

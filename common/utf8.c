#include "utf8.h"
#include "msg.h"

#include <locale.h>
#include <string.h>
#include <pthread.h>
#include <wctype.h>

size_t
dk_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	uint32_t c = s[0], min;
	size_t len, i;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2; c &= 0x1F; min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3; c &= 0x0F; min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4; c &= 0x07; min = 0x10000;
	} else
		goto bad;
	if (n < len)
		goto bad;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			goto bad;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		goto bad;
	*cp = c;
	return len;
bad:
	*cp = DK_REPLACEMENT;
	return 1;
}

size_t
dk_utf8_encode(uint32_t cp, char out[4])
{
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = DK_REPLACEMENT;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The sequence at s (n > 0 bytes, s[0] >= 0x80): its length when it is
 * valid, else 0 with *bad the length of its maximal subpart, the bytes
 * that start a valid sequence (1 to 3).  The second byte's range depends
 * on the first (no overlong form, no surrogate, nothing above U+10FFFF),
 * the others are 80..BF (Unicode Table 3-7). */
static size_t
sequence(const unsigned char *s, size_t n, size_t *bad)
{
	unsigned c = s[0], lo = 0x80, hi = 0xBF;
	size_t len, i;

	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else {
		*bad = 1;
		return 0;
	}
	for (i = 1; i < len; i++, lo = 0x80, hi = 0xBF)
		if (i == n || s[i] < lo || s[i] > hi) {
			*bad = i;
			return 0;
		}
	return len;
}

#define HIGH_BITS 0x8080808080808080ull

/* The end of the ASCII run at i: 8 bytes a step while they are all below
 * 0x80, then byte by byte. */
static inline size_t
ascii_run(const unsigned char *p, size_t i, size_t n)
{
	uint64_t w;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		if (w & HIGH_BITS)
			break;
	}
	while (i < n && p[i] < 0x80)
		i++;
	return i;
}

size_t
dk_utf8_valid_prefix(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, len, bad;

	while ((i = ascii_run(p, i, n)) < n) {
		if ((len = sequence(p + i, n - i, &bad)) == 0)
			break;
		i += len;
	}
	return i;
}

size_t
dk_utf8_replace(const char *s, size_t n, char *out, size_t *nout)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, o = 0, len, bad = 1, done = 0, count = 0;

	for (;;) {
		i = dk_utf8_valid_prefix(s + done, n - done) + done;
		memcpy(out + o, s + done, i - done);
		o += i - done;
		if (i == n)
			break;
		len = sequence(p + i, n - i, &bad);
		(void)len;        /* 0: i is where the valid prefix ends */
		memcpy(out + o, "\xef\xbf\xbd", 3);
		o += 3;
		count++;
		done = i + bad;
	}
	*nout = o;
	return count;
}

static locale_t uloc;
static unsigned char bmp_class[0x10000];
static uint32_t bmp_fold[0x10000];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Combining marks, which the C library files under punctuation, continue a
 * word (accents written as separate characters, Indic vowel signs). */
static int
is_combining(uint32_t c)
{
	return (c >= 0x0300 && c <= 0x036F) || (c >= 0x0483 && c <= 0x0489) ||
	    (c >= 0x0591 && c <= 0x05BD) || (c >= 0x0610 && c <= 0x061A) ||
	    (c >= 0x064B && c <= 0x065F) || (c >= 0x0900 && c <= 0x0903) ||
	    (c >= 0x093A && c <= 0x094F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
	    (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
	    (c >= 0xFE20 && c <= 0xFE2F);
}

static unsigned
classify(uint32_t c)
{
	if (c == DK_REPLACEMENT)
		return DK_CC_PUNCT;
	if (iswalnum_l((wint_t)c, uloc) || is_combining(c))
		return DK_CC_WORD;
	if (iswspace_l((wint_t)c, uloc) || c == 0xA0 || c == 0x2007 || c == 0x202F)
		return DK_CC_SPACE;
	if (iswpunct_l((wint_t)c, uloc))
		return DK_CC_PUNCT;
	return 0;   /* controls, unassigned */
}

static void
init_tables(void)
{
	uint32_t c;

	uloc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	if (!uloc)
		dk_diex(DK_EXIT_OPERAND, "the C.UTF-8 locale is missing from the C library");
	for (c = 0; c < 0x10000; c++) {
		bmp_class[c] = (unsigned char)classify(c);
		bmp_fold[c] = (uint32_t)towlower_l((wint_t)c, uloc);
	}
}

unsigned
dk_uclass(uint32_t cp)
{
	pthread_once(&once, init_tables);
	return cp < 0x10000 ? bmp_class[cp] : classify(cp);
}

uint32_t
dk_ufold(uint32_t cp)
{
	pthread_once(&once, init_tables);
	return cp < 0x10000 ? bmp_fold[cp] : (uint32_t)towlower_l((wint_t)cp, uloc);
}

/* Getting a page to UTF-8: byte order mark, then <meta> in the first 1024
 * bytes, then the HTTP header; what is declared nowhere is UTF-8 when it
 * is valid, else windows-1252 (the WHATWG fallback). */
#include "htmlstrip.h"

#include <errno.h>
#include <iconv.h>
#include <strings.h>

/* windows-1252 at 0x80..0x9F; the five holes decode to C1 controls. */
const uint16_t hs_cp1252[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

enum { C_NONE, C_UTF8, C_1252, C_ICONV };

#define PRESCAN 1024
#define LABELMAX 40

/* Length of the valid UTF-8 prefix; ASCII is checked eight bytes at a
 * time. */
static size_t
utf8_valid(const unsigned char *s, size_t n)
{
	size_t i = 0, len;
	uint64_t w;
	uint32_t cp;

	while (i < n) {
		if (n - i >= 8) {
			memcpy(&w, s + i, 8);
			if ((w & 0x8080808080808080ull) == 0) {
				i += 8;
				continue;
			}
		}
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		len = dk_utf8_decode(s + i, n - i, &cp);
		if (cp == DK_REPLACEMENT && len == 1)
			break;
		i += len;
	}
	return i;
}

static void
put_cp(dk_buf *b, uint32_t cp)
{
	char u[4];

	dk_buf_bytes(b, u, dk_utf8_encode(cp, u));
}

/* UTF-8 with each invalid byte as U+FFFD. */
static void
repair_utf8(const unsigned char *p, size_t n, dk_buf *out)
{
	size_t v;

	for (;;) {
		v = utf8_valid(p, n);
		dk_buf_bytes(out, p, v);
		if (v == n)
			return;
		put_cp(out, DK_REPLACEMENT);
		p += v + 1;
		n -= v + 1;
	}
}

static void
from_1252(const unsigned char *p, size_t n, dk_buf *out)
{
	const unsigned char *q, *end = p + n;
	uint32_t cp;

	dk_buf_reserve(out, n + n / 4);
	while (p < end) {
		for (q = p; q < end && *q < 0x80; q++)
			;
		dk_buf_bytes(out, p, (size_t)(q - p));
		if ((p = q) == end)
			break;
		cp = *p >= 0xA0 ? *p : hs_cp1252[*p - 0x80];
		put_cp(out, cp ? cp : *p);
		p++;
	}
}

/* Through iconv; an invalid byte becomes U+FFFD, in the input or in what
 * iconv made of it.  Returns 0 when the
 * charset is unknown to iconv. */
static int
from_iconv(const char *charset, const unsigned char *p, size_t n, dk_buf *out)
{
	iconv_t cd = iconv_open("UTF-8", charset);
	char *in = (char *)p, *o;
	size_t inleft = n, oleft;

	if (cd == (iconv_t)-1)
		return 0;
	while (inleft > 0) {
		dk_buf_reserve(out, inleft * 2 + 16);
		o = out->p + out->n;
		oleft = out->cap - out->n;
		if (iconv(cd, &in, &inleft, &o, &oleft) == (size_t)-1 && errno != E2BIG) {
			out->n = (size_t)(o - out->p);
			put_cp(out, DK_REPLACEMENT);
			in++;
			inleft--;
			iconv(cd, NULL, NULL, NULL, NULL);
			continue;
		}
		out->n = (size_t)(o - out->p);
	}
	iconv_close(cd);
	/* glibc's UTF-8 decoder lets code points above U+10FFFF through (F4 90
	 * and beyond): what iconv wrote is checked like any other input. */
	if (out->n && utf8_valid((const unsigned char *)out->p, out->n) != out->n) {
		dk_buf fixed = { 0 };

		repair_utf8((const unsigned char *)out->p, out->n, &fixed);
		dk_buf_free(out);
		*out = fixed;
	}
	return 1;
}

/* WHATWG labels that need a different name for glibc's iconv, or that are
 * windows-1252 (which we decode ourselves, holes included). */
static const struct {
	const char *label, *as;
} aliases[] = {
	{ "ansi_x3.4-1968", "" }, { "ascii", "" }, { "cp1252", "" },
	{ "cp819", "" }, { "csisolatin1", "" }, { "ibm819", "" },
	{ "iso-8859-1", "" }, { "iso-ir-100", "" }, { "iso8859-1", "" },
	{ "iso88591", "" }, { "iso_8859-1", "" }, { "iso_8859-1:1987", "" },
	{ "l1", "" }, { "latin1", "" }, { "us-ascii", "" },
	{ "windows-1252", "" }, { "x-cp1252", "" },
	{ "gb2312", "GB18030" }, { "gbk", "GB18030" }, { "x-gbk", "GB18030" },
	{ "gb_2312-80", "GB18030" }, { "chinese", "GB18030" },
	{ "big5", "BIG5-HKSCS" }, { "x-x-big5", "BIG5-HKSCS" },
	{ "euc-kr", "CP949" }, { "ks_c_5601-1987", "CP949" },
	{ "windows-949", "CP949" }, { "shift_jis", "CP932" },
	{ "sjis", "CP932" }, { "x-sjis", "CP932" }, { "windows-31j", "CP932" },
	{ "ms_kanji", "CP932" }, { "iso-8859-9", "CP1254" },
	{ "latin5", "CP1254" }, { "iso-8859-11", "CP874" },
	{ "tis-620", "CP874" }, { "windows-874", "CP874" },
	{ "x-mac-cyrillic", "MAC-CYRILLIC" },
};

/* Resolves a label; *name is set for C_ICONV. */
static int
resolve(const char *label, const char **name)
{
	size_t i;

	if (!*label)
		return C_NONE;
	if (!strcasecmp(label, "utf-8") || !strcasecmp(label, "utf8") ||
	    !strcasecmp(label, "unicode-1-1-utf-8") ||
	    !strncasecmp(label, "utf-16", 6) || !strcasecmp(label, "x-user-defined"))
		return C_UTF8;   /* a page cannot really declare UTF-16 in ASCII */
	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (!strcasecmp(label, aliases[i].label)) {
			if (!*aliases[i].as)
				return C_1252;
			*name = aliases[i].as;
			return C_ICONV;
		}
	*name = label;
	return C_ICONV;
}

/* Copies a label (trimmed of spaces and quotes) into out. */
static void
set_label(char out[LABELMAX], const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (n > 0 && (*p <= ' ' || *p == '"' || *p == '\''))
		p++, n--;
	while (n > 0 && (p[n - 1] <= ' ' || p[n - 1] == '"' || p[n - 1] == '\''))
		n--;
	for (; i < n && i < LABELMAX - 1; i++)
		out[i] = (char)(p[i] < 0x80 ? p[i] : '?');
	out[i] = 0;
}

/* The charset named in a Content-Type value ("text/html; charset=x"). */
static int
content_charset(const unsigned char *p, size_t n, char out[LABELMAX])
{
	const unsigned char *end = p + n, *q;

	for (; end - p > 7; p++) {
		if (strncasecmp((const char *)p, "charset", 7) != 0)
			continue;
		for (q = p + 7; q < end && *q <= ' '; q++)
			;
		if (q == end || *q != '=')
			continue;
		for (q++; q < end && *q <= ' '; q++)
			;
		for (p = q; q < end && *q != ';' && *q != ',' && *q > ' '; q++)
			;
		set_label(out, p, (size_t)(q - p));
		return out[0] != 0;
	}
	return 0;
}

static int
attr_is(const unsigned char *p, size_t n, const char *s)
{
	return n == strlen(s) && strncasecmp((const char *)p, s, n) == 0;
}

/* The charset a <meta> declares, from its attributes at p. */
static int
meta_charset(const unsigned char **pp, const unsigned char *end, char out[LABELMAX])
{
	struct hs_attr a, content = { 0 };
	int sc, found = 0, httpequiv = 0;

	while (hs_attr_next(pp, end, &a, &sc)) {
		if (!a.value)
			continue;
		if (attr_is(a.name, a.namelen, "charset") && !found) {
			set_label(out, a.value, a.valuelen);
			found = out[0] != 0;
		} else if (attr_is(a.name, a.namelen, "http-equiv"))
			httpequiv = attr_is(a.value, a.valuelen, "content-type");
		else if (attr_is(a.name, a.namelen, "content"))
			content = a;
	}
	if (!found && httpequiv && content.value)
		found = content_charset(content.value, content.valuelen, out);
	return found;
}

/* HTML's prescan, simplified: the first <meta> in the first 1024 bytes,
 * outside comments, that declares a charset. */
static int
prescan(const unsigned char *p, size_t n, char out[LABELMAX])
{
	const unsigned char *end = p + (n < PRESCAN ? n : PRESCAN), *q;
	struct hs_attr a;
	int sc;

	while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		if (end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
			q = memmem(p + 4, (size_t)(end - p - 4), "-->", 3);
			p = q ? q + 3 : end;
		} else if (end - p > 6 && strncasecmp((const char *)p + 1, "meta", 4) == 0 &&
		    (p[5] <= ' ' || p[5] == '/')) {
			p += 5;
			if (meta_charset(&p, end, out))
				return 1;
		} else if (end - p > 2 && ((unsigned)((p[1] | 0x20) - 'a') < 26 ||
		    (p[1] == '/' && (unsigned)((p[2] | 0x20) - 'a') < 26))) {
			for (p++; p < end && *p > ' ' && *p != '>'; p++)
				;
			while (hs_attr_next(&p, end, &a, &sc))
				;
		} else
			p++;
	}
	return 0;
}

static const char *
fallback(const unsigned char *p, size_t n, dk_buf *conv, size_t *outn)
{
	if (utf8_valid(p, n) == n) {
		*outn = n;
		return (const char *)p;
	}
	conv->n = 0;
	from_1252(p, n, conv);
	*outn = conv->n;
	return conv->p ? conv->p : "";
}

const char *
hs_decode(const char *doc, size_t n, const char *hint, size_t hintn,
    dk_buf *conv, size_t *outn, const char *name)
{
	const unsigned char *p = (const unsigned char *)doc;
	char label[LABELMAX] = "";
	const char *iname = NULL;
	int c;

	conv->n = 0;
	if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
		p += 3, n -= 3;
		c = C_UTF8;
	} else if (n >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE))) {
		c = C_ICONV;
		iname = p[0] == 0xFE ? "UTF-16BE" : "UTF-16LE";
		p += 2, n -= 2;
	} else {
		if (!prescan(p, n, label) && hint)
			content_charset((const unsigned char *)hint, hintn, label);
		c = resolve(label, &iname);
	}
	if (c == C_UTF8) {
		if (utf8_valid(p, n) == n) {
			*outn = n;
			return (const char *)p;
		}
		repair_utf8(p, n, conv);
	} else if (c == C_1252)
		from_1252(p, n, conv);
	else if (c == C_ICONV && !from_iconv(iname, p, n, conv)) {
		if (dk_verbose)
			dk_warnx("%s: unknown charset \"%s\", read as UTF-8 or windows-1252",
			    name, label);
		return fallback(p, n, conv, outn);
	} else if (c == C_NONE)
		return fallback(p, n, conv, outn);
	*outn = conv->n;
	return conv->p ? conv->p : "";
}

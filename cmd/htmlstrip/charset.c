/* Getting a page to UTF-8, much as HTML's encoding sniffing does: a byte
 * order mark, else a <meta> in the first 1024 bytes (sniff.c), else the
 * charset of the HTTP Content-Type (WARC; browsers put it before the
 * <meta>), else UTF-8 when the page is valid UTF-8, else a later <meta>,
 * else a guess from the bytes (detect.c); labels are looked up by
 * labels.c.  Then the
 * decoders of the Encoding Standard: UTF-8, windows-1252, x-user-defined
 * and replacement here, the others through iconv(3). */
#include "htmlstrip.h"

#include <errno.h>
#include <iconv.h>

/* windows-1252 at 0x80..0x9F; the five holes decode to C1 controls. */
const uint16_t hs_cp1252[32] = {
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

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
		v = dk_utf8_valid_prefix((const char *)p, n);
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
	/* a stateful decoder (windows-1255, windows-1258) may still hold a
	 * character, waiting for a combining mark */
	dk_buf_reserve(out, 64);
	o = out->p + out->n;
	oleft = out->cap - out->n;
	iconv(cd, NULL, NULL, &o, &oleft);
	out->n = (size_t)(o - out->p);
	iconv_close(cd);
	/* glibc's UTF-8 decoder lets code points above U+10FFFF through (F4 90
	 * and beyond): what iconv wrote is checked like any other input. */
	if (out->n && dk_utf8_valid_prefix(out->p, out->n) != out->n) {
		dk_buf fixed = { 0 };

		repair_utf8((const unsigned char *)out->p, out->n, &fixed);
		dk_buf_free(out);
		*out = fixed;
	}
	return 1;
}

/* x-user-defined: bytes 0x80-0xFF are U+F780-U+F7FF. */
static void
from_user_defined(const unsigned char *p, size_t n, dk_buf *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] < 0x80)
			dk_buf_char(out, (char)p[i]);
		else
			put_cp(out, 0xF780 + p[i] - 0x80);
}

/* The encoding of the page and where it was found, for -v notes. */
static int
sniff(const unsigned char *p, size_t n, const char *hint, size_t hintn,
    const char *name)
{
	char label[HS_LABELMAX] = "";
	int e, cut, warned;

	if ((e = hs_prescan(p, n, &cut, label)) >= 0)
		return e;
	if ((warned = *label && dk_verbose))
		dk_warnx("%s: <meta> charset \"%s\" names no encoding, ignored", name, label);
	*label = 0;
	if (hint && (e = hs_content_charset((const unsigned char *)hint, hintn, label)) >= 0)
		return e;
	if (hint && *label && dk_verbose)
		dk_warnx("%s: HTTP charset \"%s\" names no encoding, ignored", name, label);
	*label = 0;
	/* Bytes above 0x7F that happen to be valid UTF-8 are almost never
	 * text in another encoding: this beats a later <meta> (browsers would
	 * show such a page garbled). */
	if (dk_utf8_valid_prefix((const char *)p, n) == n)
		return HS_UTF_8;
	if ((e = hs_late_meta(p, n, label)) >= 0) {
		if (dk_verbose && cut)
			dk_note("%s: a <meta> runs past byte 1024; its charset \"%s\" is "
			    "taken as a browser re-reading the page would", name, label);
		return e;
	}
	if (*label && dk_verbose && !warned)
		dk_warnx("%s: <meta> charset \"%s\" names no encoding, ignored", name, label);
	e = hs_detect(p, n);
	if (dk_verbose && e == HS_UTF_8)
		dk_note("%s: no encoding declared and not valid UTF-8, but nearly: read "
		    "as UTF-8, each invalid byte as U+FFFD", name);
	else if (dk_verbose)
		dk_note("%s: no encoding declared and not UTF-8: read as %s, a guess from "
		    "the bytes", name, hs_encodings[e].name);
	return e;
}

const char *
hs_decode(const char *doc, size_t n, const char *hint, size_t hintn,
    dk_buf *conv, size_t *outn, const char *name)
{
	const unsigned char *p = (const unsigned char *)doc;
	int e;

	conv->n = 0;
	if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
		p += 3, n -= 3;
		e = HS_UTF_8;
	} else if (n >= 2 && ((p[0] == 0xFE && p[1] == 0xFF) || (p[0] == 0xFF && p[1] == 0xFE))) {
		e = p[0] == 0xFE ? HS_UTF_16BE : HS_UTF_16LE;
		p += 2, n -= 2;
	} else
		e = sniff(p, n, hint, hintn, name);
	switch (e) {
	case HS_UTF_8:
		if (dk_utf8_valid_prefix((const char *)p, n) == n) {
			*outn = n;
			return (const char *)p;
		}
		repair_utf8(p, n, conv);
		break;
	case HS_WINDOWS_1252:
		from_1252(p, n, conv);
		break;
	case HS_X_USER_DEFINED:
		from_user_defined(p, n, conv);
		break;
	case HS_REPLACEMENT:
		/* what the standard does with encodings it will not decode */
		if (n > 0)
			put_cp(conv, DK_REPLACEMENT);
		break;
	default:
		if (!from_iconv(hs_encodings[e].iconv, p, n, conv)) {
			dk_warnx("%s: iconv cannot convert from %s, read as windows-1252",
			    name, hs_encodings[e].iconv);
			from_1252(p, n, conv);
		}
	}
	*outn = conv->n;
	return conv->p ? conv->p : "";
}

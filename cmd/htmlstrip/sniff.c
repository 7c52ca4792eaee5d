/* The encoding a page declares in <meta>: HTML's prescan of the first 1024
 * bytes, and the later <meta> a browser's parser would meet and re-decode
 * the page for.  Labels are looked up in the table of labels.c. */
#include "htmlstrip.h"

#include <strings.h>

#define PRESCAN 1024

enum { GOT, END, CUT };        /* what get_attr() found */

struct attr {
	char name[16];          /* lower case, cut (only short names matter) */
	const unsigned char *value;
	size_t valuelen;
};

static int
space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static int
alpha(unsigned char c)
{
	return (unsigned)((c | 0x20) - 'a') < 26;
}

/* HTML's "get an attribute" from *pp: GOT an attribute, END at the tag's
 * '>' (*pp on it), or CUT when the bytes end first.  Values are not
 * lower-cased here: labels are compared in any case. */
static int
get_attr(const unsigned char **pp, const unsigned char *end, struct attr *a)
{
	const unsigned char *p = *pp, *v;
	size_t nl = 0;
	unsigned char q;

	while (p < end && (space(*p) || *p == '/'))
		p++;
	if (p == end)
		return CUT;
	if (*p == '>') {
		*pp = p;
		return END;
	}
	a->value = NULL;
	a->valuelen = 0;
	for (;; p++) {
		if (p == end)
			return CUT;
		if ((*p == '=' && nl > 0) || space(*p) || *p == '/' || *p == '>')
			break;
		if (nl < sizeof a->name - 1)
			a->name[nl++] = (char)(*p >= 'A' && *p <= 'Z' ? *p | 0x20 : *p);
	}
	a->name[nl] = 0;
	while (p < end && space(*p))
		p++;
	if (p == end)
		return CUT;
	if (*p != '=') {
		*pp = p;
		return GOT;
	}
	for (p++; p < end && space(*p); p++)
		;
	if (p == end)
		return CUT;
	if (*p == '"' || *p == '\'') {
		q = *p++;
		if ((v = memchr(p, q, (size_t)(end - p))) == NULL)
			return CUT;
		a->value = p;
		a->valuelen = (size_t)(v - p);
		*pp = v + 1;
		return GOT;
	}
	if (*p == '>') {
		*pp = p;
		return GOT;
	}
	for (v = p; v < end && !space(*v) && *v != '>'; v++)
		;
	if (v == end)
		return CUT;
	a->value = p;
	a->valuelen = (size_t)(v - p);
	*pp = v;
	return GOT;
}

static void
keep_label(char label[HS_LABELMAX], const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n && i < HS_LABELMAX - 1; i++)
		label[i] = (char)(p[i] >= 0x20 && p[i] < 0x7F ? p[i] : '?');
	label[i] = 0;
}

/* HTML's "extracting a character encoding from a meta element": -1 for
 * none, -2 for a label that names no encoding. */
static int
from_content(const unsigned char *p, size_t n, char label[HS_LABELMAX])
{
	const unsigned char *end = p + n, *q;
	int e;

	for (;;) {
		for (; end - p >= 7 && strncasecmp((const char *)p, "charset", 7) != 0; p++)
			;
		if (end - p < 7)
			return -1;
		for (p += 7; p < end && space(*p); p++)
			;
		if (p < end && *p == '=')
			break;
	}
	for (p++; p < end && space(*p); p++)
		;
	if (p == end)
		return -1;
	if (*p == '"' || *p == '\'') {
		if ((q = memchr(p + 1, *p, (size_t)(end - p - 1))) == NULL)
			return -1;
		p++;
	} else
		for (q = p; q < end && !space(*q) && *q != ';'; q++)
			;
	keep_label(label, p, (size_t)(q - p));
	e = hs_label_encoding(p, (size_t)(q - p));
	return e < 0 ? -2 : e;
}

int
hs_content_charset(const unsigned char *p, size_t n, char label[HS_LABELMAX])
{
	int e = from_content(p, n, label);

	return e < 0 ? -1 : e;
}

/* The attributes of a <meta> from *pp, as the prescan reads them: the
 * encoding it declares, -1 for none, or -3 when the bytes end inside it. */
static int
meta(const unsigned char **pp, const unsigned char *end, char label[HS_LABELMAX])
{
	struct attr a;
	char lab[HS_LABELMAX] = "";
	int r, seen = 0, pragma = 0, need = -1, cs = -1, e;

	while ((r = get_attr(pp, end, &a)) == GOT) {
		/* only the first of each attribute counts */
		int bit = !strcmp(a.name, "http-equiv") ? 1 : !strcmp(a.name, "content") ? 2 :
		    !strcmp(a.name, "charset") ? 4 : 0;

		if (!bit || (seen & bit))
			continue;
		seen |= bit;
		if (bit == 1)
			pragma = a.value && a.valuelen == 12 &&
			    !strncasecmp((const char *)a.value, "content-type", 12);
		else if (bit == 2 && cs == -1 && a.value &&
		    (e = from_content(a.value, a.valuelen, lab)) != -1) {
			cs = e;
			need = 1;
		} else if (bit == 4 && cs == -1) {
			keep_label(lab, a.value, a.valuelen);
			e = a.value ? hs_label_encoding(a.value, a.valuelen) : -1;
			cs = e < 0 ? -2 : e;
			need = 0;
		}
	}
	if (r == CUT)
		return -3;
	(*pp)++;                /* past the '>' */
	if (need == -1 || (need == 1 && !pragma))
		return -1;
	memcpy(label, lab, HS_LABELMAX);     /* used, or naming nothing */
	if (cs < 0)
		return -1;
	if (cs == HS_UTF_16BE || cs == HS_UTF_16LE)
		return HS_UTF_8;
	return cs == HS_X_USER_DEFINED ? HS_WINDOWS_1252 : cs;
}

/* Elements whose content a parser reads as text, not tags; plaintext runs
 * to the end. */
static const char *const rawtext[] = {
	"script", "style", "title", "textarea", "xmp", "iframe", "noembed",
	"noframes", "noscript", "plaintext", NULL
};

/* After the start tag name[0, n) at p: past the content of a raw text
 * element and its end tag, else p. */
static const unsigned char *
skip_raw(const unsigned char *name, size_t n, const unsigned char *p,
    const unsigned char *end)
{
	const char *const *r;
	const unsigned char *q;

	for (r = rawtext; *r; r++)
		if (strlen(*r) == n && !strncasecmp((const char *)name, *r, n))
			break;
	if (!*r)
		return p;
	if (!strcmp(*r, "plaintext"))
		return end;
	for (q = p; (q = memchr(q, '<', (size_t)(end - q))) != NULL; q++)
		if ((size_t)(end - q) > n + 2 && q[1] == '/' &&
		    !strncasecmp((const char *)q + 2, *r, n) &&
		    (space(q[n + 2]) || q[n + 2] == '/' || q[n + 2] == '>'))
			return q;
	return end;
}

/* The prescan's loop over p[0, n); late: read raw text elements as a
 * parser does.  *cut is set when a <meta> runs past the end. */
static int
scan(const unsigned char *p, size_t n, int late, int *cut, char label[HS_LABELMAX])
{
	const unsigned char *end = p + n, *q, *name;
	struct attr a;
	int r, e;

	while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		if (end - p >= 4 && !memcmp(p, "<!--", 4)) {
			if ((q = memmem(p + 2, (size_t)(end - p - 2), "-->", 3)) == NULL)
				return -1;
			p = q + 3;
		} else if (end - p >= 6 && !strncasecmp((const char *)p + 1, "meta", 4) &&
		    (space(p[5]) || p[5] == '/')) {
			p += 6;
			if ((e = meta(&p, end, label)) == -3)
				*cut = 1;
			if (e != -1)
				return e < 0 ? -1 : e;
		} else if (end - p >= 3 && (alpha(p[1]) || (p[1] == '/' && alpha(p[2])))) {
			name = p + 1;
			for (q = name; q < end && !space(*q) && *q != '>'; q++)
				;
			p = q;
			while ((r = get_attr(&p, end, &a)) == GOT)
				;
			if (r == CUT)
				return -1;
			p++;
			if (late && *name != '/')
				p = skip_raw(name, (size_t)(q - name), p, end);
		} else if (end - p >= 2 && (p[1] == '!' || p[1] == '/' || p[1] == '?')) {
			if ((q = memchr(p, '>', (size_t)(end - p))) == NULL)
				return -1;
			p = q + 1;
		} else
			p++;
	}
	return -1;
}

int
hs_prescan(const unsigned char *p, size_t n, int *cut, char label[HS_LABELMAX])
{
	*cut = 0;
	return scan(p, n < PRESCAN ? n : PRESCAN, 0, cut, label);
}

int
hs_late_meta(const unsigned char *p, size_t n, char label[HS_LABELMAX])
{
	int cut = 0;

	return scan(p, n, 1, &cut, label);
}

/* The scanner: one pass over the page, no tree.  Text between tags goes
 * through a byte-class table; tags are recognised by name only, and the
 * few elements whose content is not markup (script, style, title, ...) are
 * skipped to their end tag at once.  State is a handful of counters, so
 * deep nesting costs nothing. */
#include "htmlstrip.h"

#include <pthread.h>
#include <stdlib.h>
#include <strings.h>

/* Byte classes of text. */
enum { T_ORD, T_SPACE, T_AMP, T_CTRL, T_C2 };
static unsigned char tcls[256];

/* What an element does to the text. */
enum {
	E_BLOCK = 1,     /* its start and end are line breaks */
	E_RAW = 2,       /* content is not markup, up to its end tag */
	E_REFS = 4,      /* ... and character references are decoded in it */
	E_SHOW = 8,      /* ... and it is text */
	E_SUBTREE = 16,  /* everything inside is dropped */
	E_PRE = 32,      /* line breaks inside are kept */
	E_TITLE = 64,
	E_SCRIPT = 128,
	E_PLAIN = 256,   /* the rest of the page is text */
};

struct elem {
	const char *name;
	unsigned flags;
	size_t len;
	int kind;        /* enum hs_kind: what --main's tree makes of it */
};

/* sizeof: the lengths are known when compiling. */
#define E(name, flags) { name, flags, sizeof name - 1, HK_BLOCK }
#define EK(name, flags, kind) { name, flags, sizeof name - 1, kind }
static const struct elem elems[] = {
	EK("a", 0, HK_A),
	EK("address", E_BLOCK, HK_BOX), EK("article", E_BLOCK, HK_ARTICLE),
	EK("aside", E_BLOCK, HK_ASIDE), EK("blockquote", E_BLOCK, HK_BOX),
	EK("body", E_BLOCK, HK_BODY), EK("br", E_BLOCK, HK_VOID),
	E("caption", E_BLOCK), E("center", E_BLOCK), EK("dd", E_BLOCK, HK_DD),
	E("details", E_BLOCK), EK("dialog", E_BLOCK, HK_BAD), E("dir", E_BLOCK),
	E("div", E_BLOCK), E("dl", E_BLOCK), EK("dt", E_BLOCK, HK_DD),
	EK("fieldset", E_BLOCK, HK_BAD), E("figcaption", E_BLOCK),
	E("figure", E_BLOCK), EK("footer", E_BLOCK, HK_FOOTER),
	EK("form", E_BLOCK, HK_FORM), E("frameset", E_BLOCK),
	EK("h1", E_BLOCK, HK_H1), EK("h2", E_BLOCK, HK_H),
	EK("h3", E_BLOCK, HK_H), EK("h4", E_BLOCK, HK_H),
	EK("h5", E_BLOCK, HK_H), EK("h6", E_BLOCK, HK_H), E("head", E_BLOCK),
	E("header", E_BLOCK), E("hgroup", E_BLOCK), EK("hr", E_BLOCK, HK_VOID),
	EK("html", E_BLOCK, HK_BODY), EK("input", 0, HK_INPUT), E("legend", E_BLOCK),
	EK("li", E_BLOCK, HK_LI), EK("listing", E_BLOCK | E_PRE, HK_BOX),
	EK("main", E_BLOCK, HK_ARTICLE), EK("menu", E_BLOCK, HK_NAV),
	EK("nav", E_BLOCK, HK_NAV), E("ol", E_BLOCK),
	EK("optgroup", E_BLOCK, HK_BAD), EK("option", E_BLOCK, HK_BAD),
	EK("p", E_BLOCK, HK_P), EK("pre", E_BLOCK | E_PRE, HK_BOX),
	EK("search", E_BLOCK, HK_BAD), E("section", E_BLOCK),
	EK("select", E_BLOCK, HK_BAD), E("summary", E_BLOCK),
	E("table", E_BLOCK), E("tbody", E_BLOCK), EK("td", E_BLOCK, HK_TD),
	E("tfoot", E_BLOCK), EK("th", E_BLOCK, HK_TD), E("thead", E_BLOCK),
	EK("tr", E_BLOCK, HK_TR), E("ul", E_BLOCK),
	E("script", E_RAW | E_SCRIPT), E("style", E_RAW), E("iframe", E_RAW),
	E("noembed", E_RAW), E("noframes", E_RAW),
	EK("xmp", E_BLOCK | E_RAW | E_SHOW | E_PRE, HK_VOID),
	EK("textarea", E_BLOCK | E_RAW | E_REFS | E_SHOW, HK_VOID),
	EK("title", E_BLOCK | E_RAW | E_REFS | E_TITLE, HK_VOID),
	EK("plaintext", E_BLOCK | E_PLAIN, HK_VOID),
	E("svg", E_SUBTREE), E("math", E_SUBTREE), E("template", E_SUBTREE),
	E("noscript", E_SUBTREE),
};

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static int
is_alpha(int c)
{
	return (unsigned)((c | 0x20) - 'a') < 26;
}

#define NAMEMAX 16
#define HSIZE 256
static const struct elem *htab[HSIZE];
/* Tag name bytes lower-cased; 0 for the bytes that end a name. */
static unsigned char namechar[256];

static unsigned
namehash(const unsigned char *s, size_t n)
{
	return (unsigned)(n * 37 + s[0] * 11 + s[n - 1] * 5 + s[n / 2]) & (HSIZE - 1);
}

static void
init_tables(void)
{
	size_t i;
	unsigned h;
	int c;

	for (c = 0; c < 256; c++)
		tcls[c] = c < 0x20 || c == 0x7F ? T_CTRL : T_ORD;
	tcls[' '] = tcls['\t'] = tcls['\n'] = tcls['\r'] = tcls['\f'] = T_SPACE;
	tcls['&'] = T_AMP;
	tcls[0xC2] = T_C2;
	for (c = 0; c < 256; c++)
		namechar[c] = (unsigned char)(is_alpha(c) ? c | 0x20 : c);
	namechar[0] = 1;    /* a NUL in a name is not its end */
	namechar[' '] = namechar['\t'] = namechar['\n'] = namechar['\r'] = 0;
	namechar['\f'] = namechar['/'] = namechar['>'] = 0;
	for (i = 0; i < sizeof elems / sizeof elems[0]; i++) {
		h = namehash((const unsigned char *)elems[i].name, elems[i].len);
		while (htab[h])
			h = (h + 1) & (HSIZE - 1);
		htab[h] = &elems[i];
	}
}

static const struct elem *
lookup(const unsigned char *s, size_t n)
{
	unsigned h = namehash(s, n);

	for (; htab[h]; h = (h + 1) & (HSIZE - 1))
		if (htab[h]->len == n && memcmp(htab[h]->name, s, n) == 0)
			return htab[h];
	return NULL;
}

/* ---- text output ---- */

/* pending: what separates the next text from the last: 0 nothing, 1 a
 * space, 2 a line break.  Nothing is written before the first text. */
struct sink {
	dk_buf *b;
	int pending;
};

static inline void
put(struct sink *k, const void *p, size_t n)
{
	if (k->pending) {
		if (k->b->n)
			dk_buf_char(k->b, k->pending == 2 ? '\n' : ' ');
		k->pending = 0;
	}
	dk_buf_bytes(k->b, p, n);
}

static inline void
space(struct sink *k, int level)
{
	if (k->pending < level)
		k->pending = level;
}

struct scan {
	struct sink text, title;
	int want_title;
	int pre;                /* open pre and listing elements */
	const struct elem *skip;  /* the dropped subtree we are in */
	unsigned long skipdepth;
	struct hs_tree *tree;   /* --main: the tree being built, or NULL */
};

/* A decoded character: white space and controls are separators. */
static void
put_cp(struct sink *k, uint32_t cp, int pre)
{
	char u[4];

	if (cp == '\n' && pre)
		space(k, 2);
	else if (cp <= 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0xA0))
		space(k, 1);
	else
		put(k, u, dk_utf8_encode(cp, u));
}

static int
entcmp(const void *key, const void *elt)
{
	const dk_str *s = key;
	const struct hs_entity *e = elt;
	int c = memcmp(s->p, e->name, s->n < e->len ? s->n : e->len);

	return c ? c : (s->n > e->len) - (s->n < e->len);
}

static const struct hs_entity *
find_entity(const unsigned char *p, size_t n)
{
	dk_str key = { (char *)p, n };

	return bsearch(&key, hs_entities, hs_nentities, sizeof hs_entities[0], entcmp);
}

static uint32_t
numeric_value(uint32_t v)
{
	if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return DK_REPLACEMENT;
	if (v >= 0x80 && v <= 0x9F && hs_cp1252[v - 0x80])
		return hs_cp1252[v - 0x80];
	return v;
}

/* "&#..." at p.  Returns the end of the reference, or p when it is none. */
static const unsigned char *
numeric_ref(struct scan *s, struct sink *k, const unsigned char *p,
    const unsigned char *end)
{
	const unsigned char *q = p + 2;
	int hex = 0, d;
	uint32_t v = 0;

	if (q < end && (*q == 'x' || *q == 'X')) {
		hex = 1;
		q++;
	}
	for (p = q; q < end; q++) {
		if (*q >= '0' && *q <= '9')
			d = *q - '0';
		else if (hex && ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'f'))
			d = (*q | 0x20) - 'a' + 10;
		else
			break;
		v = v > 0x10FFFF ? v : v * (hex ? 16 : 10) + (uint32_t)d;
	}
	if (q == p)
		return NULL;
	put_cp(k, numeric_value(v), s->pre);
	return q < end && *q == ';' ? q + 1 : q;
}

/* A character reference at p ('&').  Returns its end, or NULL when there is
 * none and the '&' is text. */
static const unsigned char *
char_ref(struct scan *s, struct sink *k, const unsigned char *p,
    const unsigned char *end)
{
	const unsigned char *q = p + 1;
	const struct hs_entity *e = NULL;
	size_t n, len;

	if (q < end && *q == '#')
		return numeric_ref(s, k, p, end);
	while (q < end && q - p <= 32 && (is_alpha(*q) || (unsigned)(*q - '0') < 10))
		q++;
	n = (size_t)(q - p - 1);
	if (n == 0)
		return NULL;
	if (q < end && *q == ';' && (e = find_entity(p + 1, n)) != NULL)
		q++;
	else {
		/* Without ";" only the legacy names count, longest first:
		 * "&notit;" is "¬it;". */
		for (len = n < 8 ? n : 8; len >= 2; len--)
			if ((e = find_entity(p + 1, len)) != NULL && e->legacy)
				break;
		if (len < 2)
			return NULL;
		q = p + 1 + len;
	}
	put_cp(k, e->cp[0], s->pre);
	if (e->cp[1])
		put_cp(k, e->cp[1], s->pre);
	return q;
}

/* Text with no markup in it, from p to end. */
static void
text_span(struct scan *s, struct sink *k, const unsigned char *p,
    const unsigned char *end, int refs)
{
	const unsigned char *q;

	while (p < end) {
		for (q = p; end - q >= 4 && !(tcls[q[0]] | tcls[q[1]] | tcls[q[2]] | tcls[q[3]]); q += 4)
			;
		for (; q < end && tcls[*q] == T_ORD; q++)
			;
		if (q > p)
			put(k, p, (size_t)(q - p));
		if ((p = q) == end)
			break;
		switch (tcls[*p]) {
		case T_SPACE:
			for (q = p; q < end && tcls[*q] == T_SPACE; q++)
				;
			space(k, s->pre && memchr(p, '\n', (size_t)(q - p)) ? 2 : 1);
			p = q;
			break;
		case T_AMP:
			if (!refs || (q = char_ref(s, k, p, end)) == NULL) {
				put(k, p, 1);
				q = p + 1;
			}
			p = q;
			break;
		case T_CTRL:
			/* NUL is dropped, as browsers do; other controls
			 * separate words. */
			if (*p++ != 0)
				space(k, 1);
			break;
		case T_C2:
			/* U+0080..U+00A0: C1 controls and the no-break
			 * space separate words. */
			if (p + 1 < end && p[1] <= 0xA0) {
				space(k, 1);
				p += 2;
			} else
				put(k, p++, 1);
			break;
		}
	}
}

/* ---- markup ---- */

int
hs_attr_next(const unsigned char **pp, const unsigned char *end,
    struct hs_attr *a, int *selfclosing)
{
	const unsigned char *p = *pp, *q;

	*selfclosing = 0;
	for (;;) {
		while (p < end && (is_space(*p) || *p == '/')) {
			*selfclosing = *p == '/';
			p++;
		}
		if (p == end || *p == '>') {
			*pp = p + (p < end);
			return 0;
		}
		*selfclosing = 0;
		/* A name runs to space, '/', '>' or '=' (one leading '=' is
		 * part of it). */
		for (q = p + 1; q < end && !is_space(*q) && *q != '/' && *q != '>' && *q != '='; q++)
			;
		a->name = p;
		a->namelen = (size_t)(q - p);
		a->value = NULL;
		a->valuelen = 0;
		for (p = q; p < end && is_space(*p); p++)
			;
		if (p == end || *p != '=') {
			*pp = p;
			return 1;
		}
		for (p++; p < end && is_space(*p); p++)
			;
		if (p < end && (*p == '"' || *p == '\'')) {
			q = memchr(p + 1, *p, (size_t)(end - p - 1));
			a->value = p + 1;
			if (!q)
				q = end;
			a->valuelen = (size_t)(q - p - 1);
			*pp = q + (q < end);
			return 1;
		}
		for (q = p; q < end && !is_space(*q) && *q != '>'; q++)
			;
		a->value = p;
		a->valuelen = (size_t)(q - p);
		*pp = q;
		return 1;
	}
}

/* Past the rest of a tag whose attributes start at p. */
static const unsigned char *
tag_end(const unsigned char *p, const unsigned char *end, int *selfclosing)
{
	struct hs_attr a;

	while (hs_attr_next(&p, end, &a, selfclosing))
		;
	return p;
}

/* Past the rest of a tag whose attributes start at p, adding up in *hint
 * what its class, id, role, style and the like say of its content. */
static const unsigned char *
tag_hint(const unsigned char *p, const unsigned char *end, int *selfclosing,
    int *hint, unsigned *flags)
{
	struct hs_attr a;

	while (hs_attr_next(&p, end, &a, selfclosing))
		*hint += hs_attr_hint(&a, flags);
	return p;
}

static int
attr_named(const struct hs_attr *a, const char *name, size_t n)
{
	return a->namelen == n && strncasecmp((const char *)a->name, name, n) == 0;
}

/* Past the rest of an <a> or <input> tag: *yes when it is a link (has an
 * href), an e-mail input (type=email). */
static const unsigned char *
tag_which(const unsigned char *p, const unsigned char *end, int *selfclosing,
    int kind, int *yes)
{
	struct hs_attr a;

	*yes = 0;
	while (hs_attr_next(&p, end, &a, selfclosing))
		if (kind == HK_A ? attr_named(&a, "href", 4) :
		    attr_named(&a, "type", 4) && a.valuelen == 5 &&
		    strncasecmp((const char *)a.value, "email", 5) == 0)
			*yes = 1;
	return p;
}

/* Whether p starts "</name" or "<name" (after skip bytes) and a delimiter. */
static int
tag_at(const unsigned char *p, const unsigned char *end, size_t skip,
    const char *name, size_t len)
{
	p += skip;
	return (size_t)(end - p) > len && strncasecmp((const char *)p, name, len) == 0 &&
	    (is_space(p[len]) || p[len] == '/' || p[len] == '>');
}

/* The '<' of the end tag of a raw text element, or end. */
static const unsigned char *
raw_end(const unsigned char *p, const unsigned char *end, const char *name)
{
	size_t len = strlen(name);

	while ((p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		if (p + 1 < end && p[1] == '/' && tag_at(p, end, 2, name, len))
			return p;
		p++;
	}
	return end;
}

/* Script content follows HTML's script data states: inside "<!--",
 * "<script>" opens a nested script whose "</script>" does not end this
 * one.  Returns the '<' of the end tag, or end. */
static const unsigned char *
script_end(const unsigned char *p, const unsigned char *end)
{
	int state = 0;          /* 0 plain, 1 escaped, 2 double escaped */

	for (; p < end; p++) {
		if (state == 0) {
			if ((p = memchr(p, '<', (size_t)(end - p))) == NULL)
				return end;
		} else if (*p == '-' && end - p >= 3 && p[1] == '-' && p[2] == '>') {
			state = 0;
			p += 2;
			continue;
		}
		if (*p != '<')
			continue;
		if (p + 1 < end && p[1] == '/' && tag_at(p, end, 2, "script", 6)) {
			if (state < 2)
				return p;
			state = 1;
		} else if (state == 0 && end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
			state = 1;
			p += 3;
		} else if (state == 1 && tag_at(p, end, 1, "script", 6))
			state = 2;
	}
	return end;
}

/* After "<!--": past the end of the comment, which may be missing. */
static const unsigned char *
comment_end(const unsigned char *p, const unsigned char *end)
{
	if (p < end && *p == '>')
		return p + 1;
	if (end - p >= 2 && p[0] == '-' && p[1] == '>')
		return p + 2;
	while ((p = memchr(p, '-', (size_t)(end - p))) != NULL) {
		if (end - p >= 3 && p[1] == '-' && p[2] == '>')
			return p + 3;
		if (end - p >= 4 && p[1] == '-' && p[2] == '!' && p[3] == '>')
			return p + 4;
		p++;
	}
	return end;
}

/* "<!" or "<?" at p: comments, CDATA, DOCTYPE, processing instructions. */
static const unsigned char *
markup_decl(const unsigned char *p, const unsigned char *end)
{
	const unsigned char *q;

	if (end - p >= 4 && memcmp(p, "<!--", 4) == 0)
		return comment_end(p + 4, end);
	if (end - p >= 9 && memcmp(p, "<![CDATA[", 9) == 0 &&
	    (q = memmem(p + 9, (size_t)(end - p - 9), "]]>", 3)) != NULL)
		return q + 3;
	q = memchr(p, '>', (size_t)(end - p));
	return q ? q + 1 : end;
}

/* The content of a raw text element e, from p; returns past its end tag.
 * Without one, HTML makes the rest of the page its content; real pages
 * with a <title> or <style> never closed are better read as if it ended
 * at the next '<' (what lenient parsers such as libxml2 do).  A script
 * without an end is still dropped to the end of the page. */
static const unsigned char *
raw_content(struct scan *s, const struct elem *e, const unsigned char *p,
    const unsigned char *end)
{
	const unsigned char *q, *next = NULL;
	int sc;

	q = e->flags & E_SCRIPT ? script_end(p, end) : raw_end(p, end, e->name);
	if (q == end && !(e->flags & E_SCRIPT) &&
	    (next = memchr(p, '<', (size_t)(end - p))) != NULL)
		q = next;
	if (!s->skip) {
		if (e->flags & E_SHOW)
			text_span(s, &s->text, p, q, e->flags & E_REFS);
		else if ((e->flags & E_TITLE) && s->want_title) {
			s->want_title = 0;
			text_span(s, &s->title, p, q, 1);
		}
	}
	if (q == end || q == next)
		return q;
	return tag_end(q + 2 + e->len, end, &sc);
}

/* --main: the tree learns of a start (open) or end tag once its separator
 * is pending. */
static void
tree_tag(struct scan *s, const struct elem *e, int open, int hint, unsigned flags)
{
	size_t pos = s->text.b->n;

	if (e->kind == HK_A)
		hs_tree_link(s->tree, open, pos);
	else if (e->kind == HK_INPUT)
		hs_tree_input(s->tree);
	else if (!(e->flags & E_BLOCK))
		return;
	else if (e->kind == HK_VOID || (e->flags & E_RAW)) {
		if (open && strcmp(e->name, "textarea") == 0)
			hs_tree_input(s->tree);         /* textarea */
		hs_tree_break(s->tree, pos);
	} else if (open) {
		if (e->flags & E_PRE)
			flags |= HF_PRE;
		if (e->kind == HK_H1 || e->kind == HK_H)
			flags |= HF_LEVEL * (unsigned)(e->name[1] - '0');
		hs_tree_open(s->tree, (unsigned)(e - elems), e->kind, hint, flags, pos);
	} else
		hs_tree_close(s->tree, (unsigned)(e - elems), pos);
}

static const unsigned char *
start_tag(struct scan *s, const struct elem *e, const unsigned char *p,
    const unsigned char *end)
{
	int selfclosing, hint = 0, yes = 1;
	unsigned flags = 0;

	if (s->tree && e && !s->skip && (e->flags & E_BLOCK) && e->kind != HK_VOID)
		p = tag_hint(p, end, &selfclosing, &hint, &flags);
	else if (s->tree && e && !s->skip && (e->kind == HK_A || e->kind == HK_INPUT))
		p = tag_which(p, end, &selfclosing, e->kind, &yes);
	else
		p = tag_end(p, end, &selfclosing);
	if (!e)
		return p;
	if (s->skip) {
		if (e == s->skip && !selfclosing)
			s->skipdepth++;
	} else if (e->flags & E_SUBTREE) {
		if (!selfclosing) {
			s->skip = e;
			s->skipdepth = 1;
		}
		return p;
	} else {
		if (e->flags & E_BLOCK)
			space(&s->text, 2);
		if (e->flags & E_PRE)
			s->pre++;
		if (s->tree && yes)
			tree_tag(s, e, 1, hint, flags);
	}
	if (e->flags & E_PLAIN) {
		if (!s->skip)
			text_span(s, &s->text, p, end, 0);
		return end;
	}
	if (e->flags & E_RAW) {
		p = raw_content(s, e, p, end);
		if (!s->skip && (e->flags & E_PRE))
			s->pre--;
		if (!s->skip && (e->flags & E_BLOCK))
			space(&s->text, 2);
		if (!s->skip && s->tree)
			tree_tag(s, e, 0, 0, 0);
	}
	return p;
}

static void
end_tag(struct scan *s, const struct elem *e)
{
	if (!e)
		return;
	if (s->skip) {
		if (e == s->skip && --s->skipdepth == 0)
			s->skip = NULL;
		return;
	}
	if (e->flags & E_BLOCK)
		space(&s->text, 2);
	if ((e->flags & E_PRE) && s->pre > 0)
		s->pre--;
	if (s->tree)
		tree_tag(s, e, 0, 0, 0);
}

/* A tag name at p, lower-cased, as a known element (or NULL); *pp is set
 * past the name. */
static const struct elem *
tag_name(const unsigned char **pp, const unsigned char *end)
{
	const unsigned char *p = *pp;
	unsigned char name[NAMEMAX];
	size_t n = 0;

	for (; p < end && namechar[*p]; p++)
		if (n < NAMEMAX)
			name[n++] = namechar[*p];
		else
			n = NAMEMAX + 1;
	*pp = p;
	return n <= NAMEMAX ? lookup(name, n) : NULL;
}

/* The markup at p ('<'); returns where text resumes. */
static const unsigned char *
markup(struct scan *s, const unsigned char *p, const unsigned char *end)
{
	const struct elem *e;
	int sc;

	if (p + 1 == end)
		goto text;
	if (is_alpha(p[1])) {
		p++;
		e = tag_name(&p, end);
		return start_tag(s, e, p, end);
	}
	if (p[1] == '/') {
		if (p + 2 < end && is_alpha(p[2])) {
			p += 2;
			e = tag_name(&p, end);
			end_tag(s, e);
			return tag_end(p, end, &sc);
		}
		if (p + 2 < end && p[2] == '>')
			return p + 3;
		return markup_decl(p, end);
	}
	if (p[1] == '!' || p[1] == '?')
		return markup_decl(p, end);
text:
	if (!s->skip)
		put(&s->text, "<", 1);
	return p + 1;
}

void
hs_strip(const char *doc, size_t n, dk_buf *body, dk_buf *title)
{
	hs_strip_tree(doc, n, body, title, NULL);
}

void
hs_strip_tree(const char *doc, size_t n, dk_buf *body, dk_buf *title,
    struct hs_tree *tree)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	const unsigned char *p = (const unsigned char *)doc, *end = p + n, *q;
	struct scan s = { { body, 0 }, { title, 0 }, title != NULL, 0, NULL, 0, tree };

	pthread_once(&once, init_tables);
	if (tree)
		hs_tree_reset(tree);
	body->n = 0;
	if (title)
		title->n = 0;
	while (p < end) {
		q = memchr(p, '<', (size_t)(end - p));
		if (!q)
			q = end;
		if (!s.skip)
			text_span(&s, &s.text, p, q, 1);
		p = q < end ? markup(&s, q, end) : end;
	}
	if (tree)
		hs_tree_end(tree, body->n);
}

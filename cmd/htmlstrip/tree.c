/* --main's light tree of one page: the block elements the scanner opens
 * and closes (with what their class, id and role hint at), and the
 * segments of text between block boundaries, with the bytes of each that
 * sit inside links.  End tags are matched leniently, as browsers do for
 * the common cases: a block start closes an open <p>, <li>, <td>, <tr>,
 * <dt> and <dd> close their own kind, an end tag with no open match is
 * ignored.  A link never closed ends, for link text, at its first block
 * boundary: what it would reach past that is found out when the block it
 * started in closes, another link starts or the page ends first. */
#include "htmlstrip.h"

#include <stdlib.h>
#include <strings.h>

/* Deeper blocks are read as part of the one at this depth. */
#define MAXDEPTH 400
/* How far up an end tag looks for its element. */
#define MATCHUP 40

void
hs_tree_reset(struct hs_tree *t)
{
	if (t->capnode == 0) {
		t->capnode = 256;
		t->node = dk_malloc(t->capnode * sizeof *t->node);
	}
	t->node[0] = (struct hs_node){ -1, 0xFFFF, HK_BODY, 0, 0, 0, 0 };
	t->nnode = 1;
	t->nseg = 0;
	t->top = 0;
	t->segstart = t->linkstart = t->link = 0;
	t->inlink = 0;
	t->linknode = 0;
	t->linkseg = SIZE_MAX;
}

void
hs_tree_free(struct hs_tree *t)
{
	free(t->node);
	free(t->seg);
	memset(t, 0, sizeof *t);
}

/* Ends the open segment at pos; it belongs to the innermost open node. */
void
hs_tree_break(struct hs_tree *t, size_t pos)
{
	if (t->inlink) {
		t->link += pos - t->linkstart;
		t->linkstart = pos;
	}
	if (pos > t->segstart) {
		if (t->nseg == t->capseg) {
			t->capseg = t->capseg ? t->capseg * 2 : 256;
			t->seg = dk_realloc(t->seg, t->capseg * sizeof *t->seg);
		}
		t->seg[t->nseg++] = (struct hs_seg){ t->top, t->segstart, pos, t->link };
	}
	if (t->inlink && t->linkseg == SIZE_MAX)
		t->linkseg = t->nseg;   /* segments from here are past a boundary */
	t->segstart = pos;
	t->link = 0;
}

/* The open link was never closed: its text ends at its first block
 * boundary. */
static void
unclosed_link(struct hs_tree *t)
{
	size_t i;

	if (t->linkseg != SIZE_MAX) {
		for (i = t->linkseg; i < t->nseg; i++)
			t->seg[i].link = 0;
		t->link = 0;
	}
	t->inlink = 0;
}

/* After nodes were closed: a link whose node is no longer open. */
static void
link_node_closed(struct hs_tree *t)
{
	if (t->inlink && t->node[t->top].depth < t->node[t->linknode].depth)
		unclosed_link(t);
}

static int
top_kind(const struct hs_tree *t)
{
	return t->node[t->top].kind;
}

static void
pop(struct hs_tree *t)
{
	if (t->top > 0)
		t->top = t->node[t->top].parent;
}

void
hs_tree_open(struct hs_tree *t, unsigned tag, int kind, int hint, unsigned flags,
    size_t pos)
{
	struct hs_node *n;

	hs_tree_break(t, pos);
	if (top_kind(t) == HK_P)
		pop(t);
	if ((kind == HK_LI && top_kind(t) == HK_LI) ||
	    (kind == HK_DD && top_kind(t) == HK_DD))
		pop(t);
	if (kind == HK_TD || kind == HK_TR) {
		if (top_kind(t) == HK_TD)
			pop(t);
		if (kind == HK_TR && top_kind(t) == HK_TR)
			pop(t);
	}
	link_node_closed(t);
	if (t->node[t->top].depth >= MAXDEPTH)
		return;
	if (t->nnode == t->capnode) {
		t->capnode *= 2;
		t->node = dk_realloc(t->node, t->capnode * sizeof *t->node);
	}
	n = &t->node[t->nnode];
	n->parent = t->top;
	n->tag = (unsigned short)tag;
	n->kind = (unsigned char)kind;
	n->hint = hint;
	n->flags = (unsigned char)flags;
	n->depth = t->node[t->top].depth + 1;
	n->start = pos;
	t->top = (int)t->nnode++;
}

void
hs_tree_close(struct hs_tree *t, unsigned tag, size_t pos)
{
	int i, up;

	hs_tree_break(t, pos);
	for (i = t->top, up = 0; i > 0 && up < MATCHUP; i = t->node[i].parent, up++)
		if (t->node[i].tag == tag) {
			t->top = t->node[i].parent;
			link_node_closed(t);
			return;
		}
}

void
hs_tree_input(struct hs_tree *t)
{
	int i, up;

	for (i = t->top, up = 0; i > 0 && up < MATCHUP; i = t->node[i].parent, up++)
		if (t->node[i].kind == HK_FORM) {
			t->node[i].flags |= HF_FORM;
			return;
		}
}

void
hs_tree_link(struct hs_tree *t, int open, size_t pos)
{
	if (open) {
		if (t->inlink) {        /* the last one was never closed */
			t->link += pos - t->linkstart;
			unclosed_link(t);
		}
		t->inlink = 1;
		t->linkstart = pos;
		t->linknode = t->top;
		t->linkseg = SIZE_MAX;
	} else if (t->inlink) {
		t->link += pos - t->linkstart;
		t->inlink = 0;
	}
}

void
hs_tree_end(struct hs_tree *t, size_t pos)
{
	hs_tree_break(t, pos);
	if (t->inlink)
		unclosed_link(t);
}

/* ---- hints ---- */

/* Word beginnings in class and id values: what boilerplate is called, and
 * what content is.  A value is cut into words at every byte that is not a
 * letter or digit; each word starting with one of these counts once. */
static const char *const neg_words[] = {
	"nav", "menu", "foot", "share", "sharing", "social",
	"sidebar", "widget", "related", "breadcrumb", "crumb", "cookie",
	"banner", "promo", "sponsor", "advert", "masthead", "subscri",
	"newsletter", "popup", "modal", "skip", "toolbar", "pagination",
	"pager", "login", "signup", "copyright", "outbrain", "taboola",
	"tagcloud", "rss", "header", "topbar", "trending",
	"popular", "recommend", "teaser", "legal", "disclaimer",
	NULL
};
static const char *const pos_words[] = {
	"article", "content", "post", "entry", "main", "story", "body",
	"text", "blog", "hentry", "headline", NULL
};
/* Readers' comments: a word of a class or id token beginning so (not
 * "commentary", "commentator").  Comments are left out of --main, unless
 * --comments (see extract.c). */
static const char *const comment_words[] = {
	"comment", "disqus", "respond", "reply", "replies", "discussion", NULL
};
/* Blocks that are never the article (HF_AWAY): a class or id token with
 * a word beginning so, or a whole word of these ... */
static const char *const away_words[] = {
	"popup", "modal", "newsletter", "subscri", "signup", "sidebar",
	"related", "lightbox", NULL
};
static const char *const away_exact[] = {
	"bio", "bios", "biography", "aside", NULL
};
/* ... or, its words run together, one of these in it: an author's box. */
static const char *const away_joined[] = {
	"authorbox", "authorbio", "aboutauthor", "abouttheauthor", "authorinfo",
	"authorcard", "authordetails", "authorprofile", NULL
};
/* A token with one of these words says what a block has or allows, not
 * what it is: "comments-enabled", "has-sidebar", "modal-open",
 * "comment-count". */
static const char *const state_words[] = {
	"enabled", "disabled", "open", "opened", "closed", "count", "counts",
	"number", "has", "with", "no", "without", "allowed", "on", "off",
	"icon", "btn", "button", "link", "toggle", "trigger", NULL
};
/* Words that count only when whole. */
static const char *const neg_exact[] = {
	"ad", "ads", "tags", "tools", "links", "extra", "hidden", "hide",
	"aside", "top", "bottom", NULL
};

static int
alnum(int c)
{
	return (unsigned)((c | 0x20) - 'a') < 26 || (unsigned)(c - '0') < 10;
}

static int
lower(int c)
{
	return (unsigned)(c - 'A') < 26 ? c | 0x20 : c;
}

static int
starts(const char *w, size_t n, const char *const *list, int exact)
{
	size_t len;

	for (; *list; list++) {
		len = strlen(*list);
		if (exact ? len == n && memcmp(w, *list, n) == 0 :
		    len <= n && memcmp(w, *list, len) == 0)
			return 1;
	}
	return 0;
}

static int
in_list(const char *w, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (memmem(w, n, *list, strlen(*list)))
			return 1;
	return 0;
}

/* One class or id token (a run of non-blank bytes): its words add to the
 * hint; the token as a whole may say comments or a block away from the
 * article. */
static int
token_hint(const unsigned char *v, size_t n, unsigned *flags)
{
	char w[32], joined[64];
	size_t i, k, nj = 0, nw = 0, wat[8], wlen[8];
	int hint = 0, cmt = 0, away = 0, state = 0;

	for (i = 0; i < n;) {
		for (; i < n && !alnum(v[i]); i++)
			;
		for (k = 0; i < n && alnum(v[i]); i++)
			if (k < sizeof w)
				w[k++] = (char)lower(v[i]);
		if (k == 0 || k == sizeof w)
			continue;
		if (nj + k <= sizeof joined) {
			memcpy(joined + nj, w, k);
			if (nw < 8)
				wat[nw] = nj, wlen[nw++] = k;
			nj += k;
		}
		if (starts(w, k, comment_words, 0)) {
			cmt |= !(k >= 9 && memcmp(w, "commenta", 8) == 0);
			continue;
		}
		away |= starts(w, k, away_words, 0) || starts(w, k, away_exact, 1);
		if (starts(w, k, neg_words, 0) || starts(w, k, neg_exact, 1))
			hint--;
		else if (starts(w, k, pos_words, 0))
			hint++;
	}
	if (!away && nj >= 9 && memmem(joined, nj, "author", 6))
		away = in_list(joined, nj, away_joined);
	for (i = 0; (cmt || away) && i < nw; i++)
		state |= starts(joined + wat[i], wlen[i], state_words, 1);
	if (!state && cmt)
		*flags |= HF_CMT;
	else if (!state && away)
		*flags |= HF_AWAY;
	return hint;
}

static int
words_hint(const unsigned char *v, size_t n, unsigned *flags)
{
	size_t i, j;
	int hint = 0;

	for (i = 0; i < n; i = j) {
		for (; i < n && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' ||
		    v[i] == '\r' || v[i] == '\f'); i++)
			;
		for (j = i; j < n && v[j] != ' ' && v[j] != '\t' && v[j] != '\n' &&
		    v[j] != '\r' && v[j] != '\f'; j++)
			;
		if (j > i)
			hint += token_hint(v + i, j - i, flags);
	}
	return hint;
}

static int
attr_is(const struct hs_attr *a, const char *name)
{
	size_t n = strlen(name);

	return a->namelen == n && strncasecmp((const char *)a->name, name, n) == 0;
}

static int
value_has(const struct hs_attr *a, const char *s)
{
	char v[128];
	size_t i, k;

	for (i = k = 0; i < a->valuelen && k < sizeof v - 1; i++)
		if (a->value[i] != ' ' && a->value[i] != '\t')
			v[k++] = (char)lower(a->value[i]);
	v[k] = 0;
	return strstr(v, s) != NULL;
}

int
hs_attr_hint(const struct hs_attr *a, unsigned *flags)
{
	if (attr_is(a, "class") || attr_is(a, "id"))
		return words_hint(a->value, a->valuelen, flags);
	if (attr_is(a, "hidden"))
		return HS_HIDDEN;
	if (attr_is(a, "style"))
		return value_has(a, "display:none") || value_has(a, "visibility:hidden") ?
		    HS_HIDDEN : 0;
	if (attr_is(a, "aria-modal")) {
		if (value_has(a, "true"))
			*flags |= HF_AWAY;
		return 0;
	}
	if (attr_is(a, "itemprop")) {
		if (value_has(a, "comment"))
			*flags |= HF_CMT;
		if (!value_has(a, "articlebody"))
			return 0;
		*flags |= HF_MARK;
		return 3;
	}
	if (attr_is(a, "role")) {
		if (value_has(a, "main") || value_has(a, "article")) {
			*flags |= HF_MARK;
			return 2;
		}
		if (value_has(a, "complementary") || value_has(a, "dialog"))
			*flags |= HF_AWAY;
		if (value_has(a, "navigation") || value_has(a, "banner") ||
		    value_has(a, "contentinfo") || value_has(a, "complementary") ||
		    value_has(a, "menu") || value_has(a, "search") ||
		    value_has(a, "dialog"))
			return -2;
	}
	return 0;
}

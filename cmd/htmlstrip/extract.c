/* --main: the main content of a page from its light tree (tree.c).
 *
 * Each segment of text (between two block boundaries) gets a value: its
 * characters outside links, less a penalty for those in links and a small
 * one per segment, so that long plain paragraphs count for much, menus and
 * link lists against (boilerpipe's text and link density).  Text under a
 * block whose class, id or role says boilerplate (nav, footer, sidebar,
 * share, ...; readability's hints) or whose element is nav, aside or
 * footer is worth minus its length, and so is script text that leaked
 * out of its element (dense in braces, semicolons and equals signs).
 * Teasers of other pages, plain lines each between two link lines (a
 * list of other stories, headline and summary), count as link text.  The
 * main content is the best run of
 * one node's children in document order: the run with the largest sum of
 * values (Kadane's maximum subarray over each node's children and own
 * segments), which starts and ends with a good paragraph.  It takes in
 * an article's paragraphs, lists and tables, whether wrapped in one
 * element or lying loose beside the framing, and leaves the framing out.
 * Inside it, link-dense segments and boilerplate blocks are dropped (short
 * lines between good ones are kept, as jusText's context does); the
 * nearest headline before it (a link or not) is kept with a byline or
 * date between, unless the run starts with its own.  When the run keeps
 * little of the page, nothing stands out: the page falls back to its
 * whole text.  Time and memory are linear in the tree. */
#include "htmlstrip.h"

#include <limits.h>
#include <stdlib.h>

/* The weights.  LINKCOST, SEGCOST, CMTPCT and BADGOOD were chosen by
 * tests/bench/extract-fit.py on the shared hand-marked pages, each set held
 * out in turn (see there for the held-out figures; `make bench` prints
 * them); the others were set by hand.  Each can be overridden at build
 * time (-DLINKCOST=2), which is how the fit and the bench try others.  A
 * segment is worth its plain characters less (1 + LINKCOST) times its
 * link characters less SEGCOST; readers' comments (a block whose class or
 * id says so) CMTPCT percent of that; boilerplate text minus its
 * characters.  Inside the main run segments with more than MAXLINKS
 * percent of link characters are dropped.  The page falls back to its
 * whole text when the run keeps fewer than MINKEEP characters and less
 * than half of the page's characters outside links: nothing stands out. */
#ifndef LINKCOST
#define LINKCOST 1
#endif
#ifndef SEGCOST
#define SEGCOST 5
#endif
#ifndef CMTPCT
#define CMTPCT 100
#endif
#define MAXLINKS 70
#define MINKEEP 200
/* A teaser is a segment of TPLAIN to TPLAINMAX characters, less than half
 * in links (a summary of a sentence or two), with a link line of at least
 * TLINK characters, at least half in links (a headline), on each side,
 * and another such summary and headline before it or after it.  Longer
 * lines between links are an article's (a news archive, a directory with
 * descriptions: the hand-marked text keeps them); shorter links are page
 * numbers, "Print", "Share".  Readers' comments are not teasers (a
 * poster's name linked above each comment). */
#define TLINK 15
#define TPLAIN 30
#define TPLAINMAX 250
/* Script text: at least 20 characters, CODEPCT percent of them braces,
 * semicolons or equals signs. */
#define CODEPCT 5
/* A run starts and ends with a good item: a segment of at least GOODLEN
 * characters with at most a third of them in links, or a subtree holding
 * one (short lines at the edges, a copyright line, a byline, are only kept
 * between good ones; the headline is looked for apart). */
#define GOODLEN 60
/* A class or id saying boilerplate is not believed on a block holding
 * more than BADSHARE of the page's text (a whole page wrapped in <div
 * id="header-wrap">) or at least BADGOOD good segments (an article in <div
 * class="share_wrapper">). */
#define BADSHARE 0.4
#ifndef BADGOOD
#define BADGOOD 5
#endif
/* A block named for readers' comments is not believed when it holds
 * more than CMTSHARE of the page's text (a long thread may hold more
 * than BADSHARE). */
#define CMTSHARE 0.75
/* A page of sections (see widen). */
#ifndef WIDEN
#define WIDEN 50
#endif
#define SECTPCT 70
#define SECTIONS 3
/* -v names the pages where --main kept under LITTLE percent of the
 * paragraph text. */
#define LITTLE 25
/* How many segments before the main run a headline is looked for ... */
#define HEADBACK 30
/* ... and the lines between it and the run kept when at most this many. */
#define HEADGAP 6

struct seginfo {
	long chars, links;
	int teaser, code;
};

struct work {
	struct seginfo *si;
	long *sum, *tot, *good;
	size_t *lo, *hi;        /* a subtree's segments, lo > hi for none */
	int *child, *sib;       /* first child, next sibling, -1 for none */
	long *dseg, *nextseg;   /* a node's own segments, in order */
	long *gch;              /* characters of good segments in a subtree */
	unsigned char *bad, *cmt;
	unsigned char *scmt;    /* a segment after a comments heading */
	int comments;           /* --comments: comments are content */
	int best;               /* the node of the main run */
};

/* How many Latin letters a character of a script without spaces between
 * words is worth: a word of English is about six characters with its
 * space, one of Chinese or Japanese about two.  So that a paragraph of
 * an article in those scripts is as long, by the rules below, as its
 * translation into English, ideographs, kana and Hangul syllables count
 * WIDE characters each. */
#define WIDE 3

/* Whether the UTF-8 sequence at p (lead byte 0xE0 to 0xEF, n bytes
 * left) is a wide character: U+2E80 to U+9FFF (CJK radicals,
 * punctuation, kana, ideographs), U+AC00 to U+D7AF (Hangul), U+F900 to
 * U+FAFF (compatibility ideographs). */
static int
wide3(const unsigned char *p, size_t n)
{
	unsigned cp;

	if (n < 3)
		return 0;
	cp = (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
	return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
	    (cp >= 0xF900 && cp <= 0xFAFF);
}

/* Characters (not bytes: UTF-8 continuations are not counted; wide
 * characters, and ideographs beyond U+FFFF, count WIDE) that are not
 * white space in p[0..n); *code: how many of them are braces,
 * semicolons and equals signs, which prose seldom has and scripts are
 * full of. */
static long
count_chars(const char *p, size_t n, long *code)
{
	const unsigned char *u = (const unsigned char *)p;
	long c = 0, k = 0;
	size_t i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = u[i];
		if (b < 0x80) {
			c += b != ' ' && b != '\n';
			k += b == '{' || b == '}' || b == ';' || b == '=';
		} else if (b >= 0xE2 && b <= 0xEF)
			c += wide3(u + i, n - i) ? WIDE : 1;
		else if (b >= 0xF0)
			c += b == 0xF0 && i + 1 < n && u[i + 1] >= 0xA0 ? WIDE : 1;
		else
			c += (b & 0xC0) != 0x80;
	}
	*code = k;
	return c;
}

static int
linky(const struct seginfo *s)
{
	return s->chars >= TLINK && 2 * s->links >= s->chars;
}

static int
tplain(const struct seginfo *s)
{
	return s->chars >= TPLAIN && s->chars <= TPLAINMAX && 2 * s->links < s->chars;
}

/* Teasers of other pages: plain segments between link-dense ones, twice
 * in a row (a link, a summary, a link, a summary, a link), as lists of
 * other stories with a line of each are. */
static void
teasers(const struct hs_tree *t, struct work *w)
{
	size_t i, k, m = 0;
	long *at = w->sum;              /* scratch: segments with text */
	struct seginfo *s = w->si;

	for (i = 0; i < t->nseg; i++)
		if (s[i].chars > 0)
			at[m++] = (long)i;
	for (k = 4; k < m; k++)
		if (linky(&s[at[k]]) && tplain(&s[at[k - 1]]) && linky(&s[at[k - 2]]) &&
		    tplain(&s[at[k - 3]]) && linky(&s[at[k - 4]]))
			s[at[k - 1]].teaser = s[at[k - 3]].teaser = 1;
	for (i = 0; i < t->nseg; i++)
		if (w->cmt[t->seg[i].node] || w->scmt[i])
			s[i].teaser = 0;
}

/* Text in a pre or listing: laid out by hand, code as often as not. */
static int
in_pre(const struct hs_tree *t, int node)
{
	int up;

	for (up = 0; node > 0 && up < 4; node = t->node[node].parent, up++)
		if (t->node[node].flags & HF_PRE)
			return 1;
	return 0;
}

static void
seg_info(const struct hs_tree *t, const char *text, struct work *w)
{
	const struct hs_seg *s;
	size_t i, len;
	long code;

	for (i = 0; i < t->nseg; i++) {
		s = &t->seg[i];
		len = s->end - s->start;
		w->si[i].chars = count_chars(text + s->start, len, &code);
		w->si[i].code = 100 * code >= CODEPCT * w->si[i].chars && w->si[i].chars >= 20 &&
		    !in_pre(t, s->node);
		w->si[i].links = len ? (long)((double)w->si[i].chars * (double)s->link / (double)len + 0.5) : 0;
		w->si[i].teaser = 0;
	}
}

static int
bad_kind(int kind)
{
	return kind == HK_NAV || kind == HK_ASIDE || kind == HK_FOOTER || kind == HK_BAD;
}

/* The shape of the tree: children and own segments of each node in
 * document order, the range of segments of each subtree (nodes and
 * segments are numbered in document order, so a subtree's segments are a
 * range), characters in each subtree. */
static void
shape(const struct hs_tree *t, struct work *w)
{
	const struct hs_node *n;
	size_t i;
	long *lastc = w->sum, *lasts = w->nextseg;    /* scratch */
	int k;

	for (i = 0; i < t->nnode; i++) {
		w->tot[i] = 0, w->lo[i] = t->nseg, w->hi[i] = 0;
		w->child[i] = w->sib[i] = -1, w->dseg[i] = lastc[i] = -1;
	}
	for (i = 1; i < t->nnode; i++) {
		k = t->node[i].parent;
		if (lastc[k] < 0)
			w->child[k] = (int)i;
		else
			w->sib[lastc[k]] = (int)i;
		lastc[k] = (long)i;
	}
	for (i = 0; i < t->nnode; i++)
		lastc[i] = -1;          /* now: the last own segment */
	for (i = 0; i < t->nseg; i++) {
		k = t->seg[i].node;
		w->tot[k] += w->si[i].chars;
		if (w->lo[k] > i)
			w->lo[k] = i;
		w->hi[k] = i;
		if (lastc[k] < 0)
			w->dseg[k] = (long)i;
		else
			lasts[lastc[k]] = (long)i;
		lastc[k] = (long)i;
		lasts[i] = -1;
	}
	for (i = t->nnode; i-- > 1;) {
		n = &t->node[i];
		w->tot[n->parent] += w->tot[i];
		if (w->lo[i] < w->lo[n->parent])
			w->lo[n->parent] = w->lo[i];
		if (w->lo[i] <= w->hi[i] && w->hi[i] > w->hi[n->parent])
			w->hi[n->parent] = w->hi[i];
	}
}

static int
long_plain(const struct seginfo *s)
{
	return s->chars >= GOODLEN && 3 * s->links <= s->chars;
}

/* bad: boilerplate by itself or by an ancestor; cmt: readers' comments.
 * A block whose markup says comments, pop-up, sign-up form, bio, related
 * stories or sidebar is taken at its word unless it holds the article's
 * own marks (an h1, itemprop=articleBody, role=main: a page wrapped in
 * <div class="comments-wrap">) or most of the page's text. */
static void
mark(const struct hs_tree *t, struct work *w)
{
	const struct hs_node *n;
	size_t i;
	double share = BADSHARE * (double)w->tot[0];
	double cshare = CMTSHARE * (double)w->tot[0];
	long *plain = w->good;          /* scratch: long plain paragraphs */
	unsigned char *own = w->scmt;   /* scratch: holds the article's marks */
	int away;

	for (i = 0; i < t->nnode; i++)
		plain[i] = 0, own[i] = (t->node[i].flags & HF_MARK) || t->node[i].kind == HK_H1;
	for (i = 0; i < t->nseg; i++)
		plain[t->seg[i].node] += long_plain(&w->si[i]);
	for (i = t->nnode; i-- > 1;) {
		plain[t->node[i].parent] += plain[i];
		own[t->node[i].parent] |= own[i];
	}
	w->bad[0] = w->cmt[0] = 0;
	for (i = 1; i < t->nnode; i++) {
		n = &t->node[i];
		away = (n->flags & (HF_AWAY | HF_FORM)) && !own[i] &&
		    (double)w->tot[i] <= share;
		w->bad[i] = w->bad[n->parent] || n->hint <= HS_HIDDEN / 2 ||
		    bad_kind(n->kind) || away ||
		    (n->hint < 0 && (double)w->tot[i] <= share && plain[i] < BADGOOD);
		w->cmt[i] = w->cmt[n->parent] ||
		    ((n->flags & HF_CMT) && !own[i] && (double)w->tot[i] <= cshare);
	}
}

/* ---- a comments heading ---- */

/* What a heading says when it opens readers' comments, its words in
 * lower case, counts left out ("12 Comments", "Comments (12)"); the last
 * ones only with a count. */
static const char *const cmt_heads[] = {
	"comments", "comment", "reader comments", "readers comments",
	"readers' comments", "user comments", "your comments", "show comments",
	"view comments", "leave a reply", "leave a comment", "post a comment",
	"add a comment", "write a comment", "add comment", "post comment",
	"add your comment", "join the discussion", "join the conversation",
	"kommentare", "kommentar", "leserkommentare", "schreibe einen kommentar",
	"commentaires", "commentaire", "laisser un commentaire",
	"comentarios", "comentario", "deja un comentario", "deja una respuesta",
	"comentários", "deixe um comentário", "commenti", "lascia un commento",
	"reacties", "kommentarer", "kommentit", "komentarze", "komentáře",
	"комментарии", "коментарі", "コメント", "评论", "留言",
	NULL
};
static const char *const cmt_counted[] = {
	"responses", "response", "replies", "reactions", "thoughts", NULL
};
/* ... or begins so ("3 thoughts on “A title”"). */
static const char *const cmt_prefix[] = {
	"thoughts on ", "thought on ", "responses to ", "response to ",
	"replies to ", "comments on ", "comments to ", NULL
};

static int
is_head_space(int c)
{
	return c == ' ' || c == '\n' || c == '(' || c == ')' || c == ':' ||
	    c == '[' || c == ']' || c == '"' || c == '!' || c == '|';
}

static int
comment_heading(const char *p, size_t n)
{
	char b[96];
	size_t i, j, k = 0;
	int count = 0, digits;
	const char *const *h;

	if (n >= sizeof b)
		return 0;
	for (i = 0; i < n; i = j) {
		for (; i < n && is_head_space(p[i]); i++)
			;
		for (j = i, digits = 1; j < n && !is_head_space(p[j]); j++)
			digits &= (unsigned)(p[j] - '0') < 10;
		if (j == i)
			continue;
		if (digits) {
			count = 1;
			continue;
		}
		if (k)
			b[k++] = ' ';
		for (; i < j; i++)
			b[k++] = (char)((unsigned)(p[i] - 'A') < 26 ? p[i] | 0x20 : p[i]);
	}
	b[k] = 0;
	if (k == 0)
		return 0;
	for (h = cmt_heads; *h; h++)
		if (strcmp(b, *h) == 0)
			return 1;
	for (h = cmt_counted; *h && count; h++)
		if (strcmp(b, *h) == 0)
			return 1;
	for (h = cmt_prefix; *h; h++)
		if (strncmp(b, *h, strlen(*h)) == 0)
			return 1;
	return 0;
}

/* The heading element segment i is in (up to three levels up), or 0. */
static int
heading_of(const struct hs_tree *t, size_t i)
{
	int node = t->seg[i].node, up;

	for (up = 0; node > 0 && up < 3; node = t->node[node].parent, up++)
		if (t->node[node].kind == HK_H1 || t->node[node].kind == HK_H)
			return node;
	return 0;
}

/* scmt: a heading that says comments and the blocks after it, within
 * the block that holds it (the heading's wrappers climbed), up to the next
 * heading of its level or above that does not say comments.  Two blocks
 * of text at least must follow: a heading alone is not evidence. */
static void
comment_sections(const struct hs_tree *t, const struct work *w, unsigned char *scmt,
    const char *text)
{
	size_t i, j, end, nblocks;
	int h, wrap, p, h2, level;
	const struct hs_seg *s;

	for (i = 0; i < t->nseg; i++)
		scmt[i] = 0;
	for (i = 0; i < t->nseg; i++) {
		s = &t->seg[i];
		if (scmt[i] || w->si[i].chars == 0 || (h = heading_of(t, i)) == 0 ||
		    !comment_heading(text + s->start, s->end - s->start))
			continue;
		level = t->node[h].flags / HF_LEVEL;
		for (wrap = h; t->node[wrap].parent > 0 &&
		    w->tot[t->node[wrap].parent] == w->tot[wrap];)
			wrap = t->node[wrap].parent;
		p = t->node[wrap].parent;
		end = w->hi[p];
		nblocks = 0;
		for (j = w->hi[h] + 1; j <= end && j < t->nseg; j++) {
			if (w->si[j].chars == 0)
				continue;
			h2 = heading_of(t, j);
			if (h2 && h2 != h && (int)(t->node[h2].flags / HF_LEVEL) <= level &&
			    !comment_heading(text + t->seg[j].start, t->seg[j].end - t->seg[j].start))
				break;
			nblocks++;
		}
		if (nblocks < 2)
			continue;
		end = j;
		for (j = w->lo[h]; j < end; j++)
			scmt[j] = 1;
	}
}

static int
is_cmt(const struct hs_tree *t, const struct work *w, size_t i)
{
	return w->cmt[t->seg[i].node] || w->scmt[i];
}


static long
seg_value(const struct hs_tree *t, const struct work *w, size_t i)
{
	const struct seginfo *s = &w->si[i];
	long v;

	if (w->bad[t->seg[i].node] || s->code || (!w->comments && is_cmt(t, w, i)))
		return -s->chars;
	if (s->teaser)
		return -LINKCOST * s->chars - SEGCOST;
	v = s->chars - (1 + LINKCOST) * s->links - SEGCOST;
	return is_cmt(t, w, i) && v > 0 ? v * CMTPCT / 100 : v;
}

static int
good_seg(const struct hs_tree *t, const struct work *w, size_t i)
{
	const struct seginfo *s = &w->si[i];

	return !w->bad[t->seg[i].node] && long_plain(s) && !s->teaser && !s->code &&
	    (w->comments || !is_cmt(t, w, i));
}

/* The best run of node p's children and own segments, in document order:
 * the one with the largest sum of values (Kadane).  Returns the sum; *lo
 * and *hi are the run's first and last segments. */
static long
best_run(const struct hs_tree *t, const struct work *w, int p, size_t *lo,
    size_t *hi)
{
	int c = w->child[p], open = 0;
	long s = w->dseg[p], cur = 0, best = LONG_MIN, v;
	size_t curlo = 0, ilo, ihi;
	int good;

	while (c >= 0 || s >= 0) {
		if (s >= 0 && (c < 0 || t->seg[s].start < t->node[c].start)) {
			v = seg_value(t, w, (size_t)s);
			good = good_seg(t, w, (size_t)s);
			ilo = ihi = (size_t)s;
			s = w->nextseg[s];
		} else {
			v = w->sum[c];
			good = w->good[c] > 0;
			ilo = w->lo[c], ihi = w->hi[c];
			c = w->sib[c];
			if (ilo > ihi)
				continue;
		}
		if (!open || cur < 0) {
			if (!good)
				continue;
			cur = 0, curlo = ilo;
			open = 1;
		}
		cur += v;
		if (good && cur > best) {
			best = cur;
			*lo = curlo, *hi = ihi;
		}
	}
	return best;
}

/* The main run of segments [*lo, *hi]: the best run of any node.  Returns
 * its sum. */
static long
best_range(const struct hs_tree *t, struct work *w, size_t *lo, size_t *hi)
{
	size_t i, a = 0, b = 0;
	long best = LONG_MIN, v;

	for (i = 0; i < t->nnode; i++)
		w->sum[i] = w->good[i] = 0;
	for (i = 0; i < t->nseg; i++) {
		w->sum[t->seg[i].node] += seg_value(t, w, i);
		w->good[t->seg[i].node] += good_seg(t, w, i);
	}
	for (i = t->nnode; i-- > 1;) {
		w->sum[t->node[i].parent] += w->sum[i];
		w->good[t->node[i].parent] += w->good[i];
	}
	for (i = 0; i < t->nnode; i++)
		if ((v = best_run(t, w, (int)i, &a, &b)) > best) {
			best = v;
			*lo = a, *hi = b;
			w->best = (int)i;
		}
	return best;
}

/* A page of sections: when the main run holds under WIDEN percent of the
 * page's paragraph text (good segments), and a block around it holds
 * SECTPCT percent of that text in SECTIONS children or more, each with a
 * third of the run's paragraph text or more (a manual's sections, a
 * forum's posts, cut apart by what is not text), the main content is
 * those children, from the first to the last. */
static void
widen(const struct hs_tree *t, struct work *w, size_t *lo, size_t *hi)
{
	size_t i;
	long run = 0, all, min;
	int a, c, n, first, last;

	for (i = 0; i < t->nnode; i++)
		w->gch[i] = 0;
	for (i = 0; i < t->nseg; i++)
		if (good_seg(t, w, i))
			w->gch[t->seg[i].node] += w->si[i].chars;
	for (i = t->nnode; i-- > 1;)
		w->gch[t->node[i].parent] += w->gch[i];
	for (i = *lo; i <= *hi; i++)
		if (good_seg(t, w, i))
			run += w->si[i].chars;
	all = w->gch[0];
	if (100 * run >= WIDEN * all)
		return;
	min = run / 3 > 2 * GOODLEN ? run / 3 : 2 * GOODLEN;
	for (a = w->best; a >= 0; a = t->node[a].parent) {
		if (100 * w->gch[a] < SECTPCT * all)
			continue;
		n = 0, first = last = -1;
		for (c = w->child[a]; c >= 0; c = w->sib[c])
			if (!w->bad[c] && w->gch[c] >= min) {
				n++;
				if (first < 0)
					first = c;
				last = c;
			}
		if (n >= SECTIONS && w->lo[first] < *lo + 1 && w->hi[last] + 1 > *hi) {
			*lo = w->lo[first];
			*hi = w->hi[last];
		}
		return;
	}
}

static int
keep_seg(const struct hs_tree *t, const struct work *w, size_t i)
{
	return !w->bad[t->seg[i].node] && !w->si[i].teaser && !w->si[i].code &&
	    100 * w->si[i].links <= MAXLINKS * w->si[i].chars &&
	    (w->comments || !is_cmt(t, w, i));
}

static void
put_seg(dk_buf *out, const char *text, const struct hs_seg *s)
{
	size_t a = s->start, b = s->end;

	while (a < b && (text[a] == ' ' || text[a] == '\n'))
		a++;
	while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\n'))
		b--;
	if (a == b)
		return;
	if (out->n)
		dk_buf_char(out, '\n');
	dk_buf_bytes(out, text + a, b - a);
}

static int
in_heading(const struct hs_tree *t, int node, int kind)
{
	int up;

	for (up = 0; node > 0 && up < 3; node = t->node[node].parent, up++)
		if (t->node[node].kind == kind)
			return 1;
	return 0;
}

/* A headline may be a link (a blog's title linked to its own page),
 * unlike the other lines kept. */
static int
head_seg(const struct hs_tree *t, const struct work *w, size_t i)
{
	return !w->bad[t->seg[i].node] && !w->si[i].teaser && !w->si[i].code;
}

/* The headline: the last h1 (else h2..h6) segment of the HEADBACK before
 * segment first, or -1. */
static long
headline(const struct hs_tree *t, const struct work *w, size_t first)
{
	size_t i, lo = first > HEADBACK ? first - HEADBACK : 0;
	long h = -1;

	for (i = first; i-- > lo;)
		if (head_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H1))
			return (long)i;
	for (i = first; i-- > lo && h < 0;)
		if (head_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H))
			h = (long)i;
	return h;
}

/* The kept segments of [lo, hi], after its headline. */
static long
select_text(const struct hs_tree *t, const struct work *w, size_t lo,
    size_t hi, const char *text, dk_buf *out)
{
	size_t i;
	long kept = 0, h;
	int hashead = 0;

	for (i = lo; i <= hi; i++)
		if (keep_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H1))
			hashead = 1;
	for (i = lo; i <= hi && !keep_seg(t, w, i); i++)
		;
	if (i <= hi && in_heading(t, t->seg[i].node, HK_H))
		hashead = 1;      /* it starts with its own headline */
	if (!hashead && (h = headline(t, w, lo)) >= 0) {
		/* with what comes between it and the run when that is short:
		 * a byline, a date */
		for (i = (size_t)h; i < lo; i++)
			if (i == (size_t)h || (lo - (size_t)h <= HEADGAP && keep_seg(t, w, i)))
				put_seg(out, text, &t->seg[i]);
	}
	for (i = lo; i <= hi; i++)
		if (keep_seg(t, w, i)) {
			put_seg(out, text, &t->seg[i]);
			kept += w->si[i].chars;
		}
	return kept;
}

int
hs_main(const struct hs_tree *t, const char *text, size_t n, dk_buf *out)
{
	int kept;

	return hs_main_opt(t, text, n, out, 0, &kept);
}

int
hs_main_opt(const struct hs_tree *t, const char *text, size_t n, dk_buf *out,
    int comments, int *share)
{
	struct work w;
	long kept = 0, plain = 0, good = 0, goodkept = 0;
	size_t i, lo = 0, hi = 0, nn = t->nnode, ns = t->nseg + 1;
	size_t big = ns > nn ? ns : nn;

	out->n = 0;
	w.si = dk_malloc(ns * sizeof *w.si);
	w.nextseg = dk_malloc(big * sizeof *w.nextseg);
	w.sum = dk_malloc(big * sizeof *w.sum);
	w.tot = dk_malloc(nn * sizeof *w.tot);
	w.good = dk_malloc(nn * sizeof *w.good);
	w.gch = dk_malloc(nn * sizeof *w.gch);
	w.dseg = dk_malloc(nn * sizeof *w.dseg);
	w.lo = dk_malloc(nn * sizeof *w.lo);
	w.hi = dk_malloc(nn * sizeof *w.hi);
	w.child = dk_malloc(nn * sizeof *w.child);
	w.sib = dk_malloc(nn * sizeof *w.sib);
	w.bad = dk_malloc(nn);
	w.cmt = dk_malloc(nn);
	w.scmt = dk_malloc(big);
	w.comments = comments;
	w.best = 0;
	seg_info(t, text, &w);
	for (i = 0; i < t->nseg; i++)
		plain += w.si[i].chars - w.si[i].links;
	shape(t, &w);
	mark(t, &w);
	comment_sections(t, &w, w.scmt, text);
	teasers(t, &w);
	if (t->nseg && best_range(t, &w, &lo, &hi) > 0) {
		widen(t, &w, &lo, &hi);
		kept = select_text(t, &w, lo, hi, text, out);
		for (i = 0; i < t->nseg; i++)
			if (good_seg(t, &w, i)) {
				good += w.si[i].chars;
				if (i >= lo && i <= hi && keep_seg(t, &w, i))
					goodkept += w.si[i].chars;
			}
	}
	free(w.si), free(w.nextseg), free(w.sum), free(w.tot), free(w.good), free(w.dseg);
	free(w.lo), free(w.hi), free(w.child), free(w.sib), free(w.bad), free(w.cmt);
	free(w.gch), free(w.scmt);
	*share = 100;
	if (kept > 0 && (kept >= MINKEEP || 2 * kept >= plain)) {
		if (good > 0)
			*share = (int)(100 * goodkept / good);
		return 0;
	}
	out->n = 0;
	dk_buf_bytes(out, text, n);
	return 1;
}

void
hs_page_text(struct hs_doc *d, const char *u, size_t un, const char *name)
{
	dk_buf *title = d->title ? &d->title_text : NULL;
	int kept;

	if (!d->main) {
		hs_strip(u, un, &d->body, title);
		return;
	}
	hs_strip_tree(u, un, &d->text, title, &d->tree);
	d->whole += (unsigned long)hs_main_opt(&d->tree, d->text.p ? d->text.p : "",
	    d->text.n, &d->body, d->comments, &kept);
	if (kept < LITTLE) {
		d->little++;
		if (dk_verbose)
			dk_note("%s: --main kept %d%% of the text", name, kept);
	}
}

/* --main: the main content of a page from its light tree (tree.c).
 *
 * Each segment of text gets a value: its characters outside links, less a
 * penalty for those in links and a small one per segment, so that long
 * plain paragraphs count for much, menus and link lists against.  Text
 * under a block whose class, id or role says boilerplate (nav, footer,
 * sidebar, comment, share, ...) or whose element is nav, aside or footer
 * counts wholly against.  The main block is the one whose subtree has the
 * largest sum (the best contiguous stretch of the tree: it takes in the
 * article's paragraphs, lists and tables while leaving out the framing
 * around it).  Inside it, link-dense segments and boilerplate blocks are
 * dropped; the nearest headline before it is kept.  When the chosen text
 * is short, no block stands out: the page falls back to its whole text. */
#include "htmlstrip.h"

#include <stdlib.h>

/* The weights, chosen by tests/bench/extract-fit.py on the shared pages
 * (each held out in turn; see there).  A segment is worth its plain
 * characters less (1 + LINKCOST) times its link characters less SEGCOST;
 * boilerplate text is worth minus its characters.  Inside the main block
 * segments with more than MAXLINKS percent of link characters are
 * dropped.  The page falls back to its whole text when the main block
 * keeps fewer than MINKEEP characters and less than half of the page's
 * characters outside links: then nothing stands out. */
#ifndef LINKCOST
#define LINKCOST 2
#endif
#ifndef SEGCOST
#define SEGCOST 20
#endif
#ifndef MAXLINKS
#define MAXLINKS 50
#endif
#ifndef MINKEEP
#define MINKEEP 200
#endif
/* The main block widens to an ancestor holding more good segments (plain
 * text of GOODLEN characters or more) as long as the ancestor's sum is
 * still EXTEND percent of the block's: a forum thread's posts, each with
 * its poster's links, or an article cut by an advertisement. */
#ifndef EXTEND
#define EXTEND 40
#endif
#define GOODLEN 60
#ifndef CMTPCT
#define CMTPCT 50
#endif
#define WIDENUP 8
/* A boilerplate block holding more than this share of the page's text is
 * not believed (a whole page wrapped in <div id="header-wrap">). */
#define BADSHARE 0.4
/* How many segments before the main block a headline is looked for. */
#define HEADBACK 30

struct seginfo {
	long chars, links;
};

struct work {
	struct seginfo *si;
	long *sum, *tot, *good;
	int *last;
	unsigned char *bad, *cmt;
};

/* Characters (not bytes: UTF-8 continuations are not counted) that are
 * not white space in p[0..n). */
static long
count_chars(const char *p, size_t n)
{
	long c = 0;
	size_t i;
	unsigned char b;

	for (i = 0; i < n; i++) {
		b = (unsigned char)p[i];
		c += b != ' ' && b != '\n' && (b & 0xC0) != 0x80;
	}
	return c;
}

static void
seg_info(const struct hs_tree *t, const char *text, struct work *w)
{
	const struct hs_seg *s;
	size_t i, len;

	for (i = 0; i < t->nseg; i++) {
		s = &t->seg[i];
		len = s->end - s->start;
		w->si[i].chars = count_chars(text + s->start, len);
		w->si[i].links = len ? (long)((double)w->si[i].chars * (double)s->link / (double)len + 0.5) : 0;
	}
}

static int
bad_kind(int kind)
{
	return kind == HK_NAV || kind == HK_ASIDE || kind == HK_FOOTER || kind == HK_BAD;
}

/* tot: characters in each subtree; last: the last node of each subtree
 * (nodes are numbered in document order, so a subtree is a range); bad:
 * boilerplate by itself or by an ancestor. */
static void
mark(const struct hs_tree *t, struct work *w)
{
	const struct hs_node *n;
	size_t i;
	long all;

	for (i = 0; i < t->nnode; i++)
		w->tot[i] = 0, w->last[i] = (int)i;
	for (i = 0; i < t->nseg; i++)
		w->tot[t->seg[i].node] += w->si[i].chars;
	for (i = t->nnode; i-- > 1;) {
		n = &t->node[i];
		w->tot[n->parent] += w->tot[i];
		if (w->last[i] > w->last[n->parent])
			w->last[n->parent] = w->last[i];
	}
	all = w->tot[0];
	w->bad[0] = w->cmt[0] = 0;
	for (i = 1; i < t->nnode; i++) {
		n = &t->node[i];
		w->bad[i] = w->bad[n->parent] || n->hint <= HS_HIDDEN / 2 ||
		    bad_kind(n->kind) || (n->hint < 0 && w->tot[i] <= BADSHARE * (double)all);
		w->cmt[i] = w->cmt[n->parent] || (n->comment && w->tot[i] <= BADSHARE * (double)all);
	}
}

static long
seg_value(const struct hs_tree *t, const struct work *w, size_t i)
{
	const struct seginfo *s = &w->si[i];
	long v;

	if (w->bad[t->seg[i].node])
		return -s->chars;
	v = s->chars - (1 + LINKCOST) * s->links - SEGCOST;
	return w->cmt[t->seg[i].node] && v > 0 ? v * CMTPCT / 100 : v;
}

static int
good_seg(const struct hs_tree *t, const struct work *w, size_t i)
{
	const struct seginfo *s = &w->si[i];

	return !w->bad[t->seg[i].node] && (CMTPCT >= 50 || !w->cmt[t->seg[i].node]) && s->chars >= GOODLEN && 10 * s->links <= 3 * s->chars;
}

/* The node whose subtree has the largest sum of segment values, widened
 * (see EXTEND). */
static int
best_node(const struct hs_tree *t, struct work *w)
{
	size_t i;
	int best = 0, a, up, b;

	for (i = 0; i < t->nnode; i++)
		w->sum[i] = w->good[i] = 0;
	for (i = 0; i < t->nseg; i++) {
		w->sum[t->seg[i].node] += seg_value(t, w, i);
		if (good_seg(t, w, i))
			w->good[t->seg[i].node] += w->si[i].chars;
	}
	for (i = t->nnode; i-- > 1;) {
		w->sum[t->node[i].parent] += w->sum[i];
		w->good[t->node[i].parent] += w->good[i];
	}
	for (i = 1; i < t->nnode; i++)
		if (w->sum[i] > w->sum[best])
			best = (int)i;
	b = best;
	for (a = t->node[b].parent, up = 0; a >= 0 && up < WIDENUP; a = t->node[a].parent, up++) {
		if (w->sum[a] * 100 >= EXTEND * w->sum[b] && w->good[a] > w->good[best])
			best = a;
	}
	return best;
}

static int
keep_seg(const struct hs_tree *t, const struct work *w, size_t i)
{
	return !w->bad[t->seg[i].node] &&
	    100 * w->si[i].links <= MAXLINKS * w->si[i].chars;
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

/* The headline: the last h1 (else h2..h6) segment of the HEADBACK before
 * segment first, or -1. */
static long
headline(const struct hs_tree *t, const struct work *w, size_t first)
{
	size_t i, lo = first > HEADBACK ? first - HEADBACK : 0;
	long h = -1;

	for (i = first; i-- > lo;)
		if (keep_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H1))
			return (long)i;
	for (i = first; i-- > lo && h < 0;)
		if (keep_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H))
			h = (long)i;
	return h;
}

/* The kept segments of the subtree of node b, after its headline. */
static long
select_text(const struct hs_tree *t, const struct work *w, int b,
    const char *text, dk_buf *out)
{
	size_t i, first = t->nseg;
	long kept = 0, h;
	int hasH1 = 0;

	for (i = 0; i < t->nseg; i++) {
		if (t->seg[i].node < b || t->seg[i].node > w->last[b])
			continue;
		if (first == t->nseg)
			first = i;
		if (keep_seg(t, w, i) && in_heading(t, t->seg[i].node, HK_H1))
			hasH1 = 1;
	}
	if (!hasH1 && (h = headline(t, w, first)) >= 0)
		put_seg(out, text, &t->seg[h]);
	for (i = first; i < t->nseg; i++) {
		if (t->seg[i].node < b || t->seg[i].node > w->last[b] || !keep_seg(t, w, i))
			continue;
		put_seg(out, text, &t->seg[i]);
		kept += w->si[i].chars;
	}
	return kept;
}

int
hs_main(const struct hs_tree *t, const char *text, size_t n, dk_buf *out)
{
	struct work w;
	long kept = 0, plain = 0;
	size_t i;
	int b;

	out->n = 0;
	w.si = dk_malloc((t->nseg + 1) * sizeof *w.si);
	w.sum = dk_malloc(t->nnode * sizeof *w.sum);
	w.tot = dk_malloc(t->nnode * sizeof *w.tot);
	w.good = dk_malloc(t->nnode * sizeof *w.good);
	w.last = dk_malloc(t->nnode * sizeof *w.last);
	w.bad = dk_malloc(t->nnode);
	w.cmt = dk_malloc(t->nnode);
	seg_info(t, text, &w);
	for (i = 0; i < t->nseg; i++)
		plain += w.si[i].chars - w.si[i].links;
	mark(t, &w);
	b = best_node(t, &w);
	if (w.sum[b] > 0)
		kept = select_text(t, &w, b, text, out);
	free(w.si), free(w.sum), free(w.tot), free(w.good), free(w.last), free(w.bad), free(w.cmt);
	if (kept > 0 && (kept >= MINKEEP || 2 * kept >= plain))
		return 0;
	out->n = 0;
	dk_buf_bytes(out, text, n);
	return 1;
}

void
hs_page_text(struct hs_doc *d, const char *u, size_t un)
{
	dk_buf *title = d->title ? &d->title_text : NULL;

	if (!d->main) {
		hs_strip(u, un, &d->body, title);
		return;
	}
	hs_strip_tree(u, un, &d->text, title, &d->tree);
	d->whole += (unsigned long)hs_main(&d->tree, d->text.p ? d->text.p : "", d->text.n, &d->body);
}

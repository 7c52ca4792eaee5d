/* Recognising a stream from its first line, and the message for a stream
 * of the wrong kind (sniff.h). */
#include "sniff.h"
#include "mem.h"
#include "msg.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int
all_of(const char *p, size_t n, const char *set)
{
	if (n == 0)
		return 0;
	for (; n > 0; n--, p++)
		if (!strchr(set, *p) || *p == '\0')
			return 0;
	return 1;
}

#define DIGITS "0123456789"

/* What the last field is as a signature list. */
struct sigfield {
	int valid;       /* a valid SIGS field */
	int flagged;     /* starts with a flag: !short, !chains, !probe */
	size_t items;    /* SIG=COUNT items */
	size_t ones;     /* of them with COUNT 1 */
	int wordy;       /* only letters, digits, ':', %XX: no URL, no prose */
};

static struct sigfield
sig_field(dk_str f)
{
	struct sigfield s = { 0, 0, 0, 0, 1 };
	dk_sigs sigs = { 0 };
	size_t i;

	s.valid = dk_parse_sigs(f, &sigs) == NULL;
	s.flagged = s.valid && sigs.flags != 0;
	s.items = s.valid ? sigs.n : 0;
	for (i = 0; i < s.items; i++)
		s.ones += sigs.v[i].count == 1;
	for (i = 0; i < f.n; i++) {
		unsigned char b = (unsigned char)f.p[i];

		if (!(b >= 0x80 || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') ||
		    (b >= 'A' && b <= 'Z') || strchr(":%= !", b)))
			s.wordy = 0;
	}
	dk_sigs_free(&sigs);
	return s;
}

static int
is_sim6(dk_str f)
{
	return f.n == 8 && f.p[1] == '.' && all_of(f.p + 2, 6, DIGITS) &&
	    (f.p[0] == '0' || (f.p[0] == '1' && memcmp(f.p + 2, "000000", 6) == 0));
}

/* A field that reads as text rather than an ID: a @tsv escape, eight
 * spaces or more, or 512 bytes or more. */
static int
texty(dk_str f)
{
	size_t i, spaces = 0;

	if (f.n >= 512)
		return 1;
	for (i = 0; i < f.n; i++) {
		if (f.p[i] == ' ')
			spaces++;
		else if (f.p[i] == '\\' && i + 1 < f.n && strchr("\\tnr", f.p[i + 1]))
			return 1;
	}
	return spaces >= 8;
}

static int
starts_ci(const char *p, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && strncasecmp(p, s, k) == 0;
}

/* The kinds the first bytes say, whatever the fields: 0 when none.  The
 * compressed formats and UTF-16 are known by bytes that UTF-8 text cannot
 * start with (bzip2 by its signature and the magic of its first block). */
static unsigned
magic(const char *p, size_t n, int partial)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t i = 0, e = n;

	if (n >= 2 && u[0] == 0x1f && u[1] == 0x8b)
		return DK_KIND_GZIP;
	if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
		return DK_KIND_XZ;
	if (n >= 4 && memcmp(p, "\x28\xb5\x2f\xfd", 4) == 0)
		return DK_KIND_ZSTD;
	if (n >= 10 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9' &&
	    (memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 ||
	    memcmp(p + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
		return DK_KIND_BZIP2;
	if (n >= 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff)))
		return DK_KIND_UTF16;
	if (!partial && n == 8 && memcmp(p, "WARC/", 5) == 0 && p[6] == '.' &&
	    strchr(DIGITS, p[5]) && strchr(DIGITS, p[7]) && p[5] && p[7])
		return DK_KIND_WARC;
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (!partial && e > i && (p[e - 1] == ' ' || p[e - 1] == '\t'))
		e--;
	if (e - i >= 3 && p[i] == '{' && p[i + 1] == '"' &&
	    (partial ? memchr(p, '\t', n) == NULL : p[e - 1] == '}'))
		return DK_KIND_JSONL;
	return 0;
}

/* An HTML or XHTML page: after a UTF-8 byte order mark and blank lines,
 * a line without TAB that starts as only markup starts, with a doctype,
 * <html, an XML declaration or a comment.  p[0, n) are all the bytes
 * looked at, whole lines or not: a page's first line may be longer. */
static unsigned
html(const char *p, size_t n)
{
	static const char *const open[] = { "<!doctype", "<html", "<?xml", "<!--" };
	const char *nl;
	size_t i = 0, k, len;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && strchr(" \t\r\n\f", p[i]) && p[i])
		i++;
	nl = memchr(p + i, '\n', n - i);
	len = nl ? (size_t)(nl - (p + i)) : n - i;
	if (memchr(p + i, '\t', len))
		return 0;
	for (k = 0; k < sizeof open / sizeof open[0]; k++)
		if (starts_ci(p + i, len, open[k]))
			return DK_KIND_HTML;
	return 0;
}

struct line {
	dk_str f[3], last;
	size_t nf;
};

static void
split(const char *p, size_t n, struct line *l)
{
	const char *e = p + n, *tab;

	l->nf = 0;
	for (;;) {
		tab = memchr(p, '\t', (size_t)(e - p));
		l->last.p = (char *)p;
		l->last.n = (size_t)((tab ? tab : e) - p);
		if (l->nf < 3)
			l->f[l->nf] = l->last;
		l->nf++;
		if (!tab)
			break;
		p = tab + 1;
	}
}

/* The first lines of a stream, as many as are whole among those looked
 * at (the reader's bytes at hand, see dk_reader_peek), up to HEADLINES. */
#define HEADLINES 4

struct head {
	struct line l[HEADLINES];
	size_t n;
};

static void
split_head(const char *p, size_t n, int partial, struct head *h)
{
	const char *e = p + n, *nl;
	size_t len;

	if (n == 0) {           /* an empty stream or page: one empty line */
		split(p, 0, &h->l[0]);
		h->n = 1;
		return;
	}
	for (h->n = 0; h->n < HEADLINES && p < e; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (!nl && partial)
			break;          /* cut: not known to be whole */
		if (!nl)
			nl = e;
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		split(p, len, &h->l[h->n++]);
		if (nl == e)
			break;
	}
}

static int
same(dk_str a, dk_str b)
{
	return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

/* Pairs: two lines or more, each exactly ID1 TAB ID2 TAB SIM, SIM with
 * six decimals, ID1 not ID2.  One line alone could be a document with
 * a carried column whose text is a number (id TAB src TAB 0.714286). */
static int
pairs(const struct head *h)
{
	size_t i;

	if (h->n < 2)
		return 0;
	for (i = 0; i < h->n; i++)
		if (h->l[i].nf != 3 || !is_sim6(h->l[i].f[2]) || h->l[i].f[0].n == 0 ||
		    h->l[i].f[1].n == 0 || same(h->l[i].f[0], h->l[i].f[1]))
			return 0;
	return 1;
}

/* Clusters as dkcluster writes them: ID TAB CLUSTER, each ID once and
 * without a space, the members of a cluster on consecutive lines, one of
 * them the ID that names it; and a cluster of two members or more among
 * the lines looked at.  "Bill TAB Bill" alone is a document too. */
static int
clusters(const struct head *h)
{
	size_t i, j, start = 0;
	int named = 0, shown = 0;
	const struct line *l = h->l;

	if (h->n < 2)
		return 0;
	for (i = 0; i < h->n; i++) {
		if (l[i].nf != 2 || l[i].f[0].n == 0 || l[i].f[1].n == 0 ||
		    memchr(l[i].f[0].p, ' ', l[i].f[0].n))
			return 0;
		for (j = 0; j < i; j++)
			if (same(l[j].f[0], l[i].f[0]))
				return 0;
		if (i > start && !same(l[i].f[1], l[start].f[1])) {
			if (!named)     /* a cluster ended without its name */
				return 0;
			for (j = 0; j < start; j++)
				if (same(l[j].f[1], l[i].f[1]))
					return 0;   /* a cluster met twice */
			start = i;
			named = 0;
		}
		named |= same(l[i].f[0], l[i].f[1]);
		shown |= i > start && named;
	}
	return shown;
}

/* Signatures: a valid list that starts with a flag, or of letters,
 * digits, ':' and %XX only that holds four items or more, three in four
 * of them counted once (a text of NAME=VALUE items has other values); the other
 * lines looked at have as many fields and a valid list too. */
static int
signatures(const struct head *h, const struct sigfield *s)
{
	struct sigfield o;
	size_t i;

	if (h->l[0].nf < 2 || !s->valid || !(s->flagged ||
	    (s->wordy && s->items >= 4 && s->ones * 4 >= s->items * 3)))
		return 0;
	for (i = 1; i < h->n; i++) {
		if (h->l[i].nf != h->l[0].nf)
			return 0;
		o = sig_field(h->l[i].last);
		if (!o.valid)
			return 0;
	}
	return 1;
}

/* A last field of MinHash sketch values: flags first, then values of 16
 * lower-case hex digits, one space apart; *nv is their number. */
static int
sketch_field(dk_str f, size_t *nv)
{
	const char *p = f.p, *e = f.p + f.n, *sp;

	*nv = 0;
	if (f.n == 0)
		return 0;
	for (; p < e; p = sp + 1) {
		sp = memchr(p, ' ', (size_t)(e - p));
		if (!sp)
			sp = e;
		if (*nv == 0 && ((sp - p == 6 && (memcmp(p, "!short", 6) == 0 ||
		    memcmp(p, "!probe", 6) == 0)) || (sp - p == 7 && memcmp(p, "!chains", 7) == 0)))
			continue;
		if (sp - p != 16 || !all_of(p, 16, DIGITS "abcdef"))
			return 0;
		(*nv)++;
	}
	return 1;
}

/* Sketches (minhash --sketch): on each line looked at, two fields or
 * more and a last field of sketch values, eight or more and as many on
 * each line that has values (a document without signatures has its
 * flags alone). */
static int
sketches(const struct head *h)
{
	size_t i, nv, want = 0;

	for (i = 0; i < h->n; i++) {
		if (h->l[i].nf < 2 || !sketch_field(h->l[i].last, &nv))
			return 0;
		if (nv == 0)
			continue;
		if (nv < 8 || (want && nv != want))
			return 0;
		want = nv;
	}
	return want > 0;
}

/* A kind the stream certainly is, or 0; s is the first line's last
 * field as signatures. */
static unsigned
certain(const struct head *h, const struct sigfield *s)
{
	const dk_str *f = h->l[0].f;
	size_t nf = h->l[0].nf;

	if (nf == 2 && f[0].n == 2 && memcmp(f[0].p, "!N", 2) == 0 &&
	    all_of(f[1].p, f[1].n, DIGITS))
		return DK_KIND_LEXICON;
	if (nf >= 3 && dk_key_parse(f[0], NULL) != DK_KEY_NONE && s->valid &&
	    (f[0].n > 1 || s->items > 0))
		return DK_KIND_KEYED;
	if (pairs(h))
		return DK_KIND_PAIR;
	if (clusters(h))
		return DK_KIND_CLUSTER;
	if (signatures(h, s))
		return DK_KIND_SIG;
	if (sketches(h))
		return DK_KIND_SKETCH;
	return 0;
}

/* A last field that is a signature list, or a broken one rather than
 * text: at most one of its words lacks '=' (so that the signature parser
 * names what is wrong with it). */
static int
sigish(dk_str f, const struct sigfield *s)
{
	const char *p = f.p, *e = f.p + f.n, *sp;
	int bare = 0;

	if (s->valid)
		return 1;
	if (texty(f))
		return 0;
	for (; p < e; p = sp + 1) {
		sp = memchr(p, ' ', (size_t)(e - p));
		if (!sp)
			sp = e;
		bare += sp > p && !memchr(p, '=', (size_t)(sp - p)) && *p != '!';
	}
	return bare < 2;
}

/* A space and then a lowercase word, ending the field or followed by a
 * space, or by one mark of punctuation that does: " cat", " sat." but not
 * " file.html", " Gates" or " 2". */
static int
spaced_word(dk_str f)
{
	const unsigned char *p = (const unsigned char *)f.p, *e = p + f.n, *w;

	for (; p < e; p++) {
		if (*p != ' ' || p + 1 == e || p[1] < 'a' || p[1] > 'z')
			continue;
		for (w = p + 2; w < e && ((*w >= 'a' && *w <= 'z') || *w >= 0x80); w++)
			;
		if (w < e && strchr(".,;:!?", *w) && *w)
			w++;
		if (w == e || *w == ' ')
			return 1;
	}
	return 0;
}

/* Short texts (ID TEXT) rather than pairs without SIM or clusters: on
 * each line looked at two fields, the first without a space, the second
 * with a space and a lowercase word.  The two columns of a pair stream
 * hold IDs of one kind, and a cluster is named by a member's ID or a
 * label; an ID with a space (a file name) is taken as one when the first
 * column has a space too, or when no lowercase word follows its space. */
static int
short_texts(const struct head *h)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (h->l[i].nf != 2 || h->l[i].f[0].n == 0 ||
		    memchr(h->l[i].f[0].p, ' ', h->l[i].f[0].n) || !spaced_word(h->l[i].f[1]))
			return 0;
	return h->n > 0;
}

/* The kinds the first line may be, when the stream is not certainly one
 * (the next lines looked at can tell short texts); *best is the one to
 * name. */
static unsigned
plausible(const struct head *h, const struct sigfield *s, unsigned *best)
{
	const struct line *l = &h->l[0];
	unsigned k = DK_KIND_DOC;
	int idlike = !texty(l->last) && !(s->valid && (s->items >= 2 || s->flagged)) &&
	    !short_texts(h);

	if (l->nf == 1)      /* no stream of one field but a list: the reader says */
		return *best = ~0u;
	if (sigish(l->last, s))
		k |= DK_KIND_SIG;
	if (idlike)
		k |= DK_KIND_PAIR;
	if (idlike && l->nf == 2)
		k |= DK_KIND_CLUSTER;
	if (l->nf == 2 && all_of(l->f[1].p, l->f[1].n, DIGITS))
		k |= DK_KIND_LEXICON;
	if (idlike && l->nf == 3 && is_sim6(l->f[2]))
		*best = DK_KIND_PAIR;
	else if (k & DK_KIND_SIG)
		*best = DK_KIND_SIG;
	else if (memchr(l->last.p, ' ', l->last.n) || !(k & DK_KIND_PAIR))
		*best = DK_KIND_DOC;
	else
		*best = DK_KIND_PAIR;
	return k;
}

/* The kind the stream whose first bytes are p[0, n) (partial: not the
 * whole stream) is known to be, by its first bytes or its first lines, or
 * 0; *cut when its first line is longer than n, and then h and s are not
 * set, else they are its first lines and the last field of the first as
 * signatures. */
static unsigned
known(const char *p, size_t n, int partial, int *cut, struct head *h, struct sigfield *s)
{
	const char *nl = memchr(p, '\n', n);
	size_t len = nl ? (size_t)(nl - p) : n;
	unsigned k;

	*cut = !nl && partial;
	if (!*cut && len > 0 && p[len - 1] == '\r')
		len--;
	if ((k = magic(p, len, *cut)) != 0 || (k = html(p, n)) != 0 || *cut)
		return k;
	split_head(p, n, partial, h);
	*s = sig_field(h->l[0].last);
	return certain(h, s);
}

/* The kinds the stream may be, *best the one to name. */
static unsigned
sniff(const char *p, size_t n, int partial, unsigned *best)
{
	struct head h;
	struct sigfield s;
	int cut;
	unsigned k = known(p, n, partial, &cut, &h, &s);

	if (k || cut)
		return *best = k ? k : ~0u;
	return plausible(&h, &s, best);
}

unsigned
dk_sniff(const char *p, size_t n, int partial, unsigned *best)
{
	unsigned b;

	return sniff(p, n, partial, best ? best : &b);
}

unsigned
dk_sniff_reader(dk_reader *r, unsigned *best)
{
	dk_str head;
	int partial;

	if (!dk_reader_peek(r, &head, &partial))
		return *best = 0;
	return sniff(head.p, head.n, partial, best);
}

static const struct {
	unsigned kind;
	const char *is;      /* "this looks like ..." */
	const char *read;    /* "prog reads ..." */
} kinds[] = {
	{ DK_KIND_DOC, "a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch",
	    "documents (ID TEXT), e.g. from htmlstrip" },
	{ DK_KIND_SIG, "a signature stream (ID SIGS), for spotmatch, partition, minhash, "
	    "imatch or dklexicon", "signatures (ID SIGS), e.g. from spotsig or qgram" },
	{ DK_KIND_KEYED, "a keyed stream (KEY ID SIGS), for spotmatch",
	    "keyed streams from partition, minhash or imatch" },
	{ DK_KIND_PAIR, "a pair stream (ID1 ID2 SIM), for dkcluster or evaluate",
	    "pairs (ID1 ID2 [SIM]), e.g. from spotmatch" },
	{ DK_KIND_CLUSTER, "a cluster stream (ID CLUSTER), for evaluate",
	    "clusters (ID CLUSTER), e.g. from dkcluster" },
	{ DK_KIND_LEXICON, "a lexicon (TERM DF), the argument of spotsig --idf, "
	    "dklexicon --idf or imatch -L", "a lexicon, from dklexicon" },
	{ DK_KIND_LIST, "a list of IDs, one a line, for dkcluster -a", "a list of IDs" },
	{ DK_KIND_GZIP, "gzip data: decompress it first (zcat FILE | ...), "
	    "or give a .warc.gz to htmlstrip", "gzip data" },
	{ DK_KIND_XZ, "xz-compressed data: decompress it first (xz -dc FILE | ...)",
	    "xz data" },
	{ DK_KIND_BZIP2, "bzip2-compressed data: decompress it first (bzip2 -dc FILE | ...)",
	    "bzip2 data" },
	{ DK_KIND_ZSTD, "zstd-compressed data: decompress it first (zstd -dc FILE | ...)",
	    "zstd data" },
	{ DK_KIND_UTF16, "UTF-16 text: dupkit reads UTF-8, convert it first "
	    "(iconv -f UTF-16 -t UTF-8 FILE | ...)", "UTF-16 text" },
	{ DK_KIND_WARC, "a WARC file, for htmlstrip (--warc on standard input)",
	    "a WARC file" },
	{ DK_KIND_JSONL, "JSON Lines: convert them first, "
	    "e.g. jq -r '[.id, .text] | @tsv'", "JSON Lines" },
	{ DK_KIND_HTML, "an HTML page, for htmlstrip as a file operand", "HTML pages" },
	{ DK_KIND_SKETCH, "MinHash sketches (ID SKETCH), from minhash --sketch, to "
	    "compare value by value in a program of your own", "sketches" },
};

const char *
dk_kind_says(unsigned kind)
{
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].kind == kind)
			return kinds[i].is;
	return "something else";
}

/* "documents (ID TEXT), e.g. from htmlstrip, or signatures ..." */
static void
reads(dk_buf *b, unsigned accept)
{
	size_t i;
	int first = 1;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (!(kinds[i].kind & accept))
			continue;
		if (!first)
			dk_buf_str(b, ", or ");
		dk_buf_str(b, kinds[i].read);
		first = 0;
	}
	dk_buf_char(b, '\0');
}

unsigned
dk_expect(dk_reader *r, unsigned accept, const char *reader)
{
	dk_buf b = { 0 };
	unsigned best, k = dk_sniff_reader(r, &best);

	if (k == 0)
		return accept;
	if (k & accept)
		return k & accept;
	if (!reader) {
		reads(&b, accept);
		reader = b.p;
	}
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r) + 1,
	    "this looks like %s; %s reads %s", dk_kind_says(best), dk_progname, reader);
}

/* What htmlstrip refuses as a page by its first bytes: a page may be
 * UTF-16 or gzip (read by htmlstrip), or start as a WARC record or an HTML
 * document, but not the others. */
#define PAGE_NOT (DK_KIND_JSONL | DK_KIND_XZ | DK_KIND_BZIP2 | DK_KIND_ZSTD)

/* The first lines of a page (up to four) each an ID without '<' or space
 * and a TAB: a document stream, where a page starts with markup or text. */
static int
doc_lines(const char *p, size_t n)
{
	const char *nl, *tab;
	size_t i = 0, len;
	int lines;

	for (lines = 0; lines < 4 && i < n; lines++, i += len + 1) {
		nl = memchr(p + i, '\n', n - i);
		len = nl ? (size_t)(nl - p) - i : n - i;
		tab = memchr(p + i, '\t', len);
		if (!tab || tab == p + i || tab - (p + i) > 256 ||
		    memchr(p + i, '<', (size_t)(tab - (p + i))) ||
		    memchr(p + i, ' ', (size_t)(tab - (p + i))))
			return 0;
	}
	return lines > 0;
}

unsigned
dk_sniff_page(const char *p, size_t n)
{
	struct head h;
	struct sigfield s;
	int partial = n > DK_PEEK_MAX, cut;
	unsigned k;

	if (partial)
		n = DK_PEEK_MAX;
	k = known(p, n, partial, &cut, &h, &s);
	if (k & DK_KIND_MAGIC)
		return k & PAGE_NOT ? k : 0;
	if (k || cut)
		return k;
	return doc_lines(p, n) ? DK_KIND_DOC : 0;
}

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
	int flagged;     /* starts with !short or !probe */
	size_t items;    /* SIG=COUNT items */
	int wordy;       /* only letters, digits, ':', %XX: no URL, no prose */
};

static struct sigfield
sig_field(dk_str f)
{
	struct sigfield s = { 0, 0, 0, 1 };
	dk_sigs sigs = { 0 };
	size_t i;

	s.valid = dk_parse_sigs(f, &sigs) == NULL;
	s.flagged = s.valid && sigs.flags != 0;
	s.items = s.valid ? sigs.n : 0;
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

/* The kinds the first bytes say, whatever the fields: 0 when none. */
static unsigned
magic(const char *p, size_t n, int partial)
{
	size_t i = 0, e = n;

	if (n >= 2 && (unsigned char)p[0] == 0x1f && (unsigned char)p[1] == 0x8b)
		return DK_KIND_GZIP;
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
	if (!memchr(p, '\t', n) && (starts_ci(p + i, n - i, "<!doctype") ||
	    starts_ci(p + i, n - i, "<html")))
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

/* A kind the line certainly is, or 0. */
static unsigned
certain(const struct line *l, const struct sigfield *s)
{
	const dk_str *f = l->f;

	if (l->nf == 2 && f[0].n == 2 && memcmp(f[0].p, "!N", 2) == 0 &&
	    all_of(f[1].p, f[1].n, DIGITS))
		return DK_KIND_LEXICON;
	if (l->nf >= 3 && dk_key_parse(f[0], NULL) != DK_KEY_NONE && s->valid &&
	    (f[0].n > 1 || s->items > 0))
		return DK_KIND_KEYED;
	if (l->nf == 3 && is_sim6(f[2]) && f[0].n > 0 && f[1].n > 0)
		return DK_KIND_PAIR;
	if (l->nf == 2 && f[0].n > 0 && f[0].n == f[1].n &&
	    memcmp(f[0].p, f[1].p, f[0].n) == 0 && !memchr(f[0].p, ' ', f[0].n))
		return DK_KIND_CLUSTER;
	if (l->nf >= 2 && s->valid && (s->flagged || (s->items >= 4 && s->wordy)))
		return DK_KIND_SIG;
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

/* The kinds the line may be, when it is not certainly one; *best is the
 * one to name. */
static unsigned
plausible(const struct line *l, const struct sigfield *s, unsigned *best)
{
	unsigned k = DK_KIND_DOC;
	int idlike = !texty(l->last) && !(s->valid && (s->items >= 2 || s->flagged));

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
	if (k & DK_KIND_SIG)
		*best = DK_KIND_SIG;
	else if (memchr(l->last.p, ' ', l->last.n) || !(k & DK_KIND_PAIR))
		*best = DK_KIND_DOC;
	else
		*best = DK_KIND_PAIR;
	return k;
}

static unsigned
sniff(const char *p, size_t n, int partial, unsigned *best)
{
	struct line l;
	struct sigfield s;
	unsigned k = magic(p, n, partial);

	if (k || partial)
		return *best = k ? k : ~0u;
	split(p, n, &l);
	s = sig_field(l.last);
	if ((k = certain(&l, &s)) != 0)
		return *best = k;
	return plausible(&l, &s, best);
}

unsigned
dk_sniff(const char *p, size_t n, int partial)
{
	unsigned best;

	return sniff(p, n, partial, &best);
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
	{ DK_KIND_WARC, "a WARC file, for htmlstrip (--warc on standard input)",
	    "a WARC file" },
	{ DK_KIND_JSONL, "JSON Lines: convert them first, "
	    "e.g. jq -r '[.id, .text] | @tsv'", "JSON Lines" },
	{ DK_KIND_HTML, "an HTML page, for htmlstrip as a file operand", "HTML pages" },
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
	dk_str line;
	dk_buf b = { 0 };
	unsigned best, k;
	int partial;

	if (!dk_reader_peek(r, &line, &partial))
		return accept;
	k = sniff(line.p, line.n, partial, &best);
	if (k & accept)
		return k & accept;
	if (!reader) {
		reads(&b, accept);
		reader = b.p;
	}
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r) + 1,
	    "this looks like %s; %s reads %s", dk_kind_says(best), dk_progname, reader);
}

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
	const char *nl = memchr(p, '\n', n);
	size_t len = nl ? (size_t)(nl - p) : n;
	struct line l;
	struct sigfield s;
	unsigned k;

	if (len > 0 && p[len - 1] == '\r')
		len--;
	if (magic(p, len, 0) == DK_KIND_JSONL)
		return DK_KIND_JSONL;
	split(p, len, &l);
	s = sig_field(l.last);
	if ((k = certain(&l, &s)) != 0)
		return k;
	return doc_lines(p, n) ? DK_KIND_DOC : 0;
}

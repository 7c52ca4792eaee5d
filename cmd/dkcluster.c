/* dkcluster: the clusters of a pair stream, by star, center or connected
 * components (common/cluster.h), as a cluster stream or a keep list, and
 * with --removed FILE the report of the documents a keep list leaves out.
 *
 * The report is a TSV stream, one line per document of -a that is not the
 * kept document of its cluster, in -a order, no header:
 *
 *   ID TAB KEPT TAB SIM TAB WITH TAB LABEL
 *
 *   KEPT   the kept document of ID's cluster (its line of the keep list)
 *   SIM    the similarity that put ID there, 6 decimals: that of the pair
 *          (ID, KEPT) when the pair stream has it, else ID's highest SIM
 *          to any member of the cluster (the kept one may be reached only
 *          through others, as --keep longest or -m components allow)
 *   WITH   the document SIM is with: KEPT itself, or that other member
 *   LABEL  the last carried column of ID's -a record when it begins with
 *          a URI scheme and "://" (the URI of htmlstrip --warc's
 *          ID DATE URI TEXT), else the title: the first words of the text
 *          (the last column of a document stream), blanks and escaped
 *          TABs, LFs and CRs written as one space, cut at a word end
 *          within TITLE_MAX bytes and then marked "...";
 *          empty for an ID list or a signature stream.
 *
 * A pair repeated counts with its highest SIM; among other members, the
 * first in -a order wins a tie. */
#include "dk.h"
#include "cluster.h"
#include "ownwords.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static const struct dk_usage usage = {
	"dkcluster [-v] [-a FILE] [-m METHOD] [--min-sim S] [--own-words K]\n"
	"        [--word-sim S] [--apart FILE] [--min-size N] [--keep RULE]\n"
	"        [--representatives] [--removed FILE] [--json ID[,TEXT]]\n"
	"        [file ...]",
	"  -a FILE            every ID, from the first column of FILE (an ID list,\n"
	"                     document or signature stream): singletons are listed\n"
	"                     and IDs order the output\n"
	"  -m, --method M     star (default), leader, center or components\n"
	"  --min-sim S        ignore pairs whose SIM is below S\n"
	"  --own-words K      ignore pairs whose documents each use a word K times\n"
	"                     or more, once in their first 100 words, that the\n"
	"                     other never uses, in the same place (two pages of\n"
	"                     one template about different things); needs -a with\n"
	"                     the documents' text (0: no such rule)\n"
	"  --word-sim S       ignore pairs whose documents' sets of words (as\n"
	"                     --own-words counts them) have a Jaccard similarity\n"
	"                     below S (files that share a licence text and\n"
	"                     differ in the rest); needs -a with the text\n"
	"  --apart FILE       write to FILE the pairs --own-words or --word-sim\n"
	"                     ignored\n"
	"  --min-size N       write only clusters of at least N members\n"
	"  --keep RULE        the document each cluster keeps (and leader visits\n"
	"                     first): first (in -a order, the default), longest\n"
	"                     (last column of -a), max:COL or min:COL (a numeric\n"
	"                     column of -a); ties by -a order\n"
	"  --representatives  write the kept ID of each cluster (the keep list);\n"
	"                     needs -a\n"
	"  --removed FILE     write to FILE each document of -a that is not kept:\n"
	"                     ID, KEPT, SIM, WITH (whom SIM is with), LABEL (URI\n"
	"                     or title); needs -a\n"
	"  --json ID[,TEXT]   -a is a corpus in JSON Lines, the document's ID and\n"
	"                     text in its members ID and TEXT (default id,text)\n"
	"  -v                 statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_MINSIM = 0x2000, OPT_MINSIZE, OPT_REPS, OPT_KEEP, OPT_REMOVED, OPT_OWN,
	OPT_APART, OPT_WORDSIM };
enum { KEEP_FIRST, KEEP_LONGEST, KEEP_MAX, KEEP_MIN };

/* IDs get dense numbers in order of first appearance (-a first); the
 * pairs are held as edges between those numbers. */
static struct {
	dk_intern ids;
	DK_VEC(struct dk_edge) edges;
	DK_VEC(double) key;      /* the --keep value of each ID of -a */
	int closed;              /* -a given: no new IDs */
	int64_t minsim;          /* millionths, -1: every pair */
	unsigned long npairs, nused, nself, nweak, napart, nwords;
	unsigned long nrule[DK_OWNWORDS_RULES + 1];     /* napart by rule */
	int nosim;               /* a pair without SIM was read */
} g = { .minsim = -1 };

/* --own-words: the profiles of the IDs of -a (common/ownwords.h), the
 * profile of each (UINT32_MAX: none) and the scratch its unescaped text is
 * made in.  When -a is a regular file, the pairs are read first and then
 * -a again (later), for the profiles of the IDs in a pair only; a pipe is
 * read once, every ID profiled. */
static struct {
	unsigned k;              /* 0: off */
	double wordsim;          /* --word-sim: 0, off */
	int on;                  /* profiles wanted: k or wordsim */
	int later;
	dk_ownwords o;
	DK_VEC(uint32_t) prof;
	DK_VEC(char) text;
	const char *apartpath;   /* --apart: the pairs ignored, written there */
	FILE *apart;
	DK_VEC(struct dk_edge) ignored;
} ow;

/* --removed: the report's file, and the LABEL of each ID of -a (the bytes
 * from lab.v[off.v[i]] to lab.v[off.v[i + 1]]). */
static struct {
	const char *path;
	FILE *f;
	DK_VEC(char) lab;
	DK_VEC(size_t) off;
} rm;

enum { TITLE_MAX = 60 };

static struct {
	int rule;
	long col;                /* max:COL, min:COL: 1 is the ID column */
} keep;

/* The number of ID s (hash h), a new one unless -a closed the list. */
static uint32_t
id_of(const char *file, unsigned long line, dk_str s, uint64_t h)
{
	uint32_t i;
	int isnew;

	if (g.closed) {
		if ((i = dk_intern_find_hashed(&g.ids, s.p, s.n, h)) == UINT32_MAX)
			dk_die_at(file, line, "ID \"%.*s\" is not in the -a list",
			    (int)(s.n > 200 ? 200 : s.n), s.p);
		return i;
	}
	i = dk_intern_id_hashed(&g.ids, s.p, s.n, h, &isnew);
	(void)isnew;
	return i;
}

/* Pairs are read in batches whose IDs are looked up together: the table
 * of 10 million IDs does not fit a cache, and the misses of a batch
 * overlap when its slots are prefetched first. */
enum { BATCH = 256 };
/* The IDs written are read at random: the index entry of the ID 2 * AHEAD
 * places on and the bytes of the one AHEAD on are fetched early. */
enum { AHEAD = 8 };

static struct {
	DK_VEC(char) text;             /* the IDs of the batch */
	struct {
		size_t off[2];
		uint32_t len[2];
		uint64_t h[2];
		int64_t sim;
		unsigned long line;
	} p[BATCH];
	size_t n;
} batch;

static void
flush_batch(const char *file)
{
	size_t k, e;
	uint32_t a, b;
	dk_str s;

	for (k = 0; k < batch.n; k++)
		for (e = 0; e < 2; e++) {
			batch.p[k].h[e] = dk_intern_hash(batch.text.v + batch.p[k].off[e],
			    batch.p[k].len[e]);
			dk_intern_prefetch(&g.ids, batch.p[k].h[e]);
		}
	for (k = 0; k < batch.n; k++)
		for (e = 0; e < 2; e++)
			dk_intern_prefetch_entry(&g.ids, batch.p[k].h[e]);
	for (k = 0; k < batch.n; k++) {
		s.p = batch.text.v + batch.p[k].off[0];
		s.n = batch.p[k].len[0];
		a = id_of(file, batch.p[k].line, s, batch.p[k].h[0]);
		s.p = batch.text.v + batch.p[k].off[1];
		s.n = batch.p[k].len[1];
		b = id_of(file, batch.p[k].line, s, batch.p[k].h[1]);
		if (g.minsim >= 0 && batch.p[k].sim < g.minsim)
			g.nweak++;
		else if (a == b)
			g.nself++;
		else {
			struct dk_edge ed = { a, b, batch.p[k].sim < 0 ? 1000000 :
			    (uint32_t)batch.p[k].sim };

			g.nused++;
			DK_PUSH(&g.edges, ed);
		}
	}
	batch.n = 0;
	batch.text.n = 0;
}

static void
batch_add(dk_str id1, dk_str id2, int64_t sim, unsigned long line)
{
	size_t k = batch.n++;

	DK_GROW(&batch.text, batch.text.n + id1.n + id2.n);
	batch.p[k].off[0] = batch.text.n;
	batch.p[k].len[0] = (uint32_t)id1.n;
	memcpy(batch.text.v + batch.text.n, id1.p, id1.n);
	batch.text.n += id1.n;
	batch.p[k].off[1] = batch.text.n;
	batch.p[k].len[1] = (uint32_t)id2.n;
	memcpy(batch.text.v + batch.text.n, id2.p, id2.n);
	batch.text.n += id2.n;
	batch.p[k].sim = sim;
	batch.p[k].line = line;
}

/* The --keep value of a record of -a: the length of its last column, or
 * the number in column keep.col. */
static double
keep_value(dk_reader *r, const dk_record *rec)
{
	char buf[64], *end;
	const dk_str *f;
	double x;

	if (keep.rule == KEEP_LONGEST) {
		if (rec->n < 2)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "--keep longest needs a document stream (ID TAB ... TEXT), "
			    "found one column");
		return (double)rec->f[rec->n - 1].n;
	}
	if ((size_t)keep.col > rec->n)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "--keep: no column %ld (the record has %zu)", keep.col, rec->n);
	f = &rec->f[keep.col - 1];
	if (f->n == 0 || f->n >= sizeof buf)
		goto bad;
	memcpy(buf, f->p, f->n);
	buf[f->n] = '\0';
	x = strtod(buf, &end);
	if (*end != '\0' || isspace((unsigned char)buf[0]) || !isfinite(x))
		goto bad;
	return x;
bad:
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
	    "--keep: column %ld is not a number: \"%.*s\"", keep.col,
	    (int)(f->n > 40 ? 40 : f->n), f->p);
}

/* SCHEME "://" at the start of f: a letter, then letters, digits, '+',
 * '-' or '.'. */
static int
is_uri(dk_str f)
{
	size_t i;

	if (f.n == 0 || !isalpha((unsigned char)f.p[0]))
		return 0;
	for (i = 1; i < f.n && (isalnum((unsigned char)f.p[i]) ||
	    f.p[i] == '+' || f.p[i] == '-' || f.p[i] == '.'); i++)
		;
	return f.n - i >= 3 && memcmp(f.p + i, "://", 3) == 0;
}

/* The length of the unit of escaped text at p (n > 0 bytes): an escape,
 * or a UTF-8 sequence (an invalid byte alone); *blank when it is a space
 * or an escaped TAB, LF or CR. */
static size_t
text_unit(const char *p, size_t n, int *blank)
{
	uint32_t cp;

	*blank = p[0] == ' ';
	if (p[0] == '\\' && n > 1) {
		*blank = p[1] == 't' || p[1] == 'n' || p[1] == 'r';
		return 2;
	}
	return dk_utf8_decode((const unsigned char *)p, n, &cp);
}

/* The title of an escaped text: its words, each run of blanks (spaces,
 * escaped TABs, LFs and CRs) written as one space, whole when they fit
 * TITLE_MAX bytes, else cut at the last word end that fits (or, in a
 * first word longer than that, between two characters) and marked. */
static void
push_title(dk_str t)
{
	size_t i, u, n = 0, wend = 0;
	int blank, cut = 0;

	DK_GROW(&rm.lab, rm.lab.n + TITLE_MAX + 3);
	for (i = 0; i < t.n; i += u) {
		u = text_unit(t.p + i, t.n - i, &blank);
		if (blank) {
			if (n > 0 && rm.lab.v[rm.lab.n + n - 1] != ' ') {
				wend = n;
				if (n + 1 > TITLE_MAX) {
					cut = 1;
					break;
				}
				rm.lab.v[rm.lab.n + n++] = ' ';
			}
			continue;
		}
		if (n + u > TITLE_MAX) {
			cut = 1;
			break;
		}
		memcpy(rm.lab.v + rm.lab.n + n, t.p + i, u);
		n += u;
	}
	if (cut) {
		if (wend)
			n = wend;
		memcpy(rm.lab.v + rm.lab.n + n, "...", 3);
		n += 3;
	} else if (n > 0 && rm.lab.v[rm.lab.n + n - 1] == ' ')
		n--;
	rm.lab.n += n;
}

/* The LABEL of a record of -a (see the top of this file); title: the
 * stream may be a document stream. */
static void
push_label(const dk_record *rec, int title)
{
	dk_str uri;

	DK_PUSH(&rm.off, rm.lab.n);
	if (rec->n >= 3 && is_uri(rec->f[rec->n - 2])) {
		uri = rec->f[rec->n - 2];
		DK_GROW(&rm.lab, rm.lab.n + uri.n);
		memcpy(rm.lab.v + rm.lab.n, uri.p, uri.n);
		rm.lab.n += uri.n;
	} else if (title && rec->n >= 2)
		push_title(rec->f[rec->n - 1]);
}

/* --apart: the pairs --own-words or --word-sim ignored, ID1 TAB ID2 TAB SIM (no SIM
 * where the pair stream had none), once the IDs can be read back. */
static void
write_apart(void)
{
	size_t i, la, lb;

	for (i = 0; i < ow.ignored.n; i++) {
		const struct dk_edge *e = &ow.ignored.v[i];
		const char *a = dk_intern_get(&g.ids, e->a, &la), *b = dk_intern_get(&g.ids, e->b, &lb);

		fprintf(ow.apart, "%.*s\t%.*s", (int)la, a, (int)lb, b);
		if (!g.nosim)
			fprintf(ow.apart, "\t%u.%06u", e->sim / 1000000, e->sim % 1000000);
		fputc('\n', ow.apart);
	}
	if (ferror(ow.apart) | fclose(ow.apart))
		dk_die(DK_EXIT_OPERAND, "%s", ow.apartpath);
}

/* The option that wants the text, for messages. */
static const char *
ow_option(void)
{
	return ow.k ? "--own-words" : "--word-sim";
}

static void
own_needs_text(dk_reader *r)
{
	dk_die_at(dk_reader_name(r), dk_reader_lineno(r) ? dk_reader_lineno(r) : 1,
	    "%s needs the "
	    "documents' text in -a (a document stream, or a JSON Lines corpus with "
	    "--json), not an ID list or a signature stream", ow_option());
}

/* --own-words: the profile of a new ID's text, the last column of its
 * record, unescaped. */
static void
add_text(dk_reader *r, const dk_record *rec)
{
	dk_str t = rec->f[rec->n - 1];
	const char *msg;

	DK_GROW(&ow.text, t.n + 1);
	memcpy(ow.text.v, t.p, t.n);
	t.p = ow.text.v;
	if ((msg = dk_unescape(&t)) != NULL)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
	dk_ownwords_add(&ow.o, t.p, t.n);
}

/* A profile own_filter wants (ID in a pair), or none (in no pair). */
#define WANTED (UINT32_MAX - 1)
#define NONE UINT32_MAX

/* The record of ID i, read again (ow.later): its profile, if i is in a
 * pair and has none yet. */
static void
add_later(dk_reader *r, const dk_record *rec)
{
	uint32_t i = dk_intern_find(&g.ids, rec->f[0].p, rec->f[0].n);

	if (i == UINT32_MAX || ow.prof.v[i] != WANTED)
		return;
	ow.prof.v[i] = (uint32_t)dk_ownwords_count(&ow.o);
	add_text(r, rec);
}

/* -a read again for the profiles of the IDs in a pair (ow.later). */
static void
profile_later(const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_record rec = { 0 };
	dk_doc doc = { 0 };

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	if (dk_corpus.json) {
		/* the first reading checked the IDs; this one meets them again */
		int allow = dk_allow_repeated_ids;

		dk_allow_repeated_ids = 1;
		dk_corpus_start(r, DK_KIND_DOC, NULL);
		while (dk_corpus_next(r, &doc, DK_DOC_TEXT))
			add_later(r, dk_doc_record(&doc));
		dk_doc_free(&doc);
		dk_allow_repeated_ids = allow;
	} else {
		dk_expect(r, DK_KIND_DOC, "the documents' text with -a and --own-words or --word-sim");
		while (dk_read_record(r, &rec, 1))
			add_later(r, &rec);
		dk_record_free(&rec);
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
}

/* --own-words: the pairs whose documents are apart dropped, the profiles
 * made first where -a is read again, of each ID in a pair; an ID that
 * second reading lacks is a file changed in between. */
static void
own_filter(const char *path)
{
	size_t i, n = 0;

	if (ow.later) {
		for (i = 0; i < ow.prof.n; i++)
			ow.prof.v[i] = NONE;
		for (i = 0; i < g.edges.n; i++)
			ow.prof.v[g.edges.v[i].a] = ow.prof.v[g.edges.v[i].b] = WANTED;
		profile_later(path);
		for (i = 0; i < ow.prof.n; i++)
			if (ow.prof.v[i] == WANTED)
				dk_diex(DK_EXIT_OPERAND, "%s: changed while read (--own-words reads "
				    "it twice): an ID of its first reading is not in its second",
				    path);
	}
	for (i = 0; i < g.edges.n; i++) {
		struct dk_edge e = g.edges.v[i];

		int own = ow.k ? dk_ownwords_apart(&ow.o, ow.prof.v[e.a], ow.prof.v[e.b]) : 0;
		int words = !own && ow.wordsim > 0 &&
		    dk_ownwords_wordsim(&ow.o, ow.prof.v[e.a], ow.prof.v[e.b]) < ow.wordsim;

		if (own || words) {
			g.napart += own != 0;
			g.nrule[own]++;
			g.nwords += words;
			if (ow.apart)
				DK_PUSH(&ow.ignored, e);
		} else
			g.edges.v[n++] = e;
	}
	g.nused -= g.napart + g.nwords;
	g.edges.n = n;
}

/* One ID of -a, with the record it comes from: a repeated ID counts
 * once, with the values of its first line. */
static void
add_id(dk_reader *r, const dk_record *rec, int title)
{
	size_t before;

	if (rec->f[0].n == 0)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID");
	if (memchr(rec->f[0].p, 0, rec->f[0].n))
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "NUL byte in an ID");
	before = dk_intern_count(&g.ids);
	id_of(dk_reader_name(r), dk_reader_lineno(r), rec->f[0],
	    dk_intern_hash(rec->f[0].p, rec->f[0].n));
	if (keep.rule != KEEP_FIRST && dk_intern_count(&g.ids) > before)
		DK_PUSH(&g.key, keep_value(r, rec));
	if (rm.path && dk_intern_count(&g.ids) > before)
		push_label(rec, title);
	if (ow.on && dk_intern_count(&g.ids) > before) {
		if (rec->n < 2)
			own_needs_text(r);
		DK_PUSH(&ow.prof, (uint32_t)dk_ownwords_count(&ow.o));
		if (!ow.later)
			add_text(r, rec);
	}
}

/* The end of -a: the end of the last label, a read error fatal, the list
 * closed to new IDs. */
static void
close_ids(dk_reader *r)
{
	if (rm.path)
		DK_PUSH(&rm.off, rm.lab.n);
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
	g.closed = 1;
}

/* -a as JSON Lines (--json): the documents of a corpus, through the
 * corpus reader, each as the record ID TAB TEXT. */
static void
load_json(dk_reader *r)
{
	dk_doc doc = { 0 };

	dk_corpus_start(r, DK_KIND_DOC, NULL);
	while (dk_corpus_next(r, &doc, DK_DOC_TEXT))
		add_id(r, dk_doc_record(&doc), 1);
	dk_doc_free(&doc);
	close_ids(r);
}

static void
load_ids(const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_record rec = { 0 };
	int title;

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	if (dk_corpus.json) {
		load_json(r);
		return;
	}
	title = (dk_expect(r, DK_KIND_LIST | DK_KIND_DOC | DK_KIND_SIG | DK_KIND_SKETCH |
	    DK_KIND_CLUSTER,
	    "IDs with -a (an ID list, a document stream or a signature stream)") &
	    DK_KIND_DOC) != 0;
	if (ow.on && !title)
		own_needs_text(r);
	while (dk_read_record(r, &rec, 1)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		add_id(r, &rec, title);
	}
	dk_record_free(&rec);
	close_ids(r);
}

static void
parse_keep(const char *s)
{
	char *end;

	if (strcmp(s, "first") == 0)
		keep.rule = KEEP_FIRST;
	else if (strcmp(s, "longest") == 0)
		keep.rule = KEEP_LONGEST;
	else if (strncmp(s, "max:", 4) == 0 || strncmp(s, "min:", 4) == 0) {
		keep.rule = s[1] == 'a' ? KEEP_MAX : KEEP_MIN;
		errno = 0;
		keep.col = strtol(s + 4, &end, 10);
		if (!isdigit((unsigned char)s[4]) || *end != '\0' || errno ||
		    keep.col < 1 || keep.col > 1000000)
			dk_diex(DK_EXIT_INPUT, "--keep %s: COL is not a column number "
			    "(1 is the ID)", s);
	} else
		dk_diex(DK_EXIT_INPUT, "--keep %s: not first, longest, max:COL or min:COL", s);
}

static void
run(dk_reader *r, void *arg)
{
	dk_record rec = { 0 };
	dk_pair p;
	const char *msg;

	(void)arg;
	dk_expect(r, DK_KIND_PAIR, NULL);
	while (dk_read_record(r, &rec, 2)) {
		if ((msg = dk_parse_pair(&rec, &p)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		if (g.minsim >= 0 && p.sim < 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "--min-sim needs a SIM column");
		if (p.sim < 0)
			g.nosim = 1;
		if (rm.path && p.sim < 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "--removed needs a SIM column");
		if (p.id1.n > UINT32_MAX || p.id2.n > UINT32_MAX)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "ID too long");
		g.npairs++;
		batch_add(p.id1, p.id2, p.sim, dk_reader_lineno(r));
		if (batch.n == BATCH)
			flush_batch(dk_reader_name(r));
	}
	flush_batch(dk_reader_name(r));
	dk_record_free(&rec);
}

static const double *sortkey;

/* Greatest key first for longest and max, least for min; ties by ID. */
static int
by_keep(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	double ka = sortkey[a], kb = sortkey[b];

	if (ka != kb)
		return (keep.rule == KEEP_MIN) == (ka < kb) ? -1 : 1;
	return (a > b) - (a < b);
}

/* name[id]: the kept ID of id's cluster, by the method.  The nodes of
 * common/cluster.h are the IDs in keep order: with --keep first the IDs
 * themselves, else the edges are renumbered to the places of a sort. */
static uint32_t *
cluster_names(int method, uint32_t n)
{
	uint32_t *head = dk_reallocarray(NULL, n ? n : 1, sizeof *head), *order, *pos, i;
	size_t k, nspare;
	/* the IDs are read back by number from here on */
	void *spare = dk_intern_seal(&g.ids, &nspare);

	if (keep.rule == KEEP_FIRST) {
		dk_cluster(method, n, g.edges.v, g.edges.n, 0, head, spare, nspare);
		return head;
	}
	/* order[k] is the ID visited k-th, pos[id] its place */
	order = dk_reallocarray(NULL, n ? n : 1, sizeof *order);
	pos = dk_reallocarray(NULL, n ? n : 1, sizeof *pos);
	for (i = 0; i < n; i++)
		order[i] = i;
	sortkey = g.key.v;
	qsort(order, n, sizeof *order, by_keep);
	free(g.key.v);
	g.key.v = NULL;
	for (i = 0; i < n; i++)
		pos[order[i]] = i;
	for (k = 0; k < g.edges.n; k++) {
		g.edges.v[k].a = pos[g.edges.v[k].a];
		g.edges.v[k].b = pos[g.edges.v[k].b];
	}
	dk_cluster(method, n, g.edges.v, g.edges.n, 0, head, spare, nspare);
	for (i = 0; i < n; i++)
		pos[i] = order[head[pos[i]]];
	free(order);
	free(head);
	return pos;
}

/* The --removed report, from the kept ID of each ID (name) and the edges
 * as read (e, ne); counts on stderr with -v. */
static void
write_removed(const uint32_t *name, uint32_t n, const struct dk_edge *e, size_t ne,
    unsigned long nclusters)
{
	uint32_t *with = dk_reallocarray(NULL, n ? n : 1, sizeof *with);
	uint32_t *sim = dk_reallocarray(NULL, n ? n : 1, sizeof *sim), i, r, o, c;
	unsigned long nremoved = 0, nexact = 0;
	size_t k, len;
	int end, direct, cur;
	dk_buf b = { 0 };
	const char *s;

	for (i = 0; i < n; i++)
		with[i] = UINT32_MAX;
	/* each removed ID's pair with its kept one, else its most similar pair
	 * in its cluster */
	for (k = 0; k < ne; k++) {
		if (name[e[k].a] != name[e[k].b])
			continue;
		for (end = 0; end < 2; end++) {
			r = end ? e[k].b : e[k].a;
			o = end ? e[k].a : e[k].b;
			if ((c = name[r]) == r)
				continue;
			direct = o == c;
			cur = with[r] == c;
			if (with[r] == UINT32_MAX || direct > cur || (direct == cur &&
			    (e[k].sim > sim[r] || (e[k].sim == sim[r] && o < with[r])))) {
				with[r] = o;
				sim[r] = e[k].sim;
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (name[i] == i)
			continue;
		nremoved++;
		s = dk_intern_get(&g.ids, i, &len);
		dk_buf_bytes(&b, s, len);
		dk_buf_char(&b, '\t');
		s = dk_intern_get(&g.ids, name[i], &len);
		dk_buf_bytes(&b, s, len);
		dk_buf_char(&b, '\t');
		/* every member but the kept one has a pair in its cluster */
		if (with[i] != UINT32_MAX) {
			nexact += sim[i] == 1000000;
			dk_buf_sim(&b, sim[i] / 1e6);
			dk_buf_char(&b, '\t');
			s = dk_intern_get(&g.ids, with[i], &len);
			dk_buf_bytes(&b, s, len);
		} else
			dk_buf_str(&b, "-\t-");
		dk_buf_char(&b, '\t');
		dk_buf_bytes(&b, rm.lab.v + rm.off.v[i], rm.off.v[i + 1] - rm.off.v[i]);
		dk_buf_char(&b, '\n');
		if (b.n >= 1 << 16) {
			fwrite(b.p, 1, b.n, rm.f);
			b.n = 0;
		}
	}
	if (b.n > 0)        /* b.p is NULL when nothing was removed */
		fwrite(b.p, 1, b.n, rm.f);
	if (ferror(rm.f) | fclose(rm.f))
		dk_die(DK_EXIT_OPERAND, "%s", rm.path);
	if (dk_verbose)
		dk_note("--removed %s: %lu clusters, %lu kept, %lu removed, %lu of them "
		    "exact copies (SIM 1)", rm.path, nclusters, nclusters, nremoved, nexact);
	dk_buf_free(&b);
	free(with);
	free(sim);
}

/* Writes the clusters in ID order of their names, members in ID order. */
static void
write_clusters(int method, uint32_t minsize, int reps)
{
	size_t n = dk_intern_count(&g.ids), i, len, nread = g.edges.n;
	/* the edges as read, for --removed: clustering renumbers them */
	struct dk_edge *read = rm.path ? dk_reallocarray(NULL, g.edges.n ? g.edges.n : 1,
	    sizeof *read) : NULL;
	uint32_t *name, *start, *member;
	uint32_t *own = NULL;
	unsigned long nclusters = 0, nsingle = 0, largest = 0;

	if (read && g.edges.n)
		memcpy(read, g.edges.v, g.edges.n * sizeof *read);
	name = cluster_names(method, (uint32_t)n);
	/* start and member: in the memory of the edges, done with, if it
	 * holds them (fresh memory costs: its pages are zeroed as they are
	 * first touched) */
	if (g.edges.n * sizeof *g.edges.v >= (2 * n + 1) * sizeof *start) {
		start = (uint32_t *)(void *)g.edges.v;
		memset(start, 0, (n + 1) * sizeof *start);
	} else
		start = own = dk_calloc(2 * n + 1, sizeof *start);
	member = start + n + 1;
	/* counting sort of the IDs by cluster name, stable */
	for (i = 0; i < n; i++)
		start[name[i] + 1]++;
	for (i = 0; i < n; i++)
		start[i + 1] += start[i];
	for (i = 0; i < n; i++)
		member[start[name[i]]++] = (uint32_t)i;
	/* start[k] is now the end of cluster k; walk the clusters in order */
	for (i = 0; i < n; ) {
		uint32_t c = name[member[i]], end = start[c], size = end - (uint32_t)i, j;
		size_t cn;
		const char *cname = dk_intern_get(&g.ids, c, &cn);

		nclusters++;
		nsingle += size == 1;
		if (size > largest)
			largest = size;
		if (size >= minsize && reps) {
			dk_buf_bytes(&dk_out, cname, cn);
			dk_buf_char(&dk_out, '\n');
			dk_out_maybe_flush();
		} else if (size >= minsize) {
			for (j = (uint32_t)i; j < end; j++) {
				const char *id;

				if (j + 2 * AHEAD < n)
					dk_intern_prefetch_index(&g.ids, member[j + 2 * AHEAD]);
				if (j + AHEAD < n)
					dk_intern_prefetch_bytes(&g.ids, member[j + AHEAD]);
				id = dk_intern_get(&g.ids, member[j], &len);

				dk_buf_bytes(&dk_out, id, len);
				dk_buf_char(&dk_out, '\t');
				dk_buf_bytes(&dk_out, cname, cn);
				dk_buf_char(&dk_out, '\n');
				dk_out_maybe_flush();
			}
		}
		i = end;
	}
	if (dk_verbose)
		dk_note("%lu pairs read, %lu used, %lu self, %lu below --min-sim; "
		    "%zu IDs in %lu clusters by %s (%lu singletons, largest %lu)",
		    g.npairs, g.nused, g.nself, g.nweak, n, nclusters,
		    dk_cluster_name(method), nsingle, largest);
	if (dk_verbose && ow.k)
		dk_note("--own-words %u: %lu pairs ignored, %lu with each document "
		    "naming its own subject in the same place, %lu with a name "
		    "renamed, %lu with a run of words put in (profiles of %zu "
		    "documents, %.1f MB)", ow.k, g.napart,
		    g.nrule[DK_OWNWORDS_PLACE], g.nrule[DK_OWNWORDS_RENAMED],
		    g.nrule[DK_OWNWORDS_TAKEN_OUT], dk_ownwords_count(&ow.o),
		    dk_ownwords_bytes(&ow.o) / 1e6);
	if (dk_verbose && ow.wordsim > 0)
		dk_note("--word-sim %g: %lu pairs ignored, their sets of words less alike",
		    ow.wordsim, g.nwords);
	if (read) {
		write_removed(name, (uint32_t)n, read, nread, nclusters);
		free(read);
	}
	free(name);
	free(own);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "method", required_argument, NULL, 'm' },
		DK_CLI_IDOPTS,
		{ "min-sim", required_argument, NULL, OPT_MINSIM },
		{ "min-size", required_argument, NULL, OPT_MINSIZE },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ "representatives", no_argument, NULL, OPT_REPS },
		{ "removed", required_argument, NULL, OPT_REMOVED },
		{ "own-words", required_argument, NULL, OPT_OWN },
		{ "apart", required_argument, NULL, OPT_APART },
		{ "word-sim", required_argument, NULL, OPT_WORDSIM },
		DK_CORPUS_OPTS,
		{ NULL, 0, NULL, 0 }
	};
	const char *all = NULL;
	uint32_t minsize = 1;
	int ch, reps = 0, status, method = DK_CLUSTER_STAR;

	dk_cli_init(argc, argv);
	dk_intern_init(&g.ids, 0);
	while ((ch = getopt_long(argc, argv, "a:hm:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			/* one list: a second would be read in place of the first */
			if (all)
				dk_diex(DK_EXIT_INPUT, "-a given twice (%s, %s): it takes one "
				    "list of every document (cat the files into one)", all, optarg);
			all = optarg;
			break;
		case 'm':
			if ((method = dk_cluster_method(optarg)) < 0)
				dk_diex(DK_EXIT_INPUT, "-m %s: not %s", optarg, dk_cluster_names);
			break;
		case OPT_MINSIM:
			g.minsim = (int64_t)(dk_parse_double(optarg, 0, 1, "--min-sim") * 1e6 + 0.5);
			break;
		case OPT_MINSIZE:
			minsize = (uint32_t)dk_parse_int(optarg, 1, UINT32_MAX, "--min-size");
			break;
		case OPT_KEEP: parse_keep(optarg); break;
		case OPT_REPS: reps = 1; break;
		case OPT_REMOVED: rm.path = optarg; break;
		case OPT_OWN:
			ow.k = (unsigned)dk_parse_int(optarg, 0, 1000000, "--own-words");
			break;
		case OPT_APART: ow.apartpath = optarg; break;
		case OPT_WORDSIM:
			ow.wordsim = dk_parse_double(optarg, 0, 1, "--word-sim");
			break;
		default:
			if (!dk_corpus_option(ch, optarg))
				dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (reps && !all)
		dk_diex(DK_EXIT_INPUT, "--representatives needs -a FILE, the list of "
		    "every document: without it the documents with no pair are lost");
	if (keep.rule != KEEP_FIRST && !all)
		dk_diex(DK_EXIT_INPUT, "--keep other than first needs -a FILE, whose "
		    "columns it reads");
	if (dk_corpus.json && !all)
		dk_diex(DK_EXIT_INPUT, "--json names the members of the JSON Lines of -a: "
		    "it needs -a FILE");
	if (rm.path && !all)
		dk_diex(DK_EXIT_INPUT, "--removed needs -a FILE, the documents it "
		    "reports on");
	if (rm.path && reps && minsize > 1)
		dk_diex(DK_EXIT_INPUT, "--removed with --representatives and --min-size: "
		    "the keep list would leave out whole clusters, which the report "
		    "does not list");
	ow.on = ow.k || ow.wordsim > 0;
	if (ow.on && !all)
		dk_diex(DK_EXIT_INPUT, "%s needs -a FILE, the documents' text", ow_option());
	if (ow.apartpath && !ow.on)
		dk_diex(DK_EXIT_INPUT, "--apart writes the pairs --own-words or --word-sim "
		    "ignores: it needs --own-words K (K > 0) or --word-sim S (S > 0)");
	if (ow.apartpath && (ow.apart = fopen(ow.apartpath, "w")) == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", ow.apartpath);
	if (ow.on) {
		struct stat st;

		dk_ownwords_init(&ow.o, ow.k);
		ow.later = strcmp(all, "-") != 0 && stat(all, &st) == 0 && S_ISREG(st.st_mode);
	}
	if (rm.path && (rm.f = fopen(rm.path, "w")) == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", rm.path);

	if (all)
		load_ids(all);
	status = dk_each_input(argc, argv, run, NULL);
	if (ow.on)
		own_filter(all);
	write_clusters(method, minsize, reps);
	if (ow.apart)
		write_apart();
	dk_out_close();
	dk_intern_free(&g.ids);
	free(g.edges.v);
	free(g.key.v);
	free(batch.text.v);
	free(rm.lab.v);
	free(rm.off.v);
	if (ow.on)
		dk_ownwords_free(&ow.o);
	free(ow.text.v);
	free(ow.prof.v);
	free(ow.ignored.v);
	return dk_exit_status(status);
}

/* evaluate: precision, recall and F1 of a pair or cluster stream against
 * gold clusters, at one threshold or swept over many, with an SVG plot;
 * clusters, given or made from the pairs by a method of common/cluster.h,
 * also by the Adjusted Rand Index.  --histogram, without gold, is hist.c;
 * --keep, a keep list's losses and removed copies, is keep.c. */
#include "dk.h"
#include "cluster.h"
#include "evaluate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"evaluate [-cev] [-m METHOD] [-t TAU] [-u MODE] [--sweep] [--step S]\n"
	"         [--plot FILE.svg]"
	"         [--per-cluster] [--tsv] GOLD [file ...]\n"
	"       evaluate --histogram [--step S] [--plot FILE.svg] [--tsv] [file ...]\n"
	"       evaluate --keep KEEPLIST [-v] [-u MODE] [--tsv] GOLD",
	"  GOLD           gold clusters: ID TAB CLUSTER; every pair inside a\n"
	"                 cluster is a true pair\n"
	"  -c             the input is a cluster stream, not a pair stream\n"
	"  -e, --each     score each file as a run of its own\n"
	"  -m METHOD      cluster the pairs (at each threshold) as dkcluster -m METHOD\n"
	"                 does (star, leader, center, components), score clusters\n"
	"  -t TAU         score only the pairs with SIM >= TAU (start of --sweep)\n"
	"  -u MODE        an ID missing from GOLD: error (default), singleton\n"
	"                 (a cluster of its own) or ignore (its pairs are skipped)\n"
	"  --sweep        scores for every threshold from TAU (default: the lowest\n"
	"                 SIM, rounded down to a step) to 1 in steps\n"
	"  --step S       the step of --sweep (default 0.05)\n"
	"  --plot FILE    draw precision, recall and F1 against the threshold as\n"
	"                 SVG (F1 of each run with -e); implies --sweep\n"
	"  --per-cluster  recall of each gold cluster and the false pairs touching it\n"
	"  --tsv          tab-separated output with a header line\n"
	"  --histogram    no GOLD: the pairs and the documents (by their best\n"
	"                 pair) in SIM bins of --step, as text with bars (and SVG\n"
	"                 with --plot), to choose a threshold without labels\n"
	"  --keep KEEPLIST  score a keep list (one ID a line, as dkcluster\n"
	"                 --representatives and dkdedup write): the gold clusters\n"
	"                 with no member kept (unique documents lost) and the\n"
	"                 copies removed\n"
	"  -v             counts of the gold file and the input on stderr\n"
	"  -h, --help, --version\n",
};

enum { OPT_SWEEP = 0x2000, OPT_STEP, OPT_PLOT, OPT_PERCLUSTER, OPT_TSV, OPT_HISTOGRAM,
	OPT_KEEP };
static const char *const unknown_words[] = { "error", "singleton", "ignore", NULL };

static struct {
	int clusters, each, sweep, percluster, tsv, unknown, histogram;
	const char *scoring;    /* the last option given of scoring against GOLD */
	const char *pairwise;   /* the last option given of scoring pairs or clusters */
	const char *keep;       /* --keep: the keep list */
	int method;             /* -m, or -1: score the pairs themselves */
	int64_t tau;            /* millionths; -1 when not given */
	uint32_t step;
	const char *plot;
} opt = { .tau = -1, .step = 50000, .method = -1 };

/* The gold clusters: IDs interned in order, gcl[id] the cluster of each. */
static struct {
	dk_intern ids, names;
	DK_VEC(uint32_t) gcl;
	DK_VEC(uint64_t) size;  /* members of each gold cluster */
	DK_VEC(unsigned long) line;     /* of each ID in the gold file */
	size_t ngold;           /* IDs of the gold file; later ones are unknown */
	uint64_t truepairs;
} gold;

struct pair {
	uint32_t a, b;          /* a < b */
	int64_t sim;
};

/* One run's scored input. */
struct run {
	const char *label;
	DK_VEC(struct pair) pairs;     /* pair input, deduplicated */
	DK_VEC(uint32_t) pcl;          /* predicted cluster by ID (-c, -m) */
	DK_VEC(uint32_t) seen;         /* -m: IDs in order of first appearance */
	DK_VEC(unsigned char) isseen;
	dk_intern pnames;
	unsigned long nrec, nself, nignored, ndup;
	int64_t minsim;
};

static uint64_t
choose2(uint64_t n)
{
	return n * (n - 1) / 2;
}

static void
load_gold(const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_record rec = { 0 };
	dk_str id, name;
	const char *msg;
	uint32_t i, c;
	int isnew;

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	dk_intern_init(&gold.ids, DK_INTERN_INDEX);
	dk_intern_init(&gold.names, DK_INTERN_INDEX);
	dk_expect(r, DK_KIND_CLUSTER, "a gold standard of clusters (ID CLUSTER) here");
	while (dk_read_record(r, &rec, 1)) {
		if ((msg = dk_parse_cluster(&rec, &id, &name)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		c = dk_intern_id(&gold.names, name.p, name.n, &isnew);
		if (isnew)
			DK_PUSH(&gold.size, 0);
		i = dk_intern_id(&gold.ids, id.p, id.n, &isnew);
		/* listed twice, even in one cluster, is a mistake in the file */
		if (!isnew)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "ID \"%.*s\" %s at line %lu", (int)(id.n > 200 ? 200 : id.n), id.p,
			    gold.gcl.v[i] != c ? "is in two clusters: already" : "already",
			    gold.line.v[i]);
		DK_PUSH(&gold.line, dk_reader_lineno(r));
		DK_PUSH(&gold.gcl, c);
		gold.size.v[c]++;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_record_free(&rec);
	dk_reader_close(r);
	gold.ngold = dk_intern_count(&gold.ids);
	for (c = 0; c < gold.size.n; c++)
		gold.truepairs += choose2(gold.size.v[c]);
}

/* What load_gold (and gold_id) took, given back at the end. */
static void
free_gold(void)
{
	dk_intern_free(&gold.ids);
	dk_intern_free(&gold.names);
	free(gold.gcl.v);
	free(gold.size.v);
	free(gold.line.v);
}

/* The IDs of the input file being read found in the gold file, and not:
 * with -u ignore a file of which none is there would be scored on nothing
 * (the gold standard of another collection). */
static unsigned long nknown, nunknown;

/* The gold number of an input ID, or UINT32_MAX when its pairs are to be
 * skipped. */
static uint32_t
gold_id(dk_reader *r, dk_str s)
{
	uint32_t i = dk_intern_find(&gold.ids, s.p, s.n);
	int isnew;

	if (i != UINT32_MAX && i < gold.ngold)
		nknown++;
	else
		nunknown++;
	if (i != UINT32_MAX)
		return i;
	switch (opt.unknown) {
	case UNKNOWN_IGNORE:
		return UINT32_MAX;
	case UNKNOWN_SINGLETON:
		/* a gold cluster of its own, which no other ID shares */
		i = dk_intern_id(&gold.ids, s.p, s.n, &isnew);
		DK_PUSH(&gold.gcl, (uint32_t)gold.size.n);
		DK_PUSH(&gold.size, 1);
		return i;
	default:
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "ID \"%.*s\" is not in the gold file (see -u)",
		    (int)(s.n > 200 ? 200 : s.n), s.p);
	}
}

/* Notes the first appearance of ID i in the pairs: dkcluster(1) numbers IDs,
 * and so visits them, in that order. */
static void
see(struct run *run, uint32_t i)
{
	while (run->isseen.n <= i)
		DK_PUSH(&run->isseen, 0);
	if (!run->isseen.v[i]) {
		run->isseen.v[i] = 1;
		DK_PUSH(&run->seen, i);
	}
}

static void
read_pairs(struct run *run, dk_reader *r)
{
	dk_record rec = { 0 };
	dk_pair p;
	struct pair x;
	const char *msg;
	uint32_t a, b;

	while (dk_read_record(r, &rec, 2)) {
		if ((msg = dk_parse_pair(&rec, &p)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		run->nrec++;
		if (p.sim < 0 && (opt.sweep || opt.tau >= 0))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a threshold needs the SIM column");
		a = gold_id(r, p.id1);
		b = gold_id(r, p.id2);
		if (a == UINT32_MAX || b == UINT32_MAX) {
			run->nignored++;
			continue;
		}
		if (opt.method >= 0) {
			see(run, a);
			see(run, b);
		}
		if (a == b) {
			run->nself++;
			continue;
		}
		x.a = a < b ? a : b;
		x.b = a < b ? b : a;
		x.sim = p.sim < 0 ? MICRO : p.sim;
		DK_PUSH(&run->pairs, x);
	}
	dk_record_free(&rec);
}

static void
read_clusters(struct run *run, dk_reader *r)
{
	dk_record rec = { 0 };
	dk_str id, name;
	const char *msg;
	uint32_t i, c;
	int isnew;

	while (dk_read_record(r, &rec, 1)) {
		if ((msg = dk_parse_cluster(&rec, &id, &name)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		run->nrec++;
		if ((i = gold_id(r, id)) == UINT32_MAX) {
			run->nignored++;
			continue;
		}
		c = dk_intern_id(&run->pnames, name.p, name.n, &isnew);
		while (run->pcl.n <= i)
			DK_PUSH(&run->pcl, UINT32_MAX);
		if (run->pcl.v[i] != UINT32_MAX)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "ID \"%.*s\" is listed twice", (int)(id.n > 200 ? 200 : id.n), id.p);
		run->pcl.v[i] = c;
	}
	dk_record_free(&rec);
}

static int
by_ids(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	if (p->b != q->b)
		return p->b < q->b ? -1 : 1;
	return (p->sim < q->sim) - (p->sim > q->sim);   /* highest first */
}

static int
by_sim(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	return (p->sim < q->sim) - (p->sim > q->sim);
}

/* Keeps each pair once, with its highest SIM, sorted by descending SIM. */
static void
dedup(struct run *run)
{
	size_t i, n = 0;

	if (run->pairs.n > 1)
		qsort(run->pairs.v, run->pairs.n, sizeof *run->pairs.v, by_ids);
	for (i = 0; i < run->pairs.n; i++) {
		if (n > 0 && run->pairs.v[n - 1].a == run->pairs.v[i].a &&
		    run->pairs.v[n - 1].b == run->pairs.v[i].b) {
			run->ndup++;
			continue;
		}
		run->pairs.v[n++] = run->pairs.v[i];
	}
	run->pairs.n = n;
	if (n > 1)
		qsort(run->pairs.v, n, sizeof *run->pairs.v, by_sim);
	run->minsim = n ? run->pairs.v[n - 1].sim : -1;
}

/* -m clusters the pairs as read, in their order and repeats included, as
 * dkcluster(1) does; only the lowest SIM is wanted for a sweep. */
static void
lowest_sim(struct run *run)
{
	size_t i;

	run->minsim = -1;
	for (i = 0; i < run->pairs.n; i++)
		if (run->minsim < 0 || run->pairs.v[i].sim < run->minsim)
			run->minsim = run->pairs.v[i].sim;
}

static int
same_gold(uint32_t a, uint32_t b)
{
	return gold.gcl.v[a] == gold.gcl.v[b];
}

/* Scores of a pair run at each threshold of taus (ascending). */
static void
score_pairs(const struct run *run, struct score *s, size_t ns)
{
	size_t i = 0, k;
	uint64_t correct = 0;

	/* pairs by descending SIM, thresholds by descending value */
	for (k = ns; k-- > 0; ) {
		for (; i < run->pairs.n && run->pairs.v[i].sim >= s[k].tau; i++)
			correct += same_gold(run->pairs.v[i].a, run->pairs.v[i].b);
		s[k].reported = i;
		s[k].correct = correct;
	}
}

struct cell {
	uint32_t pred, gold;
};

static int
by_cell(const void *x, const void *y)
{
	const struct cell *p = x, *q = y;

	if (p->pred != q->pred)
		return p->pred < q->pred ? -1 : 1;
	return (p->gold > q->gold) - (p->gold < q->gold);
}

/* The cells of the contingency table of predicted and gold clusters;
 * IDs the input does not name are singletons and make no pairs. */
static size_t
cells(const struct run *run, struct cell **out)
{
	DK_VEC(struct cell) v = { 0 };
	struct cell c;
	size_t i;

	for (i = 0; i < run->pcl.n; i++) {
		if (run->pcl.v[i] == UINT32_MAX)
			continue;
		c.pred = run->pcl.v[i];
		c.gold = gold.gcl.v[i];
		DK_PUSH(&v, c);
	}
	if (v.n)
		qsort(v.v, v.n, sizeof *v.v, by_cell);
	*out = v.v;
	return v.n;
}

/* The Adjusted Rand Index (Hubert and Arabie 1985) of the pairs of the
 * contingency table: (index - expected) / (maximum - expected), over every
 * ID of the gold file (and every unknown ID taken as a singleton). */
static double
ari(const struct score *s)
{
	double all = (double)choose2(dk_intern_count(&gold.ids));
	double expected, max;

	if (all == 0)
		return NAN;
	expected = (double)s->reported * (double)gold.truepairs / all;
	max = ((double)s->reported + (double)gold.truepairs) / 2;
	if (max == expected)
		return NAN;
	return ((double)s->correct - expected) / (max - expected);
}

/* -m: the clusters of the run's pairs with SIM >= tau, as dkcluster(1) makes
 * them from the same pairs, into run->pcl.  Nodes are the IDs in order of
 * first appearance, then the IDs the pairs do not name. */
static void
cluster_pairs(struct run *run, int64_t tau)
{
	size_t n = dk_intern_count(&gold.ids), k, m = 0;
	uint32_t *node = dk_reallocarray(NULL, n ? n : 1, sizeof *node);
	uint32_t *pos = dk_reallocarray(NULL, n ? n : 1, sizeof *pos);
	uint32_t *head = dk_reallocarray(NULL, n ? n : 1, sizeof *head), i;
	struct dk_edge *e = dk_reallocarray(NULL, run->pairs.n ? run->pairs.n : 1, sizeof *e);

	for (k = 0; k < run->seen.n; k++)
		node[m++] = run->seen.v[k];
	for (i = 0; i < n; i++)
		if (i >= run->isseen.n || !run->isseen.v[i])
			node[m++] = i;
	for (k = 0; k < n; k++)
		pos[node[k]] = (uint32_t)k;
	for (k = 0; k < run->pairs.n; k++) {
		e[k].a = pos[run->pairs.v[k].a];
		e[k].b = pos[run->pairs.v[k].b];
		e[k].sim = (uint32_t)run->pairs.v[k].sim;
	}
	dk_cluster(opt.method, (uint32_t)n, e, run->pairs.n, (uint32_t)(tau < 0 ? 0 : tau), head,
	    NULL, 0);
	run->pcl.n = 0;
	for (i = 0; i < n; i++)
		DK_PUSH(&run->pcl, head[pos[i]]);
	free(node);
	free(pos);
	free(head);
	free(e);
}

static void
score_clusters(const struct run *run, struct score *s)
{
	struct cell *c;
	size_t n = cells(run, &c), i, j, k;

	s->reported = s->correct = 0;
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && c[j].pred == c[i].pred; j++)
			;
		s->reported += choose2(j - i);
		for (k = i; k < j; ) {
			size_t e = k;
			while (e < j && c[e].gold == c[k].gold)
				e++;
			s->correct += choose2(e - k);
			k = e;
		}
	}
	free(c);
	s->ari = ari(s);
}

/* ---- output ---- */

/* num / den with four decimals, or the mark of an undefined ratio. */
static const char *
ratio(char *buf, size_t size, uint64_t num, uint64_t den)
{
	if (den == 0)
		snprintf(buf, size, "%s", opt.tsv ? "nan" : "-");
	else
		snprintf(buf, size, "%.4f", (double)num / (double)den);
	return buf;
}

static void
put_field(const char *s, int width, int left)
{
	char tmp[64];

	if (opt.tsv) {
		dk_buf_str(&dk_out, s);
		dk_buf_char(&dk_out, '\t');
		return;
	}
	snprintf(tmp, sizeof tmp, left ? "%-*s " : "%*s ", width, s);
	dk_buf_str(&dk_out, tmp);
}

static void
put_count(uint64_t n, int width)
{
	char tmp[24];

	snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)n);
	put_field(tmp, width, 0);
}

/* The last field's separator becomes the end of the line. */
static void
end_row(void)
{
	dk_out.p[dk_out.n - 1] = '\n';
	dk_out_maybe_flush();
}

static int labelwidth = 3;

/* Clusters are scored (-c, -m), with the ARI beside F1. */
static int
clustered(void)
{
	return opt.clusters || opt.method >= 0;
}

static const char *
put_ari(char *buf, size_t size, double x)
{
	if (isnan(x))
		snprintf(buf, size, "%s", opt.tsv ? "nan" : "-");
	else
		snprintf(buf, size, "%.4f", x);
	return buf;
}

static void
header(int withtau)
{
	if (opt.each)
		put_field("run", labelwidth, 1);
	if (withtau)
		put_field("tau", 8, 1);
	put_field("reported", 10, 0);
	put_field("true", 10, 0);
	put_field("correct", 10, 0);
	put_field("precision", 9, 0);
	put_field("recall", 7, 0);
	put_field("F1", 7, 0);
	if (clustered())
		put_field("ARI", 7, 0);
	end_row();
}

static void
row(const char *label, const struct score *s, int withtau)
{
	char tmp[64];

	if (opt.each)
		put_field(label, labelwidth, 1);
	if (withtau) {
		put_tau(tmp, sizeof tmp, s->tau);
		put_field(tmp, 8, 1);
	}
	put_count(s->reported, 10);
	put_count(gold.truepairs, 10);
	put_count(s->correct, 10);
	put_field(ratio(tmp, sizeof tmp, s->correct, s->reported), 9, 0);
	put_field(ratio(tmp, sizeof tmp, s->correct, gold.truepairs), 7, 0);
	/* F1 = 2PR / (P + R) = 2 correct / (reported + true) */
	put_field(ratio(tmp, sizeof tmp, 2 * s->correct, s->reported + gold.truepairs), 7, 0);
	if (clustered())
		put_field(put_ari(tmp, sizeof tmp, s->ari), 7, 0);
	end_row();
}

/* Human output of one run without a sweep: a list, easier to read. */
static void
summary(const struct score *s)
{
	char tmp[128];

	snprintf(tmp, sizeof tmp, "pairs reported  %llu\npairs true      %llu\n"
	    "pairs correct   %llu\n", (unsigned long long)s->reported,
	    (unsigned long long)gold.truepairs, (unsigned long long)s->correct);
	dk_buf_str(&dk_out, tmp);
	dk_buf_str(&dk_out, "precision       ");
	dk_buf_str(&dk_out, ratio(tmp, sizeof tmp, s->correct, s->reported));
	dk_buf_str(&dk_out, "\nrecall          ");
	dk_buf_str(&dk_out, ratio(tmp, sizeof tmp, s->correct, gold.truepairs));
	dk_buf_str(&dk_out, "\nF1              ");
	dk_buf_str(&dk_out, ratio(tmp, sizeof tmp, 2 * s->correct,
	    s->reported + gold.truepairs));
	if (clustered()) {
		dk_buf_str(&dk_out, "\nARI             ");
		dk_buf_str(&dk_out, put_ari(tmp, sizeof tmp, s->ari));
	}
	dk_buf_char(&dk_out, '\n');
}

/* F1 in millionths for comparisons, -1 when undefined. */
static int64_t
f1_micro(const struct score *s)
{
	uint64_t den = s->reported + gold.truepairs;

	return den ? (int64_t)(2 * s->correct * MICRO / den) : -1;
}

static size_t
best(const struct score *s, size_t n)
{
	size_t i, b = 0;

	for (i = 1; i < n; i++)
		if (f1_micro(&s[i]) > f1_micro(&s[b]))
			b = i;
	return b;
}

/* Recall of each gold cluster of two or more members, and the false pairs
 * that touch it (one member inside, one outside). */
static void
per_cluster(const struct run *run)
{
	size_t ng = gold.size.n, i, n;
	uint64_t *found = dk_calloc(ng ? ng : 1, sizeof *found);
	uint64_t *spurious = dk_calloc(ng ? ng : 1, sizeof *spurious);
	uint32_t ga, gb;
	char tmp[64];
	const char *name;
	size_t len;

	if (clustered()) {
		struct cell *c;
		size_t nc = cells(run, &c), j, k, e;

		for (i = 0; i < nc; i = j) {
			for (j = i; j < nc && c[j].pred == c[i].pred; j++)
				;
			for (k = i; k < j; k = e) {
				for (e = k; e < j && c[e].gold == c[k].gold; e++)
					;
				found[c[k].gold] += choose2(e - k);
				spurious[c[k].gold] += (uint64_t)(e - k) * ((j - i) - (e - k));
			}
		}
		free(c);
	} else {
		for (i = 0; i < run->pairs.n && run->pairs.v[i].sim >= (opt.tau < 0 ? 0 : opt.tau); i++) {
			ga = gold.gcl.v[run->pairs.v[i].a];
			gb = gold.gcl.v[run->pairs.v[i].b];
			if (ga == gb)
				found[ga]++;
			else
				spurious[ga]++, spurious[gb]++;
		}
	}
	if (opt.each)
		put_field("run", labelwidth, 1);
	put_field("cluster", 12, 1);
	put_field("size", 6, 0);
	put_field("true", 8, 0);
	put_field("found", 8, 0);
	put_field("recall", 7, 0);
	put_field("spurious", 8, 0);
	end_row();
	n = dk_intern_count(&gold.names);
	for (i = 0; i < n; i++) {
		if (gold.size.v[i] < 2)
			continue;
		if (opt.each)
			put_field(run->label, labelwidth, 1);
		name = dk_intern_get(&gold.names, (uint32_t)i, &len);
		snprintf(tmp, sizeof tmp, "%.*s", (int)(len > 60 ? 60 : len), name);
		put_field(tmp, 12, 1);
		put_count(gold.size.v[i], 6);
		put_count(choose2(gold.size.v[i]), 8);
		put_count(found[i], 8);
		put_field(ratio(tmp, sizeof tmp, found[i], choose2(gold.size.v[i])), 7, 0);
		put_count(spurious[i], 8);
		end_row();
		dk_out_maybe_flush();
	}
	free(found);
	free(spurious);
}

static void
read_input(dk_reader *r, void *arg)
{
	dk_expect(r, opt.clusters ? DK_KIND_CLUSTER : DK_KIND_PAIR, opt.clusters ?
	    "clusters (ID CLUSTER) with -c" : "pairs (ID1 ID2 [SIM]), or clusters with -c");
	nknown = nunknown = 0;
	if (opt.clusters)
		read_clusters(arg, r);
	else
		read_pairs(arg, r);
	if (opt.unknown == UNKNOWN_IGNORE && nknown == 0 && nunknown > 0)
		dk_die_at(dk_reader_name(r), 1, "none of its IDs is in the gold file, so "
		    "nothing would be scored (a gold standard of another collection? -u "
		    "ignore skips some missing IDs, not all)");
}

/* Reads the files of one run; returns 1 when one could not be read. */
static int
read_run(struct run *run, char **files, size_t nfiles)
{
	int failed;

	dk_intern_init(&run->pnames, 0);
	failed = dk_each_input((int)nfiles, files, read_input, run) != 0;
	if (opt.method >= 0)
		lowest_sim(run);
	else if (!opt.clusters)
		dedup(run);
	if (dk_verbose)
		dk_note("%s: %lu records, %lu self-pairs, %lu with an unknown ID skipped, "
		    "%lu repeated pairs", run->label, run->nrec, run->nself,
		    run->nignored, run->ndup);
	return failed;
}

static void
free_run(struct run *run)
{
	free(run->pairs.v);
	free(run->pcl.v);
	free(run->seen.v);
	free(run->isseen.v);
	dk_intern_free(&run->pnames);
}

/* The thresholds of a sweep: from TAU, or the lowest SIM of any run rounded
 * down to a step, up to 1. */
static size_t
thresholds(const struct run *runs, size_t nruns, struct score **out)
{
	int64_t lo = opt.tau, t;
	size_t i, n = 0;
	struct score *s;

	if (lo < 0) {
		for (i = 0; i < nruns; i++)
			if (runs[i].minsim >= 0 && (lo < 0 || runs[i].minsim < lo))
				lo = runs[i].minsim;
		lo = lo < 0 ? opt.step : lo / opt.step * opt.step;
	}
	for (t = lo; t <= MICRO; t += opt.step)
		n++;
	s = dk_calloc(n, sizeof *s);
	for (i = 0, t = lo; i < n; i++, t += opt.step)
		s[i].tau = t;
	*out = s;
	return n;
}

/* "[LABEL: ]best F1 F at tau T", after a human sweep. */
static void
put_best(const char *label, const struct score *s)
{
	char tau[32], f1[32];

	put_tau(tau, sizeof tau, s->tau);
	if (opt.each) {
		dk_buf_str(&dk_out, label);
		dk_buf_str(&dk_out, ": ");
	}
	dk_buf_str(&dk_out, "best F1 ");
	dk_buf_str(&dk_out, ratio(f1, sizeof f1, 2 * s->correct, s->reported + gold.truepairs));
	dk_buf_str(&dk_out, " at tau ");
	dk_buf_str(&dk_out, tau);
	if (clustered()) {
		dk_buf_str(&dk_out, ", ARI ");
		dk_buf_str(&dk_out, put_ari(f1, sizeof f1, s->ari));
	}
	dk_buf_char(&dk_out, '\n');
}

/* -t below the least SIM of a run by more than two steps: the pairs were
 * likely made at a higher threshold than -t says, and the scores under
 * their least SIM are those at it (a run may also just have no pair
 * there: a warning, not an error). */
static void
check_floor(const struct run *runs, size_t nruns)
{
	char tau[32], least[32];
	size_t i;

	for (i = 0; opt.tau >= 0 && !opt.clusters && i < nruns; i++) {
		if (runs[i].minsim < 0 || runs[i].minsim <= opt.tau + 2 * opt.step)
			continue;
		put_tau(tau, sizeof tau, opt.tau);
		put_tau(least, sizeof least, runs[i].minsim);
		dk_warnx("%s: no pair has SIM under %s, more than two steps above -t %s: "
		    "the scores under %s are those at %s (were the pairs made at a higher "
		    "threshold?)", runs[i].label, least, tau, least, least);
	}
}

static void
report(struct run *runs, size_t nruns)
{
	struct score *grid = NULL, **s = dk_calloc(nruns, sizeof *s);
	struct series *curves = dk_calloc(nruns, sizeof *curves);
	size_t ng = 0, i, k;

	check_floor(runs, nruns);
	if (opt.sweep)
		ng = thresholds(runs, nruns, &grid);
	for (i = 0; i < nruns; i++) {
		if (opt.sweep) {
			s[i] = dk_reallocarray(NULL, ng, sizeof **s);
			memcpy(s[i], grid, ng * sizeof *grid);
			if (opt.method >= 0)
				for (k = 0; k < ng; k++) {
					cluster_pairs(&runs[i], s[i][k].tau);
					score_clusters(&runs[i], &s[i][k]);
				}
			else
				score_pairs(&runs[i], s[i], ng);
		} else {
			s[i] = dk_calloc(1, sizeof **s);
			s[i]->tau = opt.tau < 0 ? 0 : opt.tau;
			s[i]->ari = NAN;
			if (opt.method >= 0)
				cluster_pairs(&runs[i], s[i]->tau);
			if (clustered())
				score_clusters(&runs[i], s[i]);
			else
				score_pairs(&runs[i], s[i], 1);
		}
	}
	if (!opt.sweep && !opt.each && !opt.tsv)
		summary(s[0]);
	else {
		header(opt.sweep);
		for (i = 0; i < nruns; i++)
			for (k = 0; k < (opt.sweep ? ng : 1); k++)
				row(runs[i].label, &s[i][k], opt.sweep);
	}
	if (opt.sweep && !opt.tsv)
		for (i = 0; i < nruns; i++)
			put_best(runs[i].label, &s[i][best(s[i], ng)]);
	if (opt.percluster)
		for (i = 0; i < nruns; i++) {
			if (opt.method >= 0 && opt.sweep)
				cluster_pairs(&runs[i], opt.tau);
			per_cluster(&runs[i]);
		}
	if (opt.plot) {
		for (i = 0; i < nruns; i++) {
			curves[i].label = runs[i].label;
			curves[i].s = s[i];
			curves[i].n = ng;
		}
		if (plot_svg(opt.plot, curves, nruns, gold.truepairs) < 0)
			dk_die(DK_EXIT_OPERAND, "%s", opt.plot);
	}
	for (i = 0; i < nruns; i++)
		free(s[i]);
	free(s);
	free(curves);
	free(grid);
}


/* The options that score pairs or clusters, which --keep has not. */
static const char *
pairwise_option(int ch)
{
	switch (ch) {
	case 'c': return "-c";
	case 'e': return "-e";
	case 'm': return "-m";
	case 't': return "-t";
	case OPT_SWEEP: return "--sweep";
	case OPT_STEP: return "--step";
	case OPT_PLOT: return "--plot";
	case OPT_PERCLUSTER: return "--per-cluster";
	case OPT_HISTOGRAM: return "--histogram";
	default: return NULL;
	}
}

/* --keep: the keep list scored against the gold file, the only operand. */
static int
keep_main(int argc, char **argv)
{
	struct goldset g;

	if (opt.pairwise)
		dk_diex(DK_EXIT_INPUT, "--keep scores a keep list, not pairs or clusters: "
		    "not with %s", opt.pairwise);
	if (argc != 1)
		dk_diex(DK_EXIT_INPUT, "--keep: %s", argc ? "one operand, the gold file" :
		    "the gold file is missing");
	load_gold(argv[0]);
	g.ids = &gold.ids;
	g.gcl = gold.gcl.v;
	g.size = gold.size.v;
	g.ngold = gold.ngold;
	g.nclusters = gold.size.n;
	if (dk_verbose)
		dk_note("gold: %zu IDs in %zu clusters", g.ngold, g.nclusters);
	keep_report(opt.keep, &g, opt.unknown, opt.tsv);
	dk_out_close();
	free_gold();
	return DK_EXIT_OK;
}

/* The options that score against GOLD, which --histogram has not. */
static const char *
scoring_option(int ch)
{
	switch (ch) {
	case 'c': return "-c";
	case 'e': return "-e";
	case 'm': return "-m";
	case 't': return "-t";
	case 'u': return "-u";
	case OPT_SWEEP: return "--sweep";
	case OPT_PERCLUSTER: return "--per-cluster";
	default: return NULL;
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		{ "each", no_argument, NULL, 'e' },
		{ "sweep", no_argument, NULL, OPT_SWEEP },
		{ "step", required_argument, NULL, OPT_STEP },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "per-cluster", no_argument, NULL, OPT_PERCLUSTER },
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "histogram", no_argument, NULL, OPT_HISTOGRAM },
		{ "keep", required_argument, NULL, OPT_KEEP },
		{ NULL, 0, NULL, 0 }
	};
	static char *stdin_only[] = { "-" };
	struct run *runs;
	size_t nruns, i, len;
	int ch, status = DK_EXIT_OK;
	double x;

	dk_cli_init(argc, argv);
	while ((ch = getopt_long(argc, argv, "cehm:t:u:v", longopts, NULL)) != -1) {
		if (scoring_option(ch))
			opt.scoring = scoring_option(ch);
		if (pairwise_option(ch))
			opt.pairwise = pairwise_option(ch);
		switch (ch) {
		case 'c': opt.clusters = 1; break;
		case 'm':
			if ((opt.method = dk_cluster_method(optarg)) < 0)
				dk_diex(DK_EXIT_INPUT, "-m %s: not %s", optarg, dk_cluster_names);
			break;
		case 'e': opt.each = 1; break;
		case 't':
			opt.tau = (int64_t)(dk_parse_double(optarg, 0, 1, "threshold") * MICRO + 0.5);
			break;
		case 'u': opt.unknown = dk_parse_choice(optarg, "-u", unknown_words); break;
		case OPT_SWEEP: opt.sweep = 1; break;
		case OPT_STEP:
			x = dk_parse_double(optarg, 0.000001, 1, "--step");
			opt.step = (uint32_t)(x * MICRO + 0.5);
			break;
		case OPT_PLOT: opt.plot = optarg; break;
		case OPT_PERCLUSTER: opt.percluster = 1; break;
		case OPT_TSV: opt.tsv = 1; break;
		case OPT_HISTOGRAM: opt.histogram = 1; break;
		case OPT_KEEP: opt.keep = optarg; break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (opt.keep)
		return dk_exit_status(keep_main(argc, argv));
	if (opt.histogram && opt.scoring)
		dk_diex(DK_EXIT_INPUT, "--histogram scores nothing against a gold file: "
		    "not with %s", opt.scoring);
	if (opt.histogram) {
		status = histogram(argv, argc, opt.step, opt.tsv, opt.plot);
		dk_out_close();
		return dk_exit_status(status);
	}
	if (opt.plot)
		opt.sweep = 1;
	if (argc < 1)
		dk_usage(&usage);
	if (opt.clusters && opt.method >= 0)
		dk_diex(DK_EXIT_INPUT, "-c and -m: the input is a cluster stream or "
		    "pairs to cluster, not both");
	if (opt.clusters && (opt.sweep || opt.tau >= 0))
		dk_diex(DK_EXIT_INPUT, "-c: a cluster stream has no SIM to threshold");

	load_gold(argv[0]);
	argc--;
	argv++;
	if (argc == 0)
		argv = stdin_only, argc = 1;
	nruns = opt.each ? (size_t)argc : 1;
	runs = dk_calloc(nruns, sizeof *runs);
	for (i = 0; i < nruns; i++) {
		runs[i].label = opt.each ? argv[i] : argc == 1 ? argv[0] : "input";
		if ((len = strlen(runs[i].label)) > (size_t)labelwidth)
			labelwidth = len > 40 ? 40 : (int)len;
		if (read_run(&runs[i], opt.each ? argv + i : argv, opt.each ? 1 : (size_t)argc))
			status = DK_EXIT_OPERAND;
	}
	if (dk_verbose)
		dk_note("gold: %zu IDs in %zu clusters, %llu true pairs", gold.ngold,
		    dk_intern_count(&gold.names), (unsigned long long)gold.truepairs);
	report(runs, nruns);
	dk_out_close();
	for (i = 0; i < nruns; i++)
		free_run(&runs[i]);
	free(runs);
	free_gold();
	return dk_exit_status(status);
}

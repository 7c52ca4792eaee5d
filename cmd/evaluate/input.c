/* evaluate's input: the pair or cluster streams of a run read against
 * the gold IDs (unknown IDs per -u), the pairs kept once with their
 * highest SIM, or, for -m, as read. */
#include "dk.h"
#include "evaluate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The gold file given where the pairs go (evaluate gold gold) reads as
 * pairs without SIM, each an ID and its cluster's name, and was scored
 * with status 0 (the names as unknown IDs with -u, or pairs of a member
 * and the one that names the cluster).  A stream of which every line is
 * such a record is refused when one of them is what no pair stream
 * holds: a name that is no gold ID, or an ID beside itself (the line of
 * the member that names its cluster). */
struct asgold {
	int all;        /* every record so far is an ID and its gold name */
	int telling;    /* and one of them a name no pair stream holds */
};

/* Whether p is an ID of the gold file without SIM beside the name of its
 * gold cluster; if so, whether that name is an unknown ID in *unknown. */
static int
gold_line(const dk_pair *p, int *unknown)
{
	uint32_t i = dk_intern_find(&gold.ids, p->id1.p, p->id1.n), j;
	const char *name;
	size_t n;

	if (p->sim >= 0 || i == UINT32_MAX || i >= gold.ngold)
		return 0;
	name = dk_intern_get(&gold.names, gold.gcl.v[i], &n);
	if (n != p->id2.n || (n && memcmp(name, p->id2.p, n) != 0))
		return 0;
	j = dk_intern_find(&gold.ids, p->id2.p, p->id2.n);
	*unknown = j == UINT32_MAX || j >= gold.ngold;
	return 1;
}

/* self: the line's ID1 is its ID2 (worked out once for both notes). */
static void
note_gold_line(struct asgold *g, dk_reader *r, const dk_pair *p, int self)
{
	int unknown = 0;

	if (!g->all)
		return;
	if (!gold_line(p, &unknown)) {
		g->all = 0;
		return;
	}
	if (unknown || self)
		g->telling = 1;
	/* read on, the unknown ID would be refused, less clearly */
	if (unknown && opt.unknown == UNKNOWN_ERROR)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "ID \"%.*s\" is not in the "
		    "gold file, and each line to here is an ID and the name of its gold "
		    "cluster: this is a gold standard (ID CLUSTER), not pairs (give -c to "
		    "score it as clusters)", (int)(p->id2.n > 200 ? 200 : p->id2.n), p->id2.p);
}

/* A cluster stream of dkcluster given without -c reads as pairs without
 * SIM, each member beside the member that names its cluster, with the
 * pairs between the other members lost, at status 0, when its first lines
 * are singletons that the stream sniffer cannot tell from a document.
 * Taken whole, it is told apart: without SIM, each ID once in column 1,
 * some ID beside itself, and every ID of column 2 beside itself on a line
 * of its own (each cluster's name), which no pair stream is. */
struct ascluster {
	int all;                /* every record so far may be a cluster line */
	unsigned long nself;
	dk_intern ids;          /* column 1 */
	DK_VEC(uint8_t) self;   /* by column 1 ID: beside itself */
	dk_intern names;        /* column 2 of the other lines */
};

static void
note_cluster_line(struct ascluster *c, const dk_pair *p, int self)
{
	int isnew;

	if (!c->all)
		return;
	if (p->sim >= 0) {
		c->all = 0;
		return;
	}
	/* the IDs are numbered in order: self is by ID */
	dk_intern_id(&c->ids, p->id1.p, p->id1.n, &isnew);
	if (!isnew) {
		c->all = 0;
		return;
	}
	DK_PUSH(&c->self, (uint8_t)self);
	c->nself += (unsigned long)self;
	if (!self)
		dk_intern_id(&c->names, p->id2.p, p->id2.n, &isnew);
}

/* Whether the stream read was a cluster stream by the rule above. */
static int
was_clusters(struct ascluster *c)
{
	uint32_t i, j;
	const char *s;
	size_t n;

	if (!c->all || c->nself == 0)
		return 0;
	for (i = 0; i < dk_intern_count(&c->names); i++) {
		s = dk_intern_get(&c->names, i, &n);
		j = dk_intern_find(&c->ids, s, n);
		if (j == UINT32_MAX || !c->self.v[j])
			return 0;
	}
	return 1;
}

static void
read_pairs(struct run *run, dk_reader *r)
{
	dk_record rec = { 0 };
	struct asgold asgold = { 1, 0 };
	struct ascluster ascl = { 0 };
	dk_pair p;
	struct pair x;
	const char *msg;
	uint32_t a, b;
	int clusters, self;

	ascl.all = 1;
	dk_intern_init(&ascl.ids, 0);
	dk_intern_init(&ascl.names, DK_INTERN_INDEX);
	while (dk_read_record(r, &rec, 2)) {
		if ((msg = dk_parse_pair(&rec, &p)) != NULL)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "%s", msg);
		run->nrec++;
		if (p.sim < 0 && (opt.sweep || opt.tau >= 0))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "a threshold needs the SIM column");
		self = p.id1.n == p.id2.n && memcmp(p.id1.p, p.id2.p, p.id1.n) == 0;
		note_gold_line(&asgold, r, &p, self);
		note_cluster_line(&ascl, &p, self);
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
	if (asgold.all && asgold.telling && !dk_reader_error(r))
		dk_die_at(dk_reader_name(r), 1, "each line is an ID and the name of its "
		    "gold cluster: this is a gold standard (ID CLUSTER), not pairs (give -c "
		    "to score it as clusters)");
	clusters = !dk_reader_error(r) && was_clusters(&ascl);
	dk_intern_free(&ascl.ids);
	dk_intern_free(&ascl.names);
	free(ascl.self.v);
	if (clusters)
		dk_die_at(dk_reader_name(r), 1, "each ID is on one line, beside the ID that "
		    "names its cluster, which is beside itself: this is a cluster stream (ID "
		    "CLUSTER), not pairs, and its pairs would be those of each member with "
		    "the one naming its cluster (give -c to score clusters)");
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
int
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

void
free_run(struct run *run)
{
	free(run->pairs.v);
	free(run->pcl.v);
	free(run->seen.v);
	free(run->isseen.v);
	dk_intern_free(&run->pnames);
}

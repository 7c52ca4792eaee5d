/* evaluate --keep: what a deduplication's keep list did to gold clusters:
 * the distinct documents (clusters) it lost, having kept no member of
 * them, and the copies it removed. */
#include "dk.h"
#include "evaluate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct keepcount {
	uint64_t docs, clusters, kept, lost, copies, left;
};

/* Held here, not on the stack, so that a fatal error in the list leaves
 * them reachable: members kept of each gold cluster, the line of each
 * gold ID in the list, the IDs of the list missing from the gold file. */
static uint64_t *kept;
static unsigned long *line;
static dk_intern extra;

/* Reads the keep list into kept[];
 * returns the IDs -u singleton added, each a cluster of its own, kept. */
static uint64_t
read_keep(const char *path, const struct goldset *g, int unknown)
{
	dk_reader *r = dk_reader_open(path);
	dk_str s;
	uint64_t nextra = 0, nknown = 0;
	uint32_t i;
	int isnew;

	if (r == NULL)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	line = dk_calloc(g->ngold ? g->ngold : 1, sizeof *line);
	dk_expect(r, DK_KIND_LIST, "a keep list, one ID a line (dkcluster --representatives)");
	dk_intern_init(&extra, 0);
	while (dk_read_line(r, &s)) {
		if (memchr(s.p, '\t', s.n))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "a TAB, but a keep "
			    "list has one ID a line (dkcluster --representatives writes one)");
		if (s.n == 0)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "empty ID");
		i = dk_intern_find(g->ids, s.p, s.n);
		if (i != UINT32_MAX && i < g->ngold) {
			if (line[i])
				dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
				    "ID \"%.*s\" already at line %lu", (int)(s.n > 200 ? 200 : s.n),
				    s.p, line[i]);
			line[i] = dk_reader_lineno(r);
			kept[g->gcl[i]]++;
			nknown++;
			continue;
		}
		if (unknown == UNKNOWN_ERROR)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "ID \"%.*s\" is not in the gold file (see -u)",
			    (int)(s.n > 200 ? 200 : s.n), s.p);
		dk_intern_id(&extra, s.p, s.n, &isnew);
		if (!isnew)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "ID \"%.*s\" is listed twice", (int)(s.n > 200 ? 200 : s.n), s.p);
		if (unknown == UNKNOWN_SINGLETON)
			nextra++;
	}
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	if (unknown == UNKNOWN_IGNORE && nknown == 0 && dk_intern_count(&extra) > 0)
		dk_die_at(dk_reader_name(r), 1, "none of its IDs is in the gold file, so "
		    "nothing would be scored (a keep list of another collection? -u ignore "
		    "skips some missing IDs, not all)");
	if (dk_verbose)
		dk_note("%s: %lu IDs, %zu not in the gold file", dk_reader_name(r),
		    dk_reader_lineno(r), dk_intern_count(&extra));
	dk_reader_close(r);
	dk_intern_free(&extra);
	free(line);
	line = NULL;
	return nextra;
}

static void
count(const struct goldset *g, uint64_t nextra, struct keepcount *c)
{
	size_t k;

	c->docs = g->ngold + nextra;
	c->clusters = g->nclusters + nextra;
	c->kept = nextra;
	for (k = 0; k < g->nclusters; k++) {
		c->kept += kept[k];
		c->copies += g->size[k] - 1;
		if (kept[k] == 0)
			c->lost++;
		else
			c->left += kept[k] - 1;
	}
}

/* 100 num / den with two decimals, or the mark of an undefined one. */
static const char *
percent(char *buf, size_t size, uint64_t num, uint64_t den, int tsv)
{
	if (den == 0)
		snprintf(buf, size, "%s", tsv ? "nan" : "-");
	else
		snprintf(buf, size, "%.2f%s", 100.0 * (double)num / (double)den, tsv ? "" : "%");
	return buf;
}

static void
put_line(const char *what, uint64_t n, const char *pct)
{
	char tmp[160];

	if (pct)
		snprintf(tmp, sizeof tmp, "%-15s %9llu  %s\n", what, (unsigned long long)n, pct);
	else
		snprintf(tmp, sizeof tmp, "%-15s %9llu\n", what, (unsigned long long)n);
	dk_buf_str(&dk_out, tmp);
}

void
keep_report(const char *path, const struct goldset *g, int unknown, int tsv)
{
	struct keepcount c = { 0 };
	char a[32], b[32], tmp[512];
	uint64_t removed;

	kept = dk_calloc(g->nclusters ? g->nclusters : 1, sizeof *kept);
	count(g, read_keep(path, g, unknown), &c);
	removed = c.copies - c.left;
	percent(a, sizeof a, c.lost, c.clusters, tsv);
	percent(b, sizeof b, removed, c.copies, tsv);
	if (tsv) {
		snprintf(tmp, sizeof tmp, "documents\tclusters\tkept\tlost\tlost_pct\t"
		    "copies\tremoved\tremoved_pct\tleft\n"
		    "%llu\t%llu\t%llu\t%llu\t%s\t%llu\t%llu\t%s\t%llu\n",
		    (unsigned long long)c.docs, (unsigned long long)c.clusters,
		    (unsigned long long)c.kept, (unsigned long long)c.lost, a,
		    (unsigned long long)c.copies, (unsigned long long)removed, b,
		    (unsigned long long)c.left);
		dk_buf_str(&dk_out, tmp);
	} else {
		put_line("documents", c.docs, NULL);
		put_line("clusters", c.clusters, NULL);
		put_line("kept", c.kept, NULL);
		put_line("unique lost", c.lost, a);
		put_line("copies", c.copies, NULL);
		put_line("copies removed", removed, b);
		put_line("copies left", c.left, NULL);
	}
	free(kept);
	kept = NULL;
}

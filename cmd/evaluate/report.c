/* evaluate's report: the scores of the runs, at one threshold or swept,
 * as a summary, a table or TSV, the best F1 of a sweep, --per-cluster's
 * recall of each gold cluster, and --plot's SVG. */
#include "dk.h"
#include "evaluate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* A column of a table: its heading, width, and whether it is aligned
 * left (labels) or right (numbers). */
struct column {
	const char *name;
	int width, left;
};

/* The headings of columns, up to the one with a NULL name. */
static void
put_headings(const struct column *c)
{
	for (; c->name; c++)
		put_field(c->name, c->width, c->left);
}

/* The last field's separator becomes the end of the line. */
static void
end_row(void)
{
	dk_out.p[dk_out.n - 1] = '\n';
	dk_out_maybe_flush();
}

int labelwidth = 3;

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
	static const struct column scores[] = {
		{ "reported", 10, 0 }, { "true", 10, 0 }, { "correct", 10, 0 },
		{ "precision", 9, 0 }, { "recall", 7, 0 }, { "F1", 7, 0 }, { NULL, 0, 0 }
	};

	if (opt.each)
		put_field("run", labelwidth, 1);
	if (withtau)
		put_field("tau", 8, 1);
	put_headings(scores);
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
	static const struct column clusters[] = {
		{ "cluster", 12, 1 }, { "size", 6, 0 }, { "true", 8, 0 }, { "found", 8, 0 },
		{ "recall", 7, 0 }, { "spurious", 8, 0 }, { NULL, 0, 0 }
	};
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
	put_headings(clusters);
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

void
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

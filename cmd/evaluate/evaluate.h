/* evaluate internals shared by its files. */
#ifndef EVALUATE_H
#define EVALUATE_H

#include "dk.h"
#include "intern.h"

#include <stddef.h>
#include <stdint.h>

#define MICRO 1000000

/* The counts of one run at one threshold (millionths). */
struct score {
	int64_t tau;
	uint64_t reported, correct;
	double ari;             /* of clusters; NAN for pairs or when undefined */
};

/* One curve of a plot: a run's scores at ascending thresholds. */
struct series {
	const char *label;
	const struct score *s;
	size_t n;
};

/* Draws precision, recall and F1 of a single run, or the F1 of each of
 * several, against the threshold, as an SVG file.  Returns -1 with errno
 * set when the file cannot be written. */
int plot_svg(const char *path, const struct series *runs, size_t nruns,
    uint64_t truepairs);

/* tau.c: a threshold in its shortest form with at least two decimals. */
void put_tau(char *buf, size_t size, int64_t tau);

/* One bin of --histogram: the SIMs from lo up to hi (up to and with 1 in
 * the last), in millionths; the pairs with such a SIM and the documents
 * whose highest SIM it is. */
struct bin {
	int64_t lo, hi;
	uint64_t pairs, docs;
};

/* --histogram: the SIMs of the pair streams files (standard input when
 * nfiles is 0) in bins step millionths wide, aligned at 0, from the bin of
 * the lowest SIM to 1: as text with bars (tsv 0) or TSV on standard
 * output, and as SVG into plot unless it is NULL.  Returns 0, or 1 when a
 * file could not be read; bad input is fatal. */
int histogram(char **files, int nfiles, uint32_t step, int tsv, const char *plot);

/* Draws the bins as bars, pairs and documents side by side, as an SVG
 * file.  Returns -1 with errno set when the file cannot be written. */
int plot_histogram(const char *path, const struct bin *b, size_t n);

/* -u: what an ID missing from the gold file is. */
enum { UNKNOWN_ERROR, UNKNOWN_SINGLETON, UNKNOWN_IGNORE };

/* The gold clusters as main.c loaded them: ids[0..ngold) the IDs of the
 * gold file, gcl[id] the cluster of each, size[c] the members of each of
 * the nclusters clusters. */
struct goldset {
	const dk_intern *ids;
	const uint32_t *gcl;
	const uint64_t *size;
	size_t ngold, nclusters;
};

/* --keep: reads the keep list at path (one ID a line) and writes, as a
 * list or with tsv as TSV with a header line, the documents and clusters
 * of the gold file, the IDs kept, the clusters lost (no member kept), the
 * copies (the sum of each cluster's size - 1), those removed and those
 * left.  unknown (UNKNOWN_*) says what an ID missing from the gold file
 * is; bad input is fatal. */
void keep_report(const char *path, const struct goldset *g, int unknown, int tsv);


/* ---- the scoring against GOLD: main.c, options.c, gold.c, input.c,
 * score.c, report.c ---- */

/* The options as main.c set them (options.c holds them). */
struct evopts {
	int clusters, each, sweep, percluster, tsv, unknown, histogram;
	const char *scoring;    /* the last option given of scoring against GOLD */
	const char *pairwise;   /* the last option given of scoring pairs or clusters */
	const char *keep;       /* --keep: the keep list */
	int method;             /* -m, or -1: score the pairs themselves */
	int64_t tau;            /* millionths; -1 when not given */
	uint32_t step;
	const char *plot;
};
extern struct evopts opt;

/* gold.c: the gold clusters: IDs interned in order, gcl[id] the cluster
 * of each. */
struct gold {
	dk_intern ids, names;
	DK_VEC(uint32_t) gcl;
	DK_VEC(uint64_t) size;  /* members of each gold cluster */
	DK_VEC(unsigned long) line;     /* of each ID in the gold file */
	size_t ngold;           /* IDs of the gold file; later ones are unknown */
	uint64_t truepairs;
};
extern struct gold gold;

/* n choose 2: the pairs of n members. */
uint64_t choose2(uint64_t n);
/* Reads the gold file at path into gold; bad input is fatal. */
void load_gold(const char *path);
/* What load_gold (and input.c's reading of IDs) took, given back at the end. */
void free_gold(void);

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

/* input.c: reads the files of one run (pairs, or clusters with -c);
 * returns 1 when one could not be read.  Bad input is fatal. */
int read_run(struct run *run, char **files, size_t nfiles);
void free_run(struct run *run);

/* score.c: one cell of the contingency table of predicted and gold
 * clusters. */
struct cell {
	uint32_t pred, gold;
};

/* Scores of a pair run at each threshold of s (ascending). */
void score_pairs(const struct run *run, struct score *s, size_t ns);
/* The cells of the run's contingency table, sorted, into *out (to free);
 * their number. */
size_t cells(const struct run *run, struct cell **out);
/* -m: the clusters of the run's pairs with SIM >= tau into run->pcl. */
void cluster_pairs(struct run *run, int64_t tau);
/* Scores of a run's clusters (-c, -m), with the ARI. */
void score_clusters(const struct run *run, struct score *s);
/* The thresholds of a sweep into *out (to free): from -t, or the lowest
 * SIM of any run rounded down to a step, up to 1; their number. */
size_t thresholds(const struct run *runs, size_t nruns, struct score **out);

/* report.c: the width of the run labels' column (main.c widens it). */
extern int labelwidth;
/* Scores the runs and writes the report: summary, table or TSV, the best
 * of a sweep, --per-cluster, --plot. */
void report(struct run *runs, size_t nruns);

#endif

/* evaluate internals shared by its files. */
#ifndef EVALUATE_H
#define EVALUATE_H

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

#endif

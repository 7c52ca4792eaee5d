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

#endif

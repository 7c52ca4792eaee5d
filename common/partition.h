/* Length partitions for threshold matching (SpotSigs paper, section 4.2).
 *
 * For a threshold tau and a measure whose length ratio at tau is r
 * (dk_measure_ratio: r = tau but for dice), partition k is the length
 * range [p(k), q(k)]: p(0) = 1, q(k) is the smallest integer with
 * q - p(k) > (1 - r) * q, and p(k+1) = q(k) + 1, as long as q(k) <= rho;
 * the last partition is [p(K), infinity).  Two documents whose lengths lie
 * two or more partitions apart can never reach tau, because a pair of
 * lengths below the ratio r cannot (measure.h).  A document of partition k
 * may still reach tau with one of partition k+1: dk_parts_probe says when.
 * A measure with r = 0 (containment) has one partition, [1, infinity),
 * unless a --size-ratio R gives it a ratio (dk_parts_init). */
#ifndef DK_PARTITION_H
#define DK_PARTITION_H

#include <stddef.h>
#include <stdint.h>
#include "measure.h"

typedef struct {
	double tau;
	double ratio;      /* dk_measure_ratio of the measure at tau, or
	                    * the --size-ratio R when larger (dk_len_ratio) */
	uint64_t rho;
	size_t n;          /* number of partitions */
	uint64_t *p;       /* p[0 .. n-1] lower bounds, p[n] = UINT64_MAX */
} dk_parts;

#define DK_RHO_MAX 100000000ULL
/* partition's and spotmatch's -r when not given; partition keys record
 * any other (keys.h) */
#define DK_RHO_DEFAULT 1000

/* The table for measure m, tau in (0, 1] and rho in [1, DK_RHO_MAX]; R
 * in [0, 1] a --size-ratio (measure.h: dk_size_below), 0 without, which
 * partitions at max(r, R).  Pairs reported only at a length ratio of R
 * or more never lie two partitions apart, even under containment. */
void dk_parts_init(dk_parts *t, dk_measure m, double tau, double R, uint64_t rho);
void dk_parts_free(dk_parts *t);
/* The partition holding length len >= 1. */
size_t dk_parts_find(const dk_parts *t, uint64_t len);
/* Upper bound of partition k, UINT64_MAX for the last one. */
uint64_t dk_parts_upper(const dk_parts *t, size_t k);
/* Whether a document of length len in partition k may reach tau with a
 * document of partition k+1: p(k+1) - len <= (1 - r) * p(k+1), or, so
 * that rounding can never hide a pair, len / p(k+1) >= r as dk_sim
 * would compute it.  Always 0 for the last partition. */
int dk_parts_probe(const dk_parts *t, size_t k, uint64_t len);

#endif

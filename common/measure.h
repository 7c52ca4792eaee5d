/* Similarity measures between signature multisets, and their length bounds.
 *
 * A document is an array of (signature id, count) sorted by id.  For every
 * measure, sim(A, B) <= len(A) / len(B) when len(A) <= len(B), where len is
 * the multiset size (sum of counts) for "jaccard" and "max", and the set
 * size (number of distinct signatures) for "set".  Partitioning and pruning
 * rely on nothing else, so they stay exact for all three.
 *
 *   jaccard  sum min(a_i, b_i) / sum max(a_i, b_i)   multiset Jaccard (SpotSigs eq. 4)
 *   set      |A n B| / |A u B|                       set Jaccard
 *   max      sum min(a_i, b_i) / max(len A, len B)    DDD's measure (on sets: |A n B| / max)
 *
 * A pair is reported when the double quotient computed by dk_sim() is >=
 * the threshold: every program and test uses this one function. */
#ifndef DK_MEASURE_H
#define DK_MEASURE_H

#include <stddef.h>
#include <stdint.h>

typedef enum { DK_M_JACCARD, DK_M_SET, DK_M_MAX } dk_measure;

typedef struct {
	uint32_t id, count;
} dk_idcount;

/* "jaccard" (also "multiset"), "set", "max" (also "ddd"); -1 when unknown. */
int dk_measure_parse(const char *name);
const char *dk_measure_name(dk_measure m);

/* The length the bound speaks of. */
static inline uint64_t
dk_measure_len(dk_measure m, uint64_t sum_counts, uint64_t distinct)
{
	return m == DK_M_SET ? distinct : sum_counts;
}

/* Overlap of two sorted documents: sum of min counts, or for DK_M_SET the
 * number of shared ids. */
static inline uint64_t
dk_overlap(dk_measure m, const dk_idcount *a, size_t na, const dk_idcount *b, size_t nb)
{
	size_t i = 0, j = 0;
	uint64_t o = 0;

	while (i < na && j < nb) {
		if (a[i].id < b[j].id)
			i++;
		else if (a[i].id > b[j].id)
			j++;
		else {
			o += m == DK_M_SET ? 1 : (a[i].count < b[j].count ? a[i].count : b[j].count);
			i++;
			j++;
		}
	}
	return o;
}

/* Similarity from the overlap and the two lengths (dk_measure_len). */
static inline double
dk_sim(dk_measure m, uint64_t overlap, uint64_t la, uint64_t lb)
{
	uint64_t den;

	if (m == DK_M_MAX)
		den = la > lb ? la : lb;
	else
		den = la + lb - overlap;
	return den ? (double)overlap / (double)den : 0.0;
}

#endif

#include "partition.h"
#include "mem.h"

#include <stdlib.h>

/* The smallest q >= p with q - p > (1 - r) * q, evaluated in double as
 * the definition reads; p / r is only the starting guess.  With r = 0
 * (containment) there is no such q: UINT64_MAX, one partition. */
static uint64_t
upper_of(uint64_t p, double r)
{
	double guess;
	uint64_t q;

	if (r <= 0.0)
		return UINT64_MAX;
	guess = (double)p / r;
	q = guess > 1e18 ? (uint64_t)1e18 : (uint64_t)guess;

	if (q < p)
		q = p;
	while (q > p && (double)(q - 1 - p) > (1.0 - r) * (double)(q - 1))
		q--;
	while (!((double)(q - p) > (1.0 - r) * (double)q))
		q++;
	return q;
}

void
dk_parts_init(dk_parts *t, dk_measure m, double tau, double R, uint64_t rho)
{
	size_t cap = 64;
	uint64_t p = 1, q;

	t->tau = tau;
	t->ratio = dk_len_ratio(dk_measure_ratio(m, tau), R);
	t->rho = rho;
	t->n = 0;
	t->p = dk_reallocarray(NULL, cap, sizeof *t->p);
	for (;;) {
		if (t->n + 2 > cap) {
			cap *= 2;
			t->p = dk_reallocarray(t->p, cap, sizeof *t->p);
		}
		t->p[t->n++] = p;
		q = upper_of(p, t->ratio);
		if (q > rho)
			break;
		p = q + 1;
	}
	t->p[t->n] = UINT64_MAX;
}

void
dk_parts_free(dk_parts *t)
{
	free(t->p);
	t->p = NULL;
	t->n = 0;
}

size_t
dk_parts_find(const dk_parts *t, uint64_t len)
{
	size_t lo = 0, hi = t->n;   /* p[lo] <= len < p[hi] */

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->p[mid] <= len)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

uint64_t
dk_parts_upper(const dk_parts *t, size_t k)
{
	return k + 1 < t->n ? t->p[k + 1] - 1 : UINT64_MAX;
}

int
dk_parts_probe(const dk_parts *t, size_t k, uint64_t len)
{
	double next;

	if (k + 1 >= t->n)
		return 0;
	next = (double)t->p[k + 1];
	return next - (double)len <= (1.0 - t->ratio) * next ||
	    !dk_len_below((double)len, next, t->ratio);
}

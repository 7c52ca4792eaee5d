/* Choosing k and l for a threshold: the banding whose S-curve lies best
 * around tau, as the weighted areas of minhash.h define it (the analysis of
 * Leskovec, Rajaraman and Ullman's "Mining of Massive Datasets", ch. 3, as
 * datasketch's MinHashLSH applies it), among those that find a pair at tau
 * with a given probability. */
#include <math.h>

#include "minhash.h"

/* Intervals of Simpson's rule on each side of tau: the integrands are
 * polynomials of degree k * l at most, smooth on [0, 1]; with 512 the error
 * stays below 1e-6 for k <= 64 (tests/t4041 checks against a finer sum). */
#define SIMPSON 512

double
mh_collide(double s, int k, int l)
{
	double band = pow(s, k);

	if (band >= 1)
		return 1;
	/* 1 - (1 - b)^l without losing the small values to rounding */
	return -expm1((double)l * log1p(-band));
}

/* The integral over [a, b] of P, or of 1 - P when miss is set. */
static double
area(double a, double b, int k, int l, int miss)
{
	double h = (b - a) / SIMPSON, sum = 0, f;
	int i;

	if (b <= a)
		return 0;
	for (i = 0; i <= SIMPSON; i++) {
		f = mh_collide(a + i * h, k, l);
		if (miss)
			f = 1 - f;
		sum += (i == 0 || i == SIMPSON ? 1 : i % 2 ? 4 : 2) * f;
	}
	return sum * h / 3;
}

void
mh_areas(double tau, int k, int l, double *fp, double *fn)
{
	*fp = area(0, tau, k, l, 0);
	*fn = area(tau, 1, k, l, 1);
}

void
mh_tune(double tau, int maxl, int rows, double wfn, double pmin, struct mh_choice *c)
{
	double fp, fn, cost, p, topp = -1;
	int k, l, topk = 1, topl = 1;

	c->k = c->l = 0;
	c->cost = HUGE_VAL;
	for (l = 1; l <= maxl; l++)
		for (k = 1; k <= MH_KMAX && k * l <= rows; k++) {
			p = mh_collide(tau, k, l);
			if (p > topp + 1e-12) {
				topp = p;
				topk = k;
				topl = l;
			}
			if (p < pmin)
				continue;
			mh_areas(tau, k, l, &fp, &fn);
			cost = (1 - wfn) * fp + wfn * fn;
			/* what differs by rounding only is a tie */
			if (cost < c->cost - 1e-12)
				*c = (struct mh_choice){ k, l, fp, fn, cost };
		}
	if (c->k == 0) {        /* none reaches pmin */
		mh_areas(tau, topk, topl, &fp, &fn);
		*c = (struct mh_choice){ topk, topl, fp, fn, (1 - wfn) * fp + wfn * fn };
	}
}

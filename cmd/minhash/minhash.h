/* minhash: the interfaces between its files. */
#ifndef MINHASH_H
#define MINHASH_H

/* tune.c: choosing the banding for a similarity threshold.
 *
 * P(s) = 1 - (1 - s^k)^l is the probability that two documents of Jaccard
 * similarity s share at least one of l band keys of k min-hashes.  For a
 * threshold tau, the false-positive area is the integral of P over
 * [0, tau], the false-negative area that of 1 - P over [tau, 1]; the
 * choice minimises wfp * fp + wfn * fn over 1 <= l <= maxl,
 * 1 <= k <= MH_KMAX, k * l <= rows, among the bandings with
 * P(tau) >= pmin (when none has, the one of the greatest P(tau)).  Ties
 * go to the fewer bands, then the fewer rows a band. */
#define MH_KMAX 64

struct mh_choice {
	int k, l;
	double fp, fn;          /* the two areas */
	double cost;            /* wfp * fp + wfn * fn */
};

/* P(s) for k rows a band and l bands. */
double mh_collide(double s, int k, int l);
/* The false-positive and false-negative areas of (k, l) at tau. */
void mh_areas(double tau, int k, int l, double *fp, double *fn);
void mh_tune(double tau, int maxl, int rows, double wfn, double pmin,
    struct mh_choice *c);

#endif

/* Measure names, partition tags and ratios (measure.h); the arithmetic
 * the matchers run per pair is inline in measure.h. */
#include "measure.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name, *alias;
	const char *tag, *by;       /* partition key tag, and what it means */
} measures[] = {
	[DK_M_JACCARD] = { "jaccard", "multiset", "", "by multiset size" },
	[DK_M_SET] = { "set", NULL, "/set", "by set size" },
	[DK_M_MAX] = { "max", "ddd", "", "by multiset size" },
	[DK_M_DICE] = { "dice", NULL, "/dice", "for dice" },
	[DK_M_COSINE] = { "cosine", NULL, "/cosine", "for cosine" },
	[DK_M_CONTAIN] = { "containment", "overlap", "/contain", "for containment (one partition)" },
};
#define NMEASURES (sizeof measures / sizeof *measures)

int
dk_measure_parse(const char *name)
{
	size_t i;

	for (i = 0; i < NMEASURES; i++)
		if (strcmp(name, measures[i].name) == 0 ||
		    (measures[i].alias && strcmp(name, measures[i].alias) == 0))
			return (int)i;
	return -1;
}

const char *
dk_measure_name(dk_measure m)
{
	return (size_t)m < NMEASURES ? measures[m].name : "jaccard";
}

/* The names of the measures whose tag is tag (all with tag NULL), each
 * after `before`, joined by `sep` and the last by `last`, into buf. */
static const char *
list_names(char *buf, size_t size, const char *tag, const char *before,
    const char *sep, const char *last)
{
	size_t i, k, n = 0, len = 0;

	for (i = 0; i < NMEASURES; i++)
		n += !tag || strcmp(measures[i].tag, tag) == 0;
	buf[0] = '\0';
	for (i = k = 0; i < NMEASURES; i++) {
		if (tag && strcmp(measures[i].tag, tag) != 0)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s%s",
		    k == 0 ? "" : k + 1 == n ? last : sep, before, measures[i].name);
		if (len >= size)
			break;
		k++;
	}
	return k ? buf : NULL;
}

const char *
dk_measure_names(void)
{
	static char buf[256];

	return list_names(buf, sizeof buf, NULL, "", ", ", ", ");
}

const char *
dk_measure_tag(dk_measure m)
{
	return (size_t)m < NMEASURES ? measures[m].tag : "";
}

const char *
dk_measure_tag_by(const char *tag)
{
	size_t i;

	for (i = 0; i < NMEASURES; i++)
		if (strcmp(measures[i].tag, tag) == 0)
			return measures[i].by;
	return NULL;
}

const char *
dk_measure_tag_options(const char *tag)
{
	static char buf[256];

	return list_names(buf, sizeof buf, tag, "-M ", ", ", " or ");
}

double
dk_measure_ratio(dk_measure m, double tau)
{
	/* dice: 2 o >= tau (la + lb) and o <= la give la / lb >= tau / (2 - tau),
	 * and then o >= tau / (2 - tau) lb; the margin, far above the rounding
	 * of dk_sim, only lets more pairs through to it */
	if (m == DK_M_DICE)
		return tau / (2.0 - tau) * (1.0 - 1e-9);
	/* cosine: o >= tau sqrt(la lb) and o <= la give la / lb >= tau^2, and
	 * then o >= tau sqrt(tau^2 lb lb) = tau^2 lb */
	if (m == DK_M_COSINE)
		return tau * tau * (1.0 - 1e-9);
	/* containment: o >= tau min(la, lb) says nothing of the longer length,
	 * so no ratio of lengths or of the overlap to the longer is safe */
	if (m == DK_M_CONTAIN)
		return 0.0;
	return tau;
}

double
dk_overlap_ratio(dk_measure m, double tau, double R)
{
	double r = dk_measure_ratio(m, tau), L = dk_len_ratio(r, R), q;

	if (R <= 0)
		return r;
	if (m == DK_M_CONTAIN)
		q = tau * L;
	else if (m == DK_M_DICE)
		q = tau * (1.0 + L) / 2.0;
	else if (m == DK_M_COSINE)
		q = tau * sqrt(L);
	else if (m == DK_M_MAX)
		q = tau;
	else
		q = tau * (1.0 + L) / (1.0 + tau);
	/* both quotients were tested in double (dk_sim, dk_size_below): the
	 * margin, far above their rounding and this one's, only lets more
	 * pairs through */
	q *= 1.0 - 1e-9;
	return q > r ? q : r;
}

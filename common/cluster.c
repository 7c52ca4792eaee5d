/* The clustering methods of cluster.h: star, leader, center, components. */
#include "cluster.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[] = { "star", "leader", "center", "components" };
const char dk_cluster_names[] = "star, leader, center or components";

int
dk_cluster_method(const char *name)
{
	int m;

	for (m = 0; m < (int)(sizeof names / sizeof names[0]); m++)
		if (strcmp(name, names[m]) == 0)
			return m;
	return -1;
}

const char *
dk_cluster_name(int method)
{
	return names[method];
}

/* The loops over the edges touch node arrays at random: the slots of the
 * edge AHEAD places on are fetched early, so that the misses overlap. */
enum { AHEAD = 16 };
#define PREFETCH_NODES(arr, e, k, ne) do { \
	if ((k) + AHEAD < (ne)) { \
		__builtin_prefetch(&(arr)[(e)[(k) + AHEAD].a], 1); \
		__builtin_prefetch(&(arr)[(e)[(k) + AHEAD].b], 1); \
	} } while (0)

static uint32_t
find(uint32_t *up, uint32_t x)
{
	while (up[x] != x) {
		up[x] = up[up[x]];        /* path halving */
		x = up[x];
	}
	return x;
}

/* Union by the lower number, so that every root is its tree's lowest node
 * and is the head itself. */
static void
components(uint32_t n, const struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head)
{
	uint32_t i, a, b;
	size_t k;

	for (i = 0; i < n; i++)
		head[i] = i;
	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(head, e, k, ne);
		if (e[k].sim < minsim)
			continue;
		a = find(head, e[k].a);
		b = find(head, e[k].b);
		if (a < b)
			head[b] = a;
		else if (b < a)
			head[a] = b;
	}
	for (i = 0; i < n; i++)
		head[i] = find(head, i);
}

/* Nodes are visited in order, and each joins the centre, visited before
 * it, that it has the most similar edge with (equal SIM: the centre
 * visited first), or becomes a centre: head[v] is v's centre.  The edges
 * are bucketed by their later node, holding the earlier one and the SIM. */
static void
sequential(uint32_t n, const struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head)
{
	size_t *start = dk_calloc((size_t)n + 1, sizeof *start), k, j;
	uint32_t *other = dk_reallocarray(NULL, ne ? ne : 1, sizeof *other);
	uint32_t *sim = dk_reallocarray(NULL, ne ? ne : 1, sizeof *sim);
	uint32_t v, best, bestsim;

	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(start + 1, e, k, ne);
		if (e[k].sim >= minsim && e[k].a != e[k].b)
			start[(e[k].a > e[k].b ? e[k].a : e[k].b) + 1]++;
	}
	for (v = 0; v < n; v++)
		start[v + 1] += start[v];
	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(start, e, k, ne);
		if (e[k].sim < minsim || e[k].a == e[k].b)
			continue;
		j = start[e[k].a > e[k].b ? e[k].a : e[k].b]++;
		other[j] = e[k].a > e[k].b ? e[k].b : e[k].a;
		sim[j] = e[k].sim;
	}
	/* start[v] is now the end of v's bucket, start[v - 1] its beginning */
	for (v = 0; v < n; v++) {
		best = v;
		bestsim = 0;
		for (j = v ? start[v - 1] : 0; j < start[v]; j++) {
			if (j + AHEAD < start[n - 1])
				__builtin_prefetch(&head[other[j + AHEAD]]);
			if (head[other[j]] != other[j])
				continue;          /* not a centre */
			if (best == v || sim[j] > bestsim ||
			    (sim[j] == bestsim && other[j] < best))
				best = other[j], bestsim = sim[j];
		}
		head[v] = best;
	}
	free(start);
	free(other);
	free(sim);
}

/* The nodes by descending weight, equal weights by number: a stable radix
 * sort on the low 48 bits of the weight (a sum of squared SIMs over 2^20,
 * which needs some 300 million pairs of SIM 1 to pass them), 16 at a time. */
static uint32_t *
by_weight(uint32_t n, const uint64_t *w)
{
	enum { BITS = 16, R = 1 << BITS };
	size_t *count = dk_reallocarray(NULL, R + 1, sizeof *count);
	uint32_t *x = dk_reallocarray(NULL, n ? n : 1, sizeof *x);
	uint32_t *y = dk_reallocarray(NULL, n ? n : 1, sizeof *y), *t, v;
	const uint64_t top = ((uint64_t)1 << 3 * BITS) - 1;
	int pass;

	for (v = 0; v < n; v++)
		x[v] = v;
	for (pass = 0; pass < 3; pass++) {
		memset(count, 0, (R + 1) * sizeof *count);
#define KEY(i) (((top - (w[i] < top ? w[i] : top)) >> (pass * BITS)) & (R - 1))
		for (v = 0; v < n; v++)
			count[KEY(x[v]) + 1]++;
		for (v = 0; v < R; v++)
			count[v + 1] += count[v];
		for (v = 0; v < n; v++)
			y[count[KEY(x[v])]++] = x[v];
#undef KEY
		t = x, x = y, y = t;
	}
	free(count);
	free(y);
	return x;
}

/* Star: centres by centrality, the sum of the squared SIMs of a node's
 * edges (in millionths squared, over 2^20), most central first: the edges
 * are renumbered to that order, clustered as by leader, and named back. */
static void
star(uint32_t n, struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head)
{
	uint64_t *w = dk_calloc(n ? n : 1, sizeof *w), x;
	uint32_t *byw, *rank = dk_reallocarray(NULL, n ? n : 1, sizeof *rank), v;
	size_t k;

	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(w, e, k, ne);
		if (e[k].sim < minsim || e[k].a == e[k].b)
			continue;
		x = (uint64_t)e[k].sim * e[k].sim >> 20;
		w[e[k].a] += x;
		w[e[k].b] += x;
	}
	byw = by_weight(n, w);
	free(w);
	for (v = 0; v < n; v++)
		rank[byw[v]] = v;
	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(rank, e, k, ne);
		e[k].a = rank[e[k].a];
		e[k].b = rank[e[k].b];
	}
	sequential(n, e, ne, minsim, rank);
	/* rank[] now holds the centre, by rank, of each rank */
	for (v = 0; v < n; v++)
		head[byw[v]] = byw[rank[v]];
	free(rank);
	free(byw);
}

/* The edges at or above minsim, by descending SIM, equal ones in input
 * order: a stable radix sort on the 20 bits of a SIM, 10 at a time. */
static uint32_t *
by_sim(const struct dk_edge *e, size_t ne, uint32_t minsim, size_t *np)
{
	enum { BITS = 10, R = 1 << BITS };
	size_t *count = dk_reallocarray(NULL, R + 1, sizeof *count), k, m = 0;
	uint32_t *x = dk_reallocarray(NULL, ne ? ne : 1, sizeof *x);
	uint32_t *y = dk_reallocarray(NULL, ne ? ne : 1, sizeof *y), *t;
	int pass;

	for (k = 0; k < ne; k++)
		if (e[k].sim >= minsim && e[k].a != e[k].b)
			x[m++] = (uint32_t)k;
	for (pass = 0; pass < 2; pass++) {
		memset(count, 0, (R + 1) * sizeof *count);
		/* keys ascend as SIM descends */
#define KEY(i) ((((1u << 2 * BITS) - 1 - e[i].sim) >> (pass * BITS)) & (R - 1))
		for (k = 0; k < m; k++)
			count[KEY(x[k]) + 1]++;
		for (k = 0; k < R; k++)
			count[k + 1] += count[k];
		for (k = 0; k < m; k++)
			y[count[KEY(x[k])]++] = x[k];
#undef KEY
		t = x, x = y, y = t;
	}
	free(count);
	free(y);
	*np = m;
	return x;
}

static void
center(uint32_t n, const struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head)
{
	size_t m, k;
	uint32_t *order = by_sim(e, ne, minsim, &m), a, b, t;

	for (a = 0; a < n; a++)
		head[a] = UINT32_MAX;          /* not clustered yet */
	for (k = 0; k < m; k++) {
		a = e[order[k]].a;
		b = e[order[k]].b;
		if (head[a] == UINT32_MAX && head[b] == UINT32_MAX) {
			if (b < a)
				t = a, a = b, b = t;
			head[a] = a;
			head[b] = a;
		} else if (head[a] == UINT32_MAX && head[b] == b)
			head[a] = b;
		else if (head[b] == UINT32_MAX && head[a] == a)
			head[b] = a;
	}
	for (a = 0; a < n; a++)
		if (head[a] == UINT32_MAX)
			head[a] = a;
	free(order);
}

/* Renames each cluster after its lowest-numbered member; the methods name
 * a cluster after any one of its members. */
static void
lowest(uint32_t n, uint32_t *head)
{
	uint32_t *low = dk_reallocarray(NULL, n ? n : 1, sizeof *low), i;

	for (i = 0; i < n; i++)
		low[i] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		if (low[head[i]] == UINT32_MAX)
			low[head[i]] = i;
		head[i] = low[head[i]];
	}
	free(low);
}

void
dk_cluster(int method, uint32_t n, struct dk_edge *e, size_t ne,
    uint32_t minsim, uint32_t *head)
{
	switch (method) {
	case DK_CLUSTER_STAR:
		star(n, e, ne, minsim, head);
		lowest(n, head);
		break;
	case DK_CLUSTER_LEADER:
		sequential(n, e, ne, minsim, head);
		break;
	case DK_CLUSTER_CENTER:
		center(n, e, ne, minsim, head);
		lowest(n, head);
		break;
	default:
		components(n, e, ne, minsim, head);
		break;
	}
}

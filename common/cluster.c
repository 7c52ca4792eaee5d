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

/* Renames each cluster after its lowest-numbered member; the methods name
 * a cluster after any one of its members.  low is scratch of n. */
static void
lowest(uint32_t n, uint32_t *head, uint32_t *low)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		low[i] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		if (low[head[i]] == UINT32_MAX)
			low[head[i]] = i;
		head[i] = low[head[i]];
	}
}

enum { MINROUND = 1 << 16 };

/* Nodes are visited in order, and each joins the centre, visited before
 * it, that it has the most similar edge with (equal SIM: the centre
 * visited first), or becomes a centre: head[v] is v's centre.  The edges
 * have a < b, and cnt[v] is the number with b == v (cnt is scratch).
 *
 * The edges are bucketed by b, holding a and the SIM, for a range of
 * nodes at a time whose buckets hold an eighth of the edges (at least
 * MINROUND) or fill the nspare bytes at spare (if more), so that their
 * memory is small, or memory the caller has already; each range reads the
 * edges once more. */
static void
visit(uint32_t n, const struct dk_edge *e, size_t ne, uint32_t *cnt,
    uint32_t *head, void *spare, size_t nspare)
{
	struct arc { uint32_t other, sim; } *arc = spare;
	size_t round = ne / 8 > MINROUND ? ne / 8 : MINROUND;
	size_t cap = nspare / sizeof *arc, k, t;
	uint32_t lo, hi, v, j, c, best, bestsim;

	if (round <= cap)
		round = cap;
	for (lo = 0; lo < n; lo = hi) {
		/* the nodes lo .. hi-1, whose buckets begin at cnt[v] */
		for (t = 0, hi = lo; hi < n && (hi == lo || t + cnt[hi] <= round); hi++) {
			c = cnt[hi];
			cnt[hi] = (uint32_t)t;
			t += c;
		}
		if (t > cap) {
			if (arc != spare)
				free(arc);
			arc = dk_reallocarray(NULL, t, sizeof *arc);
			cap = t;
		}
		if (t > 0)
			for (k = 0; k < ne; k++)
				if (e[k].b - lo < hi - lo) {
					j = cnt[e[k].b]++;
					arc[j].other = e[k].a;
					arc[j].sim = e[k].sim;
				}
		/* cnt[v] is now the end of v's bucket, cnt[v - 1] its beginning */
		for (v = lo; v < hi; v++) {
			best = v;
			bestsim = 0;
			for (j = v > lo ? cnt[v - 1] : 0; j < cnt[v]; j++) {
				if (j + AHEAD < t)
					__builtin_prefetch(&head[arc[j + AHEAD].other]);
				c = arc[j].other;
				if (head[c] != c)
					continue;          /* not a centre */
				if (best == v || arc[j].sim > bestsim ||
				    (arc[j].sim == bestsim && c < best))
					best = c, bestsim = arc[j].sim;
			}
			head[v] = best;
		}
	}
	if (arc != spare)
		free(arc);
}

/* Leader: the edges kept, a < b, are counted by b and visited. */
static void
leader(uint32_t n, struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head)
{
	uint32_t *cnt = dk_calloc(n ? n : 1, sizeof *cnt), a, b;
	size_t k, m = 0;

	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(cnt, e, k, ne);
		a = e[k].a;
		b = e[k].b;
		if (e[k].sim < minsim || a == b)
			continue;
		e[m].a = a < b ? a : b;
		e[m].b = a < b ? b : a;
		e[m++].sim = e[k].sim;
		cnt[a < b ? b : a]++;
	}
	visit(n, e, m, cnt, head, NULL, 0);
	free(cnt);
}

/* x[]: the nodes by descending weight, equal weights by number: a stable
 * radix sort of the weights' distance below the greatest, 16 bits at a
 * time, skipping the digits that every node shares; y is scratch of n. */
static void
by_weight(uint32_t n, const uint64_t *w, uint32_t *x, uint32_t *y)
{
	enum { BITS = 16, R = 1 << BITS };
	size_t *count = dk_reallocarray(NULL, R + 1, sizeof *count);
	uint32_t *out = x, *t, v;
	uint64_t top = 0;
	int shift;

	for (v = 0; v < n; v++) {
		x[v] = v;
		if (w[v] > top)
			top = w[v];
	}
	for (shift = 0; shift < 64 && top >> shift; shift += BITS) {
		memset(count, 0, (R + 1) * sizeof *count);
#define KEY(i) (((top - w[i]) >> shift) & (R - 1))
		for (v = 0; v < n; v++)
			count[KEY(x[v]) + 1]++;
		if (count[KEY(x[0]) + 1] == n)
			continue;
		for (v = 0; v < R; v++)
			count[v + 1] += count[v];
		for (v = 0; v < n; v++)
			y[count[KEY(x[v])]++] = x[v];
#undef KEY
		t = x, x = y, y = t;
	}
	if (x != out)
		memcpy(out, x, (size_t)n * sizeof *x);
	free(count);
}

/* Memory the caller has spare, taken from the front. */
struct spare {
	char *p;
	size_t n;
};

/* bytes (a multiple of 8) from sp if it has them, else new: *own is what
 * to free. */
static void *
take(struct spare *sp, size_t bytes, void **own)
{
	void *r = sp->p;

	*own = NULL;
	if (bytes == 0)
		bytes = 8;             /* never NULL, even for no nodes */
	if (bytes > sp->n)
		return *own = dk_malloc(bytes);
	sp->p += bytes;
	sp->n -= bytes;
	return r;
}

/* Star: centres by centrality, the sum of the squared SIMs of a node's
 * edges (in millionths squared, over 2^20), most central first: the edges
 * kept are renumbered to that order, visited as by leader, and named
 * back.  New memory is spared: the sums' becomes the ranks' and the
 * counts', and head is scratch until the end. */
static void
star(uint32_t n, struct dk_edge *e, size_t ne, uint32_t minsim,
    uint32_t *head, struct spare *sp)
{
	void *own[2];
	uint64_t *w = take(sp, (size_t)n * sizeof *w, &own[0]), x;
	uint32_t *byw = take(sp, ((size_t)n + 1) / 2 * 2 * sizeof *byw, &own[1]);
	uint32_t *rank, *cnt, v, a, b;
	size_t k, m = 0;

	memset(w, 0, (size_t)n * sizeof *w);
	for (k = 0; k < ne; k++) {
		PREFETCH_NODES(w, e, k, ne);
		if (e[k].sim < minsim || e[k].a == e[k].b)
			continue;
		x = (uint64_t)e[k].sim * e[k].sim >> 20;
		w[e[k].a] += x;
		w[e[k].b] += x;
		if (m < k)
			e[m] = e[k];
		m++;
	}
	by_weight(n, w, byw, head);
	rank = (uint32_t *)(void *)w;
	cnt = rank + n;
	for (v = 0; v < n; v++)
		rank[byw[v]] = v;
	memset(cnt, 0, (size_t)n * sizeof *cnt);
	for (k = 0; k < m; k++) {
		PREFETCH_NODES(rank, e, k, m);
		a = rank[e[k].a];
		b = rank[e[k].b];
		e[k].a = a < b ? a : b;
		e[k].b = a < b ? b : a;
		cnt[e[k].b]++;
	}
	visit(n, e, m, cnt, rank, head, (size_t)n * sizeof *head);
	/* rank[] now holds the centre, by rank, of each rank */
	for (v = 0; v < n; v++)
		head[byw[v]] = byw[rank[v]];
	lowest(n, head, cnt);
	free(own[0]);
	free(own[1]);
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
	order = dk_reallocarray(NULL, n ? n : 1, sizeof *order);
	lowest(n, head, order);
	free(order);
}

void
dk_cluster(int method, uint32_t n, struct dk_edge *e, size_t ne,
    uint32_t minsim, uint32_t *head, void *spare, size_t nspare)
{
	struct spare sp = { spare, nspare };

	switch (method) {
	case DK_CLUSTER_STAR:
		star(n, e, ne, minsim, head, &sp);
		break;
	case DK_CLUSTER_LEADER:
		leader(n, e, ne, minsim, head);
		break;
	case DK_CLUSTER_CENTER:
		center(n, e, ne, minsim, head);
		break;
	default:
		components(n, e, ne, minsim, head);
		break;
	}
}

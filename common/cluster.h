/* The clustering methods of dkcluster(1), which evaluate(1) uses too, so that
 * a threshold swept at cluster level clusters as dkcluster(1) does.
 *
 * A graph is n nodes numbered in visiting order (the keep order: node 0 is
 * the document most worth keeping) and a list of edges, each a pair with its
 * SIM in millionths.  dk_cluster() writes, for every node, the head of its
 * cluster: the member numbered lowest, which is the document to keep.
 *
 *   star        Centres first by centrality: nodes are visited by the sum
 *               of the squares of their pairs' SIMs, greatest first (equal
 *               sums: lower number first).  A node joins the centre, among
 *               those visited before it, that it has the most similar pair
 *               with (equal SIM: the centre visited first); a node with no
 *               pair to a centre becomes one.  Every member has a pair with
 *               its centre, so clusters do not chain (two members are at
 *               most two pairs apart); the head is not always the centre.
 *   leader      The same visit in node order (Hartigan's leader
 *               clustering): the centre of each cluster is its head, the
 *               document to keep.
 *   center      Pairs are visited by descending SIM (equal SIM: in input
 *               order).  A pair of two nodes not yet clustered makes the
 *               one numbered lower a centre and the other its member; a
 *               pair of a centre and a node not yet clustered adds the node
 *               to it; any other pair is ignored.  Every member has a pair
 *               with its centre (Haveliwala et al. 2000; Hassanzadeh et al.
 *               2009).
 *   components  Connected components: two nodes linked by a chain of pairs
 *               share a cluster.
 *
 * Time is linear in n plus the number of edges, but for a sort of the nodes
 * (star) or a radix sort of the edges by SIM (center); memory is a few words
 * a node and two an edge beside the edges.  The result depends only on n,
 * the edges and their order. */
#ifndef DK_CLUSTER_H
#define DK_CLUSTER_H

#include <stddef.h>
#include <stdint.h>

enum dk_cluster_method {
	DK_CLUSTER_STAR, DK_CLUSTER_LEADER, DK_CLUSTER_CENTER, DK_CLUSTER_COMPONENTS
};

/* The method called name, or -1; the default is DK_CLUSTER_STAR. */
int dk_cluster_method(const char *name);
const char *dk_cluster_name(int method);
/* "star, leader, center or components", for messages. */
extern const char dk_cluster_names[];

struct dk_edge {
	uint32_t a, b;          /* nodes; a == b is ignored */
	uint32_t sim;           /* millionths */
};

/* Clusters nodes 0 .. n-1 by the edges whose SIM is at least minsim: head[i]
 * is the lowest-numbered member of i's cluster.  The edges are scratch: star
 * and leader drop, reorder and renumber them.  spare, nspare bytes (or NULL and 0), is memory the
 * caller has no use for until dk_cluster returns, used before new memory:
 * at 10 million pairs the cost of first touching new pages is a tenth of
 * the time. */
void dk_cluster(int method, uint32_t n, struct dk_edge *e, size_t ne,
    uint32_t minsim, uint32_t *head, void *spare, size_t nspare);

#endif

/* The matcher's internals, shared by the files that match groups
 * (private to them; sm.h is the program's interface):
 *
 *   span.c     the span note of -v -v, and par, the parallel regions it
 *              measures
 *   match.c    the matcher: a group's index, queries and verification,
 *              signature pairs, exact copies; a group opened and closed
 *   crew.c     groups side by side (the crew), sm_match_groups and
 *              sm_match_plain
 *
 * Included by those three only.  Calls go one way: crew.c calls match.c
 * and span.c, match.c calls span.c, span.c calls neither. */
#ifndef SM_MATCHER_H
#define SM_MATCHER_H

#include "sm.h"

#define NONE UINT32_MAX

/* A list entry: the member's rank, and its length, kept beside it so that
 * the length bounds read the list and nothing else; the member's weight of
 * the signature and its weight from the signature on (itself included),
 * for the positional filter. */
struct posting {
	uint32_t rank, len, weight, rest;
};

/* A signature of a member's prefix, as the index needs it: its number,
 * the member's weight of it and its weight from it on. */
struct pentry {
	uint32_t sig, weight, rest;
};

#define PRUNED UINT32_MAX      /* worker.acc of a member dropped by a query */
#define BITWORDS 2             /* words of a document's bitmap */

/* A member's bitmap and length, by rank, for the bitmap filter. */
struct rankbits {
	uint64_t bits[BITWORDS];
	uint64_t len;
};

/* A signature in the current index: its local list, NONE for a signature
 * no member's prefix holds. */
struct slot {
	uint32_t list;
};

/* A class of exact copies in a group: its first document and its last,
 * the copies linked from one to the next by sm_matcher.copy. */
struct klass {
	uint32_t rep, tail;
};

struct cslot {
	uint32_t hash;             /* the class hash's low half */
	uint32_t cls;              /* class + 1, 0 for an empty slot */
};

/* Per-thread scratch and results. */
struct worker {
	uint32_t *stamp;           /* by member rank: last query that saw it */
	uint32_t *acc;             /* by member rank: its overlap with the
	                            * query so far, or PRUNED */
	size_t cap;                /* their room, at least the ranks */
	uint32_t query;
	DK_VEC(uint32_t) cand;     /* a query's candidates, by rank */
	DK_VEC(struct pentry) pfx; /* members' prefixes (build_index) */
	sm_pairs pairs;
	size_t mark;               /* pairs before the current group */
	unsigned long long lists, postings, met, placed, candidates;
};

struct sm_matcher {
	sm_ctx *c;
	double ratio;              /* of the overlap to the longer length:
	                            * dk_overlap_ratio at c->tau and
	                            * c->size_ratio, for the prefixes */
	double lenratio;           /* dk_measure_ratio at c->tau or
	                            * c->size_ratio, the larger: the bound
	                            * of lengths (dk_len_ratio) */
	/* the index of the current group; lists hold member ranks in
	 * ascending order, that is by descending length */
	size_t nmember;
	const uint32_t *probe;     /* queried after the members, or alone */
	size_t nprobe, total;
	DK_VEC(uint32_t) rank2doc;
	struct slot *slot;         /* by global signature id */
	DK_VEC(uint32_t) touched;
	DK_VEC(uint32_t) lstart;   /* local list -> first posting; one extra */
	DK_VEC(struct posting) post;
	DK_VEC(struct rankbits) bits;   /* by member rank */
	/* by member rank: its prefix, pcount entries from pstart in the pfx
	 * of the worker that made its block of RANKBLOCK ranks (blockw) */
	DK_VEC(uint32_t) pstart, pcount, blockw;
	struct worker *w;
	int nw;                    /* workers: threads whose pairs it keeps */
	int inner;                 /* threads of its own regions (the
	                            * index, the queries, a join); 1 in a
	                            * crew, whose queries are handed out by
	                            * the crew (crew_work) */
	int crew;                  /* one of a crew's matchers */
	dk_counter next;
	/* the current group (group_open to group_close): its members, their
	 * representatives and classes, the copies folded before it */
	size_t gmember, nrep, nmcls;
	unsigned long before;
	/* exact copies in the group (fold) */
	uint32_t *copy;            /* by document: the next copy of its class, or NONE */
	size_t ncopy;
	int shared;                /* copy is shared by the crew's lanes
	                            * (match_crew): its links are kept, and
	                            * not freed here */
	struct cslot *ctab;        /* classes by hash */
	size_t ctabsize;
	DK_VEC(struct klass) cls;  /* the members' classes, then the probes' */
	DK_VEC(uint32_t) rmember, rprobe;       /* their representatives */
	/* signature pairs (pair_keys): whether the current group is joined
	 * by them; its entries (hash << 32 | rank), scratch for sorting, and
	 * the candidates (rank of the query << 32 | rank of the member) */
	int bypair;
	DK_VEC(uint64_t) pk, ptmp, pcand;
	/* for -v, added to the context's by sm_matcher_finish: a matcher of
	 * a lane must not write to it */
	unsigned long ngroups, nfolded, npairgroups;
};
/* ---- the span (span.c) ---- */
#define SPANTHREADS 64

struct span {
	double start;              /* the calling thread's CPU at the start */
	double inside;             /* its CPU inside the regions */
	double work, span;         /* of the regions */
	double last;               /* the span of the last region */
	double cpu[SPANTHREADS];   /* by thread, inside the regions */
	unsigned long groups[SPANTHREADS], batches[SPANTHREADS];
};


extern struct span *spanning;  /* while sm_match_groups measures */

double sm_thread_cpu(void);
void sm_par(int n, void (*fn)(void *, int), void *arg);
void sm_span_unit(int group);
void sm_span_begin(struct span *sp);
void sm_span_end(struct span *sp, int nthreads);

/* ---- the matcher's steps that the crew takes (match.c) ---- */
sm_matcher *sm_matcher_threads(sm_ctx *c, int nw);
void sm_worker_fit(struct worker *w, size_t n);
void sm_query_batches(sm_matcher *mt, struct worker *w);
int sm_group_open(sm_matcher *mt, const sm_group *g);
void sm_group_close(sm_matcher *mt);
void sm_collect(sm_matcher *mt, sm_pairs *out);

#endif

/* The matcher's internals, shared by the files that match groups
 * (private to them; sm.h is the program's interface):
 *
 *   span.c     the span note of -v -v, and par, the parallel regions it
 *              measures
 *   bound.c    the bounds the filters use (the overlap a pair needs, the
 *              prefixes, the bitmaps) and a candidate's verification
 *   query.c    a group's prefix index, its queries, the queries handed
 *              out to the threads
 *   pjoin.c    a group joined by signature pairs instead of an index
 *   copies.c   the exact copies of a group, folded and unfolded
 *   match.c    the matcher: made, a group opened (copies folded, index
 *              built or join done) and closed, its pairs collected
 *   crew.c     groups side by side (the crew), sm_match_groups and
 *              sm_match_plain
 *
 * Included by those only.  Calls go one way: crew.c calls match.c,
 * query.c and span.c; match.c calls copies.c, pjoin.c, query.c and
 * bound.c; pjoin.c calls query.c and bound.c; query.c calls bound.c;
 * each may call span.c, which calls none of them, nor does copies.c or
 * bound.c. */
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
/* Words of a document's bitmap: 256 bits.  A long document fills 128
 * (2 words), and then rules out no candidate; 512 (8) filter more but
 * cost more per candidate than the merges they spare. */
#define BITWORDS 4

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
	uint64_t lenlo, lenhi;     /* the members' shortest and longest
	                            * lengths (build_index) */
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

/* ---- bounds and verification (bound.c) ---- */

/* The number of d's signatures and its weight of the i-th, the set
 * measure counting each as 1; the overlap a pair of lengths needs
 * (need_of); the bitmap bound (bits_bound); a candidate tried
 * (try_candidate).  Inline: the queries call them for every posting or
 * candidate. */
static inline const uint32_t *
sigs_of(const sm_ctx *c, const sm_doc *d)
{
	return sm_doc_sigs(c, d);
}

/* The weight of d's i-th signature. */
static inline uint64_t
weight_of(const sm_ctx *c, const sm_doc *d, size_t i)
{
	return c->m == DK_M_SET ? 1 : sm_sig_count(c, d, i);
}


/* The overlap a pair of lengths la, lb needs: tau's (dk_overlap_need) or
 * --min-shared's, the larger. */
static inline uint64_t
need_of(const sm_ctx *c, uint64_t la, uint64_t lb)
{
	uint64_t need = dk_overlap_need(c->m, c->tau, la, lb);

	return need > c->minshared ? need : c->minshared;
}


/* The bitmap filter's bound on the overlap of documents of lengths la and
 * lb and bitmaps a and b. */
static inline uint64_t
bits_bound(const uint64_t *a, uint64_t la, const uint64_t *b, uint64_t lb)
{
	uint64_t only_a = 0, only_b = 0;
	int k;

	for (k = 0; k < BITWORDS; k++) {
		only_a += (uint64_t)__builtin_popcountll(a[k] & ~b[k]);
		only_b += (uint64_t)__builtin_popcountll(b[k] & ~a[k]);
	}
	la -= only_a < la ? only_a : la;
	lb -= only_b < lb ? only_b : lb;
	return la < lb ? la : lb;
}


/* Document q against the member of rank r: left out when qbits (q's
 * bitmap, NULL for none) bounds their overlap below the need, else
 * verified, a pair kept at tau. */
static inline void
try_candidate(const sm_matcher *mt, struct worker *w, const uint64_t *qbits,
    uint32_t q, uint32_t r)
{
	const sm_ctx *c = mt->c;
	const struct rankbits *rb = &mt->bits.v[r];
	uint32_t other, len = c->docs.v[q].len;
	double sim;

	if (qbits && bits_bound(qbits, len, rb->bits, rb->len) < need_of(c, len, rb->len))
		return;
	w->candidates++;
	other = mt->rank2doc.v[r];
	sim = sm_candidate_sim(c, q, other);
	if (sim >= c->tau)
		DK_PUSH(&w->pairs, ((sm_pair){ q < other ? q : other, q < other ? other : q, sim }));
}

/* The overlap every match of a document of length len needs with a
 * document of length in [lo, hi]: dk_overlap_need_least's, or
 * --min-shared's, the larger. */
uint64_t sm_need_least(const sm_ctx *c, uint64_t len, uint64_t lo, uint64_t hi);
/* The bitmap of d into b[0..BITWORDS). */
void sm_doc_bits(const sm_ctx *c, const sm_doc *d, uint64_t *b);
/* How many of d's first signatures are its prefix for a match overlap of
 * at least alpha (0: that of any match); all of them without pruning. */
size_t sm_prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha);
/* The largest weight of a signature of d. */
uint64_t sm_doc_maxw(const sm_ctx *c, const sm_doc *d);
/* alpha for sm_prefix_len settled: the default when 0, at least
 * --min-shared. */
uint64_t sm_alpha_of(const sm_matcher *mt, const sm_doc *d, uint64_t alpha);
/* How many of d's first signatures are its pair prefix (pjoin.c) for a
 * match overlap of at least alpha (0: any), maxw its largest weight. */
size_t sm_pair_prefix_len(const sm_matcher *mt, const sm_doc *d, uint64_t alpha,
    uint64_t maxw);

/* ---- the index and the queries (query.c) ---- */

/* Undoes the slots the current index (or a count in them) set. */
void sm_drop_index(sm_matcher *mt);
/* Runs queries from to total - 1 (the members by rank, then the probes)
 * on the matcher's threads. */
void sm_run_queries(sm_matcher *mt, size_t from, size_t total);

/* ---- signature pairs (pjoin.c) ---- */

/* Whether group g is joined by signature pairs (leaves no index). */
int sm_pair_keys(sm_matcher *mt, const sm_group *g);
/* Matches the group indexed (by sm_index, with mt->bypair set: its ranks
 * and bitmaps only) by the join of its pair prefixes; the pairs into the
 * workers. */
void sm_join_pairs(sm_matcher *mt);

/* ---- exact copies (copies.c) ---- */

/* Puts doc[0..n) in classes (into mt->cls): their representatives, in
 * the order of doc, into reps, *nreps of them; each copy linked after the
 * last document of its class. */
void sm_fold(sm_matcher *mt, const uint32_t *doc, size_t n, uint32_t *reps, size_t *nreps);
/* Copies each pair of p from p->v[from] on to the copies of its two
 * documents. */
void sm_unfold(const sm_matcher *mt, sm_pairs *p, size_t from);
/* The pairs inside the first nmember_cls classes (the members'), at 1,
 * into p; every link undone, unless the links are shared. */
void sm_close_classes(sm_matcher *mt, size_t nmember_cls, sm_pairs *p);

/* ---- the matcher's steps that the crew takes (match.c, query.c) ---- */
sm_matcher *sm_matcher_threads(sm_ctx *c, int nw);
void sm_worker_fit(struct worker *w, size_t n);
void sm_query_batches(sm_matcher *mt, struct worker *w);
int sm_group_open(sm_matcher *mt, const sm_group *g);
void sm_group_close(sm_matcher *mt);
void sm_collect(sm_matcher *mt, sm_pairs *out);

#endif

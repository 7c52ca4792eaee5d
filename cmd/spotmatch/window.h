/* spotmatch --window: the interface of its files, and the state of a run.
 *
 * Every arriving document is compared with the documents of the window
 * before it, then joins the window.  The comparison is exact: candidates
 * come from prefix filtering, and a pair is reported exactly when dk_sim()
 * reaches the threshold, as a brute-force scan of the window would.
 *
 * Signatures are interned into slots; a slot records the newest document
 * holding it, and a sweep every quarter window or so frees the slots no
 * document of the window holds any more and drops the postings of evicted
 * documents, so the dictionary, like everything else, is bounded by the
 * window and not by the stream, while evicting a document touches none of
 * its signatures.  The global order that prefix filtering needs is at
 * first by birth, newest first: a signature born recently is rare in the
 * window (the common ones were born long ago and never die), so prefixes
 * hold rare signatures and few candidates.  After a sample of the stream
 * (--learn) it is by document frequency in the window, which is rarer
 * still, and the window is indexed again.  Only prefixes are indexed, and
 * a signature's postings are split by the length band of their documents,
 * so that a query reads only the bands whose lengths can reach the
 * threshold with its own (dk_len_range: a pair reaching it has lengths
 * within the measure's ratio, measure.h).  Documents leave the window in
 * arrival order, so each band's posting list is a queue and eviction pops
 * its head.
 *
 * The files, as spotmatch(1)'s "Streaming mode" tells it:
 *   window.c  the driver: the stream and its times, the pairs or
 *             --novel IDs written, the -v report, the state freed
 *   wdict.c   the dictionary: signatures interned into slots, slots freed
 *   windex.c  the window and its index: documents, eviction, the sweep,
 *             prefixes indexed into posting lists by length band
 *   worder.c  the order of prefix filtering: -L's lexicon and --learn
 *   wquery.c  one arriving document: loaded, its candidates counted from
 *             the postings, verified
 *   wids.c    the repeated-ID check, of the records the window holds only
 * All the state is one struct win, passed to every function. */
#ifndef WINDOW_H
#define WINDOW_H

#include "sm.h"
#include "lexicon.h"

#include <time.h>

/* ---- the dictionary ---- */

/* 64 bytes, aligned: every lookup and every query reads one cache line
 * of each signature, not two. */
struct tok {
	_Alignas(64) uint64_t hash;
	uint64_t serial;            /* birth order, higher is newer; 0 free */
	union {
		char *p;
		char inl[16];       /* q-grams and most words fit */
	} s;
	uint32_t n;
	uint32_t last;              /* the newest document holding it (seq) */
	struct band *band;          /* by ascending number; kept when empty */
	uint32_t nband, bandcap;
};

/* The documents of one length band whose prefix holds a signature, in
 * arrival order: seq[pstart .. pend), and the copies each holds in cnt, which
 * stays NULL while every count is 1 (always so for sets such as q-grams).
 * Postings are read far more than anything else, so they are kept small:
 * while the window holds at most narrow_max documents, a posting is the
 * low 16 bits of its document's seq (uint16_t), which name the document as
 * long as no posting is span_max or more older than the newest document;
 * sweeps see to that.  A window that grows beyond turns every posting into the
 * whole 32 bits (uint32_t), for good. */
struct band {
	void *seq;
	uint32_t *cnt;
	uint32_t pstart, pend, pcap, num;
};

struct wdict {
	struct tok *v;
	size_t n, cap;
	DK_VEC(uint32_t) freeslots;
	uint64_t *tab;              /* open addressing: the hash's low 32 bits
	                             * << 32 | slot + 1, or 0 */
	size_t mask, live;
	uint64_t serial;
};

/* ---- the window ---- */

struct doc {
	char *id;
	int64_t time;
	uint32_t *tok;              /* slots, newest serial first */
	uint32_t *cnt;              /* counts, or NULL when all are 1 */
	uint32_t ntok, nprefix;     /* tok[0 .. nprefix) are indexed */
	uint32_t lastn;             /* copies of tok[nprefix - 1] indexed */
	uint64_t ell;               /* prefix elements a match shares at least */
	uint64_t len;               /* dk_measure_len */
	uint32_t band;              /* band_of(len) */
	uint32_t flags;             /* DK_SIG_CHAINS or 0 (--dense-tau) */
	size_t bytes;
};

/* Beside the ring, dense, as the posting scan reads them at random: the
 * last query that made a document a candidate, and the prefix elements it
 * shares with that query. */
struct tally {
	uint32_t mark, shared;
};

/* ---- one arriving document ---- */

/* A signature of a document being put in order. */
struct order {
	uint64_t serial;
	uint32_t slot, count;
};

/* A run of postings a query reads, and the copies the query holds of
 * their signature. */
struct span {
	struct band *band;
	uint32_t qn;
};

struct cand {
	uint64_t seq, shared;
};

struct hit {
	uint64_t seq;
	double sim;
};

/* Scratch reused from one document to the next. */
struct query {
	DK_VEC(struct order) ord, ord2;
	DK_VEC(uint32_t) tok;
	DK_VEC(uint32_t) cnt;
	DK_VEC(uint64_t) ser;           /* serials of tok, for merging */
	DK_VEC(struct cand) cand;       /* candidates, and the elements shared */
	DK_VEC(struct span) span;       /* the postings a query reads */
	DK_VEC(struct hit) hits;
	uint64_t n;                     /* queries so far, for the tally marks */
	uint64_t candidates, verified;  /* for -v */
	uint64_t prefix, visits;        /* prefix entries and postings read */
	uint64_t lists;                 /* band lists read */
	uint64_t dense;                 /* queries counted densely */
	int ones;                       /* every count of the query is 1 */
	DK_VEC(uint64_t) bits;          /* the query's slots, while verifying */
	DK_VEC(uint64_t) hash;          /* of the signatures */
};

/* ---- the IDs of the window (wids.c) ---- */

/* A record the window holds, for the repeated-ID check, in arrival
 * order: a document of the window, or a record without signatures, which
 * the window does not keep. */
struct wid {
	uint64_t hash;
	uint64_t place;             /* where it was read (dk_ids_place) */
	uint64_t off;               /* its ID: text from off - textbase */
	int64_t time;
	uint64_t seq;               /* its seq in the window + 1; 0 when none */
	uint32_t n;
};

/* The window's IDs: a queue in arrival order (ring), an index by hash
 * (tab: the hash's high 32 bits << 32 | ring position + 1, or 0), the
 * bytes of the IDs in a queue of their own (text). */
struct wids {
	struct wid *ring;
	size_t mask;                /* the ring's size - 1 */
	uint64_t head, tail;        /* the records queued are [head, tail) */
	uint64_t *tab;
	size_t tmask;
	DK_VEC(char) text;
	uint64_t textbase;          /* bytes dropped from text's front */
	size_t peak;                /* records queued at most, for -v */
	/* the record being checked, for wids_add() */
	uint64_t hash, place;
	size_t at;                  /* its slot in tab */
};

/* ---- the state of a run ---- */

struct win {
	sm_opts o;                  /* m, tau, novel and the --window ones */
	double ratio;               /* dk_measure_ratio at tau */
	double oratio;              /* dk_overlap_ratio at tau and
	                             * --size-ratio: alpha_of's */

	struct wdict dict;
	/* With -L, the order of prefix filtering comes from a lexicon's
	 * document frequencies instead of birth: rank[id] is 1 for its most
	 * common term up to nrank for its rarest, and a signature it lacks is
	 * ranked above them all, by birth.  Any fixed order keeps the result
	 * exact; a better one only makes prefixes rarer. */
	dk_lexicon *lex;
	uint64_t *rank, nrank;

	/* the window */
	struct doc *ring;           /* seq s is ring[s & mask] */
	struct tally *tally;
	/* the same count for a query that reads many postings: 16 bits a
	 * document, so that the scan only adds (no test, no branch, a quarter
	 * of the memory) and the documents that reach the count are found
	 * afterwards by going over the counts, block by block, which are then
	 * cleared all together (count_dense()) */
	uint16_t *dense;
	size_t mask;
	uint64_t head, tail;        /* seqs held are [head, tail) */
	uint64_t swept;             /* tail at the last sweep */
	uint64_t oldest;            /* head at the last sweep: no posting is older */
	size_t peak;
	int narrow;                 /* postings of 16 bits (struct band) */
	uint64_t narrow_max, span_max;
	size_t held;                /* bytes held for the window, for -v */

	struct query q;
	struct wids ids;            /* unless --allow-repeated-ids */

	/* the stream (window.c) */
	sm_reader in;
	int64_t newest;             /* latest time so far */
	uint64_t docs, pairs, novel;
	uint64_t ndense;            /* pairs below --dense-tau dropped */
	uint64_t nshort;            /* records flagged !short, skipped */
	size_t peak_bytes;
	uint64_t full;              /* 1 + the document that first evicted */
	size_t learnt;              /* signatures ranked by win_learn() */
	struct timespec wall0, cpu0;
};

/* ---- window.c ---- */

/* Frees everything w holds. */
void win_free(struct win *w);

/* ---- wdict.c ---- */

/* Interns the n signatures of a document (hashes in hash, scratch for
 * n) into ord: slot, serial and the count the measure weighs; each slot
 * is marked as held by the document to come, seq w->tail. */
void win_dict_intern_sigs(struct win *w, const dk_sigs *sigs, uint64_t *hash,
    struct order *ord);
/* Removes a slot that no document holds any more, its bands freed
 * already (the sweep of windex.c frees them first). */
void win_dict_drop(struct win *w, uint32_t slot);

/* ---- windex.c ---- */

/* For the tests, DK_TEST_WINDOW_NARROW=MAX,SPAN sets narrow_max and
 * span_max lower (see struct band); the defaults otherwise. */
void win_narrow_limits(struct win *w);
/* Frees the posting lists of t's bands, and forgets the bands. */
void win_bands_free(struct win *w, struct tok *t);
/* Indexes the prefix of document seq, its signatures in order. */
void win_index(struct win *w, uint64_t seq);
/* Adds the query just run as a document of ID id at time t, of measure
 * length len (its signatures are in the dictionary already). */
void win_add(struct win *w, const dk_str *id, int64_t t, uint64_t len);
/* Evicts the oldest document: its signatures are left to the sweep. */
void win_evict_head(struct win *w);
/* Frees the slots no document of the window holds and drops the
 * postings of evicted documents (the oldest of each list). */
void win_sweep(struct win *w);

/* ---- worder.c ---- */

/* -L: the ranks of the lexicon at path. */
void win_order_load(struct win *w, const char *path);
/* Sorts q->ord by serial, ascending. */
void win_sort_by_serial(struct query *q);
/* --learn: the window's signatures ranked by their document frequency and
 * the window indexed again; returns the number ranked. */
size_t win_learn(struct win *w);

/* ---- wids.c ---- */

/* The repeated-ID check of the record just read from r, of ID id, once
 * the window has evicted what it no longer compares it with: a record the
 * window holds under the same ID is reported (exit 2); the rest of the
 * stream is not looked at. */
void wids_check(struct win *w, dk_reader *r, dk_str id);
/* Holds the record just checked, at time t; kept: it joins the window as
 * document w->tail. */
void wids_add(struct win *w, dk_str id, int64_t t, int kept);
/* Bytes held, for -v; everything freed. */
size_t wids_bytes(const struct wids *s);
void wids_free(struct wids *s);

/* ---- wquery.c ---- */

/* Interns the signatures into w->q, newest first; returns the measure
 * length.  A signature listed twice is bad input. */
uint64_t win_query_load(struct win *w, const dk_sigs *sigs, dk_reader *r);
/* The documents of the window that reach the threshold with the query of
 * length lenq at time t, into w->q.hits in arrival order. */
void win_query_run(struct win *w, uint64_t lenq, int64_t t);

/* ---- small pieces every file reads ---- */

static inline size_t
post_size(const struct win *w)
{
	return w->narrow ? sizeof(uint16_t) : sizeof(uint32_t);
}

static inline char *
post_addr(const struct win *w, const struct band *b, uint32_t k)
{
	return (char *)b->seq + k * post_size(w);
}

static inline const char *
tok_bytes(const struct tok *t)
{
	return t->n <= sizeof t->s.inl ? t->s.inl : t->s.p;
}

/* Length bands: band b holds the lengths [2^b, 2^(b+1)) (band 0 also 0),
 * so a query, which needs the lengths from tau * len to len / tau, reads
 * two bands or three.  Finer bands read fewer postings but more lists,
 * each a few scattered cache lines: with lists fetched whole and postings
 * of 16 bits, doubling was 20% faster a decision on the benchmark's feed
 * than bands a fifth wider each (0.57 against 0.71 ms; 0.46 against 0.62
 * with -L), and 1.5, 3 or 4 times wider no better.  Monotone by
 * construction, so no length is read in the wrong band. */
static inline uint32_t
band_of(uint64_t len)
{
	return len < 2 ? 0 : 63 - (uint32_t)__builtin_clzll(len);
}

/* The first band of t numbered num or more (t->nband when none). */
static inline uint32_t
band_find(const struct tok *t, uint32_t num)
{
	uint32_t lo = 0, hi = t->nband;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (t->band[mid].num < num)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static inline struct doc *
win_doc(const struct win *w, uint64_t seq)
{
	return &w->ring[seq & w->mask];
}

/* The seq of the document in ring slot at. */
static inline uint64_t
win_seq(const struct win *w, size_t at)
{
	return w->head + ((at - w->head) & w->mask);
}

/* Is seq (its low 32 bits) in the window?  Postings and slots of evicted
 * documents linger until the next sweep, which comes long before the
 * 32 bits could wrap around to the window again. */
static inline int
win_holds(const struct win *w, uint32_t seq)
{
	return (uint32_t)(seq - (uint32_t)w->head) < (uint32_t)(w->tail - w->head);
}

/* The seq of posting k of b (its low 32 bits). */
static inline uint32_t
post_seq(const struct win *w, const struct band *b, uint32_t k)
{
	if (w->narrow)
		return (uint32_t)w->tail -
		    (uint16_t)((uint16_t)w->tail - ((const uint16_t *)b->seq)[k]);
	return ((const uint32_t *)b->seq)[k];
}

/* Drops the postings of evicted documents from the head of b. */
static inline void
post_trim(const struct win *w, struct band *b)
{
	while (b->pstart < b->pend && !win_holds(w, post_seq(w, b, b->pstart)))
		b->pstart++;
}

/* Prefix filtering with an ell-prefix: a match needs overlap >= alpha,
 * where every measure gives alpha >= r * len, r its ratio at tau and
 * --size-ratio (dk_overlap_ratio; dk_overlap_min: one less than the
 * rounded-up product keeps it safe from rounding).  Counting a signature
 * with count c as c elements in the global order, the first ell elements
 * two documents share lie within the first len - alpha + ell elements of
 * each, for any ell <= alpha.  So both documents index and probe that many
 * elements, and a pair sharing fewer than min(ell_x, ell_y) of them cannot
 * match.  A larger ell costs a longer prefix but cuts candidates sharing
 * a little common text.  prefix_take() returns the signatures holding the
 * first plen elements, and in *lastn how many copies of the last one they
 * take; prefix_size() does so for the prefix of a length, *ell the count
 * needed. */
#define ELL_DIV 32
static inline uint64_t
alpha_of(const struct win *w, uint64_t len)
{
	return dk_overlap_min(w->oratio, len);
}

/* ell for a length: it never decreases as the length grows. */
static inline uint64_t
ell_of(const struct win *w, uint64_t len)
{
	uint64_t alpha = alpha_of(w, len), ell = 1 + alpha / ELL_DIV;

	return ell > alpha ? alpha : ell;
}

static inline uint32_t
prefix_take(const uint32_t *cnt, uint32_t ntok, uint64_t plen, uint32_t *lastn)
{
	uint64_t mass = 0, c = 0;
	uint32_t i;

	for (i = 0; i < ntok && mass < plen; i++) {
		c = cnt ? cnt[i] : 1;
		mass += c;
	}
	*lastn = (uint32_t)(mass > plen ? c - (mass - plen) : c);
	return i;
}

static inline uint32_t
prefix_size(const struct win *w, const uint32_t *cnt, uint32_t ntok, uint64_t len,
    uint32_t *lastn, uint64_t *ell)
{
	*ell = ell_of(w, len);
	return prefix_take(cnt, ntok, len - alpha_of(w, len) + *ell, lastn);
}

#endif

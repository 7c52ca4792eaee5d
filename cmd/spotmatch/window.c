/* spotmatch --window: streaming detection over a sliding window (DDD).
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
 * its signatures.  The global order that
 * prefix filtering needs is at first by birth, newest first: a signature
 * born recently is rare in the window (the common ones were born long ago
 * and never die), so prefixes hold rare signatures and few candidates.
 * After a sample of the stream (--learn) it is by document frequency in the
 * window, which is rarer still, and the window is indexed again.  Only
 * prefixes are indexed, and a signature's postings are split by the
 * length band of their documents, so that a query reads only the bands
 * whose lengths can reach the threshold with its own (dk_len_range: a
 * pair reaching it has lengths within the measure's ratio, measure.h).  Documents leave the
 * window in arrival order, so each band's posting list is a queue and
 * eviction pops its head. */
#include "dk.h"
#include "lexicon.h"
#include "spotmatch.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>

static const struct dk_usage usage = {
	"spotmatch --window duration [-v] [-L lexicon | --learn N] [-M measure] [-t tau]\n"
	"          [--novel] [--time-column N [--disorder duration]] [file ...]",
	"  --window D        compare each document with those at most D before it:\n"
	"                    a count of documents, or with --time-column a duration\n"
	"                    such as 86400, 24h, 90m, 1d12h (units s m h d w)\n"
	"  --time-column N   field N (1 is the ID) holds the time: ISO 8601 with a\n"
	"                    zone (2008-01-01T12:00:00Z, ...+02:00) or Unix seconds\n"
	"  --disorder D      accept records up to D older than the newest so far\n"
	"                    (default 0: times must not decrease)\n"
	"  --novel           write the IDs of documents with no near duplicate in\n"
	"                    the window instead of the pairs\n"
	"  -L lexicon        order the prefixes by the lexicon's document\n"
	"                    frequencies (rarest first) instead of learning it\n"
	"  --learn N         learn that order from the window once N documents\n"
	"                    have come in (default 2000; 0: by birth, newest first)\n"
	"  -M measure        jaccard (default), set, max (DDD) or dice\n"
	"  -t tau            similarity threshold (default 0.8)\n"
	"  -v                statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

enum { OPT_WINDOW = 0x2000, OPT_TIMECOL, OPT_DISORDER, OPT_NOVEL, OPT_LEARN };

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

static int narrow = 1;
static uint64_t narrow_max = 60000, span_max = 65000;

static inline size_t
post_size(void)
{
	return narrow ? sizeof(uint16_t) : sizeof(uint32_t);
}

static inline char *
post_addr(const struct band *b, uint32_t k)
{
	return (char *)b->seq + k * post_size();
}

static struct {
	struct tok *v;
	size_t n, cap;
	DK_VEC(uint32_t) freeslots;
	uint64_t *tab;              /* open addressing: the hash's low 32 bits
	                             * << 32 | slot + 1, or 0 */
	size_t mask, live;
	uint64_t serial;
} dict;

/* With -L, the order of prefix filtering comes from a lexicon's document
 * frequencies instead of birth: rank[id] is 1 for its most common term up
 * to nrank for its rarest, and a signature it lacks is ranked above them
 * all, by birth.  Any fixed order keeps the result exact; a better one
 * only makes prefixes rarer. */
static struct {
	dk_lexicon *lex;
	uint64_t *rank, nrank;
} order;

/* Bytes held for the window, for -v. */
static size_t held_bytes;

static inline const char *
tok_bytes(const struct tok *t)
{
	return t->n <= sizeof t->s.inl ? t->s.inl : t->s.p;
}

static inline uint64_t
tab_entry(uint64_t hash, uint32_t slot)
{
	return (uint64_t)(uint32_t)hash << 32 | (slot + 1);
}

static void
dict_rehash(size_t size)
{
	size_t i, j;

	free(dict.tab);
	dict.tab = dk_calloc(size, sizeof *dict.tab);
	dict.mask = size - 1;
	for (i = 0; i < dict.n; i++) {
		if (dict.v[i].serial == 0)
			continue;
		for (j = dict.v[i].hash & dict.mask; dict.tab[j]; j = (j + 1) & dict.mask)
			continue;
		dict.tab[j] = tab_entry(dict.v[i].hash, (uint32_t)i);
	}
}

/* The slot of s (hash h, dk_hash64 with seed 0), made when s is new. */
static uint32_t
dict_intern(const char *s, size_t n, uint64_t h)
{
	struct tok *t;
	uint32_t slot;
	size_t j;

	if (!dict.tab || (dict.live + 1) * 2 > dict.mask + 1)
		dict_rehash(dict.tab ? (dict.mask + 1) * 2 : 4096);
	/* the tag in the table spares a visit to each entry passed on the way */
	for (j = h & dict.mask; dict.tab[j]; j = (j + 1) & dict.mask) {
		if (dict.tab[j] >> 32 != (uint32_t)h)
			continue;
		t = &dict.v[(uint32_t)dict.tab[j] - 1];
		if (t->hash == h && t->n == n && memcmp(tok_bytes(t), s, n) == 0)
			return (uint32_t)dict.tab[j] - 1;
	}
	if (dict.freeslots.n > 0)
		slot = dict.freeslots.v[--dict.freeslots.n];
	else {
		if (dict.n >= UINT32_MAX - 1)
			dk_diex(DK_EXIT_INPUT, "too many distinct signatures in the window");
		if (dict.n == dict.cap) {
			size_t cap = dict.cap ? dict.cap * 2 : 1024;

			dict.v = dk_realloc_aligned(dict.v, dict.cap * sizeof *dict.v,
			    cap * sizeof *dict.v, _Alignof(struct tok));
			dict.cap = cap;
		}
		slot = (uint32_t)dict.n++;
	}
	t = &dict.v[slot];
	memset(t, 0, sizeof *t);
	t->hash = h;
	if (order.lex) {
		long id = dk_lexicon_find(order.lex, s, n);

		t->serial = id >= 0 ? order.rank[id] : order.nrank + ++dict.serial;
	} else
		t->serial = ++dict.serial;
	t->n = (uint32_t)n;
	if (n <= sizeof t->s.inl)
		memcpy(t->s.inl, s, n);
	else {
		t->s.p = dk_memdup(s, n);
		held_bytes += n;
	}
	dict.tab[j] = tab_entry(h, slot);
	dict.live++;
	held_bytes += sizeof *t;
	return slot;
}

/* Frees the posting lists of t's bands, and forgets the bands. */
static void
bands_free(struct tok *t)
{
	uint32_t k;

	for (k = 0; k < t->nband; k++) {
		held_bytes -= (size_t)t->band[k].pcap * (post_size() +
		    (t->band[k].cnt ? sizeof *t->band[k].cnt : 0));
		free(t->band[k].seq);
		free(t->band[k].cnt);
	}
	t->nband = 0;
}

/* Removes a slot that no document holds any more (linear probing with
 * backward-shift deletion, so lookups need no tombstones). */
static void
dict_drop(uint32_t slot)
{
	struct tok *t = &dict.v[slot];
	size_t i, j, home;

	for (i = t->hash & dict.mask; (uint32_t)dict.tab[i] != slot + 1; i = (i + 1) & dict.mask)
		continue;
	for (j = (i + 1) & dict.mask; dict.tab[j]; j = (j + 1) & dict.mask) {
		home = (dict.mask >> 32 ? dict.v[(uint32_t)dict.tab[j] - 1].hash :
		    dict.tab[j] >> 32) & dict.mask;
		/* move j back to the hole i unless its home lies in (i, j] */
		if (((j - home) & dict.mask) >= ((j - i) & dict.mask)) {
			dict.tab[i] = dict.tab[j];
			i = j;
		}
	}
	dict.tab[i] = 0;
	held_bytes -= sizeof *t + (size_t)t->bandcap * sizeof *t->band;
	bands_free(t);
	free(t->band);
	if (t->n > sizeof t->s.inl) {
		held_bytes -= t->n;
		free(t->s.p);
	}
	memset(t, 0, sizeof *t);
	DK_PUSH(&dict.freeslots, slot);
	dict.live--;
}

/* Length bands: band b holds the lengths [2^b, 2^(b+1)) (band 0 also 0),
 * so a query, which needs the lengths from tau * len to len / tau, reads
 * two bands or three.  Finer bands read fewer postings but more lists,
 * each a few scattered cache lines: with lists fetched whole and postings
 * of 16 bits, doubling was 20% faster a decision on the benchmark's feed
 * than bands a fifth wider each (0.57 against 0.71 ms; 0.46 against 0.62
 * with -L), and 1.5, 3 or 4 times wider no better.  Monotone by
 * construction, so no length is read in the wrong band. */
static uint32_t
band_of(uint64_t len)
{
	return len < 2 ? 0 : 63 - (uint32_t)__builtin_clzll(len);
}

/* The first band of t numbered num or more (t->nband when none). */
static uint32_t
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

static void
post_push(struct tok *t, uint32_t num, uint32_t seq, uint32_t n)
{
	uint32_t i = band_find(t, num);
	struct band *b;

	if (i == t->nband || t->band[i].num != num) {
		if (t->nband == t->bandcap) {
			uint32_t cap = t->bandcap ? t->bandcap * 2 : 1;

			t->band = dk_reallocarray(t->band, cap, sizeof *t->band);
			held_bytes += (size_t)(cap - t->bandcap) * sizeof *t->band;
			t->bandcap = cap;
		}
		memmove(t->band + i + 1, t->band + i, (t->nband - i) * sizeof *t->band);
		t->nband++;
		t->band[i] = (struct band){ NULL, NULL, 0, 0, 0, num };
	}
	b = &t->band[i];
	if (b->pend == b->pcap) {
		if (b->pstart >= b->pend / 2 && b->pstart > 0) {
			memmove(b->seq, post_addr(b, b->pstart), (b->pend - b->pstart) * post_size());
			if (b->cnt)
				memmove(b->cnt, b->cnt + b->pstart, (b->pend - b->pstart) * sizeof *b->cnt);
			b->pend -= b->pstart;
			b->pstart = 0;
		} else {
			uint32_t cap = b->pcap ? b->pcap * 2 : 4;

			b->seq = dk_reallocarray(b->seq, cap, post_size());
			if (b->cnt)
				b->cnt = dk_reallocarray(b->cnt, cap, sizeof *b->cnt);
			held_bytes += (size_t)(cap - b->pcap) *
			    (post_size() + (b->cnt ? sizeof *b->cnt : 0));
			b->pcap = cap;
		}
	}
	if (n != 1 && !b->cnt) {
		uint32_t k;

		b->cnt = dk_reallocarray(NULL, b->pcap, sizeof *b->cnt);
		for (k = 0; k < b->pend; k++)
			b->cnt[k] = 1;
		held_bytes += (size_t)b->pcap * sizeof *b->cnt;
	}
	if (narrow)
		((uint16_t *)b->seq)[b->pend] = (uint16_t)seq;
	else
		((uint32_t *)b->seq)[b->pend] = seq;
	if (b->cnt)
		b->cnt[b->pend] = n;
	b->pend++;
}

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
	size_t bytes;
};

static struct {
	struct doc *ring;           /* seq s is ring[s & mask] */
	/* beside the ring, dense, as the posting scan reads them at random:
	 * the last query that made a document a candidate, and the prefix
	 * elements it shares with that query */
	struct tally { uint32_t mark, shared; } *tally;
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
} win;

struct params {
	dk_measure m;
	double tau;
	double ratio;               /* dk_measure_ratio at tau */
	int64_t window, disorder;   /* ms, or documents without a time column */
	size_t timecol;             /* 0: arrival order */
	int novel;
	uint64_t learn;             /* documents to learn the order from; 0: never */
};

static struct doc *
win_doc(uint64_t seq)
{
	return &win.ring[seq & win.mask];
}

static void
win_grow(void)
{
	size_t size = win.ring ? (win.mask + 1) * 2 : 1024;
	struct doc *ring = dk_calloc(size, sizeof *ring);
	uint64_t s;

	for (s = win.head; s < win.tail; s++)
		ring[s & (size - 1)] = *win_doc(s);
	held_bytes += (size - (win.ring ? win.mask + 1 : 0)) *
	    (sizeof *ring + sizeof *win.tally + sizeof(uint16_t));
	free(win.ring);
	win.ring = ring;
	win.mask = size - 1;
	/* no query is under way: marks can start afresh */
	free(win.tally);
	free(win.dense);
	win.tally = dk_calloc(size, sizeof *win.tally);
	win.dense = dk_calloc(size, sizeof *win.dense);
}

/* Prefix filtering with an ell-prefix: a match needs overlap >= alpha,
 * where every measure gives alpha >= r * len, r its ratio at tau
 * (dk_overlap_min: one less than the rounded-up product keeps it safe from
 * rounding).  Counting a signature with count c
 * as c elements in the global order, the first ell elements two documents
 * share lie within the first len - alpha + ell elements of each, for any
 * ell <= alpha.  So both documents index and probe that many elements, and
 * a pair sharing fewer than min(ell_x, ell_y) of them cannot match.  A
 * larger ell costs a longer prefix but cuts candidates sharing a little
 * common text.  prefix_take() returns the signatures holding the first plen
 * elements, and in *lastn how many copies of the last one they take;
 * prefix_size() does so for the prefix of a length, *ell the count needed. */
#define ELL_DIV 32
static uint64_t
alpha_of(const struct params *p, uint64_t len)
{
	return dk_overlap_min(p->ratio, len);
}

/* ell for a length: it never decreases as the length grows. */
static uint64_t
ell_of(const struct params *p, uint64_t len)
{
	uint64_t alpha = alpha_of(p, len), ell = 1 + alpha / ELL_DIV;

	return ell > alpha ? alpha : ell;
}

static uint32_t
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

static uint32_t
prefix_size(const struct params *p, const uint32_t *cnt, uint32_t ntok, uint64_t len,
    uint32_t *lastn, uint64_t *ell)
{
	*ell = ell_of(p, len);
	return prefix_take(cnt, ntok, len - alpha_of(p, len) + *ell, lastn);
}

/* Is seq (its low 32 bits) in the window?  Postings and slots of evicted
 * documents linger until the next sweep, which comes long before the
 * 32 bits could wrap around to the window again. */
static inline int
win_holds(uint32_t seq)
{
	return (uint32_t)(seq - (uint32_t)win.head) < (uint32_t)(win.tail - win.head);
}

/* The seq of posting k of b (its low 32 bits). */
static inline uint32_t
post_seq(const struct band *b, uint32_t k)
{
	if (narrow)
		return (uint32_t)win.tail -
		    (uint16_t)((uint16_t)win.tail - ((const uint16_t *)b->seq)[k]);
	return ((const uint32_t *)b->seq)[k];
}

/* Drops the postings of evicted documents from the head of b. */
static inline void
post_trim(struct band *b)
{
	while (b->pstart < b->pend && !win_holds(post_seq(b, b->pstart)))
		b->pstart++;
}

/* Every posting made 32 bits wide, when the window grows beyond
 * narrow_max documents. */
static void
posts_widen(void)
{
	size_t i;
	uint32_t k, j;

	for (i = 0; i < dict.n; i++) {
		struct tok *t = &dict.v[i];

		for (k = 0; k < t->nband; k++) {
			struct band *b = &t->band[k];
			uint32_t *w = b->pcap ? dk_reallocarray(NULL, b->pcap, sizeof *w) : NULL;

			for (j = b->pstart; j < b->pend; j++)
				w[j] = post_seq(b, j);
			free(b->seq);
			b->seq = w;
			held_bytes += (size_t)b->pcap * (sizeof(uint32_t) - sizeof(uint16_t));
		}
	}
	narrow = 0;
}

/* For the tests, DK_TEST_WINDOW_NARROW=MAX,SPAN sets narrow_max and
 * span_max lower, so that small inputs turn their postings wide and are
 * swept for their span (both must stay below 2^16, MAX below SPAN). */
static void
narrow_limits(void)
{
	const char *e = getenv("DK_TEST_WINDOW_NARROW");
	unsigned long max, span;
	int end = 0;

	if (!e)
		return;
	if (sscanf(e, "%lu,%lu%n", &max, &span, &end) != 2 || e[end] != '\0' ||
	    max < 1 || max >= span || span > 65000)
		dk_diex(DK_EXIT_INPUT, "DK_TEST_WINDOW_NARROW: want MAX,SPAN with 0 < MAX < SPAN <= 65000");
	narrow_max = max;
	span_max = span;
}

/* Evicts the oldest document: its signatures are left to the sweep. */
static void
win_evict_head(void)
{
	struct doc *d = win_doc(win.head);

	held_bytes -= d->bytes;
	free(d->id);
	free(d->tok);
	free(d->cnt);
	memset(d, 0, sizeof *d);
	win.head++;
}

/* Frees the slots no document of the window holds and drops the postings
 * of evicted documents (the oldest of each list). */
static void
win_sweep(void)
{
	size_t i;
	uint32_t k;

	for (i = 0; i < dict.n; i++) {
		struct tok *t = &dict.v[i];

		if (t->serial == 0)
			continue;
		if (!win_holds(t->last)) {
			dict_drop((uint32_t)i);
			continue;
		}
		for (k = 0; k < t->nband; k++) {
			struct band *b = &t->band[k];

			post_trim(b);
			if (b->pstart == b->pend)
				b->pstart = b->pend = 0;
		}
	}
	win.swept = win.tail;
	win.oldest = win.head;
}

/* Indexes the prefix of document seq, its signatures in order. */
static void
win_index(const struct params *p, uint64_t seq)
{
	struct doc *d = win_doc(seq);
	uint32_t i;

	d->nprefix = prefix_size(p, d->cnt, d->ntok, d->len, &d->lastn, &d->ell);
	d->band = band_of(d->len);
	for (i = 0; i < d->nprefix; i++) {
		/* the band lists are scattered: fetch some ahead */
		if (i + 8 < d->nprefix)
			__builtin_prefetch(dict.v[d->tok[i + 8]].band);
		post_push(&dict.v[d->tok[i]], d->band, (uint32_t)seq,
		    i + 1 == d->nprefix ? d->lastn : d->cnt ? d->cnt[i] : 1);
	}
}

/* Adds the document (whose signatures the dictionary holds already). */
static void
win_add(const struct params *p, struct doc *nd)
{
	struct doc *d;

	if (narrow && win.tail - win.head >= narrow_max)
		posts_widen();
	if (win.tail - win.head == (win.ring ? win.mask + 1 : 0))
		win_grow();
	d = win_doc(win.tail);
	*d = *nd;
	/* (query_load() marked every signature as held by it) */
	win_index(p, win.tail);
	held_bytes += d->bytes;
	win.tail++;
	/* a sweep after a quarter of the window has come in, so what lingers
	 * stays a fraction of what the window holds (not before the document
	 * is in: its new signatures are held by no document until then) */
	if ((win.tail - win.swept >= 256 && (win.tail - win.swept) * 4 >= win.tail - win.head) ||
	    (narrow && win.tail - win.oldest >= span_max))
		win_sweep();
	if (win.tail - win.head > win.peak)
		win.peak = (size_t)(win.tail - win.head);
}

/* ---- one arriving document ---- */

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

/* Scratch reused from one document to the next. */

struct query {
	DK_VEC(struct order) ord, ord2;
	DK_VEC(uint32_t) tok;
	DK_VEC(uint32_t) cnt;
	DK_VEC(uint64_t) ser;           /* serials of tok, for merging */
	DK_VEC(struct cand) cand;       /* candidates, and the elements shared */
	DK_VEC(struct span) span;       /* the postings a query reads */
	DK_VEC(struct hit { uint64_t seq; double sim; }) hits;
	uint64_t n;                     /* queries so far, for doc.mark */
	uint64_t candidates, verified;  /* for -v */
	uint64_t prefix, visits;        /* prefix entries and postings read */
	uint64_t lists;                 /* band lists read */
	uint64_t dense;                 /* queries counted densely */
	int ones;                       /* every count of the query is 1 */
	DK_VEC(uint64_t) bits;          /* the query's slots, while verifying */
	DK_VEC(uint64_t) hash;          /* of the signatures */
};

/* Sorts q->ord by serial, ascending, by least significant digit first
 * (11 bits a pass, as many passes as the largest serial needs): qsort's
 * comparisons cost more than all the rest of a document's handling. */
static void
sort_by_serial(struct query *q)
{
	size_t cnt[2048], i, n = q->ord.n, sum, c;
	uint64_t top = 0;
	struct order *a = q->ord.v, *b, *tmp;
	int shift;

	DK_GROW(&q->ord2, n);
	b = q->ord2.v;
	for (i = 0; i < n; i++)
		top |= a[i].serial;
	for (shift = 0; shift < 64 && (top >> shift) != 0; shift += 11) {
		memset(cnt, 0, sizeof cnt);
		for (i = 0; i < n; i++)
			cnt[(a[i].serial >> shift) & 2047]++;
		for (i = sum = 0; i < 2048; i++) {
			c = cnt[i];
			cnt[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[cnt[(a[i].serial >> shift) & 2047]++] = a[i];
		tmp = a;
		a = b;
		b = tmp;
	}
	if (a != q->ord.v)
		memcpy(q->ord.v, a, n * sizeof *a);
}

#ifndef AHEAD
#define AHEAD 16
#endif
/* Interns the signatures and lays them out newest first into q; returns
 * the measure length.  A signature listed twice is bad input. */
static uint64_t
query_load(struct query *q, const struct params *p, const dk_sigs *sigs,
    dk_reader *r)
{
	uint64_t len = 0;
	size_t i;

	q->ord.n = 0;
	DK_GROW(&q->ord, sigs->n);
	DK_GROW(&q->hash, sigs->n);
	for (i = 0; i < sigs->n; i++) {
		q->hash.v[i] = dk_hash64(sigs->v[i].s.p, sigs->v[i].s.n, 0);
		if (dict.tab && i < 2 * AHEAD)
			__builtin_prefetch(&dict.tab[q->hash.v[i] & dict.mask]);
	}
	for (i = 0; i < sigs->n; i++) {
		uint32_t slot;

		/* the table's entry some signatures ahead, and the slot it
		 * names fewer ahead, so that the misses overlap */
		if (dict.tab && i + 2 * AHEAD < sigs->n)
			__builtin_prefetch(&dict.tab[q->hash.v[i + 2 * AHEAD] & dict.mask]);
		if (dict.tab && i + AHEAD < sigs->n) {
			uint64_t x = dict.tab[q->hash.v[i + AHEAD] & dict.mask];

			if (x)
				__builtin_prefetch(&dict.v[(uint32_t)x - 1]);
		}
		slot = dict_intern(sigs->v[i].s.p, sigs->v[i].s.n, q->hash.v[i]);
		q->ord.v[i].slot = slot;
		q->ord.v[i].serial = dict.v[slot].serial;
		/* the document joins the window as seq win.tail once it has
		 * been compared (marked here while the slot is at hand) */
		dict.v[slot].last = (uint32_t)win.tail;
		q->ord.v[i].count = dk_measure_weight(p->m, sigs->v[i].count);
	}
	q->ord.n = sigs->n;
	if (q->ord.n > 1)
		sort_by_serial(q);
	q->tok.n = q->cnt.n = q->ser.n = 0;
	DK_GROW(&q->tok, q->ord.n);
	DK_GROW(&q->cnt, q->ord.n);
	DK_GROW(&q->ser, q->ord.n);
	for (i = 0; i < q->ord.n; i++) {
		const struct order *o = &q->ord.v[q->ord.n - 1 - i];   /* newest first */

		if (i > 0 && o->slot == o[1].slot)
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "signature '%.*s' listed twice", (int)dict.v[o->slot].n,
			    tok_bytes(&dict.v[o->slot]));
		q->tok.v[i] = o->slot;
		q->cnt.v[i] = o->count;
		q->ser.v[i] = o->serial;
		len += o->count;
	}
	q->ones = len == q->ord.n;
	q->tok.n = q->cnt.n = q->ser.n = q->ord.n;
	return len;
}

/* ---- learning the order ---- */

/* A signature to rank (a slot, or a lexicon's id) by its document
 * frequency, most common first; among equals by tie, lowest first, so the
 * order is total. */
struct ranked {
	uint64_t df, tie;
	uint32_t id;
};

static int
by_df(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;

	if (a->df != b->df)
		return a->df > b->df ? -1 : 1;
	return (a->tie > b->tie) - (a->tie < b->tie);
}

/* Renumbers the signatures of the window by their document frequency in
 * it, the most common lowest, so that prefixes hold the rarest (as -L does
 * from a lexicon); signatures born later rank above them all, by birth.
 * Every document of the window is then sorted and indexed again: the same
 * order for all, as exactness needs, only a better one.  Runs once, after
 * p->learn documents; the index is rebuilt, so it costs about as much as
 * taking those documents in. */
static size_t
win_learn(const struct params *p, struct query *q)
{
	struct ranked *v;
	uint32_t *df, k;
	uint64_t s;
	size_t i, n = 0;

	win_sweep();            /* the dictionary holds the window's signatures only */
	df = dk_calloc(dict.n ? dict.n : 1, sizeof *df);
	for (s = win.head; s < win.tail; s++) {
		const struct doc *d = win_doc(s);

		for (k = 0; k < d->ntok; k++)
			df[d->tok[k]]++;
	}
	v = dk_reallocarray(NULL, dict.live ? dict.live : 1, sizeof *v);
	for (i = 0; i < dict.n; i++) {
		struct tok *t = &dict.v[i];

		if (t->serial == 0)
			continue;
		/* among equals, born first */
		v[n++] = (struct ranked){ df[i], t->serial, (uint32_t)i };
		bands_free(t);          /* every list is built again below */
	}
	qsort(v, n, sizeof *v, by_df);
	for (i = 0; i < n; i++)
		dict.v[v[i].id].serial = i + 1;
	dict.serial = n;
	for (s = win.head; s < win.tail; s++) {
		struct doc *d = win_doc(s);

		q->ord.n = 0;
		DK_GROW(&q->ord, d->ntok);
		for (k = 0; k < d->ntok; k++)
			q->ord.v[k] = (struct order){ dict.v[d->tok[k]].serial, d->tok[k],
			    d->cnt ? d->cnt[k] : 1 };
		q->ord.n = d->ntok;
		if (q->ord.n > 1)
			sort_by_serial(q);
		for (k = 0; k < d->ntok; k++) {          /* newest first */
			const struct order *o = &q->ord.v[d->ntok - 1 - k];

			d->tok[k] = o->slot;
			if (d->cnt)
				d->cnt[k] = o->count;
		}
		win_index(p, s);
	}
	free(v);
	free(df);
	return n;
}

/* Overlap of the query with d, or less than need when it cannot reach it. */
static uint64_t
overlap(const struct query *q, const struct doc *d, uint64_t lenq, uint64_t need)
{
	uint64_t o = 0, restq = lenq, restd = d->len, sa;
	uint32_t i = 0, j = 0, cq, cd;

	while (i < q->tok.n && j < d->ntok) {
		if (o + (restq < restd ? restq : restd) < need)
			return o;
		sa = dict.v[d->tok[j]].serial;
		cq = q->cnt.v[i];
		cd = d->cnt ? d->cnt[j] : 1;
		if (q->ser.v[i] > sa) {
			restq -= cq;
			i++;
		} else if (q->ser.v[i] < sa) {
			restd -= cd;
			j++;
		} else {
			o += cq < cd ? cq : cd;
			restq -= cq;
			restd -= cd;
			i++;
			j++;
		}
	}
	return o;
}

/* Marks the slots of the query's signatures in q->bits (on), or clears
 * them (off). */
static void
query_mark(struct query *q, int on)
{
	size_t i, w = dict.n / 64 + 1;

	if (on && q->bits.n < w) {
		DK_GROW(&q->bits, w);
		memset(q->bits.v + q->bits.n, 0, (w - q->bits.n) * sizeof *q->bits.v);
		q->bits.n = w;
	}
	for (i = 0; i < q->tok.n; i++) {
		uint32_t s = q->tok.v[i];

		if (on)
			q->bits.v[s / 64] |= (uint64_t)1 << (s % 64);
		else
			q->bits.v[s / 64] = 0;
	}
}

/* overlap() when neither the query nor d holds a signature twice: d's
 * slots, read in a row, are looked up in the query's bits, which stay in
 * the cache, rather than merged by serial, one scattered slot each. */
static uint64_t
overlap_set(const struct query *q, const struct doc *d, uint64_t need)
{
	uint64_t o = 0;
	uint32_t j;

	for (j = 0; j < d->ntok; j++) {
		uint32_t s = d->tok[j];

		o += q->bits.v[s / 64] >> (s % 64) & 1;
		if ((j & 255) == 255 && o + (d->ntok - 1 - j) < need)
			break;
	}
	return o;
}

static int
by_seq(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Is d, a document of the window, in the window of a document at time t?
 * With disorder the window holds documents on either side of t. */
static int
in_window(const struct params *p, const struct doc *d, int64_t t)
{
	int64_t gap = d->time > t ? d->time - t : t - d->time;

	return gap <= p->window;
}

/* The seq of the document in ring slot at. */
static inline uint64_t
win_seq(size_t at)
{
	return win.head + ((at - win.head) & win.mask);
}

/* Asks for every cache line of [from, to). */
static inline void
fetch_lines(const void *from, const void *to)
{
	const char *x = (const char *)((uintptr_t)from & ~(uintptr_t)63);

	for (; x < (const char *)to; x += 64)
		__builtin_prefetch(x);
}

/* Fetches every line of the postings of the spans, all before any is
 * counted.  The lists are short (a few lines each) and scattered, too short
 * for the hardware's own fetching ahead to start on one, and fetched list
 * by list, some ahead, they still came one or two lines at a time: asking
 * for all at once keeps the memory busy with as many as it takes at a time,
 * and they fit in the second-level cache with the counts.  A third off the
 * time of a decision on the benchmark's feed. */
static void
spans_fetch(const struct query *q)
{
	uint32_t i;

	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;

		fetch_lines(post_addr(b, b->pstart), post_addr(b, b->pend));
	}
}

/* Counts the postings of q->span into the tallies, one document at a
 * time, and lists the documents that share at least need elements with
 * the query in q->cand. */
static void
count_sparse(struct query *q, uint64_t need)
{
	uint32_t i, k, mark;
	size_t n;

	if ((uint32_t)++q->n == 0) {     /* marks wrapped around: forget them */
		memset(win.tally, 0, (win.mask + 1) * sizeof *win.tally);
		q->n++;
	}
	mark = (uint32_t)q->n;
	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;
		const uint32_t *cnt = b->cnt ? b->cnt + b->pstart : NULL;
		uint32_t qn = q->span.v[i].qn;

		for (k = 0, n = b->pend - b->pstart; k < n; k++) {
			size_t at = post_seq(b, b->pstart + k) & win.mask;
			struct tally *ta = &win.tally[at];

			if (ta->mark != mark) {
				ta->mark = mark;
				ta->shared = 0;
				DK_GROW(&q->cand, q->cand.n + 1);
				q->cand.v[q->cand.n++].seq = win_seq(at);
			}
			/* qn is at least 1 */
			ta->shared += !cnt ? 1 : qn < cnt[k] ? qn : cnt[k];
		}
	}
	for (i = k = 0; i < q->cand.n; i++) {
		const struct tally *ta = &win.tally[q->cand.v[i].seq & win.mask];

		if (ta->shared >= need) {
			q->cand.v[i].shared = ta->shared;
			q->cand.v[k++] = q->cand.v[i];
		}
	}
	q->cand.n = k;
}

/* The same with the dense counts, a 16-bit count a document, each posting
 * one increment, no test (the caller sees to it that no count can reach
 * 2^15).  The documents that reach need are then found block by block: the
 * largest count of a block, a loop the compiler turns into vector
 * instructions, rules most blocks out at once, and the counts are cleared
 * all together.  A fifth off the counting on the benchmark's feed. */
static void
count_dense(struct query *q, uint64_t need)
{
	enum { BLOCK = 64 };        /* the ring holds at least 1024 */
	uint16_t *c = win.dense, top;
	size_t w, size = win.mask + 1, n;
	uint32_t i, k;

	q->dense++;
	for (i = 0; i < q->span.n; i++) {
		const struct band *b = q->span.v[i].band;
		const uint32_t *cnt = b->cnt ? b->cnt + b->pstart : NULL;
		uint32_t qn = q->span.v[i].qn;

		n = b->pend - b->pstart;
		if (cnt)
			for (k = 0; k < n; k++) {
				size_t at = post_seq(b, b->pstart + (uint32_t)k) & win.mask;

				c[at] += (uint16_t)(qn < cnt[k] ? qn : cnt[k]);
			}
		else if (narrow) {
			/* the ring has at most 2^16 slots: the low bits are the slot */
			const uint16_t *post = (const uint16_t *)b->seq + b->pstart;

			for (k = 0; k < n; k++)
				c[post[k] & win.mask]++;
		} else {
			const uint32_t *post = (const uint32_t *)b->seq + b->pstart;

			for (k = 0; k < n; k++)
				c[post[k] & win.mask]++;
		}
	}
	for (w = 0; w < size; w += BLOCK) {
		for (k = 0, top = 0; k < BLOCK; k++)
			top = c[w + k] > top ? c[w + k] : top;
		if (top < need)
			continue;
		for (k = 0; k < BLOCK; k++)
			if (c[w + k] >= need) {
				DK_GROW(&q->cand, q->cand.n + 1);
				q->cand.v[q->cand.n].seq = win_seq(w + k);
				q->cand.v[q->cand.n++].shared = c[w + k];
			}
	}
	memset(c, 0, size * sizeof *c);
}

/* The documents of the window that reach the threshold with the query,
 * into q->hits in arrival order. */
static void
query_run(struct query *q, const struct params *p, uint64_t lenq, int64_t t)
{
	uint64_t lo, hi, need, ell_q, ell_lo, a;
	uint32_t blo, bhi, bq;
	struct cut { uint32_t n, lastn; } up[64];
	uint32_t lastn, np = prefix_size(p, q->cnt.v, (uint32_t)q->tok.n, lenq, &lastn, &ell_q);
	uint32_t i, k, qn;
	uint64_t tot;
	struct doc *d;
	double sim;

	q->prefix += np;
	q->cand.n = q->hits.n = 0;
	if (win.tail == win.head)       /* nothing to compare with, no ring yet */
		return;
	/* the bands whose lengths can reach tau with the query's, with a
	 * length to spare on either side against rounding */
	dk_len_range(p->ratio, lenq, &lo, &hi);
	blo = band_of(lo);
	/* a document long enough to match needs at least ell_of(lo) shared
	 * elements, as ell grows with the length: below that (and below the
	 * query's own) a count rules a document out without reading it */
	ell_lo = ell_of(p, lo) < ell_q ? ell_of(p, lo) : ell_q;
	bhi = band_of(hi);
	/* every document of a band above the query's own is longer than the
	 * query, and a match shares with it at least alpha_of() the band's
	 * lower bound, more than the query's own alpha: the first ell_q
	 * elements they share lie in a shorter prefix of the query, and that
	 * is all it reads of those bands (a tenth fewer postings read on the
	 * benchmark's feed) */
	bq = band_of(lenq);
	for (k = bq + 1; k <= bhi; k++) {
		a = alpha_of(p, UINT64_C(1) << k);
		up[k - bq - 1].n = prefix_take(q->cnt.v, np,
		    lenq + ell_q > a ? lenq + ell_q - a : 0, &up[k - bq - 1].lastn);
	}
	/* first the postings to read, band by band, then the reading; each
	 * step fetches all it will need before it starts (see spans_fetch()):
	 * here the bands of the signatures (query_load() has just read the
	 * signatures themselves) */
	for (i = 0; i < np; i++) {
		const struct tok *tk = &dict.v[q->tok.v[i]];

		fetch_lines(tk->band, tk->band + tk->nband);
	}
	q->span.n = 0;
	DK_GROW(&q->span, (size_t)np * (bhi - blo + 1));
	for (i = 0; i < np; i++) {
		const struct tok *tk = &dict.v[q->tok.v[i]];
		struct band *b, *be;

		qn = i + 1 == np ? lastn : q->cnt.v[i];
		b = tk->band + (tk->nband > 4 ? band_find(tk, blo) : 0);
		for (be = tk->band + tk->nband; b < be && b->num <= bhi; b++) {
			if (b->num < blo || b->pstart == b->pend)
				continue;
			if (b->num > bq) {
				const struct cut *u = &up[b->num - bq - 1];

				if (i >= u->n)
					continue;
				q->span.v[q->span.n++] = (struct span){ b, i + 1 == u->n ? u->lastn : qn };
			} else
				q->span.v[q->span.n++] = (struct span){ b, qn };
		}
	}
	spans_fetch(q);
	/* postings of evicted documents (the oldest of each list) wait for
	 * the sweep; what is left is counted densely when there is much of
	 * it, as long as no count can reach the 16th bit */
	for (i = 0, tot = 0; i < q->span.n; i++) {
		struct band *b = q->span.v[i].band;

		post_trim(b);
		tot += b->pend - b->pstart;
	}
	q->visits += tot;
	q->lists += q->span.n;
	if (tot >= (win.mask + 1) / 16 && np <= 0x7fff && lenq - alpha_of(p, lenq) + ell_q <= 0x7fff)
		count_dense(q, ell_lo);
	else
		count_sparse(q, ell_lo);
	for (i = k = 0; i < q->cand.n; i++) {
		d = win_doc(q->cand.v[i].seq);
		lo = d->len < lenq ? d->len : lenq;
		hi = d->len < lenq ? lenq : d->len;
		if (q->cand.v[i].shared < (d->ell < ell_q ? d->ell : ell_q) ||
		    dk_len_below((double)lo, (double)hi, p->ratio) || !in_window(p, d, t))
			continue;
		q->cand.v[k++] = q->cand.v[i];
	}
	q->cand.n = k;
	q->candidates += q->cand.n;
	if (q->cand.n > 0 && q->ones)
		query_mark(q, 1);
	for (i = 0; i < q->cand.n; i++) {
		d = win_doc(q->cand.v[i].seq);
		hi = d->len < lenq ? lenq : d->len;
		need = dk_overlap_min(p->ratio, hi);
		q->verified++;
		sim = dk_sim(p->m, q->ones && !d->cnt ? overlap_set(q, d, need) :
		    overlap(q, d, lenq, need), d->len, lenq);
		if (sim >= p->tau) {
			struct hit h = { q->cand.v[i].seq, sim };

			DK_PUSH(&q->hits, h);
		}
	}
	if (q->cand.n > 0 && q->ones)
		query_mark(q, 0);
	if (q->hits.n > 1)
		qsort(q->hits.v, q->hits.n, sizeof *q->hits.v, by_seq);
}

/* ---- times and durations ---- */

/* A duration: a count with a unit, repeated (1d12h), or bare seconds; in
 * milliseconds.  Without a time column only a bare count of documents. */
static int64_t
parse_duration(const char *arg, int timed, const char *what)
{
	if (!timed)
		return dk_parse_int(arg, 1, INT32_MAX, what);
	return dk_parse_duration(arg, what);
}

/* ---- the stream ---- */

struct state {
	const struct params *p;
	struct query q;
	dk_record rec;
	dk_sigs sigs;
	int64_t newest;             /* latest time so far */
	uint64_t docs, pairs, novel;
	size_t peak_bytes;
	uint64_t full;              /* 1 + the document that first evicted */
	size_t learnt;              /* signatures ranked by win_learn() */
	struct timespec wall0, cpu0;
};

/* The time of the record: its time column, or its arrival number. */
static int64_t
record_time(struct state *st, dk_reader *r)
{
	const struct params *p = st->p;
	const dk_str *f;
	const char *msg;
	int64_t t;

	if (!p->timecol)
		return (int64_t)st->docs;
	f = &st->rec.f[p->timecol - 1];
	if ((msg = dk_check_time(f->p, f->n, &t)) != NULL)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r), "time '%.*s': %s",
		    (int)f->n, f->p, msg);
	if (st->docs > 0 && t < st->newest - p->disorder)
		dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
		    "time '%.*s' is %lld s before the latest so far: out of order%s",
		    (int)f->n, f->p, (long long)((st->newest - t + 999) / 1000),
		    p->disorder ? " beyond --disorder" : " (see --disorder)");
	return t;
}

static void
write_result(struct state *st)
{
	const struct query *q = &st->q;
	const dk_str *id = &st->rec.f[0];
	size_t i;

	if (st->p->novel) {
		if (q->hits.n == 0) {
			dk_buf_bytes(&dk_out, id->p, id->n);
			dk_buf_char(&dk_out, '\n');
			st->novel++;
		}
		return;
	}
	for (i = 0; i < q->hits.n; i++) {
		const char *first = win_doc(q->hits.v[i].seq)->id;

		sm_write_pair(first, strlen(first), id->p, id->n, q->hits.v[i].sim);
	}
	st->pairs += q->hits.n;
}

/* A new document built from the query scratch. */
static void
make_doc(struct doc *d, const struct query *q, const dk_str *id, int64_t t, uint64_t len)
{
	uint32_t i, n = (uint32_t)q->tok.n;
	int ones = 1;

	for (i = 0; i < n && ones; i++)
		ones = q->cnt.v[i] == 1;
	memset(d, 0, sizeof *d);
	d->id = dk_memdup(id->p, id->n + 1);
	d->id[id->n] = '\0';
	d->time = t;
	d->tok = dk_reallocarray(NULL, n, sizeof *d->tok);
	memcpy(d->tok, q->tok.v, n * sizeof *d->tok);
	if (!ones) {
		d->cnt = dk_reallocarray(NULL, n, sizeof *d->cnt);
		memcpy(d->cnt, q->cnt.v, n * sizeof *d->cnt);
	}
	d->ntok = n;
	d->len = len;
	d->bytes = id->n + 1 + (size_t)n * sizeof *d->tok * (ones ? 1 : 2);
}

static void
run(dk_reader *r, void *arg)
{
	struct state *st = arg;
	const struct params *p = st->p;
	struct doc nd;
	uint64_t len;
	int64_t t;

	dk_expect(r, DK_KIND_SIG, NULL);
	while (dk_read_record(r, &st->rec, p->timecol ? p->timecol + 1 : 2)) {
		dk_ids_check(&dk_input_ids, r, &st->rec, 0);
		dk_record_sigs(r, &st->rec, &st->sigs);
		t = record_time(st, r);
		if (st->docs == 0 || t > st->newest)
			st->newest = t;
		while (win.head < win.tail &&
		    win_doc(win.head)->time < st->newest - p->disorder - p->window) {
			if (st->full == 0) {
				st->full = st->docs + 1;
				clock_gettime(CLOCK_MONOTONIC, &st->wall0);
				clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &st->cpu0);
			}
			win_evict_head();
		}
		len = query_load(&st->q, p, &st->sigs, r);
		if (len > 0)
			query_run(&st->q, p, len, t);
		else
			st->q.hits.n = 0;
		write_result(st);
		if (len > 0) {
			make_doc(&nd, &st->q, &st->rec.f[0], t, len);
			win_add(p, &nd);
			if (win.tail == p->learn && !order.lex)
				st->learnt = win_learn(p, &st->q);
		}
		if (held_bytes > st->peak_bytes)
			st->peak_bytes = held_bytes;
		st->docs++;
		dk_out_maybe_flush();
	}
}

static double
since(const struct timespec *t0, clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void
report(const struct state *st)
{
	size_t peak = win.peak ? win.peak : 1;
	unsigned long long n = st->full ? st->docs - st->full + 1 : 0;
	double wall, cpu;

	/* the decisions taken once documents began to leave the window */
	if (n > 0) {
		wall = since(&st->wall0, CLOCK_MONOTONIC);
		cpu = since(&st->cpu0, CLOCK_PROCESS_CPUTIME_ID);
		dk_note("window: full from document %llu: %llu decisions in %.3f s wall, "
		    "%.3f s CPU (%.3f ms each)", (unsigned long long)st->full, n, wall, cpu,
		    cpu / (double)n * 1000);
	}

	if (st->p->learn && win.tail >= st->p->learn && !order.lex)
		dk_note("window: order learned from the window after %llu documents: "
		    "%zu signatures ranked", (unsigned long long)st->p->learn, st->learnt);
	dk_note("window: %llu documents, %llu %s", (unsigned long long)st->docs,
	    (unsigned long long)(st->p->novel ? st->novel : st->pairs),
	    st->p->novel ? "novel" : "pairs");
	dk_note("window: peak documents held: %zu", win.peak);
	dk_note("window: documents held at the end: %llu, signatures: %zu",
	    (unsigned long long)(win.tail - win.head), dict.live);
	dk_note("window: peak bytes held: %zu (%zu a document)", st->peak_bytes,
	    st->peak_bytes / peak);
	dk_note("window: prefix entries %llu, lists read %llu, postings read %llu "
	    "(%llu queries counted densely), candidates %llu, verified %llu",
	    (unsigned long long)st->q.prefix, (unsigned long long)st->q.lists,
	    (unsigned long long)st->q.visits, (unsigned long long)st->q.dense,
	    (unsigned long long)st->q.candidates, (unsigned long long)st->q.verified);
}

static void
cleanup(struct state *st)
{
	size_t i;
	uint32_t k;

	while (win.head < win.tail)
		win_evict_head();
	for (i = 0; i < dict.n; i++) {
		struct tok *t = &dict.v[i];

		for (k = 0; k < t->nband; k++) {
			free(t->band[k].seq);
			free(t->band[k].cnt);
		}
		free(t->band);
		if (t->serial && t->n > sizeof t->s.inl)
			free(t->s.p);
	}
	free(win.ring);
	free(win.tally);
	free(win.dense);
	free(dict.v);
	free(dict.tab);
	dk_lexicon_free(order.lex);
	free(order.rank);
	free(dict.freeslots.v);
	free(st->q.tok.v);
	free(st->q.cnt.v);
	free(st->q.ser.v);
	free(st->q.cand.v);
	free(st->q.span.v);
	free(st->q.hits.v);
	free(st->q.ord.v);
	free(st->q.ord2.v);
	free(st->q.hash.v);
	free(st->q.bits.v);
	dk_record_free(&st->rec);
	dk_sigs_free(&st->sigs);
}

static void
load_order(const char *path)
{
	struct ranked *v;
	size_t n, i;

	order.lex = dk_lexicon_new();
	if (dk_lexicon_load(order.lex, path) < 0)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	n = dk_lexicon_size(order.lex);
	v = dk_reallocarray(NULL, n ? n : 1, sizeof *v);
	for (i = 0; i < n; i++)
		v[i] = (struct ranked){ dk_lexicon_df_id(order.lex, (uint32_t)i), i, (uint32_t)i };
	qsort(v, n, sizeof *v, by_df);
	order.rank = dk_reallocarray(NULL, n ? n : 1, sizeof *order.rank);
	for (i = 0; i < n; i++)
		order.rank[v[i].id] = i + 1;
	order.nrank = n;
	free(v);
}

static void
parse_options(int argc, char **argv, struct params *p)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "window", required_argument, NULL, OPT_WINDOW },
		{ "time-column", required_argument, NULL, OPT_TIMECOL },
		{ "disorder", required_argument, NULL, OPT_DISORDER },
		{ "novel", no_argument, NULL, OPT_NOVEL },
		{ "learn", required_argument, NULL, OPT_LEARN },
		{ NULL, 0, NULL, 0 }
	};
	const char *window = NULL, *disorder = NULL, *lexicon = NULL;
	int ch, learn = 0;

	optind = 1;     /* the caller may have looked at the options already */
	while ((ch = getopt_long(argc, argv, "hL:M:t:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'L':
			lexicon = optarg;
			break;
		case 'M':
			p->m = dk_parse_measure(optarg);
			break;
		case 't':
			p->tau = dk_parse_threshold(optarg);
			break;
		case OPT_WINDOW:
			window = optarg;
			break;
		case OPT_TIMECOL:
			p->timecol = (size_t)dk_parse_int(optarg, 1, 100000, "time column");
			break;
		case OPT_DISORDER:
			disorder = optarg;
			break;
		case OPT_NOVEL:
			p->novel = 1;
			break;
		case OPT_LEARN:
			p->learn = (uint64_t)dk_parse_int(optarg, 0, UINT32_MAX, "--learn");
			learn = 1;
			break;
		default:
			dk_cli_common(ch, optarg, &usage);
		}
	}
	if (!window)
		dk_diex(DK_EXIT_INPUT, "--window is required in this mode");
	if (disorder && !p->timecol)
		dk_diex(DK_EXIT_INPUT, "--disorder needs --time-column");
	if (learn && lexicon)
		dk_diex(DK_EXIT_INPUT, "-L and --learn both set the order: give one");
	p->ratio = dk_measure_ratio(p->m, p->tau);
	p->window = parse_duration(window, p->timecol != 0, "window");
	if (lexicon)
		load_order(lexicon);
	if (disorder)
		p->disorder = parse_duration(disorder, 1, "disorder");
}

int
spotmatch_window(int argc, char **argv)
{
	struct params p = { DK_M_JACCARD, 0.8, 0, 0, 0, 0, 0, 2000 };
	struct state st;
	int status;

	dk_cli_init(argc, argv);
	parse_options(argc, argv, &p);
	argc -= optind;
	argv += optind;

	memset(&st, 0, sizeof st);
	st.p = &p;
	narrow_limits();
	status = dk_each_input(argc, argv, run, &st);
	dk_out_close();
	if (dk_verbose) {
		win_sweep();    /* so the signatures counted are the window's */
		report(&st);
	}
	cleanup(&st);
	return status;
}

/* spotmatch's files and what each owns; the interface between them.
 *
 *   main.c     the options of every mode, parsed once, and the dispatch
 *   doc.c      the record-to-document layer: a record of any input stream
 *              taken apart (sm_next), and the one constructor of a
 *              document (sm_add_doc); the context that holds documents
 *   ahead.c    reading a signature, partition or minhash stream ahead, its
 *              records numbered and their keys taken apart by several
 *              threads (-j)
 *   batch.c    the default mode: a whole collection read (plain, partition
 *              or keyed), matched, its pairs written (spotmatch(1),
 *              DESCRIPTION)
 *   match.c    threshold matching of a group: SpotSigs' Algorithm 1,
 *              with bound.c (the filters' bounds), query.c (the index
 *              and its queries), pjoin.c (signature pairs) and copies.c
 *              (exact copies)
 *   order.c    the global order of the signatures (sm_order_sigs)
 *   crew.c     groups side by side, sm_match_groups and sm_match_plain
 *   span.c     the span note of -v -v
 *              (the matcher's files, crew.c and span.c share matcher.h)
 *   keyed.c    minhash and imatch keys: documents sharing a key, read
 *              into postings, spilled past the budget (kspill.c), their
 *              groups matched (kgroups.c); the three share keyed.h
 *   against.c  --against: a stream matched with an indexed REF
 *              ("Cross-collection matching")
 *   window.h   --window, the streaming mode ("Streaming mode"), and its
 *              files
 *
 * Calls go one way: main.c calls the modes; the modes call doc.c, match.c
 * and keyed.c; against.c reads REF through batch.c. */
#ifndef SM_H
#define SM_H

#include "dk.h"
#include "partition.h"

/* ---- the options (main.c) ---- */

typedef struct {
	dk_measure m;
	double tau;
	int tau_set, prune, partition, nthreads, force_plain;
	uint64_t rho;
	uint64_t minshared;        /* --min-shared (1: any overlap) */
	uint64_t mindistinct;      /* --min-distinct (0: none) */
	double dense_tau;          /* --dense-tau (0: no bar) */
	double size_ratio;         /* --size-ratio (0: no bar) */
	size_t sumcol;             /* --checksum-column, 0 without */
	DK_VEC(const char *) ref;  /* --against */
	int within, novel;
	/* --window: its length and the disorder allowed, in ms with a time
	 * column, else in documents; the time column (0: arrival order); the
	 * documents to learn the order from (0: never) or -L's lexicon */
	int64_t window, disorder;
	size_t timecol;
	uint64_t learn;
	const char *lexicon;
} sm_opts;

/* ---- documents (doc.c) ---- */

typedef DK_VEC(uint64_t) sm_scratch;

/* sm_doc.flags besides DK_SIG_PROBE: the array belongs to an earlier
 * document (a probe repeating a member); the document has counts other
 * than 1, after its signatures in the pool. */
enum { SM_SHARED = 0x100, SM_COUNTS = 0x200 };

/* The signature arrays of all documents, one after the other, in 32-bit
 * words: a document's signature numbers, then, only when a count of it is
 * not 1 (SM_COUNTS), its counts, a byte each, four to a word, the last
 * word padded with zeros; SM_BIGCOUNT for a count of 255 or more, kept in
 * sm_ctx.big.  Most counts are 1, and most documents have none other:
 * some 4.3 bytes an occurrence on WT10g-like signatures, where a
 * dk_idcount takes 8. */
#define SM_BIGCOUNT 255
typedef struct {
	uint32_t *v;
	size_t n, cap;
	size_t nocc;               /* signature occurrences */
} sm_pool;
/* A count of SM_BIGCOUNT or more, by the position of its signature's
 * number in the pool; they lie in the order of their positions. */
typedef struct {
	uint64_t at;
	uint32_t count;
} sm_bigcount;

/* One document (or, in a keyed stream, one record): 24 bytes. */
typedef struct {
	uint64_t sig;      /* its first position in the pool */
	uint64_t id : 48;  /* its ID in the id text: the length (7 bits a
	                    * byte, the last byte's top bit clear), the bytes */
	uint64_t flags : 16;       /* DK_SIG_PROBE, DK_SIG_CHAINS, SM_SHARED,
	                            * SM_COUNTS */
	uint32_t nsig;     /* distinct signatures */
	uint32_t len;      /* dk_measure_len */
} sm_doc;

/* A found pair: documents a < b (input order) and their similarity. */
typedef struct {
	uint32_t a, b;
	double sim;
} sm_pair;

typedef DK_VEC(sm_pair) sm_pairs;

/* Everything read, and the settings. */
typedef struct {
	dk_measure m;
	double tau;
	int prune, partition, nthreads;
	int nosigs;        /* I-Match keys: a document may carry no signatures */
	uint64_t rho;
	/* --min-shared: the overlap every pair needs besides tau (1 when not
	 * given); a document of a smaller length is short */
	uint64_t minshared;
	/* --dense-tau: the bar of a pair with a !chains document (0: none),
	 * and the pairs it dropped, for -v */
	double dense_tau;
	unsigned long long ndense;
	/* --min-distinct: the distinct signatures every pair shares besides
	 * (0 when not given; minshared is then at least as much), and the
	 * pairs it dropped, for -v */
	uint64_t mindistinct;
	unsigned long long ndistinct;
	/* --size-ratio: the ratio of lengths every pair reaches besides (0:
	 * none; measure.h, dk_size_below), and the pairs it dropped, for -v */
	double size_ratio;
	unsigned long long nsize;
	dk_intern sigs;
	/* while the threads number records ahead (ahead.c), the signatures
	 * sigs lacks, numbered from pendbase in the order met: they are added
	 * to sigs, which numbers them the same, by sm_pend_end */
	dk_intern *pend;
	size_t pendbase;
	sm_pool pool;
	DK_VEC(sm_bigcount) big;
	DK_VEC(dk_idcount) stage;  /* sm_add_doc's array, before the pool */
	DK_VEC(sm_doc) docs;
	DK_VEC(char) ids;
	/* --against: REF's signature number from 1 by dictionary id, and
	 * sm_add_doc's scratch for the signatures REF does not hold */
	const uint32_t *refnum;
	DK_VEC(dk_str) other;
	sm_scratch keys;           /* sm_add_doc's scratch for sorting */
	struct sm_idset *idset;    /* sm_id_check's, or NULL */
	/* --checksum-column: the field (1 is the ID), and by document the id
	 * of its checksum in sums, UINT32_MAX without one; by checksum id, its
	 * first document */
	size_t sumcol;
	dk_intern sums;
	DK_VEC(uint32_t) sum, sumdoc;
	/* statistics for -v */
	unsigned long nshort, nrejected, ngroups, nfolded;
	unsigned long npairgroups;  /* groups joined by signature pairs */
	/* met: members a query met in its lists (by their prefixes); placed:
	 * those the positional filter kept; candidates: those the bitmap
	 * filter kept, verified (keyed and --against: each pair compared) */
	unsigned long long lists, postings, met, placed, candidates;
} sm_ctx;

void sm_ctx_init(sm_ctx *c, const sm_opts *o);
void sm_ctx_free(sm_ctx *c);
/* Bytes held by the documents of c and its signature table. */
size_t sm_ctx_bytes(const sm_ctx *c);
static inline dk_str
sm_doc_id(const sm_ctx *c, uint32_t d)
{
	const unsigned char *p = (const unsigned char *)c->ids.v + c->docs.v[d].id;
	size_t n = 0;
	int sh = 0;

	for (; *p & 0x80; p++, sh += 7)
		n |= (size_t)(*p & 0x7f) << sh;
	n |= (size_t)*p++ << sh;
	return (dk_str){ (char *)p, n };
}

/* The pool: the array of d's signature numbers; the count of its i-th
 * signature. */
uint32_t sm_big_count(const sm_ctx *c, uint64_t at);
static inline const uint32_t *
sm_doc_sigs(const sm_ctx *c, const sm_doc *d)
{
	return c->pool.v + d->sig;
}
static inline uint32_t
sm_sig_count(const sm_ctx *c, const sm_doc *d, size_t i)
{
	uint8_t k;

	if (!(d->flags & SM_COUNTS))
		return 1;
	k = ((const uint8_t *)(c->pool.v + d->sig + d->nsig))[i];
	return k != SM_BIGCOUNT ? k : sm_big_count(c, d->sig + i);
}
/* The signatures x and y share, their arrays merged: each counted at the
 * smaller of its two counts (dk_overlap), or once when distinct is set (a
 * set measure, --min-distinct). */
static inline uint64_t
sm_doc_shared(const sm_ctx *c, const sm_doc *x, const sm_doc *y, int distinct)
{
	const uint32_t *a = sm_doc_sigs(c, x), *b = sm_doc_sigs(c, y);
	size_t i = 0, j = 0;
	uint64_t o = 0, wa, wb;

	while (i < x->nsig && j < y->nsig) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else {
			wa = distinct ? 1 : sm_sig_count(c, x, i);
			wb = distinct ? 1 : sm_sig_count(c, y, j);
			o += wa < wb ? wa : wb;
			i++;
			j++;
		}
	}
	return o;
}
/* Appends v[0..n) to the pool as d's array (its sig, nsig and
 * SM_COUNTS); overwrites d's array with v, the same counts in another
 * order (sm_order_sigs); forgets the pool from position n on, which holds
 * nocc occurrences before it. */
void sm_pool_put(sm_ctx *c, sm_doc *d, const dk_idcount *v, size_t n);
void sm_pool_set(sm_ctx *c, const sm_doc *d, const dk_idcount *v);
void sm_pool_truncate(sm_ctx *c, size_t n, size_t nocc);
/* Whether d has a count of SM_BIGCOUNT or more; d's array into v. */
int sm_doc_has_big(const sm_ctx *c, const sm_doc *d);
void sm_doc_get(const sm_ctx *c, const sm_doc *d, dk_idcount *v);
/* A hash of d's array (numbers and counts below SM_BIGCOUNT); whether the
 * arrays of x and y are equal. */
uint64_t sm_doc_fp(const sm_ctx *c, const sm_doc *d);
int sm_same_sigs(const sm_ctx *c, const sm_doc *x, const sm_doc *y);

/* How sm_add_doc takes a document. */
enum {
	SM_ADD_ALL = 1,    /* keep a short or empty document (an --against
	                    * input document, which has a verdict too) */
	SM_ADD_REF = 2     /* number the signatures by c->refnum, REF's; the
	                    * others are summed up in an entry numbered 0 and
	                    * the dictionary is left as it is */
};
/* Adds a document of ID id and signatures sg; returns its number, or
 * UINT32_MAX for a short one (counted) unless SM_ADD_ALL: marked !short,
 * or of a length below --min-shared.  Dies with
 * FILE:LINE on a signature listed twice, or on a record without
 * signatures where signatures are needed. */
uint32_t sm_add_doc(sm_ctx *c, dk_reader *r, dk_str id, const dk_sigs *sg, unsigned how);
/* The unique-ID check of a plain stream on the IDs c keeps (in place of
 * a second copy of them in dk_input_ids): sm_id_check before the record's
 * document is added, which dies as dk_ids_check would on an ID seen
 * before; sm_id_note after, with the document's number (UINT32_MAX for a
 * short record, whose ID is then copied).  A hash table of 8 bytes a
 * slot, at most 3/4 full, holds the documents' numbers; where each record
 * was is kept as runs of consecutive lines.  sm_ids_free frees it.
 * sm_id_check's hash is sm_id_hash of the ID. */
void sm_id_check(sm_ctx *c, dk_reader *r, dk_str id, uint64_t hash);
void sm_id_note(sm_ctx *c, dk_str id, uint32_t d);
void sm_ids_free(sm_ctx *c);
uint64_t sm_id_hash(dk_str id);
size_t sm_ids_bytes(const sm_ctx *c);
/* A signature of a record numbered ahead that the dictionary did not
 * hold then: entry `at` of its array, its hash (dk_intern_hash) and its
 * bytes. */
typedef struct {
	size_t at;
	uint64_t hash;
	dk_str s;
} sm_miss;
/* A record's signatures numbered ahead (ahead.c) by the dictionary
 * c->sigs as it was: in the order of the field, the misses to be added
 * in that order, or without misses sorted by number, none twice; with the
 * flags and the sum of the counts of the field.  A record of a band key
 * comes with its bands' values (dk_key_bandvalue), nband of them (0 for
 * another key), and the hash of its SIGS field (dk_hash64, seed 0). */
typedef struct {
	const dk_idcount *v;
	size_t n;
	uint64_t size;
	unsigned flags;
	const sm_miss *miss;
	size_t nmiss;
	const uint64_t *band;
	size_t nband;
	uint64_t sighash;
} sm_numbered;
/* sm_add_doc (without SM_ADD_* flags) for signatures numbered ahead. */
uint32_t sm_add_numbered(sm_ctx *c, dk_reader *r, dk_str id, const sm_numbered *x);
/* While other threads look signatures up in c->sigs: sm_add_numbered
 * numbers those it lacks in pend (empty, made with DK_INTERN_INDEX),
 * leaving c->sigs as it is; sm_pend_end then adds them to it, and empties
 * pend.  sm_add_doc must not be called meanwhile. */
void sm_pend_begin(sm_ctx *c, dk_intern *pend);
void sm_pend_end(sm_ctx *c);
/* --dense-tau, the one rule of every mode: a pair found at sim (it
 * reaches tau) is dropped when either document is represented by word
 * chains (!chains: DK_SIG_CHAINS in flags, the two documents' flags
 * or-ed) and sim is below bar, the --dense-tau given (0 without).
 * sm_pair_rules applies it, --size-ratio (dk_size_below on the documents'
 * lengths) and --min-distinct (sm_distinct_below) to the pairs of p,
 * documents of c, keeping their order, and counts those each drops in
 * c->ndense, c->nsize and c->ndistinct. */
static inline int
sm_dense_below(double bar, unsigned flags, double sim)
{
	return (flags & DK_SIG_CHAINS) && sim < bar;
}
/* --min-distinct, the other rule of every mode but --window: a pair found
 * (it reaches tau and --min-shared) is dropped when documents a and b of
 * c share fewer than c->mindistinct distinct signatures, each counted
 * once whatever its count.  Counts the pair in c->ndistinct when so. */
int sm_distinct_below(sm_ctx *c, uint32_t a, uint32_t b);
void sm_pair_rules(sm_ctx *c, sm_pairs *p);
/* Sorts v[0..n) by number; scratch is room for a long list. */
void sm_sort_sigs(dk_idcount *v, size_t n, sm_scratch *scratch);

/* A record of the input taken apart. */
typedef struct {
	dk_record rec;
	const struct dk_keykind *kind;   /* the record's key kind (dk_keykinds) */
	dk_keyinfo key;                  /* with a key */
	dk_str id, sigtext;              /* sigtext: the SIGS field as read */
	uint64_t idhash;                 /* sm_id_hash of id when idhashed */
	int idhashed;                    /* (reading ahead hashes it) */
	/* reading ahead has taken the key apart: sm_take takes keyk and key
	 * as dk_key_parse would give them (and clears keyparsed) */
	int keyparsed;
	enum dk_key keyk;
	/* reading ahead has made the hash the check of the record's ID looks
	 * it up by (dk_ids_seen_hash; 0: not made): sm_take passes it on
	 * (dk_ids_check_key_hashed) and clears it */
	uint64_t seenhash;
	dk_sigs sigs;                    /* sigtext parsed, by sm_rec_sigs */
} sm_rec;

/* Reading one stream: its kind is decided by its first record, and every
 * record must be of it. */
typedef struct {
	const struct dk_keykind *kind;   /* NULL until the first record */
	int force_plain;                 /* --plain: never keyed */
	size_t minfields;                /* of a plain record (2, or more) */
	dk_ids *ids;                     /* the IDs checked unique; NULL:
	                                  * by the caller */
	int own_plain;                   /* a plain stream's are the
	                                  * caller's (sm_id_check) */
	sm_rec x;
} sm_reader;

void sm_reader_init(sm_reader *s, int force_plain, dk_ids *ids);
void sm_reader_free(sm_reader *s);
/* Checks the first line of r (a signature or keyed stream, or only a
 * signature stream when keyed is 0), then each call takes the next record
 * into s->x: of the stream's kind, its ID unique.  0 at the end of r. */
void sm_reader_start(sm_reader *s, dk_reader *r, int keyed);
int sm_next(sm_reader *s, dk_reader *r);
/* The second half of sm_next: the record already in s->x.rec (read from
 * r, whose dk_reader_lineno names its line) checked and taken. */
void sm_take(sm_reader *s, dk_reader *r);
/* The signatures of s->x, parsed; dies with FILE:LINE on a bad field. */
const dk_sigs *sm_rec_sigs(sm_reader *s, dk_reader *r);

/* ---- reading ahead (ahead.c) ---- */

typedef struct sm_ahead sm_ahead;
sm_ahead *sm_ahead_new(sm_ctx *c);
/* sm_next for the rest of r, read ahead in batches numbered by c's
 * threads: take(arg, r, pre) for each record in order, s->x the record,
 * pre its signatures numbered, or NULL when they must be added from its
 * field (sm_add_doc).  take runs on the calling thread, while other
 * threads look signatures up in c->sigs when pre is set: it may number
 * them by sm_add_numbered, and change c->sigs no other way.  Then r's
 * messages name the line last read again. */
void sm_ahead_take(sm_ahead *a, sm_reader *s, dk_reader *r,
    void (*take)(void *arg, dk_reader *r, const sm_numbered *pre), void *arg);
void sm_ahead_free(sm_ahead *a);

/* ---- the default mode (batch.c) ---- */

/* What batch.c read: the documents in c, the key groups of a partition
 * stream, the keys of a keyed one. */
typedef struct sm_input sm_input;
typedef struct sm_keyed sm_keyed;
/* members_only: a partition stream read as REF keeps its members only. */
sm_input *sm_input_new(sm_ctx *c, const sm_opts *o, int members_only);
void sm_input_read(sm_input *in, dk_reader *r);
/* The kind of the stream read (NULL when empty); its keys (a keyed
 * stream's, handed over to the caller, or NULL). */
const struct dk_keykind *sm_input_kind(const sm_input *in);
sm_keyed *sm_input_take_keys(sm_input *in);
/* The imatch settings (<n> and <ipar>, keys.h) of the first F key read,
 * and where: fingerprints of other settings differ for the same document,
 * so that each later F key must carry the same. */
typedef struct {
	dk_buf par;
	unsigned long nfp;        /* its <n> */
	char *file;               /* NULL until the first F key */
	unsigned long line;
} sm_fpar;
void sm_fpar_check(sm_fpar *f, const dk_keyinfo *key, const dk_reader *r);
void sm_fpar_free(sm_fpar *f);
/* The input's sm_fpar, handed over to *to (for --against: REF's). */
void sm_input_take_fpar(sm_input *in, sm_fpar *to);
void sm_input_free(sm_input *in);
int sm_batch(const sm_opts *o, int argc, char **argv);

/* ---- matching (match.c) ---- */

/* A group to match: members compared with each other, probes with the
 * members only. */
typedef struct {
	const uint32_t *member, *probe;
	size_t nmember, nprobe;
} sm_group;

/* Renumbers the signatures from 1; with map, *map is the table from the
 * old numbers to the new (the caller frees it). */
void sm_order_sigs(sm_ctx *c, uint32_t **map);
typedef struct sm_matcher sm_matcher;
sm_matcher *sm_matcher_new(sm_ctx *c);
void sm_match_group(sm_matcher *mt, const sm_group *g);
/* Indexes the members of g (its probes are ignored), once: batches of
 * probes are then compared with them by sm_match_probes, which adds the
 * pairs found to out unsorted, until sm_matcher_finish. */
void sm_index(sm_matcher *mt, const sm_group *g);
void sm_match_probes(sm_matcher *mt, const uint32_t *probe, size_t n, sm_pairs *out);
size_t sm_matcher_bytes(const sm_matcher *mt);    /* held, for -v */
/* Frees the matcher, leaving the pairs found (sorted) in out. */
void sm_matcher_finish(sm_matcher *mt, sm_pairs *out);
/* Groups to match, n of them: make(src, k, room, g) makes group k into *g,
 * its members or probes put in room (vectors of the caller's, reused
 * from one group to the next) when they are not in place; size(src, k)
 * is about how much work it is. */
typedef DK_VEC(uint32_t) sm_u32s;
typedef struct {
	size_t n;
	void (*make)(const void *src, size_t k, sm_u32s room[2], sm_group *g);
	uint64_t (*size)(const void *src, size_t k);
	const void *src;
} sm_groups;
/* Matches the groups of gs (sm_match_group), with c's threads side by
 * side when there are several groups, the threads that have none of
 * their own taking the queries of those open (match.c, "the crew"); the
 * pairs, sorted, into out.  A document may be a member of one group and
 * a probe of another, its exact copies the same in both. */
void sm_match_groups(sm_ctx *c, const sm_groups *gs, sm_pairs *out);
void sm_match_plain(sm_ctx *c, sm_pairs *out);
void sm_sort_pairs(sm_pairs *p);
/* The similarity of two documents, or -1 when they share less than
 * --min-shared (such a pair is never reported, whatever tau). */
double sm_doc_sim(const sm_ctx *c, uint32_t a, uint32_t b);
/* The similarity of a candidate pair as sm_doc_sim gives it, or -1 when it
 * is below c->tau (found without finishing the merge, when it can). */
double sm_candidate_sim(const sm_ctx *c, uint32_t a, uint32_t b);

/* ---- keyed streams (keyed.c) ---- */

/* keyed.c reads the records and keeps --against's table, kspill.c spills
 * postings past the budget, kgroups.c matches the key groups; what they
 * share (struct sm_keyed) is their private keyed.h. */

sm_keyed *sm_keyed_new(const struct dk_keykind *kind);
/* The record in s->x, of a document that gets its number in c; pre: its
 * signatures numbered ahead (ahead.c), or NULL. */
void sm_keyed_add(sm_keyed *k, sm_ctx *c, sm_reader *s, dk_reader *r, const sm_numbered *pre);
void sm_keyed_finish(sm_keyed *k, sm_ctx *c, int tau_set, sm_pairs *out);
/* --against: the keys read become a table from key to documents; the
 * documents' IDs are forgotten (c holds them). */
void sm_keyed_index(sm_keyed *k);
/* The documents holding key, into *docs; their number.  A key listing
 * bands gives the documents of each in turn, valid until the next
 * lookup. */
size_t sm_keyed_lookup(sm_keyed *k, dk_str key, const uint32_t **docs);
/* Fingerprints a document of an imatch stream, 0 before any key. */
unsigned long sm_keyed_nfp(const sm_keyed *k);
/* The fingerprint count of an imatch key, checked against the stream's:
 * dies with FILE:LINE when it is bad or differs. */
void sm_keyed_check_nfp(sm_keyed *k, const dk_keyinfo *key, dk_reader *r);
/* The banding of a band key (minhash's -k, -l, -s, -w), checked against
 * the first band key k has seen (or made the first): dies with FILE:LINE
 * when they differ. */
void sm_keyed_check_banding(sm_keyed *k, const dk_keyinfo *key, const dk_reader *r);
/* Warns when the first band key's banding pairs documents at tau with a
 * chance under one half. */
void sm_keyed_check_chance(const sm_keyed *k, double tau);
size_t sm_keyed_bytes(const sm_keyed *k);
void sm_keyed_free(sm_keyed *k);

/* ---- --against (against.c) ---- */

int sm_against(const sm_opts *o, int argc, char **argv);

/* ---- --window (window.c) ---- */

int sm_window(const sm_opts *o, int argc, char **argv);

/* ---- output ---- */

/* The one pair writer of every mode: "ID1 TAB ID2 TAB SIM" on standard
 * output (the caller flushes). */
static inline void
sm_write_pair(dk_str a, dk_str b, double sim)
{
	dk_buf_bytes(&dk_out, a.p, a.n);
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, b.p, b.n);
	dk_buf_char(&dk_out, '\t');
	dk_buf_sim(&dk_out, sim);
	dk_buf_char(&dk_out, '\n');
}

/* An ID a line (--novel). */
static inline void
sm_write_id(dk_str id)
{
	dk_buf_bytes(&dk_out, id.p, id.n);
	dk_buf_char(&dk_out, '\n');
}

/* Wall-clock seconds, for -v. */
double sm_seconds(void);

#endif

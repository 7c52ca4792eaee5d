/* spotmatch internals shared by its files (the --window mode has its own,
 * spotmatch.h). */
#ifndef SM_H
#define SM_H

#include "dk.h"
#include "partition.h"

/* sm_doc.flags besides DK_SIG_PROBE: the array belongs to an earlier
 * document (a probe repeating a member). */
enum { SM_SHARED = 0x100 };

/* One document (or, in a keyed stream, one record). */
typedef struct {
	uint64_t sig;      /* first dk_idcount in the pool */
	uint64_t id;       /* ID bytes in the id text */
	uint32_t nsig;     /* distinct signatures */
	uint32_t len;      /* dk_measure_len */
	uint32_t idlen;
	uint32_t flags;    /* DK_SIG_PROBE */
	uint64_t fp;       /* hash of the signature array (sm_order_sigs; with
	                    * checksums, of the array as read until then) */
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
	dk_intern sigs;
	DK_VEC(dk_idcount) pool;
	DK_VEC(sm_doc) docs;
	DK_VEC(char) ids;
	/* --checksum-column: the field (1 is the ID), and by document the id
	 * of its checksum in sums, UINT32_MAX without one; by checksum id, its
	 * first document */
	size_t sumcol;
	dk_intern sums;
	DK_VEC(uint32_t) sum, sumdoc;
	/* statistics for -v */
	unsigned long nshort, nrejected, ngroups, nfolded;
	unsigned long long lists, postings, candidates;
} sm_ctx;

/* A group to match: members compared with each other, probes with the
 * members only. */
typedef struct {
	const uint32_t *member, *probe;
	size_t nmember, nprobe;
} sm_group;

/* What the first record says a stream is (main.c). */
enum sm_kind { SM_PLAIN, SM_PART, SM_BAND, SM_FPRINT };
/* The kind of a key (P, B, F or R), or -1. */
int sm_key_kind(dk_str key);

/* match.c */
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
void sm_match_plain(sm_ctx *c, sm_pairs *out);
void sm_sort_pairs(sm_pairs *p);
double sm_doc_sim(const sm_ctx *c, uint32_t a, uint32_t b);

/* Adds the signatures of one record to the pool as a new document; the
 * field is decoded in place.  Dies with FILE:LINE on bad input. */
uint32_t sm_add_doc(sm_ctx *c, dk_reader *r, dk_str id, dk_str sigs, dk_sigs *scratch);
/* Bytes held by the documents of c and its signature table. */
size_t sm_ctx_bytes(const sm_ctx *c);

/* keyed.c: minhash (B) and imatch (F) streams. */
typedef struct sm_keyed sm_keyed;
sm_keyed *sm_keyed_new(int letter);
void sm_keyed_add(sm_keyed *k, sm_ctx *c, dk_reader *r, dk_record *rec, dk_sigs *scratch);
void sm_keyed_finish(sm_keyed *k, sm_ctx *c, int tau_set, sm_pairs *out);
/* --against: the keys read become a table from key to documents; the
 * documents' IDs are forgotten (c holds them). */
void sm_keyed_index(sm_keyed *k);
/* The documents holding key, into *docs; their number. */
size_t sm_keyed_lookup(const sm_keyed *k, dk_str key, const uint32_t **docs);
/* Fingerprints a document of an imatch stream, 0 before any key. */
unsigned long sm_keyed_nfp(const sm_keyed *k);
/* The fingerprint count n of an imatch key F<i>/<n>:..., 0 when bad. */
unsigned long sm_key_nfp(dk_str key);
size_t sm_keyed_bytes(const sm_keyed *k);
void sm_keyed_free(sm_keyed *k);

/* against.c: spotmatch --against. */
typedef struct {
	int within, novel, tau_set, force_plain;
} sm_against_opts;
/* Matches the operands against REF, read into c (its kind refkind, its
 * keys in keys for a keyed REF); returns the exit status. */
int sm_against(sm_ctx *c, int refkind, sm_keyed *keys, const sm_against_opts *o,
    int argc, char **argv);

#endif

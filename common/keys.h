/* Keyed streams: the grammar of their keys, written and read here only.
 *
 * A keyed stream is KEY TAB <signature stream record> (stream.h).  The
 * first letter of a key names its producer, and with it how spotmatch
 * turns the records into pairs (dupkit-formats(5) is the users' version):
 *
 *   P<tau><rho><size><tag>:<part>  partition  DK_PAIRS_GROUP: the records of one key
 *                                   are matched with each other, members
 *                                   among themselves and !probe copies of
 *                                   members of the key before with them
 *   B<band><par>:<hash>  minhash    DK_PAIRS_VERIFY: documents sharing a key
 *                                   are candidates, verified exactly
 *   B<par>:<hash>,<hash>...  minhash  the same, every band of a document in
 *                                   one key: the i-th hash is band i's, and
 *                                   stands for the key B<i><par>:<hash>
 *   F<i>/<n><ipar>:<sha1>  imatch   DK_PAIRS_SHARE: documents sharing a key
 *                                   are copies; SIM is the share of the n
 *                                   fingerprints they share
 *   R                    imatch     a document without fingerprints
 *
 *   <tau>   dk_tau_format's text (below); <tag> dk_measure_tag's, ""
 *           or "/set" ... (measure.h)
 *   <rho>   "r" and partition's -r, decimal without leading zeros, when
 *           it is not DK_RHO_DEFAULT (partition.h) and the measure has
 *           length partitions; "" otherwise (and in the keys of earlier
 *           versions, all made at the default).  -r moves the last
 *           partition, so that streams of two -r merged would lose the
 *           pairs across it: the key must say it for spotmatch to refuse
 *           them (a key not continuing the stream's first <tau><rho><tag>)
 *   <size>  "s" and partition's --size-ratio R, as dk_tau_format writes
 *           it, when one was given; "" otherwise (and in the keys of
 *           earlier versions).  The partitions are then at the ratio R
 *           when it is above the measure's own (partition.h), so that
 *           pairs of lengths below R are held apart: spotmatch refuses a
 *           stream whose <size> says another R than its own --size-ratio,
 *           and, as for <rho>, keys of two R do not continue each other.
 *           With R, containment has length partitions, and its keys a
 *           <rho>
 *   <part>  decimal, zero-padded to 5 digits or to the widest number of
 *           the stream, so that byte order is number order
 *   <band>  3 decimal digits; <hash> 16 lower-case hexadecimal digits;
 *           a list of hashes has 1 to 1000 of them, apart by ','
 *   <par>   the banding that made the hashes: "/k" K "l" L "s" SEED, and
 *           "w" when weighted (minhash's -k, -l, -s and -w, decimal
 *           without leading zeros); "" in the keys of earlier versions and
 *           of hand-written streams.  Keys of other bandings share no
 *           hash, so that a stream mixing them has to be refused (spotmatch
 *           compares each band key's <par> with the stream's first)
 *   <i>     2 decimal digits; <n> decimal; <sha1> 40 lower-case hex digits
 *   <ipar>  the settings that made the fingerprints: "/l" and 16 lower-case
 *           hex digits, the lexicon's digest; "p" FRAC "s" SEED when n > 1
 *           (imatch's -p, as dk_tau_format writes it, and -s); "m" MIN;
 *           then "x", "k" and "q" for -x, -k and --quoted skip.  "" in the
 *           keys of earlier versions and of hand-written streams.  The
 *           digest is of the terms imatch kept, in canonical order, each
 *           with its role (in the -i range, or its rank below it for -x):
 *           all the fingerprints take from the lexicon files and -i, so
 *           that lexicons or ranges keeping the same terms (which give the
 *           same fingerprints) have one <ipar>.  Other settings give a
 *           document other fingerprints: spotmatch refuses a stream whose
 *           F keys' <ipar> is not its first F key's (on either side of
 *           --against)
 *
 * A producer writes a document's records under each of its keys: the
 * records of one key are consecutive (partition), or the records of one
 * document are, in key order (imatch, minhash --per-band); minhash's
 * default is one record a document, under a key listing its bands.  IDs are unique within the
 * scope dk_key_scope gives (ids.h).
 *
 * Adding a keyed producer: a letter and a row in keys.c's table (how its
 * records make pairs, which existing DK_PAIRS_ rule, and its stream's name
 * for messages), its case in dk_key_parse and a writer below, then its
 * producer's own test and the spotmatch tests that read every kind
 * (t3020, t0041, t0042; HACKING walks through minhash's).  spotmatch, the
 * stream sniffer (sniff.h) and the ID check (ids.h) read keys through this
 * header only. */
#ifndef DK_KEYS_H
#define DK_KEYS_H

#include "measure.h"
#include "stream.h"

enum dk_key { DK_KEY_NONE, DK_KEY_PART, DK_KEY_BAND, DK_KEY_FPRINT, DK_KEY_REJECT };

/* How the records of a kind of key become pairs. */
enum dk_pairs { DK_PAIRS_NONE, DK_PAIRS_GROUP, DK_PAIRS_VERIFY, DK_PAIRS_SHARE };

struct dk_keykind {
	enum dk_key key;
	char letter;
	const char *producer;   /* "partition" */
	const char *stream;     /* "a partition stream", for messages */
	enum dk_pairs pairs;
	enum dk_key family;     /* the stream it belongs to (R: an imatch stream) */
};

/* By enum dk_key; dk_keykinds[DK_KEY_NONE] is a plain signature stream. */
extern const struct dk_keykind dk_keykinds[];

/* A key taken apart.  Syntax decides the kind; the values may still be
 * bad (a threshold outside (0, 1], an unknown measure tag, a fingerprint
 * count of 0), which the reader of the stream reports. */
typedef struct {
	enum dk_key key;
	dk_str head;        /* P: up to and with ':' ("P0.9/set:"); B, F: up
	                     * to ':' ("B007", "B", "F01/04"), the scope of
	                     * IDs; R: "R" */
	dk_str tag;         /* P: the measure tag ("" or "/set") */
	uint64_t num;       /* P, B, F: partition, (first) band or
	                     * fingerprint number */
	unsigned long nfp;  /* F: fingerprints a document (n), 0 when bad */
	unsigned nband;     /* B: bands in the key (1 for B<band>:) */
	dk_str par;         /* B: <par>, "/k6l32s0w" or ""; F: <ipar>,
	                     * "/l0123456789abcdefm5" or "" */
} dk_keyinfo;

/* The kind of key, and with k not NULL its parts. */
enum dk_key dk_key_parse(dk_str key, dk_keyinfo *k);
/* The threshold of a partition key, 0 when it does not read as one in
 * (0, 1] (read on demand: the stream's first key says it). */
double dk_key_tau(const dk_keyinfo *k);
/* The -r of a partition key: DK_RHO_DEFAULT when it records none, 0 when
 * its <rho> is bad. */
unsigned long long dk_key_rho(const dk_keyinfo *k);
/* The --size-ratio R of a partition key: 0 when it records none, -1 when
 * its <size> is bad (not dk_tau_format's text of a ratio in (0, 1]). */
double dk_key_size_ratio(const dk_keyinfo *k);
/* A partition key's head for messages, in buf: as partition's options
 * ("partition -t 0.9 -M set -r 500", "... --size-ratio 0.3"), or quoted
 * when it is bad (then 0 is returned). */
int dk_partkey_describe(const dk_keyinfo *k, char *buf, size_t size);
/* What an ID of a record keyed k is unique within (ids.h): nothing for a
 * partition member, the key for a partition !probe (probe set), the head
 * for minhash and imatch. */
dk_str dk_key_scope(const dk_keyinfo *k, dk_str key, int probe);
/* B: the hash of band num + i of a key taken apart as k (i < k.nband),
 * and the value
 * that stands for that band's key wherever it is written: equal for
 * B<band>:<hash> and the band's place in a list, different for the same
 * hash in two bands. */
uint64_t dk_key_bandhash(dk_str key, unsigned i);
uint64_t dk_key_bandvalue(unsigned band, uint64_t hash);

/* Writers: each appends a key, without the TAB after it. */
typedef struct {
	char head[128];     /* "P" tau rho size tag ":" */
	size_t n;
	int width;
} dk_partkey;
/* Shortest decimal text that reads back as tau: the <tau> of partition
 * keys, and thresholds in messages. */
void dk_tau_format(char *buf, size_t size, double tau);
/* The keys of a stream of nparts partitions at tau and rho under
 * measure m, with --size-ratio R (0: none). */
void dk_partkey_init(dk_partkey *pk, double tau, dk_measure m, unsigned long long rho,
    double R, size_t nparts);
void dk_buf_partkey(dk_buf *b, const dk_partkey *pk, size_t part);
/* The <par> of a banding, in par (of DK_BANDPAR_MAX bytes). */
#define DK_BANDPAR_MAX 96
void dk_bandpar_format(char *par, int k, int l, uint64_t seed, int weighted);
/* A <par> for messages, in buf (of DK_BANDPAR_MAX bytes): as minhash's
 * options ("minhash -k 6 -l 32 -s 0 -w"), or "an unrecorded banding
 * (...)" for "". */
void dk_bandpar_describe(dk_str par, char *buf);
/* The chance that two documents of similarity tau share a band key of
 * the banding par, 1 - (1 - tau^k)^l (for the measure minhash estimates);
 * -1 for an unrecorded banding. */
double dk_bandpar_chance(dk_str par, double tau);
/* B<band><par>:<hash>; par is a NUL-terminated <par>. */
void dk_buf_bandkey(dk_buf *b, unsigned band, const char *par, uint64_t hash);
/* B<par>:<hash>,...: the l bands' hashes in one key. */
void dk_buf_bandkeys(dk_buf *b, const char *par, const uint64_t *hash, unsigned l);
/* The <ipar> of imatch's settings, in par (of DK_FPRINTPAR_MAX bytes):
 * lexhex the 16 hexadecimal digits of its lexicon's digest, the rest its
 * options (-K + 1, -p, -s, -m, -x, -k, --quoted skip). */
#define DK_FPRINTPAR_MAX 96
void dk_fprintpar_format(char *par, const char lexhex[16], int nlex, double frac,
    uint64_t seed, size_t min, int extend, int kolcz, int noquoted);
/* An <ipar> taken apart by dk_key_parse, of a key of nfp fingerprints (its
 * <n>), for messages, in buf (of 2 * DK_FPRINTPAR_MAX bytes): as imatch's
 * options ("imatch -K 2 -p 0.33 -s 1 -m 5 -x with lexicon terms
 * 0123456789abcdef"), or "unrecorded imatch settings (...)" for "". */
void dk_fprintpar_describe(dk_str par, unsigned long nfp, char *buf);
/* F<i>/<n><ipar>:<sha1>; par is a NUL-terminated <ipar> ("" writes the
 * keys of earlier versions). */
void dk_buf_fprintkey(dk_buf *b, unsigned i, unsigned n, const char *par,
    const char sha1hex[40]);
void dk_buf_rejectkey(dk_buf *b);

/* The 16 lower-case hexadecimal digits of v at p (no NUL). */
void dk_hex64(char *p, uint64_t v);

#endif

/* spotsig's files and what each owns; the interface between them.
 *
 *   main.c      the options, the spots of a document (SpotSigs section
 *               3.1), the word chains of --dense, the IDF filter and the
 *               output (spotsig(1))
 *   words.c     the word table: antecedents (-a, -A), stopwords (-S),
 *               the built-in lists of -l, each word's classes
 *   classify.c  each token's class: its language with -l auto (by
 *               paragraph), stopword or antecedent
 *   langs.c     the built-in languages of -l, their antecedents and
 *               stopwords (langs.h)
 *   wordlist.c  word sets, the list files of -S and -A, the English
 *               lists (wordlist.h)
 *
 * The word table's look-up (wfind) is here, inline: every token of the
 * input goes through it. */
#ifndef SPOTSIG_H
#define SPOTSIG_H

#include "dk.h"
#include "langs.h"
#include "lexicon.h"
#include "wordlist.h"

#include <string.h>

#define MAXCHAIN 64
#define MAXCHAINWORDS 64        /* --dense-words */
#define MAXDIST 1000
#define QMASK 4095

#define MAXPROF 16

/* The word classes: one table for stopwords and antecedents, so that
 * each token costs one look-up.  A word's classes are bit masks of
 * profiles: one profile (bit 0) unless -l auto, which gives each language
 * its own (bit i for dk_langs[i]).  The table is a cuckoo hash: a word is
 * in one of two slots that its hash names, so that a look-up reads two
 * keys and chooses without a branch (a token's being in a list or not is
 * a coin toss to the processor).  The keys are apart from the words'
 * classes, 16 bytes a slot, so that the table of all the languages stays
 * in the cache; a word's classes are read where it is found. */
struct wkey {
	uint64_t k[2];          /* up to WSHORT bytes: the word and its length
				 * (wkey); longer: its hash, WLONG */
};

/* The longest word that is its own key (wkey); k[1] of an empty slot,
 * and of a longer word: their last bytes are 0xff, which is no length up
 * to WSHORT, so no word of up to WSHORT bytes has these keys. */
#define WSHORT 15
#define WEMPTY (~(uint64_t)0)
#define WLONG (~(uint64_t)1)

struct winfo {
	uint16_t stop, ante;    /* the profiles it is a stopword, antecedent of */
	uint16_t det;           /* the languages whose built-in stopword it is */
	uint16_t d;             /* an antecedent's spot distance and chain */
	uint8_t c;
	uint32_t n;             /* the word's length */
	uint64_t inc[2];        /* det as one count a byte (-l auto: detect) */
};

struct wtable {
	struct wkey *key;
	struct winfo *info;     /* mask + 2: the last is no class */
	const char **str;       /* the words, for a look-up longer than WSHORT */
	size_t mask;
	uint64_t seed;          /* of whash */
};

struct ante {
	char *word;
	int d, c;               /* 0: the -d / -c value */
};

typedef DK_VEC(struct ante) antevec;

/* A distinct signature of the current document, at state.sig[off]. */
struct usig {
	size_t off, len;
	uint64_t hash;
	uint32_t count;
};

/* A document held for the second pass: its head in heads, its signatures
 * (lexicon ids) in ids[first, first + n). */
struct bdoc {
	size_t head, headlen, first;
	size_t n;
	uint64_t idhash;        /* --agree: a hash of the ID */
	int chains;             /* represented by word chains (!chains) */
	int unspaced;           /* mostly unspaced script: !short */
};

/* Where the word classes come from: the languages of -l (all of them
 * for auto), and -S and -a / -A, which replace the stopwords or the
 * antecedents of every language. */
struct wordsrc {
	const dk_lang *lang[MAXPROF];
	size_t nlang;
	int autolang;           /* -l auto: one profile a language */
	dk_strset stop;
	int own_stop;
	antevec av;
	int d, c;
};

/* -l auto: a paragraph of the current document, the tokens up to end
 * (from the previous one's end), and its language: its own when own,
 * else the document's. */
struct para {
	uint32_t end;
	uint16_t lang;
	uint16_t own;
};

/* -l auto: a token's classes as detect found them: the profiles it is a
 * stopword and an antecedent of, and its word table slot. */
struct tclass {
	uint16_t stop, ante;
	uint32_t slot;
};

/* Why the documents without any spot signature have none (the guess
 * for the warning at the end). */
enum { NOSIG_SHORT, NOSIG_UNSPACED, NOSIG_WORDS, NOSIG_KINDS };

struct state {
	dk_tokenizer *tok;
	int plain;              /* built-in tokenizer: nothing to encode */
	int quoted;             /* --quoted: DK_QUOTED_SKIP leaves it out */
	struct wtable words;
	const struct wordsrc *src;
	DK_VEC(struct tclass) tcls;             /* -l auto: each token's classes */
	DK_VEC(struct para) paras;              /* -l auto: the paragraphs */
	uint64_t nlang[MAXPROF];        /* -l auto: documents of each language */
	uint64_t nparas;                /* -l auto: paragraphs in another one */
	uint64_t nosig[NOSIG_KINDS];
	int minsigs;
	int dense;              /* --dense: word chains below this many spots */
	int chainwords;         /* --dense-words: the words of a chain */
	int idf;
	double lo, hi;
	double agree;           /* --agree, > 1 when not given */
	uint64_t ncommon, nstory;       /* --agree: looked at, kept */
	dk_idf_memo memo;       /* keep_df */
	dk_lexicon *lex;        /* -L, or the input's own statistics */
	int external;
	dk_shape shape;         /* -L: of the first lexicon file's terms */
	const char *first;      /* -L: its name */
	int tocheck;            /* -L: this file's signatures not yet checked */
	dk_found_tally found;   /* -L: this file's, for dk_found_check */
	/* per document, reused */
	dk_buf unquoted;        /* --quoted skip: the text left */
	dk_tokens toks;
	DK_VEC(uint32_t) ns;    /* token indices of the non-stopwords */
	DK_VEC(uint32_t) at;    /* triples: antecedent token, ns position, slot */
	dk_buf sig;             /* encoded signatures, back to back */
	DK_VEC(struct usig) u;  /* distinct signatures, first occurrence order */
	int chains;             /* u holds word chains (--dense): !chains */
	int unspaced;           /* judged on spots, most of the text unspaced */
	uint32_t *uslot;        /* u index + 1 */
	size_t umask;
	dk_buf raw;             /* a decoded signature for -L look-ups */
	/* buffered input for the two-pass IDF filter */
	dk_buf heads;
	DK_VEC(struct bdoc) docs;
	DK_VEC(dk_idcount) ids;
	/* --checksum: the current document's, with its TAB */
	dk_sha1 *sha1;
	char sum[DK_SHA1_HEX + 1];
	/* statistics */
	uint64_t ndocs, nshort, nsigs, nkept, bytes, ndense, nunspaced;
};

/* For each length n up to WSHORT, what makes a key of the 16 bytes
 * loaded at a word: the masks of its first n bytes in each half, and its
 * length in the last byte (walloc fills it, in the machine's byte order). */
extern uint64_t wkmask[WSHORT + 1][3];

/* A word of up to WSHORT bytes is its own key: two words, its bytes
 * zero-padded and its length in the last byte, so that equal keys are
 * equal words (NUL bytes in them or not) and a look-up needs no other
 * comparison.  The token buffer usually has 16 bytes to spare after a
 * token, so the key is two loads, two masks and an or, without a branch
 * on the length. */
static inline void
wkey(const char *s, size_t n, size_t avail, uint64_t k[2])
{
	unsigned char b[16];

	if (avail >= 16)
		memcpy(k, s, 16);
	else {
		memset(b, 0, 16);
		memcpy(b, s, n);
		memcpy(k, b, 16);
	}
	k[0] &= wkmask[n][0];
	k[1] = (k[1] & wkmask[n][1]) | wkmask[n][2];
}

/* The halves of a key enter apart, the first through a mixer that the
 * table's seed changes, so that words whose hashes collide for one seed
 * do not for the next (wplace). */
static inline uint64_t
whash(const struct wtable *w, const uint64_t k[2])
{
	return dk_mix64(k[0] ^ w->seed) ^ k[1] * 0x9e3779b97f4a7c15ULL;
}

/* Words longer than WSHORT bytes: hash of all bytes. */
static inline uint64_t
whash_long(const char *s, size_t n)
{
	return dk_hash64(s, n, 0);
}

/* The two slots of a hash: never the same one. */
static inline size_t
wslot1(const struct wtable *w, uint64_t h)
{
	return (size_t)(h ^ h >> 32) & w->mask;
}

static inline size_t
wslot2(const struct wtable *w, uint64_t h)
{
	return wslot1(w, h) ^ (((size_t)(h >> 32) & w->mask) | 1);
}

/* The no-class entry, what wfind finds for words in no list. */
static inline const struct winfo *
wnone(const struct wtable *w)
{
	return &w->info[w->mask + 1];
}

/* The slot of key k, or mask + 1 (no class), chosen without a branch. */
static inline size_t
wprobe(const struct wtable *w, const uint64_t k[2])
{
	uint64_t h = whash(w, k);
	size_t a = wslot1(w, h), b = wslot2(w, h), j = w->mask + 1;
	const struct wkey *ka = &w->key[a], *kb = &w->key[b];

	j = ((ka->k[0] ^ k[0]) | (ka->k[1] ^ k[1])) == 0 ? a : j;
	j = ((kb->k[0] ^ k[0]) | (kb->k[1] ^ k[1])) == 0 ? b : j;
	return j;
}

/* Words longer than WSHORT bytes and the empty word (words.c). */
const struct winfo *wfind_long(const struct wtable *w, const char *s, size_t n);

/* The classes of a token, wnone(w) if none; avail is how many bytes may
 * be read at s. */
static inline const struct winfo *
wfind(const struct wtable *w, const char *s, size_t n, size_t avail)
{
	uint64_t k[2];

	if (n - 1 >= WSHORT)
		return wfind_long(w, s, n);
	wkey(s, n, avail, k);
	return &w->info[wprobe(w, k)];
}

/* ---- words.c ---- */

/* -a LIST and -A FILE: antecedent items appended to av. */
void antes_from_list(antevec *av, const char *list);
void antes_from_file(antevec *av, const char *path);
/* -l LANGS: the languages of src. */
void parse_langs(struct wordsrc *src, const char *arg);
/* An empty word table of size slots, a power of 2. */
void walloc(struct wtable *w, size_t size);
/* Adds a word (not copied) to the table, which grows when it must;
 * returns its classes (where they are until the next word is added). */
struct winfo *wadd(struct wtable *w, const char *s, size_t n);
/* Fills the word table w from src; the strings stay owned by src and the
 * built-in lists. */
void build_words(struct wtable *w, const struct wordsrc *src);

/* ---- classify.c ---- */

/* -l auto: each token of st->toks gets its classes, and its paragraph
 * (in st->paras) a language; text is what was tokenized, n bytes. */
void detect(struct state *st, const char *text, size_t n);
/* The non-stopwords into st->ns, the antecedent occurrences into st->at. */
void classify(struct state *st);

#endif

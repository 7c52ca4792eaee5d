/* Document frequencies of terms, and the IDF filter built on them.  Used by
 * spotsig, lexicon, imatch and qgram.
 *
 * A lexicon maps a term (any bytes; in files, the decoded SIG of the
 * lexicon format in stream.h) to its document frequency DF, and holds N,
 * the number of documents counted.  Loading several files adds their DFs
 * and Ns, so lexicons built on shards merge into the lexicon of the whole.
 *
 * Normalised IDF = log(N / DF) / log(N), in [0, 1] when 1 <= DF <= N.
 * Edge cases, chosen so that the filter never divides by zero:
 *   a term the lexicon does not hold counts as DF = 1 (IDF 1, the rarest);
 *   DF above N counts as DF = N (IDF 0);
 *   N <= 1 gives IDF 0 for every term.
 * The range test allows 1e-9 of rounding at both ends, so a hand-computed
 * bound such as log(2)/log(4) = 0.5 behaves as written.
 *
 * A term may also be marked agreed (dklexicon --agree, agree.h): a common
 * term whose documents agree elsewhere, which the filter keeps whatever
 * its DF.  The mark is made for one IDF range's lower bound over the
 * documents counted; loading ORs it, so a lexicon merged from marked ones
 * is marked as they were (marks are not recomputed: compute them over the
 * whole corpus, as dklexicon --lexicon --agree on all its signatures
 * does). */
#ifndef DK_LEXICON_H
#define DK_LEXICON_H

#include <stddef.h>
#include <stdint.h>

#include "stream.h"

typedef struct dk_lexicon dk_lexicon;

dk_lexicon *dk_lexicon_new(void);
void dk_lexicon_free(dk_lexicon *lx);

/* Adds the counts of a lexicon file ("-" is standard input).  Returns -1
 * with errno set when it cannot be opened (the caller warns); a bad line,
 * a missing "!N" record or a DF above N is fatal (exit 2, FILE:LINE).  A
 * term listed twice counts the sum of its DFs, and that sum, like the sums
 * over several files, must not exceed the N summed so far.  A file whose
 * spot chains (dk_chain_whole of its first 65536 terms, by antecedent,
 * DK_CHAIN_LEX of one) differ from those of the first file with
 * DK_CHAIN_LEX of that antecedent is bad at its line 1: lexicons of other
 * chains (spotsig -c, -a WORD:D:C, qgram -w) share few terms, and their
 * DFs summed would count each apart. */
int dk_lexicon_load(dk_lexicon *lx, const char *path);
/* The same from a reader, without exiting: returns NULL, or the reason the
 * file is bad (in why, of DK_LEXICON_WHY bytes, or a constant) with *line
 * the line it is on; lx may then hold part of the file. */
#define DK_LEXICON_WHY 128
/* The largest DF or N a file may give, so that sums cannot overflow. */
#define DK_LEXICON_COUNT_MAX ((uint64_t)1 << 53)
const char *dk_lexicon_read(dk_lexicon *lx, dk_reader *r, unsigned long *line,
    char *why);

/* Counting documents: dk_lexicon_doc starts the next document (N + 1), and
 * dk_lexicon_count adds 1 to the DF of a term at most once per document.
 * Both return / use term ids: 0, 1, ... in order of first insertion. */
void dk_lexicon_doc(dk_lexicon *lx);
uint32_t dk_lexicon_count(dk_lexicon *lx, const char *term, size_t n);
/* Adds df to a term's DF (merging), and ndocs to N. */
uint32_t dk_lexicon_add(dk_lexicon *lx, const char *term, size_t n, uint64_t df);
void dk_lexicon_add_n(dk_lexicon *lx, uint64_t ndocs);

/* Look-ups.  dk_lexicon_find returns the id, or -1. */
long dk_lexicon_find(const dk_lexicon *lx, const char *term, size_t n);
uint64_t dk_lexicon_df(const dk_lexicon *lx, const char *term, size_t n);  /* 0: unknown */
uint64_t dk_lexicon_df_id(const dk_lexicon *lx, uint32_t id);
const char *dk_lexicon_term(const dk_lexicon *lx, uint32_t id, size_t *n);
uint64_t dk_lexicon_n(const dk_lexicon *lx);
size_t dk_lexicon_size(const dk_lexicon *lx);    /* number of terms */

/* The agreed mark of a term. */
void dk_lexicon_set_agreed(dk_lexicon *lx, uint32_t id);
int dk_lexicon_agreed(const dk_lexicon *lx, uint32_t id);

/* Normalised IDF of a DF (0 for an unknown term), with the edge cases
 * above, and the test LO <= IDF <= HI. */
double dk_lexicon_idf(const dk_lexicon *lx, uint64_t df);
int dk_lexicon_in_range(const dk_lexicon *lx, uint64_t df, double lo, double hi);
/* The same test remembered for small DFs (most are), for a filter that
 * tests millions of signatures against a lexicon whose N no longer
 * changes; zero the memo before the first use. */
typedef struct {
	uint8_t v[4096];        /* 0 unknown, 1 out of range, 2 in */
} dk_idf_memo;
int dk_lexicon_keep(const dk_lexicon *lx, double lo, double hi, uint64_t df, dk_idf_memo *m);
/* The filter's decision for a term, by id or by its bytes (a term the
 * lexicon lacks counts as DF 1): in the range, or marked agreed. */
int dk_lexicon_keep_id(const dk_lexicon *lx, double lo, double hi, uint32_t id,
    dk_idf_memo *m);
int dk_lexicon_keep_term(const dk_lexicon *lx, double lo, double hi, const char *term,
    size_t n, dk_idf_memo *m);
/* Drops (DF 0) every term that the filter LO:HI (marks included) keeps or
 * drops as it does a term the lexicon lacks, so that this smaller lexicon filters every
 * stream exactly as the whole one; its DFs no longer merge.  Returns the
 * number of terms left. */
size_t dk_lexicon_prune(dk_lexicon *lx, double lo, double hi);
/* A lexicon so cut holds the range: written as a record "!idf TAB LO:HI"
 * after "!N", read back, and then it merges with no other lexicon (its
 * DFs no longer add up).  dk_lexicon_cut says whether lx is cut, and for
 * what; dk_lexicon_cut_clash is NULL when it may filter for lo:hi (not
 * cut, or cut for that range), else why not, in why (DK_LEXICON_WHY). */
int dk_lexicon_cut(const dk_lexicon *lx, double *lo, double *hi);
const char *dk_lexicon_cut_clash(const dk_lexicon *lx, double lo, double hi, char *why);

/* What made a lexicon.  The lexicon of qgram -q 4's stream and qgram -q
 * 5's share no term, nor those of qgram -w 3 and -w 4, nor a lexicon of
 * words (dklexicon -w) and a stream of q-grams, though their terms have
 * the same shape: a filter or a fingerprint given the one for a stream of
 * the other finds every term unknown (exit 0 with nothing kept, or
 * everything).  So dklexicon says what the terms it counted are, in a
 * record after "!N" (and "!idf"):
 *   "!q" TAB Q   every term is a q-gram of Q characters (letters, digits
 *                and marks only, dk_is_word);
 *   "!w" TAB N   every term joins N words with ':' (N - 1 colons; 1: a
 *                word); dklexicon -w writes "!w 1".
 * It writes one when its rule holds for at least DK_MADE_TERMS terms (a
 * lexicon of a signature stream; -w: when no word holds a colon), !q
 * before !w.  Loading keeps it, and refuses a second file's record of
 * another kind or N, and a term !q does not fit (in that file, and those
 * loaded before and after it).  A term !w does not fit, or a second !w of
 * another N (both over 1), drops the record instead: spot signatures all
 * join as many words in a small collection, whose lexicon then says !w,
 * but not in a larger one (chains cut short at a document's end, word
 * chains of 24 words), and merging the two is no mix-up.  A lexicon
 * without a record (written before, or of other terms) is read as
 * before, unchecked.  dk_term_chars: the characters of a UTF-8 term. */
#define DK_MADE_MAX 64          /* qgram -q's and -w's largest */
#define DK_MADE_TERMS 4
typedef struct {
	char kind;              /* 'q', 'w', or 0: not known */
	unsigned n;
} dk_made;
size_t dk_term_chars(const char *s, size_t n);
dk_made dk_lexicon_made(const dk_lexicon *lx);
void dk_lexicon_set_made(dk_lexicon *lx, dk_made m);
/* The record lx's terms call for by the rule above; words: dklexicon -w's. */
dk_made dk_lexicon_infer(const dk_lexicon *lx, int words);
/* NULL when the term s may be in a lexicon made as m (m unknown, or s a
 * q-gram of m.n characters, or a join of m.n words), else why not, in why
 * (DK_LEXICON_WHY), the term called what ("term", "signature"). */
const char *dk_made_clash(dk_made m, const char *what, const char *s, size_t n,
    char *why);
/* A stream's signatures against a lexicon made as m, record by record,
 * the tally zeroed at each file's start, fatal at the record's FILE:LINE:
 * with !q, any signature that is no q-gram of Q; once DK_MADE_SIGS
 * signatures are seen, with !w N (N > 1) when none of them joins N words
 * (a word of a -p pattern may hold a colon of its own, spot signatures
 * may be cut short: one that does is enough), with !w 1 when all are
 * q-grams of one length (words of a text vary).  Only the first
 * DK_SHAPE_CHECKS records with signatures are checked, as by
 * dk_shape_check. */
#define DK_MADE_SIGS 8
typedef struct {
	int records;            /* checked */
	size_t sigs, fit;       /* signatures seen, of them joining N words */
	size_t qlen;            /* their length when all are q-grams of one, else 0 */
	unsigned long first;    /* the line of the first */
	char eg[48];            /* the first, at most 40 bytes of it */
} dk_made_tally;
void dk_made_check(dk_made m, dk_made_tally *t, const dk_sigs *sigs, const dk_reader *r);

/* A lexicon made from other signatures than a stream's (of another
 * language, another spotsig -a, -c or -d, another tokenizer) holds none
 * of them, and a filter or fingerprint treats every one as unknown: exit
 * 0 with all dropped or all kept.  dk_found_check tallies, over the first
 * DK_SHAPE_CHECKS records with signatures of a file (t zeroed at its
 * start), the signatures the lexicon holds; once DK_FOUND_SIGS are seen
 * and it holds none, it is fatal at the record's FILE:LINE.  A lexicon of
 * fewer than DK_FOUND_SIGS terms, or cut for an IDF range (it lacks the
 * terms it filters as unknown), or of at most one document, is not
 * checked. */
#define DK_FOUND_SIGS 64
/* A lexicon of spot signatures made with other chains (spotsig -c, or the
 * C of -a items WORD:D:C) may share a few signatures with the stream,
 * those cut short at a document's end, and the rest count as unknown.
 * The terms say their chains: a spot signature joins its antecedent and
 * the chain's words, as many as the chain is long but for those cut
 * short.  So, by antecedent (the first word of a term that joins words
 * and does not start with ':', which word chains do), over the same
 * records: fatal when DK_CHAIN_SIGS or more signatures of an antecedent
 * most often join another number of words than DK_CHAIN_LEX or more of
 * the lexicon's terms of it.  Chains cut short are few in a document (and
 * a word of a -p pattern holding ':' rare), so the most frequent numbers
 * agree for a lexicon of the same settings, unless its documents or the
 * stream's are too short for whole chains.  Also fatal: DK_CHAIN_SIGS or
 * more signatures of an antecedent of which the lexicon holds none,
 * while it holds DK_CHAIN_LEX of another (other antecedents; not with a
 * !w record, of word shingles).  A lexicon of another -d (spot distance)
 * has chains of the same lengths: not told apart.  The first
 * DK_CHAIN_WORDS antecedents of a file are tallied. */
#define DK_CHAIN_LEX 32
#define DK_CHAIN_SIGS 16
#define DK_CHAIN_WORDS 64
#define DK_CHAIN_LEN 15         /* words counted; more count as 15 */
/* The words a spot signature joins (at most DK_CHAIN_LEN), its
 * antecedent the first *ant bytes; 0 for a term that joins none or
 * starts with ':' (a word chain). */
unsigned dk_spot_words(const char *s, size_t n, size_t *ant);
/* The number of words most of the signatures tallied in len (by the
 * words they join, 0 to DK_CHAIN_LEN) join; the more on a tie. */
unsigned dk_chain_mode(const uint32_t *len);
/* The same for a tally whose signatures none join more words than most
 * do (chains mostly whole), else 0 (mostly cut short: documents too short
 * for whole chains, which tell no chain length). */
struct dk_chain_word;
unsigned dk_chain_whole(const struct dk_chain_word *c);
struct dk_chain_word {
	uint64_t hash;          /* of the antecedent */
	uint32_t count;         /* distinct signatures of it */
	uint32_t len[DK_CHAIN_LEN + 1];  /* of them, by the words they join */
	char ant[48];           /* the antecedent, at most 40 bytes of it */
};
/* A spot signature s in the tally v of the first DK_CHAIN_WORDS
 * antecedents (*nv of them so far). */
void dk_chain_tally(struct dk_chain_word *v, size_t *nv, const char *s, size_t n);
/* The first antecedent of the tally cur (ncur of them) that holds least
 * signatures or more, as it does in the tally first, and whose chains,
 * whole on both sides (dk_chain_whole), join another number of words
 * there: other chains (spotsig -c, -a WORD:D:C, qgram -w).  NULL when
 * none clashes; else *other is first's tally of it, *mine and *theirs
 * the words each side's chains join. */
const struct dk_chain_word *dk_chain_clash(const struct dk_chain_word *cur, size_t ncur,
    const struct dk_chain_word *first, size_t nfirst, uint32_t least,
    const struct dk_chain_word **other, unsigned *mine, unsigned *theirs);
typedef struct {
	int records;
	size_t sigs, found, pending;
	unsigned long first;
	size_t nchain;
	struct dk_chain_word chain[DK_CHAIN_WORDS];
} dk_found_tally;
void dk_found_check(const dk_lexicon *lx, dk_found_tally *t, const dk_sigs *sigs,
    const dk_reader *r);
/* The same a term at a time, for a program that holds its signatures
 * otherwise: while dk_found_want, dk_found_term on each of a record's
 * (decoded) signatures, then dk_found_record. */
int dk_found_want(const dk_lexicon *lx, const dk_found_tally *t);
void dk_found_term(const dk_lexicon *lx, dk_found_tally *t, const char *s, size_t n);
void dk_found_record(const dk_lexicon *lx, dk_found_tally *t, const dk_reader *r);

/* What terms look like.  A lexicon of words (dklexicon -w) and one of
 * signatures that join words with ':' (spot signatures, shingles, word
 * chains) share no term, so that a filter or a fingerprint given the one
 * for a stream of the other finds every term unknown and drops it: exit 0
 * with nothing kept.  The programs that load a lexicon compare the shape
 * of its terms with that of the input's (or of the lexicons loaded with
 * it) and refuse a clash.  DK_SHAPE_WORDS: nearly all terms are words
 * (dk_is_word); DK_SHAPE_JOINED: nearly none is; DK_SHAPE_ANY: a mix, or
 * too few terms to tell (q-grams of characters may be either). */
enum { DK_SHAPE_ANY, DK_SHAPE_WORDS, DK_SHAPE_JOINED };
typedef struct {
	size_t n, words;
	char eg[2][44];         /* the first word, the first other term (at
	                         * most 40 bytes of it, whole characters) */
} dk_shape;
void dk_shape_add(dk_shape *s, const char *term, size_t n);
int dk_shape_of(const dk_shape *s);
/* The shape of the first terms of lx from id from on (a sample, so that
 * checking each of many merged files costs little). */
dk_shape dk_lexicon_shape(const dk_lexicon *lx, size_t from);
/* NULL when terms of shape b may be found among terms of shape a, else
 * why not in buf (of DK_SHAPE_WHY bytes), naming the two and an example
 * of each: "NAMEA holds words ("cat") and NAMEB signatures ("the:cat")". */
#define DK_SHAPE_WHY 320
const char *dk_shape_clash(const dk_shape *a, const char *namea, const dk_shape *b,
    const char *nameb, char *buf);
/* dk_lexicon_load of one of a program's lexicon files, in turn: *first
 * (zeroed before the first file) becomes the shape of the terms the first
 * file added, and a later file whose terms clash with them is fatal at
 * PATH:1 (words and signatures merged share no term). */
int dk_lexicon_load_alike(dk_lexicon *lx, const char *path, dk_shape *first,
    const char **firstpath);
/* A stream's terms against the lexicon it is read with: the shape of a
 * record's terms is taken for the first records of each file until one
 * tells (DK_SHAPE_CHECKS of them); a clash is fatal at the record's
 * FILE:LINE. */
#define DK_SHAPE_CHECKS 16
void dk_shape_check(const dk_shape *lex, const dk_shape *rec, const dk_reader *r);

/* Writes the lexicon to dk_out: the "!N" record (and "!idf" when cut,
 * "!q" or "!w" for what made it),
 * then TERM TAB DF records
 * (TERM TAB DF TAB "!agree" for a term marked agreed)
 * sorted bytewise by the written (percent-encoded) TERM, which is the
 * order of sort(1) and join(1) under LC_ALL=C.  Terms with DF 0 are left
 * out. */
void dk_lexicon_write(const dk_lexicon *lx);

#endif

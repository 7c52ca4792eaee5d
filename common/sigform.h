/* What the signatures of the streams merged into one run are, told from
 * each file's first records, so that streams that share no signature are
 * not merged (used by spotmatch, for its inputs and its --against side,
 * minhash, and dklexicon, whose lexicon of both would count each apart).
 *
 * The q-grams of qgram -q 4 and those of -q 5 share none, nor q-grams and
 * signatures that join words with ':' (spot signatures, word shingles):
 * merged into one spotmatch, the documents of the one pair with none of
 * the other's, and the run ends with status 0 and the pairs of each file
 * alone (with --against, none at all).  A file tells its form once
 * DK_SIGFORM_SIGS of its signatures are seen within its first
 * DK_SIGFORM_RECORDS records that have any (or DK_SIGFORM_FEW by then):
 *   q-grams of Q characters: every one of Q letters, digits or marks
 *       (dk_is_word), as qgram -q Q writes;
 *   joined: every one holds ':', and none is a q-gram.
 * A file of other signatures (words of varying lengths, hashes, a mix)
 * tells nothing and is not checked.  The first file that tells sets the
 * form; a later one of another is fatal at its record's FILE:LINE.
 *
 * Spot signatures of other chains (spotsig -c, or the C of -a items
 * WORD:D:C) share only a few signatures, those cut short at a document's
 * end: the chains are compared antecedent by antecedent, as a lexicon's
 * are (lexicon.h, dk_found_check).  Over the first DK_SIGFORM_RECORDS
 * records with signatures of each file, the signatures of each of the
 * first DK_CHAIN_WORDS antecedents are tallied by the words they join;
 * the first file with DK_CHAIN_SIGS of an antecedent sets the chains, and
 * a later file's DK_CHAIN_SIGS of an antecedent of which that file had
 * DK_CHAIN_SIGS, most often joining another number of words, is fatal,
 * unless on either side some of them join more words than most (chains
 * mostly cut short, of documents too short for whole chains).
 * Word shingles (qgram -w) tally too: those of another -w, and shingles
 * against spot signatures of another length, are refused alike.  Spot
 * signatures of another -d (spot distance) join as many words: not told
 * apart.
 *
 * One file may hold two streams too (cat a.sigs b.sigs), the second
 * starting after the records above.  So the documents of every file are
 * judged each on its own, from its first DK_SIGFORM_LOOK signatures only:
 * its first DK_SIGFORM_RECORDS documents, and up to the
 * DK_SIGFORM_SETTING-th until the file's form is set; then one in
 * DK_SIGFORM_EVERY, and every one while those judged last are of another
 * form than the file's.  (The caller parses the signatures of those it is
 * asked for: every one cost spotmatch -t 0.9 about 9% in time, one in 8
 * 2.7% more instructions, one in 32 0.7%, on spots-200000.)  A document
 * tells:
 *   q-grams of Q characters: DK_SIGFORM_DOC or more signatures looked
 *       at, each of Q letters, digits or marks;
 *   W words joined by ':': DK_SIGFORM_DOC or more looked at, each holding
 *       ':', none joining more than W words and at least half exactly W
 *       (chains mostly whole: spotsig -c W-1, qgram -w W);
 *   nothing, else (fewer signatures, a mix, words of varying lengths, the
 *       word chains of a document marked !chains): it neither starts nor
 *       breaks a run.
 * The first DK_SIGFORM_RUN documents judged in a row of one form (among
 * those that tell one) set the file's form; a later DK_SIGFORM_RUN in a
 * row of another is fatal, at the FILE:LINE of the first of them, the
 * message naming the last line judged of the file's form before (the
 * second stream begins between the two, at most DK_SIGFORM_EVERY
 * documents apart).  Detected so: a second stream of DK_SIGFORM_EVERY +
 * DK_SIGFORM_RUN documents that tell a form, or more.  Not detected: a
 * shorter one; one whose documents tell nothing (mostly under
 * DK_SIGFORM_DOC signatures, e.g. titles, or words of varying lengths);
 * chains of another -d; a form whose documents alternate with others so
 * that it never makes a run.  A file whose first documents tell nothing
 * takes the form of its first run. */
#ifndef DK_SIGFORM_H
#define DK_SIGFORM_H

#include <stddef.h>

#include "lexicon.h"
#include "stream.h"

#define DK_SIGFORM_SIGS 32
#define DK_SIGFORM_FEW 8
#define DK_SIGFORM_RECORDS 16
#define DK_SIGFORM_LOOK 8
#define DK_SIGFORM_DOC 4
#define DK_SIGFORM_RUN 16
#define DK_SIGFORM_EVERY 32
#define DK_SIGFORM_SETTING (4 * DK_SIGFORM_RUN)

/* A run of documents of one form within a file. */
struct dk_sigform_run {
	char kind;              /* 'q', 'j', or 0: none */
	unsigned n;             /* characters of a q-gram, words joined */
	unsigned long line;     /* of its first document */
	int docs;               /* in a row */
	char eg[48];            /* the first signature of its first document */
};

typedef struct {
	/* the file being read */
	int records;            /* with signatures, tallied */
	int told;               /* its form is decided (or cannot be) */
	size_t sigs, qlen, joined;
	char eg[48];            /* its first signature, at most 40 bytes */
	struct dk_chain_word chain[DK_CHAIN_WORDS];     /* its antecedents */
	size_t nchain;
	/* the first file that told its form */
	char kind;              /* 'q', 'j', or 0: none yet */
	size_t q;
	char eg0[48];
	char *name0;
	/* the first file with DK_CHAIN_SIGS of an antecedent */
	struct dk_chain_word chain0[DK_CHAIN_WORDS];
	size_t nchain0;
	char *chainname0;
	char *pending;          /* the file read, until its chains are kept */
	/* the documents of the file read, one by one */
	struct dk_sigform_run set;      /* its first whole run: its form */
	struct dk_sigform_run cur;      /* the run going on */
	unsigned long lastset;  /* the line judged last of the form set */
	unsigned long asked;    /* records of the file (dk_sigform_want) */
	int dense;              /* judge every document: cur is another form */
} dk_sigform;

/* A file starts (the tally of the file before is dropped). */
void dk_sigform_file(dk_sigform *f);
/* Whether the record just read is wanted: call it once for each record
 * of the file (it counts them), and dk_sigform_record when it says 1. */
int dk_sigform_want(dk_sigform *f);
/* The signatures of the record r has just read. */
void dk_sigform_record(dk_sigform *f, const dk_sigs *sigs, const dk_reader *r);
void dk_sigform_free(dk_sigform *f);

#endif

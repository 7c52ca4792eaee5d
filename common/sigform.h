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
 * apart. */
#ifndef DK_SIGFORM_H
#define DK_SIGFORM_H

#include <stddef.h>

#include "lexicon.h"
#include "stream.h"

#define DK_SIGFORM_SIGS 32
#define DK_SIGFORM_FEW 8
#define DK_SIGFORM_RECORDS 16

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
} dk_sigform;

/* A file starts (the tally of the file before is dropped). */
void dk_sigform_file(dk_sigform *f);
/* Whether the records of the file being read are still wanted. */
int dk_sigform_want(const dk_sigform *f);
/* The signatures of the record r has just read. */
void dk_sigform_record(dk_sigform *f, const dk_sigs *sigs, const dk_reader *r);
void dk_sigform_free(dk_sigform *f);

#endif

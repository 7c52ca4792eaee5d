/* Agreement of the documents that hold a common signature: which of the
 * signatures an IDF range's lower bound drops are a copied story's rather
 * than a template's.  Used by spotsig --agree and dklexicon --agree, so
 * that the one-program filter and the lexicon route of the scale-out
 * scripts keep the same signatures.
 *
 * The contract.  Given the lexicon counted over a set of documents and
 * those documents' signature multisets, dk_agree_mark marks (in the
 * lexicon, dk_lexicon_agreed) each signature with DF >= 2 whose normalised
 * IDF is below LO and whose sample agrees: the mean multiset Jaccard
 * similarity (measure.h's dk_sim) of every pair of its sample, the
 * signature left out of both documents, is at least A.  The sample is the
 * DK_AGREE_SAMPLE holders of least key dk_mix64(hash(TERM) ^ idhash), where
 * idhash is dk_agree_idhash of the document's ID; so the marks depend on
 * the set of documents (ID and signatures) and on nothing else: not on
 * their order, nor on how the input was split into files, nor on the
 * numbering of the lexicon's ids.  (Documents whose keys tie, which needs
 * one ID given twice, are ordered by their position.)  A document that
 * lists a signature twice counts the sum.  The pairs' sum is taken in key
 * order, so two programs that agree on the sample agree on every bit of
 * the mean.
 *
 * Cost: for each common signature, DK_AGREE_SAMPLE^2 / 2 overlaps of two
 * documents, each computed once for all signatures (up to 4 million pairs
 * remembered, 128 MiB); memory for one sorted copy of each sampled
 * document's signatures. */
#ifndef DK_AGREE_H
#define DK_AGREE_H

#include <stddef.h>
#include <stdint.h>

#include "lexicon.h"
#include "measure.h"

/* How many documents of a common signature are compared. */
#define DK_AGREE_SAMPLE 40

/* A document: its signatures (lexicon ids and counts) at
 * ids[first, first + n), and dk_agree_idhash of its ID. */
typedef struct {
	size_t first, n;
	uint64_t idhash;
} dk_agree_doc;

/* The hash of a document ID (the bytes of its first column as written in
 * a document or signature stream, @tsv escapes and all). */
uint64_t dk_agree_idhash(const char *id, size_t n);

/* Marks the agreeing signatures below LO in lx (which counted docs);
 * returns how many it marked, and in *ncommon how many it looked at. */
size_t dk_agree_mark(dk_lexicon *lx, double lo, double agree, const dk_idcount *ids,
    const dk_agree_doc *docs, size_t ndocs, uint64_t *ncommon);

#endif

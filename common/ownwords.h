/* Own words: the counter-evidence that two near-identical documents are
 * about different things (dkcluster --own-words).
 *
 * Pages written from one template, sin(3) and cos(3), base32(1) and
 * base64(1), the class pages of an API reference, the copyright files of
 * two packages under one licence, share nearly all their phrases; what
 * tells them apart is what each is about.  A page names its subject
 * again and again (title, synopsis, examples), the other page never
 * names it, and each names its own in the same places of the template.
 * A copy does not: an edited one changes words here and there, not one
 * word at each of its occurrences, and a truncated one keeps the
 * original's opening, where a page names its subject.  So:
 *
 *   A word is OWN to document A against document B when it occurs at
 *   least k times in A, once or more in A's opening (its first
 *   DK_OWNWORDS_OPENING words: title, headings, synopsis), and never in
 *   B.  In the opening, a run of A's own words is a NAME, and the words
 *   just before and just after it its place.  A pair is APART, about two
 *   things and not a copy, when a name of A and a name of B stand after
 *   the same word or before the same word (the start of a document
 *   counts as a word before; the end of the opening is no word after).
 *   It is also apart when a name of one of them, of DK_OWNWORDS_FILL
 *   tokens at most, is RENAMED in the other at k places or more: the
 *   two tokens before the name and the two after it stand in the other's
 *   opening around one to DK_OWNWORDS_FILL other tokens (the other has
 *   none of the name's words).  That is the page of std::is_array
 *   against the one of std::is_const, whose own word const the first
 *   page uses elsewhere, so that only one of them has a name; a copy does
 *   not rename a word at each of its places in the opening.  And it is
 *   apart when a run of 1 to DK_OWNWORDS_FILL of one's words that occur
 *   k times or more in it (own or not) is TAKEN OUT in the other
 *   wherever the one's opening has it, at k places or more: at each, the
 *   other's opening holds the two tokens before the run next to the two
 *   after it, and not those tokens with the run between them (a list may
 *   hold the frame elsewhere).  That is std::numeric_limits<signed char>
 *   against <char>, whose is_signed has the word: neither has an own
 *   word.  Places too near either end of the opening to be framed are
 *   not counted.
 *
 * Each part is measured on the labelled collections of
 * tests/bench/safety.sh (dkdedup's defaults, then --prose), against no
 * rule: unique documents lost 178, copies removed 69.1%; prose under
 * --prose 11 lost, 90.3% removed:
 *   - own words alone: 66 lost, copies removed 66.5%, and 62.6% instead
 *     of 76.5% in news-cleaneval under --prose: there a copy cut to 40%
 *     and set in another page's framing has the framing's words, and
 *     the original the words of the part cut off, and either may recur;
 *   - in the opening: 69 lost, 68.8%; prose under --prose 9, 89.96%,
 *     the framing's words standing at the top of the copy;
 *   - in the same place: 73 lost, 68.96% (the prototype's figures);
 *     prose under --prose 10, 90.2%;
 *   - or renamed (on the collections with consistent labels, where the
 *     rule before lost 45 and removed 69.85%): 39 lost, 69.81% (the
 *     prototype, without dkdedup's exact short copies: 39, 66.08% ->
 *     66.05%); on the labels by path 73 -> 57 lost, 68.97% -> 68.94%;
 *   - or taken out (with the bar of words, dkcluster --word-sim 0.55):
 *     35 -> 30 lost (sigcpp 10 -> 5), 69.75% -> 69.71% removed; prose
 *     under --prose unchanged.  Found on pages nobody tuned on: the
 *     libstdc++ 11 and 12 HTML references lose 111 unique pages instead
 *     of 132, as many copies removed (99.48%); on 23,436 Debian manual
 *     pages it keeps 91 pages more, 26 other commands (gcloud's
 *     bigtable tables beside instances, managed beside unmanaged,
 *     asn1_read_value_type(3) beside asn1_read_value(3)) and 65
 *     gcloud commands beside the same command of another release track
 *     (alpha, beta), copies left.
 *
 * Words are the built-in tokenizer's (token.h: runs of letters, digits
 * and marks, lower-cased) of at least two characters that are not all
 * ASCII digits: version numbers, counts and dates differ between two
 * releases of one page, and one-letter words are list marks and
 * variables.  Any token is a word of a place.
 *
 * A profile holds each document's distinct words as 31-bit hashes,
 * sorted, the low bit marking those that occur k times or more, one of
 * them in the opening; then the hashes of those alone; then its opening,
 * each token's hash, the low bit marking those same words: 4 bytes per
 * distinct word, per such word again and per token of the opening, for
 * each document.  Two words of one hash count as
 * one; that can only hide an own word or match a place. */
#ifndef DK_OWNWORDS_H
#define DK_OWNWORDS_H

#include "mem.h"
#include "token.h"

#include <stddef.h>
#include <stdint.h>

enum { DK_OWNWORDS_OPENING = 100, DK_OWNWORDS_FILL = 3 };

typedef struct {
	unsigned k;                     /* occurrences that make a word own */
	DK_VEC(uint32_t) w;             /* every document's words, back to back */
	DK_VEC(size_t) off;             /* document i: its words from w.v[off.v[3i]],
	                                   its flagged words' hashes from
	                                   off.v[3i + 1], its opening from
	                                   off.v[3i + 2] to off.v[3i + 3] */
	dk_tokenizer *tok;              /* scratch of dk_ownwords_add */
	dk_tokens toks;
	DK_VEC(uint32_t) h, tmp, open;
} dk_ownwords;

/* k >= 1: a word is own from its k-th occurrence on. */
void dk_ownwords_init(dk_ownwords *o, unsigned k);
/* The next document's profile (documents are numbered 0, 1, ... in the
 * order they are added), from its text (unescaped). */
void dk_ownwords_add(dk_ownwords *o, const char *text, size_t n);
/* The number of documents added. */
static inline size_t
dk_ownwords_count(const dk_ownwords *o)
{
	return o->off.n / 3;
}
/* Are documents a and b apart, and by which part of the rule: 0, not
 * apart; else the first part that holds, in this order. */
enum {
	DK_OWNWORDS_PLACE = 1,          /* a name of each in the same place */
	DK_OWNWORDS_RENAMED,            /* a name of one renamed in the other */
	DK_OWNWORDS_TAKEN_OUT,          /* a run of one's words taken out */
	DK_OWNWORDS_RULES = DK_OWNWORDS_TAKEN_OUT
};
int dk_ownwords_apart(const dk_ownwords *o, size_t a, size_t b);
/* The words' agreement: the Jaccard similarity of the sets of words of
 * documents a and b (dk_sim's "set" measure; 1 when neither has a word). */
double dk_ownwords_wordsim(const dk_ownwords *o, size_t a, size_t b);
/* The bytes the profiles take. */
size_t dk_ownwords_bytes(const dk_ownwords *o);
void dk_ownwords_free(dk_ownwords *o);

#endif

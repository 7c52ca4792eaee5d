/* What a stream is, from its first line: so that a stream of the wrong
 * kind stops the program at line 1 with a message naming what it looks
 * like and what to run instead,
 *     spotsig: FILE:1: this looks like a pair stream (ID1 ID2 SIM), which
 *     cluster and evaluate read; spotsig reads documents (ID TEXT), e.g. from
 *     htmlstrip
 * and exit 2, instead of running on it and writing garbage.
 *
 * The rules (dupkit-formats(5), "Recognising a stream") are chosen so that
 * no real document can meet them: a reader of documents refuses only a line
 * that is certainly something else,
 *   gzip       the bytes 1F 8B
 *   WARC       a first line "WARC/" digit "." digit
 *   JSON Lines a first line from '{"' to '}'
 *   HTML page  a one-field line that starts with "<!DOCTYPE" or "<html"
 *   lexicon    "!N" TAB digits
 *   keyed      KEY TAB ID ... TAB SIGS, KEY of partition, minhash or imatch
 *              (P<tau>[/set]:<k>, B<band>:<16 hex>, F<i>/<n>:<40 hex>)
 *   pair       exactly ID1 TAB ID2 TAB SIM, SIM with six decimals in [0, 1]
 *   cluster    exactly ID TAB ID, the same ID twice (a cluster is named by
 *              its first member, which comes first)
 *   signature  ID ... TAB SIGS where SIGS starts with !short or !probe, or
 *              holds four or more SIG=COUNT items made of letters, digits,
 *              ':' and %XX only (no '/', '.', '?', '&': not a URL list)
 * A reader of signatures, pairs or clusters, which cannot take a document
 * anyway, also takes for a document stream a record whose last field is
 * text: not a signature list and two words or more without '=' (a broken
 * signature list is left to the signature parser, which says what is
 * wrong), or (pairs) a field with a @tsv escape, eight spaces or more, or
 * 512 bytes or more.  A one-field line is left to the reader too. */
#ifndef DK_SNIFF_H
#define DK_SNIFF_H

#include "keys.h"
#include "stream.h"

enum {
	DK_KIND_DOC = 1 << 0,      /* ID [CARRIED]... TEXT */
	DK_KIND_SIG = 1 << 1,      /* ID [CARRIED]... SIGS */
	DK_KIND_KEYED = 1 << 2,    /* KEY ID [CARRIED]... SIGS */
	DK_KIND_PAIR = 1 << 3,     /* ID1 ID2 [SIM] */
	DK_KIND_CLUSTER = 1 << 4,  /* ID CLUSTER */
	DK_KIND_LEXICON = 1 << 5,  /* TERM DF, !N N */
	DK_KIND_LIST = 1 << 6,     /* ID, one a line */
	DK_KIND_GZIP = 1 << 7,
	DK_KIND_WARC = 1 << 8,
	DK_KIND_JSONL = 1 << 9,
	DK_KIND_HTML = 1 << 10
};

/* The kinds the first line p[0..n) (without its LF) may be: one kind when
 * the line is certainly of that kind, else every kind it can be (all when
 * partial: the line was cut, longer than was looked at). */
unsigned dk_sniff(const char *p, size_t n, int partial);
/* A file given to htmlstrip as a page that is certainly a stream: JSON
 * Lines, one of the toolkit's certain kinds above, or a document stream
 * (its first lines, up to four, each an ID without '<' or space, then a
 * TAB); 0 for a page. */
unsigned dk_sniff_page(const char *p, size_t n);

/* Looks at the first line of r without consuming it and stops the program
 * (exit 2) when it cannot be any of the kinds in accept, with the message
 * above; reader names the reader in it ("spotsig reads documents (ID TEXT),
 * e.g. from htmlstrip"), built from accept when NULL.  Call it before the
 * first dk_read_record on each operand.  Returns the kinds of accept the
 * stream may be (all of accept for an empty one).  Blocks only until the first line
 * (or 64 KiB of it) has arrived, as reading it would. */
unsigned dk_expect(dk_reader *r, unsigned accept, const char *reader);
/* The message alone, for a program that reads its input its own way
 * (htmlstrip's pages): "this looks like ..., which ...". */
const char *dk_kind_says(unsigned kind);

#endif

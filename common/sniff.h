/* What a stream is, from its first lines: so that a stream of the wrong
 * kind stops the program at line 1 with a message naming what it looks
 * like and what to run instead,
 *     spotsig: FILE:1: this looks like a pair stream (ID1 ID2 SIM), for
 *     dkcluster or evaluate; spotsig reads documents (ID TEXT), e.g. from
 *     htmlstrip
 * and exit 2, instead of running on it and writing garbage.
 *
 * The rules (dupkit-formats(5), "Recognising a stream") are chosen so that
 * no real document can meet them: a reader of documents refuses only a
 * stream that is certainly something else.  By the first bytes,
 *   gzip, xz, bzip2, zstd   their magic numbers (1F 8B; FD "7zXZ" 00;
 *              "BZh" digit and the block magic 31 41 59 26 53 59 or
 *              17 72 45 38 50 90; 28 B5 2F FD)
 *   UTF-16     a byte order mark, FF FE or FE FF
 *   WARC       a first line "WARC/" digit "." digit
 *   JSON Lines a first line from '{"' to '}'
 *   HTML page  after a UTF-8 byte order mark and blank lines, a line
 *              without TAB that starts with "<!DOCTYPE", "<html", "<?xml"
 *              or "<!--" (an XHTML page, a page saved with a comment)
 * none of which UTF-8 text in a TSV stream starts with; by the first line,
 *   lexicon    "!N" TAB digits
 *   keyed      KEY TAB ID ... TAB SIGS, KEY of partition, minhash or imatch
 *              (P<tau>[/set]:<k>, B<band>:<16 hex>, F<i>/<n>:<40 hex>)
 * and by the first lines, up to four, of those read with the first (the
 * reader waits for nothing more, see dk_reader_peek):
 *   pair       two lines or more, each exactly ID1 TAB ID2 TAB SIM, SIM
 *              with six decimals in [0, 1], ID1 other than ID2 (one line
 *              alone may be "id TAB src TAB 0.714286", a document)
 *   cluster    two lines or more, each exactly ID TAB CLUSTER, each ID once
 *              and without a space, each cluster's lines together and
 *              holding its name as an ID (all but the last cluster
 *              looked at), and one cluster of two members or more ("Bill
 *              TAB Bill" alone is a document)
 *   signature  ID ... TAB SIGS where SIGS starts with a flag (!short,
 *              !chains, !probe), or holds four or more SIG=COUNT items
 *              made of letters, digits, ':' and %XX only (no '/', '.',
 *              '?', '&': not a URL list),
 *              three in four of them with COUNT 1 (not "Width=100
 *              Height=200 Depth=50 Weight=3"); the other lines have as
 *              many fields and valid SIGS
 *   sketch     ID ... TAB SKETCH (minhash --sketch): on each line flags
 *              (!short, !chains, !probe) then values of 16 lower-case
 *              hex digits, single-spaced, eight or more and as many on
 *              each line that has values (no text is such numbers alone)
 * A reader of signatures, pairs or clusters, which cannot take a document
 * anyway, also takes for a document stream a record whose last field is
 * text: not a signature list and two words or more without '=' (a broken
 * signature list is left to the signature parser, which says what is
 * wrong), or (pairs) a field with a @tsv escape, eight spaces or more, or
 * 512 bytes or more.  Short texts are told by the first lines, up to four:
 * a reader of pairs or clusters takes for documents a stream whose lines
 * looked at each hold two fields, the first without a space and the second
 * with a space and then a lowercase word ("d1 TAB the cat"), as the two
 * columns of a pair hold IDs of one kind and a cluster is named by an ID
 * or a label.  So an ID with a space (a file name) is read as one when an
 * ID of the first column holds a space too, when its space is followed by
 * something else than a lowercase word ("my file.html", "Bill Gates"), or
 * with a SIM column; a cluster label of lowercase words ("fire in london")
 * alone on each of the first lines, with IDs without spaces, is taken for
 * a text.  A one-field line is left to the reader too. */
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
	DK_KIND_HTML = 1 << 10,
	DK_KIND_XZ = 1 << 11,
	DK_KIND_BZIP2 = 1 << 12,
	DK_KIND_ZSTD = 1 << 13,
	DK_KIND_UTF16 = 1 << 14,
	DK_KIND_SKETCH = 1 << 15   /* ID [CARRIED]... SKETCH, minhash --sketch */
};

/* The kinds known by their first bytes, whatever the fields. */
#define DK_KIND_MAGIC (DK_KIND_GZIP | DK_KIND_WARC | DK_KIND_JSONL | DK_KIND_HTML | \
	DK_KIND_XZ | DK_KIND_BZIP2 | DK_KIND_ZSTD | DK_KIND_UTF16)

/* The kinds the stream whose first bytes are p[0..n) may be (a line or
 * more; partial: not the whole stream, so bytes after the last LF are not
 * a whole line): one kind when it is certainly of that kind, else every
 * kind its first line can be (all when that line was cut, longer than was
 * looked at).  *best (when not NULL) is the kind to name in a message. */
unsigned dk_sniff(const char *p, size_t n, int partial, unsigned *best);
/* The same for the stream r is at, without consuming it: 0 (and *best 0)
 * at the end of input. */
unsigned dk_sniff_reader(dk_reader *r, unsigned *best);
/* A file given to htmlstrip as a page that is certainly not one: JSON
 * Lines, xz, bzip2 or zstd data, one of the toolkit's certain kinds above,
 * or a document stream (its first lines, up to four, each an ID without
 * '<' or space, then a TAB); 0 for a page (UTF-16 and gzip pages are
 * pages). */
unsigned dk_sniff_page(const char *p, size_t n);

/* Looks at the first lines of r without consuming them and stops the
 * program (exit 2) when the stream cannot be any of the kinds in accept,
 * with the message above; reader names the reader in it ("spotsig reads
 * documents (ID TEXT), e.g. from htmlstrip"), built from accept when NULL.
 * Call it before the first dk_read_record on each operand.  Returns the
 * kinds of accept the stream may be (all of accept for an empty one).
 * Blocks only until the first line (or 64 KiB of it) has arrived, as
 * reading it would. */
unsigned dk_expect(dk_reader *r, unsigned accept, const char *reader);
/* The message alone, for a program that reads its input its own way
 * (htmlstrip's pages): "this looks like ..., which ...". */
const char *dk_kind_says(unsigned kind);

#endif

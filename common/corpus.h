/* The corpus reader: the documents of a corpus operand, whatever its
 * format, for every program that reads documents.  man/dupkit-formats.5
 * says the same for users.
 *
 * Formats (the user names the format; gzip is found by its magic):
 *   TSV document stream  ID [TAB CARRIED]... TAB TEXT (common/stream.h),
 *                        the default.
 *   JSON Lines           --json ID[,TEXT] (default id,text): one JSON
 *                        object a line, ID and TEXT the names of its
 *                        top-level members holding the document's ID and
 *                        its text.  The ID is a non-empty string or an
 *                        integer (in the range of 64 bits); it is written
 *                        as a TSV ID is, a string @tsv-escaped, an integer
 *                        in decimal, so that a document has the same ID
 *                        in every format.  The text is a string.  Other
 *                        members are ignored: a JSON document carries no
 *                        columns.  A line of spaces and tabs only holds no
 *                        document and is passed over (counted in
 *                        dk_corpus_blank).
 *   gzip                 either of them gzipped (.gz or not, by the magic
 *                        1F 8B 08 of the operand's first bytes), inflated
 *                        as read, member after member (dk_reader_gunzip).
 *                        Damaged or cut short gzip data is an error, exit 2.
 *
 * Readers: spotsig, qgram, imatch, dklexicon -w (text), htmlstrip (its
 * streams of pages: the text is HTML, taken as bytes), keep (the record
 * copied, no text read), dkcluster -a --json (dk_doc_record).  File
 * operands read whole, WARC files and single pages, are read by
 * common/pages.h.
 *
 * Errors, each "prog: FILE:LINE: reason" and exit 2, as for a bad TSV
 * record: a line that is not a JSON object (invalid JSON, another value),
 * a missing ID or TEXT member, an ID that is not a non-empty string or an
 * integer, a TEXT that is not a string, a repeated ID (common/ids.h, unless
 * --allow-repeated-ids), invalid UTF-8 in the text of a program that reads
 * text (dk_text_invalid: an error, or U+FFFD with --replace-invalid); in a
 * program that takes the bytes as they are (DK_INVALID_KEEP: htmlstrip,
 * keep) invalid UTF-8 anywhere in a JSON line is invalid JSON.  A
 * TSV operand of another kind (pairs, WARC, JSON Lines without --json) is
 * refused at line 1 by common/sniff.h.
 *
 * Each document comes with
 *   id     its ID as a TSV stream writes it (@tsv-escaped), for messages
 *          and sets of IDs: in TSV column 1, or dk_corpus.idcol;
 *   head   what a program writes before its own column: the ID and the
 *          carried columns, each followed by TAB, byte for byte as read
 *          (TSV), or the ID and a TAB (JSON Lines);
 *   text   the text, unescaped (TSV) or decoded (JSON), checked as said;
 *   raw    the bytes of the record as read, its CR and LF included (the
 *          inflated bytes of a gzip file), for a program that copies
 *          records (keep);
 *   rec    for a TSV record, its fields (the last one unescaped when the
 *          text was asked for); rec.n is 0 for a JSON record.
 * All of it is valid until the next document is read.
 *
 * Adding a format: HACKING, "Add an input format to the corpus reader". */
#ifndef DK_CORPUS_H
#define DK_CORPUS_H

#include "stream.h"

/* The format of corpus operands, set by the options. */
struct dk_corpus_format {
	int json;               /* JSON Lines (--json) */
	const char *idname;     /* the members naming ID and text */
	const char *textname;
	size_t idcol;           /* TSV: the ID's column, from 1 (keep -f) */
};
extern struct dk_corpus_format dk_corpus;
extern unsigned long dk_corpus_blank;   /* blank JSON lines passed over */

/* The options of a program that reads a corpus: listed in its getopt_long
 * table, and said in its option summary. */
#define DK_OPT_JSON 0x1010
#define DK_CORPUS_OPTS \
	{ "json", required_argument, NULL, DK_OPT_JSON }
#define DK_CORPUS_HELP \
	"  --json ID[,TEXT]  the input is JSON Lines, the document's ID and text\n" \
	"                in its members ID and TEXT (default id,text); gzip\n" \
	"                input is read in any format\n"
/* Handles --json; returns 0 for an option that is not one of these. */
int dk_corpus_option(int ch, const char *arg);

typedef struct {
	dk_str id, head, text, raw;
	dk_record rec;
	/* the reader's own */
	dk_buf buf;             /* JSON: the head, then the text */
	dk_buf line;            /* JSON: as a document stream line */
	size_t idlen;
} dk_doc;

/* The start of an operand read by r: inflates it when it is gzip, and
 * recognises a TSV operand as dk_expect(r, accept, reader) does (for a
 * program that also reads signatures, accept says so); with --json, the
 * operand is JSON Lines and DK_KIND_DOC is returned.  Returns the kind. */
unsigned dk_corpus_start(dk_reader *r, unsigned accept, const char *reader);

enum { DK_DOC_TEXT = 1 };       /* flags of dk_corpus_next */

/* The next document of r, its ID checked in dk_input_ids (common/ids.h);
 * with DK_DOC_TEXT its text is taken, else text is left empty: a TSV
 * record whose last field the caller reads itself (signatures), or a
 * record copied whole (keep), for which a JSON object needs no TEXT
 * member.  A TSV record has at least two fields, and idcol. Returns 0 at
 * the end of input. */
int dk_corpus_next(dk_reader *r, dk_doc *d, unsigned flags);
/* The document as a record of a document stream, for a program that
 * takes the fields of one (dkcluster -a): d->rec itself for TSV; for JSON
 * the two fields ID and TEXT, the text @tsv-escaped, in a line of the
 * doc's own (valid until the next document). */
const dk_record *dk_doc_record(dk_doc *d);
void dk_doc_free(dk_doc *d);

#endif

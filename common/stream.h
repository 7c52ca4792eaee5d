/* The stream formats, and their reader and writer.  man/dupkit-formats.5
 * is the same story for users.
 *
 * Every stream is UTF-8 text, one record a line ending in LF (a CR before
 * it is dropped; a missing final newline is accepted; a UTF-8 byte order
 * mark at the start of the stream is skipped), fields separated by TAB,
 * no header line.
 *
 * Document stream    ID [TAB CARRIED]... TAB TEXT
 *     TEXT is escaped as jq's @tsv escapes: \\ \t \n \r; any other
 *     backslash sequence is an error.  TEXT is valid UTF-8, or an error
 *     (dk_record_text).  ID and the carried columns are copied byte for
 *     byte by every program.
 *
 * Signature stream   ID [TAB CARRIED]... TAB SIGS
 *     SIGS   = "" | ITEM *(SP ITEM)
 *     ITEM   = FLAG | SIG "=" COUNT
 *     FLAG   = "!short" | "!chains" | "!probe"
 *              Flags come before any SIG, each once, in any order.
 *              spotsig writes !short before !chains; partition puts
 *              !probe before the flags of the record it copies, and the
 *              readers of its streams find a probe by that first item
 *              (common/ids.c, spotmatch's batch.c).
 *              !short: the document has too few signatures to be matched
 *                      (spotsig -m); it still lists them.
 *              !chains: the document is represented by word chains
 *                      (spotsig --dense), weaker evidence than spot
 *                      signatures; spotmatch --dense-tau holds a pair
 *                      with such a document to a higher bar.  Copied
 *                      with the record by every program that copies it.
 *              !probe: in a keyed stream, the document belongs to another
 *                      key and is here only to be compared (partition).
 *     SIG    = 1*( unreserved byte | "%" HEX HEX )
 *     COUNT  = decimal integer >= 1
 *     Reserved bytes, always written as %XX (upper-case hex): bytes up to
 *     0x20 (controls and space), 0x7F, "!", "%", "=", "\".  Each distinct SIG
 *     appears once.  Producers may reserve more (spotsig writes ":" inside a
 *     word as %3A, since ":" joins the words of a spot signature).
 *
 * Keyed stream       KEY TAB <signature stream record>
 *     KEY has no TAB and starts with a letter naming its producer
 *     (partition, minhash, imatch); its grammar, its writers and its parser
 *     are common/keys.h, which also says how to add a keyed producer.
 *     Records of one key are consecutive, so the stream can be split with
 *     standard tools.
 *
 * Pair stream        ID1 TAB ID2 TAB SIM    (SIM with 6 decimals)
 * Cluster stream     ID TAB CLUSTER
 *
 * Pairs are scored by a similarity measure of common/measure.h, which says
 * how to add one.
 *
 * Lexicon            TERM TAB DF [TAB "!agree"], and one record "!N" TAB N
 *     TERM is written as a SIG; DF is the number of documents holding it, N
 *     the number of documents counted.  Normalised IDF = log(N/DF) / log(N).
 *     "!agree" marks a term the IDF filter keeps whatever its DF (lexicon.h,
 *     agree.h).  A lexicon cut for one IDF range (dklexicon -m --idf) has a
 *     record "!idf" TAB LO:HI after "!N": it serves that range only.  A
 *     lexicon says what made it in a record after "!N" (and "!idf"):
 *     "!q" TAB Q, every term a q-gram of Q characters (dklexicon over
 *     qgram -q Q), or "!w" TAB N, every term N words joined by ":"
 *     (dklexicon -w: 1; over qgram -w N: N); the readers refuse terms of
 *     another kind (lexicon.h).
 *
 * Two checks every reader of these streams makes, written once:
 *   - the kind of a stream is recognised from its first line, and a stream
 *     of the wrong kind (pairs into spotsig, gzip, WARC, JSON Lines) stops
 *     the program at line 1, naming what it saw and what reads it
 *     (common/sniff.h: dk_expect on each operand);
 *   - document IDs are unique: in document and signature streams each ID
 *     once, in keyed streams once within the scope its key gives; a repeat
 *     is an error at the record that repeats it unless --allow-repeated-ids
 *     (common/ids.h: dk_ids_check on each record).
 */
#ifndef DK_STREAM_H
#define DK_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mem.h"

typedef struct {
	char *p;
	size_t n;
} dk_str;

/* ---- reading ---- */

typedef struct dk_reader dk_reader;

/* "-" or NULL is standard input.  Returns NULL with errno set when the file
 * cannot be opened: the caller warns and goes on with status 1. */
dk_reader *dk_reader_open(const char *path);
dk_reader *dk_reader_fd(int fd, const char *name);
void dk_reader_close(dk_reader *r);
/* The operand loop of a filter: fn(r, arg) with a reader on each of the
 * argc paths in turn, or on standard input when argc is 0.  A path that
 * cannot be opened is reported ("prog: PATH: reason") and skipped.  Returns
 * DK_EXIT_OPERAND (1) when an operand could not be opened or read to its
 * end, else 0. */
int dk_each_input(int argc, char **argv, void (*fn)(dk_reader *r, void *arg), void *arg);
/* A reader whose unread bytes start with gzip's magic (1F 8B 08) reads
 * from there on the bytes its members inflate to, one member after the
 * other as gzip -d does; anything else is read as it is.  Called before
 * the first line is read (a corpus operand, common/corpus.h), it waits for
 * three bytes of input.  Damaged or truncated data, or bytes after the
 * last member that are not one, end the program:
 *     prog: FILE: offset N: truncated gzip member            (exit 2)
 * Returns 1 when the reader inflates. */
int dk_reader_gunzip(dk_reader *r);
const char *dk_reader_name(const dk_reader *r);     /* for messages */
unsigned long dk_reader_lineno(const dk_reader *r); /* line last returned */
/* For a program that reads lines ahead and takes them later (threads
 * parse a batch while it is read): from now on dk_reader_lineno, and so
 * every message about r, names line lineno instead of the line last
 * read, until it is called with 0. */
void dk_reader_at(dk_reader *r, unsigned long lineno);
/* A number no other reader of the program has had (from 1), for a cache
 * of what is known of the reader's operand (common/ids: its file). */
unsigned long dk_reader_serial(const dk_reader *r);

/* The longest record (line) a reader returns, in bytes, its CR included
 * (not its LF).  A longer record is skipped, never held whole in memory
 * (its bytes are read and dropped up to its LF), so that one runaway
 * document cannot exhaust memory nor stop the run: the reader warns
 *     prog: FILE:LINE: record longer than N bytes skipped (see --max-record)
 * counts it in dk_records_skipped, and returns the next line (line
 * numbers go on counting the skipped one).  The program processes the
 * rest and ends with status 1 (DK_EXIT_OPERAND), as for an operand it
 * could not read: whatever reader skipped it (an operand, a lexicon,
 * spotmatch's REF, dkcluster -a's list, evaluate's gold), the status 0
 * that main returns becomes 1 in dk_exit_status (another status is kept),
 * so no program has to count them.  dk_out_close says under -v "prog: N records skipped (longer
 * than N bytes)".  dk_reader_peek skips such a record too when it is the
 * first line, so that a stream is recognised by the first line it will
 * give.  Set by --max-record. */
#define DK_MAX_RECORD_DEFAULT ((size_t)64 << 20)
extern size_t dk_max_record;
extern unsigned long dk_records_skipped;
/* Records a program skips by the same policy and counts itself (a page
 * that is not one, a WARC record over the limit, each named as skipped):
 * with dk_records_skipped, they make dk_exit_status's 0 a 1. */
extern unsigned long dk_skips;
int dk_exit_status(int status);         /* every main returns through it */

/* Next line, without LF and a CR before it.  The bytes stay valid and may
 * be modified until the next call.  Returns 0 at end of input; a read error
 * is reported ("prog: FILE: ...") and ends input with dk_reader_error set.
 * A line over dk_max_record is skipped, as said above. */
int dk_read_line(dk_reader *r, dk_str *line);
/* The line last returned as it was read: with its CR and LF, when it had
 * them (valid as long as the line). */
dk_str dk_reader_raw(const dk_reader *r);
int dk_reader_error(const dk_reader *r);
/* The next line and the lines read with it, without consuming them:
 * waits until the first line is there (or DK_PEEK_MAX bytes of it, or the
 * end of input) but reads nothing more, so that a live feed of one record
 * is never held up.  *head is the unread bytes, at most DK_PEEK_MAX of
 * them, their LFs and CRs included; *partial is set unless they reach the
 * end of input, so that bytes after the last LF are a whole line only when
 * it is clear.  Returns 0 at end of input.  For common/sniff. */
#define DK_PEEK_MAX ((size_t)64 << 10)
int dk_reader_peek(dk_reader *r, dk_str *head, int *partial);

/* A line split at TAB. */
typedef struct {
	dk_str line;
	dk_str *f;
	size_t n, cap;
	char *fixed;       /* the text with U+FFFD (dk_record_text) */
	size_t fixedcap;
} dk_record;

/* Next record with at least minfields fields; a shorter one is an error
 * ("prog: FILE:LINE: expected at least N fields"). */
int dk_read_record(dk_reader *r, dk_record *rec, size_t minfields);
/* The record of line (read ahead from r, its bytes kept by the caller)
 * split into rec, as dk_read_record splits the line it reads. */
void dk_record_split(dk_reader *r, dk_record *rec, dk_str line, size_t minfields);
void dk_record_free(dk_record *rec);

/* Undoes @tsv escaping in place.  Returns NULL, or a message for a bad
 * escape. */
const char *dk_unescape(dk_str *s);
/* The last field of a document record, unescaped in place; a bad escape is
 * fatal with FILE:LINE.  In a program that reads document text
 * (dk_cli_init_text: spotsig, qgram, imatch, dklexicon -w) the text must
 * be UTF-8, and an invalid sequence is fatal,
 *     prog: FILE:LINE: invalid UTF-8 in the text (byte 0xE9 at column 12);
 *     a Latin-1 file? convert it (iconv -f latin1 -t utf-8), or give
 *     --replace-invalid
 * (COLUMN counts the bytes of the line as read, from 1), so that a text in
 * another encoding never passes as words broken at each of its accented
 * letters.  With --replace-invalid (dk_text_invalid = DK_INVALID_REPLACE),
 * each maximal subpart of an invalid sequence becomes U+FFFD
 * (dk_utf8_replace), the text is then in rec->fixed (valid until the next
 * read; the last field itself stays in the line, as read),
 * and dk_text_fixed counts the records and sequences replaced (-v says
 * them at dk_out_close).  The ID and carried columns are not checked:
 * they are copied and compared byte for byte, never decoded, and a
 * producer's IDs (file names, URLs) are its own.  Every program that reads
 * document text gets it here.  Left at DK_INVALID_KEEP (its initial
 * value), the bytes are returned as they are: htmlstrip reads HTML in a
 * document stream this way, and finds its charset itself. */
enum { DK_INVALID_KEEP, DK_INVALID_ERROR, DK_INVALID_REPLACE };
extern int dk_text_invalid;
extern struct dk_text_fixed {
	unsigned long records, sequences;
} dk_text_fixed;
dk_str dk_record_text(dk_reader *r, dk_record *rec);

/* ---- signatures ---- */

enum { DK_SIG_SHORT = 1, DK_SIG_PROBE = 2, DK_SIG_CHAINS = 4 };

typedef struct {
	dk_str s;          /* decoded bytes: in the field when it has no
	                    * escape, else in the dk_sigs' arena */
	uint32_t count;
} dk_sig;

typedef struct {
	dk_sig *v;
	size_t n, cap;
	unsigned flags;    /* DK_SIG_SHORT, DK_SIG_PROBE, DK_SIG_CHAINS */
	uint64_t size;     /* sum of counts */
	dk_arena mem;      /* decoded SIGs with escapes, reset by each parse */
} dk_sigs;

/* Undoes the percent-encoding of a SIG in place, from p to end, or with eq
 * up to the first '=' (*eq set to it, or NULL when there is none).
 * Returns the decoded length, -1 for a bad %XX escape, -2 for a reserved
 * byte left unescaped ('=' is one when eq is NULL). */
long dk_sig_decode(char *p, char *end, char **eq);
/* Parses a SIGS field, leaving it intact: out's SIGs point into it, or
 * into out's arena where percent escapes had to be undone; both stay valid
 * until the field changes or the next parse.  Returns NULL, or a message. */
const char *dk_parse_sigs(dk_str field, dk_sigs *out);
/* The last field of a record as signatures; a bad field is fatal. */
void dk_record_sigs(dk_reader *r, const dk_record *rec, dk_sigs *out);
void dk_sigs_free(dk_sigs *s);

/* ---- pairs and clusters ---- */

/* A SIM field: a decimal in [0, 1] ("1", "0.5", "0.656250"), kept in
 * millionths; digits past the sixth are rounded.  Returns NULL or a message. */
const char *dk_parse_sim(dk_str f, uint32_t *micro);

typedef struct {
	dk_str id1, id2;   /* as read: still @tsv-escaped, compared byte for byte */
	int64_t sim;       /* millionths, or -1 when the record has no SIM */
} dk_pair;

/* A pair record: ID1 TAB ID2, optionally TAB SIM.  Returns NULL or a message. */
const char *dk_parse_pair(const dk_record *rec, dk_pair *out);
/* A cluster record: ID TAB CLUSTER.  Returns NULL or a message. */
const char *dk_parse_cluster(const dk_record *rec, dk_str *id, dk_str *cluster);

/* ---- writing ---- */

/* A growable byte buffer.  Threads format into their own and hand them to
 * dk_out_buf in order. */
typedef struct {
	char *p;
	size_t n, cap;
} dk_buf;

void dk_buf_reserve(dk_buf *b, size_t more);
void dk_buf_free(dk_buf *b);
static inline void
dk_buf_bytes(dk_buf *b, const void *p, size_t n)
{
	if (n == 0)         /* p may be NULL then (an absent field) */
		return;
	if (b->cap - b->n < n)
		dk_buf_reserve(b, n);
	memcpy(b->p + b->n, p, n);
	b->n += n;
}
static inline void
dk_buf_char(dk_buf *b, int c)
{
	if (b->n == b->cap)
		dk_buf_reserve(b, 1);
	b->p[b->n++] = (char)c;
}
void dk_buf_str(dk_buf *b, const char *s);
void dk_buf_escaped(dk_buf *b, const char *p, size_t n);  /* @tsv escaping */
void dk_buf_u64(dk_buf *b, uint64_t v);
void dk_buf_sim(dk_buf *b, double sim);                   /* 6 decimals */
/* SIG bytes with the reserved bytes percent-encoded, and extra (if not 0)
 * too. */
void dk_buf_sigtext(dk_buf *b, const char *p, size_t n, int extra);
/* "=COUNT" after a SIG. */
void dk_buf_sigcount(dk_buf *b, uint64_t count);
/* Fields 0 .. n-2 of rec (ID and carried columns), each followed by TAB. */
void dk_buf_head(dk_buf *b, const dk_record *rec);

/* Standard output, buffered.  dk_out is flushed when it grows large, by
 * dk_out_flush, and by dk_out_close, which reports a write error and exits
 * with status 1.  dk_out_close, which every program calls once its input
 * is read, also says under -v what the readers skipped or replaced
 * (dk_records_skipped, dk_text_fixed). */
extern dk_buf dk_out;
void dk_out_flush(void);
void dk_out_maybe_flush(void);
void dk_out_buf(const dk_buf *b);
void dk_out_close(void);

#endif

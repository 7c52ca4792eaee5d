/* gzip members and WARC files (ISO 28500, WARC/1.0 and 1.1), plain or as
 * gzip members: splitting a file into records, their header fields, and
 * the name a record goes by in a document stream.  htmlstrip --warc names
 * the documents it writes by this rule and keep finds the records of a
 * keep list by it, so the two always agree.
 *
 * A record's name:
 *   its WARC-Record-ID without the angle brackets ("urn:uuid:..."), or,
 *   when it has none, its WARC-Target-URI (without angle brackets), one
 *   space and its WARC-Date.  A name holding a byte below 0x20 is damage.
 *
 * Offsets: a plain file is one run of bytes starting at offset 0.  In a
 * gzip file a run is the members from one where no record was left
 * unfinished to the next such place, inflated: a record lies in one run,
 * usually one member of its own (as .warc.gz files are written).  A record
 * is at offset off of the bytes of the run that starts at file offset
 * unit. */
#ifndef DK_WARC_H
#define DK_WARC_H

#include "stream.h"

#include <stddef.h>

int dk_is_gzip(const unsigned char *p, size_t n);
int dk_is_warc(const unsigned char *p, size_t n);

/* Inflates the gzip member at p into out (appended).  Returns NULL, or the
 * reason it is damaged; *used is the compressed length consumed.  out never
 * grows beyond max + 1 bytes: past that the reason is dk_gz_limit.  max is
 * dk_max_record for a record read from the input; a caller inflating again
 * bytes it read once within the limit passes its own. */
extern const char dk_gz_limit[];
const char *dk_gunzip(const unsigned char *p, size_t n, dk_buf *out, size_t *used,
    size_t max);

/* The same, the first skip bytes the member inflates to passed over, not
 * put in out nor held (*skipped: how many there were, skip at most). */
const char *dk_gunzip_from(const unsigned char *p, size_t n, size_t skip, size_t *skipped,
    dk_buf *out, size_t *used, size_t max);

/* The first bytes the gzip data at p inflates to, up to max of them into
 * out, whatever follows (damage, the end of the member): how many. */
size_t dk_gunzip_head(const unsigned char *p, size_t n, unsigned char *out, size_t max);

typedef struct {
	dk_str type, id, uri, date, ctype;  /* values, trimmed; absent: n == 0 */
	const unsigned char *head;          /* the header lines, through the blank one */
	size_t headlen;
	const unsigned char *block;         /* the content block */
	size_t blocklen;
	size_t unit, off, len;  /* len: through the line breaks after the block */
	int gz;                 /* in a gzip member: unit is the member's offset */
} dk_warc_rec;

/* The value of header line "Name: value" (n bytes, no LF) when its name is
 * name (any case), trimmed. */
int dk_warc_field(const char *line, size_t n, const char *name, dk_str *v);
/* End of the header block at p (after its blank line), or NULL. */
const unsigned char *dk_warc_head_end(const unsigned char *p, size_t n);
/* The next value of header field name in head[*pos, headlen) (start with
 * *pos = 0); 0 when there is no more. */
int dk_warc_next_field(const dk_warc_rec *r, size_t *pos, const char *name, dk_str *v);

/* s without the angle brackets around it, if it has them. */
dk_str dk_warc_unbracket(dk_str s);
/* Whether a header value can be a TSV field: no byte below 0x20. */
int dk_warc_value_ok(dk_str s);
/* The record's name into out (cleared first).  Returns NULL, or the reason
 * it has none ("no WARC-Record-ID, WARC-Target-URI or WARC-Date") or a bad
 * one.  *fallback tells whether it was made of URI and date. */
const char *dk_warc_name(const dk_warc_rec *r, dk_buf *out, int *fallback);

/* Reading a whole file in memory.  fn is called for every record in order;
 * it returns NULL, or a reason the record is damaged.  Damage (a record fn
 * refused, a bad record or gzip member) is reported as "prog: NAME: offset
 * N: reason" (N the offset of the record in a plain file, of its member in
 * a gzip one) and counted, and reading goes on with the next record or
 * member; with fatal set the first damage ends the program (exit 2)
 * instead.  A record or gzip member over --max-record is not damage, fatal
 * or not: it is reported as "prog: NAME: offset N: record longer than M
 * bytes skipped (see --max-record)", counted in toolong, and makes the
 * status 1.  It is skipped whole: a plain record by its Content-Length, a
 * gzip member to its end, a record over several members through the
 * member that holds its last byte.  skip, when set, is then told which
 * bytes of the file held it, [from, to): in a plain file the record
 * (to the end of its block, or where reading resumed when it was cut
 * short), in a gzip file from the start of
 * the run that holds its first byte to the end of the member that holds
 * its last, so whole members, some of which may hold records fn was given
 * too.  Each record, and the bytes of the file as they are consumed (a
 * gzip file's compressed bytes, member by member), count for the progress
 * report (common/progress.h). */
typedef struct {
	const char *(*fn)(dk_warc_rec *r, void *arg);
	void (*skip)(size_t from, size_t to, void *arg);
	void *arg;
	int fatal;
	unsigned long damaged;
	unsigned long toolong;  /* records (or members) over --max-record, each
	                         * reported and skipped with status 1 */
	dk_buf gz;              /* inflated bytes, kept for the next file */
	/* a record over the limit running on into the next members: its
	 * bytes still to pass over, the start of its run and its member */
	size_t drop, drop_from, drop_at;
	/* Set when the file is mapped (dk_file) and read once, in order:
	 * its pages behind the record being read are given back as it goes
	 * (madvise), so that a feed of any size is read in flat memory; a
	 * byte looked at again is read from the file again. */
	int release;
	size_t released;        /* bytes given back so far */
} dk_warc_reader;

/* Returns 0, DK_EXIT_OPERAND when a record was over --max-record, or
 * DK_EXIT_INPUT when something was damaged. */
int dk_warc_read(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n);

#endif

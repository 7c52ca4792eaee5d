#include "stream.h"
#include "mem.h"
#include "msg.h"
#include "progress.h"
#include "utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* ---- reading ---- */

/* A gzip file read as the bytes it inflates to (dk_reader_gunzip). */
struct gz {
	z_stream z;
	unsigned char *in;      /* compressed bytes read, in[0, cap) */
	size_t cap;
	int end;                /* the file is read to its end */
	int inside;             /* in a member, not at its end */
	unsigned long long off; /* file offset of the member inflated */
};

struct dk_reader {
	int fd;
	int eof, error;
	char *name;
	char *buf;
	size_t cap;
	size_t start, end;      /* unread bytes are buf[start, end) */
	unsigned long lineno;
	unsigned long at;       /* dk_reader_at: the line messages name, or 0 */
	unsigned long serial;   /* which reader of the program's, from 1 */
	dk_str raw;             /* the line last returned, as read */
	struct gz *gz;          /* set when the input is gzip data */
	int bomdone;            /* skip_bom has looked at the start */
	dk_reader *next, *prev; /* the open readers */
};

/* The open readers.  A program that ends on bad input while reading
 * (dk_die_at, from any depth) exits with them open: close_open_readers,
 * run at exit, closes them, so that every exit path releases what the
 * readers hold, whatever the caller still had in hand. */
static dk_reader *open_readers;

static void
close_open_readers(void)
{
	while (open_readers)
		dk_reader_close(open_readers);
}

/* The fuzz build reads in small chunks, so that short inputs exercise
 * moving and growing the buffer. */
#ifdef DK_READ_CHUNK
#define READ_CHUNK DK_READ_CHUNK
#else
#define READ_CHUNK (256 * 1024)
#endif

dk_reader *
dk_reader_fd(int fd, const char *name)
{
	static int atexit_set;
	static unsigned long serials;
	dk_reader *r = dk_calloc(1, sizeof *r);

	r->fd = fd;
	r->name = dk_strdup(name);
	r->serial = ++serials;
	dk_progress_file(fd);
	r->cap = READ_CHUNK * 2;
	r->buf = dk_malloc(r->cap);
	if (!atexit_set) {
		atexit(close_open_readers);
		atexit_set = 1;
	}
	r->next = open_readers;
	if (open_readers)
		open_readers->prev = r;
	open_readers = r;
	return r;
}

dk_reader *
dk_reader_open(const char *path)
{
	int fd;

	if (!path || strcmp(path, "-") == 0)
		return dk_reader_fd(STDIN_FILENO, "stdin");
	if ((fd = open(path, O_RDONLY)) < 0)
		return NULL;
	return dk_reader_fd(fd, path);
}

void
dk_reader_close(dk_reader *r)
{
	if (!r)
		return;
	if (r->prev)
		r->prev->next = r->next;
	else
		open_readers = r->next;
	if (r->next)
		r->next->prev = r->prev;
	if (r->fd != STDIN_FILENO)
		close(r->fd);
	if (r->gz) {
		inflateEnd(&r->gz->z);
		free(r->gz->in);
		free(r->gz);
	}
	free(r->name);
	free(r->buf);
	free(r);
}

const char *
dk_reader_name(const dk_reader *r)
{
	return r->name;
}

unsigned long
dk_reader_lineno(const dk_reader *r)
{
	return r->at ? r->at : r->lineno;
}

void
dk_reader_at(dk_reader *r, unsigned long lineno)
{
	r->at = lineno;
}

unsigned long
dk_reader_serial(const dk_reader *r)
{
	return r->serial;
}

dk_str
dk_reader_raw(const dk_reader *r)
{
	return r->raw;
}

int
dk_reader_error(const dk_reader *r)
{
	return r->error;
}

/* Up to n bytes of the file into p: how many, 0 at its end, or -1 after a
 * read error (reported, and r->error set). */
static ssize_t
read_file(dk_reader *r, void *p, size_t n)
{
	ssize_t got;

	do
		got = read(r->fd, p, n);
	while (got < 0 && errno == EINTR);
	if (got < 0) {
		dk_warn("%s", r->name);
		r->error = 1;
	}
	if (got > 0)
		dk_progress_input((size_t)got);  /* the file's bytes, as read */
	return got;
}

/* Up to n inflated bytes into p: how many (at least one), or 0 at the end
 * of the file.  Members follow one another, as gzip(1) writes and reads
 * them; damaged or cut short data ends the program (exit 2), since what
 * follows cannot be found again. */
static ssize_t
read_gzip(dk_reader *r, void *p, size_t n)
{
	struct gz *g = r->gz;
	ssize_t got;
	size_t before;
	int rc;

	g->z.next_out = p;
	g->z.avail_out = (uInt)(n > UINT32_MAX ? UINT32_MAX : n);
	before = g->z.avail_out;
	while (g->z.avail_out == before) {
		if (g->z.avail_in == 0) {
			got = g->end ? 0 : read_file(r, g->in, g->cap);
			if (got <= 0) {
				g->end = 1;
				if (g->inside && !r->error)
					dk_diex(DK_EXIT_INPUT, "%s: offset %llu: truncated gzip "
					    "member", r->name, g->off);
				return 0;
			}
			g->z.next_in = g->in;
			g->z.avail_in = (uInt)got;
		}
		if (!g->inside) {
			if (g->z.avail_in < 2 && !g->end) {
				/* a member's magic read in two pieces */
				memmove(g->in, g->z.next_in, g->z.avail_in);
				got = read_file(r, g->in + g->z.avail_in, g->cap - g->z.avail_in);
				if (got > 0)
					g->z.avail_in += (uInt)got;
				else
					g->end = 1;
				g->z.next_in = g->in;
			}
			if (g->z.avail_in < 2 || g->z.next_in[0] != 0x1F || g->z.next_in[1] != 0x8B)
				dk_diex(DK_EXIT_INPUT, "%s: offset %llu: not a gzip member "
				    "(bytes after the last one)", r->name, g->off);
			g->inside = 1;
		}
		got = g->z.avail_in;
		rc = inflate(&g->z, Z_NO_FLUSH);
		g->off += (unsigned long long)(got - g->z.avail_in);
		if (rc == Z_STREAM_END) {
			inflateReset(&g->z);
			g->inside = 0;
		} else if (rc != Z_OK && rc != Z_BUF_ERROR)
			dk_diex(DK_EXIT_INPUT, "%s: damaged gzip data near offset %llu: %s",
			    r->name, g->off, g->z.msg ? g->z.msg : "inflate failed");
	}
	return (ssize_t)(before - g->z.avail_out);
}

/* Reads more input after buf[end]; moves or grows the buffer first so that
 * at least READ_CHUNK bytes are free.  Returns 0 at end of input. */
static int
fill(dk_reader *r)
{
	ssize_t got;

	if (r->eof)
		return 0;
	if (r->start > 0 && r->cap - r->end < READ_CHUNK) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end < READ_CHUNK) {
		r->cap *= 2;
		r->buf = dk_realloc(r->buf, r->cap);
	}
	if (dk_out.n > 0) {
		/* output waiting while the input is idle goes out first, so a
		 * filter in a live pipeline passes each record on when it is
		 * done, at no cost on a busy or a regular input */
		struct pollfd pfd = { r->fd, POLLIN, 0 };

		if (poll(&pfd, 1, 0) == 0)
			dk_out_flush();
	}
	got = r->gz ? read_gzip(r, r->buf + r->end, r->cap - r->end) :
	    read_file(r, r->buf + r->end, r->cap - r->end);
	if (got <= 0) {
		r->eof = 1;
		return 0;
	}
	r->end += (size_t)got;
	return 1;
}

int
dk_reader_gunzip(dk_reader *r)
{
	struct gz *g;
	size_t n;

	if (r->gz || r->lineno > 0)
		return r->gz != NULL;
	while (r->end - r->start < 3 && fill(r))
		;
	n = r->end - r->start;
	if (n < 3 || memcmp(r->buf + r->start, "\x1f\x8b\x08", 3) != 0)
		return 0;
	g = dk_calloc(1, sizeof *g);
	g->cap = n > READ_CHUNK ? n : READ_CHUNK;
	g->in = dk_malloc(g->cap);
	memcpy(g->in, r->buf + r->start, n);
	g->z.next_in = g->in;
	g->z.avail_in = (uInt)n;
	g->end = r->eof;
	if (inflateInit2(&g->z, 16 + MAX_WBITS) != Z_OK)
		dk_diex(DK_EXIT_OPERAND, "zlib: out of memory");
	r->gz = g;
	r->start = r->end = 0;
	r->eof = 0;
	r->bomdone = 0;         /* the mark, if any, is in the inflated text */
	return 1;
}

size_t dk_max_record = DK_MAX_RECORD_DEFAULT;
unsigned long dk_records_skipped;
unsigned long dk_skips;

/* A run that skipped a record ends with status 1 whatever program it is
 * and however it reads (dk_each_input, a lexicon, a REF, a list of its
 * own): each program's main returns through this.  A stage of a job
 * (DK_STAGE set: dkdedup, the scripts of examples/) ends with
 * DK_EXIT_SKIPPED instead, which the job tells from a failure: both would
 * be 1 else. */
int
dk_exit_status(int status)
{
	const char *stage;

	if (status != DK_EXIT_OK || (!dk_records_skipped && !dk_skips))
		return status;
	stage = getenv("DK_STAGE");
	return stage && *stage ? DK_EXIT_SKIPPED : DK_EXIT_OPERAND;
}

/* The record at r->start is over dk_max_record: drops its bytes up to its
 * LF (or the end of input), a buffer at a time, and says so. */
static void
skip_record(dk_reader *r, char *nl)
{
	while (!nl) {
		r->start = r->end = 0;          /* nothing of it is kept */
		if (!fill(r))
			break;
		nl = memchr(r->buf, '\n', r->end);
	}
	if (nl)
		r->start = (size_t)(nl - r->buf) + 1;
	r->lineno++;
	dk_records_skipped++;
	dk_warn_at(r->name, r->lineno, "record longer than %zu bytes skipped (see --max-record)",
	    dk_max_record);
}

/* A UTF-8 byte order mark at the start of the stream (after gunzip),
 * which editors and spreadsheets write, is not text: it is skipped, once,
 * before the first line is looked at, so that the first ID is the ID. */
static void
skip_bom(dk_reader *r)
{
	if (r->bomdone)
		return;
	r->bomdone = 1;
	while (r->end - r->start < 3 && fill(r))
		;
	if (r->end - r->start >= 3 && memcmp(r->buf + r->start, "\xEF\xBB\xBF", 3) == 0)
		r->start += 3;
}

int
dk_read_line(dk_reader *r, dk_str *line)
{
	size_t scanned;
	char *nl;

	if (r->lineno == 0)
		skip_bom(r);
next:
	scanned = r->start;
	for (;;) {
		nl = memchr(r->buf + scanned, '\n', r->end - scanned);
		if (nl)
			break;
		scanned = r->end - r->start;   /* offsets survive a move */
		if (scanned > dk_max_record) {
			skip_record(r, NULL);
			goto next;
		}
		if (!fill(r)) {
			if (r->start == r->end)
				return 0;
			nl = r->buf + r->end;   /* last line, no newline */
			break;
		}
		scanned += r->start;
	}
	line->p = r->buf + r->start;
	line->n = (size_t)(nl - line->p);
	if (line->n > dk_max_record) {
		skip_record(r, nl < r->buf + r->end ? nl : NULL);
		goto next;
	}
	r->start = nl - r->buf + (nl < r->buf + r->end);
	r->raw.p = line->p;
	r->raw.n = r->buf + r->start - line->p;
	if (line->n > 0 && line->p[line->n - 1] == '\r')
		line->n--;
	r->lineno++;
	dk_progress_records++;
	return 1;
}

int
dk_reader_peek(dk_reader *r, dk_str *head, int *partial)
{
	size_t avail;
	char *nl;

	/* Reads until the first line is complete, as dk_read_line would,
	 * but no further: the lines after it are those read with it.  A
	 * first line known to be over dk_max_record is skipped as
	 * dk_read_line would skip it, and the next looked at. */
	if (r->lineno == 0)
		skip_bom(r);
	for (;;) {
		while (!(nl = memchr(r->buf + r->start, '\n', r->end - r->start)) &&
		    r->end - r->start < DK_PEEK_MAX)
			if (!fill(r))
				break;
		if ((size_t)((nl ? nl : r->buf + r->end) - (r->buf + r->start)) <= dk_max_record)
			break;
		skip_record(r, nl);
	}
	avail = r->end - r->start;
	if (avail == 0)
		return 0;
	head->p = r->buf + r->start;
	head->n = avail < DK_PEEK_MAX ? avail : DK_PEEK_MAX;
	*partial = !(r->eof && avail <= DK_PEEK_MAX);
	return 1;
}

int
dk_read_record(dk_reader *r, dk_record *rec, size_t minfields)
{
	dk_str line;

	if (!dk_read_line(r, &line))
		return 0;
	dk_record_split(r, rec, line, minfields);
	return 1;
}

void
dk_record_split(dk_reader *r, dk_record *rec, dk_str line, size_t minfields)
{
	char *p, *end, *tab;

	rec->line = line;
	p = rec->line.p;
	end = p + rec->line.n;
	rec->n = 0;
	for (;;) {
		tab = memchr(p, '\t', (size_t)(end - p));
		if (rec->n == rec->cap) {
			rec->cap = rec->cap ? rec->cap * 2 : 8;
			rec->f = dk_reallocarray(rec->f, rec->cap, sizeof *rec->f);
		}
		rec->f[rec->n].p = p;
		rec->f[rec->n].n = (size_t)((tab ? tab : end) - p);
		rec->n++;
		if (!tab)
			break;
		p = tab + 1;
	}
	if (rec->n < minfields)
		dk_die_at(r->name, dk_reader_lineno(r), "expected at least %zu tab-separated fields, found %zu",
		    minfields, rec->n);
}

void
dk_record_free(dk_record *rec)
{
	free(rec->f);
	free(rec->fixed);
	rec->f = NULL;
	rec->fixed = NULL;
	rec->n = rec->cap = rec->fixedcap = 0;
}

const char *
dk_unescape(dk_str *s)
{
	char *in, *out, *end = s->p + s->n;

	in = memchr(s->p, '\\', s->n);
	if (!in)
		return NULL;
	for (out = in; in < end; in++) {
		/* eight bytes a step up to the next backslash: out is never
		 * ahead of in, so a store overwrites only bytes read */
		while (end - in >= 8) {
			uint64_t x, y;

			memcpy(&x, in, 8);
			y = x ^ 0x5c5c5c5c5c5c5c5cULL;  /* '\\' bytes are 0 */
			if ((y - 0x0101010101010101ULL) & ~y & 0x8080808080808080ULL)
				break;
			memcpy(out, &x, 8);
			in += 8;
			out += 8;
		}
		if (in == end)
			break;
		if (*in != '\\') {
			*out++ = *in;
			continue;
		}
		if (++in == end)
			return "backslash at end of field";
		switch (*in) {
		case '\\': *out++ = '\\'; break;
		case 't': *out++ = '\t'; break;
		case 'n': *out++ = '\n'; break;
		case 'r': *out++ = '\r'; break;
		default:
			return "invalid escape (only \\\\ \\t \\n \\r are allowed)";
		}
	}
	s->n = (size_t)(out - s->p);
	return NULL;
}

int dk_text_invalid = DK_INVALID_KEEP;
struct dk_text_fixed dk_text_fixed;

/* The text field has invalid UTF-8 from byte ok on: an error, or the
 * text with U+FFFD in rec->fixed (the field stays where it is, in the
 * line, as callers measure the columns before it from it).  Checked
 * before unescaping (the escapes are ASCII, which never continues a
 * sequence, so the field is valid exactly when the text is), so that the
 * column is the line's. */
static dk_str
invalid_text(dk_reader *r, dk_record *rec, size_t ok)
{
	const dk_str *f = &rec->f[rec->n - 1];
	dk_str t;
	const char *msg;

	if (dk_text_invalid == DK_INVALID_ERROR)
		dk_die_at(r->name, dk_reader_lineno(r), "invalid UTF-8 in the text (byte 0x%02X at "
		    "column %zu); a Latin-1 file? convert it (iconv -f latin1 -t utf-8), "
		    "or give --replace-invalid", (unsigned char)f->p[ok],
		    (size_t)(f->p - rec->line.p) + ok + 1);
	if (rec->fixedcap / 3 < f->n) {
		rec->fixedcap = f->n * 3;
		free(rec->fixed);
		rec->fixed = dk_malloc(rec->fixedcap);
	}
	dk_text_fixed.records++;
	dk_text_fixed.sequences += dk_utf8_replace(f->p, f->n, rec->fixed, &t.n);
	t.p = rec->fixed;
	if ((msg = dk_unescape(&t)) != NULL)
		dk_die_at(r->name, dk_reader_lineno(r), "%s", msg);
	return t;
}

dk_str
dk_record_text(dk_reader *r, dk_record *rec)
{
	dk_str *f = &rec->f[rec->n - 1];
	size_t ok = dk_text_invalid == DK_INVALID_KEEP ? f->n : dk_utf8_valid_prefix(f->p, f->n);
	const char *msg;

	if (ok < f->n)
		return invalid_text(r, rec, ok);
	if ((msg = dk_unescape(f)) != NULL)
		dk_die_at(r->name, dk_reader_lineno(r), "%s", msg);
	return *f;
}

/* ---- signatures ---- */

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Decodes SIG bytes p..end into out (which may be p), or with out NULL
 * only checks them (they hold no escape): the length, or -1 for a bad %XX
 * escape, -2 for a reserved byte left unescaped. */
static long
decode(const char *p, const char *end, char *out)
{
	const char *start = p;
	char *o = out;

	for (; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '%') {
			int hi, lo;

			if (!out || end - p < 3 || (hi = hexval(p[1])) < 0 ||
			    (lo = hexval(p[2])) < 0)
				return -1;
			*o++ = (char)(hi << 4 | lo);
			p += 2;
		} else if (c <= 0x20 || c == 0x7f || c == '!' || c == '=' || c == '\\')
			return -2;
		else if (out)
			*o++ = (char)c;
	}
	return out ? (long)(o - out) : (long)(p - start);
}

long
dk_sig_decode(char *p, char *end, char **eq)
{
	char *e = end;

	if (eq) {
		*eq = memchr(p, '=', (size_t)(end - p));
		if (*eq)
			e = *eq;
	}
	return decode(p, e, p);
}

/* One SIG=COUNT item of p..end.  A SIG without escapes is left where it
 * is; one with escapes is decoded into out's arena, which has room for
 * the whole field (*room, allocated at the first escape of the field). */
static const char *
parse_item(char *p, char *end, dk_sig *sig, dk_sigs *out, size_t fieldn, char **room)
{
	char *eq = memchr(p, '=', (size_t)(end - p)), *q, *name = p;
	uint64_t count = 0;
	long n;

	if (!eq)
		eq = end;
	if (memchr(p, '%', (size_t)(eq - p))) {
		if (!*room)
			*room = dk_arena_alloc(&out->mem, fieldn);
		name = *room;
		n = decode(p, eq, name);
	} else
		n = decode(p, eq, NULL);
	if (n == -1)
		return "bad %XX escape in signature";
	if (n == -2)
		return "unescaped reserved byte in signature";
	if (eq == end)
		return "signature without =COUNT";
	if (n == 0)
		return "empty signature";
	if (eq + 1 == end)
		return "signature with empty count";
	for (q = eq + 1; q < end; q++) {
		if (*q < '0' || *q > '9')
			return "signature count is not a number";
		count = count * 10 + (uint64_t)(*q - '0');
		if (count > UINT32_MAX)
			return "signature count too large";
	}
	if (count == 0)
		return "signature count is 0";
	if (name != p)
		*room += n;
	sig->s.p = name;
	sig->s.n = (size_t)n;
	sig->count = (uint32_t)count;
	return NULL;
}

/* Bytes that end a SIG or make it one parse_item must look at, by value:
 * the reserved ones (below 0x21, '!', '\\', 0x7f), '%' and '='. */
static const unsigned char sig_stop[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* The usual item, SIG=COUNT without escapes, taken in one pass: the end of
 * the item (end or a space), or NULL for anything else, which parse_item
 * then takes (and words the error of). */
static inline char *
plain_item(char *p, char *end, dk_sig *sig)
{
	char *q = p, *r;
	uint64_t count = 0;

	while (q < end && !sig_stop[(unsigned char)*q])
		q++;
	if (q == p || q == end || *q != '=')
		return NULL;
	for (r = q + 1; r < end && *r >= '0' && *r <= '9' && count <= UINT32_MAX; r++)
		count = count * 10 + (uint64_t)(*r - '0');
	if (r == q + 1 || count == 0 || count > UINT32_MAX || (r < end && *r != ' '))
		return NULL;
	sig->s.p = p;
	sig->s.n = (size_t)(q - p);
	sig->count = (uint32_t)count;
	return r;
}

const char *
dk_parse_sigs(dk_str field, dk_sigs *out)
{
	char *p = field.p, *end, *sp, *room = NULL;
	const char *msg;
	unsigned flag;

	out->n = 0;
	out->flags = 0;
	out->size = 0;
	dk_arena_reset(&out->mem);
	if (field.n == 0)
		return NULL;       /* field.p may be NULL then */
	end = p + field.n;
	for (;; p = sp + 1) {
		if (out->n < out->cap && (sp = plain_item(p, end, &out->v[out->n])) != NULL) {
			out->size += out->v[out->n].count;
			out->n++;
			if (sp == end)
				break;
			continue;
		}
		sp = memchr(p, ' ', (size_t)(end - p));
		if (!sp)
			sp = end;
		if (sp == p)
			return "empty item in signature list (double or edge space)";
		if (*p == '!') {
			if (out->n > 0)
				return "flag after a signature";
			if (sp - p == 6 && memcmp(p, "!short", 6) == 0)
				flag = DK_SIG_SHORT;
			else if (sp - p == 6 && memcmp(p, "!probe", 6) == 0)
				flag = DK_SIG_PROBE;
			else if (sp - p == 7 && memcmp(p, "!chains", 7) == 0)
				flag = DK_SIG_CHAINS;
			else
				return "unknown flag in signature list";
			if (out->flags & flag)
				return "flag listed twice in signature list";
			out->flags |= flag;
		} else {
			if (out->n == out->cap) {
				out->cap = out->cap ? out->cap * 2 : 32;
				out->v = dk_reallocarray(out->v, out->cap, sizeof *out->v);
			}
			if ((msg = parse_item(p, sp, &out->v[out->n], out, field.n, &room)) != NULL)
				return msg;
			out->size += out->v[out->n].count;
			out->n++;
		}
		if (sp == end)
			break;
	}
	return NULL;
}

void
dk_record_sigs(dk_reader *r, const dk_record *rec, dk_sigs *out)
{
	const char *msg = dk_parse_sigs(rec->f[rec->n - 1], out);

	if (msg)
		dk_die_at(r->name, dk_reader_lineno(r), "%s", msg);
}

void
dk_sigs_free(dk_sigs *s)
{
	free(s->v);
	dk_arena_free(&s->mem);
	memset(s, 0, sizeof *s);
}

int
dk_each_input(int argc, char **argv, void (*fn)(dk_reader *r, void *arg), void *arg)
{
	dk_reader *r;
	int i, status = 0;

	dk_progress_operands(argc, argv);
	for (i = 0; i == 0 || i < argc; i++) {
		const char *path = argc ? argv[i] : "-";

		if ((r = dk_reader_open(path)) == NULL) {
			dk_warn("%s", path);
			status = DK_EXIT_OPERAND;
			continue;
		}
		fn(r, arg);
		if (dk_reader_error(r))
			status = DK_EXIT_OPERAND;
		dk_reader_close(r);
	}
	return status;
}

/* ---- pairs and clusters ---- */

const char *
dk_parse_sim(dk_str f, uint32_t *micro)
{
	static const uint32_t place[6] = { 100000, 10000, 1000, 100, 10, 1 };
	uint64_t v = 0;
	size_t i = 0, nd = 0;
	int up = 0;

	if (f.n == 0)
		return "empty SIM";
	if (f.p[0] == '1')
		v = 1000000, i = 1;
	else if (f.p[0] == '0')
		i = 1;
	if (i < f.n && f.p[i] == '.') {
		for (i++; i < f.n && f.p[i] >= '0' && f.p[i] <= '9'; i++, nd++) {
			if (nd < 6)
				v += (uint64_t)(f.p[i] - '0') * place[nd];
			else if (nd == 6)
				up = f.p[i] >= '5';
		}
		if (nd == 0 && i == 1)
			return "SIM is not a number in [0, 1]";
	}
	if (i == 0 || i != f.n)
		return "SIM is not a number in [0, 1]";
	v += (uint64_t)up;
	if (v > 1000000)
		return "SIM is greater than 1";
	*micro = (uint32_t)v;
	return NULL;
}

const char *
dk_parse_pair(const dk_record *rec, dk_pair *out)
{
	uint32_t micro;
	const char *msg;

	if (rec->n < 2 || rec->n > 3)
		return "expected ID1 TAB ID2 TAB SIM";
	if (rec->f[0].n == 0 || rec->f[1].n == 0)
		return "empty ID";
	if (memchr(rec->f[0].p, 0, rec->f[0].n) || memchr(rec->f[1].p, 0, rec->f[1].n))
		return "NUL byte in an ID";
	out->id1 = rec->f[0];
	out->id2 = rec->f[1];
	out->sim = -1;
	if (rec->n == 3) {
		if ((msg = dk_parse_sim(rec->f[2], &micro)) != NULL)
			return msg;
		out->sim = micro;
	}
	return NULL;
}

const char *
dk_parse_cluster(const dk_record *rec, dk_str *id, dk_str *cluster)
{
	if (rec->n != 2)
		return "expected ID TAB CLUSTER";
	if (rec->f[0].n == 0)
		return "empty ID";
	if (rec->f[1].n == 0)
		return "empty CLUSTER";
	if (memchr(rec->f[0].p, 0, rec->f[0].n) || memchr(rec->f[1].p, 0, rec->f[1].n))
		return "NUL byte in an ID";
	*id = rec->f[0];
	*cluster = rec->f[1];
	return NULL;
}

/* ---- writing ---- */

void
dk_buf_reserve(dk_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;

	if (b->cap - b->n >= more)
		return;
	while (cap - b->n < more) {
		if (cap > SIZE_MAX / 2)
			dk_diex(DK_EXIT_OPERAND, "out of memory");
		cap *= 2;
	}
	b->p = dk_realloc(b->p, cap);
	b->cap = cap;
}

void
dk_buf_free(dk_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

void
dk_buf_str(dk_buf *b, const char *s)
{
	dk_buf_bytes(b, s, strlen(s));
}

void
dk_buf_escaped(dk_buf *b, const char *p, size_t n)
{
	const char *end = p + n, *run = p;
	char esc;

	dk_buf_reserve(b, n);
	for (; p < end; p++) {
		switch (*p) {
		case '\\': esc = '\\'; break;
		case '\t': esc = 't'; break;
		case '\n': esc = 'n'; break;
		case '\r': esc = 'r'; break;
		default: continue;
		}
		dk_buf_bytes(b, run, (size_t)(p - run));
		dk_buf_char(b, '\\');
		dk_buf_char(b, esc);
		run = p + 1;
	}
	dk_buf_bytes(b, run, (size_t)(end - run));
}

void
dk_buf_u64(dk_buf *b, uint64_t v)
{
	char tmp[20];
	int i = 20;

	do
		tmp[--i] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	dk_buf_bytes(b, tmp + i, (size_t)(20 - i));
}

void
dk_buf_sim(dk_buf *b, double sim)
{
	uint64_t micro;
	char tmp[8];
	int i;

	if (!(sim > 0))
		sim = 0;
	if (sim > 1)
		sim = 1;
	micro = (uint64_t)(sim * 1e6 + 0.5);
	dk_buf_char(b, micro >= 1000000 ? '1' : '0');
	micro %= 1000000;
	tmp[0] = '.';
	for (i = 6; i >= 1; i--, micro /= 10)
		tmp[i] = (char)('0' + micro % 10);
	dk_buf_bytes(b, tmp, 7);
}

static const char hexdig[] = "0123456789ABCDEF";

void
dk_buf_sigtext(dk_buf *b, const char *p, size_t n, int extra)
{
	const char *end = p + n;

	dk_buf_reserve(b, n);
	for (; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c <= 0x20 || c == 0x7f || c == '!' || c == '%' || c == '=' ||
		    c == '\\' || (extra && c == extra)) {
			char e[3] = { '%', hexdig[c >> 4], hexdig[c & 15] };

			dk_buf_bytes(b, e, 3);
		} else
			dk_buf_char(b, c);
	}
}

void
dk_buf_sigcount(dk_buf *b, uint64_t count)
{
	dk_buf_char(b, '=');
	dk_buf_u64(b, count);
}

void
dk_buf_head(dk_buf *b, const dk_record *rec)
{
	size_t i;

	for (i = 0; i + 1 < rec->n; i++) {
		dk_buf_bytes(b, rec->f[i].p, rec->f[i].n);
		dk_buf_char(b, '\t');
	}
}

dk_buf dk_out;

void
dk_out_flush(void)
{
	size_t off = 0;
	ssize_t w;

	while (off < dk_out.n) {
		w = write(STDOUT_FILENO, dk_out.p + off, dk_out.n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			dk_die(DK_EXIT_OPERAND, "write error on stdout");
		off += (size_t)w;
	}
	dk_out.n = 0;
}

void
dk_out_maybe_flush(void)
{
	if (dk_out.n >= 64 * 1024)
		dk_out_flush();
}

void
dk_out_buf(const dk_buf *b)
{
	if (dk_out.n + b->n > 64 * 1024)
		dk_out_flush();
	if (b->n >= 64 * 1024) {
		dk_buf tmp = dk_out;

		dk_out = *b;
		dk_out_flush();
		dk_out = tmp;
		return;
	}
	dk_buf_bytes(&dk_out, b->p, b->n);
}

/* Under -v, what the readers skipped or replaced. */
static void
input_notes(void)
{
	if (!dk_verbose)
		return;
	if (dk_records_skipped)
		dk_note("%lu record%s skipped (longer than %zu bytes)", dk_records_skipped,
		    dk_records_skipped == 1 ? "" : "s", dk_max_record);
	if (dk_text_invalid == DK_INVALID_REPLACE)
		dk_note("%lu invalid UTF-8 sequence%s replaced by U+FFFD in %lu record%s",
		    dk_text_fixed.sequences, dk_text_fixed.sequences == 1 ? "" : "s",
		    dk_text_fixed.records, dk_text_fixed.records == 1 ? "" : "s");
}

void
dk_out_close(void)
{
	input_notes();
	dk_out_flush();
	dk_buf_free(&dk_out);
	if (fflush(stdout) != 0 || ferror(stdout))
		dk_die(DK_EXIT_OPERAND, "write error on stdout");
}

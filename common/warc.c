/* gzip members and WARC records; see warc.h.  A damaged member or record is
 * reported with its offset and skipped, or ends the program for a reader
 * that asks so. */
#define _GNU_SOURCE     /* memmem */
#include "warc.h"
#include "mem.h"
#include "msg.h"
#include "progress.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

int
dk_is_gzip(const unsigned char *p, size_t n)
{
	return n >= 3 && p[0] == 0x1F && p[1] == 0x8B && p[2] == 8;
}

int
dk_is_warc(const unsigned char *p, size_t n)
{
	return n >= 8 && (memcmp(p, "WARC/1.0", 8) == 0 || memcmp(p, "WARC/1.1", 8) == 0);
}

const char dk_gz_limit[] = "gzip member inflates beyond the record limit (see --max-record)";
static const char dk_warc_limit[] = "WARC record longer than the record limit (see --max-record)";

const char *
dk_gunzip(const unsigned char *p, size_t n, dk_buf *out, size_t *used)
{
	return dk_gunzip_max(p, n, out, used, dk_max_record);
}

const char *
dk_gunzip_max(const unsigned char *p, size_t n, dk_buf *out, size_t *used, size_t max)
{
	z_stream z;
	size_t room;
	int rc;

	if (out->n > max)
		return dk_gz_limit;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		dk_diex(DK_EXIT_OPERAND, "zlib: out of memory");
	z.next_in = (unsigned char *)p;
	do {
		dk_buf_reserve(out, 256 * 1024);
		z.next_out = (unsigned char *)out->p + out->n;
		/* At most one byte beyond the limit, to tell that it is
		 * passed. */
		room = out->cap - out->n;
		if (out->n + room > max + 1)
			room = max + 1 - out->n;
		z.avail_out = (uInt)(room > UINT32_MAX ? UINT32_MAX : room);
		z.avail_in = (uInt)(n - z.total_in > UINT32_MAX ? UINT32_MAX : n - z.total_in);
		rc = inflate(&z, Z_NO_FLUSH);
		out->n = (size_t)((char *)z.next_out - out->p);
	} while (rc == Z_OK && out->n <= max);
	*used = z.total_in;
	inflateEnd(&z);
	if (rc == Z_OK)
		return dk_gz_limit;
	if (rc == Z_STREAM_END)
		return NULL;
	if (rc == Z_BUF_ERROR)
		return "truncated gzip member";
	return z.msg ? z.msg : "damaged gzip member";
}

size_t
dk_gunzip_head(const unsigned char *p, size_t n, unsigned char *out, size_t max)
{
	z_stream z;
	size_t got;

	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		dk_diex(DK_EXIT_OPERAND, "zlib: out of memory");
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)(n > UINT32_MAX ? UINT32_MAX : n);
	z.next_out = out;
	z.avail_out = (uInt)max;
	while (z.avail_out > 0 && inflate(&z, Z_NO_FLUSH) == Z_OK)
		;
	got = max - z.avail_out;
	inflateEnd(&z);
	return got;
}

/* ---- records ---- */

#define HEADMAX (1024 * 1024)

int
dk_warc_field(const char *line, size_t n, const char *name, dk_str *v)
{
	size_t len = strlen(name);

	if (n <= len || line[len] != ':' || strncasecmp(line, name, len) != 0)
		return 0;
	for (line += len + 1, n -= len + 1; n > 0 && (*line == ' ' || *line == '\t'); line++, n--)
		;
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		n--;
	v->p = (char *)line;
	v->n = n;
	return 1;
}

const unsigned char *
dk_warc_head_end(const unsigned char *p, size_t n)
{
	const unsigned char *q = p, *end = p + n;

	while ((q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
		q++;
		if (q < end && *q == '\n')
			return q + 1;
		if (end - q >= 2 && q[0] == '\r' && q[1] == '\n')
			return q + 2;
	}
	return NULL;
}

int
dk_warc_next_field(const dk_warc_rec *r, size_t *pos, const char *name, dk_str *v)
{
	const unsigned char *line, *nl, *end = r->head + r->headlen;

	for (line = r->head + *pos; line < end; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		*pos = (size_t)(nl - r->head) + 1;
		if (dk_warc_field((const char *)line, (size_t)(nl - line), name, v))
			return 1;
	}
	*pos = r->headlen;
	return 0;
}

dk_str
dk_warc_unbracket(dk_str s)
{
	if (s.n >= 2 && s.p[0] == '<' && s.p[s.n - 1] == '>') {
		s.p++;
		s.n -= 2;
	}
	return s;
}

int
dk_warc_value_ok(dk_str s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if ((unsigned char)s.p[i] < 0x20)
			return 0;
	return 1;
}

const char *
dk_warc_name(const dk_warc_rec *r, dk_buf *out, int *fallback)
{
	dk_str id = dk_warc_unbracket(r->id), uri = dk_warc_unbracket(r->uri);

	out->n = 0;
	*fallback = id.n == 0;
	if (id.n) {
		if (!dk_warc_value_ok(id))
			return "bad WARC-Record-ID";
		dk_buf_bytes(out, id.p, id.n);
		return NULL;
	}
	if (!uri.n || !r->date.n)
		return "no WARC-Record-ID, WARC-Target-URI or WARC-Date";
	if (!dk_warc_value_ok(uri) || !dk_warc_value_ok(r->date))
		return "bad WARC-Target-URI or WARC-Date";
	dk_buf_bytes(out, uri.p, uri.n);
	dk_buf_char(out, ' ');
	dk_buf_bytes(out, r->date.p, r->date.n);
	return NULL;
}

/* The record at p: its length through the line breaks after it, or 0 when
 * more input is needed (never when final), or 0 with *why set. */
static size_t
parse_record(const unsigned char *p, size_t n, int final, dk_warc_rec *r,
    const char **why)
{
	const unsigned char *he = dk_warc_head_end(p, n < HEADMAX ? n : HEADMAX), *line, *nl;
	unsigned long long len = 0;
	dk_str clen = { NULL, 0 };
	const char *l;
	char *e;
	size_t k;

	*why = NULL;
	memset(r, 0, sizeof *r);
	if (n < 8 || !dk_is_warc(p, n)) {
		*why = final || n >= 8 ? "not a WARC record" : NULL;
		return 0;
	}
	if (!he) {
		*why = final || n >= HEADMAX ? "truncated WARC record header" : NULL;
		return 0;
	}
	for (line = p; line < he; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(he - line));
		k = (size_t)(nl - line);
		l = (const char *)line;
		if (line > p && dk_is_warc(line, k)) {
			*why = "truncated WARC record header";
			return 0;
		}
		if (!dk_warc_field(l, k, "WARC-Type", &r->type) &&
		    !dk_warc_field(l, k, "WARC-Record-ID", &r->id) &&
		    !dk_warc_field(l, k, "WARC-Target-URI", &r->uri) &&
		    !dk_warc_field(l, k, "WARC-Date", &r->date) &&
		    !dk_warc_field(l, k, "Content-Type", &r->ctype))
			dk_warc_field(l, k, "Content-Length", &clen);
	}
	if (clen.n == 0 || clen.n > 19 || (len = strtoull(clen.p, &e, 10), e != clen.p + clen.n)) {
		*why = "missing or bad Content-Length";
		return 0;
	}
	if (len > dk_max_record) {
		*why = dk_warc_limit;
		return 0;
	}
	if (len > n - (size_t)(he - p)) {
		*why = final ? "truncated WARC record" : NULL;
		return 0;
	}
	r->head = p;
	r->headlen = (size_t)(he - p);
	r->block = he;
	r->blocklen = (size_t)len;
	for (line = he + len; line < p + n && (*line == '\r' || *line == '\n') &&
	    line < he + len + 4; line++)
		;
	return r->len = (size_t)(line - p);
}

/* Damage, or a record over --max-record: skipped, and status 1, unless
 * the reader is fatal. */
static void
damaged(dk_warc_reader *w, const char *name, size_t off, const char *why, int *status)
{
	if (!w->fatal && (why == dk_gz_limit || why == dk_warc_limit)) {
		dk_warnx("%s: offset %zu: record longer than %zu bytes skipped (see --max-record)",
		    name, off, dk_max_record);
		w->toolong++;
		if (*status < DK_EXIT_OPERAND)
			*status = DK_EXIT_OPERAND;
		return;
	}
	if (w->fatal)
		dk_diex(DK_EXIT_INPUT, "%s: offset %zu: %s", name, off, why);
	dk_warnx("%s: offset %zu: %s", name, off, why);
	w->damaged++;
	*status = DK_EXIT_INPUT;
}

/* The next "WARC/1.x" at the start of a line after p, or NULL. */
static const unsigned char *
resync(const unsigned char *p, const unsigned char *end)
{
	while (p < end && (p = memmem(p, (size_t)(end - p), "\nWARC/1.", 8)) != NULL) {
		if (dk_is_warc(p + 1, (size_t)(end - p - 1)))
			return p + 1;
		p++;
	}
	return NULL;
}

/* Where the bytes being split lie: for messages, base (a gzip member's
 * offset, or 0 for a plain file whose records are reported at their own);
 * for records, the run at file offset unit, of which done bytes went
 * before p. */
struct place {
	size_t base, unit, done;
	int gz;
};

/* The complete records in p[0, n); returns the bytes used.  Each record
 * counts for the progress report, and in a plain file its bytes with it
 * (a gzip file's are counted by members). */
static size_t
records(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n,
    int final, const struct place *at, int *status)
{
	const unsigned char *q;
	size_t off = 0, len, counted = 0;
	dk_warc_rec r;
	const char *why;

	for (;;) {
		while (off < n && (p[off] == '\r' || p[off] == '\n'))
			off++;
		if (off == n)
			break;
		if ((len = parse_record(p + off, n - off, final, &r, &why)) != 0) {
			r.unit = at->unit;
			r.off = at->done + off;
			r.gz = at->gz;
			dk_progress_records++;
			if (!at->gz)
				dk_progress_input(off + len - counted), counted = off + len;
			if ((why = w->fn(&r, w->arg)) != NULL)
				damaged(w, name, at->base + (at->gz ? 0 : off), why, status);
			off += len;
			continue;
		}
		if (!why)
			break;
		damaged(w, name, at->base + (at->gz ? 0 : off), why, status);
		q = resync(p + off, p + n);
		off = q ? (size_t)(q - p) : n;
	}
	if (!at->gz && off > counted)
		dk_progress_input(off - counted);
	return off;
}

static int
gzip_records(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n)
{
	const unsigned char *q;
	struct place at = { 0, 0, 0, 1 };
	size_t pos = 0, used, done, was;
	const char *why;
	int status = 0;

	w->gz.n = 0;
	/* each member, or the damaged bytes skipped, counts for progress */
	for (; pos < n; dk_progress_input(pos - was)) {
		was = pos;
		if (w->gz.n == 0)       /* a new run starts with this member */
			at.unit = pos, at.done = 0;
		why = dk_is_gzip(p + pos, n - pos) ? dk_gunzip(p + pos, n - pos, &w->gz, &used) :
		    "not a gzip member";
		if (why) {
			/* The member is lost, and with it any record it
			 * ended; the next member starts afresh. */
			damaged(w, name, pos, why, &status);
			w->gz.n = 0;
			q = memmem(p + pos + 1, n - pos - 1, "\x1f\x8b\x08", 3);
			pos = q ? (size_t)(q - p) : n;
			continue;
		}
		at.base = pos;
		done = records(w, name, (unsigned char *)w->gz.p, w->gz.n, 0, &at, &status);
		memmove(w->gz.p, w->gz.p + done, w->gz.n - done);
		w->gz.n -= done;
		at.done += done;
		pos += used;
	}
	at.base = n;
	if (w->gz.n)
		records(w, name, (unsigned char *)w->gz.p, w->gz.n, 1, &at, &status);
	return status;
}

int
dk_warc_read(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n)
{
	struct place at = { 0, 0, 0, 0 };
	int status = 0;

	if (dk_is_gzip(p, n))
		return gzip_records(w, name, p, n);
	records(w, name, p, n, 1, &at, &status);
	return status;
}

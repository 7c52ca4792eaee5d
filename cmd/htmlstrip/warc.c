/* gzip members and WARC records.  A damaged member or record is reported
 * with its offset and skipped; reading goes on with the next one. */
#include "htmlstrip.h"

#include <ctype.h>
#include <stdlib.h>
#include <strings.h>
#include <zlib.h>

int
hs_is_gzip(const unsigned char *p, size_t n)
{
	return n >= 3 && p[0] == 0x1F && p[1] == 0x8B && p[2] == 8;
}

int
hs_is_warc(const unsigned char *p, size_t n)
{
	return n >= 8 && (memcmp(p, "WARC/1.0", 8) == 0 || memcmp(p, "WARC/1.1", 8) == 0);
}

const char hs_gz_limit[] = "gzip member inflates beyond the record limit (see --max-record)";

const char *
hs_gunzip(const unsigned char *p, size_t n, dk_buf *out, size_t *used)
{
	z_stream z;
	size_t room;
	int rc;

	if (out->n > dk_max_record)
		return hs_gz_limit;
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
		if (out->n + room > dk_max_record + 1)
			room = dk_max_record + 1 - out->n;
		z.avail_out = (uInt)(room > UINT32_MAX ? UINT32_MAX : room);
		z.avail_in = (uInt)(n - z.total_in > UINT32_MAX ? UINT32_MAX : n - z.total_in);
		rc = inflate(&z, Z_NO_FLUSH);
		out->n = (size_t)((char *)z.next_out - out->p);
	} while (rc == Z_OK && out->n <= dk_max_record);
	*used = z.total_in;
	inflateEnd(&z);
	if (rc == Z_OK)
		return hs_gz_limit;
	if (rc == Z_STREAM_END)
		return NULL;
	if (rc == Z_BUF_ERROR)
		return "truncated gzip member";
	return z.msg ? z.msg : "damaged gzip member";
}

void
hs_emit(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *name)
{
	size_t un;
	const char *u;

	if (n == 0)
		p = "";         /* an empty body may come as a NULL buffer */
	u = hs_decode(p, n, hint, hintn, &d->conv, &un, name);

	hs_strip(u, un, &d->body, d->title ? &d->title_text : NULL);
	if (d->title) {
		if (d->title_text.n)
			dk_buf_escaped(&dk_out, d->title_text.p, d->title_text.n);
		dk_buf_bytes(&dk_out, "\\n", 2);
	}
	if (d->body.n)
		dk_buf_escaped(&dk_out, d->body.p, d->body.n);
	dk_buf_char(&dk_out, '\n');
	dk_out_maybe_flush();
	d->docs++;
}

/* ---- WARC ---- */

struct record {
	dk_str type, uri, date, ctype;
	const unsigned char *block;
	size_t blocklen;
};

#define HEADMAX (1024 * 1024)

/* The value of header line "Name: value" when name matches. */
static int
header(const char *line, size_t n, const char *name, dk_str *v)
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

/* End of the header block at p (after its blank line), or NULL. */
static const unsigned char *
header_end(const unsigned char *p, size_t n)
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

/* The record at p: its length through the line breaks after it, or 0 when
 * more input is needed (never when final), or 0 with *why set. */
static size_t
parse_record(const unsigned char *p, size_t n, int final, struct record *r,
    const char **why)
{
	const unsigned char *he = header_end(p, n < HEADMAX ? n : HEADMAX), *line, *nl;
	unsigned long long len = 0;
	dk_str clen = { NULL, 0 };
	char *e;
	size_t k;

	*why = NULL;
	memset(r, 0, sizeof *r);
	if (n < 8 || !hs_is_warc(p, n)) {
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
		if (line > p && hs_is_warc(line, k)) {
			*why = "truncated WARC record header";
			return 0;
		}
		if (!header((const char *)line, k, "WARC-Type", &r->type) &&
		    !header((const char *)line, k, "WARC-Target-URI", &r->uri) &&
		    !header((const char *)line, k, "WARC-Date", &r->date) &&
		    !header((const char *)line, k, "Content-Type", &r->ctype))
			header((const char *)line, k, "Content-Length", &clen);
	}
	if (clen.n == 0 || clen.n > 19 || (len = strtoull(clen.p, &e, 10), e != clen.p + clen.n)) {
		*why = "missing or bad Content-Length";
		return 0;
	}
	if (len > dk_max_record) {
		*why = "WARC record longer than the record limit (see --max-record)";
		return 0;
	}
	if (len > n - (size_t)(he - p)) {
		*why = final ? "truncated WARC record" : NULL;
		return 0;
	}
	r->block = he;
	r->blocklen = (size_t)len;
	for (line = he + len; line < p + n && (*line == '\r' || *line == '\n') &&
	    line < he + len + 4; line++)
		;
	return (size_t)(line - p);
}

/* An HTTP response body with chunked transfer coding undone into out. */
static const char *
dechunk(const unsigned char *p, size_t n, dk_buf *out)
{
	const unsigned char *end = p + n, *q;
	unsigned long long size;

	out->n = 0;
	while (p < end) {
		for (size = 0, q = p; q < end && isxdigit(*q) && size < (1ull << 40); q++)
			size = size * 16 + (unsigned)(*q <= '9' ? *q - '0' : (*q | 0x20) - 'a' + 10);
		if (q == p)
			return "bad chunked transfer coding";
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return "bad chunked transfer coding";
		p++;
		if (size == 0)
			return NULL;
		if (size > (size_t)(end - p))
			return "truncated chunk";
		dk_buf_bytes(out, p, (size_t)size);
		p += size;
		while (p < end && (*p == '\r' || *p == '\n'))
			p++;
	}
	return NULL;
}

static int
starts(dk_str s, const char *prefix)
{
	size_t n = strlen(prefix);

	return s.n >= n && strncasecmp(s.p, prefix, n) == 0;
}

/* The HTTP message in a response record; *html tells whether it was a page. */
static const char *
http_response(struct hs_doc *d, const struct record *r, const char *name, int *html)
{
	const unsigned char *he = header_end(r->block, r->blocklen), *line, *nl, *body;
	dk_str ctype = { NULL, 0 }, te = { NULL, 0 }, ce = { NULL, 0 };
	size_t k, n;
	const char *why;

	*html = 0;
	if (r->blocklen < 5 || memcmp(r->block, "HTTP/", 5) != 0 || !he)
		return "bad HTTP response header";
	for (line = r->block; line < he; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(he - line));
		k = (size_t)(nl - line);
		if (!header((const char *)line, k, "Content-Type", &ctype) &&
		    !header((const char *)line, k, "Transfer-Encoding", &te))
			header((const char *)line, k, "Content-Encoding", &ce);
	}
	if (ctype.p && !starts(ctype, "text/html") && !starts(ctype, "application/xhtml"))
		return NULL;
	body = he;
	n = r->blocklen - (size_t)(he - r->block);
	if (starts(te, "chunked")) {
		if ((why = dechunk(body, n, &d->chunk)) != NULL)
			return why;
		body = (const unsigned char *)d->chunk.p;
		n = d->chunk.n;
	}
	if (starts(ce, "gzip") || starts(ce, "x-gzip")) {
		d->inflated.n = 0;
		if (hs_gunzip(body, n, &d->inflated, &k) != NULL)
			return "bad gzip content coding";
		body = (const unsigned char *)d->inflated.p;
		n = d->inflated.n;
	}
	*html = 1;
	hs_emit(d, (const char *)body, n, ctype.p, ctype.n, name);
	return NULL;
}

static int
field_ok(dk_str s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if ((unsigned char)s.p[i] < 0x20)
			return 0;
	return 1;
}

/* One record, at offset off of file name: a document if it is an HTML
 * response, else counted. */
static const char *
record(struct hs_doc *d, struct record *r, const char *name, size_t off)
{
	static dk_buf where;    /* the record, for -v notes on its page */
	const char *why;
	size_t start = dk_out.n;
	int html;

	if (!starts(r->type, "response") || r->type.n != 8 ||
	    !starts(r->ctype, "application/http")) {
		d->skipped++;
		return NULL;
	}
	if (r->uri.n >= 2 && r->uri.p[0] == '<' && r->uri.p[r->uri.n - 1] == '>') {
		r->uri.p++;
		r->uri.n -= 2;
	}
	if (!r->uri.n || !field_ok(r->uri) || !field_ok(r->date))
		return "bad WARC-Target-URI or WARC-Date";
	dk_buf_bytes(&dk_out, r->uri.p, r->uri.n);
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, r->date.p, r->date.n);
	dk_buf_char(&dk_out, '\t');
	where.n = 0;
	dk_buf_str(&where, name);
	dk_buf_str(&where, ": offset ");
	dk_buf_u64(&where, off);
	dk_buf_str(&where, " (");
	dk_buf_bytes(&where, r->uri.p, r->uri.n);
	dk_buf_str(&where, ")");
	dk_buf_char(&where, 0);
	why = http_response(d, r, where.p, &html);
	if (!html) {
		dk_out.n = start;     /* take the head back */
		if (!why)
			d->skipped++;
	}
	return why;
}

static int
damaged(struct hs_doc *d, const char *name, size_t off, const char *why)
{
	dk_warnx("%s: offset %zu: %s", name, off, why);
	d->damaged++;
	return DK_EXIT_INPUT;
}

/* The next "WARC/1.x" at the start of a line after p, or NULL. */
static const unsigned char *
resync(const unsigned char *p, const unsigned char *end)
{
	while (p < end && (p = memmem(p, (size_t)(end - p), "\nWARC/1.", 8)) != NULL) {
		if (hs_is_warc(p + 1, (size_t)(end - p - 1)))
			return p + 1;
		p++;
	}
	return NULL;
}

/* The complete records in p[0, n); returns the bytes used.  Offsets in
 * messages are base + the record's, or base alone for gzip members. */
static size_t
records(struct hs_doc *d, const char *name, const unsigned char *p, size_t n,
    int final, size_t base, int gz, int *status)
{
	const unsigned char *q;
	size_t off = 0, len;
	struct record r;
	const char *why;

	for (;;) {
		while (off < n && (p[off] == '\r' || p[off] == '\n'))
			off++;
		if (off == n)
			break;
		if ((len = parse_record(p + off, n - off, final, &r, &why)) != 0) {
			if ((why = record(d, &r, name, base + (gz ? 0 : off))) != NULL)
				*status = damaged(d, name, base + (gz ? 0 : off), why);
			off += len;
			continue;
		}
		if (!why)
			break;
		*status = damaged(d, name, base + (gz ? 0 : off), why);
		q = resync(p + off, p + n);
		off = q ? (size_t)(q - p) : n;
	}
	return off;
}

static int
gzip_records(struct hs_doc *d, const char *name, const unsigned char *p, size_t n)
{
	const unsigned char *q;
	size_t pos = 0, used, done;
	const char *why;
	int status = 0;

	d->gz.n = 0;
	while (pos < n) {
		why = hs_is_gzip(p + pos, n - pos) ? hs_gunzip(p + pos, n - pos, &d->gz, &used) :
		    "not a gzip member";
		if (why) {
			/* The member is lost, and with it any record it
			 * ended; the next member starts afresh. */
			status = damaged(d, name, pos, why);
			d->gz.n = 0;
			q = memmem(p + pos + 1, n - pos - 1, "\x1f\x8b\x08", 3);
			pos = q ? (size_t)(q - p) : n;
			continue;
		}
		done = records(d, name, (unsigned char *)d->gz.p, d->gz.n, 0, pos, 1, &status);
		memmove(d->gz.p, d->gz.p + done, d->gz.n - done);
		d->gz.n -= done;
		pos += used;
	}
	if (d->gz.n)
		records(d, name, (unsigned char *)d->gz.p, d->gz.n, 1, n, 1, &status);
	return status;
}

int
hs_warc(struct hs_doc *d, const char *name, const unsigned char *p, size_t n)
{
	int status = 0;

	if (hs_is_gzip(p, n))
		return gzip_records(d, name, p, n);
	records(d, name, p, n, 1, 0, 0, &status);
	return status;
}

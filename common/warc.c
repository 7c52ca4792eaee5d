/* gzip members and WARC records; see warc.h.  A damaged member or record is
 * reported with its offset and skipped, or ends the program for a reader
 * that asks so; one over --max-record is passed over whole in any reader,
 * and where it lay told to the reader's skip. */
#define _GNU_SOURCE     /* memmem */
#include "warc.h"
#include "mem.h"
#include "msg.h"
#include "progress.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

/* Pages of a mapped file are given back this many bytes at a time. */
#define RELEASE_STEP ((size_t)1 << 20)

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
dk_gunzip(const unsigned char *p, size_t n, dk_buf *out, size_t *used, size_t max)
{
	size_t skipped;

	return dk_gunzip_from(p, n, 0, &skipped, out, used, max);
}

const char *
dk_gunzip_from(const unsigned char *p, size_t n, size_t skip, size_t *skipped, dk_buf *out,
    size_t *used, size_t max)
{
	unsigned char sink[16 * 1024];
	z_stream z;
	size_t room, got;
	int rc;

	*skipped = 0;
	if (out->n > max)
		return dk_gz_limit;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		dk_diex(DK_EXIT_OPERAND, "zlib: out of memory");
	z.next_in = (unsigned char *)p;
	do {
		if (*skipped < skip) {
			z.next_out = sink;
			room = skip - *skipped < sizeof sink ? skip - *skipped : sizeof sink;
		} else {
			dk_buf_reserve(out, 256 * 1024);
			z.next_out = (unsigned char *)out->p + out->n;
			/* At most one byte beyond the limit, to tell that
			 * it is passed. */
			room = out->cap - out->n;
			if (out->n + room > max + 1)
				room = max + 1 - out->n;
		}
		z.avail_out = (uInt)(room > UINT32_MAX ? UINT32_MAX : room);
		got = z.avail_out;
		z.avail_in = (uInt)(n - z.total_in > UINT32_MAX ? UINT32_MAX : n - z.total_in);
		rc = inflate(&z, Z_NO_FLUSH);
		got -= z.avail_out;
		if (*skipped < skip)
			*skipped += got;
		else
			out->n += got;
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

/* Inflates the gzip member at p to nothing, to find where it ends: NULL or
 * the reason it is damaged; *used is the compressed length consumed, *total
 * what it inflated to. */
static const char *
gunzip_pass(const unsigned char *p, size_t n, size_t *used, size_t *total)
{
	dk_buf none = { 0 };

	return dk_gunzip_from(p, n, SIZE_MAX, total, &none, used, 0);
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
 * more input is needed (never when final), or 0 with *why set.  A record
 * over the limit has r->len set to its length without the line breaks,
 * however many of its bytes are at p. */
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
		r->len = (size_t)(he - p) + (size_t)len;
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

/* Damage, skipped (status 2) unless the reader is fatal, or a record over
 * --max-record, skipped in any reader (status 1). */
static void
damaged(dk_warc_reader *w, const char *name, size_t off, const char *why, int *status)
{
	if (why == dk_gz_limit || why == dk_warc_limit) {
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

/* Bytes [from, to) of the file held a record over --max-record. */
static void
skipped(dk_warc_reader *w, size_t from, size_t to)
{
	if (w->skip)
		w->skip(from, to, w->arg);
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
 * before p; end, the end of the gzip member whose bytes end at p + n. */
struct place {
	size_t base, unit, done, end;
	int gz;
};

/* The pages of the file at p before byte upto given back (w->release),
 * RELEASE_STEP at a time: a mapped file's pages, once touched, count in
 * the process's memory until unmapped or given back. */
static void
release_behind(dk_warc_reader *w, const unsigned char *p, size_t upto)
{
#ifdef MADV_DONTNEED
	size_t page = (size_t)sysconf(_SC_PAGESIZE), to;

	if (!w->release || upto < w->released + RELEASE_STEP)
		return;
	to = upto / page * page;        /* the mapping starts on a page */
	if (madvise((void *)(uintptr_t)(p + w->released), to - w->released, MADV_DONTNEED) == 0)
		w->released = to;
#else
	(void)w, (void)p, (void)upto;
#endif
}

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
			if (!at->gz)
				release_behind(w, p, off);
			continue;
		}
		if (!why)
			break;
		damaged(w, name, at->base + (at->gz ? 0 : off), why, status);
		if (why == dk_warc_limit && r.len <= n - off) {
			/* passed over whole, whatever its block holds */
			skipped(w, at->gz ? at->unit : off, at->gz ? at->end : off + r.len);
			off += r.len;
			continue;
		}
		if (why == dk_warc_limit && at->gz && !final) {
			/* the rest of it is in the next members */
			w->drop = r.len - (n - off);
			w->drop_from = at->unit;
			w->drop_at = at->base;
			off = n;
			break;
		}
		q = resync(p + off, p + n);
		if (why == dk_warc_limit)       /* cut short, or a gzip file's end */
			skipped(w, at->gz ? at->unit : off, at->gz ? at->end : q ? (size_t)(q - p) : n);
		off = q ? (size_t)(q - p) : n;
	}
	if (!at->gz && off > counted)
		dk_progress_input(off - counted);
	return off;
}

/* A gzip member over the limit is passed over to its end (inflated to
 * nothing); a record over the limit running on into the next members is
 * passed over through them (w->drop).  Either is skipped with status 1,
 * and w->skip told its members. */
static int
gzip_records(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n)
{
	const unsigned char *q;
	struct place at = { 0, 0, 0, 0, 1 };
	size_t pos = 0, used, done, was, total, from, d;
	const char *why;
	int status = 0;

	w->gz.n = 0;
	w->drop = 0;
	/* each member, or the damaged bytes skipped, counts for progress */
	for (; pos < n; dk_progress_input(pos - was)) {
		release_behind(w, p, pos);
		was = pos;
		from = SIZE_MAX;
		d = 0;
		if (w->gz.n == 0)       /* a new run starts with this member */
			at.unit = pos, at.done = 0;
		/* the rest of a record skipped before passed over, not
		 * held (w->gz is empty then) */
		why = !dk_is_gzip(p + pos, n - pos) ? "not a gzip member" :
		    dk_gunzip_from(p + pos, n - pos, w->drop, &d, &w->gz, &used, dk_max_record);
		if (why == dk_gz_limit) {
			w->gz.n = 0;
			why = gunzip_pass(p + pos, n - pos, &used, &total);
			damaged(w, name, pos, dk_gz_limit, &status);
			from = w->drop ? w->drop_from : at.unit;
			w->drop = 0;
			if (!why) {
				skipped(w, from, pos + used);
				pos += used;
				continue;
			}
		}
		if (why) {
			/* The member is lost, and with it any record it
			 * ended; the next member starts afresh. */
			damaged(w, name, pos, why, &status);
			w->gz.n = 0;
			q = memmem(p + pos + 1, n - pos - 1, "\x1f\x8b\x08", 3);
			if (w->drop)
				from = w->drop_from, w->drop = 0;
			pos = q ? (size_t)(q - p) : n;
			if (from != SIZE_MAX)
				skipped(w, from, pos);
			continue;
		}
		at.base = pos;
		at.end = pos + used;
		if (w->drop) {          /* the run starts with the rest of it */
			at.done += d;
			if ((w->drop -= d) == 0)
				skipped(w, w->drop_from, at.end);
		}
		done = records(w, name, (unsigned char *)w->gz.p, w->gz.n, 0, &at, &status);
		memmove(w->gz.p, w->gz.p + done, w->gz.n - done);
		w->gz.n -= done;
		at.done += done;
		pos += used;
	}
	at.base = at.end = n;
	if (w->drop) {
		damaged(w, name, w->drop_at, "truncated WARC record", &status);
		skipped(w, w->drop_from, n);
		w->drop = 0;
	} else if (w->gz.n)
		records(w, name, (unsigned char *)w->gz.p, w->gz.n, 1, &at, &status);
	return status;
}

int
dk_warc_read(dk_warc_reader *w, const char *name, const unsigned char *p, size_t n)
{
	struct place at = { 0, 0, 0, n, 0 };
	int status = 0;

	w->released = 0;
	if (dk_is_gzip(p, n))
		return gzip_records(w, name, p, n);
	records(w, name, p, n, 1, &at, &status);
	return status;
}

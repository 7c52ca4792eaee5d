/* The corpus reader's file operands: WARC files and single pages, each a
 * document with ID, head and payload (pages.h). */
#define _GNU_SOURCE     /* memmem */
#include "pages.h"
#include "ids.h"
#include "msg.h"
#include "progress.h"
#include "sniff.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- WARC ---- */

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

/* The HTTP message of a response record as the page pg (its head, where
 * and what made); *html tells whether it was a page (1), a response of
 * another type (0) or not a page whatever it says (2). */
static const char *
http_response(dk_pages *ps, const dk_warc_rec *r, dk_page *pg, int *html)
{
	const unsigned char *he = dk_warc_head_end(r->block, r->blocklen), *line, *nl, *body;
	dk_str ctype = { NULL, 0 }, te = { NULL, 0 }, ce = { NULL, 0 };
	size_t k, n;
	const char *why;

	*html = 0;
	if (r->blocklen < 5 || memcmp(r->block, "HTTP/", 5) != 0 || !he)
		return "bad HTTP response header";
	for (line = r->block; line < he; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(he - line));
		k = (size_t)(nl - line);
		if (!dk_warc_field((const char *)line, k, "Content-Type", &ctype) &&
		    !dk_warc_field((const char *)line, k, "Transfer-Encoding", &te))
			dk_warc_field((const char *)line, k, "Content-Encoding", &ce);
	}
	if (ctype.p && !starts(ctype, "text/html") && !starts(ctype, "application/xhtml"))
		return NULL;
	body = he;
	n = r->blocklen - (size_t)(he - r->block);
	if (starts(te, "chunked")) {
		if ((why = dechunk(body, n, &ps->chunk)) != NULL)
			return why;
		body = (const unsigned char *)ps->chunk.p;
		n = ps->chunk.n;
	}
	if (starts(ce, "gzip") || starts(ce, "x-gzip")) {
		ps->inflated.n = 0;
		if (dk_gunzip(body, n, &ps->inflated, &k, dk_max_record) != NULL)
			return "bad gzip content coding";
		body = (const unsigned char *)ps->inflated.p;
		n = ps->inflated.n;
	}
	pg->payload.p = (char *)body;   /* read only */
	pg->payload.n = n;
	pg->ctype = ctype;
	if (ps->notpage(pg, ps->arg)) {
		*html = 2;
		return NULL;
	}
	*html = 1;
	ps->page(pg, ps->arg);
	return NULL;
}

/* "FILE: offset N (S)" into b, a C string. */
static void
place(dk_buf *b, const char *file, size_t off, dk_str s)
{
	b->n = 0;
	dk_buf_str(b, file);
	dk_buf_str(b, ": offset ");
	dk_buf_u64(b, off);
	dk_buf_str(b, " (");
	dk_buf_bytes(b, s.p, s.n);
	dk_buf_str(b, ")");
	dk_buf_char(b, 0);
}

/* One record: a document if it is an HTML response, else counted. */
static const char *
record(dk_warc_rec *r, void *arg)
{
	dk_pages *ps = arg;
	dk_page pg = { 0 };
	const char *why;
	size_t off = r->gz ? r->unit : r->off;
	int html, fallback;

	if (!starts(r->type, "response") || r->type.n != 8 ||
	    !starts(r->ctype, "application/http")) {
		ps->skipped++;
		return NULL;
	}
	if ((why = dk_warc_name(r, &ps->name, &fallback)) != NULL)
		return why;
	r->uri = dk_warc_unbracket(r->uri);
	if (!r->uri.n || !dk_warc_value_ok(r->uri) || !dk_warc_value_ok(r->date))
		return "bad WARC-Target-URI or WARC-Date";
	/* a recrawl has new record IDs (or dates): only a record given twice
	 * repeats one */
	pg.id.p = ps->name.p;
	pg.id.n = ps->name.n;
	dk_ids_add_at(&dk_input_ids, ps->file, DK_AT_OFFSET, off, (dk_str){ pg.id.p, 0 }, pg.id);
	ps->head.n = 0;
	dk_buf_bytes(&ps->head, pg.id.p, pg.id.n);
	dk_buf_char(&ps->head, '\t');
	dk_buf_bytes(&ps->head, r->date.p, r->date.n);
	dk_buf_char(&ps->head, '\t');
	dk_buf_bytes(&ps->head, r->uri.p, r->uri.n);
	dk_buf_char(&ps->head, '\t');
	pg.head.p = ps->head.p;
	pg.head.n = ps->head.n;
	place(&ps->where, ps->file, off, r->uri);
	place(&ps->what, ps->file, off, pg.id);
	pg.where = ps->where.p;
	pg.what = ps->what.p;
	pg.rec = r;
	why = http_response(ps, r, &pg, &html);
	if (html != 1) {
		if (!why && html == 0)
			ps->skipped++, ps->nothtml++;
	} else
		ps->unnamed += fallback;
	return why;
}

static int
warc_file(dk_pages *ps, const char *name, const unsigned char *p, size_t n)
{
	unsigned long damaged = ps->warc.damaged, toolong = ps->warc.toolong;
	int status;

	ps->warc.fn = record;
	ps->warc.arg = ps;
	ps->file = name;
	ps->unnamed = 0;
	status = dk_warc_read(&ps->warc, name, p, n);
	ps->damaged += ps->warc.damaged - damaged;
	ps->toolong += ps->warc.toolong - toolong;
	dk_skips += ps->warc.toolong - toolong;
	if (status == DK_EXIT_OPERAND)
		status = 0;     /* records over --max-record only: dk_skips */
	if (ps->unnamed)
		dk_warnx("%s: %lu page%s without a WARC-Record-ID, named by URI and date",
		    name, ps->unnamed, ps->unnamed == 1 ? "" : "s");
	return status;
}

/* ---- single pages ---- */

/* A gzip file: its members, one after another, are the document.  A damaged
 * member is reported and skipped.  Members before pos are in ps->gz.  When
 * they inflate beyond --max-record, ps->gz is left longer than it and
 * nothing is said here. */
static int
gunzip_all(dk_pages *ps, const char *name, const unsigned char *p, size_t n, size_t pos)
{
	const unsigned char *q;
	size_t used;
	const char *why;
	int status = 0;

	while (pos < n) {
		why = dk_is_gzip(p + pos, n - pos) ?
		    dk_gunzip(p + pos, n - pos, &ps->gz, &used, dk_max_record) :
		    "not a gzip member";
		if (!why) {
			pos += used;
			continue;
		}
		if (why == dk_gz_limit)
			break;
		dk_warnx("%s: offset %zu: %s", name, pos, why);
		status = DK_EXIT_INPUT;
		q = memmem(p + pos + 1, n - pos - 1, "\x1f\x8b\x08", 3);
		pos = q ? (size_t)(q - p) : n;
	}
	return status;
}

static int
id_ok(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20)
			return 0;
	return 1;
}

static void
too_long(dk_pages *ps, const char *path)
{
	dk_warnx("%s: record longer than %zu bytes skipped (see --max-record)", path,
	    dk_max_record);
	ps->toolong++;
	dk_skips++;             /* status 1 (dk_exit_status) */
}

/* A page file within --max-record, its bytes p[0, n) (inflated when gz):
 * 0, or DK_EXIT_INPUT when it is refused. */
static int
page_file(dk_pages *ps, const char *path, const dk_file *f, const char *p, size_t n, int gz)
{
	dk_page pg = { 0 };
	unsigned kind;

	if ((kind = dk_sniff_page(p, n)) != 0) {
		if (gz)
			dk_warnx("%s:1: this looks like gzip data holding %s; %s reads a page "
			    "here (a stream of pages goes on standard input)", path,
			    dk_kind_says(kind), dk_progname);
		else
			dk_warnx("%s:1: this looks like %s; %s reads a page here (a stream of "
			    "pages goes on standard input)", path, dk_kind_says(kind), dk_progname);
		return DK_EXIT_INPUT;
	}
	pg.payload.p = (char *)p;       /* read only */
	pg.payload.n = n;
	pg.where = pg.what = path;
	if (ps->notpage(&pg, ps->arg))
		return 0;
	if (!id_ok(path)) {
		dk_warnx("%s: file name has a control character, cannot be an ID", path);
		return DK_EXIT_INPUT;
	}
	pg.id.p = (char *)path;         /* read only */
	pg.id.n = strlen(path);
	dk_ids_add_at(&dk_input_ids, path, DK_AT_OPERAND, 0, (dk_str){ pg.id.p, 0 }, pg.id);
	dk_progress_records++;
	dk_progress_input(f->n);
	ps->head.n = 0;
	dk_buf_bytes(&ps->head, pg.id.p, pg.id.n);
	dk_buf_char(&ps->head, '\t');
	pg.head.p = ps->head.p;
	pg.head.n = ps->head.n;
	ps->page(&pg, ps->arg);
	return 0;
}

int
dk_pages_file(dk_pages *ps, const char *path, int warc, const dk_file *f)
{
	size_t used = 0;
	const char *why;
	int status;

	ps->warc.release = f->mapped == DK_FILE_MAPPED;   /* read once, in order */
	if (!dk_is_gzip(f->p, f->n)) {
		if (warc || dk_is_warc(f->p, f->n))
			return warc_file(ps, path, f->p, f->n);
		if (f->n > dk_max_record) {
			too_long(ps, path);
			return 0;
		}
		return page_file(ps, path, f, (const char *)f->p, f->n, 0);
	}
	ps->gz.n = 0;
	why = dk_gunzip(f->p, f->n, &ps->gz, &used, dk_max_record);
	if (warc || dk_is_warc((unsigned char *)ps->gz.p, ps->gz.n))
		return warc_file(ps, path, f->p, f->n);
	if (why) {
		ps->gz.n = 0;
		used = 0;
	}
	status = gunzip_all(ps, path, f->p, f->n, used);
	if (ps->gz.n > dk_max_record) {
		too_long(ps, path);
		return status;
	}
	if (page_file(ps, path, f, ps->gz.p ? ps->gz.p : "", ps->gz.n, 1) != 0)
		return DK_EXIT_INPUT;
	return status;
}

void
dk_pages_free(dk_pages *ps)
{
	dk_buf_free(&ps->warc.gz);
	dk_buf_free(&ps->gz), dk_buf_free(&ps->chunk), dk_buf_free(&ps->inflated);
	dk_buf_free(&ps->name), dk_buf_free(&ps->head), dk_buf_free(&ps->where);
	dk_buf_free(&ps->what);
}

/* ---- the records of a WARC file ---- */

int
dk_pages_records(dk_warc_reader *w, const char *path, const dk_file *f)
{
	w->fatal = 1;           /* damage: exit 2; a record over the limit: 1 */
	return f->n ? dk_warc_read(w, path, f->p, f->n) : 0;
}

int
dk_pages_looks_warc(int fd)
{
	unsigned char b[4096], head[8];
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (n = pread(fd, b, sizeof b, 0)) < 8)
		return 0;
	if (dk_is_gzip(b, (size_t)n))
		return dk_is_warc(head, dk_gunzip_head(b, (size_t)n, head, sizeof head));
	return dk_is_warc(b, (size_t)n);
}

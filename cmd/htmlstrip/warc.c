/* The text of a page, and the HTML responses of a WARC file as documents
 * named by their record IDs (common/warc.h splits the file). */
#include "htmlstrip.h"

#include <ctype.h>
#include <stdlib.h>
#include <strings.h>
#include <zlib.h>

void
hs_emit(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *name)
{
	size_t un;
	const char *u;

	if (n == 0)
		p = "";         /* an empty body may come as a NULL buffer */
	u = hs_decode(p, n, hint, hintn, &d->conv, &un, name);

	hs_page_text(d, u, un, name);
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

int
hs_skip_not_page(struct hs_doc *d, const char *p, size_t n, const char *hint,
    size_t hintn, const char *where)
{
	const char *what = hs_not_page((const unsigned char *)p, n, hint, hintn);

	if (!what)
		return 0;
	dk_warnx("%s: not an HTML page (%s): skipped", where, what);
	d->notpage++;
	d->status = DK_EXIT_OPERAND;
	return 1;
}

void
hs_skip_too_long(struct hs_doc *d, const char *where)
{
	dk_warnx("%s: record longer than %zu bytes skipped (see --max-record)", where,
	    dk_max_record);
	d->toolong++;
	d->status = DK_EXIT_OPERAND;
}

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

/* The HTTP message in a response record; *html tells whether it was a page
 * (1), a response of another type (0) or not a page whatever it says (2).
 * name is the record for -v notes, id for a record skipped. */
static const char *
http_response(struct hs_doc *d, const dk_warc_rec *r, const char *name, const char *id,
    int *html)
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
		if ((why = dechunk(body, n, &d->chunk)) != NULL)
			return why;
		body = (const unsigned char *)d->chunk.p;
		n = d->chunk.n;
	}
	if (starts(ce, "gzip") || starts(ce, "x-gzip")) {
		d->inflated.n = 0;
		if (dk_gunzip(body, n, &d->inflated, &k, dk_max_record) != NULL)
			return "bad gzip content coding";
		body = (const unsigned char *)d->inflated.p;
		n = d->inflated.n;
	}
	if (hs_skip_not_page(d, (const char *)body, n, ctype.p, ctype.n, id)) {
		*html = 2;
		return NULL;
	}
	*html = 1;
	hs_emit(d, (const char *)body, n, ctype.p, ctype.n, name);
	return NULL;
}

/* One record: a document if it is an HTML response, else counted.  Its
 * head is ID TAB DATE TAB URI TAB. */
static const char *
record(dk_warc_rec *r, void *arg)
{
	struct hs_doc *d = arg;
	static dk_buf where, id;  /* the record, for -v notes on its page and
	                           * for skipping it */
	const char *why;
	size_t start = dk_out.n;
	int html, fallback;

	if (!starts(r->type, "response") || r->type.n != 8 ||
	    !starts(r->ctype, "application/http")) {
		d->skipped++;
		return NULL;
	}
	if ((why = dk_warc_name(r, &d->name, &fallback)) != NULL)
		return why;
	r->uri = dk_warc_unbracket(r->uri);
	if (!r->uri.n || !dk_warc_value_ok(r->uri) || !dk_warc_value_ok(r->date))
		return "bad WARC-Target-URI or WARC-Date";
	/* a recrawl has new record IDs (or dates): only a record given twice
	 * repeats one */
	dk_ids_add_at(&dk_input_ids, d->file, DK_AT_OFFSET, r->gz ? r->unit : r->off,
	    (dk_str){ d->name.p, 0 }, (dk_str){ d->name.p, d->name.n });
	dk_buf_bytes(&dk_out, d->name.p, d->name.n);
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, r->date.p, r->date.n);
	dk_buf_char(&dk_out, '\t');
	dk_buf_bytes(&dk_out, r->uri.p, r->uri.n);
	dk_buf_char(&dk_out, '\t');
	where.n = 0;
	dk_buf_str(&where, d->file);
	dk_buf_str(&where, ": offset ");
	dk_buf_u64(&where, r->gz ? r->unit : r->off);
	dk_buf_str(&where, " (");
	dk_buf_bytes(&where, r->uri.p, r->uri.n);
	dk_buf_str(&where, ")");
	dk_buf_char(&where, 0);
	id.n = 0;
	dk_buf_str(&id, d->file);
	dk_buf_str(&id, ": offset ");
	dk_buf_u64(&id, r->gz ? r->unit : r->off);
	dk_buf_str(&id, " (");
	dk_buf_bytes(&id, d->name.p, d->name.n);
	dk_buf_str(&id, ")");
	dk_buf_char(&id, 0);
	why = http_response(d, r, where.p, id.p, &html);
	if (html != 1) {
		dk_out.n = start;     /* take the head back */
		if (!why && html == 0)
			d->skipped++, d->nothtml++;
	} else
		d->unnamed += fallback;
	return why;
}

int
hs_warc(struct hs_doc *d, const char *name, const unsigned char *p, size_t n)
{
	unsigned long damaged = d->warc.damaged, toolong = d->warc.toolong;
	int status;

	d->warc.fn = record;
	d->warc.arg = d;
	d->file = name;
	d->unnamed = 0;
	status = dk_warc_read(&d->warc, name, p, n);
	d->damaged += d->warc.damaged - damaged;
	d->toolong += d->warc.toolong - toolong;
	if (d->unnamed)
		dk_warnx("%s: %lu page%s without a WARC-Record-ID, named by URI and date",
		    name, d->unnamed, d->unnamed == 1 ? "" : "s");
	return status;
}

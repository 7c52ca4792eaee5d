/* A page written as a document, or skipped as not one; and so the pages
 * of the corpus reader's file operands (common/pages.h: WARC files and
 * page files). */
#include "htmlstrip.h"

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
	dk_skips++;             /* status 1 (dk_exit_status) */
	return 1;
}

static int
file_notpage(const dk_page *pg, void *arg)
{
	return hs_skip_not_page(arg, pg->payload.p, pg->payload.n, pg->ctype.p, pg->ctype.n,
	    pg->what);
}

static void
file_page(const dk_page *pg, void *arg)
{
	dk_buf_bytes(&dk_out, pg->head.p, pg->head.n);
	hs_emit(arg, pg->payload.p, pg->payload.n, pg->ctype.p, pg->ctype.n, pg->where);
}

void
hs_pages(struct hs_doc *d, dk_pages *ps)
{
	ps->notpage = file_notpage;
	ps->page = file_page;
	ps->arg = d;
}

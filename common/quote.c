/* Quoted mail text: which lines a reply quotes, and the text without
 * them (quote.h). */
#include "quote.h"

/* The most lines an attribution takes: "On DATE, NAME <ADDRESS> wrote:"
 * wrapped by a mailer at 72 or 80 columns takes two, with a long date
 * or name three. */
enum { ATTRIB_LINES = 3 };

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Is the line [p, e) quoted? */
static int
quoted(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p == e || *p != '>')
		return 0;
	p++;
	return p == e || blank(*p) || *p == '>';
}

static int
is_blank(const char *p, const char *e)
{
	while (p < e && blank(*p))
		p++;
	return p == e;
}

/* Does the line [p, e) end with ':', blanks aside? */
static int
ends_colon(const char *p, const char *e)
{
	while (e > p && blank(e[-1]))
		e--;
	return e > p && e[-1] == ':';
}

int
dk_parse_quoted(const char *arg)
{
	static const char *const words[] = { "keep", "skip", NULL };

	return dk_parse_choice(arg, "--quoted", words);
}

/* Each line is copied to buf or emptied.  The lines copied since the last
 * blank or quoted line (the first at buf[par], npar of them) are a
 * paragraph; its last line (at buf[last], its end at buf[lastend]) opens
 * the block that comes after no more than one blank line when it ends
 * with ':', and the paragraph goes with it when it is no longer than an
 * attribution may be (ATTRIB_LINES), else that line alone. */
dk_str
dk_unquote(dk_str text, dk_buf *buf)
{
	const char *p = text.p, *end = text.p + text.n, *e;
	size_t last = 0, lastend = 0, par = 0, npar = 0, cut, n;
	int nblank = 2, inquote = 0, any = 0;
	dk_str r;

	if (text.n == 0 || !memchr(text.p, '>', text.n))
		return text;
	buf->n = 0;
	for (; p < end; p = e < end ? e + 1 : end) {
		if (!(e = memchr(p, '\n', (size_t)(end - p))))
			e = end;
		if (quoted(p, e)) {
			if (!inquote && nblank <= 1 && ends_colon(buf->p + last, buf->p + lastend)) {
				cut = npar <= ATTRIB_LINES ? par : last;
				n = npar <= ATTRIB_LINES ? npar : 1;
				buf->n = cut;   /* the attribution, and the blank */
				while (n--)
					dk_buf_char(buf, '\n');
				if (nblank)
					dk_buf_char(buf, '\n');
			}
			inquote = any = 1;
			nblank = 2;
		} else {
			inquote = 0;
			if (is_blank(p, e))
				nblank++;
			else {
				if (nblank) {
					par = buf->n;
					npar = 0;
				}
				npar++;
				nblank = 0;
				last = buf->n;
				lastend = buf->n + (size_t)(e - p);
			}
			dk_buf_bytes(buf, p, (size_t)(e - p));
		}
		if (e < end)
			dk_buf_char(buf, '\n');
	}
	if (!any)
		return text;
	r.p = buf->p;
	r.n = buf->n;
	return r;
}

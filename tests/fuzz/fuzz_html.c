/* htmlstrip's page path: charset detection and conversion, then the HTML
 * stripper, then --main's extractor on the page's tree.  The input is a
 * page; when its first byte is odd, the line after that byte is the HTTP
 * Content-Type given as the hint.
 * Properties: the text is valid UTF-8 without NUL (the page is decoded,
 * and the stripper only drops or re-encodes); the tree's text is the same
 * text; --main's text is either that whole text or lines each of which is
 * in it, and is valid UTF-8. */
#include "fuzz.h"
#include "htmlstrip.h"

static dk_buf conv, body, title, text, main;
static struct hs_tree tree;

/* Each line of m[0..n) is in t[0..tn). */
static int
lines_in(const char *m, size_t n, const char *t, size_t tn)
{
	const char *end = m + n, *nl;

	for (; m < end; m = nl + 1) {
		if ((nl = memchr(m, '\n', (size_t)(end - m))) == NULL)
			nl = end;
		if (nl > m && memmem(t, tn, m, (size_t)(nl - m)) == NULL)
			return 0;
	}
	return 1;
}

FUZZ_QUIET_INITIALIZE

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *hint = NULL, *nl, *u;
	size_t n = size, hintn = 0, un;

	if (n > 0 && (p[0] & 1)) {
		p++, n--;
		if ((nl = memchr(p, '\n', n)) != NULL) {
			hint = p;
			hintn = (size_t)(nl - p);
			n -= hintn + 1;
			p = nl + 1;
		}
	}
	u = hs_decode(p, n, hint, hintn, &conv, &un, "fuzz");
	FUZZ_CHECK(dk_utf8_valid_prefix(u, un) == un);
	hs_strip(u, un, &body, size % 3 == 0 ? &title : NULL);
	FUZZ_CHECK(dk_utf8_valid_prefix(body.p ? body.p : "", body.n) == body.n);
	if (size % 3 == 0)
		FUZZ_CHECK(dk_utf8_valid_prefix(title.p ? title.p : "", title.n) == title.n);
	hs_strip_tree(u, un, &text, NULL, &tree);
	FUZZ_CHECK(text.n == body.n && (body.n == 0 || memcmp(text.p, body.p, body.n) == 0));
	if (hs_main(&tree, text.p ? text.p : "", text.n, &main))
		FUZZ_CHECK(main.n == text.n && (main.n == 0 || memcmp(main.p, text.p, main.n) == 0));
	else
		FUZZ_CHECK(main.n > 0 && lines_in(main.p, main.n, text.p, text.n));
	FUZZ_CHECK(dk_utf8_valid_prefix(main.p ? main.p : "", main.n) == main.n);
	return 0;
}

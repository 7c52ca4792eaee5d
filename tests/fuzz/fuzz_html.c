/* htmlstrip's page path: charset detection and conversion, then the HTML
 * stripper.  The input is a page; when its first byte is odd, the line
 * after that byte is the HTTP Content-Type given as the hint.
 * Property: the text is valid UTF-8 without NUL (the page is decoded, and
 * the stripper only drops or re-encodes). */
#include "fuzz.h"
#include "htmlstrip.h"

static dk_buf conv, body, title;

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
	return 0;
}

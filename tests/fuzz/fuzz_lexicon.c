/* Lexicon files (TERM TAB DF, and "!N" TAB N) through dk_lexicon_read, the
 * loader behind dk_lexicon_load (spotsig -L, dklexicon -m, imatch -L).
 * Property: a file that loads is written by dk_lexicon_write as a lexicon
 * that loads again and is written to the same bytes. */
#include "fuzz.h"
#include "lexicon.h"

FUZZ_QUIET_INITIALIZE

/* Loads data; on success, dk_out holds the lexicon as written. */
static int
load_write(const void *data, size_t size)
{
	dk_reader *r = fuzz_reader(data, size);
	dk_lexicon *lx = dk_lexicon_new();
	char why[DK_LEXICON_WHY];
	unsigned long line;
	const char *msg = dk_lexicon_read(lx, r, &line, why);

	if (msg)
		FUZZ_CHECK(line >= 1 && line <= dk_reader_lineno(r) + 1);
	dk_out.n = 0;
	if (!msg)
		dk_lexicon_write(lx);
	dk_lexicon_free(lx);
	dk_reader_close(r);
	return msg == NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_buf first = { 0 };

	if (size > 0 && load_write(data, size) && dk_out.n < 64 * 1024) {
		dk_buf_bytes(&first, dk_out.p, dk_out.n);
		FUZZ_CHECK(load_write(first.p, first.n));
		FUZZ_CHECK(dk_out.n == first.n && memcmp(dk_out.p, first.p, first.n) == 0);
	}
	dk_out.n = 0;
	dk_buf_free(&first);
	return 0;
}

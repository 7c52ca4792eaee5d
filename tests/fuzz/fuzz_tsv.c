/* The TSV record reader (dk_reader, dk_read_record) and @tsv unescaping,
 * against a plain reference: lines split at LF, a CR before the LF
 * dropped, fields split at TAB.  The fuzz build reads in small chunks
 * (DK_READ_CHUNK), so short inputs move and grow the buffer.
 * Property: the records are the reference's, and escaping an unescaped
 * field gives back bytes that unescape to the same field.  The first lines
 * are peeked first (dk_reader_peek, what common/sniff looks at): a prefix
 * of the input holding the whole first line (or DK_PEEK_MAX bytes of it),
 * and nothing consumed; the sniffers run on it and on the whole input as a
 * page.  A UTF-8 byte order mark at the start is skipped by the reader, so
 * the reference starts after it. */
#include "fuzz.h"

FUZZ_QUIET_INITIALIZE

/* Compares one record with the reference line p[0, n). */
static void
check_record(const dk_record *rec, const char *p, size_t n)
{
	const char *end = p + n, *tab;
	size_t i = 0;

	if (n > 0 && p[n - 1] == '\r')
		end--;
	FUZZ_CHECK(rec->line.n == (size_t)(end - p));
	FUZZ_CHECK(memcmp(rec->line.p, p, rec->line.n) == 0);
	for (;; i++) {
		tab = memchr(p, '\t', (size_t)(end - p));
		FUZZ_CHECK(i < rec->n);
		FUZZ_CHECK(rec->f[i].n == (size_t)((tab ? tab : end) - p));
		FUZZ_CHECK(memcmp(rec->f[i].p, p, rec->f[i].n) == 0);
		if (!tab)
			break;
		p = tab + 1;
	}
	FUZZ_CHECK(i + 1 == rec->n);
}

static void
check_escape(dk_str f)
{
	static dk_buf esc;
	dk_str back;

	if (dk_unescape(&f) != NULL)
		return;
	esc.n = 0;
	dk_buf_escaped(&esc, f.p, f.n);
	if (esc.n == 0) {
		FUZZ_CHECK(f.n == 0);
		return;
	}
	FUZZ_CHECK(memchr(esc.p, '\t', esc.n) == NULL && memchr(esc.p, '\n', esc.n) == NULL);
	back.p = esc.p, back.n = esc.n;
	FUZZ_CHECK(dk_unescape(&back) == NULL);
	FUZZ_CHECK(back.n == f.n && memcmp(back.p, f.p, f.n) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *nl;
	dk_reader *r = fuzz_reader(data, size);
	dk_record rec = { 0 };
	unsigned long lines = 0;
	dk_str head;
	int partial;

	/* a UTF-8 byte order mark at the start is skipped by the reader:
	 * what it gives back starts after it */
	if (size >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
		p += 3;
		size -= 3;
	}
	if (dk_reader_peek(r, &head, &partial)) {
		FUZZ_CHECK(size > 0 && head.n <= size && head.n <= DK_PEEK_MAX);
		FUZZ_CHECK(memcmp(head.p, p, head.n) == 0);
		FUZZ_CHECK(partial || head.n == size);
		FUZZ_CHECK(head.n == DK_PEEK_MAX || head.n == size ||
		    memchr(head.p, '\n', head.n) != NULL);
		(void)dk_sniff(head.p, head.n, partial, NULL);
	} else
		FUZZ_CHECK(size == 0);
	(void)dk_sniff_page(p, size);
	while (dk_read_record(r, &rec, 0)) {
		FUZZ_CHECK(p < end);
		nl = memchr(p, '\n', (size_t)(end - p));
		check_record(&rec, p, (size_t)((nl ? nl : end) - p));
		FUZZ_CHECK(dk_reader_lineno(r) == ++lines);
		check_escape(rec.f[rec.n - 1]);
		p = nl ? nl + 1 : end;
	}
	FUZZ_CHECK(p == end);
	FUZZ_CHECK(!dk_reader_error(r));
	dk_record_free(&rec);
	dk_reader_close(r);
	return 0;
}

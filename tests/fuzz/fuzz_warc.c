/* The corpus reader's WARC files (common/pages.h) as htmlstrip reads them:
 * the input is a WARC file, plain or as gzip members, as htmlstrip --warc
 * reads it.  Damaged records are reported
 * on stderr (silenced here) and skipped; nothing may crash or leak.
 * Property: every record written has the four fields ID, date, URI, text, and
 * the text has no raw TAB, LF or CR. */
#include "fuzz.h"
#include "htmlstrip.h"

static struct hs_doc d;
static dk_pages ps;
static int quiet;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_quiet_stdout();
	quiet = getenv("FUZZ_STDERR") == NULL;
	/* a repeated record ID ends htmlstrip, and the IDs of one input
	 * would be repeats in the next: the reader is what is fuzzed here */
	dk_allow_repeated_ids = 1;
	hs_pages(&d, &ps);
	return 0;
}

static void
check_records(const char *p, size_t n)
{
	const char *end, *nl;
	size_t tabs;

	if (n == 0)
		return;
	for (end = p + n; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		FUZZ_CHECK(nl != NULL);
		for (tabs = 0; p < nl; p++) {
			tabs += *p == '\t';
			FUZZ_CHECK(*p != '\r');
		}
		FUZZ_CHECK(tabs == 3);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = -1, null;

	/* The reader warns about every damaged record: keep libFuzzer's
	 * output readable (FUZZ_STDERR=1 to see them, and a crash report,
	 * when running one input). */
	if (quiet && (null = open("/dev/null", O_WRONLY)) >= 0) {
		fd = dup(STDERR_FILENO);
		dup2(null, STDERR_FILENO);
		close(null);
	}
	dk_pages_file(&ps, "fuzz", 1, &(dk_file){ (unsigned char *)data, size, DK_FILE_BORROWED });
	if (fd >= 0) {
		dup2(fd, STDERR_FILENO);
		close(fd);
	}
	check_records(dk_out.p, dk_out.n);
	dk_out.n = 0;
	return 0;
}

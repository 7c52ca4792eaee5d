/* A main() for a fuzz target without libFuzzer: runs it once on each file
 * named.  `make check` builds every target this way with the project's own
 * compiler and flags (and sanitizers under `make sanitize`), and
 * t0030-fuzz-regress.t replays the seeds and tests/fuzz/regress/ through
 * them.  A failed property aborts, as under libFuzzer. */
#include "fuzz.h"

#include <errno.h>
#include <string.h>

int
main(int argc, char **argv)
{
	dk_buf b = { 0 };
	FILE *fp;
	size_t got;
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		b.n = 0;
		do {
			dk_buf_reserve(&b, 65536);
			got = fread(b.p + b.n, 1, b.cap - b.n, fp);
			b.n += got;
		} while (got > 0);
		fclose(fp);
		LLVMFuzzerTestOneInput((const uint8_t *)(b.p ? b.p : ""), b.n);
	}
	dk_buf_free(&b);
	return 0;
}

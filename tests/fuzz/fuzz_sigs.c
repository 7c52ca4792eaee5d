/* Signature records (ID [CARRIED]... SIGS, and keyed records, which are the
 * same with a KEY in front): dk_parse_sigs on the last field of each line.
 * Property: a list that parses is written back by dk_buf_sigtext and
 * dk_buf_sigcount as the producers write it, and that text parses to the
 * same flags, signatures and counts. */
#include "fuzz.h"

FUZZ_QUIET_INITIALIZE

static void
check_roundtrip(const dk_sigs *s)
{
	static dk_buf b;
	static dk_sigs t;
	dk_str f;
	size_t i;

	b.n = 0;
	if (s->flags & DK_SIG_SHORT)
		dk_buf_str(&b, "!short");
	if (s->flags & DK_SIG_CHAINS)
		dk_buf_str(&b, b.n ? " !chains" : "!chains");
	if (s->flags & DK_SIG_PROBE)
		dk_buf_str(&b, b.n ? " !probe" : "!probe");
	for (i = 0; i < s->n; i++) {
		if (b.n)
			dk_buf_char(&b, ' ');
		dk_buf_sigtext(&b, s->v[i].s.p, s->v[i].s.n, 0);
		dk_buf_sigcount(&b, s->v[i].count);
	}
	f.p = b.p, f.n = b.n;
	FUZZ_CHECK(dk_parse_sigs(f, &t) == NULL);
	FUZZ_CHECK(t.flags == s->flags && t.n == s->n && t.size == s->size);
	for (i = 0; i < s->n; i++) {
		FUZZ_CHECK(t.v[i].count == s->v[i].count && t.v[i].count > 0);
		FUZZ_CHECK(t.v[i].s.n == s->v[i].s.n && s->v[i].s.n > 0);
		FUZZ_CHECK(memcmp(t.v[i].s.p, s->v[i].s.p, s->v[i].s.n) == 0);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_reader *r = fuzz_reader(data, size);
	dk_record rec = { 0 };
	dk_sigs s = { 0 };
	uint64_t sum;
	size_t i;

	while (dk_read_record(r, &rec, 1)) {
		if (dk_parse_sigs(rec.f[rec.n - 1], &s) != NULL)
			continue;
		for (sum = 0, i = 0; i < s.n; i++)
			sum += s.v[i].count;
		FUZZ_CHECK(sum == s.size);
		check_roundtrip(&s);
	}
	dk_sigs_free(&s);
	dk_record_free(&rec);
	dk_reader_close(r);
	return 0;
}

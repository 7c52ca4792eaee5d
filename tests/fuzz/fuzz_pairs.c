/* Pair and cluster records (cluster, evaluate): dk_parse_pair,
 * dk_parse_cluster and dk_parse_sim on each line.
 * Property: an accepted SIM is in [0, 1], within half a millionth of the
 * number strtod reads, and written by dk_buf_sim it parses to the same
 * millionths; accepted IDs are non-empty fields of the record. */
#include "fuzz.h"
#include <math.h>

FUZZ_QUIET_INITIALIZE

static void
check_sim(dk_str f, uint32_t micro)
{
	static dk_buf b;
	char tmp[64];
	dk_str back;
	uint32_t again;
	double d;

	FUZZ_CHECK(micro <= 1000000);
	if (f.n < sizeof tmp) {
		memcpy(tmp, f.p, f.n);
		tmp[f.n] = '\0';
		d = strtod(tmp, NULL) * 1e6;
		FUZZ_CHECK(fabs(d - micro) <= 0.5 + 1e-6);
	}
	b.n = 0;
	dk_buf_sim(&b, micro / 1e6);
	back.p = b.p, back.n = b.n;
	FUZZ_CHECK(dk_parse_sim(back, &again) == NULL && again == micro);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_reader *r = fuzz_reader(data, size);
	dk_record rec = { 0 };
	dk_pair pr;
	dk_str id, cl;
	uint32_t micro;

	while (dk_read_record(r, &rec, 0)) {
		if (dk_parse_pair(&rec, &pr) == NULL) {
			FUZZ_CHECK(pr.id1.n > 0 && pr.id2.n > 0);
			FUZZ_CHECK(pr.sim >= -1 && pr.sim <= 1000000);
			FUZZ_CHECK((pr.sim < 0) == (rec.n == 2));
		}
		if (dk_parse_cluster(&rec, &id, &cl) == NULL)
			FUZZ_CHECK(id.n > 0 && cl.n > 0 && rec.n == 2);
		if (dk_parse_sim(rec.f[rec.n - 1], &micro) == NULL)
			check_sim(rec.f[rec.n - 1], micro);
	}
	dk_record_free(&rec);
	dk_reader_close(r);
	return 0;
}

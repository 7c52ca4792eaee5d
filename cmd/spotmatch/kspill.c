/* Spilling a keyed stream's band postings: past the budget (keyed.h) they
 * go to NBUCKET temporary files by the top bits of their key, and come
 * back, a bucket at a time for matching (kgroups.c) or all at once for
 * --against's table (keyed.c). */
#include "keyed.h"

#include <stdio.h>
#include <stdlib.h>

FILE *
sm_temp_file(void)
{
	FILE *f = tmpfile();

	if (!f)
		dk_die(1, "cannot make a temporary file for the band postings");
	return f;
}

static void
write_postings(FILE *f, const uint64_t *p, size_t n)
{
	if (n > 0 && fwrite(p, sizeof *p, n, f) != n)
		dk_die(1, "cannot write the band postings to a temporary file");
}

/* Spilled postings keep the top 32 bits of the key above 32 bits of
 * document, whatever the shift of those in memory (at most 32: a key
 * keeps its top 32 bits); those of one key go to one bucket. */
/* Appends postings in the spilled form to the buckets to[], chosen by
 * their key's bits after the top `bits`. */
void
sm_scatter(const uint64_t *p, size_t n, FILE **to, unsigned bits)
{
	enum { BUF = 512 };
	uint64_t *buf = dk_reallocarray(NULL, (size_t)NBUCKET * BUF, sizeof *buf);
	size_t i, b, nbuf[NBUCKET] = { 0 };

	for (i = 0; i < n; i++) {
		b = (size_t)(p[i] << bits >> (64 - BUCKET_BITS));
		buf[b * BUF + nbuf[b]++] = p[i];
		if (nbuf[b] == BUF) {
			write_postings(to[b], buf + b * BUF, BUF);
			nbuf[b] = 0;
		}
	}
	for (b = 0; b < NBUCKET; b++)
		write_postings(to[b], buf + b * BUF, nbuf[b]);
	free(buf);
}

/* Spilled postings keep the top 32 bits of the key above 32 bits of
 * document, whatever the shift of those in memory (at most 32: a key
 * keeps its top 32 bits); those of one key go to one bucket. */
void
sm_spill(sm_keyed *k)
{
	uint64_t *p = k->pkey.v, low = ((uint64_t)1 << k->shift) - 1;
	size_t i, b;

	if (!k->spilled) {
		for (b = 0; b < NBUCKET; b++)
			k->bucket[b] = sm_temp_file();
		k->spilled = 1;
	}
	for (i = 0; i < k->pkey.n; i++)
		p[i] = p[i] >> 32 << 32 | (p[i] & low);
	sm_scatter(p, k->pkey.n, k->bucket, 0);
	k->pkey.n = 0;
}

/* The postings in f. */
size_t
sm_postings_in(FILE *f)
{
	long size;

	if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		dk_die(1, "cannot read the band postings back");
	return (size_t)size / sizeof(uint64_t);
}

/* The postings of f, from its start, into k->pkey; f is closed. */
void
sm_load(sm_keyed *k, FILE *f)
{
	size_t n = sm_postings_in(f);

	DK_GROW(&k->pkey, k->pkey.n + n);
	if (n > 0 && fread(k->pkey.v + k->pkey.n, sizeof(uint64_t), n, f) != n)
		dk_die(1, "cannot read the band postings back");
	k->pkey.n += n;
	fclose(f);
}

/* Everything spilled back into memory, in the spilled form (for
 * --against's table, which lookups need whole). */
void
sm_unspill(sm_keyed *k)
{
	size_t b;

	if (!k->spilled)
		return;
	sm_spill(k);
	for (b = 0; b < NBUCKET; b++)
		sm_load(k, k->bucket[b]);
	k->spilled = 0;
	k->shift = 32;
}

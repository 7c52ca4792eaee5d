/* What dkdedup's temporaries say, read back once the stages are done:
 * the documents too short to judge and the exact copies (from the
 * signatures, their checksums and the pairs), the pairs of the guarded
 * containment pass added to the Jaccard pass's or, without it, those
 * left among the documents kept, and the closing summary. */
#include "dkdedup.h"
#include "intern.h"
#include "msg.h"
#include "stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A temporary of the job opened for reading: one that cannot be is the
 * job's failure, status 1. */
static dk_reader *
open_file(const char *path)
{
	dk_reader *r = dk_reader_open(path);

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	return r;
}

/* The end of reading one: a read error (already reported) is status 1. */
static void
close_file(dk_reader *r)
{
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
}

/* Records of a stream file whose last field satisfies want(); every
 * record when want is NULL. */
static unsigned long long
count(const char *path, int (*want)(dk_str last))
{
	dk_reader *r = open_file(path);
	unsigned long long n = 0;
	dk_str line, last;
	char *tab;

	while (dk_read_line(r, &line)) {
		if (!want) {
			n++;
			continue;
		}
		for (tab = line.p + line.n; tab > line.p && tab[-1] != '\t'; tab--)
			;
		last.p = tab;
		last.n = line.n - (size_t)(tab - line.p);
		n += want(last) != 0;
	}
	close_file(r);
	return n;
}

/* A document with no signature, or marked !short: never matched, kept. */
static int
too_short(dk_str sigs)
{
	return sigs.n == 0 || (sigs.n >= 6 && memcmp(sigs.p, "!short", 6) == 0);
}

/* The ID, checksum and signature field of line, a record of spotsig
 * --checksum (ID TAB ... TAB SUM TAB SIGS, whatever columns the document
 * stream carries between), read from sigs by r. */
static void
split_sigs(const char *sigs, dk_reader *r, dk_str line, dk_str *id, dk_str *sum, dk_str *last)
{
	char *t1, *t2, *t3;

	/* t1, t2 and t3: the tabs after the ID, before SUM and before SIGS */
	for (t3 = line.p + line.n; t3 > line.p && t3[-1] != '\t'; t3--)
		;
	for (t2 = t3 - 1; t2 > line.p && t2[-1] != '\t'; t2--)
		;
	t1 = memchr(line.p, '\t', line.n);
	if (t3 <= line.p || t2 <= line.p || !t1 || t1 >= t2)
		dk_die_at(sigs, dk_reader_lineno(r), "no checksum column");
	t3--;
	t2--;
	*id = (dk_str){ line.p, (size_t)(t1 - line.p) };
	*sum = (dk_str){ t2 + 1, (size_t)(t3 - t2 - 1) };
	*last = (dk_str){ t3 + 1, line.n - (size_t)(t3 + 1 - line.p) };
}

/* Exact copies too short to judge: spotsig --checksum gave each document
 * the SHA-1 of its text (the field before the signatures, whatever
 * columns the document stream carries before it), and a short
 * document whose text an earlier one has is its copy whatever it holds,
 * so the pair (first, copy, 1) is added to the pairs at path pairs (the
 * others spotmatch found: identical signatures, at 1).  Returns the short
 * documents left unjudged, the first of their text. */
unsigned long long
dd_exact_short(const char *sigs, const char *pairs)
{
	dk_reader *r = open_file(sigs);
	FILE *fp = fopen(pairs, "a");
	dk_intern sums;
	DK_VEC(char) ids = { 0 };
	DK_VEC(size_t) at = { 0 };
	unsigned long long n = 0;
	dk_str line, id, sum, last;
	uint32_t k;
	int isnew;

	if (!fp)
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	dk_intern_init(&sums, 0);
	while (dk_read_line(r, &line)) {
		split_sigs(sigs, r, line, &id, &sum, &last);
		if (!too_short(last))
			continue;
		k = dk_intern_id(&sums, sum.p, sum.n, &isnew);
		if (isnew) {
			DK_PUSH(&at, ids.n);
			DK_GROW(&ids, ids.n + id.n);
			memcpy(ids.v + ids.n, id.p, id.n);
			ids.n += id.n;
			n++;
			continue;
		}
		fprintf(fp, "%.*s\t%.*s\t1.000000\n",
		    (int)((k + 1 < at.n ? at.v[k + 1] : ids.n) - at.v[k]), ids.v + at.v[k],
		    (int)id.n, id.p);
	}
	close_file(r);
	if (ferror(fp) | fclose(fp))
		dk_die(DK_EXIT_OPERAND, "%s", pairs);
	dk_intern_free(&sums);
	free(ids.v);
	free(at.v);
	return n;
}

/* The exact copies among the removed: the lines of the removal report
 * (ID KEPT SIM WITH LABEL, dkcluster(1)) whose ID and KEPT have one text,
 * by the SHA-1 of spotsig --checksum in sigs.  (A SIM of 1 is not enough:
 * two texts may differ where no signature is.) */
static unsigned long long
count_exact(const char *sigs, const char *removed)
{
	dk_reader *r = open_file(sigs);
	dk_intern ids;
	DK_VEC(dk_str) sums = { 0 };
	unsigned long long n = 0;
	dk_str line, id, sum, last, kept;
	char *t1, *t2;
	uint32_t a, b;
	int isnew;

	dk_intern_init(&ids, 0);
	while (dk_read_line(r, &line)) {
		split_sigs(sigs, r, line, &id, &sum, &last);
		(void)dk_intern_id(&ids, id.p, id.n, &isnew);
		if (isnew)      /* IDs are unique: spotsig checked them */
			DK_PUSH(&sums, ((dk_str){ dk_memdup(sum.p, sum.n), sum.n }));
	}
	close_file(r);
	r = open_file(removed);
	while (dk_read_line(r, &line)) {
		t1 = memchr(line.p, '\t', line.n);
		t2 = t1 ? memchr(t1 + 1, '\t', line.n - (size_t)(t1 + 1 - line.p)) : NULL;
		if (!t2)
			dk_die_at(removed, dk_reader_lineno(r), "not a removal report line");
		id = (dk_str){ line.p, (size_t)(t1 - line.p) };
		kept = (dk_str){ t1 + 1, (size_t)(t2 - t1 - 1) };
		a = dk_intern_find(&ids, id.p, id.n);
		b = dk_intern_find(&ids, kept.p, kept.n);
		n += a != UINT32_MAX && b != UINT32_MAX && sums.v[a].n == sums.v[b].n &&
		    memcmp(sums.v[a].p, sums.v[b].p, sums.v[a].n) == 0;
	}
	close_file(r);
	for (a = 0; a < sums.n; a++)
		free(sums.v[a].p);
	free(sums.v);
	dk_intern_free(&ids);
	return n;
}

/* The pair of rec (ID1 TAB ID2 TAB SIM, from the file path), as interned
 * numbers in ids (added when new), smaller first, in key. */
static void
pair_key(const char *path, dk_reader *r, dk_intern *ids, const dk_record *rec, uint32_t key[2])
{
	const char *msg;
	uint32_t a, b;
	dk_pair p;
	int isnew;

	if ((msg = dk_parse_pair(rec, &p)) != NULL)
		dk_die_at(path, dk_reader_lineno(r), "%s", msg);
	a = dk_intern_id(ids, p.id1.p, p.id1.n, &isnew);
	b = dk_intern_id(ids, p.id2.p, p.id2.n, &isnew);
	key[0] = a < b ? a : b;
	key[1] = a < b ? b : a;
}

/* Adds to set the pair of every record of the pair file path (IDs
 * interned in ids). */
static void
read_pairs(const char *path, dk_intern *ids, dk_intern *set)
{
	dk_reader *r = open_file(path);
	dk_record rec = { 0 };
	uint32_t key[2];
	int isnew;

	while (dk_read_record(r, &rec, 2)) {
		pair_key(path, r, ids, &rec, key);
		(void)dk_intern_id(set, (const char *)key, sizeof key, &isnew);
	}
	close_file(r);
	dk_record_free(&rec);
}

/* Writes to out (opened with mode: "a" appends) the pairs of in whose
 * two documents the set kept holds (NULL: every pair) and that the set
 * skip does not (pair keys as pair_key makes them, IDs interned in ids);
 * with remember, each pair written joins skip, so that a pair is written
 * once.  Returns how many were written. */
static unsigned long long
write_pairs(const char *in, const char *out, const char *mode, dk_intern *ids,
    const dk_intern *kept, dk_intern *skip, int remember)
{
	dk_reader *r = open_file(in);
	unsigned long long n = 0;
	dk_record rec = { 0 };
	uint32_t key[2];
	dk_pair p;
	FILE *fp;
	int isnew;

	if (!(fp = fopen(out, mode)))
		dk_die(DK_EXIT_OPERAND, "%s", out);
	while (dk_read_record(r, &rec, 2)) {
		pair_key(in, r, ids, &rec, key);
		(void)dk_parse_pair(&rec, &p);
		if (kept && (dk_intern_find(kept, p.id1.p, p.id1.n) == UINT32_MAX ||
		    dk_intern_find(kept, p.id2.p, p.id2.n) == UINT32_MAX))
			continue;
		if (remember) {
			(void)dk_intern_id(skip, (const char *)key, sizeof key, &isnew);
			if (!isnew)
				continue;
		} else if (dk_intern_find(skip, (const char *)key, sizeof key) != UINT32_MAX)
			continue;
		fprintf(fp, "%.*s\n", (int)rec.line.n, rec.line.p);
		n++;
	}
	close_file(r);
	if (ferror(fp) | fclose(fp))
		dk_die(DK_EXIT_OPERAND, "%s", out);
	dk_record_free(&rec);
	return n;
}

/* The truncated copies: to the pairs at path pairs (Jaccard's), the pairs
 * of contained (spotmatch -M containment, whose --min-shared and
 * --size-ratio already bound the shared mass and the ratio of the sizes)
 * that are not there yet.  Returns the pairs added. */
unsigned long long
dd_add_contained(const char *pairs, const char *contained)
{
	dk_intern ids, seen;
	unsigned long long n;

	dk_intern_init(&ids, 0);
	dk_intern_init(&seen, 0);
	read_pairs(pairs, &ids, &seen);
	n = write_pairs(contained, pairs, "a", &ids, NULL, &seen, 1);
	dk_intern_free(&ids);
	dk_intern_free(&seen);
	return n;
}

/* The pairs of in both of whose documents the keep list keep holds (an
 * ID a line; NULL: every pair) and that apart does not (NULL: none),
 * written to out; returns how many. */
unsigned long long
dd_pairs_left(const char *in, const char *keep, const char *apart, const char *out)
{
	dk_intern ids, kept, gone;
	unsigned long long n;
	dk_reader *r;
	dk_str line;
	int isnew;

	dk_intern_init(&ids, 0);
	dk_intern_init(&kept, 0);
	dk_intern_init(&gone, 0);
	if (keep) {
		r = open_file(keep);
		while (dk_read_line(r, &line))
			(void)dk_intern_id(&kept, line.p, line.n, &isnew);
		close_file(r);
	}
	if (apart)
		read_pairs(apart, &ids, &gone);
	n = write_pairs(in, out, "w", &ids, keep ? &kept : NULL, &gone, 0);
	dk_intern_free(&ids);
	dk_intern_free(&kept);
	dk_intern_free(&gone);
	return n;
}

/* The closing summary, after keep's own line: what was kept, what was
 * removed and how, and what could not be judged at all. */
void
dd_summary(unsigned long long nshort, const char *sigs, const char *keep, const char *removed,
    const char *apart, const char *rules, unsigned long long nleft, const char *out)
{
	unsigned long long nkeep = count(keep, NULL), nrem = count(removed, NULL);
	unsigned long long nexact = count_exact(sigs, removed);
	unsigned long long n = nkeep + nrem, napart = apart ? count(apart, NULL) : 0;

	fprintf(stderr, "%s: %llu documents, %llu kept, %llu removed (%llu exact %s, "
	    "%llu near %s: see %s.removed), %llu too short to judge (kept)",
	    dk_progname, n, nkeep, nrem, nexact, nexact == 1 ? "copy" : "copies",
	    nrem - nexact, nrem - nexact == 1 ? "copy" : "copies", out, nshort);
	if (napart)
		fprintf(stderr, ", %llu %s of pages about different things set apart "
		    "(%s)", napart, napart == 1 ? "pair" : "pairs", rules);
	if (nleft)
		fprintf(stderr, "; %llu %s kept that containment calls %s (cut copies, or "
		    "pages of one template: see %s.contained; --prose removes them)", nleft,
		    nleft == 1 ? "pair" : "pairs", nleft == 1 ? "a copy" : "copies", out);
	fputc('\n', stderr);
}


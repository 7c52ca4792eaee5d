/* Unit tests of common/lexicon: counting, look-ups, IDF and its edge
 * cases, loading (merging) and writing; the !agree marks and how
 * common/agree sets them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "agree.h"
#include "lexicon.h"
#include "stream.h"
#include "tap.h"

#define PLAN 33

static void
test_counting(void)
{
	dk_lexicon *lx = dk_lexicon_new();
	uint32_t a, b;

	dk_lexicon_doc(lx);
	a = dk_lexicon_count(lx, "alpha", 5);
	b = dk_lexicon_count(lx, "beta", 4);
	tap_is_int(dk_lexicon_count(lx, "alpha", 5), a, "same term, same id");
	dk_lexicon_doc(lx);
	dk_lexicon_count(lx, "alpha", 5);
	tap_is_int((long long)dk_lexicon_df_id(lx, a), 2, "DF counts documents, not occurrences");
	tap_is_int((long long)dk_lexicon_df(lx, "beta", 4), 1, "DF by term");
	tap_is_int((long long)dk_lexicon_df(lx, "gamma", 5), 0, "unknown term: DF 0");
	tap_is_int(dk_lexicon_find(lx, "gamma", 5), -1, "unknown term: no id");
	tap_is_int(dk_lexicon_find(lx, "beta", 4), b, "find gives the id");
	tap_is_int((long long)dk_lexicon_n(lx), 2, "N");
	dk_lexicon_free(lx);
}

static void
test_idf(void)
{
	dk_lexicon *lx = dk_lexicon_new();

	dk_lexicon_add_n(lx, 4);
	tap_ok(fabs(dk_lexicon_idf(lx, 2) - 0.5) < 1e-12, "N 4, DF 2: IDF 0.5");
	tap_ok(fabs(dk_lexicon_idf(lx, 3) - log(4.0 / 3) / log(4.0)) < 1e-12, "N 4, DF 3");
	tap_ok(dk_lexicon_idf(lx, 0) == 1.0, "DF 0 counts as 1: IDF 1");
	tap_ok(dk_lexicon_idf(lx, 9) == 0.0, "DF above N: IDF 0");
	tap_ok(dk_lexicon_in_range(lx, 2, 0.5, 0.5), "0.5 is in [0.5, 0.5]");
	tap_ok(!dk_lexicon_in_range(lx, 1, 0.2, 0.85) && !dk_lexicon_in_range(lx, 4, 0.2, 0.85),
	    "DF 1 and DF N are outside [0.2, 0.85]");
	dk_lexicon_free(lx);
	lx = dk_lexicon_new();
	dk_lexicon_add_n(lx, 1);
	tap_ok(dk_lexicon_idf(lx, 1) == 0.0, "N 1: IDF 0");
	dk_lexicon_free(lx);
}

static void
test_growth(void)
{
	dk_lexicon *lx = dk_lexicon_new();
	char term[32];
	int i, n, bad = 0;

	for (i = 0; i < 100000; i++) {
		n = snprintf(term, sizeof term, "t%d", i);
		dk_lexicon_add(lx, term, (size_t)n, (uint64_t)(i % 7 + 1));
	}
	for (i = 0; i < 100000; i++) {
		n = snprintf(term, sizeof term, "t%d", i);
		bad += dk_lexicon_df(lx, term, (size_t)n) != (uint64_t)(i % 7 + 1);
	}
	tap_is_int((long long)dk_lexicon_size(lx), 100000, "100000 terms");
	tap_is_int(bad, 0, "every DF found after growth");
	dk_lexicon_free(lx);
}

static void
test_files(void)
{
	static const char text[] = "!N\t3\na%20b\t2\nz\t1\n";
	char path[] = "/tmp/dk-lexicon-XXXXXX";
	dk_lexicon *lx = dk_lexicon_new();
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, sizeof text - 1) != (ssize_t)(sizeof text - 1))
		abort();
	close(fd);
	tap_is_int(dk_lexicon_load(lx, path), 0, "load");
	tap_is_int(dk_lexicon_load(lx, path), 0, "load again");
	tap_is_int(dk_lexicon_load(lx, "/nonexistent/lexicon"), -1, "missing file: -1");
	unlink(path);
	tap_is_int((long long)dk_lexicon_n(lx), 6, "N of both");
	tap_is_int((long long)dk_lexicon_df(lx, "a b", 3), 4, "decoded term, DFs added");
	dk_lexicon_add(lx, "!x", 2, 1);
	dk_lexicon_add(lx, "Z", 1, 0);          /* DF 0: not written */
	dk_out.n = 0;
	dk_lexicon_write(lx);
	tap_is_mem(dk_out.p, dk_out.n, "!N\t6\n%21x\t1\na%20b\t4\nz\t2\n",
	    strlen("!N\t6\n%21x\t1\na%20b\t4\nz\t2\n"), "written: encoded, sorted, !N first");
	dk_out.n = 0;
	dk_lexicon_free(lx);
}

/* A = {x, y, z}, B = {x, y, z}, C = {x, w}, D = {q}: below the bound 0.6
 * are x (DF 3), y and z (DF 2).  x's holders agree by (1 + 0 + 0) / 3
 * without it, y's and z's by 1. */
static void
test_agree(void)
{
	dk_lexicon *lx = dk_lexicon_new();
	static const char *docs[4][3] = { { "x", "y", "z" }, { "x", "y", "z" }, { "x", "w" }, { "q" } };
	static const size_t len[4] = { 3, 3, 2, 1 };
	dk_idcount ids[9];
	dk_agree_doc d[4];
	size_t i, j, k = 0;
	uint64_t ncommon = 0;
	dk_idf_memo memo = { { 0 } };
	long x, y;

	for (i = 0; i < 4; i++) {
		dk_lexicon_doc(lx);
		d[i].first = k;
		d[i].n = len[i];
		d[i].idhash = dk_agree_idhash(&"ABCD"[i], 1);
		for (j = 0; j < len[i]; j++) {
			ids[k].id = dk_lexicon_count(lx, docs[i][j], 1);
			ids[k++].count = 1;
		}
	}
	tap_is_int((long long)dk_agree_mark(lx, 0.6, 0.34, ids, d, 4, &ncommon), 2,
	    "agree 0.34: y and z marked");
	tap_is_int((long long)ncommon, 3, "three signatures below the bound looked at");
	x = dk_lexicon_find(lx, "x", 1);
	y = dk_lexicon_find(lx, "y", 1);
	tap_ok(!dk_lexicon_agreed(lx, (uint32_t)x) && dk_lexicon_agreed(lx, (uint32_t)y),
	    "x not marked, y marked");
	tap_ok(dk_lexicon_keep_id(lx, 0.6, 1, (uint32_t)y, &memo), "a marked term is kept");
	tap_ok(!dk_lexicon_keep_id(lx, 0.6, 1, (uint32_t)x, &memo), "an unmarked one is not");
	tap_ok(dk_lexicon_keep_term(lx, 0.6, 1, "z", 1, &memo), "kept by its bytes");
	tap_ok(dk_lexicon_keep_term(lx, 0.6, 1, "unknown", 7, &memo), "an unknown term: DF 1, kept");
	dk_out.n = 0;
	dk_lexicon_write(lx);
	tap_is_mem(dk_out.p, dk_out.n, "!N\t4\nq\t1\nw\t1\nx\t3\ny\t2\t!agree\nz\t2\t!agree\n",
	    strlen("!N\t4\nq\t1\nw\t1\nx\t3\ny\t2\t!agree\nz\t2\t!agree\n"),
	    "marks written as a third field");
	/* -m --idf 0.6:0.9: an unknown term is dropped (IDF 1), and so are
	 * q and w (IDF 1) and x (0.21): only the marked ones stay */
	tap_is_int((long long)dk_lexicon_prune(lx, 0.6, 0.9), 2, "prune keeps the marked terms");
	dk_out.n = 0;
	dk_lexicon_free(lx);

	lx = dk_lexicon_new();
	dk_lexicon_doc(lx);
	dk_lexicon_doc(lx);
	dk_lexicon_count(lx, "x", 1);
	dk_lexicon_count(lx, "y", 1);
	tap_is_int((long long)dk_agree_mark(lx, 0.6, 0, ids, d, 0, &ncommon), 0,
	    "no document: nothing marked");
	tap_is_int((long long)ncommon, 0, "DF 1: not looked at");
	dk_lexicon_free(lx);
}

int
main(void)
{
	tap_plan(PLAN);
	test_counting();
	test_idf();
	test_growth();
	test_files();
	test_agree();
	return tap_done(PLAN);
}

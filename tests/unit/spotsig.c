/* spotsig's word lists and word table (cmd/spotsig, linked in): the
 * string set and list files, and, as properties against the lists
 * themselves, the table that gives each word its classes in every
 * language at once (spotsig.h). */
#include "spotsig.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

static void
test_words(void)
{
	dk_strset s = { 0 };
	char path[] = "/tmp/dk-words-XXXXXX";
	static const char list[] = "# comment\nThe\n  Über \n\nthe\nDon't\n";
	int fd;
	size_t i;

	tap_is_int((long long)dk_strset_add(&s, "x", 1), 0, "first index 0");
	tap_is_int((long long)dk_strset_add(&s, "y", 1), 1, "second index 1");
	tap_is_int((long long)dk_strset_add(&s, "x", 1), 0, "adding again finds it");
	for (i = 0; i < 1000; i++) {
		char w[16];

		snprintf(w, sizeof w, "w%zu", i);
		dk_strset_add(&s, w, strlen(w));
	}
	tap_ok(dk_strset_find(&s, "w999", 4) == 1001 && dk_strset_find(&s, "w1000", 5) == -1,
	    "lookups after growth");
	tap_ok(strcmp(dk_strset_get(&s, 1), "y") == 0, "insertion order kept");
	dk_strset_free(&s);

	if ((fd = mkstemp(path)) < 0 || write(fd, list, sizeof list - 1) < 0)
		abort();
	close(fd);
	dk_strset_load(&s, path);
	unlink(path);
	tap_ok(s.n == 3 && dk_strset_find(&s, "the", 3) == 0 &&
	    dk_strset_find(&s, "über", strlen("über")) == 1 &&
	    dk_strset_find(&s, "don't", 5) == 2, "list file: comments, blanks, case, duplicates");
	dk_strset_free(&s);

	dk_strset_add_list(&s, dk_english_stopwords);
	tap_ok(s.n > 250 && dk_strset_find(&s, "the", 3) >= 0 && dk_strset_find(&s, "carolina", 8) < 0,
	    "built-in stopwords (%zu)", s.n);
	dk_strset_free(&s);
	dk_strset_add_list(&s, dk_default_antecedents);
	tap_ok(dk_strset_find(&s, "a", 1) >= 0 && dk_strset_find(&s, "is", 2) >= 0 &&
	    dk_strset_find(&s, "have", 4) >= 0, "built-in antecedents");
	dk_strset_free(&s);
}

/* Whether word w (n bytes) is in the NULL-terminated list. */
static int
listed(const char *const *list, const char *w, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && memcmp(*list, w, n) == 0)
			return 1;
	return 0;
}

/* The classes of a word as a token has it: copied to a buffer with
 * bytes that are not the word's after it, as the tokenizer's buffer has
 * the next tokens, so that the look-up must mask them. */
static const struct winfo *
lookup(const struct wtable *w, const char *s, size_t n)
{
	static char buf[256];
	size_t i;

	memcpy(buf, s, n);
	for (i = n; i < n + 16; i++)
		buf[i] = (char)('a' + i % 26);
	return wfind(w, buf, n, n + 16);
}

/* The table of -l auto, every language a profile: each word of each
 * language's lists has that language's bits, and each bit of each word
 * of the table comes from a list. */
static void
test_auto(void)
{
	struct wordsrc src = { .d = 1, .c = 2 };
	struct wtable w = { 0 };
	size_t i, j, n, words = 0, bad = 0, badinc = 0;

	parse_langs(&src, "auto");
	build_words(&w, &src);
	tap_is_int((long long)src.nlang, (long long)dk_nlangs, "auto: every language");
	for (i = 0; i < src.nlang; i++) {
		const dk_lang *l = src.lang[i];
		const char *const *lists[2] = { l->stopwords, l->antecedents };
		const char *const *p;
		unsigned bit = 1u << i;

		for (j = 0; j < 2; j++)
			for (p = lists[j]; *p; p++) {
				const struct winfo *e = lookup(&w, *p, strlen(*p));
				int ante = listed(l->antecedents, *p, strlen(*p));

				words++;
				if (!(e->det & bit) || !(e->stop & bit) || !!(e->ante & bit) != ante ||
				    (ante && (e->d != 1 || e->c != 2))) {
					tap_diag("%s: %s: det %x stop %x ante %x", l->code, *p,
					    e->det, e->stop, e->ante);
					bad++;
				}
			}
	}
	tap_ok(bad == 0 && words > 1000, "auto: the %zu words of the lists found with "
	    "their languages' bits", words);
	for (j = 0, bad = 0, n = 0; j <= w.mask; j++) {
		const struct winfo *e = &w.info[j];
		uint64_t inc[2] = { 0, 0 };

		if (w.key[j].k[1] == WEMPTY)
			continue;
		n++;
		for (i = 0; i < src.nlang; i++) {
			const dk_lang *l = src.lang[i];
			const char *s = w.str[j];
			int a = listed(l->antecedents, s, e->n),
			    st = a || listed(l->stopwords, s, e->n);

			if (!!(e->det >> i & 1) != st || !!(e->stop >> i & 1) != st ||
			    !!(e->ante >> i & 1) != a)
				bad++;
			if (e->det >> i & 1)
				inc[i / 8] += 1ULL << i % 8 * 8;
		}
		if (e->det >> src.nlang || e->stop >> src.nlang || e->ante >> src.nlang ||
		    lookup(&w, w.str[j], e->n) != e)
			bad++;
		badinc += inc[0] != e->inc[0] || inc[1] != e->inc[1];
	}
	tap_ok(bad == 0 && n > 0, "auto: each of the %zu words of the table in no other "
	    "list than its bits say", n);
	tap_ok(badinc == 0, "auto: the counts a word adds are its languages");
	tap_ok(lookup(&w, "carolina", 8) == wnone(&w) && lookup(&w, "th", 2) == wnone(&w) &&
	    lookup(&w, "thee", 4) == wnone(&w) && wfind(&w, "the", 0, 16) == wnone(&w),
	    "auto: other words, prefixes, extensions and the empty word in no class");
	free(w.key);
	free(w.info);
	free(w.str);
}

/* One language as -l gives it: one profile, bit 0. */
static void
test_one(void)
{
	struct wordsrc src = { .d = 3, .c = 4 };
	struct wtable w = { 0 };
	size_t i, bad = 0;
	const char *const *p;

	for (i = 0; i < dk_nlangs; i++) {
		parse_langs(&src, dk_langs[i].code);
		build_words(&w, &src);
		for (p = dk_langs[i].stopwords; *p; p++) {
			const struct winfo *e = lookup(&w, *p, strlen(*p));
			int a = listed(dk_langs[i].antecedents, *p, strlen(*p));

			bad += e->stop != 1 || e->ante != a || (a && (e->d != 3 || e->c != 4));
		}
		for (p = dk_langs[(i + 1) % dk_nlangs].stopwords; *p; p++)
			bad += lookup(&w, *p, strlen(*p))->stop !=
			    listed(dk_langs[i].stopwords, *p, strlen(*p));
		free(w.key);
		free(w.info);
		free(w.str);
		memset(&w, 0, sizeof w);
	}
	tap_ok(bad == 0, "-l LANG: each language's table is its lists, its profile bit 0");
}

/* A long -S list, random words of 1 to 40 bytes (the table grows while
 * it is filled), against random words that are not in it. */
static void
test_many(void)
{
	struct wordsrc src = { .d = 1, .c = 2, .own_stop = 1 };
	struct wtable w = { 0 };
	uint64_t rng = 7;
	char word[64];
	size_t i, k, n, missing = 0, extra = 0, nin;

	parse_langs(&src, "en");
	for (i = 0; i < 30000; i++) {
		n = 1 + dk_rand64(&rng) % 40;
		for (k = 0; k < n; k++)
			word[k] = (char)('a' + dk_rand64(&rng) % 3 + (i % 2 ? 3 : 0));
		dk_strset_add(&src.stop, word, n);
	}
	nin = src.stop.n;
	build_words(&w, &src);
	for (i = 0; i < nin; i++) {
		const char *s = dk_strset_get(&src.stop, i);

		missing += lookup(&w, s, strlen(s))->stop != 1;
	}
	for (i = 0; i < 30000; i++) {
		n = 1 + dk_rand64(&rng) % 40;
		for (k = 0; k < n; k++)
			word[k] = (char)('a' + dk_rand64(&rng) % 6);
		extra += dk_strset_find(&src.stop, word, n) < 0 &&
		    lookup(&w, word, n)->stop != 0;
	}
	tap_ok(missing == 0 && extra == 0, "-S with %zu words: each found, no other "
	    "(%zu missing, %zu extra)", nin, missing, extra);
	dk_strset_free(&src.stop);
	free(w.key);
	free(w.info);
	free(w.str);
}

/* A table started small: it grows (under a new seed each time) while
 * 20,000 words are added, and keeps them all. */
static void
test_growth(void)
{
	struct wtable w = { 0 };
	dk_strset set = { 0 };
	uint64_t rng = 11;
	char word[32];
	size_t i, k, n, missing = 0;

	walloc(&w, 64);
	for (i = 0; i < 20000; i++) {
		n = 1 + dk_rand64(&rng) % 24;
		for (k = 0; k < n; k++)
			word[k] = (char)('a' + dk_rand64(&rng) % 26);
		dk_strset_add(&set, word, n);
	}
	for (i = 0; i < set.n; i++) {
		const char *s = dk_strset_get(&set, i);

		wadd(&w, s, strlen(s))->stop = 1;
	}
	for (i = 0; i < set.n; i++) {
		const char *s = dk_strset_get(&set, i);

		missing += lookup(&w, s, strlen(s))->stop != 1;
	}
	tap_ok(missing == 0 && w.mask + 1 > 64 && w.seed != 0,
	    "growth: %zu words in %zu slots, all found (%zu missing)", set.n,
	    w.mask + 1, missing);
	dk_strset_free(&set);
	free(w.key);
	free(w.info);
	free(w.str);
}

int
main(void)
{
	tap_plan(16);
	test_words();
	test_auto();
	test_one();
	test_many();
	test_growth();
	return tap_done(16);
}

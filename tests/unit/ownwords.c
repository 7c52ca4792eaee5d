/* Own words (common/ownwords.h): the rule on small documents, exactly,
 * and equal to a plain reference, words compared as strings, on random
 * ones; the words' agreement (dk_ownwords_wordsim) on small documents. */
#include "dk.h"
#include "ownwords.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The profiles of the two texts, k 3: a is document 0, b document 1. */
static void
profile2(dk_ownwords *o, const char *a, const char *b)
{
	dk_ownwords_init(o, 3);
	dk_ownwords_add(o, a, strlen(a));
	dk_ownwords_add(o, b, strlen(b));
}

/* apart(a, b) of a profile of the two texts, k 3 */
static int
apart(const char *a, const char *b)
{
	dk_ownwords o;
	int r;

	profile2(&o, a, b);
	r = dk_ownwords_apart(&o, 0, 1);
	tap_ok(r == dk_ownwords_apart(&o, 1, 0), "symmetric: %.30s / %.30s", a, b);
	dk_ownwords_free(&o);
	return r;
}

static void
test_examples(void)
{
	char longa[4096], longb[4096];
	int i;

	tap_ok(apart("sin(3) NAME sin, sinf - sine function. sin computes the sine; sinf the sine too.",
	    "cos(3) NAME cos, cosf - cosine function. cos computes the cosine; cosf the cosine too."),
	    "sin and cos: apart");
	tap_ok(!apart("sin(3) NAME sin, sinf - sine function. sin computes the sine; sinf the sine too.",
	    "sin(3) NAME sin, sinf - sine function. sin computes"),
	    "a truncated copy: names nothing the original lacks");
	tap_ok(!apart("NAME sin - sine function. sin computes it.",
	    "NAME cos - cosine function. cos computes it."),
	    "twice is not 3 times: not own");
	tap_ok(apart("NAME sin - sine function. sin computes it. sin",
	    "NAME cos - cosine function. cos computes it. cos"),
	    "3 times: own, in the same place");
	tap_ok(!apart("Sin(3) NAME sin - sine function. SIN computes it. sIn",
	    "sin(3) NAME sin - sine function. sin computes it. sin"),
	    "case folded: one word");
	tap_ok(!apart("release 2.4 of 2.4: 2.4 and 24 24 24, a a a x x x",
	    "release 3.0 of 3.0: 3.0 and 30 30 30, b b b y y y"),
	    "numbers and one-letter words are no words of the rule");
	tap_ok(!apart("alpha beta gamma zeta one zeta two zeta three",
	    "delta epsilon theta four eta five eta six eta"),
	    "own words in different places: not apart");
	tap_ok(apart("start zeta end one zeta two zeta",
	    "other eta end three eta four eta"),
	    "the same word after: apart");
	tap_ok(apart("zeta first one zeta two zeta",
	    "eta second three eta four eta"),
	    "both at the start: apart");
	tap_ok(!apart("one zeta two zeta three zeta",
	    "one zeta two zeta three zeta eta eta eta"),
	    "one side only has own words: not apart");
	tap_ok(!apart("", "zeta zeta zeta") && !apart("zeta zeta zeta", "") && !apart("", ""),
	    "an empty text (the first profile, too): nothing own, never apart");
	tap_ok(!apart("1 2 3 . , ;", "a b c d"), "no word of the rule at all");
	tap_ok(apart("start zeta end one zeta two zeta",
	    "other eta end three eta four eta") == DK_OWNWORDS_PLACE,
	    "the part that holds: names in the same place");
	tap_ok(apart("std is array typename page name std is array typename end; "
	    "struct std is array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is const typename done") == DK_OWNWORDS_RENAMED,
	    "the part that holds: a name renamed");
	tap_ok(apart("the page of limits signed char struct; static constexpr signed char min; "
	    "static constexpr signed char max; the end of it",
	    "the page of limits char struct; static constexpr char min; static constexpr "
	    "char max; bool is signed; the end of it") == DK_OWNWORDS_TAKEN_OUT,
	    "the part that holds: a run taken out");
	/* std::is_array against std::is_const: const is a word of both
	 * pages, so only array is own, and only on one side */
	tap_ok(apart("std is array typename page name std is array typename end; "
	    "struct std is array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is const typename done"),
	    "a name renamed at 3 places, on one side only: apart");
	tap_ok(apart("std is const typename page name std is const typename end; "
	    "struct std is const typename done",
	    "std is array typename page name std is array typename end; "
	    "struct std is array typename done, const"),
	    "... whichever side it is on");
	tap_ok(!apart("std is array typename page name std is array typename end; "
	    "struct std is array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is typename done"),
	    "renamed at 2 places only: not apart");
	tap_ok(apart("std is big red array typename page name std is big red array typename end; "
	    "struct std is big red array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is const typename done"),
	    "a name of 3 words, renamed as one: apart");
	tap_ok(!apart("std is big red old array typename page name std is big red old array typename end; "
	    "struct std is big red old array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is const typename done"),
	    "a name of 4 words is no rename: not apart");
	tap_ok(apart("std is array typename page name std is array typename end; "
	    "struct std is array typename done, const",
	    "std is const ab cd typename page name std is const ab cd typename end; "
	    "struct std is const typename done"),
	    "the other's words between: 3 tokens at a place are a rename");
	tap_ok(!apart("std is array typename page name std is array typename end; "
	    "struct std is array typename done, const",
	    "std is const const const one typename page name std is const typename end; "
	    "struct std is const typename done"),
	    "the other's words between: 1 to 3 tokens (4 here once, and 2 places left)");
	tap_ok(!apart("is array typename page name is array typename end; "
	    "struct is array typename done, const",
	    "std is const typename page name std is const typename end; "
	    "struct std is const typename done"),
	    "two tokens before on each side, not one: not apart");
	/* std::numeric_limits<signed char> against <char>: signed is a word
	 * of both pages (is_signed), so neither has an own word; the first
	 * is the second with signed put in, wherever its opening has it */
	tap_ok(apart("the page of limits signed char struct; static constexpr signed char min; "
	    "static constexpr signed char max; the end of it",
	    "the page of limits char struct; static constexpr char min; static constexpr "
	    "char max; bool is signed; the end of it"),
	    "a word put in at 3 places, used elsewhere by the other: apart");
	tap_ok(!apart("the page of limits signed char struct; static constexpr signed char min; "
	    "static constexpr char max; the end of it",
	    "the page of limits char struct; static constexpr char min; static constexpr "
	    "char max; bool is signed; the end of it"),
	    "put in at 2 places only: not apart");
	tap_ok(!apart("the page of limits signed char struct; static constexpr signed char min; "
	    "static constexpr signed char max; my signed char way; the end of it",
	    "the page of limits char struct; static constexpr char min; static constexpr "
	    "char max; my signed char way; the end of it"),
	    "... nor when the other has it at a fourth place");
	tap_ok(apart("the page of limits big red old char struct; constexpr big red old char min; "
	    "constexpr big red old char max; the end of it",
	    "the page of limits char struct; constexpr char min; constexpr char max; "
	    "the end of it"),
	    "a run of 3 words put in: apart");
	tap_ok(!apart("the page of limits big red old new char struct; constexpr big red old new "
	    "char min; constexpr big red old new char max; the end of it",
	    "the page of limits char struct; constexpr char min; constexpr char max; "
	    "the end of it"),
	    "a run of 4 words put in: not apart");
	tap_ok(!apart("one hash bool struct std hash char struct std hash signed char struct std "
	    "hash unsigned char struct std hash int struct std hash unsigned int struct std "
	    "hash long struct std hash unsigned long struct",
	    "two hash bool struct std hash char struct std hash signed char struct std "
	    "hash unsigned char struct std hash int struct std hash unsigned int struct std "
	    "hash long struct std hash unsigned long struct"),
	    "a list that holds each frame elsewhere, the same in both but its first word: not apart");
	/* the opening: own words first met after 100 words are not own */
	strcpy(longa, "");
	strcpy(longb, "");
	for (i = 0; i < 100; i++) {
		strcat(longa, "shared ");
		strcat(longb, "shared ");
	}
	strcat(longa, "zeta end zeta end zeta end");
	strcat(longb, "eta end eta end eta end");
	tap_ok(!apart(longa, longb), "own words after the opening: not own");
	memmove(longa + 7, longa, strlen(longa) + 1);
	memcpy(longa, "zeta x ", 7);
	memmove(longb + 6, longb, strlen(longb) + 1);
	memcpy(longb, "eta x ", 6);
	tap_ok(apart(longa, longb), "once in the opening is enough");
}

/* ---- the reference: words as strings ---- */

enum { MAXT = 400 };
struct doc {
	char t[MAXT][8];
	int word[MAXT];
	int n, nopen;
};

static int
count(const struct doc *d, const char *w)
{
	int i, c = 0;

	for (i = 0; i < d->n; i++)
		c += d->word[i] && strcmp(d->t[i], w) == 0;
	return c;
}

static int
in_opening(const struct doc *d, const char *w)
{
	int i;

	for (i = 0; i < d->nopen; i++)
		if (d->word[i] && strcmp(d->t[i], w) == 0)
			return 1;
	return 0;
}

static int
ref_own(const struct doc *a, const struct doc *b, int i)
{
	return a->word[i] && count(a, a->t[i]) >= 3 && in_opening(a, a->t[i]) &&
	    count(b, a->t[i]) == 0;
}

/* the next name of a against b from token *i on: *i its first token, the
 * token after it returned; 0 when there is none */
static int
ref_next_name(const struct doc *a, const struct doc *b, int *i)
{
	int j;

	while (*i < a->nopen && !ref_own(a, b, *i))
		++*i;
	if (*i == a->nopen)
		return 0;
	for (j = *i + 1; j < a->nopen && ref_own(a, b, j); j++)
		;
	return j;
}

/* the places of a's names: before[] and after[] as token indices, -1
 * for the start, -2 for the end */
static int
ref_places(const struct doc *a, const struct doc *b, int *before, int *after)
{
	int i, j, n = 0;

	for (i = 0; (j = ref_next_name(a, b, &i)) != 0; i = j) {
		before[n] = i - 1;
		after[n++] = j < a->nopen ? j : -2;
	}
	return n;
}

/* does b's opening hold a's tokens i-2 and i-1, then 1 to 3 tokens, then
 * a's tokens j and j+1? */
static int
ref_framed(const struct doc *a, int i, int j, const struct doc *b)
{
	int p, l;

	for (p = 2; p + 2 < b->nopen; p++) {
		if (strcmp(b->t[p - 2], a->t[i - 2]) != 0 || strcmp(b->t[p - 1], a->t[i - 1]) != 0)
			continue;
		for (l = 1; l <= DK_OWNWORDS_FILL && p + l + 1 < b->nopen; l++)
			if (strcmp(b->t[p + l], a->t[j]) == 0 && strcmp(b->t[p + l + 1], a->t[j + 1]) == 0)
				return 1;
	}
	return 0;
}

/* a name of a, of 3 tokens at most, renamed in b at 3 places or more */
static int
ref_renamed(const struct doc *a, const struct doc *b)
{
	int i, j, n = 0;

	for (i = 0; (j = ref_next_name(a, b, &i)) != 0; i = j)
		if (i >= 2 && j + 2 <= a->nopen && j - i <= DK_OWNWORDS_FILL &&
		    ref_framed(a, i, j, b) && ++n >= 3)
			return 1;
	return 0;
}

/* does b's opening hold the n tokens t[0..n)? */
static int
ref_holds(const struct doc *b, char *const *t, int n)
{
	int p, q;

	for (p = 0; p + n <= b->nopen; p++) {
		for (q = 0; q < n && strcmp(b->t[p + q], t[q]) == 0; q++)
			;
		if (q == n)
			return 1;
	}
	return 0;
}

/* a run of 1 to 3 of a's words that occur 3 times or more in a, taken out
 * in b wherever a's opening has it (the two tokens before it next to the
 * two after it in b's opening, and not the whole), at 3 places or more */
static int
ref_inserted(const struct doc *a, const struct doc *b)
{
	int i, l, p, q, n, all;

	for (i = 0; i < a->nopen; i++)
		for (l = 1; l <= 3 && i + l <= a->nopen; l++) {
			if (!a->word[i + l - 1] || count(a, a->t[i + l - 1]) < 3)
				break;
			for (p = 2, n = 0, all = 1; all && p + l + 2 <= a->nopen; p++) {
				char *frame[4], *whole[7];

				for (q = 0; q < l && strcmp(a->t[p + q], a->t[i + q]) == 0; q++)
					;
				if (q < l)
					continue;
				for (q = 0; q < l + 4; q++)
					whole[q] = (char *)a->t[p - 2 + q];
				frame[0] = whole[0];
				frame[1] = whole[1];
				frame[2] = whole[l + 2];
				frame[3] = whole[l + 3];
				if (ref_holds(b, frame, 4) &&
				    !ref_holds(b, whole, l + 4))
					n++;
				else
					all = 0;
			}
			if (all && n >= 3)
				return 1;
		}
	return 0;
}

static int
ref_apart(const struct doc *a, const struct doc *b)
{
	int ba[MAXT], aa[MAXT], bb[MAXT], ab[MAXT], na, nb, i, j;

	na = ref_places(a, b, ba, aa);
	nb = ref_places(b, a, bb, ab);
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			if ((ba[i] == -1 && bb[j] == -1) || (ba[i] >= 0 && bb[j] >= 0 &&
			    strcmp(a->t[ba[i]], b->t[bb[j]]) == 0))
				return DK_OWNWORDS_PLACE;
			if (aa[i] >= 0 && ab[j] >= 0 && strcmp(a->t[aa[i]], b->t[ab[j]]) == 0)
				return DK_OWNWORDS_PLACE;
		}
	if (ref_renamed(a, b) || ref_renamed(b, a))
		return DK_OWNWORDS_RENAMED;
	return ref_inserted(a, b) || ref_inserted(b, a) ? DK_OWNWORDS_TAKEN_OUT : 0;
}

/* A random document of n tokens over a small vocabulary (words of 2
 * letters, some numbers and one-letter words), as text and as tokens. */
static void
gen(struct doc *d, char *text, int n, int vocab, uint64_t *rng)
{
	int i, words = 0;

	d->n = n;
	d->nopen = 0;
	text[0] = '\0';
	for (i = 0; i < n; i++) {
		unsigned r = (unsigned)(dk_rand64(rng) % (unsigned)vocab);

		if (r % 11 == 0)
			snprintf(d->t[i], sizeof d->t[i], "%u", r % 1000u);
		else if (r % 13 == 0)
			snprintf(d->t[i], sizeof d->t[i], "%c", 'a' + r % 26);
		else
			snprintf(d->t[i], sizeof d->t[i], "%c%c", 'a' + r % 26, 'a' + r / 26 % 26);
		d->word[i] = strlen(d->t[i]) >= 2 && !(d->t[i][0] >= '0' && d->t[i][0] <= '9');
		if (words < DK_OWNWORDS_OPENING)
			d->nopen = i + 1;
		words += d->word[i];
		strcat(text, d->t[i]);
		strcat(text, i % 7 == 6 ? ". " : " ");
	}
}

static void
test_reference(void)
{
	static struct doc d[2];
	static char text[2][MAXT * 8];
	uint64_t rng = 42;
	int trial, bad = 0, napart = 0;

	for (trial = 0; trial < 3000; trial++) {
		dk_ownwords o;
		int n0 = 20 + (int)(dk_rand64(&rng) % 300), n1 = 20 + (int)(dk_rand64(&rng) % 300);
		int vocab = 30 + (int)(dk_rand64(&rng) % 300), got, want;

		gen(&d[0], text[0], n0, vocab, &rng);
		/* the second: often the first, one of its words renamed or
		 * taken out wherever it stands */
		if (dk_rand64(&rng) % 3 == 0) {
			gen(&d[1], text[1], n1, vocab, &rng);
		} else {
			int i, j, from = (int)(dk_rand64(&rng) % (unsigned)n0);
			int out = (int)(dk_rand64(&rng) % 2), words = 0;

			d[1].nopen = 0;
			text[1][0] = '\0';
			for (i = j = 0; i < d[0].n; i++) {
				int is = strcmp(d[0].t[i], d[0].t[from]) == 0;
				char tok[sizeof d[1].t[0]];

				if (is && out)
					continue;
				/* through tok: d[0] and d[1] are one object */
				snprintf(tok, sizeof tok, "%s", is ? "zz" : d[0].t[i]);
				memcpy(d[1].t[j], tok, sizeof tok);
				d[1].word[j] = is || d[0].word[i];
				if (words < DK_OWNWORDS_OPENING)
					d[1].nopen = j + 1;
				words += d[1].word[j];
				strcat(text[1], d[1].t[j]);
				strcat(text[1], " ");
				j++;
			}
			d[1].n = j;
		}
		dk_ownwords_init(&o, 3);
		dk_ownwords_add(&o, text[0], strlen(text[0]));
		dk_ownwords_add(&o, text[1], strlen(text[1]));
		got = dk_ownwords_apart(&o, 0, 1);
		want = ref_apart(&d[0], &d[1]);
		napart += want;
		if (got != want && bad++ < 5)
			tap_diag("trial %d: apart %d, the reference %d", trial, got, want);
		dk_ownwords_free(&o);
	}
	tap_ok(bad == 0, "3000 random pairs: equal to the reference (%d apart)", napart);
	tap_ok(napart > 300 && napart < 2700, "both answers are met (%d apart)", napart);
}

/* wordsim(a, b): the Jaccard similarity of the two texts' sets of words */
static double
wordsim(const char *a, const char *b)
{
	dk_ownwords o;
	double r;

	profile2(&o, a, b);
	r = dk_ownwords_wordsim(&o, 0, 1);
	tap_ok(r == dk_ownwords_wordsim(&o, 1, 0), "symmetric: %.30s / %.30s", a, b);
	dk_ownwords_free(&o);
	return r;
}

static void
test_wordsim(void)
{
	tap_ok(wordsim("alpha beta gamma", "beta gamma delta") == 0.5, "2 of 4 words");
	tap_ok(wordsim("alpha alpha alpha beta", "beta alpha") == 1,
	    "a set: a word repeated counts once");
	tap_ok(wordsim("Alpha BETA, gamma.", "alpha beta gamma") == 1,
	    "the tokenizer's words, lower-cased");
	tap_ok(wordsim("alpha 12 x y 2024 beta", "alpha 13 z 1999 beta") == 1,
	    "numbers and one-letter tokens are no words");
	tap_ok(wordsim("alpha beta gamma delta", "epsilon zeta") == 0, "nothing shared");
	tap_ok(wordsim("", "") == 1 && wordsim("1 2 x", "") == 1, "neither has a word: 1");
	tap_ok(wordsim("alpha", "") == 0, "one has none: 0");
	/* the flag of own words (k times, in the opening) is not the word */
	tap_ok(wordsim("zeta zeta zeta alpha", "zeta alpha beta") == 2.0 / 3,
	    "a word flagged in one, not the other, is one word");
}

int
main(void)
{
	tap_plan(83);
	test_examples();
	test_reference();
	test_wordsim();
	return tap_done(83);
}

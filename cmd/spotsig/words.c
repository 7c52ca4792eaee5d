/* spotsig's word table: the antecedents of -a and -A, the stopwords of -S
 * and the built-in lists of -l, each word with the profiles it is a
 * stopword or an antecedent of (spotsig.h). */
#include "spotsig.h"

#include <stdio.h>
#include <stdlib.h>

const struct winfo *
wfind_long(const struct wtable *w, const char *s, size_t n)
{
	uint64_t k[2] = { 0, WLONG };
	const struct winfo *e;
	size_t j;

	if (n == 0)
		return wnone(w);
	k[0] = whash_long(s, n);
	j = wprobe(w, k);
	e = &w->info[j];
	return j <= w->mask && e->n == n && memcmp(w->str[j], s, n) == 0 ? e : wnone(w);
}

/* The key of a word of the table. */
static void
word_key(const char *s, size_t n, uint64_t k[2])
{
	if (n > WSHORT) {
		k[0] = whash_long(s, n);
		k[1] = WLONG;
	} else
		wkey(s, n, n, k);
}

uint64_t wkmask[WSHORT + 1][3];

void
walloc(struct wtable *w, size_t size)
{
	unsigned char m[16], t[16];
	size_t i;

	for (i = 0; i <= WSHORT; i++) {
		memset(m, 0, sizeof m);
		memset(m, 0xff, i);
		memset(t, 0, sizeof t);
		t[15] = (unsigned char)i;
		memcpy(wkmask[i], m, 16);
		memcpy(&wkmask[i][2], t + 8, 8);
	}

	w->key = dk_reallocarray(NULL, size, sizeof *w->key);
	for (i = 0; i < size; i++)
		w->key[i].k[0] = w->key[i].k[1] = WEMPTY;
	w->info = dk_calloc(size + 1, sizeof *w->info);
	w->str = dk_calloc(size, sizeof *w->str);
	w->mask = size - 1;
}

/* Places a word (its string, key and classes) in one of its two slots,
 * moving the one there to its other slot, and so on.  After too many
 * moves, the table is twice the size and the words placed anew under
 * another seed. */
static void
wplace(struct wtable *w, const char *s, const uint64_t key[2], struct winfo info)
{
	struct wkey k = { { key[0], key[1] } }, tk;
	struct winfo ti;
	const char *ts;
	size_t j = wslot1(w, whash(w, k.k)), moves, i, size;
	uint64_t h;
	struct wtable old;

	for (moves = 0; moves < 500; moves++) {
		tk = w->key[j];
		ti = w->info[j];
		ts = w->str[j];
		w->key[j] = k;
		w->info[j] = info;
		w->str[j] = s;
		if (tk.k[1] == WEMPTY)
			return;
		k = tk;                 /* the one moved out goes to its other slot */
		info = ti;
		s = ts;
		h = whash(w, k.k);
		j = wslot1(w, h) == j ? wslot2(w, h) : wslot1(w, h);
	}
	old = *w;
	size = (old.mask + 1) * 2;
	walloc(w, size);
	w->seed = dk_mix64(old.seed + 1);       /* new slots for every word */
	for (i = 0; i <= old.mask; i++)
		if (old.key[i].k[1] != WEMPTY)
			wplace(w, old.str[i], old.key[i].k, old.info[i]);
	wplace(w, s, k.k, info);
	free(old.key);
	free(old.info);
	free(old.str);
}

struct winfo *
wadd(struct wtable *w, const char *s, size_t n)
{
	struct winfo *e = (struct winfo *)wfind(w, s, n, n), info = { 0 };
	uint64_t k[2];

	if (e != wnone(w) || n == 0)
		return e;
	word_key(s, n, k);
	info.n = (uint32_t)n;
	wplace(w, s, k, info);
	return (struct winfo *)wfind(w, s, n, n);
}

/* Lower-cases an option's word as the tokenizer does. */
static char *
fold_word(const char *s, size_t n)
{
	char *w = dk_malloc(n * 2 + 4);
	size_t i = 0, wn = 0, len;
	uint32_t cp;

	while (i < n) {
		len = dk_utf8_decode((const unsigned char *)s + i, n - i, &cp);
		if (cp == DK_REPLACEMENT && len == 1)
			dk_diex(DK_EXIT_INPUT, "antecedent '%.*s': invalid UTF-8", (int)n, s);
		wn += dk_utf8_encode(dk_ufold(cp), w + wn);
		i += len;
	}
	w[wn] = '\0';
	return w;
}


/* Parses WORD or WORD:D:C. */
static struct ante
parse_ante(const char *item, size_t n)
{
	struct ante a = { NULL, 0, 0 };
	const char *c1 = memchr(item, ':', n), *c2;
	char num[16];
	size_t k;

	if (n == 0)
		dk_diex(DK_EXIT_INPUT, "empty antecedent in list");
	if (!c1) {
		a.word = fold_word(item, n);
		return a;
	}
	c2 = memchr(c1 + 1, ':', (size_t)(item + n - c1 - 1));
	if (c1 == item || !c2 || memchr(c2 + 1, ':', (size_t)(item + n - c2 - 1)) ||
	    (size_t)(c2 - c1 - 1) >= sizeof num || (size_t)(item + n - c2 - 1) >= sizeof num)
		dk_diex(DK_EXIT_INPUT, "antecedent '%.*s': expected WORD or WORD:D:C",
		    (int)n, item);
	k = (size_t)(c2 - c1 - 1);
	memcpy(num, c1 + 1, k);
	num[k] = '\0';
	a.d = (int)dk_parse_int(num, 1, MAXDIST, "spot distance");
	k = (size_t)(item + n - c2 - 1);
	memcpy(num, c2 + 1, k);
	num[k] = '\0';
	a.c = (int)dk_parse_int(num, 1, MAXCHAIN, "chain length");
	a.word = fold_word(item, (size_t)(c1 - item));
	return a;
}

void
antes_from_list(antevec *av, const char *list)
{
	const char *p = list, *comma;

	for (;;) {
		comma = strchr(p, ',');
		if (!comma)
			comma = p + strlen(p);
		DK_PUSH(av, parse_ante(p, (size_t)(comma - p)));
		if (!*comma)
			break;
		p = comma + 1;
	}
}

/* Antecedent files use the -a item syntax, one item a line; the word list
 * loader has already folded and checked them. */
void
antes_from_file(antevec *av, const char *path)
{
	dk_strset set = { 0 };
	size_t i;

	dk_strset_load(&set, path);
	for (i = 0; i < set.n; i++) {
		const char *s = dk_strset_get(&set, i);

		DK_PUSH(av, parse_ante(s, strlen(s)));
	}
	dk_strset_free(&set);
}

/* Parses the value of -l: "auto", or languages separated by commas.  An
 * unknown name is a usage error that lists the known ones. */
void
parse_langs(struct wordsrc *src, const char *arg)
{
	const char *p = arg, *comma;
	const dk_lang *l;
	size_t i;

	src->nlang = 0;
	src->autolang = strcmp(arg, "auto") == 0;
	if (src->autolang) {
		for (i = 0; i < dk_nlangs; i++)
			src->lang[src->nlang++] = &dk_langs[i];
		return;
	}
	for (;;) {
		comma = strchr(p, ',');
		if (!comma)
			comma = p + strlen(p);
		l = dk_lang_find(p, (size_t)(comma - p));
		if (!l)
			dk_diex(DK_EXIT_INPUT, "-l: unknown language '%.*s' (known: auto "
			    "or a comma-separated list of %s)", (int)(comma - p), p,
			    dk_lang_codes());
		for (i = 0; i < src->nlang && src->lang[i] != l; i++)
			;
		if (i == src->nlang)
			src->lang[src->nlang++] = l;
		if (!*comma)
			break;
		p = comma + 1;
	}
}

static size_t
list_len(const char *const *words)
{
	size_t n = 0;

	while (words[n])
		n++;
	return n;
}

/* Marks a built-in list's words: each gets the bits, and the -d / -c
 * values when it is made an antecedent. */
static void
mark_list(struct wtable *w, const char *const *words, uint16_t stop,
    uint16_t ante, uint16_t det, const struct wordsrc *src)
{
	struct winfo *e;

	for (; *words; words++) {
		e = wadd(w, *words, strlen(*words));
		e->stop |= stop;
		e->det |= det;
		if (ante) {
			e->ante |= ante;
			e->d = (uint16_t)src->d;
			e->c = (uint8_t)src->c;
		}
	}
}

/* Fills the word table; the strings stay owned by src and the built-in
 * lists.  A built-in antecedent is also a stopword of its language. */
void
build_words(struct wtable *w, const struct wordsrc *src)
{
	size_t i, size = 64, total = src->stop.n + src->av.n;
	uint16_t bit, all = src->autolang ? (uint16_t)((1u << src->nlang) - 1) : 1;
	struct winfo *e;
	unsigned m, k;

	for (i = 0; i < src->nlang; i++)
		total += list_len(src->lang[i]->stopwords) + list_len(src->lang[i]->antecedents);
	while (size < total * 2)
		size *= 2;
	walloc(w, size);
	for (i = 0; i < src->nlang; i++) {
		bit = src->autolang ? (uint16_t)(1u << i) : 1;
		mark_list(w, src->lang[i]->stopwords, src->own_stop ? 0 : bit, 0,
		    (uint16_t)(1u << i), src);
		mark_list(w, src->lang[i]->antecedents, src->own_stop ? 0 : bit,
		    src->av.n ? 0 : bit, (uint16_t)(1u << i), src);
	}
	for (i = 0; i < src->stop.n; i++) {
		const char *s = dk_strset_get(&src->stop, i);

		wadd(w, s, strlen(s))->stop |= all;
	}
	for (i = 0; i < src->av.n; i++) {
		e = wadd(w, src->av.v[i].word, strlen(src->av.v[i].word));
		e->ante |= all;
		e->d = (uint16_t)(src->av.v[i].d ? src->av.v[i].d : src->d);
		e->c = (uint8_t)(src->av.v[i].c ? src->av.v[i].c : src->c);
	}
	for (i = 0; i <= w->mask; i++)
		for (m = w->info[i].det; m; m &= m - 1) {
			k = (unsigned)__builtin_ctz(m);
			w->info[i].inc[k / 8] += 1ULL << k % 8 * 8;
		}
}

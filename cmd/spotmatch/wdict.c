/* spotmatch --window: the dictionary.  Signatures interned into slots
 * (struct tok) through an open-addressing table, a slot's serial given by
 * its birth or by -L's lexicon, and slots removed once no document of the
 * window holds them (the sweep, windex.c, decides when, and frees their
 * posting lists first). */
#include "window.h"

#include <stdlib.h>
#include <string.h>

static inline uint64_t
tab_entry(uint64_t hash, uint32_t slot)
{
	return (uint64_t)(uint32_t)hash << 32 | (slot + 1);
}

static void
dict_rehash(struct wdict *dict, size_t size)
{
	size_t i, j;

	free(dict->tab);
	dict->tab = dk_calloc(size, sizeof *dict->tab);
	dict->mask = size - 1;
	for (i = 0; i < dict->n; i++) {
		if (dict->v[i].serial == 0)
			continue;
		for (j = dict->v[i].hash & dict->mask; dict->tab[j]; j = (j + 1) & dict->mask)
			continue;
		dict->tab[j] = tab_entry(dict->v[i].hash, (uint32_t)i);
	}
}

/* The slot of s (hash h, dk_hash64 with seed 0), made when s is new. */
static uint32_t
dict_intern(struct win *w, const char *s, size_t n, uint64_t h)
{
	struct wdict *dict = &w->dict;
	struct tok *t;
	uint32_t slot;
	size_t j;

	if (!dict->tab || (dict->live + 1) * 2 > dict->mask + 1)
		dict_rehash(dict, dict->tab ? (dict->mask + 1) * 2 : 4096);
	/* the tag in the table spares a visit to each entry passed on the way */
	for (j = h & dict->mask; dict->tab[j]; j = (j + 1) & dict->mask) {
		if (dict->tab[j] >> 32 != (uint32_t)h)
			continue;
		t = &dict->v[(uint32_t)dict->tab[j] - 1];
		if (t->hash == h && t->n == n && memcmp(tok_bytes(t), s, n) == 0)
			return (uint32_t)dict->tab[j] - 1;
	}
	if (dict->freeslots.n > 0)
		slot = dict->freeslots.v[--dict->freeslots.n];
	else {
		if (dict->n >= UINT32_MAX - 1)
			dk_diex(DK_EXIT_INPUT, "too many distinct signatures in the window");
		if (dict->n == dict->cap) {
			size_t cap = dict->cap ? dict->cap * 2 : 1024;

			dict->v = dk_realloc_aligned(dict->v, dict->cap * sizeof *dict->v,
			    cap * sizeof *dict->v, _Alignof(struct tok));
			dict->cap = cap;
		}
		slot = (uint32_t)dict->n++;
	}
	t = &dict->v[slot];
	memset(t, 0, sizeof *t);
	t->hash = h;
	if (w->lex) {
		long id = dk_lexicon_find(w->lex, s, n);

		t->serial = id >= 0 ? w->rank[id] : w->nrank + ++dict->serial;
	} else
		t->serial = ++dict->serial;
	t->n = (uint32_t)n;
	if (n <= sizeof t->s.inl)
		memcpy(t->s.inl, s, n);
	else {
		t->s.p = dk_memdup(s, n);
		w->held += n;
	}
	dict->tab[j] = tab_entry(h, slot);
	dict->live++;
	w->held += sizeof *t;
	return slot;
}

#ifndef AHEAD
#define AHEAD 16
#endif
void
win_dict_intern_sigs(struct win *w, const dk_sigs *sigs, uint64_t *hash, struct order *ord)
{
	struct wdict *dict = &w->dict;
	size_t i;

	for (i = 0; i < sigs->n; i++) {
		hash[i] = dk_hash64(sigs->v[i].s.p, sigs->v[i].s.n, 0);
		if (dict->tab && i < 2 * AHEAD)
			__builtin_prefetch(&dict->tab[hash[i] & dict->mask]);
	}
	for (i = 0; i < sigs->n; i++) {
		uint32_t slot;

		/* the table's entry some signatures ahead, and the slot it
		 * names fewer ahead, so that the misses overlap */
		if (dict->tab && i + 2 * AHEAD < sigs->n)
			__builtin_prefetch(&dict->tab[hash[i + 2 * AHEAD] & dict->mask]);
		if (dict->tab && i + AHEAD < sigs->n) {
			uint64_t x = dict->tab[hash[i + AHEAD] & dict->mask];

			if (x)
				__builtin_prefetch(&dict->v[(uint32_t)x - 1]);
		}
		slot = dict_intern(w, sigs->v[i].s.p, sigs->v[i].s.n, hash[i]);
		ord[i].slot = slot;
		ord[i].serial = dict->v[slot].serial;
		/* the document joins the window as seq w->tail once it has
		 * been compared (marked here while the slot is at hand) */
		dict->v[slot].last = (uint32_t)w->tail;
		ord[i].count = dk_measure_weight(w->o.m, sigs->v[i].count);
	}
}

/* Linear probing with backward-shift deletion, so lookups need no
 * tombstones. */
void
win_dict_drop(struct win *w, uint32_t slot)
{
	struct wdict *dict = &w->dict;
	struct tok *t = &dict->v[slot];
	size_t i, j, home;

	for (i = t->hash & dict->mask; (uint32_t)dict->tab[i] != slot + 1; i = (i + 1) & dict->mask)
		continue;
	for (j = (i + 1) & dict->mask; dict->tab[j]; j = (j + 1) & dict->mask) {
		home = (dict->mask >> 32 ? dict->v[(uint32_t)dict->tab[j] - 1].hash :
		    dict->tab[j] >> 32) & dict->mask;
		/* move j back to the hole i unless its home lies in (i, j] */
		if (((j - home) & dict->mask) >= ((j - i) & dict->mask)) {
			dict->tab[i] = dict->tab[j];
			i = j;
		}
	}
	dict->tab[i] = 0;
	w->held -= sizeof *t;
	if (t->n > sizeof t->s.inl) {
		w->held -= t->n;
		free(t->s.p);
	}
	memset(t, 0, sizeof *t);
	DK_PUSH(&dict->freeslots, slot);
	dict->live--;
}

/* spotmatch --window: the repeated-ID check, bounded by the window.  The
 * check of a whole stream (common/ids) keeps every ID it has seen, so its
 * memory grows with the stream while the window's does not.  Here only the
 * records the window holds are kept: its documents, once it has evicted
 * for the arriving record, and the records without signatures (which it
 * does not keep) while their time is within its reach, newest - --disorder
 * - --window, the bound it evicts by.  They are queued in arrival
 * order and leave from the head once the window holds them no more; an
 * index by hash finds an ID among them.  A repeat is reported exactly,
 * with where the first was (common/ids), and nothing beyond the window is
 * looked at: a record whose ID left the window with its first is new. */
#include "window.h"
#include "hash.h"
#include "ids.h"

#include <stdlib.h>
#include <string.h>

#define WID_SEED 0x5749u
#define RING_MIN 1024
#define TEXT_SLACK 65536        /* bytes dropped at the front before moving */

/* Does the window still hold e? */
static int
held(const struct win *w, const struct wid *e)
{
	if (e->seq)
		return e->seq - 1 >= w->head;
	return e->time >= w->newest - w->o.disorder - w->o.window;
}

static size_t
home(const struct wids *s, uint64_t hash)
{
	return (size_t)(hash >> 32) & s->tmask;
}

/* The slot of tab for an entry of hash, the empty one where it goes. */
static size_t
tab_free_slot(const struct wids *s, uint64_t hash)
{
	size_t i = home(s, hash);

	while (s->tab[i])
		i = (i + 1) & s->tmask;
	return i;
}

/* Empties slot i of tab, moving back the entries after it that belong
 * before it (linear probing: no entry may lie beyond an empty slot from
 * its home). */
static void
tab_delete(struct wids *s, size_t i)
{
	size_t j = i, k;

	for (;;) {
		j = (j + 1) & s->tmask;
		if (!s->tab[j])
			break;
		k = (size_t)(s->tab[j] >> 32) & s->tmask;
		/* the entry at j stays unless its home k is cyclically in (i, j] */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			s->tab[i] = s->tab[j];
			i = j;
		}
	}
	s->tab[i] = 0;
}

/* Takes the entry at ring position pos out of tab, if it is there (an
 * entry of an ID that came again after it left the window was replaced). */
static void
tab_unhook(struct wids *s, size_t pos)
{
	const struct wid *e = &s->ring[pos];
	size_t i;

	for (i = home(s, e->hash); s->tab[i]; i = (i + 1) & s->tmask)
		if ((uint32_t)s->tab[i] == pos + 1) {
			tab_delete(s, i);
			return;
		}
}

/* The ring twice as large (or made), and tab made again for it with the
 * entries the window holds: the others are left to leave the queue. */
static void
grow(struct win *w)
{
	struct wids *s = &w->ids;
	size_t size = s->ring ? 2 * (s->mask + 1) : RING_MIN, pos;
	struct wid *ring = dk_reallocarray(NULL, size, sizeof *ring);
	uint64_t q;

	for (q = s->head; q < s->tail; q++)
		ring[q & (size - 1)] = s->ring[q & s->mask];
	free(s->ring);
	free(s->tab);
	s->ring = ring;
	s->mask = size - 1;
	s->tmask = 2 * size - 1;
	s->tab = dk_calloc(2 * size, sizeof *s->tab);
	for (q = s->head; q < s->tail; q++) {
		pos = q & s->mask;
		if (held(w, &s->ring[pos]))
			s->tab[tab_free_slot(s, s->ring[pos].hash)] =
			    (s->ring[pos].hash >> 32) << 32 | (pos + 1);
	}
}

/* Drops the records at the head the window no longer holds, and the bytes
 * of their IDs once they are many. */
static void
prune(struct win *w)
{
	struct wids *s = &w->ids;
	size_t front;

	while (s->head < s->tail && !held(w, &s->ring[s->head & s->mask])) {
		tab_unhook(s, s->head & s->mask);
		s->head++;
	}
	front = s->head < s->tail ? (size_t)(s->ring[s->head & s->mask].off - s->textbase) :
	    s->text.n;
	if (front >= TEXT_SLACK && front * 2 >= s->text.n) {
		memmove(s->text.v, s->text.v + front, s->text.n - front);
		s->text.n -= front;
		s->textbase += front;
	}
}

void
wids_check(struct win *w, dk_reader *r, dk_str id)
{
	struct wids *s = &w->ids;
	const struct wid *e;
	size_t i;

	if (!s->ring)
		grow(w);
	prune(w);
	s->hash = dk_hash64(id.p, id.n, WID_SEED);
	s->place = dk_ids_place(&dk_input_ids, r);
	/* an ID is in tab once at most: a record that repeats it inside the
	 * window is reported, one after the window takes its slot */
	for (i = home(s, s->hash); s->tab[i]; i = (i + 1) & s->tmask) {
		if (s->tab[i] >> 32 != s->hash >> 32)
			continue;
		e = &s->ring[(uint32_t)s->tab[i] - 1];
		if (e->hash == s->hash && e->n == id.n && (id.n == 0 ||
		    memcmp(s->text.v + (e->off - s->textbase), id.p, id.n) == 0)) {
			if (held(w, e))
				dk_ids_repeated(&dk_input_ids, r, id, e->place);
			break;
		}
	}
	s->at = i;
}

void
wids_add(struct win *w, dk_str id, int64_t t, int kept)
{
	struct wids *s = &w->ids;
	struct wid *e;
	size_t pos;

	if (s->tail - s->head == s->mask + 1) {
		grow(w);        /* the ID's earlier entry, if any, is not in tab */
		s->at = tab_free_slot(s, s->hash);
	}
	pos = s->tail & s->mask;
	e = &s->ring[pos];
	e->hash = s->hash;
	e->place = s->place;
	e->off = s->textbase + s->text.n;
	e->time = t;
	e->seq = kept ? w->tail + 1 : 0;
	e->n = (uint32_t)id.n;
	DK_GROW(&s->text, s->text.n + id.n + 1);
	if (id.n)
		memcpy(s->text.v + s->text.n, id.p, id.n);
	s->text.n += id.n;
	s->tab[s->at] = (s->hash >> 32) << 32 | (pos + 1);
	s->tail++;
	if (s->tail - s->head > s->peak)
		s->peak = (size_t)(s->tail - s->head);
}

size_t
wids_bytes(const struct wids *s)
{
	return (s->ring ? (s->mask + 1) * sizeof *s->ring + (s->tmask + 1) * sizeof *s->tab :
	    0) + s->text.cap;
}

void
wids_free(struct wids *s)
{
	DK_FREE_ALL(s->ring, s->tab, s->text.v);
	memset(s, 0, sizeof *s);
}

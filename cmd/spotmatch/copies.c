/* Exact copies in a group: its documents put in classes of one signature
 * array (or text checksum), only a class's first document matched, and
 * the pairs found then copied to the class's other documents, with the
 * pairs inside each class. */
#include "matcher.h"

#include <stdlib.h>

/* Exact copies.
 * Documents of a group with the same signature array, or the same text
 * checksum (which main.c has checked implies the same array), form a
 * class: only its first document, the representative, is indexed and
 * queried.  The pairs found for a representative are then copied to each
 * document of its class, and the pairs inside a class, all at 1, added;
 * the output is that of matching every document.  Members and probes are
 * folded apart, as probes are never paired with each other. */

/* The link from document d to the next copy of its class.  The lanes of
 * the crew (match_crew) share the links: a document is a member of one
 * group and a probe of the next, and the two may be matched at once.  Its class
 * is the same in both (copies have one length, so they fall in one
 * partition and are probes of the next together), in the order of the
 * input: both groups write the same links, atomically, and leave them. */
static inline uint32_t
link_get(const sm_matcher *mt, uint32_t d)
{
	return __atomic_load_n(&mt->copy[d], __ATOMIC_RELAXED);
}

static inline void
link_set(sm_matcher *mt, uint32_t d, uint32_t next)
{
	__atomic_store_n(&mt->copy[d], next, __ATOMIC_RELAXED);
}

static uint64_t
class_hash(const sm_ctx *c, uint32_t d)
{
	if (c->sum.n && c->sum.v[d] != NONE)
		return dk_mix64((uint64_t)c->sum.v[d] | (uint64_t)1 << 63);
	return sm_doc_fp(c, &c->docs.v[d]);
}

/* Whether a and b are copies: the same checksum when either has one,
 * else the same signature array. */
static int
same_class(const sm_ctx *c, uint32_t a, uint32_t b)
{
	const sm_doc *x = &c->docs.v[a], *y = &c->docs.v[b];

	if (c->sum.n && (c->sum.v[a] != NONE || c->sum.v[b] != NONE))
		return c->sum.v[a] == c->sum.v[b];
	return x->len == y->len && sm_same_sigs(c, x, y);
}

/* Puts doc[0..n) in classes: the representatives, in the order of doc,
 * into reps; each copy linked after the last document of its class. */
void
sm_fold(sm_matcher *mt, const uint32_t *doc, size_t n, uint32_t *reps, size_t *nreps)
{
	sm_ctx *c = mt->c;
	size_t i, j, size = 16;
	uint64_t h;
	uint32_t d, k;
	struct klass *kl;

	while (3 * size < 4 * n)   /* at most 3/4 full */
		size *= 2;
	if (size > mt->ctabsize) {
		free(mt->ctab);
		mt->ctab = dk_reallocarray(NULL, size, sizeof *mt->ctab);
		mt->ctabsize = size;
	}
	memset(mt->ctab, 0, size * sizeof *mt->ctab);
	*nreps = 0;
	for (i = 0; i < n; i++) {
		d = doc[i];
		h = class_hash(c, d);
		for (j = h & (size - 1); (k = mt->ctab[j].cls) != 0; j = (j + 1) & (size - 1))
			if (mt->ctab[j].hash == (uint32_t)h &&
			    same_class(c, mt->cls.v[k - 1].rep, d))
				break;
		if (k == 0) {
			DK_PUSH(&mt->cls, ((struct klass){ d, d }));
			mt->ctab[j] = (struct cslot){ (uint32_t)h, (uint32_t)mt->cls.n };
			reps[(*nreps)++] = d;
			continue;
		}
		kl = &mt->cls.v[k - 1];
		link_set(mt, kl->tail, d);
		kl->tail = d;
		mt->nfolded++;
	}
}

/* Copies each pair found from p->v[from] on to the copies of its two
 * documents. */
void
sm_unfold(const sm_matcher *mt, sm_pairs *p, size_t from)
{
	size_t i, end = p->n;
	uint32_t a, b;
	sm_pair x;

	for (i = from; i < end; i++) {
		x = p->v[i];
		if (link_get(mt, x.a) == NONE && link_get(mt, x.b) == NONE)
			continue;
		for (a = x.a; a != NONE; a = link_get(mt, a))
			for (b = x.b; b != NONE; b = link_get(mt, b))
				if (a != x.a || b != x.b)
					DK_PUSH(p, ((sm_pair){ a < b ? a : b, a < b ? b : a, x.sim }));
	}
}

/* The pairs inside the members' classes, at 1, into p; and every link
 * undone for the next group, unless the links are shared. */
void
sm_close_classes(sm_matcher *mt, size_t nmember_cls, sm_pairs *p)
{
	size_t k;
	uint32_t a, b, next;

	for (k = 0; k < mt->cls.n; k++) {
		if (mt->cls.v[k].rep == mt->cls.v[k].tail)
			continue;
		for (a = mt->cls.v[k].rep; k < nmember_cls && a != NONE; a = link_get(mt, a))
			for (b = link_get(mt, a); b != NONE; b = link_get(mt, b))
				DK_PUSH(p, ((sm_pair){ a < b ? a : b, a < b ? b : a, 1.0 }));
		for (a = mt->cls.v[k].rep; !mt->shared && a != NONE; a = next) {
			next = mt->copy[a];
			mt->copy[a] = NONE;
		}
	}
}

/* spotsig: the class of each token of a document, in one pass: its
 * language with -l auto (by paragraph), and whether it is a stopword or
 * an antecedent there (spotsig.h). */
#include "spotsig.h"

/* -l auto decides by stopword occurrences: a language's built-in
 * stopwords (its antecedents among them) count for it, a word of several
 * lists for each.  A paragraph (a line of the text: htmlstrip writes one
 * a block) with PARA_HITS occurrences or more for its leading language
 * takes that language; a shorter one, too short to tell, takes the
 * document's.  So the parts of a page that are in another language than
 * the page (an untranslated section, a quotation) get their own
 * antecedents, and two copies of an article keep the same signatures
 * when their framing, in another language, tips the balance of the
 * whole page one way or the other. */
#define PARA_HITS 8

/* The leading language of counts (a tie goes to the one listed first,
 * none at all to the first: English), and its count in *hits. */
static size_t
leading(const uint32_t *count, size_t nlang, uint32_t *hits)
{
	size_t i, best = 0;

	for (i = 1; i < nlang; i++)
		if (count[i] > count[best])
			best = i;
	*hits = count[best];
	return best;
}

static void
tally(uint32_t *count, const struct wslot *e)
{
	unsigned m;

	for (m = e->det; m; m &= m - 1)
		count[__builtin_ctz(m)]++;
}

/* -l auto: each token's word table slot and profile (the language of
 * its paragraph or of its document, above). */
void
detect(struct state *st, const char *text)
{
	const dk_tokens *t = &st->toks;
	uint32_t count[MAXPROF] = { 0 }, hits;
	size_t i, j, start, doc, lang, nl = st->src->nlang;

	DK_GROW(&st->tslot, t->n);
	DK_GROW(&st->tmask, t->n);
	for (i = 0; i < t->n; i++) {
		st->tslot.v[i] = wfind(&st->words, dk_token_text(t, i), t->v[i].len,
		    t->captext - t->v[i].off);
		tally(count, st->tslot.v[i]);
	}
	doc = leading(count, nl, &hits);
	st->nlang[doc]++;
	for (start = 0; start < t->n; start = i) {
		memset(count, 0, sizeof count);
		for (i = start; i < t->n; i++) {
			if (i > start && memchr(text + t->v[i - 1].pos, '\n',
			    t->v[i].pos - t->v[i - 1].pos))
				break;          /* a line break: the next paragraph */
			tally(count, st->tslot.v[i]);
		}
		lang = leading(count, nl, &hits);
		if (hits < PARA_HITS)
			lang = doc;
		else if (lang != doc)
			st->nparas++;
		for (j = start; j < i; j++)
			st->tmask.v[j] = (uint16_t)(1u << lang);
	}
}

/* Token classes in one pass: the non-stopwords go to ns, and each
 * antecedent occurrence to at as (token index, position in ns of the
 * first non-stopword after it, its word table slot). */
void
classify(struct state *st)
{
	const dk_tokens *t = &st->toks;
	const struct wslot *e;
	uint32_t *ns;
	size_t i, nns = 0;
	unsigned p = 1;         /* the profile: one unless -l auto */

	st->at.n = 0;
	DK_GROW(&st->ns, t->n);
	ns = st->ns.v;
	for (i = 0; i < t->n; i++) {
		if (st->src->autolang) {
			e = st->tslot.v[i];
			p = st->tmask.v[i];
		} else
			e = wfind(&st->words, dk_token_text(t, i), t->v[i].len,
			    t->captext - t->v[i].off);
		ns[nns] = (uint32_t)i;          /* kept unless a stopword */
		nns += !(e->stop & p);
		if (e->ante & p) {
			DK_GROW(&st->at, st->at.n + 3);
			st->at.v[st->at.n++] = (uint32_t)i;
			st->at.v[st->at.n++] = (uint32_t)nns;
			st->at.v[st->at.n++] = (uint32_t)(e - st->words.slot);
		}
	}
	st->ns.n = nns;
}

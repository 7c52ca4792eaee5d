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

/* A paragraph's stopword occurrences by language are counted one a byte
 * in two words, acc0 for the languages 0 to 7 and acc1 for 8 to 15, kept
 * in registers by detect: each token adds its word's winfo.inc, without a
 * loop over its languages.  Before a byte can overflow and at the end of
 * the paragraph they are spilled into count, for the languages of the
 * mask seen (the others are 0). */
static void
spill(uint32_t *count, unsigned seen, uint64_t acc0, uint64_t acc1)
{
	unsigned m, k;

	for (m = seen; m; m &= m - 1) {
		k = (unsigned)__builtin_ctz(m);
		count[k] += (uint32_t)((k < 8 ? acc0 : acc1) >> k % 8 * 8 & 0xff);
	}
}

/* The paragraph that ends before token end, whose counts are in count
 * for the languages of seen: its leading language and whether it has
 * enough hits to keep it, into st->paras; the counts are added to the
 * document's and cleared. */
static void
close_para(struct state *st, uint32_t *count, unsigned seen, uint32_t *doc,
    size_t end)
{
	struct para p = { (uint32_t)end, 0, 0 };
	uint32_t hits = 0;
	unsigned m, k;

	for (m = seen; m; m &= m - 1) {
		k = (unsigned)__builtin_ctz(m);
		if (count[k] > hits) {          /* a tie: the one listed first */
			hits = count[k];
			p.lang = (uint16_t)k;
		}
		doc[k] += count[k];
		count[k] = 0;
	}
	p.own = hits >= PARA_HITS;
	DK_PUSH(&st->paras, p);
}

/* -l auto: each token's classes, and the paragraphs with their language
 * (above), in one pass over the tokens.  A paragraph ends where a line
 * break lies between two tokens: the first one at or after the previous
 * token's start is looked for once, not between every two tokens. */
void
detect(struct state *st, const char *text, size_t n)
{
	const struct wtable w = st->words;      /* a copy the calls cannot change */
	const dk_token *tv = st->toks.v;
	const char *tt = st->toks.text;
	const struct winfo *e;
	struct tclass *tc;
	uint32_t count[MAXPROF] = { 0 }, doc[MAXPROF] = { 0 }, hits;
	uint64_t acc0 = 0, acc1 = 0;
	unsigned seen = 0, nacc = 0;    /* the languages seen, the words in acc */
	const char *nlp;
	size_t i, j, start, lang, nextnl = n, nt = st->toks.n, cap = st->toks.captext;

	DK_GROW(&st->tcls, nt);
	tc = st->tcls.v;
	st->paras.n = 0;
	for (i = 0, start = 0; i < nt; i++) {
		size_t pos = tv[i].pos;

		if (nextnl < pos) {
			if (i > start) {                /* a line break */
				spill(count, seen, acc0, acc1);
				close_para(st, count, seen, doc, i);
				acc0 = acc1 = 0;
				nacc = seen = 0;
				start = i;
			}
			nlp = memchr(text + pos, '\n', n - pos);
			nextnl = nlp ? (size_t)(nlp - text) : n;
		} else if (i == 0) {
			nlp = memchr(text + pos, '\n', n - pos);
			nextnl = nlp ? (size_t)(nlp - text) : n;
		}
		e = wfind(&w, tt + tv[i].off, tv[i].len, cap - tv[i].off);
		tc[i].stop = e->stop;
		tc[i].ante = e->ante;
		tc[i].slot = (uint32_t)(e - w.info);
		if (nacc == 255) {
			spill(count, seen, acc0, acc1);
			acc0 = acc1 = 0;
			nacc = 0;
		}
		acc0 += e->inc[0];
		acc1 += e->inc[1];
		seen |= e->det;
		nacc++;
	}
	if (nt > 0) {
		spill(count, seen, acc0, acc1);
		close_para(st, count, seen, doc, nt);
	}
	lang = leading(doc, st->src->nlang, &hits);
	st->nlang[lang]++;
	for (j = 0; j < st->paras.n; j++) {
		struct para *p = &st->paras.v[j];

		if (!p->own)
			p->lang = (uint16_t)lang;
		else if (p->lang != lang)
			st->nparas++;
	}
}

/* An antecedent occurrence: token i, the position in ns of the first
 * non-stopword after it, its word table slot. */
static inline void
push_ante(struct state *st, size_t i, size_t nns, size_t slot)
{
	DK_GROW(&st->at, st->at.n + 3);
	st->at.v[st->at.n++] = (uint32_t)i;
	st->at.v[st->at.n++] = (uint32_t)nns;
	st->at.v[st->at.n++] = (uint32_t)slot;
}

/* -l auto: the classes detect found, in the language of each token's
 * paragraph. */
static size_t
classify_auto(struct state *st, uint32_t *ns)
{
	const struct tclass *tc = st->tcls.v;
	const struct para *pa = st->paras.v;
	size_t i = 0, nns = 0, end;
	unsigned p;

	for (; i < st->toks.n; pa++) {
		p = 1u << pa->lang;
		for (end = pa->end; i < end; i++) {
			ns[nns] = (uint32_t)i;  /* kept unless a stopword */
			nns += !(tc[i].stop & p);
			if (tc[i].ante & p)
				push_ante(st, i, nns, tc[i].slot);
		}
	}
	return nns;
}

/* The other settings: one profile, each token looked up here. */
static size_t
classify_fixed(struct state *st, uint32_t *ns)
{
	const struct wtable w = st->words;      /* a copy push_ante cannot change */
	const dk_token *tv = st->toks.v;
	const char *tt = st->toks.text;
	const struct winfo *e;
	size_t i, nns = 0, nt = st->toks.n, cap = st->toks.captext;

	for (i = 0; i < nt; i++) {
		e = wfind(&w, tt + tv[i].off, tv[i].len, cap - tv[i].off);
		ns[nns] = (uint32_t)i;          /* kept unless a stopword */
		nns += !(e->stop & 1);
		if (e->ante & 1)
			push_ante(st, i, nns, (size_t)(e - w.info));
	}
	return nns;
}

/* Token classes in one pass: the non-stopwords go to ns, and each
 * antecedent occurrence to at (push_ante). */
void
classify(struct state *st)
{
	st->at.n = 0;
	DK_GROW(&st->ns, st->toks.n);
	st->ns.n = st->src->autolang ? classify_auto(st, st->ns.v) :
	    classify_fixed(st, st->ns.v);
}

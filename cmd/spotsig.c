/* spotsig: spot signatures of documents (Theobald, Siddharth and Paepcke,
 * SpotSigs, SIGIR 2008, section 3.1), optionally filtered by IDF. */
#include "dk.h"
#include "langs.h"
#include "lexicon.h"

#include <stdio.h>
#include <stdlib.h>

static const struct dk_usage usage = {
	"spotsig [-v] [-l lang[,lang...] | -l auto] [-a list] [-A file] [-c chain]\n"
	"[-d distance] [-m min] [-S file] [-p pattern] [--idf lo:hi [-L lexicon]...]\n"
	"[--checksum] [file ...]",
	"  -l LANGS      the built-in antecedents and stopwords of these languages\n"
	"                (en, de, fr, es, it, pt, nl, sv, pl, ru), or auto (the\n"
	"                default): each paragraph's language, by its stopwords\n"
	"  -a LIST       antecedents, comma-separated WORD or WORD:D:C items\n"
	"                (default: a, an, the and the forms of be, can, will,\n"
	"                have, do)\n"
	"  -A FILE       antecedents from a file, one item a line\n"
	"  -d N          spot distance for items without their own (default 1)\n"
	"  -c N          chain length for items without their own (default 2)\n"
	"  -S FILE       stopwords from a file instead of the built-in list\n"
	"  -p PATTERN    PCRE2 token pattern instead of the built-in tokenizer\n"
	"  -m N          mark documents with fewer than N signatures !short\n"
	"                (default 1: those without any)\n"
	"  --idf LO:HI   keep signatures whose normalised IDF is in [LO, HI]\n"
	"  -L FILE       IDF statistics from a lexicon (repeatable: merged)\n"
	"                instead of the input itself\n"
	"  --checksum    a carried column before the signatures: the SHA-1 of\n"
	"                the text, for spotmatch --checksum-column\n"
	"  -v            statistics on stderr\n"
	DK_CLI_IDHELP
	"  -h, --help, --version\n",
};

#define MAXCHAIN 64
#define MAXDIST 1000
#define QMASK 4095

#define MAXPROF 16

/* The word classes: one open-addressing table for stopwords and
 * antecedents, so that each token costs one probe.  A word's classes are
 * bit masks of profiles: one profile (bit 0) unless -l auto, which gives
 * each language its own (bit i for dk_langs[i]). */
struct wslot {
	uint64_t k[2];          /* up to 16 bytes: the word; longer: its hash, 0 */
	const char *s;          /* NULL: empty */
	uint32_t n;
	uint16_t d;
	uint8_t c;
	uint16_t stop, ante;    /* the profiles it is a stopword, antecedent of */
	uint16_t det;           /* the languages whose built-in stopword it is */
};

struct wtable {
	struct wslot *slot;
	size_t mask;
	size_t maxlen;          /* longer tokens are in no class */
	uint64_t quick[QMASK + 1];      /* bit n: some word of length n */
	struct wslot none;      /* what wfind finds for other words: no class */
};

struct ante {
	char *word;
	int d, c;               /* 0: the -d / -c value */
};

typedef DK_VEC(struct ante) antevec;

/* A distinct signature of the current document, at state.sig[off]. */
struct usig {
	size_t off, len;
	uint64_t hash;
	uint32_t count;
};

/* A document held for the second pass: its head in heads, its signatures
 * (lexicon ids) in ids[first, first + n). */
struct bdoc {
	size_t head, headlen, first;
	size_t n;
};

/* Where the word classes come from: the languages of -l (all of them
 * for auto), and -S and -a / -A, which replace the stopwords or the
 * antecedents of every language. */
struct wordsrc {
	const dk_lang *lang[MAXPROF];
	size_t nlang;
	int autolang;           /* -l auto: one profile a language */
	dk_strset stop;
	int own_stop;
	antevec av;
	int d, c;
};

/* Why the documents without any spot signature have none (the guess
 * for the warning at the end). */
enum { NOSIG_SHORT, NOSIG_UNSPACED, NOSIG_WORDS, NOSIG_KINDS };

struct state {
	dk_tokenizer *tok;
	int plain;              /* built-in tokenizer: nothing to encode */
	struct wtable words;
	const struct wordsrc *src;
	DK_VEC(const struct wslot *) tslot;     /* -l auto: each token's slot */
	DK_VEC(uint16_t) tmask;                 /* -l auto: each token's profiles */
	uint64_t nlang[MAXPROF];        /* -l auto: documents of each language */
	uint64_t nparas;                /* -l auto: paragraphs in another one */
	uint64_t nosig[NOSIG_KINDS];
	int minsigs;
	int idf;
	double lo, hi;
	dk_idf_memo memo;       /* keep_df */
	dk_lexicon *lex;        /* -L, or the input's own statistics */
	int external;
	/* per document, reused */
	dk_tokens toks;
	DK_VEC(uint32_t) ns;    /* token indices of the non-stopwords */
	DK_VEC(uint32_t) at;    /* triples: antecedent token, ns position, slot */
	dk_buf sig;             /* encoded signatures, back to back */
	DK_VEC(struct usig) u;  /* distinct signatures, first occurrence order */
	uint32_t *uslot;        /* u index + 1 */
	size_t umask;
	dk_buf raw;             /* a decoded signature for -L look-ups */
	/* buffered input for the two-pass IDF filter */
	dk_buf heads;
	DK_VEC(struct bdoc) docs;
	DK_VEC(dk_idcount) ids;
	/* --checksum: the current document's, with its TAB */
	dk_sha1 *sha1;
	char sum[DK_SHA1_HEX + 1];
	/* statistics */
	uint64_t ndocs, nshort, nsigs, nkept, bytes;
};

/* Most tokens are in no list: a table of the lengths seen for each hash
 * of (first, second, last byte) rejects nearly all of them before any
 * hashing. */
static inline size_t
qkey(const char *s, size_t n)
{
	return ((unsigned char)s[0] * 961u + (unsigned char)s[n > 1] * 31u +
	    (unsigned char)s[n - 1]) & QMASK;
}

/* The first m < 8 bytes of a loaded word. */
static inline uint64_t
keep_bytes(uint64_t x, size_t m)
{
	if (m == 0)
		return 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return x & ~0ULL << (64 - 8 * m);
#else
	return x & ~0ULL >> (64 - 8 * m);
#endif
}

/* A word of up to 16 bytes is its own key: two words, zero-padded.  The
 * token buffer usually has 16 bytes to spare after a token, so the key is
 * two loads and a mask. */
static inline void
wkey(const char *s, size_t n, size_t avail, uint64_t k[2])
{
	unsigned char b[16];

	if (avail >= 16)
		memcpy(k, s, 16);
	else {
		memset(b, 0, 16);
		memcpy(b, s, n);
		memcpy(k, b, 16);
	}
	if (n < 8) {
		k[0] = keep_bytes(k[0], n);
		k[1] = 0;
	} else
		k[1] = n == 16 ? k[1] : keep_bytes(k[1], n - 8);
}

static inline uint64_t
whash(const uint64_t k[2], size_t n)
{
	return dk_mix64(k[0] ^ (k[1] * 0x9e3779b97f4a7c15ULL) ^ n);
}

/* Words longer than 16 bytes: hash of all bytes. */
static uint64_t
whash_long(const char *s, size_t n)
{
	return dk_hash64(s, n, 0);
}

/* The class of a token, w->none if none; avail is how many bytes may
 * be read at s. */
static inline const struct wslot *
wfind(const struct wtable *w, const char *s, size_t n, size_t avail)
{
	uint64_t k[2], h;
	size_t j;

	if (n > w->maxlen || n == 0 || (n < 64 && !(w->quick[qkey(s, n)] & (1ULL << n))))
		return (struct wslot *)&w->none;
	if (n > 16) {
		h = whash_long(s, n);
		for (j = h & w->mask; w->slot[j].s; j = (j + 1) & w->mask)
			if (w->slot[j].k[0] == h && w->slot[j].n == n &&
			    memcmp(w->slot[j].s, s, n) == 0)
				return &w->slot[j];
		return (struct wslot *)&w->none;
	}
	wkey(s, n, avail, k);
	h = whash(k, n);
	for (j = h & w->mask; w->slot[j].s; j = (j + 1) & w->mask)
		if (w->slot[j].k[0] == k[0] && w->slot[j].k[1] == k[1] && w->slot[j].n == n)
			return &w->slot[j];
	return (struct wslot *)&w->none;
}

/* Adds a word (not copied) to the table, which build_words sized. */
static struct wslot *
wadd(struct wtable *w, const char *s, size_t n)
{
	struct wslot *e = (struct wslot *)wfind(w, s, n, n);
	uint64_t k[2] = { 0, 0 }, h;
	size_t j;

	if (e != &w->none || n == 0)
		return e;
	if (n > 16)
		h = k[0] = whash_long(s, n);
	else {
		wkey(s, n, n, k);
		h = whash(k, n);
	}
	for (j = h & w->mask; w->slot[j].s; j = (j + 1) & w->mask)
		;
	e = &w->slot[j];
	e->k[0] = k[0];
	e->k[1] = k[1];
	e->s = s;
	e->n = (uint32_t)n;
	if (n < 64)
		w->quick[qkey(s, n)] |= 1ULL << n;
	if (n > w->maxlen)
		w->maxlen = n;
	return e;
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

static void
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
static void
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
static void
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
	struct wslot *e;

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
static void
build_words(struct wtable *w, const struct wordsrc *src)
{
	size_t i, size = 64, total = src->stop.n + src->av.n;
	uint16_t bit, all = src->autolang ? (uint16_t)((1u << src->nlang) - 1) : 1;
	struct wslot *e;

	for (i = 0; i < src->nlang; i++)
		total += list_len(src->lang[i]->stopwords) + list_len(src->lang[i]->antecedents);
	while (size < total * 4)
		size *= 2;
	w->slot = dk_calloc(size, sizeof *w->slot);
	w->mask = size - 1;
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
}

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
static void
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
static void
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

static void
grow_uslots(struct state *st)
{
	size_t size = (st->umask + 1) * 2, i, j;

	free(st->uslot);
	st->uslot = dk_calloc(size, sizeof *st->uslot);
	st->umask = size - 1;
	for (i = 0; i < st->u.n; i++) {
		for (j = st->u.v[i].hash & st->umask; st->uslot[j]; j = (j + 1) & st->umask)
			;
		st->uslot[j] = (uint32_t)i + 1;
	}
}

/* Counts the signature at sig[off, end): a repeat is taken back out of
 * the buffer. */
static void
add_sig(struct state *st, size_t off)
{
	size_t len = st->sig.n - off, j;
	uint64_t h = whash_long(st->sig.p + off, len);
	struct usig *u;

	for (j = h & st->umask; st->uslot[j]; j = (j + 1) & st->umask) {
		u = &st->u.v[st->uslot[j] - 1];
		if (u->hash == h && u->len == len &&
		    memcmp(st->sig.p + u->off, st->sig.p + off, len) == 0) {
			u->count++;
			st->sig.n = off;
			return;
		}
	}
	DK_GROW(&st->u, st->u.n + 1);
	u = &st->u.v[st->u.n];
	u->off = off;
	u->len = len;
	u->hash = h;
	u->count = 1;
	st->uslot[j] = (uint32_t)++st->u.n;
	if (st->u.n * 2 > st->umask + 1)
		grow_uslots(st);
}

/* Empties the slots of the distinct-signature table, at a cost of its
 * entries rather than its size (one long document must not slow all later
 * ones).  The entries stay for the caller. */
static void
clear_slots(struct state *st)
{
	size_t i, j;

	for (i = 0; i < st->u.n; i++) {
		for (j = st->u.v[i].hash & st->umask; st->uslot[j] != i + 1;
		    j = (j + 1) & st->umask)
			;
		st->uslot[j] = 0;
	}
}

/* Appends a word of a signature.  The built-in tokenizer's words are
 * letters, marks and digits, which need no percent-encoding. */
static inline void
put_word(struct state *st, size_t tok)
{
	const dk_tokens *t = &st->toks;

	if (st->plain)
		dk_buf_bytes(&st->sig, dk_token_text(t, tok), t->v[tok].len);
	else
		dk_buf_sigtext(&st->sig, dk_token_text(t, tok), t->v[tok].len, ':');
}

/* The spot signatures of the tokenized document, in order of first
 * occurrence, with their counts. */
static void
spot(struct state *st, const char *text)
{
	const struct wslot *e;
	size_t i, k, pos, taken, off, tok;

	if (st->src->autolang)
		detect(st, text);
	classify(st);
	st->u.n = 0;
	st->sig.n = 0;
	for (i = 0; i < st->at.n; i += 3) {
		tok = st->at.v[i];
		pos = st->at.v[i + 1];
		e = &st->words.slot[st->at.v[i + 2]];
		if (pos + e->d - 1 >= st->ns.n)
			continue;       /* not even one word before the end */
		off = st->sig.n;
		put_word(st, tok);
		for (taken = 0, k = pos + e->d - 1; taken < e->c && k < st->ns.n;
		    taken++, k += e->d) {
			dk_buf_char(&st->sig, ':');
			put_word(st, st->ns.v[k]);
		}
		add_sig(st, off);
	}
	clear_slots(st);
}

static int
keep_df(struct state *st, uint64_t df)
{
	return dk_lexicon_keep(st->lex, st->lo, st->hi, df, &st->memo);
}

/* Undoes the percent-encoding of a signature we wrote ourselves (so it is
 * always well formed). */
static void
decode_sig(dk_buf *out, const char *p, size_t n)
{
	long len;

	out->n = 0;
	dk_buf_bytes(out, p, n);
	len = dk_sig_decode(out->p, out->p + n, NULL);
	out->n = len < 0 ? 0 : (size_t)len;
}

/* Starts a document's line: the head, the checksum column if sum is not
 * NULL, and the !short flag when the signatures (counts summed) are fewer
 * than -m. */
static void
write_head(struct state *st, const char *head, size_t headlen, const char *sum,
    uint64_t total, size_t nitems)
{
	dk_buf_bytes(&dk_out, head, headlen);
	if (sum)
		dk_buf_bytes(&dk_out, sum, DK_SHA1_HEX + 1);
	if (total < (uint64_t)st->minsigs) {
		dk_buf_str(&dk_out, nitems ? "!short " : "!short");
		st->nshort++;
	}
	st->nkept += total;
}

/* Most counts are single digits: they skip the general formatter. */
static inline void
write_item(int first, const char *s, size_t n, uint32_t count)
{
	char *p;

	dk_buf_reserve(&dk_out, n + 3);
	p = dk_out.p + dk_out.n;
	if (!first)
		*p++ = ' ';
	memcpy(p, s, n);
	p += n;
	if (count < 10) {
		*p++ = '=';
		*p++ = (char)('0' + count);
		dk_out.n = (size_t)(p - dk_out.p);
	} else {
		dk_out.n = (size_t)(p - dk_out.p);
		dk_buf_sigcount(&dk_out, count);
	}
}

/* One pass: the signatures of the current document, filtered by the
 * external lexicon if there is one, are written at once. */
static void
emit_now(struct state *st, const dk_record *rec)
{
	const dk_str *last = &rec->f[rec->n - 1];
	uint64_t total = 0;
	size_t i, k = 0;

	for (i = 0; i < st->u.n; i++) {
		struct usig *u = &st->u.v[i];

		if (st->idf) {
			decode_sig(&st->raw, st->sig.p + u->off, u->len);
			if (!keep_df(st, dk_lexicon_df(st->lex, st->raw.p, st->raw.n)))
				continue;
		}
		st->u.v[k++] = *u;
		total += u->count;
	}
	write_head(st, rec->line.p, (size_t)(last->p - rec->line.p),
	    st->sha1 ? st->sum : NULL, total, k);
	for (i = 0; i < k; i++)
		write_item(i == 0, st->sig.p + st->u.v[i].off, st->u.v[i].len,
		    st->u.v[i].count);
	dk_buf_char(&dk_out, '\n');
	dk_out_maybe_flush();
}

/* First pass of the input's own IDF statistics: the document is counted
 * and kept (head and signature ids) for emit_held. */
static void
hold(struct state *st, const dk_record *rec)
{
	const dk_str *last = &rec->f[rec->n - 1];
	struct bdoc d;
	size_t i;

	d.head = st->heads.n;
	d.headlen = (size_t)(last->p - rec->line.p);
	d.first = st->ids.n;
	d.n = st->u.n;
	dk_buf_bytes(&st->heads, rec->line.p, d.headlen);
	if (st->sha1) {
		dk_buf_bytes(&st->heads, st->sum, DK_SHA1_HEX + 1);
		d.headlen += DK_SHA1_HEX + 1;
	}
	dk_lexicon_doc(st->lex);
	DK_GROW(&st->ids, st->ids.n + st->u.n);
	for (i = 0; i < st->u.n; i++) {
		dk_idcount *ic = &st->ids.v[st->ids.n++];

		ic->id = dk_lexicon_count(st->lex, st->sig.p + st->u.v[i].off,
		    st->u.v[i].len);
		ic->count = st->u.v[i].count;
	}
	DK_PUSH(&st->docs, d);
}

/* Second pass: every held document, filtered by the statistics of all. */
static void
emit_held(struct state *st)
{
	size_t i, j, k;
	uint64_t total;
	const char *s;
	size_t n;

	for (i = 0; i < st->docs.n; i++) {
		struct bdoc *d = &st->docs.v[i];
		dk_idcount *ic = st->ids.v + d->first;

		for (j = k = 0, total = 0; j < d->n; j++)
			if (keep_df(st, dk_lexicon_df_id(st->lex, ic[j].id))) {
				ic[k++] = ic[j];
				total += ic[j].count;
			}
		write_head(st, st->heads.p + d->head, d->headlen, NULL, total, k);
		for (j = 0; j < k; j++) {
			s = dk_lexicon_term(st->lex, ic[j].id, &n);
			write_item(j == 0, s, n, ic[j].count);
		}
		dk_buf_char(&dk_out, '\n');
		dk_out_maybe_flush();
	}
}

static void
cleanup(struct state *st, struct wordsrc *src)
{
	size_t i;

	for (i = 0; i < src->av.n; i++)
		free(src->av.v[i].word);
	free(src->av.v);
	dk_strset_free(&src->stop);
	free(st->words.slot);
	free(st->tslot.v);
	free(st->tmask.v);
	dk_tokenizer_free(st->tok);
	dk_lexicon_free(st->lex);
	dk_tokens_free(&st->toks);
	free(st->ns.v);
	free(st->at.v);
	dk_buf_free(&st->sig);
	free(st->u.v);
	free(st->uslot);
	dk_buf_free(&st->raw);
	dk_buf_free(&st->heads);
	free(st->docs.v);
	free(st->ids.v);
	dk_sha1_free(st->sha1);
}

/* Counts a document left without any spot signature under its likely
 * cause: words of more than 24 bytes on average are runs of a script
 * written without spaces; fewer than 10 words, a short text; else words
 * that hold no antecedent. */
static void
count_nosig(struct state *st)
{
	const dk_tokens *t = &st->toks;

	if (t->n > 0 && t->ntext / t->n > 24)
		st->nosig[NOSIG_UNSPACED]++;
	else if (t->n < 10)
		st->nosig[NOSIG_SHORT]++;
	else
		st->nosig[NOSIG_WORDS]++;
}

static void
run(dk_reader *r, void *arg)
{
	struct state *st = arg;
	dk_record rec = { 0 };
	dk_str text;

	dk_expect(r, DK_KIND_DOC, NULL);
	while (dk_read_record(r, &rec, 2)) {
		dk_ids_check(&dk_input_ids, r, &rec, 0);
		text = dk_record_text(r, &rec);
		st->bytes += rec.line.n + 1;
		st->ndocs++;
		if (st->sha1)
			dk_sha1_hex(st->sha1, text.p, text.n, st->sum);
		dk_tokenize(st->tok, text.p, text.n, &st->toks);
		spot(st, text.p);
		if (st->u.n == 0)
			count_nosig(st);
		st->nsigs += st->u.n;
		if (st->idf && !st->external)
			hold(st, &rec);
		else
			emit_now(st, &rec);
	}
	dk_record_free(&rec);
}

/* At the end: when a fifth or more of the documents got no signature at
 * all (before any IDF filtering), one warning with the commonest cause. */
static void
warn_nosig(const struct state *st)
{
	uint64_t n = 0;
	int i, why = 0;

	for (i = 0; i < NOSIG_KINDS; i++) {
		n += st->nosig[i];
		if (st->nosig[i] > st->nosig[why])
			why = i;
	}
	if (n == 0 || n * 5 < st->ndocs)
		return;
	if (why == NOSIG_UNSPACED)
		dk_warnx("%llu of %llu documents have no spot signature: most are in a "
		    "script written without spaces between words (Chinese, Japanese, "
		    "Thai?), which spot signatures cannot cut into words; use "
		    "character q-grams (qgram -q N) for them", (unsigned long long)n,
		    (unsigned long long)st->ndocs);
	else if (why == NOSIG_SHORT)
		dk_warnx("%llu of %llu documents have no spot signature: most are "
		    "shorter than 10 words", (unsigned long long)n,
		    (unsigned long long)st->ndocs);
	else
		dk_warnx("%llu of %llu documents have no spot signature: most have words "
		    "but none of the antecedents%s; is their language one of -l "
		    "(%s)? -a gives antecedents of your own", (unsigned long long)n,
		    (unsigned long long)st->ndocs,
		    st->src->autolang ? " of any built-in language" : " in use",
		    dk_lang_codes());
}

static void
report(const struct state *st)
{
	char langs[MAXPROF * 32] = "";
	size_t i, n = 0;

	if (st->src->autolang)
		for (i = 0; i < st->src->nlang; i++)
			if (st->nlang[i])
				n += (size_t)snprintf(langs + n, sizeof langs - n, "%s%s %llu",
				    n ? ", " : "; languages: ", st->src->lang[i]->code,
				    (unsigned long long)st->nlang[i]);
	if (st->nparas && n < sizeof langs)
		snprintf(langs + n, sizeof langs - n, "; %llu paragraph%s in another "
		    "language than the document", (unsigned long long)st->nparas,
		    st->nparas == 1 ? "" : "s");
	dk_note("%llu documents (%llu bytes), %llu signatures (distinct in their "
	    "document), %llu written (with repeats), %llu documents short%s",
	    (unsigned long long)st->ndocs, (unsigned long long)st->bytes,
	    (unsigned long long)st->nsigs, (unsigned long long)st->nkept,
	    (unsigned long long)st->nshort, langs);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		DK_CLI_LONGOPTS,
		DK_CLI_IDOPTS,
		{ "idf", required_argument, NULL, 'I' },
		{ "pattern", required_argument, NULL, 'p' },
		{ "checksum", no_argument, NULL, 'K' },
		{ "lang", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 }
	};
	struct state st = { 0 };
	struct wordsrc src = { .d = 1, .c = 2 };
	const char *pattern = NULL;
	int ch, status = DK_EXIT_OK;

	dk_cli_init(argc, argv);
	st.lex = dk_lexicon_new();
	st.minsigs = 1;         /* an empty list cannot be matched: say so */
	while ((ch = getopt_long(argc, argv, "a:A:c:d:hI:l:L:m:p:S:v", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a': antes_from_list(&src.av, optarg); break;
		case 'A': antes_from_file(&src.av, optarg); break;
		case 'c': src.c = (int)dk_parse_int(optarg, 1, MAXCHAIN, "chain length"); break;
		case 'd': src.d = (int)dk_parse_int(optarg, 1, MAXDIST, "spot distance"); break;
		case 'I':
			dk_parse_range(optarg, &st.lo, &st.hi, "IDF range");
			st.idf = 1;
			break;
		case 'l': parse_langs(&src, optarg); break;
		case 'L':
			if (dk_lexicon_load(st.lex, optarg) < 0)
				dk_die(DK_EXIT_OPERAND, "%s", optarg);
			st.external = 1;
			break;
		case 'm': st.minsigs = (int)dk_parse_int(optarg, 0, 1000000, "minimum signatures"); break;
		case 'p': pattern = optarg; break;
		case 'K':
			st.sha1 = dk_sha1_new();
			st.sum[DK_SHA1_HEX] = '\t';
			break;
		case 'S': dk_strset_load(&src.stop, optarg); src.own_stop = 1; break;
		default: dk_cli_common(ch, optarg, &usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (st.external && !st.idf)
		dk_diex(DK_EXIT_INPUT, "-L needs --idf");
	if (src.nlang == 0)
		parse_langs(&src, "auto");
	build_words(&st.words, &src);
	st.src = &src;
	st.tok = dk_tokenizer_new(pattern, 1);
	st.plain = pattern == NULL;
	st.umask = 255;
	st.uslot = dk_calloc(st.umask + 1, sizeof *st.uslot);

	status = dk_each_input(argc, argv, run, &st);
	if (st.idf && !st.external)
		emit_held(&st);
	if (dk_verbose)
		report(&st);
	dk_out_close();
	warn_nosig(&st);
	cleanup(&st, &src);
	return status;
}

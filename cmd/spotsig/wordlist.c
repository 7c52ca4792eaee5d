/* spotsig's word lists (wordlist.h): the string set, the list files of -S
 * and -A, and the built-in English lists. */
#include "wordlist.h"
#include "hash.h"
#include "mem.h"
#include "msg.h"
#include "stream.h"
#include "utf8.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct dk_strset_slot {
	uint64_t hash;
	char *s;                /* NULL: empty slot */
	size_t n;
	size_t index;
};

static void
rehash(dk_strset *set, size_t newsize)
{
	struct dk_strset_slot *old = set->slot, *nslot;
	size_t oldsize = set->slot ? set->mask + 1 : 0, i, j;

	nslot = dk_calloc(newsize, sizeof *nslot);
	for (i = 0; i < oldsize; i++) {
		if (!old[i].s)
			continue;
		for (j = old[i].hash & (newsize - 1); nslot[j].s; j = (j + 1) & (newsize - 1))
			;
		nslot[j] = old[i];
	}
	free(old);
	set->slot = nslot;
	set->mask = newsize - 1;
}

long
dk_strset_find(const dk_strset *set, const char *s, size_t n)
{
	uint64_t h;
	size_t j;

	if (!set->slot)
		return -1;
	h = dk_hash64(s, n, 0);
	for (j = h & set->mask; set->slot[j].s; j = (j + 1) & set->mask)
		if (set->slot[j].hash == h && set->slot[j].n == n &&
		    memcmp(set->slot[j].s, s, n) == 0)
			return (long)set->slot[j].index;
	return -1;
}

size_t
dk_strset_add(dk_strset *set, const char *s, size_t n)
{
	long found = dk_strset_find(set, s, n);
	uint64_t h;
	size_t j;

	if (found >= 0)
		return (size_t)found;
	if (!set->slot || (set->n + 1) * 2 > set->mask + 1)
		rehash(set, set->slot ? (set->mask + 1) * 2 : 64);
	h = dk_hash64(s, n, 0);
	for (j = h & set->mask; set->slot[j].s; j = (j + 1) & set->mask)
		;
	set->slot[j].hash = h;
	set->slot[j].s = dk_memdup(s, n);
	set->slot[j].n = n;
	set->slot[j].index = set->n;
	if (set->n == set->ordercap) {
		set->ordercap = set->ordercap ? set->ordercap * 2 : 32;
		set->order = dk_reallocarray(set->order, set->ordercap, sizeof *set->order);
	}
	set->order[set->n] = set->slot[j].s;
	return set->n++;
}

const char *
dk_strset_get(const dk_strset *set, size_t i)
{
	return set->order[i];
}

void
dk_strset_free(dk_strset *set)
{
	size_t i;

	if (!set->slot)
		return;
	for (i = 0; i <= set->mask; i++)
		free(set->slot[i].s);
	free(set->order);
	free(set->slot);
	memset(set, 0, sizeof *set);
}

void
dk_strset_add_list(dk_strset *set, const char *const *words)
{
	for (; *words; words++)
		dk_strset_add(set, *words, strlen(*words));
}

void
dk_strset_load(dk_strset *set, const char *path)
{
	dk_reader *r = dk_reader_open(path);
	dk_str line;
	size_t a, b, i, len;
	uint32_t cp;
	char *w = NULL;
	size_t wn;

	if (!r)
		dk_die(DK_EXIT_OPERAND, "%s", path);
	while (dk_read_line(r, &line)) {
		for (a = 0; a < line.n && (line.p[a] == ' ' || line.p[a] == '\t'); a++)
			;
		for (b = line.n; b > a && (line.p[b - 1] == ' ' || line.p[b - 1] == '\t'); b--)
			;
		if (a == b || line.p[a] == '#')
			continue;
		if (memchr(line.p + a, ' ', b - a) || memchr(line.p + a, '\t', b - a))
			dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
			    "white space inside a word");
		w = dk_realloc(w, (b - a) * 2 + 4);
		for (i = a, wn = 0; i < b; i += len) {
			len = dk_utf8_decode((const unsigned char *)line.p + i, b - i, &cp);
			if (cp == DK_REPLACEMENT && len == 1)
				dk_die_at(dk_reader_name(r), dk_reader_lineno(r),
				    "invalid UTF-8");
			wn += dk_utf8_encode(dk_ufold(cp), w + wn);
		}
		dk_strset_add(set, w, wn);
	}
	free(w);
	if (dk_reader_error(r))
		exit(DK_EXIT_OPERAND);
	dk_reader_close(r);
}

const char *const dk_default_antecedents[] = {
	"a", "an", "the",
	"be", "am", "is", "are", "was", "were", "been", "being",
	"can", "could",
	"will", "would",
	"have", "has", "had", "having",
	"do", "does", "did", "doing", "done",
	NULL
};

/* English function words for skipping inside spot signature chains:
 * articles and determiners, pronouns, auxiliaries and modals,
 * conjunctions, wh-words, the infinitive "to", the commonest adverbs and
 * quantifiers, and the pieces the tokenizer leaves of contractions.  It is
 * written for this project in the spirit of the SMART list the SpotSigs
 * paper used, with one deliberate difference: prepositions other than
 * "to" are not in it, so chains take them (bank:of:america), which on
 * goldset-dev raises F1 at tau 0.2 from 0.882 to 0.890. */
const char *const dk_english_stopwords[] = {
	"a", "accordingly", "afterwards", "again", "ain", "albeit", "all",
	"almost", "already", "also", "although", "always", "am", "an", "and",
	"another", "any", "anybody", "anyhow", "anyone", "anything",
	"anyway", "anywhere", "are", "aren", "as", "be", "became", "because",
	"become", "becomes", "becoming", "been", "beforehand", "being",
	"both", "but", "can", "can't", "cannot", "consequently", "could",
	"couldn", "d", "did", "didn", "do", "does", "doesn", "doing", "don",
	"done", "each", "eg", "either", "else", "enough", "etc", "even",
	"ever", "every", "everybody", "everyone", "everything", "everywhere",
	"few", "formerly", "furthermore", "had", "hadn", "has", "hasn",
	"have", "haven", "having", "he", "hence", "her", "here", "hereafter",
	"hereby", "herein", "hereupon", "herewith", "hers", "herself", "him",
	"himself", "his", "hither", "hitherto", "how", "however", "i", "ie",
	"if", "inasmuch", "indeed", "insofar", "instead", "is", "isn", "it",
	"its", "itself", "just", "latterly", "least", "less", "lest", "ll",
	"m", "many", "may", "me", "meanwhile", "might", "mightn", "mine",
	"more", "moreover", "most", "mostly", "much", "must", "mustn", "my",
	"myself", "namely", "needn", "neither", "never", "nevertheless",
	"no", "nobody", "noone", "nor", "nothing", "notwithstanding",
	"nowhere", "o", "often", "oh", "ok", "one", "only", "or", "other",
	"otherwise", "ought", "our", "ours", "ourselves", "own", "perhaps",
	"quite", "rather", "re", "s", "same", "seem", "seemed", "seeming",
	"seems", "several", "shall", "shan", "she", "should", "shouldn",
	"since", "so", "some", "somebody", "somehow", "someone", "something",
	"sometime", "sometimes", "somewhere", "still", "such", "t", "than",
	"that", "the", "their", "theirs", "them", "themselves", "then",
	"thence", "there", "thereafter", "thereby", "therefore", "therein",
	"thereof", "thereto", "thereupon", "these", "they", "this", "those",
	"though", "thus", "to", "too", "unless", "until", "us", "ve", "very",
	"viz", "was", "wasn", "we", "were", "weren", "what", "whatever",
	"whatsoever", "when", "whence", "whenever", "where", "whereafter",
	"whereas", "whereby", "wherefore", "wherein", "whereof", "whereupon",
	"wherever", "wherewith", "whether", "which", "whichever", "while",
	"whither", "who", "whoever", "whom", "whomever", "whose", "why",
	"will", "won", "would", "wouldn", "y", "yes", "yet", "you", "your",
	"yours", "yourself", "yourselves",
	NULL
};

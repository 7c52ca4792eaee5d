/* spotsig's built-in languages (-l): for each, a code, its
 * antecedents (articles and the commonest forms of the auxiliaries: be,
 * have, can, will, do or what the language uses for them) and its
 * stopwords (function words skipped inside a chain).  Every antecedent of
 * a language is also one of its stopwords.  Words are lower-cased as the
 * built-in tokenizer folds them, and split where it splits (French l'
 * is the word "l"). */
#ifndef SPOTSIG_LANGS_H
#define SPOTSIG_LANGS_H

#include <stddef.h>

typedef struct {
	const char *code;               /* ISO 639-1: "en", "de", ... */
	const char *name;               /* "English" */
	const char *const *antecedents; /* NULL-terminated */
	const char *const *stopwords;   /* NULL-terminated */
} dk_lang;

/* The languages in their fixed order (English first), and how many. */
extern const dk_lang dk_langs[];
extern const size_t dk_nlangs;

/* The language with this code (case-insensitive), or NULL. */
const dk_lang *dk_lang_find(const char *code, size_t n);
/* "en, de, ...": the codes, for messages. */
const char *dk_lang_codes(void);

#endif

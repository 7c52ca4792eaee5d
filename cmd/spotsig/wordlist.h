/* spotsig's word lists: a set of byte strings, the built-in English
 * stopwords and antecedents, and loading a list from a file (-S, -A: one
 * word a line; blank lines and lines starting with '#' are ignored; words
 * are lower-cased as the built-in tokenizer does, and kept whole even when
 * the tokenizer would split them).  Only spotsig uses them, so they live
 * beside it rather than in common/ (the dk_ names are those they had
 * there). */
#ifndef SPOTSIG_WORDLIST_H
#define SPOTSIG_WORDLIST_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	struct dk_strset_slot *slot;
	size_t n, mask;
	char **order;           /* the strings in insertion order */
	size_t ordercap;
} dk_strset;

/* Adds s (copied); returns its index, the order of first insertion. */
size_t dk_strset_add(dk_strset *set, const char *s, size_t n);
/* Index of s, or -1. */
long dk_strset_find(const dk_strset *set, const char *s, size_t n);
/* The string with index i (NUL-terminated). */
const char *dk_strset_get(const dk_strset *set, size_t i);
void dk_strset_free(dk_strset *set);

/* NULL-terminated built-in lists. */
extern const char *const dk_english_stopwords[];
extern const char *const dk_default_antecedents[];

void dk_strset_add_list(dk_strset *set, const char *const *words);
/* Reads a word list file; an unreadable file is fatal (exit 1), a line
 * with white space inside a word is fatal (exit 2, FILE:LINE). */
void dk_strset_load(dk_strset *set, const char *path);

#endif

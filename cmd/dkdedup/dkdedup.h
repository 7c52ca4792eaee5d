/* dkdedup's files and what each offers the others.  main.c reads the
 * options and runs the job, stage after stage; run.c starts the stages'
 * programs and owns the temporaries; report.c reads back what the stages
 * wrote.  Neither run.c nor report.c calls into another file of dkdedup. */
#ifndef DKDEDUP_H
#define DKDEDUP_H

/* ---- run.c: the stages and the temporaries ---- */

/* A stage: its argument vector (argv[0] is the program's name). */
#define MAXARG 24
struct stage {
	const char *argv[MAXARG + 1];
	int argc;
};

/* Options every dupkit stage gets from dkdedup's own: --max-record,
 * --progress and -v (verbose times). */
struct dd_pass {
	const char *maxrec;
	int progress;
	int verbose;
};
extern struct dd_pass dd_pass;

/* Set once a stage skipped records (each named by it) and did the rest:
 * the job goes on, and ends with status 1. */
extern int dd_skipped;

/* Finds the directory of dkdedup's executable, where the stages' programs
 * are looked for before PATH. */
void dd_find_self(void);
/* Starts s's command line anew: the program, then -v, --progress and
 * --max-record as dd_pass says (verbose: the times of -v). */
void dd_stage(struct stage *s, const char *prog, int verbose);
/* Appends the arguments up to a NULL. */
void dd_args(struct stage *s, ...);
/* Runs the n stages as a pipeline, the first reading the file in (NULL:
 * /dev/null), the last writing the file out, made anew; -v shows it.
 * Returns 0, or the status dkdedup exits with, having said which stage
 * failed. */
int dd_run(struct stage *s, int n, const char *in, const char *out);

/* a then b, newly allocated (out of memory is fatal). */
char *dd_cat(const char *a, const char *b);

/* The temporaries: dd_temps_open makes a directory beside out, dd_tmpname
 * names each file in it (all of them before dd_temps_watch, which has the
 * exit and signal handlers remove them, kill the stages running and
 * remove the directory), and dd_temps_commit renames the n files from[i]
 * to to[i] with the signals held, then removes the rest. */
void dd_temps_open(const char *out);
char *dd_tmpname(const char *name);
void dd_temps_watch(void);
void dd_temps_commit(int n, const char *const *from, char *const *to);

/* ---- report.c: what the stages wrote ---- */

/* Exact copies too short to judge (the signatures at path sigs written by
 * spotsig --checksum): the pair (first, copy, 1) of each is added to the
 * pairs at path pairs.  Returns the short documents left unjudged, the
 * first of their text. */
unsigned long long dd_exact_short(const char *sigs, const char *pairs);
/* Appends to the pairs at path pairs those of contained (spotmatch -M
 * containment --size-ratio, which bounded the pairs' shared mass and
 * lengths) that are not there yet; returns how many. */
unsigned long long dd_add_contained(const char *pairs, const char *contained);
/* Writes to out the pairs of in whose two documents the keep list keep
 * holds (NULL: every pair) and that the pairs of apart do not (NULL:
 * none); returns how many. */
unsigned long long dd_pairs_left(const char *in, const char *keep, const char *apart,
    const char *out);
/* The closing summary on standard error: documents, kept, removed (exact
 * and near copies), too short to judge (nshort), and where there are any,
 * the pairs set apart (those of apart, dkcluster --apart; NULL: none) by
 * the rules named (the options, "--own-words, --word-sim") and the nleft
 * pairs of kept documents that OUT.contained lists. */
void dd_summary(unsigned long long nshort, const char *sigs, const char *keep,
    const char *removed, const char *apart, const char *rules, unsigned long long nleft,
    const char *out);

#endif

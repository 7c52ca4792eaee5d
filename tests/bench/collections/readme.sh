#!/bin/sh
# readme.sh ROOT: writes ROOT/README from the INFO line of each collection
# built under ROOT (see build.sh).
root=$1
{
	echo "Labelled collections for dupkit's safety measurements (issue 30),"
	echo "built by tests/bench/collections/build.sh; each NAME/ holds docs.tsv"
	echo "(ID TAB TEXT, TSV-escaped) and gold.tsv (ID TAB CLUSTER: the documents"
	echo "of one cluster are copies of one another; a unique document is a"
	echo "cluster of its own); copies = sum over clusters of size - 1.  The"
	echo "labelling rule of each is in the header of its script."
	echo "Tuning: copyright translations mail glibmm goldset.  Held out (report only):"
	echo "edits gtkmm pangomm cairomm news feed siblings sigcpp gtkmm4"
	echo "news-l3s news-cleaneval"
	echo "(tests/bench/safety.sh: SAFETY_HELDOUT)."
	echo
	printf 'NAME\tDOCS\tCLUSTERS\tCOPIES\tKIND\tLABELS\n'
	for f in "$root"/*/INFO; do
		[ -f "$f" ] && cat "$f"
	done
	echo
	echo "Notes.  Scores: tests/bench/safety.sh DIR (evaluate --keep per collection;"
	echo "SAFETY_OPTS given to dkdedup, or SAFETY_PIPE a pipeline of stages on"
	echo "\$DOCS writing the keep list, in place of dkdedup)."
	echo "mail: most replies quote their parent whole; they are unique by the rule,"
	echo "so a matcher that does not tell quotation from text loses them.  news:"
	echo "copies are cut to 40-100% of the article, so removing 90% of them needs"
	echo "more than Jaccard at 0.44.  feed: the news pages with 5 stories in 120"
	echo "copies each; a cut of common signatures by document frequency drops"
	echo "those stories' own text and keeps their copies.  translations: nearly all unique (its few"
	echo "copies are untranslated pages).  gtkmm: 2.24 against 3.24, few copies,"
	echo "many pages without counterpart.  Releases: docs/ holds the pages under"
	echo "the IDs of gold.tsv (htmlstrip docs/*.html gives the same IDs); docs.tsv"
	echo "is their whole visible text, template included.  near.tsv: candidate"
	echo "pairs across clusters, every pair whose 4-shingle sets lie >= 0.8 one"
	echo "inside the other (Jaccard, containment, line ratio, IDs); those of line"
	echo "ratio >= 0.8 were left out as ambiguous.  siblings: pages of one"
	echo "family written from one template (sin, cos, tan); a loss there is a"
	echo "page a user wanted."
	echo "sigcpp: libsigc++ 2.0 against 3.0; 2.0 holds families of classes"
	echo "generated for each number of arguments (mem_functor0 ... mem_functor7),"
	echo "pages of one text that differ in their arity: unique by the path rule,"
	echo "text copies by the line rule.  gtkmm4: gtkmm 3.24 against 4.0.  Both"
	echo "were added after the defaults were chosen: nothing was tuned on them."
	echo "news-l3s, news-cleaneval: news.sh on two other sets of the shared"
	echo "pages, added after the defaults and dkdedup --prose were chosen."
	echo "goldset: the shared goldset-dev, on which earlier sessions chose the"
	echo "SpotSigs settings and htmlstrip --main (a tuning collection)."
} > "$root/README"

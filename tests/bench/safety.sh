#!/bin/sh
# safety: what the whole job, dkdedup, does to labelled collections of
# different kinds (issue 30): for each collection NAME/ (docs.tsv and
# gold.tsv, as tests/bench/collections/build.sh makes them) under DIR
# (the first operand, else $SAFETY_DIR, else /work/coll; skipped when
# absent), `dkdedup $SAFETY_OPTS tsv docs.tsv OUT` scored by evaluate
# --keep: a line per collection with its documents, clusters, the unique
# documents lost (clusters with no member kept) in % of the clusters and
# the copies removed in % of the copies, then the totals (sums of counts)
# over the tuning collections, the held-out ones ($SAFETY_HELDOUT, by
# default edits gtkmm pangomm cairomm news feed siblings sigcpp gtkmm4
# news-l3s news-cleaneval), all, and the collections of prose
# ($SAFETY_PROSE, by default news feed edits mail goldset news-l3s
# news-cleaneval: the kind dkdedup --prose is for) and the others.
# SAFE: at most 0.5% lost and at least 90% of the copies removed.  Then, for dkdedup's runs,
# a line per collection with the documents kept and the precision, recall
# and F1 of the pairs the job found (OUT.pairs) and of its clusters (each
# removed document with the one kept in its place, OUT.removed), scored by
# evaluate on the labels, and the pairs of OUT.contained (the copies
# by containment left among the documents kept, without --prose) with
# the precision evaluate gives them: the share that are copies; and, for dkdedup's runs
# (not $SAFETY_PIPE) and where python3 is, losses.py's line per collection:
# how many of the lost documents are text copies of the kept document they
# were removed for, by the collections' own copy rules, and the lost
# documents left, the part of the goal a measure of shared text can
# reach.  Asserts nothing.
#
# To try stage options dkdedup does not pass on, $SAFETY_PIPE replaces it:
# a shell command run with $DOCS set to the collection's docs.tsv that
# writes the keep list on standard output, e.g.
#   SAFETY_PIPE='spotsig "$DOCS" | spotmatch -t 0.6 |
#       dkcluster -a "$DOCS" --representatives' sh tests/bench/safety.sh
. "$(dirname "$0")/common.sh"
dir=${1:-${SAFETY_DIR:-/work/coll}}
heldout=" ${SAFETY_HELDOUT:-edits gtkmm pangomm cairomm news feed siblings sigcpp gtkmm4 news-l3s news-cleaneval} "
prose=" ${SAFETY_PROSE:-news feed edits mail goldset news-l3s news-cleaneval} "
if ! ls "$dir"/*/gold.tsv >/dev/null 2>&1; then
	echo "skip: no collections under $dir (tests/bench/collections/build.sh $dir makes them)"
	exit 0
fi
t=$BENCH_TMP/safety
shell=sh
command -v bash >/dev/null && shell="bash -o pipefail"
mkdir -p "$t"
if [ -n "$SAFETY_PIPE" ]; then
	echo "$SAFETY_PIPE on the collections of $dir"
else
	echo "dkdedup ${SAFETY_OPTS:-(defaults)} on the collections of $dir"
fi
status=0
: >"$t/f1"
for g in "$dir"/*/gold.tsv; do
	c=$(dirname "$g")
	name=$(basename "$c")
	[ -f "$c/docs.tsv" ] || continue
	# shellcheck disable=SC2086
	if [ -n "$SAFETY_PIPE" ]; then
		# every stage's status checked where bash has pipefail
		DOCS=$c/docs.tsv $shell -ec "$SAFETY_PIPE" >"$t/$name.out.keep" 2>"$t/$name.err"
	else
		dkdedup $SAFETY_OPTS tsv "$c/docs.tsv" "$t/$name.out" >/dev/null 2>"$t/$name.err"
	fi
	if [ $? -ne 0 ]; then
		echo "$name: the job failed:" >&2
		cat "$t/$name.err" >&2
		status=1
		continue
	fi
	case $heldout in *" $name "*) set=held-out ;; *) set=tuning ;; esac
	case $prose in *" $name "*) kind=prose ;; *) kind=other ;; esac
	evaluate --keep "$t/$name.out.keep" --tsv "$g" | sed -n 2p |
		sed "s/^/$name	$set	/; s/\$/	$kind/" || status=1
	[ -n "$SAFETY_PIPE" ] && continue
	# the pairs the job found, and its clusters (each removed document
	# in the cluster of the one kept in its place), scored on the labels
	{
		printf '%s\t%s\t' "$name" "$(wc -l <"$t/$name.out.keep")"
		evaluate --tsv "$g" "$t/$name.out.pairs" | awk -F '\t' 'NR == 2 { printf "%s\t%s\t%s\t", $4, $5, $6 }'
		{ awk '{ print $1 "\t" $1 }' "$t/$name.out.keep"; cut -f 1,2 "$t/$name.out.removed"; } |
			evaluate -c --tsv "$g" | awk -F '\t' 'NR == 2 { printf "%s\t%s\t%s\t", $4, $5, $6 }'
		# the copies the job left by containment (OUT.contained, without
		# --prose): how many pairs, and the share of them that are copies
		if [ -s "$t/$name.out.contained" ]; then
			printf '%s\t' "$(wc -l <"$t/$name.out.contained")"
			evaluate --tsv "$g" "$t/$name.out.contained" | awk -F '\t' 'NR == 2 { print $4 }'
		else
			printf -- '-\t-\n'
		fi
	} >>"$t/f1" || status=1
done >"$t/table"
awk -F '\t' '
	function pct(a, b) { return b ? sprintf("%.2f", 100 * a / b) : "-" }
	function line(name, set, d, c, l, cp, r) {
		printf "%-14s %-8s %6d %6d %6d %7s%% %6d %7s%%  %s\n", name, set, d, c, l, pct(l, c),
			cp, pct(r, cp), (c && l * 1000 <= 5 * c && (cp == 0 || r * 10 >= 9 * cp)) ? "SAFE" : "no"
	}
	function add(k) { D[k] += $3; C[k] += $4; L[k] += $6; CP[k] += $8; R[k] += $9 }
	BEGIN { printf "%-14s %-8s %6s %6s %6s %8s %6s %8s  %s\n", "collection", "set", "docs",
		"clust", "lost", "lost", "copies", "removed", "verdict" }
	{ line($1, $2, $3, $4, $6, $8, $9); add($2); add("all"); add($NF) }
	END {
		for (k in D) n++
		if ("tuning" in D) line("total", "tuning", D["tuning"], C["tuning"], L["tuning"], CP["tuning"], R["tuning"])
		if ("held-out" in D) line("total", "held-out", D["held-out"], C["held-out"], L["held-out"], CP["held-out"], R["held-out"])
		line("total", "all", D["all"], C["all"], L["all"], CP["all"], R["all"])
		if ("prose" in D) line("total", "prose", D["prose"], C["prose"], L["prose"], CP["prose"], R["prose"])
		if ("other" in D) line("total", "other", D["other"], C["other"], L["other"], CP["other"], R["other"])
	}' "$t/table"
if [ -s "$t/f1" ]; then
	echo
	awk -F '\t' 'BEGIN { printf "%-14s %6s  %-23s  %-23s  %s\n", "collection", "kept", "pairs: P / R / F1", "clusters: P / R / F1", "left by containment: pairs, P" }
		{ printf "%-14s %6d  %s / %s / %s   %s / %s / %s   %s %s\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }' "$t/f1"
	echo
fi
if [ -z "$SAFETY_PIPE" ] && command -v python3 >/dev/null; then
	for g in "$dir"/*/gold.tsv; do
		c=$(dirname "$g")
		name=$(basename "$c")
		[ -f "$t/$name.out.keep" ] || continue
		python3 "$(dirname "$0")/losses.py" "$c" "$t/$name.out" | tail -n 1 || status=1
	done >"$t/losses"
	cat "$t/losses"
	awk '{ l += $2; c += $4 } END { printf "lost that are not text copies: %d of %d\n", l - c, l }' "$t/losses"
fi
exit $status

#!/bin/sh
# dense: what word chains for the documents with few spot signatures
# (spotsig --dense N; N is $DENSE_N, default 8, the --min-shared value
# and the defaults' DK_DENSE) cost the whole job: dkdedup with its
# defaults (runs of DK_DENSE_WORDS words, pairs of chain documents held
# to DK_DENSE_TAU), against dkdedup --dense 0 (spot signatures only) and
# against the defaults before the bar (--dense-words 24 --dense-tau 0),
# alternated, 5 runs of each, on the labelled collections under DIR (the
# first operand, else $DENSE_DIR, else /work/coll; DENSE_COLLS names
# them, default "glibmm feed"); CPU seconds (user + sys, the stages
# included) of one run, median, and the ratios to --dense 0 and to the
# runs of 24; how many documents each judged on chains (spotsig -v); and
# the bytes of the signatures (spotsig --dense 0, --dense N with runs of
# 24 words, and with runs of DK_DENSE_WORDS) against the input's.
# Asserts nothing.
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/../../examples/dupkit.defaults"
have_time || exit 0
dir=${1:-${DENSE_DIR:-/work/coll}}
colls=${DENSE_COLLS:-glibmm feed}
nd=${DENSE_N:-8}
t=$BENCH_TMP/dense
mkdir -p "$t"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
for c in $colls; do
	docs=$dir/$c/docs.tsv
	if ! test -f "$docs"; then
		echo "skip: $docs is not there (tests/bench/collections/build.sh $dir makes it)"
		continue
	fi
	o= l= n=
	for i in 1 2 3 4 5; do
		o="$o $(cpu_run dkdedup "$t/log" --dense 0 tsv "$docs" "$t/$c.old")" || exit 1
		l="$l $(cpu_run dkdedup "$t/log" --dense "$nd" --dense-words 24 --dense-tau 0 \
			tsv "$docs" "$t/$c.long")" || exit 1
		n="$n $(cpu_run dkdedup "$t/log" --dense "$nd" tsv "$docs" "$t/$c.new")" || exit 1
	done
	mo=$(echo "$o" | median) ml=$(echo "$l" | median) mn=$(echo "$n" | median)
	chains=$(spotsig -v --dense "$nd" "$docs" 2>&1 >/dev/null |
		sed -n 's/.*, \([0-9]*\) by word chains.*/\1/p')
	echo "$c: $(wc -l <"$docs") documents, $chains on word chains (--dense $nd);" \
		"dkdedup --dense 0 $mo s, runs of 24 without the bar $ml s," \
		"defaults (runs of $DK_DENSE_WORDS, --dense-tau $DK_DENSE_TAU) $mn s" \
		"(x$(ratio "$mn" "$mo") of --dense 0, x$(ratio "$mn" "$ml") of runs of 24)"
	in=$(wc -c <"$docs")
	b0=$(spotsig --dense 0 "$docs" | wc -c)
	bl=$(spotsig --dense "$nd" --dense-words 24 "$docs" | wc -c)
	bn=$(spotsig --dense "$nd" --dense-words "$DK_DENSE_WORDS" "$docs" | wc -c)
	echo "$c: signatures in bytes per input byte: --dense 0 $(ratio "$b0" "$in")," \
		"--dense $nd of 24 words $(ratio "$bl" "$in")," \
		"of $DK_DENSE_WORDS words $(ratio "$bn" "$in")"
done

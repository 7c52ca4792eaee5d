#!/bin/sh
# dense: what word chains for the documents with few spot signatures
# (spotsig --dense N; N is $DENSE_N, default 8, the --min-shared value
# and the defaults' DK_DENSE) cost the whole job: dkdedup --dense N
# against dkdedup --dense 0 (spot signatures only), alternated, 5 runs of
# each, on the labelled
# collections under DIR (the first operand, else $DENSE_DIR, else
# /work/coll; DENSE_COLLS names them, default "glibmm feed"); CPU seconds
# (user + sys, the stages included) of one run, median, and the ratio;
# how many documents each judged on chains (spotsig -v); and the bytes
# of the signatures (spotsig --dense 0, --dense N with its runs of 24
# words, and with runs of 4, --dense-words 4) against the input's.
# Asserts nothing.
. "$(dirname "$0")/common.sh"
have_time || exit 0
dir=${1:-${DENSE_DIR:-/work/coll}}
colls=${DENSE_COLLS:-glibmm feed}
nd=${DENSE_N:-8}
t=$BENCH_TMP/dense
mkdir -p "$t"
for c in $colls; do
	docs=$dir/$c/docs.tsv
	if ! test -f "$docs"; then
		echo "skip: $docs is not there (tests/bench/collections/build.sh $dir makes it)"
		continue
	fi
	o= n=
	for i in 1 2 3 4 5; do
		o="$o $(cpu_run dkdedup "$t/log" --dense 0 tsv "$docs" "$t/$c.old")" || exit 1
		n="$n $(cpu_run dkdedup "$t/log" --dense "$nd" tsv "$docs" "$t/$c.new")" || exit 1
	done
	mo=$(echo "$o" | median) mn=$(echo "$n" | median)
	chains=$(spotsig -v --dense "$nd" "$docs" 2>&1 >/dev/null |
		sed -n 's/.*, \([0-9]*\) by word chains.*/\1/p')
	echo "$c: $(wc -l <"$docs") documents, $chains on word chains (--dense $nd);" \
		"dkdedup --dense 0 $mo s, --dense $nd $mn s" \
		"(x$(awk -v a="$mn" -v b="$mo" 'BEGIN { printf "%.2f", a / b }'))"
	b0=$(spotsig --dense 0 "$docs" | wc -c) bn=$(spotsig --dense "$nd" "$docs" | wc -c)
	b4=$(spotsig --dense "$nd" --dense-words 4 "$docs" | wc -c)
	echo "$c: signatures in bytes per input byte: --dense 0" \
		"$(awk -v a="$b0" -v b="$(wc -c <"$docs")" 'BEGIN { printf "%.2f", a / b }')," \
		"--dense $nd $(awk -v a="$bn" -v b="$(wc -c <"$docs")" 'BEGIN { printf "%.2f", a / b }')," \
		"--dense-words 4 $(awk -v a="$b4" -v b="$(wc -c <"$docs")" 'BEGIN { printf "%.2f", a / b }')"
done

#!/bin/sh
# contained: what listing the copies the defaults left costs the whole
# job (issue 30): dkdedup with its defaults, which runs --prose's
# containment pass on the documents it kept and writes OUT.contained,
# against dkdedup --contain 0, which runs no such pass, alternated, 5
# runs of each, on the labelled collections under DIR (the first operand,
# else $CONTAINED_DIR, else /work/coll; CONTAINED_COLLS names them,
# default "glibmm goldset news"); CPU seconds (user + sys, the stages
# included) of one run, median, and their ratio; and the pairs listed.
# Asserts nothing.
. "$(dirname "$0")/common.sh"
have_time || exit 0
dir=${1:-${CONTAINED_DIR:-/work/coll}}
colls=${CONTAINED_COLLS:-glibmm goldset news}
t=$BENCH_TMP/contained
mkdir -p "$t"
for c in $colls; do
	docs=$dir/$c/docs.tsv
	if ! test -f "$docs"; then
		echo "skip: $docs is not there (tests/bench/collections/build.sh $dir makes it)"
		continue
	fi
	o= n=
	for i in 1 2 3 4 5; do
		o="$o $(cpu_run dkdedup "$t/log" --contain 0 tsv "$docs" "$t/$c.off")" || exit 1
		n="$n $(cpu_run dkdedup "$t/log" tsv "$docs" "$t/$c.on")" || exit 1
	done
	mo=$(echo "$o" | median) mn=$(echo "$n" | median)
	echo "$c: $(wc -l <"$docs") documents, $(wc -l <"$t/$c.on.contained") pairs in OUT.contained;" \
		"dkdedup --contain 0 $mo s, the defaults $mn s" \
		"(x$(awk -v a="$mn" -v b="$mo" 'BEGIN { printf "%.2f", a / b }'))"
done

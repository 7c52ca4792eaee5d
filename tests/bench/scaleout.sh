#!/bin/sh
# The SpotSigs workflow on the scalegen spots collection (1.17M documents,
# WT10g-like), once as single processes, stage after stage, and once
# distributed by examples/scaleout.sh over local GNU parallel job slots;
# checks that the pairs and clusters are the same and prints the time of
# each stage (scaleout.sh --no-contained: the single processes list no
# copies left; tests/bench/corpus.sh measures that pass).  Asserts
# nothing about time.
#   SCALE_N       documents (default 1170000)
#   SCALE_TAU     threshold (default 0.9)
#   SCALE_JOBS    parallel job slots (default 2)
#   SCALE_SHARDS  input shards and key ranges (default 8)
. "$(dirname "$0")/common.sh"
have_shared || exit 0
command -v parallel >/dev/null 2>&1 || { echo "skip: no GNU parallel (Debian package parallel)"; exit 0; }
n=${SCALE_N:-1170000}
tau=${SCALE_TAU:-0.9}
jobs=${SCALE_JOBS:-2}
shards=${SCALE_SHARDS:-8}
idf=0.2:0.85
dir=$BENCH_TMP/scaleout
mkdir -p "$dir"
docs=$BENCH_TMP/spots-$n.docs

if ! test -s "$docs"; then
	python3 "$DK_SHARED/bench/scalegen.py" spots -n "$n" --seed 1 >"$docs.tmp" &&
		mv "$docs.tmp" "$docs" || exit 1
fi
echo "input: $n documents, $(wc -c <"$docs") bytes ($docs); tau $tau, IDF $idf"

# step NAME CMD...: run CMD (output in $dir/one.NAME), print its wall time
# and, with GNU time, its peak RSS
timer=
test -x /usr/bin/time && timer="/usr/bin/time -f %M -o $dir/rss"
total=0
step() {
	_name=$1
	shift
	_t0=$(now)
	$timer "$@" >"$dir/one.$_name" || exit 1
	_s=$(elapsed "$_t0" "$(now)")
	total=$(awk -v a="$total" -v b="$_s" 'BEGIN { print a + b }')
	printf "  %-28s %8s s%s\n" "$_name ($1)" "$_s" \
		"${timer:+, peak RSS $(($(tail -n 1 "$dir/rss") / 1024)) MB}"
}
echo "single process, stage by stage:"
# the word chains of short documents as scaleout.sh makes them (DK_DENSE,
# DK_DENSE_WORDS), their pairs held to DK_DENSE_TAU
. "$here/../../examples/dupkit.defaults"
step sigs spotsig --dense "$DK_DENSE" --dense-words "$DK_DENSE_WORDS" "$docs"
step idf dklexicon --idf "$idf" "$dir/one.sigs"
step keyed partition -t "$tau" "$dir/one.idf"
step pairs spotmatch -j 2 --dense-tau "$DK_DENSE_TAU" "$dir/one.keyed"
cut -f1 "$docs" >"$dir/ids"
step clusters dkcluster -a "$dir/ids" "$dir/one.pairs"
echo "  total $total s; $(wc -l <"$dir/one.pairs") pairs"

echo "distributed: scaleout.sh -j $jobs -n $shards -r $shards (GNU parallel, local slots):"
t0=$(now)
sh "$here/../../examples/scaleout.sh" -j "$jobs" -n "$shards" -r "$shards" -d -t "$tau" -i "$idf" \
	--no-contained spotsigs "$dir/dist" "$docs" || exit 1
t1=$(now)
awk -F '\t' '{ printf "  %-28s %8s s\n", $1, $2 }' "$dir/dist/times.tsv"
echo "  total $(elapsed "$t0" "$t1") s"
echo "  records per key range: $(cd "$dir/dist" && for j in $(seq "$shards"); do
	cat key.*."$j" | wc -l; done | tr '\n' ' ')"
if cmp -s "$dir/one.pairs" "$dir/dist/pairs.tsv" && cmp -s "$dir/one.clusters" "$dir/dist/clusters.tsv"; then
	echo "same pairs and clusters, byte for byte"
else
	echo "DIFFERENT pairs or clusters"
	exit 1
fi

#!/bin/sh
# partition | spotmatch on a WT10g-like collection (scalegen spots: 1.17M
# documents, about 21 spot signatures each), and the ablation of the
# paper's Table 2 on a subset.  Prints figures; asserts nothing.
#   SPOT_N     documents (default 1170000)
#   SPOT_SUB   documents of the ablation subset (default 60000; the slowest
#              variant is quadratic, about 25 s here)
. "$(dirname "$0")/common.sh"
have_shared || exit 0
n=${SPOT_N:-1170000}
sub=${SPOT_SUB:-60000}
mkdir -p "$BENCH_TMP/spotmatch"
sigs=$(spots_sigs "$n") || exit 1
bytes=$(wc -c <"$sigs")
echo "input: $n documents, $bytes bytes ($sigs)"

# peak RSS of the spotmatch stage, when GNU time is there
timer=
test -x /usr/bin/time && timer="/usr/bin/time -f %M -o $BENCH_TMP/spotmatch/rss"

for tau in 0.9 1.0; do
	t0=$(now)
	partition -t "$tau" "$sigs" | $timer spotmatch -vv -j 2 >"$BENCH_TMP/spotmatch/pairs" 2>"$BENCH_TMP/spotmatch/err" ||
		{ cat "$BENCH_TMP/spotmatch/err"; exit 1; }
	t1=$(now)
	echo "tau $tau: partition | spotmatch -j 2: $(elapsed "$t0" "$t1") s wall, $(rate "$bytes" "$(elapsed "$t0" "$t1")") MB/s"
	sed 's/^/  /' "$BENCH_TMP/spotmatch/err"
	if test -n "$timer"; then
		kb=$(tail -n 1 "$BENCH_TMP/spotmatch/rss")
		occ=$(sed -n 's/.* \([0-9]*\) signature occurrences.*/\1/p' "$BENCH_TMP/spotmatch/err")
		echo "  spotmatch peak RSS $((kb / 1024)) MB, $(awk -v k="$kb" -v o="$occ" 'BEGIN { printf "%.1f", k * 1024 / o }') bytes per signature occurrence"
	fi
done

# Table 2: each variant on the same subset, as a ratio to the full method.
head -n "$sub" "$sigs" >"$BENCH_TMP/spotmatch/sub.sigs"
base=
for opt in "" "--no-partition" "--no-prune" "--no-prune --no-partition"; do
	t0=$(now)
	spotmatch -v -j 2 -t 0.9 $opt "$BENCH_TMP/spotmatch/sub.sigs" >/dev/null 2>"$BENCH_TMP/spotmatch/err" || exit 1
	t1=$(now)
	s=$(elapsed "$t0" "$t1")
	test -n "$base" || base=$s
	echo "subset $sub, tau 0.9 ${opt:-(full)}: $s s, $(awk -v a="$s" -v b="$base" 'BEGIN { printf "%.1f", a / b }')x the full method"
	sed 's/^/  /' "$BENCH_TMP/spotmatch/err"
done

#!/bin/sh
# minhash throughput on the WT10g-like collection of scalegen.py, and the
# LSH-S pipeline (minhash | spotmatch) beside the exact SpotSigs one at
# tau 0.9 and 1.0, as in Table 2 of the SpotSigs paper; then, on
# goldset-dev at tau 0.44, the cost and recall of the banding -t 0.44
# chooses beside the default one (keys written, seconds, pairs found).
#
#   MINHASH_DOCS    documents for the throughput runs (default 1170000)
#   MINHASH_PIPE    documents for the pipeline runs (default 200000: the
#                   keyed stream repeats each record 32 times, so the full
#                   collection takes minutes)
#
# CPU seconds (user + sys) are reported beside wall-clock seconds: on a
# shared machine the rate per CPU second is the per-thread figure.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
n=${MINHASH_DOCS:-1170000}
np=${MINHASH_PIPE:-200000}

spots=$BENCH_TMP/spots-$n.sigs
if ! test -s "$spots"; then
	echo "generating $n documents (scalegen.py spots --seed 1) and their spot signatures"
	python3 "$DK_SHARED/bench/scalegen.py" spots -n "$n" --seed 1 >"$BENCH_TMP/spots-$n.tsv" &&
	spotsig -a the "$BENCH_TMP/spots-$n.tsv" >"$spots.tmp" &&
	mv "$spots.tmp" "$spots" && rm -f "$BENCH_TMP/spots-$n.tsv" || exit 1
fi
head -n "$np" "$spots" >"$BENCH_TMP/pipe.sigs"
occ=$(awk -F '\t' '{ n = split($NF, v, " "); for (i = 1; i <= n; i++) { sub(/.*=/, "", v[i]); s += v[i] } } END { print s }' "$spots")
echo "input: $n documents, $occ signature occurrences ($spots)"

# timed LABEL CMD: runs CMD through sh, prints wall and CPU seconds; the
# figures are left in $wall and $cpu.
timed() {
	label=$1
	shift
	if test -x /usr/bin/time; then
		/usr/bin/time -f '%e %U %S' -o "$BENCH_TMP/time" sh -c "$*" || return 1
		read -r wall u s <"$BENCH_TMP/time"
		cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
	else
		t0=$(now)
		sh -c "$*" || return 1
		wall=$(elapsed "$t0" "$(now)")
		cpu=$wall
	fi
	echo "$label: $wall s wall, $cpu s CPU"
}

per_s() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.2f", n / s / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }

timed "minhash -k 6 -l 32 -j 1" "minhash -j 1 '$spots' >/dev/null"
w1=$wall c1=$cpu
echo "  $(per_s "$occ" "$c1") M signature occurrences per CPU second (per thread), $(per_s "$occ" "$w1") M per wall second"
timed "minhash -k 6 -l 32 -j 2" "minhash -j 2 '$spots' >/dev/null"
echo "  $(per_s "$occ" "$wall") M per wall second, speed-up over -j 1: $(ratio "$w1" "$wall")"
timed "minhash --sketch -j 1" "minhash -j 1 --sketch '$spots' >/dev/null"
echo "  $(per_s "$occ" "$cpu") M per CPU second"

echo "pipelines on the first $np documents:"
for tau in 0.9 1.0; do
	timed "exact spotmatch -t $tau" "spotmatch -t $tau '$BENCH_TMP/pipe.sigs' >'$BENCH_TMP/exact.pairs'"
	we=$wall
	timed "minhash -k 6 -l 32 | spotmatch -t $tau" \
	    "minhash '$BENCH_TMP/pipe.sigs' | spotmatch -t $tau >'$BENCH_TMP/lsh.pairs'"
	e=$(wc -l <"$BENCH_TMP/exact.pairs")
	l=$(wc -l <"$BENCH_TMP/lsh.pairs")
	echo "  tau $tau: exact $e pairs, LSH-S $l pairs (recall $(ratio "$l" "$e")), LSH-S time / exact time $(ratio "$wall" "$we")"
	timed "minhash -t $tau | spotmatch -t $tau" \
	    "minhash -t $tau '$BENCH_TMP/pipe.sigs' | spotmatch -t $tau >'$BENCH_TMP/lsh.pairs'"
	l=$(wc -l <"$BENCH_TMP/lsh.pairs")
	echo "  tau $tau: minhash -t $tau $l pairs (recall $(ratio "$l" "$e")), time / exact time $(ratio "$wall" "$we")"
done

gold=$BENCH_TMP/goldset-dev.sigs
htmlstrip "$DK_SHARED"/corpora/goldset-dev/docs/*.html 2>/dev/null |
	spotsig --idf 0.2:0.85 >"$gold" || exit 1
echo "goldset-dev at tau 0.44 ($(wc -l <"$gold") documents):"
timed "exact spotmatch -t 0.44" "spotmatch -t 0.44 '$gold' >'$BENCH_TMP/exact.pairs'"
we=$wall
e=$(wc -l <"$BENCH_TMP/exact.pairs")
for bands in "-k 6 -l 32" "-t 0.44"; do
	timed "minhash $bands" "minhash -j 1 $bands '$gold' >'$BENCH_TMP/keyed'"
	wm=$wall
	timed "  spotmatch -t 0.44 on its keys" "spotmatch -t 0.44 '$BENCH_TMP/keyed' >'$BENCH_TMP/lsh.pairs'"
	l=$(wc -l <"$BENCH_TMP/lsh.pairs")
	echo "  minhash $bands: $(wc -l <"$BENCH_TMP/keyed") keys, $(wc -c <"$BENCH_TMP/keyed") bytes; $l of $e exact pairs (recall $(ratio "$l" "$e")); minhash + spotmatch time / exact time $(awk -v a="$wm" -v b="$wall" -v c="$we" 'BEGIN { printf "%.2f", (a + b) / c }')"
done
rm -f "$BENCH_TMP/pipe.sigs" "$BENCH_TMP/exact.pairs" "$BENCH_TMP/lsh.pairs" "$BENCH_TMP/time" \
    "$BENCH_TMP/keyed" "$gold"

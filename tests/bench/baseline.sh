#!/bin/sh
# This build against an earlier one on spotmatch's workloads: each run
# with both builds, alternated, DK_BASELINE_ROUNDS times (default 3); the
# outputs must be byte-identical, and the CPU time (user + system) of the
# new build is printed as a ratio to the old one's (median of the rounds),
# so that a restructuring can show it costs nothing.  Skipped unless
#   DK_BASELINE   the bin directory of the earlier build
# names one.  The workloads, on scalegen's WT10g-like collection of
# BASELINE_N documents (default 1170000) and the DDD prose feed of ddd.sh
# (made there; BASELINE_DDD_N documents, default 52000):
#   partition -t 0.9 | spotmatch -j 2       (the stream read from a file)
#   spotmatch -t 0.9 -j 2                   (plain: partitioned inside)
#   spotmatch --against                     (a third of it as REF)
#   minhash -k 4 -l 8 | spotmatch -t 0.9    (LSH candidates verified)
#   spotmatch --window (DDD, -M max -t 0.8, 4-grams)
. "$(dirname "$0")/common.sh"
test -n "${DK_BASELINE:-}" || { echo "skip: DK_BASELINE names no earlier build"; exit 0; }
baseline_has spotmatch || exit 2
have_time || exit 0
have_shared || exit 0
n=${BASELINE_N:-1170000}
dn=${BASELINE_DDD_N:-52000}
rounds=${DK_BASELINE_ROUNDS:-3}
t=$BENCH_TMP/baseline
mkdir -p "$t"
new=$DK_BIN

sigs=$(spots_sigs "$n") || exit 1
third=$((n / 3))
test -s "$t/parts" || partition -t 0.9 "$sigs" >"$t/parts" || exit 1
test -s "$t/ref" || { head -n "$third" "$sigs" >"$t/ref" && tail -n +$((third + 1)) "$sigs" >"$t/in"; } || exit 1
test -s "$t/bands" || minhash -k 4 -l 8 "$sigs" >"$t/bands" || exit 1
ddd=$BENCH_TMP/ddd/prose-$dn.sig
if ! test -s "$ddd"; then
	ddd=$t/prose-$dn.sig
	test -s "$ddd" || python3 "$DK_SHARED/bench/scalegen.py" text -n "$dn" --seed 11 --mean 12 \
		--dups 0.02 --edit 0.1 |
	awk -F '\t' -v n="$dn" 'BEGIN { OFS = "\t" } { print $1, int((NR - 1) * 86400 / (n - 2000)), $2 }' |
	qgram -q 4 >"$ddd" || exit 1
fi

# cpu BIN OUT ARGS...: the CPU seconds of BIN/spotmatch ARGS, output to OUT
cpu() {
	_bin=$1
	shift
	cpu_run "$_bin/spotmatch" "$@"
}

# compare NAME ARGS...: both builds, alternated; identical outputs; ratio
compare() {
	_name=$1
	shift
	: >"$t/ratios"
	_olds= _news=
	_i=1
	while test "$_i" -le "$rounds"; do
		_a=$(cpu "$DK_BASELINE" "$t/old.out" "$@") || exit 1
		_b=$(cpu "$new" "$t/new.out" "$@") || exit 1
		cmp -s "$t/old.out" "$t/new.out" ||
			{ echo "$_name: the outputs differ" >&2; exit 1; }
		echo "$_b $_a" | awk '{ print ($2 > 0 ? $1 / $2 : 1) }' >>"$t/ratios"
		_olds="$_olds $_a" _news="$_news $_b"
		_i=$((_i + 1))
	done
	echo "$_name: $(wc -l <"$t/new.out") lines, identical; CPU s old$_olds, new$_news;" \
	    "new/old median $(sort -n "$t/ratios" | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }')"
}

compare "partition -t 0.9 | spotmatch -j 2" -j 2 "$t/parts"
compare "spotmatch -t 0.9 -j 2 (plain)" -t 0.9 -j 2 "$sigs"
compare "spotmatch --against REF (a third)" -t 0.9 -j 2 --against "$t/ref" "$t/in"
compare "minhash -k 4 -l 8 | spotmatch -t 0.9" -t 0.9 -j 2 "$t/bands"
compare "spotmatch --window (DDD prose, $dn)" -M max -t 0.8 --window 24h --time-column 2 --novel "$ddd"

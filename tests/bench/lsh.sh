#!/bin/sh
# The LSH route beside the exact one (issue 33, goal 4): on scalegen's
# WT10g-like collection of LSH_N documents (default "200000 400000"), at
# tau 0.9 and 0.5 (LSH_TAUS), the exact `spotmatch -t TAU` and
# `minhash -t TAU | spotmatch -t TAU`: wall seconds, CPU seconds (user +
# system, both programs of the pipeline), peak resident memory (the larger
# of the two programs), pairs and recall of the exact pairs; then the
# ratios LSH / exact.  Every LSH pair must be an exact pair with the same
# SIM, or the script fails.  With
#   DK_BASELINE   the bin directory of an earlier build
# the LSH route of that build runs too, alternated with this one, and its
# ratios are printed beside (LSH_ROUNDS rounds, default 1: medians).
# Prints figures; asserts nothing about time.
. "$(dirname "$0")/common.sh"
test -x /usr/bin/time || { echo "skip: no /usr/bin/time (GNU time)"; exit 0; }
have_shared || exit 0
if test -n "${DK_BASELINE:-}"; then
	test -x "$DK_BASELINE/minhash" || { echo "lsh.sh: no $DK_BASELINE/minhash" >&2; exit 2; }
fi
sizes=${LSH_N:-200000 400000}
taus=${LSH_TAUS:-0.9 0.5}
rounds=${LSH_ROUNDS:-1}
t=$BENCH_TMP/lsh
mkdir -p "$t"
big=0
for n in $sizes; do test "$n" -gt "$big" && big=$n; done
all=$(spots_sigs "$big") || exit 1

# measure LABEL CMD...: CMD under GNU time (each program of a pipeline its
# own, through sh -c); appends "wall cpu maxrss_kb" to $t/LABEL.
measure() {
	_l=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$t/time.$_l" sh -c "$*" || return 1
	awk '{ printf "%s %.3f %d\n", $1, $2 + $3, $4 }' "$t/time.$_l" >>"$t/$_l"
}
# pipe_measure LABEL BIN SIGS TAU OUT: minhash | spotmatch with each
# program timed; the wall is the pipeline's, the CPU the sum, the memory
# the larger peak.
pipe_measure() {
	_l=$1 _b=$2
	t0=$(now)
	/usr/bin/time -f '%U %S %M' -o "$t/mh.time" "$_b/minhash" -t "$4" "$3" |
		/usr/bin/time -f '%U %S %M' -o "$t/sm.time" "$_b/spotmatch" -t "$4" >"$5" || return 1
	w=$(elapsed "$t0" "$(now)")
	cat "$t/mh.time" "$t/sm.time" | awk -v w="$w" '
		{ c += $1 + $2; if ($3 > m) m = $3 }
		END { printf "%s %.3f %d\n", w, c, m }' >>"$t/$_l"
}
# med LABEL FIELD: the median of a field of LABEL's runs
med() { awk -v f="$2" '{ print $f }' "$t/$1" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }

# check EXACT LSH: every LSH pair is an exact pair with its SIM, none twice;
# prints the recall
check() {
	sort "$1" >"$t/e.sorted"
	sort "$2" >"$t/l.sorted"
	if test -n "$(comm -13 "$t/e.sorted" "$t/l.sorted" | head -n 1)" ||
	    test -n "$(cut -f 1,2 "$t/l.sorted" | uniq -d | head -n 1)"; then
		echo "lsh.sh: the LSH route wrote a pair that is not exact ($2)" >&2
		return 1
	fi
	awk -v a="$(wc -l <"$2")" -v b="$(wc -l <"$1")" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 1) }'
}

for n in $sizes; do
	sigs=$t/in-$n.sigs
	head -n "$n" "$all" >"$sigs"
	echo "input: $n documents (first $n of $all)"
	for tau in $taus; do
		rm -f "$t/exact" "$t/lsh" "$t/base"
		r=0
		while test "$r" -lt "$rounds"; do
			measure exact "spotmatch -t $tau '$sigs' >'$t/exact.pairs'" || exit 1
			pipe_measure lsh "$DK_BIN" "$sigs" "$tau" "$t/lsh.pairs" || exit 1
			if test -n "${DK_BASELINE:-}"; then
				pipe_measure base "$DK_BASELINE" "$sigs" "$tau" "$t/base.pairs" || exit 1
			fi
			r=$((r + 1))
		done
		rec=$(check "$t/exact.pairs" "$t/lsh.pairs") || exit 1
		echo "  tau $tau: exact $(med exact 1) s wall, $(med exact 2) s CPU, $(($(med exact 3) / 1024)) MB, $(wc -l <"$t/exact.pairs") pairs"
		echo "    LSH   $(med lsh 1) s wall, $(med lsh 2) s CPU, $(($(med lsh 3) / 1024)) MB, $(wc -l <"$t/lsh.pairs") pairs, recall $rec"
		echo "    LSH / exact: wall $(ratio "$(med lsh 1)" "$(med exact 1)"), CPU $(ratio "$(med lsh 2)" "$(med exact 2)"), memory $(ratio "$(med lsh 3)" "$(med exact 3)")"
		if test -n "${DK_BASELINE:-}"; then
			brec=$(check "$t/exact.pairs" "$t/base.pairs") || exit 1
			echo "    baseline LSH $(med base 1) s wall, $(med base 2) s CPU, $(($(med base 3) / 1024)) MB, recall $brec; / exact: wall $(ratio "$(med base 1)" "$(med exact 1)"), CPU $(ratio "$(med base 2)" "$(med exact 2)"), memory $(ratio "$(med base 3)" "$(med exact 3)")"
		fi
	done
	rm -f "$sigs"
done
rm -f "$t"/*.pairs "$t"/*.sorted "$t"/*.time "$t/exact" "$t/lsh" "$t/base"

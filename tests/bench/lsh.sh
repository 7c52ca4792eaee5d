#!/bin/sh
# The LSH route beside the exact one (issue 33, goal 4): on scalegen's
# WT10g-like collection of LSH_N documents (default 200000; several sizes
# apart by spaces), for each tau of LSH_TAUS (default 0.3 to 0.9), the
# exact `spotmatch -t TAU` and `minhash -t TAU | spotmatch -t TAU`,
# alternated LSH_ROUNDS times (default 3; medians): wall seconds, CPU
# seconds (user + system, both programs of the pipeline), peak resident
# memory (the larger of the two programs), the LSH route's recall of the
# exact pairs and the number of its pairs outside them (pair and SIM),
# which must be 0 or the script fails; then the ratios LSH / exact and the
# crossover: the highest tau at which the LSH route is faster than the
# exact one, in wall time and in CPU time, with a recall of 0.99 or more
# (and the taus where it is faster with less).  With
#   DK_BASELINE   the bin directory of an earlier build
# the LSH route of that build runs too, in the same rounds, and its
# figures are printed under each row.
# Prints figures; asserts nothing about time.
. "$(dirname "$0")/common.sh"
timed_bench minhash
sizes=${LSH_N:-200000}
taus=${LSH_TAUS:-0.3 0.4 0.5 0.6 0.7 0.8 0.9}
rounds=${LSH_ROUNDS:-3}
t=$BENCH_TMP/lsh
mkdir -p "$t"
big=0
for n in $sizes; do test "$n" -gt "$big" && big=$n; done
all=$(spots_sigs "$big") || exit 1

# measure LABEL CMD...: CMD under GNU time; appends "wall cpu maxrss_kb"
# to $t/LABEL.
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
mb() { echo $(($(med "$1" 3) / 1024)); }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "n/a" }'; }

# check EXACT LSH: prints "recall outside": the share of the exact pairs
# the LSH route wrote, and the number of its lines that are not exact
# pairs with their SIM, or that repeat a pair
check() {
	sort "$1" >"$t/e.sorted"
	sort "$2" >"$t/l.sorted"
	_out=$(comm -13 "$t/e.sorted" "$t/l.sorted" | wc -l)
	_dup=$(cut -f 1,2 "$t/l.sorted" | uniq -d | wc -l)
	awk -v a="$(wc -l <"$2")" -v b="$(wc -l <"$1")" -v o="$((_out + _dup))" \
		'BEGIN { printf "%.4f %d", (b > 0 ? a / b : 1), o }'
}

status=0
for n in $sizes; do
	sigs=$t/in-$n.sigs
	head -n "$n" "$all" >"$sigs"
	echo "input: $n documents (first $n of $all), $rounds rounds, medians"
	printf '%-5s %31s  %31s  %-11s %7s %7s %7s\n' "" "exact spotmatch" "minhash | spotmatch" "LSH / exact" "" "" ""
	printf '%-5s %7s %7s %6s %8s  %7s %7s %6s %8s  %5s %5s %7s %7s\n' \
		tau wall CPU MB pairs wall CPU MB pairs wall mem recall outside
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
		set -- $(check "$t/exact.pairs" "$t/lsh.pairs")
		rec=$1 out=$2
		test "$out" -eq 0 || { echo "lsh.sh: $out LSH pairs at tau $tau are not exact pairs" >&2; status=1; }
		wr=$(ratio "$(med lsh 1)" "$(med exact 1)")
		printf '%-5s %7s %7s %6s %8s  %7s %7s %6s %8s  %5s %5s %7s %7s\n' "$tau" \
			"$(med exact 1)" "$(med exact 2)" "$(mb exact)" "$(wc -l <"$t/exact.pairs")" \
			"$(med lsh 1)" "$(med lsh 2)" "$(mb lsh)" "$(wc -l <"$t/lsh.pairs")" \
			"$wr" "$(ratio "$(med lsh 3)" "$(med exact 3)")" "$rec" "$out"
		if test -n "${DK_BASELINE:-}"; then
			set -- $(check "$t/exact.pairs" "$t/base.pairs")
			test "$2" -eq 0 || { echo "lsh.sh: $2 baseline LSH pairs at tau $tau are not exact pairs" >&2; status=1; }
			printf '%-5s %31s  %7s %7s %6s %8s  %5s %5s %7s %7s\n' "" "baseline LSH:" \
				"$(med base 1)" "$(med base 2)" "$(mb base)" "$(wc -l <"$t/base.pairs")" \
				"$(ratio "$(med base 1)" "$(med exact 1)")" "$(ratio "$(med base 3)" "$(med exact 3)")" "$1" "$2"
		fi
		cr=$(ratio "$(med lsh 2)" "$(med exact 2)")
		good=$(awk -v r="$rec" 'BEGIN { print (r >= 0.99) }')
		for w in wall:$wr cpu:$cr; do
			if awk -v r="${w#*:}" 'BEGIN { exit !(r < 1) }'; then
				if test "$good" = 1; then
					eval "x=\${cross_${w%%:*}:-}"
					awk -v a="$tau" -v b="${x:-0}" 'BEGIN { exit !(a > b) }' &&
						eval "cross_${w%%:*}=$tau"
				else
					eval "low_${w%%:*}=\"\${low_${w%%:*}:-}$tau \""
				fi
			fi
		done
	done
	for w in wall cpu; do
		eval "x=\${cross_$w:-} y=\${low_$w:-}"
		if test -n "$x"; then
			x="the LSH route is faster with recall >= 0.99 at tau $x, at no higher tau measured"
		else
			x="no tau measured where the LSH route is faster with recall >= 0.99"
		fi
		echo "crossover ($w): $x${y:+; faster with recall < 0.99 at ${y% }}"
	done
	unset cross_wall cross_cpu low_wall low_cpu
	rm -f "$sigs"
done
rm -f "$t"/*.pairs "$t"/*.sorted "$t"/*.time "$t/exact" "$t/lsh" "$t/base"
exit $status

#!/bin/sh
# spotmatch at low thresholds, where the best pair and cluster F1 on real
# pages lies (0.15 to 0.5): on scalegen's WT10g-like collection of
# LOWTAU_N documents (default 200000), spotmatch -t TAU -j 2 for TAU from
# 0.3 to 1.0 by 0.1 (LOWTAU_TAUS), each with the figures of -v (candidates met in the
# prefix lists, past the positional filter, compared, pairs) and its CPU
# seconds (user + system, GNU time).  With
#   DK_BASELINE   the bin directory of an earlier build
# each run is made with both builds, alternated, LOWTAU_ROUNDS times
# (default 1), the outputs must be byte-identical, and the medians of both
# are printed; CPU(0.5) / CPU(0.9) is printed for each build.  Prints
# figures; asserts nothing about time.  The old build of main before the
# prefix filter takes about 12 minutes here at 0.3: LOWTAU_TAUS="0.5 0.9"
# gives the ratio alone.  LOWTAU_ARGS adds options to every run:
#   LOWTAU_TAUS=0.7 LOWTAU_ARGS="-M containment --min-shared 8 --size-ratio 0.3"
# is dkdedup --prose's containment pass.  Measured (200000 documents, -j 2,
# against the build before --size-ratio raised containment's prefix bound
# from --min-shared's 8 to 0.21 of the length): 16053 pairs, postings read
# 405.6M -> 199.8M, candidates met 208.8M -> 149.5M, past the positional
# filter 15.04M -> 15.71M, compared 1.058M -> 1.253M (the shorter prefixes
# meet a candidate fewer times, so the positional filter drops fewer);
# CPU user+sys, medians of 5 runs alternated (LOWTAU_ROUNDS=5), 7.60 s
# against 9.03 s (0.84; 0.87 in another such measurement).  On dkdedup's
# signatures of two real collections (--dense-tau 0.85 as dkdedup adds)
# the same pairs: news (686 documents) met 1063 -> 540, compared 497 ->
# 498; goldset (1684) met 18702 -> 16446, compared 15804 -> 15822; CPU
# within the noise (0.1 s).  Then each query's prefix was cut for the
# least overlap it needs with the lengths it can meet, and the bitmaps
# grew to 256 bits (LOWTAU_TAUS="0.3 0.5 0.9" LOWTAU_ROUNDS=3, -j 2,
# DK_BASELINE the build before, load 0.8): compared at 0.3 17,103,762 ->
# 8,842,168 (CPU 16.79 -> 11.12 s), at 0.5 317,485 -> 120,651 (1.57 ->
# 1.45 s), at 0.9 7,873 -> 7,208 (0.65 -> 0.64 s); CPU(0.5) / CPU(0.9)
# 2.3 (2.4 before); outputs identical.
. "$(dirname "$0")/common.sh"
timed_bench spotmatch
n=${LOWTAU_N:-200000}
rounds=${LOWTAU_ROUNDS:-1}
t=$BENCH_TMP/lowtau
mkdir -p "$t"
sigs=$(spots_sigs "$n") || exit 1
echo "input: $n documents ($sigs)${LOWTAU_ARGS:+, spotmatch $LOWTAU_ARGS}"

# run BIN OUT TAU: BIN/spotmatch -v at TAU into OUT; prints its CPU
# seconds, the -v line in $t/err
run() {
	# shellcheck disable=SC2086 # LOWTAU_ARGS: options, split
	_c=$(cpu_run "$1/spotmatch" "$2" -v -j 2 -t "$3" ${LOWTAU_ARGS:-} "$sigs") || return 1
	grep -v ': matching:\|: reading:\|records,' "$BENCH_TMP/cpu.err" | tail -n 1 >"$t/err"
	echo "$_c"
}
# the figures of a -v line: met, past the positional filter, compared, pairs
figures() {
	# (the pairs the last figure: the counts of pairs dropped by a bar
	# such as --size-ratio's may come before it)
	sed -n 's/.* \([0-9]*\) candidates met, \([0-9]*\) past the positional filter, \([0-9]*\) candidates compared, \(.* \)*\([0-9]*\) pairs$/\1 \2 \3 \5/p' "$1"
}
oldcand() { sed -n 's/.* \([0-9]*\) candidates compared, .*/\1/p' "$1"; }

: >"$t/cpu"
for tau in ${LOWTAU_TAUS:-0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0}; do
	olds= news=
	i=1
	while test "$i" -le "$rounds"; do
		if test -n "${DK_BASELINE:-}"; then
			olds="$olds $(run "$DK_BASELINE" "$t/old.out" "$tau")" || exit 1
			oc=$(oldcand "$t/err")
		fi
		news="$news $(run "$DK_BIN" "$t/new.out" "$tau")" || exit 1
		if test -n "${DK_BASELINE:-}"; then
			cmp -s "$t/old.out" "$t/new.out" ||
				{ echo "tau $tau: the outputs differ" >&2; exit 1; }
		fi
		i=$((i + 1))
	done
	set -- $(figures "$t/err")
	test $# = 4 || { echo "lowtau.sh: no -v figures at tau $tau" >&2; exit 1; }
	nc=$(echo "$news" | median)
	line="tau $tau: $4 pairs; candidates met $1, past the positional filter $2, compared $3"
	line="$line ($(awk -v c="$3" -v p="$4" 'BEGIN { printf "%.1f", p ? c / p : 0 }') a pair); CPU s $nc"
	if test -n "${DK_BASELINE:-}"; then
		oc_=$(echo "$olds" | median)
		line="$line; old build: compared $oc ($(awk -v c="$oc" -v p="$4" 'BEGIN { printf "%.1f", p ? c / p : 0 }') a pair), CPU s $oc_; outputs identical"
		echo "$tau $nc $oc_" >>"$t/cpu"
	else
		echo "$tau $nc" >>"$t/cpu"
	fi
	echo "$line"
done
awk '$1 == "0.5" { n5 = $2; o5 = $3 } $1 == "0.9" { n9 = $2; o9 = $3 }
	END {
		printf "CPU(0.5) / CPU(0.9): %.1f", (n9 > 0 ? n5 / n9 : 0)
		if (o9 != "")
			printf "; old build %.1f", (o9 > 0 ? o5 / o9 : 0)
		printf "\n"
	}' "$t/cpu"

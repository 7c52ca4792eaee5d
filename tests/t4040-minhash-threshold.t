#!/bin/sh
test_description='minhash -t: the banding chosen for a threshold'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup' '
	printf "d1\ta=1 b=2 c=1\nd2\tx\ta=1 b=1 c=3\n" >two
'

# choice TAU [OPTIONS]: "k K l L" as minhash -v reports it.
choice() {
	_t=$1
	shift
	minhash -v -t "$_t" "$@" two 2>err >/dev/null &&
	sed -n "s/^minhash: -t [^:]*: k \([0-9]*\), l \([0-9]*\) .*/k \1 l \2/p" err
}

# These are the minima of 0.07 * FP + 0.93 * FN over l <= 32, k * l <= 192,
# P(tau) >= 0.9, worked out independently (tests below check them by brute
# force); without the floor 0.5 would take k 4 l 32 (P(tau) 0.873) and
# 0.95 k 27 l 7 (0.866).
test_expect_success 'the chosen banding for a few thresholds' '
	for want in "0.2 k 1 l 18" "0.3 k 2 l 32" "0.44 k 3 l 32" "0.5 k 3 l 24" \
	    "0.7 k 7 l 27" "0.9 k 16 l 12" "0.95 k 24 l 7" "1 k 64 l 1"; do
		set -- $want &&
		echo "$1 $(choice "$1")" >actual &&
		echo "$want" >expect &&
		test_cmp expect actual || return 1
	done
'

test_expect_success '-l bounds the bands and the budget, --fn-weight the balance' '
	test "$(choice 0.44 -l 8)" = "k 1 l 7" &&
	test "$(choice 0.44 --fn-weight 0.5 --p-tau 0)" = "k 5 l 32" &&
	test "$(choice 0.7 -l 100)" = "k 9 l 66"
'

test_expect_success '--p-tau sets the floor of P(tau); out of reach, the greatest' '
	test "$(choice 0.5 --p-tau 0)" = "k 4 l 32" &&
	test "$(choice 0.9 --p-tau 0.95)" = "k 14 l 12" &&
	test "$(choice 0.44 --fn-weight 0.5)" = "k 3 l 26" &&
	test "$(choice 0.05 --p-tau 0.9)" = "k 1 l 32" &&
	test "$(choice 0.5 -l 2 --p-tau 0.99)" = "k 1 l 2"
'

test_expect_success '-t sketches multisets, as -w does; --set sets' '
	minhash -t 0.5 two >actual &&
	minhash -w -k 3 -l 24 two >expect &&
	test_cmp expect actual &&
	minhash -t 0.5 --set two >actual &&
	minhash -k 3 -l 24 two >expect &&
	test_cmp expect actual &&
	minhash -w -k 3 -l 24 two >weighted &&
	! cmp -s weighted expect
'

test_expect_success '-v reports the areas, the weights and P(tau)' '
	choice 0.44 >/dev/null &&
	grep "^minhash: -t 0.44: k 3, l 32 (of l <= 32, k \* l <= 192): false-positive area 0.163016, false-negative area 0.002358, weights 0.07 and 0.93; P(tau) 0.9421 (at least 0.9)$" err
'

test_expect_success 'the output is that of -k and -l with the chosen values' '
	minhash -t 0.44 two >actual &&
	minhash -w -k 3 -l 32 two >expect &&
	test_cmp expect actual &&
	minhash -t 0.9 --sketch two >actual &&
	minhash -w -k 16 -l 12 --sketch two >expect &&
	test_cmp expect actual
'

test_expect_success 'option mix-ups are usage errors' '
	expect_error 2 "minhash: -k and -t exclude each other" minhash -t 0.5 -k 3 two &&
	expect_error 2 "minhash: --fn-weight needs -t" minhash --fn-weight 0.5 two &&
	expect_error 2 "minhash: --p-tau needs -t" minhash --p-tau 0.5 two &&
	expect_error 2 "minhash: --set needs -t" minhash --set two &&
	expect_error 2 "minhash: -w and --set exclude each other" minhash -t 0.5 -w --set two &&
	expect_error 2 "minhash: P is .2.: not in \[0, 1\]" minhash -t 0.5 --p-tau 2 two &&
	expect_error 2 "minhash: W is .1.5.: not in \[0, 1\]" minhash -t 0.5 --fn-weight 1.5 two &&
	expect_error 2 "minhash: threshold is .0." minhash -t 0 two &&
	expect_error 2 "minhash: threshold is .1.01." minhash -t 1.01 two
'

# area K L TAU: the false-positive and false-negative areas by a midpoint
# sum over 100,000 steps a side, independent of minhash's Simpson rule.
area() {
	awk -v k="$1" -v l="$2" -v t="$3" "BEGIN {
		n = 100000
		for (i = 0; i < n; i++) {
			s = t * (i + 0.5) / n; fp += 1 - (1 - s ^ k) ^ l
			s = t + (1 - t) * (i + 0.5) / n; fn += (1 - s ^ k) ^ l
		}
		printf \"%.6f %.6f\n\", fp * t / n, fn * (1 - t) / n
	}"
}

# close A B: two lists of numbers agree within 2e-6.
close() {
	echo "$1 $2" | awk "{ h = NF / 2; for (i = 1; i <= h; i++) { d = \$i - \$(i + h); if (d > 2e-6 || d < -2e-6) exit 1 } }"
}

test_expect_success 'the areas -v reports agree with a brute numeric sum' '
	for tau in 0.2 0.44 0.7 0.9 0.95; do
		minhash -v -t $tau two 2>err >/dev/null &&
		set -- $(sed -n "s/.*: k \([0-9]*\), l \([0-9]*\) .*false-positive area \([0-9.]*\), false-negative area \([0-9.]*\),.*/\1 \2 \3 \4/p" err) &&
		echo "tau $tau k $1 l $2: minhash $3 $4, brute $(area $1 $2 $tau)" &&
		close "$3 $4" "$(area $1 $2 $tau)" || return 1
	done
'

# best TAU MAXL WFN [PTAU]: the (k, l) of least (1 - WFN) * FP + WFN * FN by
# brute force over every banding with l <= MAXL, k * l <= 6 * MAXL and
# P(TAU) >= PTAU (default 0.9) (midpoint sums, 1,000 steps a side).
best() {
	awk -v t="$1" -v maxl="$2" -v w="$3" -v p="${4:-0.9}" "BEGIN {
		n = 1000; best = 1e9
		for (l = 1; l <= maxl; l++)
			for (k = 1; k <= 64 && k * l <= 6 * maxl; k++) {
				if (1 - (1 - t ^ k) ^ l < p)
					continue
				fp = fn = 0
				for (i = 0; i < n; i++) {
					s = t * (i + 0.5) / n; fp += 1 - (1 - s ^ k) ^ l
					s = t + (1 - t) * (i + 0.5) / n; fn += (1 - s ^ k) ^ l
				}
				c = (1 - w) * fp * t / n + w * fn * (1 - t) / n
				if (c < best) { best = c; bk = k; bl = l }
			}
		print \"k \" bk \" l \" bl
	}"
}

test_expect_success 'the choice is the brute-force minimum' '
	for tau in 0.35 0.5 0.6 0.85 0.95; do
		echo "tau $tau: $(choice $tau), brute $(best $tau 32 0.93)" &&
		test "$(choice $tau)" = "$(best $tau 32 0.93)" || return 1
	done &&
	test "$(choice 0.44 -l 8)" = "$(best 0.44 8 0.93)" &&
	test "$(choice 0.44 --fn-weight 0.5)" = "$(best 0.44 32 0.5)" &&
	test "$(choice 0.6 --p-tau 0.97)" = "$(best 0.6 32 0.93 0.97)" &&
	test "$(choice 0.5 --p-tau 0)" = "$(best 0.5 32 0.93 0)" &&
	test "$(choice 0.7 -l 100)" = "$(best 0.7 100 0.93)"
'

test_done

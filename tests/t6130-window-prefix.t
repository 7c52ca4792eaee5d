#!/bin/sh
test_description='spotmatch --window: long multisets near the prefix bounds'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# Prefixes grow with the length and shrink with the threshold; documents of
# 1 to 50 signatures with counts up to 4, and high thresholds, put matches
# right at the edge of the prefixes.  Half the documents copy an earlier
# one, some exactly, some with a count moved by one or a signature dropped
# or added, so that pairs land on both sides of every threshold.
# gen SEED E E/2: 300 such documents over a vocabulary of 80, each
# signature of a copy changed with probability E and dropped with E / 2,
# one added with E.
gen() {
	dk_gen -s $1 -v 80 -c 4 -l 1:50 --skew 1 --copy 0.5 \
		--change $2 --drop $3 --add $2 300
}

seed=11
for m in jaccard set max; do
	for tau in 0.6 0.8 0.9 0.95 1; do
		seed=$((seed + 1))
		test_expect_success "$m, tau $tau" '
			gen $seed 0.04 0.02 >s &&
			spotmatch --window 200 -M $m -t $tau s >actual &&
			dk_brute --window 200 -M $m -t $tau s >expect &&
			test $(wc -l <expect) -gt 10 &&
			test_cmp expect actual
		'
	done
done

test_expect_success 'a threshold just below a reachable similarity' '
	gen 99 0.02 0.01 >s &&
	spotmatch --window 300 -M max -t 0.975 s >actual &&
	dk_brute --window 300 -M max -t 0.975 s >expect &&
	test $(wc -l <expect) -gt 10 &&
	test_cmp expect actual
'

test_done

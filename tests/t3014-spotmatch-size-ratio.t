#!/bin/sh
test_description='spotmatch --size-ratio: pairs equal brute force filtered by the ratio of lengths'
. "$(dirname "$0")/lib.sh"

# gen SEED N: a random signature stream with skewed lengths, counts above
# one, exact and near copies, as t3010's.
gen() {
	dk_gen -v 8,40,300,3000 --loglen -l 1:100 --repeat \
		--copy 0.15 --exact 0.5 --change 0.1 -s "$@"
}

# Lengths 10, 8 and 5, each the start of the one before: under
# containment at 1 every pair matches, and the ratios are 0.8, 0.5 and
# 0.625; a pair at exactly R is kept (the quotient as a double).
test_expect_success 'exact: the ratio of lengths, at and past its edges' '
	printf "d1\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1\n" >in &&
	printf "d2\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1\n" >>in &&
	printf "d3\ta=1 b=1 c=1 d=1 e=1\n" >>in &&
	spotmatch -t 1 -M containment in >actual &&
	printf "d1\td2\t1.000000\nd1\td3\t1.000000\nd2\td3\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 1 -M containment --size-ratio 0.625 in >actual &&
	printf "d1\td2\t1.000000\nd2\td3\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 1 -M containment --size-ratio 0.63 in >actual &&
	printf "d1\td2\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 1 -M containment --size-ratio 0.8 in >actual &&
	test_cmp expect actual &&
	spotmatch -t 1 -M containment --size-ratio 0.81 in >actual &&
	test_must_be_empty actual
'

test_expect_success 'exact: the lengths are the measure'"'"'s (set: distinct signatures)' '
	printf "x\ta=5 b=1\ny\ta=1 b=1\n" >in &&
	spotmatch -t 1 -M containment --size-ratio 0.5 in >actual &&
	test_must_be_empty actual &&
	spotmatch -t 1 -M set --size-ratio 1 in >actual &&
	printf "x\ty\t1.000000\n" >expect &&
	test_cmp expect actual
'

# Without bounds the pair is found and then dropped; with them, the length
# partitions at 0.6 hold the two apart and no pair is dropped.
test_expect_success 'exact: -v counts the pairs dropped' '
	printf "d1\ta=1 b=1 c=1 d=1\nd2\ta=1 b=1\n" >in &&
	spotmatch -v -t 1 -M containment --size-ratio 0.6 in >actual 2>err &&
	test_must_be_empty actual &&
	grep "2 partitions, .* 0 pairs below --size-ratio dropped" err &&
	spotmatch -v --no-prune --no-partition -t 1 -M containment --size-ratio 0.6 in >actual 2>err &&
	test_must_be_empty actual &&
	grep "1 pairs below --size-ratio dropped" err
'

test_expect_success 'a ratio outside (0, 1] is refused' '
	printf "d1\ta=1\n" >in &&
	test_expect_code 2 spotmatch --size-ratio 0 in 2>err &&
	grep -- "--size-ratio" err &&
	test_expect_code 2 spotmatch --size-ratio 1.5 in 2>err &&
	test_expect_code 2 spotmatch --size-ratio x in 2>err
'

# Each case: seed, documents, threshold, measure, R, --min-shared.  Each
# drops some pairs the threshold alone reports (checked), so the bound is
# exercised; every route of the matcher gives brute force's pairs.
while read seed n tau m r ms; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m, --size-ratio $r" "
		gen $seed $n >in &&
		dk_brute -t $tau -M $m --min-shared $ms in >all &&
		dk_brute -t $tau -M $m --min-shared $ms --size-ratio $r in >expect &&
		test \$(wc -l <expect) -lt \$(wc -l <all) &&
		set -- -t $tau -M $m --min-shared $ms --size-ratio $r &&
		spotmatch -j 1 \"\$@\" in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 \"\$@\" in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 --no-prune \"\$@\" in >actual &&
		test_cmp expect actual &&
		spotmatch -j 1 --no-partition \"\$@\" in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -r 7 \"\$@\" in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		spotmatch -j 2 \"\$@\" keyed | sort >actual &&
		sort expect >expect.sorted &&
		test_cmp expect.sorted actual &&
		head -n 100 in >ref && tail -n +101 in >rest &&
		dk_brute \"\$@\" --against ref --within rest >expect &&
		spotmatch -j 2 \"\$@\" --against ref --within rest >actual &&
		test_cmp expect actual &&
		dk_brute \"\$@\" --window 50 in >expect &&
		spotmatch \"\$@\" --window 50 in >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
1 400 0.9 jaccard 0.95 1
2 400 0.5 jaccard 0.8 1
3 500 0.3 set 0.5 1
4 500 0.75 max 0.9 1
5 500 0.5 dice 0.7 1
6 600 0.4 cosine 0.6 1
7 500 0.5 containment 0.3 1
8 800 0.8 containment 0.5 4
9 600 0.3 containment 0.7 8
10 400 1.0 containment 0.2 2
11 2000 0.7 containment 0.3 8
12 2000 0.9 set 0.97 1
EOF_CASES

test_done

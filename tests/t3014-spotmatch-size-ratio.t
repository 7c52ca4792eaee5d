#!/bin/sh
test_description='spotmatch --size-ratio: pairs equal brute force filtered by the ratio of lengths'
. "$(dirname "$0")/lib.sh"

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

# routes TAU M R MS: every route of the matcher on ./in gives brute
# force's pairs, and the threshold alone reports more (so the bound is
# exercised): -j 1 and 2, --no-prune, --no-partition, -r, a partitioned
# stream (partitioned with R and without), --against --within, --window.
routes() {
	dk_brute -t $1 -M $2 --min-shared $4 in >all &&
	dk_brute -t $1 -M $2 --min-shared $4 --size-ratio $3 in >expect &&
	test $(wc -l <expect) -lt $(wc -l <all) &&
	part="-t $1 -M $2" && ratio=$3 &&
	set -- -t $1 -M $2 --min-shared $4 --size-ratio $3 &&
	spotmatch -j 1 "$@" in >actual &&
	test_cmp expect actual &&
	spotmatch -j 2 "$@" in >actual &&
	test_cmp expect actual &&
	spotmatch -j 2 --no-prune "$@" in >actual &&
	test_cmp expect actual &&
	spotmatch -j 1 --no-partition "$@" in >actual &&
	test_cmp expect actual &&
	spotmatch -j 2 -r 7 "$@" in >actual &&
	test_cmp expect actual &&
	sort expect >expect.sorted &&
	partition $part in >keyed &&
	spotmatch -j 2 "$@" keyed | sort >actual &&
	test_cmp expect.sorted actual &&
	partition $part --size-ratio $ratio in >keyed &&
	spotmatch -j 2 "$@" keyed | sort >actual &&
	test_cmp expect.sorted actual &&
	head -n 100 in >ref && tail -n +101 in >rest &&
	dk_brute "$@" --against ref --within rest >expect &&
	spotmatch -j 2 "$@" --against ref --within rest >actual &&
	test_cmp expect actual &&
	dk_brute "$@" --window 50 in >expect &&
	spotmatch "$@" --window 50 in >actual &&
	test_cmp expect actual
}

# Each case: seed, documents, threshold, measure, R, --min-shared.  From
# 13 on, every measure at its smallest thresholds, and containment near 1:
# a query's prefix is that of the least overlap it needs with the
# members' range of lengths (query.c), which the probes of a partition
# and the members of --no-partition's unsorted lists meet.
while read seed n tau m r ms; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m, --size-ratio $r" "
		dk_gen_skewed $seed $n >in &&
		routes $tau $m $r $ms
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
13 500 0.05 containment 0.1 1
14 500 0.05 jaccard 0.1 1
15 500 0.2 dice 0.4 1
16 500 0.1 cosine 0.2 1
17 500 0.6 max 0.8 2
18 500 0.05 set 0.3 1
19 1000 0.95 containment 0.6 3
EOF_CASES

# At the edges of the overlap bound under R (the prefixes of containment
# and of the measures whose bound R raises, measure.h dk_overlap_ratio):
# lengths of 1 to 3 over a few signatures, where tau R len meets an
# integer (0.5 x 0.5 x 4, 0.6 x 0.5 x 10, 1 x 1), and the smallest tau
# and R.  Each case: seed, documents, lengths, vocabulary, threshold,
# measure, R, --min-shared.
while read seed n len v tau m r ms; do
	test_expect_success "edge $seed: lengths $len of $v, tau $tau, $m, --size-ratio $r" "
		dk_gen -v $v --loglen -l $len --repeat --copy 0.3 --exact 0.3 \
			--change 0.3 -s $seed $n >in &&
		routes $tau $m $r $ms
	"
done <<EOF_CASES
21 150 1:3 6 0.5 containment 0.5 1
22 150 1:60 30 0.05 containment 0.05 1
23 150 1:6 10 1.0 containment 1.0 1
24 150 1:12 20 0.75 containment 0.4 2
25 150 1:3 6 0.6 containment 0.5 1
26 150 1:12 12 0.5 jaccard 0.6 1
27 150 1:6 8 0.3 dice 0.9 1
28 150 1:6 8 0.4 cosine 0.5 1
29 150 1:3 5 0.5 set 0.6 1
30 150 1:12 10 0.6 max 0.75 1
EOF_CASES

test_done

#!/bin/sh
test_description='spotmatch: pairs equal brute-force all-pairs comparison'
. "$(dirname "$0")/lib.sh"

# dk_gen_skewed SEED N (tests/lib.sh): a random signature stream with
# skewed lengths, counts above one, exact and near copies.  dk_brute -t
# TAU -M MEASURE FILE: every pair whose similarity reaches TAU, as
# spotmatch writes them.
test_expect_success 'the generator' '
	dk_gen_skewed 1 20 >g &&
	test $(wc -l <g) = 20
'

# Each case: seed, documents, threshold, measure.
while read seed n tau m; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m" "
		dk_gen_skewed $seed $n >in &&
		dk_brute -t $tau -M $m in >expect &&
		spotmatch -j 1 -t $tau -M $m in >actual &&
		test_cmp expect actual &&
		spotmatch -j 3 -t $tau -M $m in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --no-prune in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --no-partition in >actual &&
		test_cmp expect actual &&
		spotmatch -j 1 -t $tau -M $m -r 7 in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		spotmatch -j 2 -M $m keyed >actual &&
		sort expect >expect.sorted &&
		sort actual >actual.sorted &&
		test_cmp expect.sorted actual.sorted
	"
done <<EOF_CASES
1 300 0.9 jaccard
2 300 1.0 jaccard
3 400 0.05 jaccard
4 400 0.5 set
5 400 0.75 max
6 500 0.8 jaccard
7 500 0.1 set
8 500 0.3 max
9 600 0.95 set
10 600 0.6 jaccard
11 800 0.7 max
12 800 0.85 jaccard
13 300 1.0 set
14 300 1.0 max
15 2000 0.9 jaccard
16 2000 0.7 set
17 2000 0.5 max
18 500 0.5 dice
19 800 0.8 dice
20 300 1.0 dice
21 2000 0.9 dice
22 600 0.3 dice
23 500 0.5 cosine
24 800 0.8 cosine
25 300 1.0 cosine
26 2000 0.9 cosine
27 600 0.3 cosine
28 500 0.5 containment
29 800 0.8 containment
30 300 1.0 containment
31 2000 0.9 containment
32 600 0.3 containment
EOF_CASES

# --min-shared: the pairs that also share N signatures (by the measure's
# weights), in every mode of the matcher; each case drops some pairs the
# threshold alone reports (checked), so the bound is exercised.
while read seed n tau m ms; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m, --min-shared $ms" "
		dk_gen_skewed $seed $n >in &&
		dk_brute -t $tau -M $m in >all &&
		dk_brute -t $tau -M $m --min-shared $ms in >expect &&
		test \$(wc -l <expect) -lt \$(wc -l <all) &&
		spotmatch -j 1 -t $tau -M $m --min-shared $ms in >actual &&
		test_cmp expect actual &&
		spotmatch -j 3 -t $tau -M $m --min-shared $ms in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --min-shared $ms --no-prune in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --min-shared $ms --no-partition in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		spotmatch -j 2 -M $m --min-shared $ms keyed >actual &&
		sort expect >expect.sorted &&
		sort actual >actual.sorted &&
		test_cmp expect.sorted actual.sorted &&
		head -n 100 in >ref && tail -n +101 in >rest &&
		dk_brute -t $tau -M $m --min-shared $ms --against ref --within rest >expect &&
		spotmatch -j 2 -t $tau -M $m --min-shared $ms --against ref --within rest >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
41 400 0.3 jaccard 12
42 400 0.5 set 6
43 500 0.7 max 30
44 500 0.4 dice 20
45 800 0.2 jaccard 40
46 300 0.9 set 15
47 600 0.8 containment 8
48 800 0.5 containment 30
49 400 1.0 containment 4
EOF_CASES

test_expect_success 'the pairs of a threshold are found at a higher threshold of the same stream' '
	dk_gen_skewed 21 500 >in &&
	partition -t 0.6 in >keyed &&
	dk_brute -t 0.8 in >expect &&
	spotmatch -t 0.8 keyed >actual &&
	sort expect >expect.sorted &&
	sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted
'

# Each key's records on their own, the results concatenated in key order,
# give exactly the output of one run.
for tau in 0.3 0.8 1.0; do
	test_expect_success "sharding by key at tau $tau" "
		dk_gen_skewed 31 1500 >in &&
		partition -t $tau in >keyed &&
		spotmatch -j 2 keyed >whole && test -s whole &&
		rm -rf shards && mkdir shards &&
		awk -F '\t' '{ print >(\"shards/\" \$1) }' keyed &&
		for f in shards/*; do spotmatch -j 1 \"\$f\" || return 1; done >joined &&
		test_cmp whole joined &&
		spotmatch -j 3 keyed >whole3 &&
		test_cmp whole whole3 &&
		dk_brute -t $tau in | sort >expect &&
		sort whole >actual &&
		test_cmp expect actual
	"
done

test_done

#!/bin/sh
test_description='partition --size-ratio: length partitions at a ratio, containment sharded'
. "$(dirname "$0")/lib.sh"

# canon: pairs with the smaller ID first, sorted (merged shards number
# the documents in another order, and write a pair the other way round).
canon() {
	awk -F '\t' -v OFS='\t' '{ if ($1 > $2) print $2, $1, $3; else print }' | sort
}

# Lengths 10, 8 and 5 (ratios 0.8, 0.5, 0.625): at 0.6 the partitions
# are [1, 2], [3, 6], [7, 12] ...: 5 lies in the one before 8 and 10,
# and is their probe (5 / 7 >= 0.6); with -r 5 the last one is [3, inf).
test_expect_success 'exact: the keys record R, containment gets partitions' '
	printf "d1\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1\n" >in &&
	printf "d2\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1\n" >>in &&
	printf "d3\ta=1 b=1 c=1 d=1 e=1\n" >>in &&
	partition -t 1 -M containment in | cut -f1,2 >actual &&
	printf "P1/contain:00000\td1\nP1/contain:00000\td2\nP1/contain:00000\td3\n" >expect &&
	test_cmp expect actual &&
	partition -t 1 -M containment --size-ratio 0.6 in | cut -f1-3 >actual &&
	printf "P1s0.6/contain:00001\td3\ta=1 b=1 c=1 d=1 e=1\n" >expect &&
	printf "P1s0.6/contain:00002\td1\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1\n" >>expect &&
	printf "P1s0.6/contain:00002\td2\ta=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1\n" >>expect &&
	printf "P1s0.6/contain:00002\td3\t!probe a=1 b=1 c=1 d=1 e=1\n" >>expect &&
	test_cmp expect actual &&
	partition -t 1 -M containment --size-ratio 0.6 -r 5 in | cut -f1,2 >actual &&
	printf "P1r5s0.6/contain:00001\td1\nP1r5s0.6/contain:00001\td2\nP1r5s0.6/contain:00001\td3\n" >expect &&
	test_cmp expect actual &&
	partition -t 1 -M containment --size-ratio 0.6 in >keyed &&
	spotmatch -M containment --size-ratio 0.6 keyed >actual &&
	printf "d1\td2\t1.000000\nd2\td3\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'exact: --bounds at the larger of the two ratios' '
	partition -t 1 -M containment --size-ratio 0.5 --bounds | head -n 4 >actual &&
	printf "0\t1\t3\n1\t4\t9\n2\t10\t21\n3\t22\t45\n" >expect &&
	test_cmp expect actual &&
	partition -t 0.9 --size-ratio 0.5 --bounds >actual &&
	partition -t 0.9 --bounds >expect &&
	test_cmp expect actual
'

test_expect_success 'spotmatch refuses a stream of another R' '
	printf "d1\ta=1 b=1 c=1 d=1\nd2\ta=1 b=1 c=1\n" >in &&
	partition -t 0.7 -M containment --size-ratio 0.3 in >keyed &&
	expect_error 2 "^spotmatch: the stream was partitioned with --size-ratio 0.3: use --size-ratio 0.3\$" \
		spotmatch -M containment keyed &&
	expect_error 2 "^spotmatch: the stream was partitioned with --size-ratio 0.3: use --size-ratio 0.3, not 0.5\$" \
		spotmatch -M containment --size-ratio 0.5 keyed &&
	spotmatch -M containment --size-ratio 0.3 keyed >actual &&
	printf "d1\td2\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'shards of two R merged: the first key of the other is refused' '
	awk "BEGIN { for (d = 0; d < 40; d++) { printf \"s%d\t\", d;
		for (i = 0; i < 20 + d; i++) printf \"%sw%d=1\", i ? \" \" : \"\", i; printf \"\n\" } }" >lens &&
	awk "NR % 2" lens >odd && awk "NR % 2 == 0" lens >even &&
	partition --shard -t 0.5 -M containment --size-ratio 0.8 odd >a &&
	partition --shard -t 0.5 -M containment --size-ratio 0.9 even >b &&
	LC_ALL=C sort -m -s -k1,1 a b >merged &&
	expect_error 2 "a key of partition -t 0.5 -M containment --size-ratio 0.9 after keys of partition -t 0.5 -M containment --size-ratio 0.8 (at merged:1): their length partitions differ" \
		spotmatch -M containment --size-ratio 0.8 merged &&
	partition --shard -t 0.5 -M containment --size-ratio 0.8 even >b &&
	LC_ALL=C sort -m -s -k1,1 a b >merged &&
	spotmatch -M containment --size-ratio 0.8 merged | canon >actual &&
	spotmatch -t 0.5 -M containment --size-ratio 0.8 lens | canon >expect &&
	test_cmp expect actual &&
	dk_brute -t 0.5 -M containment --size-ratio 0.8 lens | canon >brute &&
	test_cmp brute actual && test $(wc -l <actual) = 290
'

test_expect_success 'a bad <size> in a key is refused' '
	printf "P0.7s0.30/contain:00001\td1\ta=1\n" >bad &&
	expect_error 2 "^spotmatch: bad:1: bad --size-ratio in partition key" \
		spotmatch -M containment --size-ratio 0.3 bad &&
	expect_error 2 "^partition: --size-ratio" partition -t 0.5 --size-ratio 0 in
'

# Each case: seed, documents, threshold, measure, R, --min-shared:
# partition --size-ratio | sort | spotmatch --size-ratio gives the pairs of
# spotmatch --size-ratio on the whole set, and of brute force; so does
# every key's records matched on their own, and shards keyed apart.
while read seed n tau m r ms; do
	test_expect_success "seed $seed: $n docs, tau $tau, $m, --size-ratio $r" "
		dk_gen_skewed $seed $n >in &&
		set -- -t $tau -M $m --min-shared $ms --size-ratio $r &&
		dk_brute \"\$@\" in | canon >expect &&
		spotmatch -j 2 \"\$@\" in | canon >whole &&
		test_cmp expect whole &&
		partition -t $tau -M $m --size-ratio $r in | LC_ALL=C sort -s -k1,1 >keyed &&
		test \$(cut -f1 keyed | sort -u | wc -l) -ge 3 &&
		spotmatch -j 1 --min-shared $ms --size-ratio $r -M $m keyed | canon >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 \"\$@\" keyed | canon >actual &&
		test_cmp expect actual &&
		rm -rf shards && mkdir shards &&
		awk -F '\t' '{ f = \$1; gsub(\"/\", \"_\", f); print >(\"shards/\" f) }' keyed &&
		for f in shards/*; do spotmatch -j 1 \"\$@\" \"\$f\" || return 1; done | canon >actual &&
		test_cmp expect actual &&
		awk 'NR % 3 == 0' in >s0 && awk 'NR % 3 == 1' in >s1 && awk 'NR % 3 == 2' in >s2 &&
		for s in s0 s1 s2; do
			partition --shard -t $tau -M $m -r 40 --size-ratio $r \$s >k\$s || return 1
		done &&
		LC_ALL=C sort -m -s -k1,1 ks0 ks1 ks2 >merged &&
		spotmatch -j 2 \"\$@\" merged | canon >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
1 500 0.5 containment 0.3 1
2 800 0.8 containment 0.5 4
3 600 0.3 containment 0.7 8
4 400 1.0 containment 0.2 2
5 2000 0.7 containment 0.3 8
6 500 0.5 jaccard 0.8 1
7 500 0.4 dice 0.75 1
8 600 0.3 set 0.6 1
9 500 0.6 cosine 0.5 1
10 500 0.75 max 0.9 1
EOF_CASES

test_done

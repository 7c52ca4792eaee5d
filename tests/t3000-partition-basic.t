#!/bin/sh
test_description='partition: boundaries, keys, probes, errors'
. "$(dirname "$0")/lib.sh"

test_expect_success 'partition counts of the paper (rho 1000)' '
	partition -t 1.0 --bounds >b1 && test $(wc -l <b1) = 501 &&
	partition -t 0.9 --bounds >b9 && test $(wc -l <b9) = 41 &&
	partition -t 0.1 --bounds >b01 && test $(wc -l <b01) = 3
'

test_expect_success 'tau 0.7 starts partitions at 1, 3, 6, 10, 16, 24, 36' '
	partition -t 0.7 --bounds >b &&
	head -n 7 b | cut -f 2 | tr "\n" " " >actual &&
	printf "1 3 6 10 16 24 36 " >expect &&
	test_cmp expect actual
'

test_expect_success 'bounds table with the open last partition' '
	partition -t 0.1 --bounds >actual &&
	printf "0\t1\t11\n1\t12\t121\n2\t122\tinf\n" >expect &&
	test_cmp expect actual &&
	partition -t 0.5 -r 10 --bounds >actual &&
	printf "0\t1\t3\n1\t4\t9\n2\t10\tinf\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'keyed output grouped by partition, probes for the next one' '
	printf "a\tx=1 y=2\nb\tx=1\nc\tc1\tx=1 y=1 z=1 w=2\nd\t!short x=1\ne\tx=4\n" >in &&
	partition -t 0.7 in >actual &&
	printf "P0.7:00000\tb\tx=1\n" >expect &&
	printf "P0.7:00001\ta\tx=1 y=2\n" >>expect &&
	printf "P0.7:00001\tc\tc1\tx=1 y=1 z=1 w=2\n" >>expect &&
	printf "P0.7:00001\te\tx=4\n" >>expect &&
	printf "P0.7:00002\tc\tc1\t!probe x=1 y=1 z=1 w=2\n" >>expect &&
	printf "P0.7:00002\tf\tx=7\n" >>expect &&
	printf "f\tx=7\n" >>in &&
	partition -t 0.7 in >actual &&
	test_cmp expect actual
'

test_expect_success '--shard writes the probes into a partition empty here' '
	printf "a\tx=1 y=1 z=1 u=1 v=1\n" >s1 &&
	printf "b\tx=1 y=1 z=1 u=1 v=1 w=1\n" >s2 &&
	partition -t 0.7 s1 >actual &&
	printf "P0.7:00001\ta\tx=1 y=1 z=1 u=1 v=1\n" >expect &&
	test_cmp expect actual &&
	printf "P0.7:00002\ta\t!probe x=1 y=1 z=1 u=1 v=1\n" >>expect &&
	partition -t 0.7 --shard s1 >actual &&
	test_cmp expect actual
'

test_expect_success 'shards merged by key match as one run; without --shard a pair is lost' '
	partition -t 0.7 s1 s2 | spotmatch >expect &&
	printf "a\tb\t0.833333\n" >want && test_cmp want expect &&
	partition -t 0.7 --shard s1 >k1 && partition -t 0.7 --shard s2 >k2 &&
	LC_ALL=C sort -s -t "	" -k1,1 k1 k2 | spotmatch >actual &&
	test_cmp expect actual &&
	partition -t 0.7 s1 >k1 && partition -t 0.7 s2 >k2 &&
	LC_ALL=C sort -s -t "	" -k1,1 k1 k2 | spotmatch >actual &&
	test_must_be_empty actual
'

test_expect_success 'set measure counts distinct signatures and says so in the key' '
	printf "a\tx=5\n" >in &&
	partition -t 0.7 -M set in >actual &&
	printf "P0.7/set:00000\ta\tx=5\n" >expect &&
	test_cmp expect actual
'

# dice reaches 0.8 down to a length ratio of 2/3, Jaccard only down to 0.8:
# lengths 3 and 5 share a dice partition, [3, 5], and not a Jaccard one
test_expect_success 'dice partitions by its own length ratio and says so in the key' '
	printf "a\tx=3\nb\ty=5\n" >in &&
	partition -t 0.8 -M dice in >actual &&
	printf "P0.8/dice:00001\ta\tx=3\nP0.8/dice:00001\tb\ty=5\n" >expect &&
	test_cmp expect actual &&
	partition -t 0.8 in >actual &&
	printf "P0.8:00001\ta\tx=3\nP0.8:00002\tb\ty=5\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'containment has no length bound: one partition for every length' '
	printf "a\tx=1\nb\ty=1000\n" >in &&
	partition -t 0.9 -M containment in >actual &&
	printf "P0.9/contain:00000\ta\tx=1\nP0.9/contain:00000\tb\ty=1000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'operands are read in turn, stdin as -' '
	printf "a\tx=1\n" >one &&
	printf "b\tx=1\n" | partition -t 0.9 one - >actual &&
	printf "P0.9:00000\ta\tx=1\nP0.9:00000\tb\tx=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bad input and usage' '
	printf "a\t\n" >empty &&
	expect_error 2 "partition: empty:1: record without signatures" partition -t 0.9 empty &&
	printf "a\tx=0\n" >zero &&
	expect_error 2 "partition: zero:1: signature count is 0" partition -t 0.9 zero &&
	printf "a\n" >nofield &&
	expect_error 2 "partition: nofield:1: expected at least 2" partition -t 0.9 nofield &&
	printf "P0.9:00000\ta\t!probe x=1\n" >keyed &&
	expect_error 2 "partition: keyed:1: this looks like a keyed stream (KEY ID SIGS), for spotmatch; partition reads signatures" partition -t 0.9 keyed &&
	printf "a\t!probe x=1\n" >probe &&
	expect_error 2 "partition: probe:1: !probe record" partition -t 0.9 probe &&
	expect_error 2 "partition: threshold is .0.: must be above 0" partition -t 0 empty &&
	expect_error 2 "partition: threshold is .1.5.: not in" partition -t 1.5 empty &&
	expect_error 2 "partition: a threshold -t TAU is required" partition empty &&
	expect_error 2 "partition: measure is .tanimoto.: expected one of jaccard, set, max, dice, cosine, containment" partition -t 0.5 -M tanimoto empty
'

test_expect_success 'an unreadable operand is reported, the others are read' '
	printf "a\tx=1\n" >one &&
	expect_error 1 "partition: nosuch" partition -t 0.9 nosuch one &&
	partition -t 0.9 nosuch one >actual 2>/dev/null;
	printf "P0.9:00000\ta\tx=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'help and version' '
	partition --help >out && grep -q "usage: partition" out &&
	partition --version >out && grep -q "partition (dupkit)" out
'

test_done

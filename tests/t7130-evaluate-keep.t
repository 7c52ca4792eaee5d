#!/bin/sh
test_description='evaluate --keep: the unique documents a keep list loses and the copies it removes'
. "$(dirname "$0")/lib.sh"

test_expect_success 'a cluster lost, one copy left: the list' '
	printf "a\tX\nb\tX\nc\tX\nd\tY\ne\tY\nf\tf\ng\tg\n" >gold &&
	printf "a\nb\nd\nf\n" >keep &&
	evaluate --keep keep gold >actual &&
	cat >expect <<-\EOF &&
	documents               7
	clusters                4
	kept                    4
	unique lost             1  25.00%
	copies                  3
	copies removed          2  66.67%
	copies left             1
	EOF
	test_cmp expect actual
'

test_expect_success '--tsv, the keep list on standard input' '
	evaluate --tsv --keep - gold <keep >actual &&
	printf "documents\tclusters\tkept\tlost\tlost_pct\tcopies\tremoved\tremoved_pct\tleft\n7\t4\t4\t1\t25.00\t3\t2\t66.67\t1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'everything kept, nothing kept, nothing to score' '
	cut -f 1 gold >all &&
	evaluate --tsv --keep all gold | sed -n 2p >actual &&
	printf "7\t4\t7\t0\t0.00\t3\t0\t0.00\t3\n" >expect &&
	test_cmp expect actual &&
	: >none &&
	evaluate --tsv --keep none gold | sed -n 2p >actual &&
	printf "7\t4\t0\t4\t100.00\t3\t3\t100.00\t0\n" >expect &&
	test_cmp expect actual &&
	: >empty &&
	evaluate --keep none empty >actual &&
	grep "^unique lost  *0  -$" actual &&
	evaluate --tsv --keep none empty | sed -n 2p >actual &&
	printf "0\t0\t0\t0\tnan\t0\t0\tnan\t0\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an ID missing from the gold file: FILE:LINE, or -u' '
	printf "a\nzz\n" >unknown &&
	test_expect_code 2 evaluate --keep unknown gold >out 2>err &&
	test_must_be_empty out &&
	echo "evaluate: unknown:2: ID \"zz\" is not in the gold file (see -u)" >expect &&
	test_cmp expect err &&
	evaluate --tsv -u singleton --keep unknown gold | sed -n 2p >actual &&
	printf "8\t5\t2\t3\t60.00\t3\t3\t100.00\t0\n" >expect &&
	test_cmp expect actual &&
	evaluate --tsv -u ignore --keep unknown gold | sed -n 2p >actual &&
	printf "7\t4\t1\t3\t75.00\t3\t3\t100.00\t0\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an ID twice, a TAB, an empty line: FILE:LINE' '
	printf "a\nb\na\n" >twice &&
	test_expect_code 2 evaluate --keep twice gold 2>err &&
	echo "evaluate: twice:3: ID \"a\" already at line 1" >expect &&
	test_cmp expect err &&
	printf "a\nb\tX\n" >tab &&
	test_expect_code 2 evaluate --keep tab gold 2>err &&
	grep "^evaluate: tab:2: a TAB, but a keep list has one ID a line" err &&
	printf "a\n\nb\n" >blank &&
	test_expect_code 2 evaluate --keep blank gold 2>err &&
	echo "evaluate: blank:2: empty ID" >expect &&
	test_cmp expect err
'

test_expect_success 'options of pair scoring refused; one operand' '
	test_expect_code 2 evaluate --keep keep -c gold 2>err &&
	echo "evaluate: --keep scores a keep list, not pairs or clusters: not with -c" >expect &&
	test_cmp expect err &&
	test_expect_code 2 evaluate --keep keep --sweep gold 2>err &&
	grep "not with --sweep" err &&
	test_expect_code 2 evaluate --keep keep 2>err &&
	echo "evaluate: --keep: the gold file is missing" >expect &&
	test_cmp expect err &&
	test_expect_code 2 evaluate --keep keep gold gold 2>err &&
	echo "evaluate: --keep: one operand, the gold file" >expect &&
	test_cmp expect err &&
	test_expect_code 1 evaluate --keep missing gold 2>err &&
	grep "^evaluate: missing: " err
'

test_expect_success '-v: the counts of the gold file and the list' '
	evaluate -v -u ignore --keep unknown gold >/dev/null 2>err &&
	cat >expect <<-\EOF &&
	evaluate: gold: 7 IDs in 4 clusters
	evaluate: unknown: 2 IDs, 1 not in the gold file
	EOF
	test_cmp expect err
'

test_expect_success 'equal to a count by awk on 3,000 random documents and keep lists' '
	awk "BEGIN { srand(7); for (i = 0; i < 3000; i++) printf \"d%d\\tc%d\\n\", i, int(rand() * rand() * 1500) }" >big.gold &&
	for s in 1 2 3; do
		awk -v s=$s "BEGIN { srand(s) } rand() < 0.3 * s { print \$1 }" big.gold >big.keep &&
		evaluate --tsv --keep big.keep big.gold | sed -n 2p >actual &&
		awk -F "\t" "NR == FNR { k[\$1] = 1; next }
			{ n[\$2]++; kept[\$2] += k[\$1]; docs++ }
			END {
				for (c in n) { cl++; cp += n[c] - 1; if (kept[c]) { left += kept[c] - 1; kk += kept[c] } else lost++ }
				printf \"%d\\t%d\\t%d\\t%d\\t%.2f\\t%d\\t%d\\t%.2f\\t%d\\n\", docs, cl, kk, lost,
					100 * lost / cl, cp, cp - left, 100 * (cp - left) / cp, left
			}" big.keep big.gold >expect &&
		test_cmp expect actual || return 1
	done
'

test_done

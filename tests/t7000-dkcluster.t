#!/bin/sh
test_description='dkcluster -m components: names, singletons, options, errors'
. "$(dirname "$0")/lib.sh"

test_expect_success 'a chain is one cluster named after its first ID' '
	printf "a\tb\t0.9\nc\td\t0.8\nb\tc\t0.7\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "a\ta\nb\ta\nc\ta\nd\ta\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a star, listed in order of first appearance' '
	printf "h\tx\t1\ny\th\t1\nz\th\t1\nh\tw\t1\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "h\th\nx\th\ny\th\nz\th\nw\th\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'separate components, clusters in order of their names' '
	printf "p\tq\t0.5\nr\ts\t0.5\nq\tt\t0.5\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "p\tp\nq\tp\nt\tp\nr\tr\ns\tr\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'self-pairs join nothing but their ID is listed' '
	printf "a\ta\t1\nb\tc\t1\nc\tc\t1\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "a\ta\nb\tb\nc\tb\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'pairs without a SIM column' '
	printf "a\tb\nb\tc\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "a\ta\nb\ta\nc\ta\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-a lists singletons and orders the output' '
	printf "a\tb\t0.5\nc\td\t0.9\nb\tc\t0.2\nf\tg\t0.3\n" >pairs &&
	printf "z\ng\nf\na\nb\nc\nd\ne\ny\n" >ids &&
	dkcluster -m components -a ids pairs >actual &&
	printf "z\tz\ng\tg\nf\tg\na\ta\nb\ta\nc\ta\nd\ta\ne\te\ny\ty\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-a takes the first column of a document stream' '
	printf "b\tsome text\na\tother\tcarried\tand text\nc\tx\n" >docs &&
	printf "a\tc\t0.6\n" >pairs &&
	dkcluster -m components -a docs pairs >actual &&
	printf "b\tb\na\ta\nc\ta\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--representatives with -a is the keep list' '
	printf "a\tb\t0.5\nc\td\t0.9\nb\tc\t0.2\nf\tg\t0.3\n" >pairs &&
	printf "z\ng\nf\na\nb\nc\nd\ne\ny\n" >ids &&
	dkcluster -m components -a ids --representatives pairs >actual &&
	printf "z\ng\na\ne\ny\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--min-sim ignores weaker pairs, keeps their IDs' '
	printf "a\tb\t0.5\nc\td\t0.9\nb\tc\t0.2\nf\tg\t0.3\n" >pairs &&
	dkcluster -m components --min-sim 0.5 pairs >actual &&
	printf "a\ta\nb\ta\nc\tc\nd\tc\nf\tf\ng\tg\n" >expect &&
	test_cmp expect actual &&
	dkcluster -m components --min-sim 0.500001 pairs >actual &&
	printf "a\ta\nb\tb\nc\tc\nd\tc\nf\tf\ng\tg\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--min-size 2 leaves singletons out' '
	printf "a\tb\t0.5\nc\tc\t1\n" >pairs &&
	printf "x\nc\nb\na\n" >ids &&
	dkcluster -m components -a ids --min-size 2 pairs >actual &&
	printf "b\tb\na\tb\n" >expect &&
	test_cmp expect actual &&
	dkcluster -m components -a ids --min-size 3 pairs >actual &&
	test_must_be_empty actual
'

test_expect_success 'escaped IDs are kept as written' '
	printf "a\\\\tb\tc\\\\\\\\d\t1\n" >pairs &&
	dkcluster -m components pairs >actual &&
	printf "a\\\\tb\ta\\\\tb\nc\\\\\\\\d\ta\\\\tb\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'empty input gives empty output' '
	dkcluster </dev/null >actual &&
	test_must_be_empty actual &&
	: >ids && dkcluster -a ids </dev/null >actual &&
	test_must_be_empty actual
'

test_expect_success 'several operands are one stream; an unreadable one is skipped' '
	printf "a\tb\t1\n" >p1 && printf "c\tb\t1\n" >p2 &&
	test_expect_code 1 dkcluster p1 missing p2 >actual 2>err &&
	grep "dkcluster: missing" err &&
	printf "a\ta\nb\ta\nc\ta\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bad input is reported with its line' '
	printf "a\tb\t1\na\tb\t1.5\n" >bad &&
	expect_error 2 "dkcluster: bad:2: SIM is greater than 1" dkcluster bad &&
	printf "a\tb\tx\n" >bad &&
	expect_error 2 "dkcluster: bad:1: SIM is not a number" dkcluster bad &&
	printf "a\tb\t1\textra\n" >bad &&
	expect_error 2 "dkcluster: bad:1: expected ID1 TAB ID2 TAB SIM" dkcluster bad &&
	printf "a\n" >bad &&
	expect_error 2 "dkcluster: bad:1: expected at least 2 tab-separated fields, found 1" dkcluster bad &&
	printf "a\t\t1\n" >bad &&
	expect_error 2 "dkcluster: bad:1: empty ID" dkcluster bad &&
	printf "a\tb\n" >bad &&
	expect_error 2 "dkcluster: bad:1: --min-sim needs a SIM column" dkcluster --min-sim 0.1 bad &&
	printf "a\nb\n" >ids && printf "a\tb\t1\nb\tq\t1\n" >bad &&
	expect_error 2 "dkcluster: bad:2: ID \"q\" is not in the -a list" dkcluster -a ids bad &&
	expect_error 1 "dkcluster: nosuch" dkcluster -a nosuch bad &&
	expect_error 2 "min-sim" dkcluster --min-sim 2 bad &&
	expect_error 2 "min-size" dkcluster --min-size 0 bad
'

# Brute force: label propagation in awk, each ID taking the lowest
# first-appearance number of its neighbours until nothing changes.
test_expect_success 'random graphs: the components of label propagation' '
	for seed in 1 2 3 4 5; do
		awk -v seed=$seed "BEGIN { srand(seed); n = 60 + seed * 20;
			for (i = 0; i < n * 0.7; i++)
				printf \"d%d\td%d\t0.%06d\n\", int(rand() * n), int(rand() * n), int(rand() * 1000000) }" >pairs &&
		dkcluster -m components pairs | sort >actual &&
		awk -F "\t" "
			function num(x) { if (!(x in no)) { no[x] = ++k; id[k] = x } return no[x] }
			{ a[NR] = num(\$1); b[NR] = num(\$2) }
			END {
				for (i = 1; i <= k; i++) lab[i] = i
				do { ch = 0
					for (e = 1; e <= NR; e++) {
						m = lab[a[e]] < lab[b[e]] ? lab[a[e]] : lab[b[e]]
						if (lab[a[e]] != m) { lab[a[e]] = m; ch = 1 }
						if (lab[b[e]] != m) { lab[b[e]] = m; ch = 1 }
					}
				} while (ch)
				for (i = 1; i <= k; i++) print id[i] \"\t\" id[lab[i]]
			}" pairs | sort >expect &&
		test_cmp expect actual || return 1
	done
'

test_done

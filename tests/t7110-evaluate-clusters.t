#!/bin/sh
test_description='evaluate: clusters scored by pair F1 and the ARI; -m clusters pairs, also in a sweep'
. "$(dirname "$0")/lib.sh"

# Gold: {a, b, c}, {d, e} and the singleton f: 4 true pairs of 15.
test_expect_success 'setup' '
	printf "a\tC1\nb\tC1\nc\tC1\nd\tC2\ne\tC2\nf\ts1\n" >gold &&
	printf "a\tb\t0.9\nb\tc\t0.8\nc\td\t0.3\nd\te\t0.7\n" >pairs
'

# {a, b}, {c, d, e}, {f}: 4 pairs reported, 2 correct; ARI = (2 - 16/15) /
# (4 - 16/15) = 14/44.
test_expect_success '-c: pair F1 and the ARI by hand' '
	printf "a\tx\nb\tx\nc\ty\nd\ty\ne\ty\nf\tf\n" >clusters &&
	evaluate -c gold clusters >actual &&
	cat >expect <<-\EOF &&
	pairs reported  4
	pairs true      4
	pairs correct   2
	precision       0.5000
	recall          0.5000
	F1              0.5000
	ARI             0.3182
	EOF
	test_cmp expect actual &&
	evaluate -c --tsv gold clusters >actual &&
	printf "reported\ttrue\tcorrect\tprecision\trecall\tF1\tARI\n4\t4\t2\t0.5000\t0.5000\t0.5000\t0.3182\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'ARI: 1 for the gold clusters, 0 for one cluster or none' '
	evaluate -c --tsv gold gold | cut -f 6,7 >actual &&
	printf "F1\tARI\n1.0000\t1.0000\n" >expect && test_cmp expect actual &&
	sed "s/\t.*/\tall/" gold >one &&
	evaluate -c --tsv gold one | cut -f 1,3,7 >actual &&
	printf "reported\tcorrect\tARI\n15\t4\t0.0000\n" >expect && test_cmp expect actual &&
	: >none && evaluate -c --tsv gold none | cut -f 1,6,7 >actual &&
	printf "reported\tF1\tARI\n0\t0.0000\t0.0000\n" >expect && test_cmp expect actual
'

# components chain all five; star {a, b, c} {d, e}; leader visits a b c d e:
# {a, b}, {c, d}, {e}: 2 reported, 1 correct, ARI (1 - 8/15) / (3 - 8/15).
test_expect_success '-m clusters the pairs as dkcluster -m does' '
	for m in components star leader center; do
		evaluate -m $m --tsv gold pairs >actual &&
		dkcluster -m $m pairs | evaluate -c --tsv gold >expect &&
		test_cmp expect actual || return 1
	done &&
	evaluate -m components --tsv gold pairs | sed 1d >actual &&
	printf "10\t4\t4\t0.4000\t1.0000\t0.5714\t0.3077\n" >expect && test_cmp expect actual &&
	evaluate -m star --tsv gold pairs | sed 1d >actual &&
	printf "4\t4\t4\t1.0000\t1.0000\t1.0000\t1.0000\n" >expect && test_cmp expect actual &&
	evaluate -m leader --tsv gold pairs | sed 1d >actual &&
	printf "2\t4\t1\t0.5000\t0.2500\t0.3333\t0.1892\n" >expect && test_cmp expect actual
'

test_expect_success '-m -t clusters only the pairs at or above the threshold' '
	evaluate -m components -t 0.5 --tsv gold pairs | sed 1d >actual &&
	printf "4\t4\t4\t1.0000\t1.0000\t1.0000\t1.0000\n" >expect && test_cmp expect actual &&
	dkcluster -m star --min-sim 0.75 pairs | evaluate -c --tsv gold >expect &&
	evaluate -m star -t 0.75 --tsv gold pairs >actual && test_cmp expect actual
'

test_expect_success '-m --sweep clusters at each threshold' '
	evaluate -m components --sweep -t 0.25 --step 0.25 gold pairs >actual &&
	cat >expect <<-\EOF &&
	tau        reported       true    correct precision  recall      F1     ARI
	0.25             10          4          4    0.4000  1.0000  0.5714  0.3077
	0.50              4          4          4    1.0000  1.0000  1.0000  1.0000
	0.75              3          4          3    1.0000  0.7500  0.8571  0.8148
	1.00              0          4          0         -  0.0000  0.0000  0.0000
	best F1 1.0000 at tau 0.50, ARI 1.0000
	EOF
	test_cmp expect actual
'

test_expect_success '-m --sweep agrees with dkcluster --min-sim at every step' '
	awk "BEGIN { srand(7); for (i = 0; i < 300; i++)
		printf \"d%d\td%d\t0.%06d\n\", int(rand() * 60), int(rand() * 60), int(rand() * 1000000) }" >rpairs &&
	awk "BEGIN { for (i = 0; i < 60; i++) print \"d\" i \"\tg\" int(i / 4) }" >rgold &&
	for m in star leader components; do
		evaluate -m $m --sweep -t 0.2 --step 0.2 --tsv rgold rpairs | sed 1d | cut -f 2- >actual &&
		for t in 0.2 0.4 0.6 0.8 1; do
			dkcluster -m $m --min-sim $t rpairs | evaluate -c -u singleton --tsv rgold | sed 1d
		done >expect &&
		test_cmp expect actual || return 1
	done
'

test_expect_success '-m --plot draws precision, recall and F1 of the clusters' '
	evaluate -m star --plot plot.svg gold pairs >/dev/null &&
	test $(grep -c "^<path" plot.svg) = 3
'

test_expect_success '-m errors' '
	expect_error 2 "evaluate: -m nearest: not star, leader, center or components" \
		evaluate -m nearest gold pairs &&
	expect_error 2 "evaluate: -c and -m" evaluate -c -m star gold pairs
'

test_done

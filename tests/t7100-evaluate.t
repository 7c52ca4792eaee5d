#!/bin/sh
test_description='evaluate: precision, recall and F1 against gold clusters'
. "$(dirname "$0")/lib.sh"

# Gold: {a, b, c} and {d, e} are clusters, f a singleton: 3 + 1 true pairs.
# The pairs: ab (0.9, given twice), ac (0.5), de (0.3) true, ad (0.7) false,
# and a self-pair.
test_expect_success 'setup' '
	printf "a\tC1\nb\tC1\nd\tC2\nc\tC1\ne\tC2\nf\ts1\n" >gold &&
	printf "a\tb\t0.9\na\tc\t0.5\nd\te\t0.3\na\td\t0.7\nb\ta\t0.4\nf\tf\t1\n" >pairs
'

test_expect_success 'scores of a pair stream' '
	evaluate gold pairs >actual &&
	cat >expect <<-\EOF &&
	pairs reported  4
	pairs true      4
	pairs correct   3
	precision       0.7500
	recall          0.7500
	F1              0.7500
	EOF
	test_cmp expect actual
'

test_expect_success '-t scores only the pairs at or above the threshold' '
	evaluate -t 0.5 --tsv gold pairs >actual &&
	printf "reported\ttrue\tcorrect\tprecision\trecall\tF1\n" >expect &&
	printf "3\t4\t2\t0.6667\t0.5000\t0.5714\n" >>expect &&
	test_cmp expect actual
'

test_expect_success '--sweep from -t in steps, with the best F1' '
	evaluate -t 0.3 --step 0.2 --sweep gold pairs >actual &&
	cat >expect <<-\EOF &&
	tau        reported       true    correct precision  recall      F1
	0.30              4          4          3    0.7500  0.7500  0.7500
	0.50              3          4          2    0.6667  0.5000  0.5714
	0.70              2          4          1    0.5000  0.2500  0.3333
	0.90              1          4          1    1.0000  0.2500  0.4000
	best F1 0.7500 at tau 0.30
	EOF
	test_cmp expect actual
'

test_expect_success '--sweep starts at the lowest SIM rounded down to a step' '
	evaluate --step 0.2 --sweep --tsv gold pairs | cut -f 1 >actual &&
	printf "tau\n0.20\n0.40\n0.60\n0.80\n1.00\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-c scores a cluster stream by its pairs' '
	printf "a\tX\nb\tX\nd\tX\nc\tY\ne\tY\nf\tZ\n" >clusters &&
	evaluate -c --tsv gold clusters >actual &&
	printf "reported\ttrue\tcorrect\tprecision\trecall\tF1\tARI\n" >expect &&
	printf "4\t4\t1\t0.2500\t0.2500\t0.2500\t-0.0227\n" >>expect &&
	test_cmp expect actual
'

test_expect_success '-c agrees with the pairs of the clusters' '
	printf "a\tX\nb\tX\nd\tX\nc\tX\ne\tX\n" >clusters &&
	evaluate -c gold clusters | sed "1d;/^ARI/d" >c.out &&
	printf "a\tb\t1\na\tc\t1\nb\tc\t1\nd\tc\t1\nb\td\t1\na\td\t1\n" >x &&
	printf "a\te\t1\nb\te\t1\nc\te\t1\nd\te\t1\n" >>x &&
	evaluate gold x | sed 1d >p.out &&
	test_cmp c.out p.out
'

test_expect_success '--per-cluster: recall of each gold cluster, false pairs touching it' '
	evaluate --per-cluster --tsv gold pairs | sed 1,2d >actual &&
	printf "cluster\tsize\ttrue\tfound\trecall\tspurious\n" >expect &&
	printf "C1\t3\t3\t2\t0.6667\t1\n" >>expect &&
	printf "C2\t2\t1\t1\t1.0000\t1\n" >>expect &&
	test_cmp expect actual
'

test_expect_success '-e scores each file as its own run' '
	printf "a\tb\t0.9\n" >one &&
	evaluate -e --tsv gold pairs one >actual &&
	printf "run\treported\ttrue\tcorrect\tprecision\trecall\tF1\n" >expect &&
	printf "pairs\t4\t4\t3\t0.7500\t0.7500\t0.7500\n" >>expect &&
	printf "one\t1\t4\t1\t1.0000\t0.2500\t0.4000\n" >>expect &&
	test_cmp expect actual &&
	cat pairs one | evaluate --tsv gold | sed 1d >actual &&
	printf "4\t4\t3\t0.7500\t0.7500\t0.7500\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'empty cases: nothing reported, no true pairs' '
	evaluate gold </dev/null >actual &&
	cat >expect <<-\EOF &&
	pairs reported  0
	pairs true      4
	pairs correct   0
	precision       -
	recall          0.0000
	F1              0.0000
	EOF
	test_cmp expect actual &&
	printf "a\ts1\nb\ts2\n" >singles &&
	evaluate --tsv singles </dev/null | sed 1d >actual &&
	printf "0\t0\t0\tnan\tnan\tnan\n" >expect &&
	test_cmp expect actual &&
	printf "a\tb\t1\n" | evaluate --tsv singles | sed 1d >actual &&
	printf "1\t0\t0\t0.0000\tnan\t0.0000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDs missing from the gold file: error, singleton, ignore' '
	printf "a\tb\t1\na\tzz\t1\n" >unk &&
	expect_error 2 "evaluate: unk:2: ID \"zz\" is not in the gold file" evaluate gold unk &&
	evaluate -u singleton --tsv gold unk | sed 1d >actual &&
	printf "2\t4\t1\t0.5000\t0.2500\t0.3333\n" >expect &&
	test_cmp expect actual &&
	evaluate -u ignore --tsv gold unk | sed 1d >actual &&
	printf "1\t4\t1\t1.0000\t0.2500\t0.4000\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--plot writes an SVG with the three curves' '
	evaluate --plot plot.svg --step 0.2 gold pairs >out &&
	grep -q "^<svg xmlns=\"http://www.w3.org/2000/svg\"" plot.svg &&
	test $(grep -c "^<path" plot.svg) = 3 &&
	grep -q ">precision</text>" plot.svg &&
	grep -q ">F1</text>" plot.svg &&
	tail -n 1 plot.svg | grep -q "^</svg>$" &&
	if command -v xmllint >/dev/null; then xmllint --noout plot.svg; fi &&
	evaluate -e --plot plot2.svg gold pairs one >out &&
	test $(grep -c "^<path" plot2.svg) = 2 &&
	grep -q ">one</text>" plot2.svg
'

test_expect_success 'bad input and usage' '
	printf "a\tC1\nb\n" >bad &&
	expect_error 2 "evaluate: bad:2: expected ID TAB CLUSTER" evaluate bad pairs &&
	printf "a\tC1\na\tC2\n" >bad &&
	expect_error 2 "^evaluate: bad:2: ID \"a\" is in two clusters: already at line 1\$" evaluate bad pairs &&
	printf "a\tC1\nb\tC1\na\tC1\n" >bad &&
	expect_error 2 "^evaluate: bad:3: ID \"a\" already at line 1\$" evaluate bad pairs &&
	expect_error 2 "^evaluate: bad:3: ID \"a\" already at line 1\$" evaluate -c bad clusters &&
	expect_error 2 "^evaluate: bad:3: ID \"a\" already at line 1\$" evaluate -m star --sweep bad pairs &&
	printf "a\tb\n" >nosim &&
	expect_error 2 "evaluate: nosim:1: a threshold needs the SIM column" evaluate --sweep gold nosim &&
	expect_error 2 "a cluster stream has no SIM" evaluate -c --sweep gold clusters &&
	printf "a\tX\na\tY\n" >twice &&
	expect_error 2 "evaluate: twice:2: ID \"a\" is listed twice" evaluate -c gold twice &&
	expect_error 2 "usage" evaluate &&
	expect_error 2 "-u is maybe" evaluate -u maybe gold pairs &&
	expect_error 1 "evaluate: nosuch" evaluate nosuch pairs &&
	test_expect_code 1 evaluate gold nosuch pairs >out 2>err &&
	grep "evaluate: nosuch" err && grep "pairs reported  4" out
'

test_expect_success SHARED 'goldset-dev: SpotSigs at tau 0.2 as the benchmark measures it' '
	(cd "$DK_SHARED/corpora/goldset-dev/docs" && htmlstrip *.html) |
		spotsig --idf 0.2:0.85 | spotmatch -t 0.2 >gs.pairs &&
	evaluate --tsv "$DK_SHARED/corpora/goldset-dev/gold.tsv" gs.pairs >actual &&
	awk -F "\t" "NR == 2 && \$6 >= 0.88 { ok = 1 } END { exit !ok }" actual
'

test_done

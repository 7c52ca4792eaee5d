#!/bin/sh
test_description='evaluate --histogram: pairs and documents by SIM, without a gold file'
. "$(dirname "$0")/lib.sh"

test_expect_success 'bins of 0.05 from the lowest SIM to 1, bars scaled to the widest' '
	printf "a\tb\t0.9\na\tc\t1\nd\te\t0.5\nb\tc\t0.31\ne\te\t1\nf\tg\t0.52\n" >pairs &&
	evaluate --histogram pairs >actual &&
	cat >expect <<-\EOF &&
	SIM        pairs  documents
	0.30-0.35      1          0  #########################
	0.35-0.40      0          0
	0.40-0.45      0          0
	0.45-0.50      0          0
	0.50-0.55      2          4  ##################################################
	0.55-0.60      0          0
	0.60-0.65      0          0
	0.65-0.70      0          0
	0.70-0.75      0          0
	0.75-0.80      0          0
	0.80-0.85      0          0
	0.85-0.90      0          0
	0.90-0.95      1          1  #########################
	0.95-1.00      1          2  #########################
	5 pairs of 7 documents, SIM 0.310000 to 1.000000
	EOF
	test_cmp expect actual
'

test_expect_success '--step, --tsv, standard input' '
	evaluate --histogram --step 0.3 --tsv <pairs >actual &&
	printf "lo\thi\tpairs\tdocuments\n0.30\t0.60\t3\t4\n0.60\t0.90\t0\t0\n0.90\t1.00\t2\t3\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'only SIM 1: one bin; a bar of one for a small count' '
	printf "a\tb\t1\n" >ones &&
	awk "BEGIN { for (i = 1; i <= 100; i++) printf \"x%d\\ty%d\\t0.97\\n\", i, i }" >many &&
	printf "p\tq\t0.92\n" >>many &&
	evaluate --histogram ones >actual &&
	printf "SIM        pairs  documents\n0.95-1.00      1          2  %s\n1 pairs of 2 documents, SIM 1.000000 to 1.000000\n" \
		"##################################################" >expect &&
	test_cmp expect actual &&
	evaluate --histogram many >actual &&
	printf "SIM        pairs  documents\n0.90-0.95      1          2  #\n0.95-1.00    100        200  %s\n101 pairs of 202 documents, SIM 0.920000 to 0.970000\n" \
		"##################################################" >expect &&
	test_cmp expect actual
'

test_expect_success 'an empty stream' '
	evaluate --histogram </dev/null >actual &&
	echo "0 pairs of 0 documents" >expect &&
	test_cmp expect actual &&
	evaluate --histogram --tsv </dev/null >actual &&
	printf "lo\thi\tpairs\tdocuments\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--plot draws the bins as SVG' '
	evaluate --histogram --plot h.svg pairs >/dev/null &&
	grep -c "<rect x=.*fill=\"#1f77b4\"" h.svg >actual &&
	echo 14 >expect &&
	test_cmp expect actual &&
	grep -q "<text[^>]*>documents</text>" h.svg &&
	tail -n 1 h.svg >actual &&
	echo "</svg>" >expect &&
	test_cmp expect actual &&
	if command -v xmllint >/dev/null; then xmllint --noout h.svg; fi
'

test_expect_success 'errors' '
	printf "a\tb\t0.5\na\tc\t1.5\n" >bad &&
	expect_error 2 "^evaluate: bad:2: SIM is greater than 1" evaluate --histogram bad &&
	printf "a\tb\t0.5\na\tc\n" >bad &&
	expect_error 2 "^evaluate: bad:2: --histogram needs the SIM column" evaluate --histogram bad &&
	expect_error 2 "^evaluate: --histogram scores nothing against a gold file: not with -m" \
		evaluate --histogram -m star pairs &&
	expect_error 2 "not with --sweep" evaluate --histogram --sweep pairs &&
	expect_error 1 "^evaluate: nosuch: No such file or directory" evaluate --histogram nosuch &&
	expect_error 1 "^evaluate: nodir/h.svg: No such file or directory" \
		evaluate --histogram --plot nodir/h.svg pairs
'

test_done

#!/bin/sh
test_description='spotsig: IDF filtering, own statistics and lexicons'
. "$(dirname "$0")/lib.sh"

# N = 4.  Document frequencies and normalised IDF log(N/DF)/log(N):
#   alpha 4 -> 0    epsilon 3 -> 0.2075    beta 2 -> 0.5
#   gamma 1 -> 1    delta 1 -> 1
test_expect_success 'setup' '
	printf "d1\tthe alpha the beta the gamma the epsilon\n" >in &&
	printf "d2\tthe alpha the beta the epsilon the beta\n" >>in &&
	printf "d3\tthe alpha the delta the epsilon\n" >>in &&
	printf "d4\tthe alpha\n" >>in
'

test_expect_success 'IDF exactly 0.5' '
	spotsig -a the -c 1 --idf 0.5:0.5 in >actual &&
	printf "d1\tthe:beta=1\nd2\tthe:beta=2\nd3\t!short\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDF range 0.2:0.85 keeps DF 3 and DF 2' '
	spotsig -a the -c 1 --idf 0.2:0.85 in >actual &&
	printf "d1\tthe:beta=1 the:epsilon=1\nd2\tthe:beta=2 the:epsilon=1\nd3\tthe:epsilon=1\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDF range 0.21:1 drops DF 3, keeps the rare ones' '
	spotsig -a the -c 1 --idf 0.21:1 in >actual &&
	printf "d1\tthe:beta=1 the:gamma=1\nd2\tthe:beta=2\nd3\tthe:delta=1\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDF 0 keeps what every document has' '
	spotsig -a the -c 1 --idf 0:0 in >actual &&
	printf "d1\tthe:alpha=1\nd2\tthe:alpha=1\nd3\tthe:alpha=1\nd4\tthe:alpha=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'statistics span all operands' '
	head -n 2 in >in1 && tail -n 2 in >in2 &&
	spotsig -a the -c 1 --idf 0.2:0.85 in1 in2 >actual &&
	spotsig -a the -c 1 --idf 0.2:0.85 in >expect &&
	test_cmp expect actual
'

test_expect_success '-m 0 writes empty lists as they are' '
	spotsig -a the -c 1 -m 0 --idf 0.5:0.5 in >actual &&
	printf "d1\tthe:beta=1\nd2\tthe:beta=2\nd3\t\nd4\t\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-m counts the signatures left after filtering' '
	spotsig -a the -c 1 -m 2 --idf 0.5:0.5 in >actual &&
	printf "d1\t!short the:beta=1\nd2\t!short the:beta=2\nd3\t!short\nd4\t!short\n" >expect &&
	test_cmp expect actual &&
	spotsig -a the -c 1 -m 1 --idf 0.5:0.5 in >actual &&
	printf "d1\tthe:beta=1\nd2\tthe:beta=2\nd3\t!short\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a lexicon of the input gives the same result in one pass' '
	spotsig -a the -c 1 in >sigs &&
	dklexicon sigs >lex &&
	for r in 0.5:0.5 0.2:0.85 0.21:1 0:0 0:1; do
		spotsig -a the -c 1 --idf $r in >expect &&
		spotsig -a the -c 1 --idf $r -L lex in >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'a lexicon of another collection; unknown terms count as DF 1' '
	printf "!N\t10\nthe:alpha\t10\nthe:beta\t1\nthe:gamma\t5\n" >lex &&
	spotsig -a the -c 1 --idf 0.9:1 -L lex in >actual &&
	printf "d1\tthe:beta=1 the:epsilon=1\nd2\tthe:beta=2 the:epsilon=1\nd3\tthe:delta=1 the:epsilon=1\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'several lexicons are merged' '
	printf "!N\t5\nthe:alpha\t5\nthe:beta\t1\n" >lex1 &&
	printf "!N\t5\nthe:alpha\t5\nthe:gamma\t5\n" >lex2 &&
	spotsig -a the -c 1 --idf 0.9:1 -L lex1 -L lex2 in >actual &&
	test_cmp expect actual
'

test_expect_success 'bad lexicons' '
	printf "the:alpha\t1\n" >bad &&
	expect_error 2 "spotsig: bad:1: no !N record" spotsig --idf 0:1 -L bad in &&
	printf "!N\t2\nthe:alpha\tx\n" >bad &&
	expect_error 2 "spotsig: bad:2: count .x. is not a number" spotsig --idf 0:1 -L bad in &&
	printf "!N\t2\nthe:alpha\t3\n" >bad &&
	expect_error 2 "spotsig: bad:2: DF 3 is above N 2" spotsig --idf 0:1 -L bad in &&
	expect_error 1 "spotsig: nolex" spotsig --idf 0:1 -L nolex in
'

# --agree: N = 9, so the lower bound 0.5 drops what more than 3 documents
# hold.  A story in four copies (s1-s4, s4 with a word more) and a
# template phrase on five pages (t1-t5) of their own words.  Without one
# of its signatures, the story's copies share the rest: mean Jaccard
# (3 * 1 + 3 * 5/6) / 6 = 0.917; the template's pages share the other
# template signature alone, 1/7.
test_expect_success 'setup: a story in four copies, a template on five pages' '
	for i in 1 2 3; do printf "s$i\tthe k1 the k2 the k3 the k4 the k5 the k6\n"; done >story &&
	printf "s4\tthe k1 the k2 the k3 the k4 the k5 the k6 the z1\n" >>story &&
	for i in 1 2 3 4 5; do
		printf "t$i\tthe tpl the menu the a${i}x the a${i}y the a${i}z\n"
	done >>story &&
	for i in 1 2 3 4 5; do printf "t$i\tthe:a${i}x=1 the:a${i}y=1 the:a${i}z=1\n"; done >pages
'

test_expect_success '--agree keeps the common signatures of a copied story, not of a template' '
	spotsig -a the -c 1 --idf 0.5:1 --agree 0.5 story >actual &&
	for i in 1 2 3; do printf "s$i\tthe:k1=1 the:k2=1 the:k3=1 the:k4=1 the:k5=1 the:k6=1\n"; done >expect &&
	printf "s4\tthe:k1=1 the:k2=1 the:k3=1 the:k4=1 the:k5=1 the:k6=1 the:z1=1\n" >>expect &&
	cat pages >>expect &&
	test_cmp expect actual &&
	spotmatch -t 0.6 actual >pairs &&
	printf "s1\ts2\t1.000000\ns1\ts3\t1.000000\ns1\ts4\t0.857143\n" >expect &&
	printf "s2\ts3\t1.000000\ns2\ts4\t0.857143\ns3\ts4\t0.857143\n" >>expect &&
	test_cmp expect pairs
'

test_expect_success 'without --agree, or above the agreement (0.917 < 1), the story is cut too' '
	printf "s1\t!short\ns2\t!short\ns3\t!short\ns4\tthe:z1=1\n" >expect &&
	cat pages >>expect &&
	spotsig -a the -c 1 --idf 0.5:1 story >actual &&
	test_cmp expect actual &&
	spotsig -a the -c 1 --idf 0.5:1 --agree 1 -v story >actual 2>err &&
	test_cmp expect actual &&
	grep "^spotsig: --agree: 0 of 8 signatures below the IDF range kept" err &&
	spotsig -a the -c 1 --idf 0.5:1 --agree 0.9 -v story >actual 2>err &&
	grep "^spotsig: --agree: 6 of 8 signatures below the IDF range kept" err
'

# More holders than the 40 compared: which 40 is a hash of the signature
# and the document's ID, so the input's order changes nothing.
test_expect_success '--agree: the documents compared do not depend on the input order' '
	awk "BEGIN { for (i = 0; i < 90; i++) printf \"d%d\tthe k%d the k%d the tpl the menu the o%d\n\", i, i % 3, i % 3 + 1, i }" >many &&
	sort -r many >many.rev &&
	spotsig -a the -c 1 --idf 0.8:1 --agree 0.3 -v many 2>err | sort >expect &&
	spotsig -a the -c 1 --idf 0.8:1 --agree 0.3 many.rev | sort >actual &&
	test_cmp expect actual &&
	grep "^spotsig: --agree: [1-9][0-9]* of [0-9]* signatures below" err &&
	! grep "^spotsig: --agree: 0 of" err
'

test_expect_success '--agree needs --idf and the input itself; A in [0, 1]' '
	test_expect_code 2 spotsig --agree 0.5 story 2>err &&
	grep "^spotsig: --agree needs --idf and the input.s own statistics (not -L)" err &&
	spotsig -a the -c 1 story | dklexicon >lex &&
	test_expect_code 2 spotsig --idf 0.5:1 -L lex --agree 0.5 story 2>err &&
	grep "^spotsig: --agree needs --idf" err &&
	test_expect_code 2 spotsig --idf 0.5:1 --agree 1.5 story 2>err &&
	grep "^spotsig: --agree is .1.5.: not in \[0, 1\]" err
'

test_done

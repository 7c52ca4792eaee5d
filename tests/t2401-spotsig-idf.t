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
	printf "d1\t!short the:beta=1\nd2\tthe:beta=2\nd3\t!short\nd4\t!short\n" >expect &&
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

test_done

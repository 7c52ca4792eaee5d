#!/bin/sh
test_description='spotmatch --min-shared: a copy on enough shared evidence only,
and short documents reported apart, as spotsig -m and dkdedup count them'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: two pages alike on one template phrase, a near copy' '
	cat >in <<-\EOF
	a	is:list:of=1
	b	is:list:of=1
	c	x:a:b=3 x:c:d=2 x:e:f=1 x:g:h=1 x:i:j=1
	d	x:a:b=2 x:c:d=2 x:e:f=1 x:g:h=1 x:k:l=1
	e	x:a:b=1 x:z:z=1
	EOF
	printf "a\tb\t1.000000\nc\td\t0.666667\n" >expect.1 &&
	spotmatch -t 0.5 in >actual &&
	test_cmp expect.1 actual
'

test_expect_success 'the overlap counts repeats (6 shared by c and d); the one-phrase pair goes' '
	printf "c\td\t0.666667\n" >expect &&
	spotmatch -t 0.5 --min-shared 2 in >actual &&
	test_cmp expect actual &&
	spotmatch -t 0.5 --min-shared 6 in >actual &&
	test_cmp expect actual &&
	spotmatch -t 0.5 --min-shared 7 in >actual &&
	test_must_be_empty actual
'

test_expect_success 'set measure: distinct signatures are counted' '
	printf "c\td\t0.666667\n" >expect &&
	spotmatch -M set -t 0.5 --min-shared 4 in >actual &&
	test_cmp expect actual &&
	spotmatch -M set -t 0.5 --min-shared 5 in >actual &&
	test_must_be_empty actual
'

test_expect_success 'a document shorter than N is short: -v counts it, --against judges it' '
	spotmatch -v -t 0.5 --min-shared 3 in >actual 2>err &&
	grep "^spotmatch: 2 documents, 3 short," err &&
	printf "q\tx:a:b=1 x:z:z=1\n" >q &&
	spotmatch --novel -t 0.1 --min-shared 3 --against in q >actual &&
	printf "q\n" >expect && test_cmp expect actual &&
	spotmatch -t 0.1 --min-shared 2 --against in q >actual &&
	printf "e\tq\t1.000000\n" >expect && test_cmp expect actual
'

test_expect_success 'spotsig -m N marks as !short the documents --min-shared N leaves apart' '
	printf "a\tthe cat is on the mat\nb\tthe dog is in the house and the cat is on the mat\n" >docs &&
	spotsig -m 4 docs >marked &&
	test $(grep -c "!short" marked) = 1 &&
	spotsig docs >sigs &&
	spotmatch -v -t 0.1 --min-shared 4 sigs >actual 2>err &&
	grep "^spotmatch: 1 documents, 1 short," err &&
	test_must_be_empty actual &&
	spotmatch -t 0.1 --min-shared 3 sigs >actual &&
	printf "a\tb\t0.500000\n" >expect && test_cmp expect actual
'

test_expect_success 'a record without signatures is still an error, not a short document' '
	printf "a\tx:y:z=3\nb\t\n" >empty &&
	expect_error 2 "^spotmatch: empty:2: record without signatures" \
		spotmatch --min-shared 2 empty
'

test_expect_success 'bad values' '
	expect_error 2 "^spotmatch: --min-shared" spotmatch --min-shared 0 in &&
	expect_error 2 "^spotmatch: --min-shared" spotmatch --min-shared x in
'

# --window: the streaming mode verifies the rule; against brute force on
# generated streams, each losing pairs to it
while read seed n w tau m ms; do
	test_expect_success "--window $w, seed $seed: tau $tau, $m, --min-shared $ms" "
		dk_gen_skewed $seed $n >g &&
		dk_brute --window $w -t $tau -M $m g >all &&
		dk_brute --window $w -t $tau -M $m --min-shared $ms g >expect &&
		test \$(wc -l <expect) -lt \$(wc -l <all) &&
		spotmatch --window $w -t $tau -M $m --min-shared $ms g >actual &&
		test_cmp expect actual &&
		dk_brute --window $w -t $tau -M $m --min-shared $ms --novel g >expect &&
		spotmatch --window $w -t $tau -M $m --min-shared $ms --novel g >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
51 400 50 0.3 jaccard 12
52 400 100 0.5 set 6
53 500 80 0.4 max 20
EOF_CASES

test_done

#!/bin/sh
test_description='spotmatch --min-distinct: a pair also shares at least N
distinct signatures, each counted once whatever its count, in every mode
but --window (refused there), equal to the brute-force oracle'
. "$(dirname "$0")/lib.sh"

# Three pairs at Jaccard 1 or near it: r (a phrase repeated, 3 distinct
# signatures of mass 9), d (9 distinct signatures), e (identical, 4
# distinct of mass 8).  With --min-shared 8 all three pair; with
# --min-distinct 8 only d does.
test_expect_success 'setup' '
	cat >in <<-\EOF &&
	r1	a:b:c=4 d:e:f=3 g:h:i=2
	d1	s1=1 s2=1 s3=1 s4=1 s5=1 s6=1 s7=1 s8=1 s9=1
	e1	x1=2 x2=2 x3=2 x4=2
	r2	a:b:c=4 d:e:f=3 g:h:i=2
	d2	s1=1 s2=1 s3=1 s4=1 s5=1 s6=1 s7=1 s8=1 s9=1 s10=1
	e2	x1=2 x2=2 x3=2 x4=2
	EOF
	head -n 3 in >first &&
	tail -n 3 in >second &&
	cat >all <<-\EOF &&
	r1	r2	1.000000
	d1	d2	0.900000
	e1	e2	1.000000
	EOF
	printf "d1\td2\t0.900000\n" >distinct
'

test_expect_success 'plain stream: a repeated phrase is one piece of evidence' '
	spotmatch -t 0.6 --min-shared 8 in >actual &&
	test_cmp all actual &&
	for j in 1 2 3; do
		spotmatch -j $j -t 0.6 --min-distinct 8 in >actual &&
		test_cmp distinct actual || return 1
	done &&
	spotmatch -t 0.6 --min-distinct 4 in >actual &&
	printf "d1\td2\t0.900000\ne1\te2\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 0.6 --min-distinct 3 in >actual &&
	test_cmp all actual &&
	spotmatch -t 0.6 --min-distinct 10 in >actual &&
	test_must_be_empty actual
'

test_expect_success '--min-distinct implies --min-shared N' '
	printf "a\tx=5 y=1\nb\tx=5 y=1 z=1\n" >small &&
	spotmatch -t 0.5 --min-distinct 2 small >actual &&
	printf "a\tb\t0.857143\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 0.5 --min-distinct 2 --min-shared 7 small >actual &&
	test_must_be_empty actual &&
	spotmatch -t 0.5 --min-shared 6 small >actual &&
	test_cmp expect actual
'

test_expect_success '-v counts the pairs it drops (only when given)' '
	spotmatch -v -t 0.6 --min-shared 8 --min-distinct 8 in >actual 2>err &&
	grep " candidates compared, 2 pairs below --min-distinct dropped, 1 pairs\$" err &&
	spotmatch -v -t 0.6 --min-shared 8 in >actual 2>err &&
	grep " candidates compared, 3 pairs\$" err
'

test_expect_success 'partition and minhash streams: the same rule after verification' '
	partition -t 0.6 in >keyed &&
	for j in 1 3; do
		spotmatch -j $j --min-distinct 8 keyed >actual &&
		test_cmp distinct actual || return 1
	done &&
	minhash -t 0.6 in >bands &&
	spotmatch -t 0.6 --min-distinct 8 bands >actual &&
	test_cmp distinct actual &&
	spotmatch -t 0.6 --min-shared 8 bands >actual &&
	test_cmp all actual
'

test_expect_success '--against and --within hold to it' '
	spotmatch -t 0.6 --min-distinct 8 --against first second >actual &&
	test_cmp distinct actual &&
	spotmatch -t 0.6 --min-distinct 8 --against first --novel second >actual &&
	printf "r2\ne2\n" >expect &&
	test_cmp expect actual &&
	printf "r3\ta:b:c=4 d:e:f=3 g:h:i=2\n" >more &&
	cat second more >input &&
	spotmatch -t 0.6 --min-distinct 3 --against first --within input >actual &&
	cat >expect <<-\EOF &&
	r1	r2	1.000000
	d1	d2	0.900000
	e1	e2	1.000000
	r1	r3	1.000000
	r2	r3	1.000000
	EOF
	test_cmp expect actual &&
	spotmatch -t 0.6 --min-distinct 8 --against first --within input >actual &&
	test_cmp distinct actual &&
	minhash -t 0.6 first >ref.bands &&
	minhash -t 0.6 second >in.bands &&
	spotmatch -t 0.6 --min-distinct 8 --against ref.bands in.bands >actual &&
	test_cmp distinct actual &&
	spotmatch -v -t 0.6 --min-distinct 8 --against first second >actual 2>err &&
	grep "^spotmatch: against: pairs below --min-distinct dropped: 2\$" err
'

test_expect_success 'refused: with --window, an imatch stream, a bad value' '
	test_expect_code 2 spotmatch --window 5 --min-distinct 8 in 2>err &&
	grep "^spotmatch: --min-distinct does not work with --window" err &&
	for v in 0 -1 x 1.5; do
		test_expect_code 2 spotmatch --min-distinct $v in 2>err &&
		grep "^spotmatch: --min-distinct is " err || return 1
	done &&
	printf "a\tx1=1 x2=1 x3=1\nb\tx1=1 x2=1 x3=1\nc\ty=1\n" >im.sigs &&
	dklexicon im.sigs >im.lex &&
	imatch -L im.lex -i 0:1 -K 2 im.sigs >im.keys &&
	test_expect_code 2 spotmatch --min-distinct 2 im.keys 2>err &&
	grep "min-distinct needs signatures, not an imatch stream" err
'

# Random collections with counts above one (--repeat), exact and near
# copies: every route equal to brute.py --min-distinct.
while read seed n tau md; do
	test_expect_success "seed $seed: $n docs, tau $tau, --min-distinct $md, every route" "
		dk_gen_skewed $seed $n --copy 0.3 >g &&
		dk_brute -t $tau --min-distinct $md g >expect &&
		spotmatch -j 1 -t $tau --min-distinct $md g >actual &&
		test_cmp expect actual &&
		spotmatch -j 3 -t $tau --min-distinct $md g >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau --min-distinct $md --no-prune g >actual &&
		test_cmp expect actual &&
		partition -t $tau g >keyed &&
		spotmatch -j 2 --min-distinct $md keyed | sort >actual &&
		sort expect >expect.sorted &&
		test_cmp expect.sorted actual &&
		head -n $((n / 2)) g >ref &&
		tail -n +$((n / 2 + 1)) g >inp &&
		dk_brute -t $tau --min-distinct $md --against ref --within inp >expect &&
		spotmatch -j 2 -t $tau --min-distinct $md --against ref --within inp >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
1 300 0.5 3
2 400 0.3 6
3 500 0.7 12
4 600 0.9 4
5 800 0.2 8
EOF_CASES

test_done

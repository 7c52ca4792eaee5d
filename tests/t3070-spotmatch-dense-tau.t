#!/bin/sh
test_description='spotmatch --dense-tau: a pair in which either document is
flagged !chains (word chains, spotsig --dense) is reported only at the larger
of tau and T, in every mode; partition, minhash and dklexicon carry the flag'
. "$(dirname "$0")/lib.sh"

# sigs PREFIX N...: the signatures PREFIXN=1, one space apart
sigs() {
	p=$1
	shift
	for i; do printf "%s%s=1\n" "$p" "$i"; done | paste -s -d " " -
}

# Four pairs at Jaccard 0.8 or 0.9, each on signatures of its own: c
# (both documents of chains, 0.8), s (spot signatures, 0.8), m (only the
# first flagged, 0.8: the rule is "either"), k (chains, 0.9).  The first
# of each pair comes first, then the second.
test_expect_success 'setup' '
	{
		printf "c1\t!chains %s\n" "$(sigs :a 1 2 3 4 5 6 7 8 9)" &&
		printf "s1\t%s\n" "$(sigs b 1 2 3 4 5 6 7 8 9)" &&
		printf "m1\t!chains %s\n" "$(sigs d 1 2 3 4 5 6 7 8 9)" &&
		printf "k1\t!chains %s\n" "$(sigs :e 1 2 3 4 5 6 7 8 9)" &&
		printf "c2\t!chains %s\n" "$(sigs :a 1 2 3 4 5 6 7 8 10)" &&
		printf "s2\t%s\n" "$(sigs b 1 2 3 4 5 6 7 8 10)" &&
		printf "m2\t%s\n" "$(sigs d 1 2 3 4 5 6 7 8 10)" &&
		printf "k2\t!chains %s\n" "$(sigs :e 1 2 3 4 5 6 7 8 9 10)"
	} >in &&
	head -n 4 in >first &&
	tail -n 4 in >second &&
	cat >all <<-\EOF &&
	c1	c2	0.800000
	s1	s2	0.800000
	m1	m2	0.800000
	k1	k2	0.900000
	EOF
	cat >barred <<-\EOF
	s1	s2	0.800000
	k1	k2	0.900000
	EOF
'

test_expect_success 'plain stream: the chain pairs at 0.8 go at 0.85, the spot pair stays; not without the bar' '
	spotmatch -t 0.6 in >actual &&
	test_cmp all actual &&
	for j in 1 2 3; do
		spotmatch -j $j -t 0.6 --dense-tau 0.85 in >actual &&
		test_cmp barred actual || return 1
	done &&
	spotmatch -t 0.6 --dense-tau 0.8 in >actual &&
	test_cmp all actual &&
	spotmatch -t 0.85 in >actual &&
	printf "k1\tk2\t0.900000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 0.85 --dense-tau 0.6 in >actual &&
	test_cmp expect actual
'

test_expect_success '-v counts the pairs the bar drops (only with the bar)' '
	spotmatch -v -t 0.6 --dense-tau 0.85 in >actual 2>err &&
	grep " candidates compared, 2 pairs below --dense-tau dropped, 2 pairs\$" err &&
	spotmatch -v -t 0.6 --dense-tau 0.8 in >actual 2>err &&
	grep " candidates compared, 0 pairs below --dense-tau dropped, 4 pairs\$" err &&
	spotmatch -v -t 0.6 in >actual 2>err &&
	grep " candidates compared, 4 pairs\$" err
'

test_expect_success 'partition stream: the flag travels with the record, the bar holds' '
	partition -t 0.6 in >keyed &&
	test $(grep -c "	!chains :" keyed) = 4 &&
	grep "^P0.6:[0-9]*	m2	d1=1 " keyed &&
	for j in 1 3; do
		spotmatch -j $j --dense-tau 0.85 keyed >actual &&
		test_cmp barred actual || return 1
	done &&
	spotmatch keyed >actual &&
	test_cmp all actual
'

test_expect_success 'minhash stream: the flag travels in its bands, the verified pairs are barred' '
	minhash -t 0.6 in >bands &&
	test $(cut -f 3 bands | grep -c "^!chains :") = 4 &&
	spotmatch -t 0.6 bands >actual &&
	test_cmp all actual &&
	for j in 1 3; do
		spotmatch -j $j -t 0.6 --dense-tau 0.85 bands >actual &&
		test_cmp barred actual || return 1
	done
'

test_expect_success 'minhash --sketch and dklexicon keep the flag' '
	minhash --sketch in >sk &&
	cut -f 2 sk | cut -d " " -f 1 | sort | uniq -c | sed "s/^ *//" >actual &&
	test "$(grep -c "!chains" actual)" = 1 &&
	grep "^5 !chains\$" actual &&
	dklexicon --idf 0:1 in >filtered &&
	test_cmp in filtered &&
	dklexicon --idf 0:1 --min-sigs 10 in >filtered &&
	grep "^c1	!short !chains :a1=1 " filtered &&
	grep "^s1	!short b1=1 " filtered &&
	grep "^k2	!chains :e1=1 " filtered &&
	test $(grep -c "	!short" filtered) = 7
'

test_expect_success '--against: the flag of the REF document or of the input document' '
	cat >expect <<-\EOF &&
	s1	s2	0.800000
	k1	k2	0.900000
	EOF
	spotmatch -t 0.6 --dense-tau 0.85 --against first second >actual &&
	test_cmp expect actual &&
	cat >expect <<-\EOF &&
	s2	s1	0.800000
	k2	k1	0.900000
	EOF
	spotmatch -t 0.6 --dense-tau 0.85 --against second first >actual &&
	test_cmp expect actual &&
	spotmatch -t 0.6 --against second first >actual &&
	test $(wc -l <actual) = 4 &&
	spotmatch -t 0.6 --dense-tau 0.85 --against first --novel second >actual &&
	printf "c2\nm2\n" >expect &&
	test_cmp expect actual &&
	spotmatch -v -t 0.6 --dense-tau 0.85 --against first second >actual 2>err &&
	grep "^spotmatch: against: pairs below --dense-tau dropped: 2\$" err
'

test_expect_success '--against --within: the pairs inside the input are barred too' '
	printf "c3\t!chains %s\n" "$(sigs :a 1 2 3 4 5 6 7 8 11)" >more &&
	printf "s3\t%s\n" "$(sigs b 1 2 3 4 5 6 7 8 11)" >>more &&
	cat second more >input &&
	spotmatch -t 0.6 --dense-tau 0.85 --against first --within input >actual &&
	cat >expect <<-\EOF &&
	s1	s2	0.800000
	k1	k2	0.900000
	s1	s3	0.800000
	s2	s3	0.800000
	EOF
	test_cmp expect actual &&
	spotmatch -t 0.6 --dense-tau 0.85 --against first --within --novel input >actual &&
	printf "c2\nm2\nc3\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--against with minhash bands on both sides (keyed verification)' '
	minhash -t 0.6 first >ref.bands &&
	minhash -t 0.6 second >in.bands &&
	spotmatch -t 0.6 --against ref.bands in.bands >actual &&
	test_cmp all actual &&
	spotmatch -t 0.6 --dense-tau 0.85 --against ref.bands in.bands >actual &&
	test_cmp barred actual &&
	minhash -t 0.6 second >ref2.bands &&
	minhash -t 0.6 first >in2.bands &&
	spotmatch -t 0.6 --dense-tau 0.85 --against ref2.bands in2.bands >actual &&
	printf "s2\ts1\t0.800000\nk2\tk1\t0.900000\n" >expect &&
	test_cmp expect actual
'

# imatch of signatures copies their field, flags in: SIM is then the share
# of fingerprints, held to T as any other (c1 and c2 share 2 of 3 with
# the extra lexicons of these five documents).
test_expect_success 'imatch streams: the flag of either document, batch and --against' '
	{
		printf "c1\t!chains %s\n" "$(sigs :a 1 2 3 4 5 6 7 8 9)" &&
		printf "c2\t!chains %s\n" "$(sigs :a 1 2 3 4 5 6 7 8 9)" &&
		printf "s1\t%s\n" "$(sigs b 1 2 3 4 5 6 7 8 9)" &&
		printf "s2\t%s\n" "$(sigs b 1 2 3 4 5 6 7 8 9)" &&
		printf "x1\t%s\n" "$(sigs x 1 2 3 4 5 6 7 8 9)"
	} >im.sigs &&
	dklexicon im.sigs >im.lex &&
	imatch -L im.lex -i 0:1 -K 2 im.sigs >im.keys &&
	grep "	c[12]	" im.keys >c.keys && test -s c.keys &&
	! grep -v "	!chains :a1=1 " c.keys &&
	printf "c1\tc2\t0.666667\ns1\ts2\t1.000000\n" >expect &&
	spotmatch im.keys >actual &&
	test_cmp expect actual &&
	printf "s1\ts2\t1.000000\n" >expect &&
	spotmatch --dense-tau 0.9 im.keys >actual &&
	test_cmp expect actual &&
	grep -e "	c1	" -e "	s1	" im.keys >ref.keys &&
	grep -e "	c2	" -e "	s2	" im.keys >in.keys &&
	sed "s/	!chains /	/" ref.keys >ref.plain &&
	sed "s/	!chains /	/" in.keys >in.plain &&
	spotmatch --against ref.plain in.plain >actual &&
	printf "c1\tc2\t0.666667\ns1\ts2\t1.000000\n" >all.im &&
	test_cmp all.im actual &&
	spotmatch --dense-tau 0.9 --against ref.plain in.plain >actual &&
	test_cmp all.im actual &&
	for r in ref.keys ref.plain; do
		for i in in.keys in.plain; do
			test $r$i = ref.plainin.plain && continue
			spotmatch --dense-tau 0.9 --against $r $i >actual &&
			test_cmp expect actual || return 1
		done
	done
'

test_expect_success '--window: the same rule for each arriving document' '
	spotmatch -t 0.6 --window 10 in >actual &&
	test_cmp all actual &&
	spotmatch -t 0.6 --window 10 --dense-tau 0.85 in >actual &&
	test_cmp barred actual &&
	spotmatch -t 0.6 --window 10 --dense-tau 0.85 --novel in >actual &&
	printf "c1\ns1\nm1\nk1\nc2\nm2\n" >expect &&
	test_cmp expect actual &&
	spotmatch -v -t 0.6 --window 10 --dense-tau 0.85 in >actual 2>err &&
	grep "^spotmatch: window: 8 documents, 2 pairs\$" err &&
	grep "^spotmatch: window: pairs below --dense-tau dropped: 2\$" err
'

test_expect_success 'spotsig --dense writes the flag spotmatch reads: siblings apart, a copy kept' '
	awk "BEGIN { for (p = 0; p < 3; p++) {
		id = p == 1 ? \"old-gint16\" : p == 0 ? \"old-bool\" : \"new-bool\"
		t = p == 1 ? \"gint16\" : \"bool\"; s = id \"\t\"
		for (i = 1; i <= 60; i++) { s = s sprintf(\"%sm%02d\", i > 1 ? \" \" : \"\", i)
			if (i == 10 || i == 30 || i == 50) s = s \" \" t }
		print s (p == 2 ? \" new01 new02\" : \"\") } }" >sibs.tsv &&
	spotsig --dense 8 --dense-words 4 -m 8 sibs.tsv >sibs.sigs &&
	test $(grep -c "	!chains :" sibs.sigs) = 3 &&
	spotmatch -t 0.6 --min-shared 8 --dense-tau 0.85 sibs.sigs >actual &&
	printf "old-bool\tnew-bool\t0.967742\n" >expect &&
	test_cmp expect actual
'

# Random collections, a third of the documents flagged !chains (copies
# too, each drawn on its own, so that pairs of one flagged document are
# many): every mode equals the brute-force oracle, which holds a pair
# with a flagged document to T; partition's probes carry the flag (no
# probes by containment, which has no length bound); --window skips the
# !short records as the oracle and the other modes do.
while read seed n tau T m; do
	test_expect_success "property: seed $seed, $n docs, tau $tau, --dense-tau $T, $m" "
		dk_gen_skewed $seed $n --copy 0.3 --exact 0.3 --chains 0.35 \
			--short 0.03 >in &&
		test \$(grep -c '	!chains' in) -gt $((n / 5)) &&
		dk_brute -t $tau -M $m in >nobar &&
		dk_brute -t $tau -M $m --dense-tau $T in >expect &&
		test \$(wc -l <expect) -lt \$(wc -l <nobar) &&
		spotmatch -j 1 -t $tau -M $m --dense-tau $T in >actual &&
		test_cmp expect actual &&
		spotmatch -j 3 -t $tau -M $m --dense-tau $T in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --dense-tau $T --no-partition in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		{ test $m = containment || grep -q '	!probe !chains ' keyed; } &&
		sort expect >expect.sorted &&
		for j in 1 3; do
			spotmatch -j \$j -M $m --dense-tau $T keyed >actual &&
			sort actual >actual.sorted &&
			test_cmp expect.sorted actual.sorted || return 1
		done &&
		head -n $((n / 4)) in >ref && tail -n +$((n / 4 + 1)) in >rest &&
		dk_brute -t $tau -M $m --dense-tau $T --against ref --within rest >expect &&
		spotmatch -j 2 -t $tau -M $m --dense-tau $T --against ref --within rest >actual &&
		test_cmp expect actual &&
		dk_brute -t $tau -M $m --dense-tau $T --against ref --novel rest >expect &&
		spotmatch -j 2 -t $tau -M $m --dense-tau $T --against ref --novel rest >actual &&
		test_cmp expect actual &&
		grep -q '	!short' in &&
		dk_brute -t $tau -M $m --dense-tau $T --window 50 in >expect &&
		spotmatch -t $tau -M $m --dense-tau $T --window 50 in >actual &&
		test_cmp expect actual
	"
done <<EOF_CASES
1 400 0.5 0.8 jaccard
2 600 0.3 0.7 jaccard
3 500 0.6 0.85 set
4 500 0.4 0.9 dice
5 800 0.5 0.75 containment
6 2000 0.6 0.85 jaccard
EOF_CASES

test_expect_success 'bad values of --dense-tau' '
	expect_error 2 "^spotmatch: --dense-tau is .0.: " spotmatch --dense-tau 0 in &&
	expect_error 2 "^spotmatch: --dense-tau is .1.5.: " spotmatch --dense-tau 1.5 in &&
	expect_error 2 "^spotmatch: --dense-tau is .x.: " spotmatch --dense-tau x in &&
	expect_error 2 "^spotmatch: --dense-tau is .-0.5.: " spotmatch --window 5 --dense-tau -0.5 in
'

test_done

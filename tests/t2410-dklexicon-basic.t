#!/bin/sh
test_description='lexicon: document frequencies, merging, IDF filter'
. "$(dirname "$0")/lib.sh"

test_expect_success 'dklexicon of a signature stream, sorted, !N first' '
	printf "d1\tb=1 a=2 c:d=1\nd2\t!short a=3\nd3\ta=1 b=1\nd4\t\n" >in &&
	dklexicon in >actual &&
	printf "!N\t4\na\t3\nb\t2\nc:d\t1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'stdin' '
	dklexicon <in >actual &&
	test_cmp expect actual
'

test_expect_success 'terms keep their percent-encoding, order is bytewise' '
	printf "d1\tz=1 a%%20b=1 a%%3Ab=1 %%25=1 B=1 \\303\\251t\\303\\251=1\n" >in &&
	dklexicon in >actual &&
	printf "!N\t1\n%%25\t1\nB\t1\na%%20b\t1\na:b\t1\nz\t1\n\\303\\251t\\303\\251\t1\n" >expect &&
	test_cmp expect actual &&
	LC_ALL=C sort -c actual
'

test_expect_success '!probe documents are not counted' '
	printf "P0.5:00001\td1\ta=1\nP0.5:00001\td2\t!probe a=1 b=1\n" >in &&
	dklexicon in >actual &&
	printf "!N\t1\na\t1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'dklexicon of words (-w): distinct words per document' '
	printf "x\tThe the CAT\ny\tcat dog\nz\t\n" >in &&
	dklexicon -w in >actual &&
	printf "!N\t3\n!w\t1\ncat\t2\ndog\t1\nthe\t1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'dklexicon -w --quoted skip: quoted mail text is not counted' '
	printf "x\tAnn wrote:\\\\n> the cat\\\\ncat dog\ny\t> cat\n" >in &&
	dklexicon -w --quoted skip in >actual &&
	printf "!N\t2\n!w\t1\ncat\t1\ndog\t1\n" >expect &&
	test_cmp expect actual &&
	dklexicon -w --quoted keep in >actual &&
	printf "!N\t2\n!w\t1\nann\t1\ncat\t2\ndog\t1\nthe\t1\nwrote\t1\n" >expect &&
	test_cmp expect actual &&
	expect_error 2 "^dklexicon: --quoted needs -w" dklexicon --quoted skip in
'

test_expect_success 'dklexicon of words with a token pattern' '
	printf "x\tdon'"'"'t stop\n" >in &&
	dklexicon -w -p "[a-z'"'"']+" in >actual &&
	printf "!N\t1\n!w\t1\ndon'"'"'t\t1\nstop\t1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'merge of shards equals the lexicon of the whole' '
	awk "BEGIN { srand(7); for (d = 0; d < 300; d++) {
		printf \"d%d\t\", d; n = int(rand() * 12);
		for (i = 0; i < n; i++) { if (i) printf \" \"; printf \"s%d=%d\", i * 37 + int(rand() * 40), 1 + int(rand() * 3) }
		printf \"\n\" } }" >all &&
	dklexicon all >expect &&
	test $(wc -l <expect) -gt 100 &&
	head -n 100 all >p1 && sed -n "101,250p" all >p2 && tail -n 50 all >p3 &&
	dklexicon p1 >l1 && dklexicon p2 >l2 && dklexicon p3 >l3 &&
	dklexicon -m l1 l2 l3 >actual &&
	test_cmp expect actual &&
	dklexicon -m <l1 >actual1 && test_cmp l1 actual1
'

test_expect_success 'merge with --idf: only the terms the filter needs, which filter as the whole' '
	dklexicon -m --idf 0.2:0.85 l1 l2 l3 >pruned &&
	test $(wc -l <pruned) -lt $(wc -l <expect) &&
	test "$(head -n 1 pruned)" = "$(head -n 1 expect)" &&
	comm -23 pruned expect >extra &&
	printf "!idf\t0.2:0.85\n" >cutline && test_cmp cutline extra &&
	test "$(sed -n 2p pruned)" = "$(cat cutline)" &&
	for r in 0.2:0.85 0:0.5 0.3:1 0:1 1:1; do
		dklexicon --idf $r -L expect all >want &&
		dklexicon -m --idf $r expect >pruned &&
		dklexicon --idf $r -L pruned all >got &&
		test_cmp want got || return 1
	done &&
	printf "!N\t300\n!idf\t0:1\n!w\t1\n" >none &&
	dklexicon -m --idf 0:1 expect >pruned &&
	test_cmp none pruned
'

# A cut lexicon lacks the terms its range treats as it treats an unknown
# one: for another range it would keep or drop the wrong ones, and its DFs
# no longer add up with another lexicon's.
test_expect_success 'a lexicon cut for one IDF range is refused for another, and merges with none' '
	dklexicon -m --idf 0.2:0.85 expect >cut &&
	expect_error 2 "^dklexicon: cut:2: cut for --idf 0.2:0.85 (!idf), not 0.3:1: it lacks terms this range needs (give the whole lexicon, or one cut for this range)\$" dklexicon --idf 0.3:1 -L cut all &&
	expect_error 2 "^dklexicon: cut:2: cut for --idf 0.2:0.85 (!idf), not 0:0.5" dklexicon -m --idf 0:0.5 cut &&
	expect_error 2 "^dklexicon: cut:2: a lexicon cut for an IDF range (!idf: dklexicon -m --idf) merges with no other" dklexicon -m l1 cut &&
	expect_error 2 "^dklexicon: l1:1: a lexicon cut for an IDF range (!idf: dklexicon -m --idf), read before this one, merges with no other\$" dklexicon --idf 0.2:0.85 -L cut -L l1 all &&
	expect_error 2 "^imatch: cut:2: the lexicon was cut for dklexicon --idf 0.2:0.85 (!idf): it lacks the terms" imatch -i 0.2:0.85 -L cut all &&
	dklexicon -m cut >again && test_cmp cut again &&
	dklexicon -m --idf 0.2:0.85 cut >again && test_cmp cut again &&
	printf "!N\t3\n!idf\t0.5\n" >bad &&
	expect_error 2 "^dklexicon: bad:2: !idf record: expected LO:HI, 0 <= LO <= HI <= 1\$" dklexicon -m bad
'

test_expect_success 'IDF filter with the stream statistics (N = 4)' '
	printf "d1\talpha=1 beta=1 gamma=1 eps=1\nd2\t!short alpha=1 beta=2 eps=1\nd3\talpha=1 delta=1 eps=1\nd4\talpha=1\n" >in &&
	dklexicon --idf 0.2:0.85 in >actual &&
	printf "d1\tbeta=1 eps=1\nd2\t!short beta=2 eps=1\nd3\teps=1\nd4\t!short\n" >expect &&
	test_cmp expect actual &&
	dklexicon --idf 0.5:0.5 in >actual &&
	printf "d1\tbeta=1\nd2\t!short beta=2\nd3\t!short\nd4\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDF filter with a lexicon equals the two-pass filter' '
	dklexicon all >lex &&
	for r in 0.2:0.85 0.5:1 0:0.4; do
		dklexicon --idf $r all >expect &&
		dklexicon --idf $r -L lex all >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'records left empty are flagged !short once, flags kept' '
	printf "a\tx=1 y=1\nb\t!short x=1\nc\ty=1\nd\ty=1\ne\t!probe x=1\n" >in &&
	dklexicon --idf 0:0.3 in >actual &&
	printf "a\ty=1\nb\t!short\nc\ty=1\nd\ty=1\ne\t!short !probe\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'IDF filter keeps signatures as written (%3A stays)' '
	printf "a\tx%%3Ay=1 z=1\nb\tz=1\n" >in &&
	dklexicon --idf 1:1 in >actual &&
	printf "a\tx%%3Ay=1\nb\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bad signature stream' '
	printf "d1\ta=1\nd2\ta=x\n" >in &&
	expect_error 2 "dklexicon: in:2: signature count is not a number" dklexicon in &&
	expect_error 2 "dklexicon: in:2: signature count is not a number" dklexicon --idf 0:1 in
'

test_expect_success 'bad lexicons in a merge' '
	printf "!N\t2\na b\t1\n" >bad &&
	expect_error 2 "dklexicon: bad:2: unescaped reserved byte" dklexicon -m bad &&
	printf "!N\t2\na\t1\t3\n" >bad &&
	expect_error 2 "dklexicon: bad:2: expected TERM<TAB>DF" dklexicon -m bad &&
	printf "!N\t2\n!N\t2\n" >bad &&
	expect_error 2 "dklexicon: bad:2: second !N" dklexicon -m bad &&
	printf "a\t1\n" >bad &&
	expect_error 2 "dklexicon: bad:1: no !N record" dklexicon -m bad
'

test_expect_success 'an unreadable operand is reported, the others done' '
	printf "!N\t1\na\t1\n" >l1 &&
	test_expect_code 1 dklexicon -m nonexistent l1 >actual 2>err &&
	grep "dklexicon: nonexistent" err &&
	test_cmp l1 actual
'

test_expect_success '--min-sigs flags a line left with fewer signatures, counts summed' '
	printf "a\tSA\tx=3 y=2 c=1\nb\tSB\tx=1 z=9\nc\tSC\tq=1\nd\tSD\tc=1 x=1\ne\tSE\t!short x=9\n" >ms &&
	dklexicon --idf 0.3:1 --min-sigs 5 ms >actual &&
	printf "a\tSA\t!short y=2 c=1\nb\tSB\tz=9\nc\tSC\t!short q=1\nd\tSD\t!short c=1\ne\tSE\t!short\n" >expect &&
	test_cmp expect actual &&
	dklexicon --idf 0.3:1 --min-sigs 0 ms >actual &&
	dklexicon --idf 0.3:1 ms >expect &&
	test_cmp expect actual &&
	dklexicon --lexicon --idf 0:1 --agree 1 ms >lex &&
	dklexicon --idf 0:1 --min-sigs 3 -L lex ms >actual &&
	printf "a\tSA\tx=3 y=2 c=1\nb\tSB\tx=1 z=9\nc\tSC\t!short q=1\nd\tSD\t!short c=1 x=1\ne\tSE\t!short x=9\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--min-sigs after the filter flags what spotsig -m flags with the filter' '
	printf "d%d\tthe %s is a %s of the %s and was the %s\n" \
		1 cat dog mat hat 2 cat dog rug hat 3 fox dog mat cap 4 cat owl mat hat \
		5 cat dog mat hat 6 bee ant elk yak >docs &&
	for m in 1 3 4 5 7; do
		spotsig docs | dklexicon --idf 0.5:1 --min-sigs $m >actual &&
		spotsig --idf 0.5:1 -m $m docs >expect &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'usage errors' '
	expect_error 2 "--min-sigs needs --idf" dklexicon --min-sigs 3 &&
	expect_error 2 "--min-sigs needs --idf" dklexicon -m --min-sigs 3 l1 &&
	expect_error 2 "no -w" dklexicon --idf 0:1 -w &&
	expect_error 2 "-m and -L exclude each other" dklexicon --idf 0:1 -m -L l1 &&
	expect_error 2 "exclude each other" dklexicon -m -w &&
	expect_error 2 "needs --idf" dklexicon -L l1 &&
	expect_error 2 "needs -w" dklexicon -p x &&
	expect_error 2 "usage:" dklexicon -Z
'

test_done

#!/bin/sh
test_description='unique IDs: every reader of documents or signatures stops at a repeated ID'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: documents, signatures, lexicon, a repeat' '
	printf "d1\tthe cat sat on the mat in the sun\nd2\tthe dog is on the mat\nd3\tthe cat sat on the mat in the sun today\n" >docs &&
	printf "d4\ta bird is on the roof\nd2\tthe dog again\n" >more &&
	cat docs more >rep &&
	spotsig -a the,is docs >sigs &&
	spotsig --allow-repeated-ids -a the,is rep >srep &&
	dklexicon -w docs >lex &&
	printf "d1\t<p>a</p>\nd2\t<p>b</p>\nd1\t<p>c</p>\n" >html
'

# prog args... : the repeat at rep:5 (d2 first at line 2), or srep:5
for c in "spotsig rep" "qgram rep" "dklexicon -w rep" "imatch -L lex rep" \
	"minhash srep" "partition -t 0.5 srep" "dklexicon srep" "imatch -L lex srep" \
	"spotmatch srep" "spotmatch --window 10 srep" "spotmatch --against sigs srep"
do
	set -- $c
	f=$(eval echo \${$#})
	test_expect_success "$c: repeated ID is an error at its line" "
		expect_error 2 \"^$1: $f:5: ID d2 already at line 2 (see --allow-repeated-ids)\$\" $c
	"
	test_expect_success "$c --allow-repeated-ids: read as before" "
		$1 --allow-repeated-ids $(echo $c | cut -d' ' -f2-) >/dev/null
	"
done

test_expect_success 'htmlstrip on a stream, dkcluster -a' '
	expect_error 2 "^htmlstrip: stdin:3: ID d1 already at line 1" htmlstrip <html &&
	htmlstrip --allow-repeated-ids <html >out && test $(wc -l <out) = 3 &&
	printf "a\nb\na\n" >ids && printf "a\tb\t0.5\n" >pairs &&
	expect_error 2 "^dkcluster: ids:3: ID a already at line 1" dkcluster -a ids pairs &&
	dkcluster --allow-repeated-ids -a ids pairs >actual &&
	printf "a\ta\nb\ta\n" >expect && test_cmp expect actual
'

test_expect_success 'across operands: the first one is named' '
	expect_error 2 "^spotsig: more:2: ID d2 already at docs:2 " spotsig docs more &&
	expect_error 2 "^spotsig: stdin:1: ID d1 already at docs:1 " spotsig docs - <docs &&
	expect_error 2 "^minhash: sigs:1: ID d1 already read: sigs given twice (see --allow-repeated-ids)\$" minhash sigs sigs
'

test_expect_success 'htmlstrip: a page given twice, or its name in a stream, is a repeated ID' '
	echo "<p>one page</p>" >a.html &&
	echo "<p>another</p>" >b.html &&
	expect_error 2 "^htmlstrip: a.html: ID a.html already given as an operand (see --allow-repeated-ids)\$" \
		htmlstrip a.html b.html a.html &&
	printf "a.html\t<p>x</p>\n" >named &&
	expect_error 2 "^htmlstrip: stdin:1: ID a.html already given as an operand (see --allow-repeated-ids)\$" \
		htmlstrip a.html - <named &&
	expect_error 2 "^htmlstrip: a.html: ID a.html already at stdin:1 (see --allow-repeated-ids)\$" \
		htmlstrip - a.html <named &&
	htmlstrip a.html ./a.html >actual &&
	printf "a.html\tone page\n./a.html\tone page\n" >expect &&
	test_cmp expect actual &&
	htmlstrip --allow-repeated-ids a.html b.html a.html >actual &&
	printf "a.html\tone page\nb.html\tanother\na.html\tone page\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'minhash -j: the records before a repeated ID are written, an earlier error wins' '
	printf "a\tx=1\nb\ty=1\nc\tz=0\na\tw=1\n" >rb &&
	expect_error 2 "^minhash: rb:3: signature count is 0$" minhash -j 2 rb &&
	printf "a\tx=1\nb\ty=1\na\tw=1\n" >ra &&
	test_expect_code 2 minhash -j 2 ra >out 2>err &&
	grep "^minhash: ra:3: ID a already at line 1" err &&
	head -n 2 ra | minhash -j 2 >expect &&
	test -s expect && test_cmp expect out
'

test_expect_success 'REF and input are collections of their own' '
	cp sigs sigs.again &&
	spotmatch -t 0.5 --against sigs sigs.again >actual &&
	test -s actual &&
	cat sigs sigs >ref2 &&
	expect_error 2 "^spotmatch: ref2:4: ID d1 already at line 1" spotmatch --against ref2 sigs
'

test_expect_success 'keyed streams repeat IDs under other keys: accepted' '
	awk "BEGIN { for (n = 1; n <= 12; n++) { s = \"\"; for (i = 1; i <= n; i++)
		s = s (i > 1 ? \" \" : \"\") \"s\" i \"=1\"; print \"d\" n \"\t\" s } }" >grow &&
	partition -t 0.5 grow >keyed.p &&
	test $(grep -c "!probe" keyed.p) -gt 0 &&
	spotmatch -t 0.5 keyed.p | sort >p1 && spotmatch -t 0.5 grow | sort >p2 && test_cmp p2 p1 &&
	minhash -k 1 -l 8 sigs >keyed.b &&
	spotmatch -t 0.5 keyed.b >/dev/null &&
	imatch -L lex -K 2 docs >keyed.f &&
	spotmatch keyed.f >/dev/null &&
	dklexicon keyed.p >/dev/null
'

test_expect_success 'keyed streams: a document twice in one scope is an error' '
	minhash -k 1 -l 2 srep >b.rep 2>/dev/null ||
	minhash --allow-repeated-ids -k 1 -l 2 srep >b.rep &&
	expect_error 2 "^spotmatch: b.rep:[0-9]*: ID d2 already at line [0-9]*" spotmatch b.rep &&
	partition --allow-repeated-ids -t 0.5 srep >p.rep &&
	expect_error 2 "^spotmatch: p.rep:[0-9]*: ID d2 already at line" spotmatch p.rep &&
	spotmatch --allow-repeated-ids p.rep >/dev/null
'

test_expect_success 'a probe once per key, a member once in the stream' '
	printf "P0.5:00001\td1\ta=1 b=1\nP0.5:00002\td2\ta=1 b=1 c=1\nP0.5:00002\td1\t!probe a=1 b=1\n" >ok.p &&
	spotmatch ok.p >/dev/null &&
	printf "P0.5:00001\td1\ta=1 b=1\nP0.5:00002\td1\ta=1 b=1 c=1\n" >bad.p &&
	expect_error 2 "^spotmatch: bad.p:2: ID d1 already at line 1" spotmatch bad.p &&
	printf "P0.5:00001\td1\ta=1 b=1\nP0.5:00002\td2\ta=1 b=1 c=1\nP0.5:00002\td1\t!probe a=1 b=1\nP0.5:00002\td1\t!probe a=1 b=1\n" >bad2.p &&
	expect_error 2 "^spotmatch: bad2.p:4: ID d1 already at line 3" spotmatch bad2.p
'

test_expect_success '--help lists the option' '
	for p in spotsig qgram dklexicon minhash imatch partition spotmatch htmlstrip dkcluster keep; do
		$p --help | grep -q -e "--allow-repeated-ids" || { echo "$p"; return 1; }
	done
'

test_done

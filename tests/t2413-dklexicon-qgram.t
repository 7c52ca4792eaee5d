#!/bin/sh
test_description='a lexicon records what made it (!q Q: q-grams, !w N: joins of N words) and is refused with a stream or lexicon of other terms'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup' '
	{
		printf "d1\tThe quick brown fox jumps over the lazy dog\n" &&
		printf "d2\tThe quick brown fox jumped over a lazy dog\n" &&
		printf "d3\tSomething else entirely here today\n" &&
		printf "d4\tA lazy dog sleeps under the brown tree\n"
	} >docs &&
	qgram -q 4 docs >q4 &&
	qgram -q 5 docs >q5 &&
	dklexicon q4 >l4 &&
	dklexicon q5 >l5
'

test_expect_success 'dklexicon over q-grams writes !q after !N, and -m and -m --idf keep it' '
	printf "!N\t4\n!q\t4\n" >expect &&
	head -n 2 l4 >actual && test_cmp expect actual &&
	printf "!N\t4\n!q\t5\n" >expect &&
	head -n 2 l5 >actual && test_cmp expect actual &&
	dklexicon -m l4 l4 >m && printf "!N\t8\n!q\t4\n" >expect &&
	head -n 2 m >actual && test_cmp expect actual &&
	dklexicon -m --idf 0.2:0.9 l4 >cut &&
	printf "!N\t4\n!idf\t0.2:0.9\n!q\t4\n" >expect &&
	head -n 3 cut >actual && test_cmp expect actual &&
	dklexicon --idf 0.2:0.9 -L cut q4 >viacut &&
	dklexicon --idf 0.2:0.9 -L l4 q4 >viawhole &&
	test_cmp viawhole viacut
'

test_expect_success 'words and word shingles: !w N; spot signatures, mixed terms, fewer than 4: nothing' '
	dklexicon -w docs >lw && sed -n 2p lw >actual &&
	printf "!w\t1\n" >expect && test_cmp expect actual &&
	qgram -w 3 docs | dklexicon >lw3 && sed -n 2p lw3 >actual &&
	printf "!w\t3\n" >expect && test_cmp expect actual &&
	printf "a\tab:c=1 bc:d=1 cd:e=1 de:f=1\n" | dklexicon >joined && sed -n 2p joined >actual &&
	printf "!w\t2\n" >expect && test_cmp expect actual &&
	printf "a\tab=1 bcd=1 cdefg=1 d=1\n" | dklexicon >words && sed -n 2p words >actual &&
	printf "!w\t1\n" >expect && test_cmp expect actual &&
	printf "a\tabcd=1 bcde=1 cdef=1 de:fgh=1\n" | dklexicon >mixed && ! grep "^!q\|^!w" mixed &&
	printf "a\tabcd=1 bcde=1 cdef=1\n" | dklexicon >few && ! grep "^!q\|^!w" few &&
	printf "a\tcolon:word other\n" | dklexicon -w -p "[a-z:]+" >cw && ! grep "^!w" cw
'

test_expect_success 'spot signatures that all join 3 words say !w 3, and merge with those cut short' '
	printf "a\tthe:cat:sat=1 a:dog:ran=1 the:fox:hid=1 a:owl:flew=1\n" | dklexicon >s3 &&
	sed -n 2p s3 >actual && printf "!w\t3\n" >expect && test_cmp expect actual &&
	printf "b\tthe:cat:sat=1 a:end=1\n" | dklexicon >s2 &&
	printf "!N\t2\na:dog:ran\t1\na:end\t1\na:owl:flew\t1\nthe:cat:sat\t2\nthe:fox:hid\t1\n" >expect &&
	dklexicon -m s3 s2 >actual && test_cmp expect actual &&
	dklexicon -m s2 s3 >actual && test_cmp expect actual &&
	printf "c\tthe:cat=1 a:dog=1 the:fox=1 a:owl=1\n" | dklexicon >w2 &&
	sed -n 2p w2 >actual && printf "!w\t2\n" >expect && test_cmp expect actual &&
	dklexicon -m s3 w2 >actual && ! grep "^!w" actual &&
	dklexicon -m w2 s3 >actual && ! grep "^!w" actual &&
	printf "c\tthe:cat:sat=1 a:end=1 the:end=1 a:dog:ran=1 a:x=1 a:y=1 a:z=1 the:w=1\n" >cut &&
	dklexicon --idf 0:1 -L s3 cut >actual && test_cmp cut actual
'

test_expect_success 'a lexicon of words refuses q-grams; one of word shingles, shingles of other lengths and documents' '
	expect_error 2 "^dklexicon: q4:1: the 32 signatures from line 1 on (\"theq\", ...) are all q-grams of 4 characters, and the lexicon holds words (!w 1): they share no term (give a lexicon of this stream.s signatures)\$" dklexicon --idf 0.1:0.9 -L lw q4 &&
	expect_error 2 "^imatch: q4:1: the 32 signatures from line 1 on" imatch -L lw q4 &&
	qgram -w 4 docs >w4 &&
	expect_error 2 "^dklexicon: w4:2: none of the 12 signatures from line 1 on joins 3 words (\"the:quick:brown:fox\": 4), and the lexicon holds terms of 3 words joined by .:. (!w 3): they share no term (give a lexicon of this stream.s signatures)\$" dklexicon --idf 0.1:0.9 -L lw3 w4 &&
	expect_error 2 "^imatch: w4:2: none of the 12 signatures from line 1 on joins 3 words" imatch -L lw3 w4 &&
	qgram -w 2 docs >w2 &&
	expect_error 2 "^dklexicon: w2:1: none of the 8 signatures from line 1 on joins 3 words (\"the:quick\": 2)" dklexicon --idf 0.1:0.9 -L lw3 w2 &&
	expect_error 2 "^imatch: docs:1: a document, whose terms are its words, and the lexicon holds terms of 3 words joined by .:. (!w 3): give imatch the signature stream it was made from\$" imatch -L lw3 docs &&
	expect_error 2 "^dklexicon: lw3:2: terms of 3 words joined by .:. (!w 3), and the lexicon read before holds words (!w 1): they share no term\$" dklexicon -m lw lw3 &&
	expect_error 2 "^dklexicon: lw:2: words (!w 1), and the lexicon read before holds q-grams of 4 characters (!q 4): they share no term\$" dklexicon -m l4 lw
'

test_expect_success 'what each lexicon was made for, it still reads' '
	qgram -w 3 docs >w3 &&
	dklexicon --idf 0:1 -L lw3 w3 >actual && test_cmp w3 actual &&
	imatch -L lw docs >/dev/null &&
	qgram -w 1 docs >w1 && dklexicon --idf 0:1 -L lw w1 >actual && test_cmp w1 actual &&
	dklexicon -m lw3 lw3 >/dev/null && dklexicon -m lw lw >/dev/null
'

test_expect_success 'the lexicon of q-grams of 4 filters q-grams of 4 as a lexicon without !q' '
	grep -v "^!q" l4 >old &&
	dklexicon --idf 0.2:0.9 -L old q4 >expect &&
	dklexicon --idf 0.2:0.9 -L l4 q4 >actual &&
	test_cmp expect actual &&
	imatch -i 0.2:0.9 -L old q4 >expect &&
	imatch -i 0.2:0.9 -L l4 q4 >actual &&
	test_cmp expect actual
'

test_expect_success 'dklexicon --idf -L and imatch refuse q-grams of another length' '
	expect_error 2 "^dklexicon: q5:1: signature \"thequ\" is a q-gram of 5 characters, and the lexicon holds q-grams of 4 characters (!q 4): they share no term (give a lexicon of this stream.s signatures)\$" dklexicon --idf 0.2:0.9 -L l4 q5 &&
	expect_error 2 "^imatch: q5:1: signature \"thequ\" is a q-gram of 5 characters, and the lexicon holds q-grams of 4 characters (!q 4): they share no term" imatch -L l4 q5 &&
	expect_error 2 "^imatch: q4:1: signature \"theq\" is a q-gram of 4 characters, and the lexicon holds q-grams of 5 characters (!q 5)" imatch -L l5 q4 &&
	{ head -n 2 q4 && sed -n 3p q5; } >mix &&
	expect_error 2 "^dklexicon: mix:3: signature \"somet\" is a q-gram of 5 characters" dklexicon --idf 0.2:0.9 -L l4 mix
'

test_expect_success 'signatures that are no q-grams are refused with a lexicon of q-grams' '
	printf "a\tab:cd=1 bc:de=1\n" >joined &&
	expect_error 2 "^dklexicon: joined:1: signature \"ab:cd\" is no q-gram, and the lexicon holds q-grams of 4 characters (!q 4)" dklexicon --idf 0:1 -L l4 joined
'

test_expect_success 'imatch refuses documents (their words) with a lexicon of q-grams' '
	expect_error 2 "^imatch: docs:1: a document, whose terms are its words, and the lexicon holds q-grams of 4 characters (!q 4): give imatch qgram -q 4.s signature stream of the documents\$" imatch -L l4 docs &&
	expect_error 2 "^imatch: docs:1: a document, whose terms are its words" imatch -T -L l4 docs
'

test_expect_success 'a merge of q-grams of two lengths is refused, whichever comes first' '
	expect_error 2 "^dklexicon: l5:2: q-grams of 5 characters (!q 5), and the lexicon read before holds q-grams of 4 characters (!q 4): they share no term\$" dklexicon -m l4 l5 &&
	grep -v "^!q" l5 >old5 &&
	expect_error 2 "^dklexicon: old5:2: term \"alazy\" is a q-gram of 5 characters, and the lexicon holds q-grams of 4 characters (!q 4)\$" dklexicon -m l4 old5 &&
	expect_error 2 "^dklexicon: l4:2: q-grams of 4 characters (!q 4), and the lexicon read before holds \"alazy\", a q-gram of 5 characters: they share no term\$" dklexicon -m old5 l4 &&
	expect_error 2 "^imatch: l4:2: q-grams of 4 characters (!q 4), and the lexicon read before holds \"alazy\"" imatch -L old5 -L l4 q4 &&
	expect_error 2 "^dklexicon: l5:2: q-grams of 5 characters (!q 5)" dklexicon --idf 0:1 -L l4 -L l5 q4
'

test_expect_success 'an old lexicon of the same q-grams merges, and the merge says !q' '
	grep -v "^!q" l4 >old4 &&
	dklexicon -m old4 l4 >m1 && dklexicon -m l4 old4 >m2 &&
	test_cmp m1 m2 && sed -n 2p m1 >actual &&
	printf "!q\t4\n" >expect && test_cmp expect actual
'

test_expect_success 'a bad !q record, or one after the terms' '
	printf "!N\t3\n!q\t0\n" >bad0 &&
	expect_error 2 "^dklexicon: bad0:2: !q record: expected the q-grams. length in characters, 1 to 64\$" dklexicon -m bad0 &&
	printf "!N\t3\n!q\t65\n" >bad65 &&
	expect_error 2 "^dklexicon: bad65:2: !q record: expected" dklexicon -m bad65 &&
	printf "!N\t3\n!q\t4x\n" >badx &&
	expect_error 2 "^dklexicon: badx:2: !q record: expected" dklexicon -m badx &&
	printf "!N\t3\nabcd\t1\n!q\t4\n" >late &&
	expect_error 2 "^dklexicon: late:3: the !q record comes before the terms\$" dklexicon -m late &&
	printf "!N\t3\n!q\t4\nabcd\t1\nabc\t1\n" >short &&
	expect_error 2 "^dklexicon: short:4: term \"abc\" is a q-gram of 3 characters, and the lexicon holds q-grams of 4 characters (!q 4)\$" dklexicon -m short
'

test_expect_success 'characters, not bytes: q-grams of accented letters' '
	printf "a\tcafé au lait chez Zoë\nb\tcafé au lait chez moi\n" | qgram -q 3 >u3 &&
	dklexicon u3 >lu && sed -n 2p lu >actual &&
	printf "!q\t3\n" >expect && test_cmp expect actual &&
	dklexicon --idf 0:1 -L lu u3 >/dev/null
'

test_done

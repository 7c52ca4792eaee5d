#!/bin/sh
test_description='mix-ups: pairs made at a higher threshold than evaluate -t, band keys made for a higher one than spotmatch -t, a lexicon of other signatures, partition shards of other options merged'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: 18 documents, 6 stories of 3 versions' '
	awk "BEGIN { srand(3); split(\"the a of and to in is was for on that with as by at from it this an be are or his her they we our news report city council said police market year new people\", w, \" \");
		for (s = 0; s < 6; s++) {
			for (i = 1; i <= 80; i++) b[i] = w[1 + int(rand() * 40)];
			for (v = 0; v < 3; v++) {
				for (i = 1; i <= 80; i++) c[i] = b[i];
				for (j = 0; j < v * 3; j++) c[1 + int(rand() * 80)] = w[1 + int(rand() * 40)];
				printf \"d%d\t\", s * 3 + v + 1;
				for (i = 1; i <= 80; i++) printf \"%s%s\", c[i], i < 80 ? \" \" : \"\n\"
			} } }" >docs &&
	test $(wc -l <docs) = 18 &&
	awk -F "\t" "{ printf \"%s\tg%d\n\", \$1, int((substr(\$1, 2) - 1) / 3) }" docs >gold &&
	spotsig docs >sig &&
	spotmatch -t 0.9 sig >p9 && spotmatch -t 0.3 sig >p3 &&
	test -s p9 && test $(wc -l <p3) -gt $(wc -l <p9)
'

test_expect_success 'evaluate -t under the least SIM of the pairs by more than two steps warns, status 0' '
	printf "d13\td14\t1.000000\n" >expect && test_cmp expect p9 &&
	evaluate -t 0.3 gold p9 >out 2>err &&
	echo "evaluate: p9: no pair has SIM under 1.00, more than two steps above -t 0.30: the scores under 1.00 are those at 1.00 (were the pairs made at a higher threshold?)" >expect &&
	test_cmp expect err &&
	evaluate --sweep -t 0.3 gold p9 >out 2>err && test_cmp expect err &&
	evaluate -t 0.9 gold p9 >out 2>err && test_must_be_empty err &&
	evaluate -t 0.8 --step 0.1 gold p9 >out 2>err && test_must_be_empty err &&
	evaluate -t 0.8 gold p9 >out 2>err && test -s err &&
	evaluate --sweep gold p9 >out 2>err && test_must_be_empty err &&
	evaluate -t 0.3 gold p3 >out 2>err && test_must_be_empty err &&
	evaluate -c gold gold >out 2>err && test_must_be_empty err
'

test_expect_success 'spotmatch warns when the band keys pair documents at -t with a chance under one half' '
	minhash -t 0.9 sig >b9 &&
	spotmatch -t 0.5 b9 >out 2>err &&
	echo "spotmatch: b9:1: band keys of minhash -k 16 -l 12 -s 0 -w pair documents at -t 0.5 with a chance of 0.00018: most such pairs will be missed (minhash -t 0.5 makes the keys for it)" >expect &&
	test_cmp expect err &&
	spotmatch -t 0.9 b9 >out 2>err && test_must_be_empty err &&
	minhash -t 0.5 sig >b5 &&
	spotmatch -t 0.5 b5 >out 2>err && test_must_be_empty err &&
	spotmatch -t 0.5 sig >exact && test $(wc -l <out) -le $(wc -l <exact)
'

test_expect_success 'a lexicon of another language holds none of the signatures: spotsig -L and dklexicon -L refuse it' '
	awk "BEGIN { srand(5); split(\"der die das und ist ein eine nicht mit von zu den dem auf fuer stadt rat polizei markt jahr neue menschen sagte bericht nachrichten\", w, \" \");
		for (d = 0; d < 30; d++) { printf \"g%d\t\", d;
			for (i = 1; i <= 80; i++) printf \"%s%s\", w[1 + int(rand() * 25)], i < 80 ? \" \" : \"\n\" } }" >de &&
	spotsig -l de de | dklexicon >lexde &&
	test $(wc -l <lexde) -gt 100 &&
	terms=$(grep -vc "^!" lexde) &&
	expect_error 2 "^spotsig: docs:4: none of the 66 signatures from line 1 on is in the lexicon ($terms terms): it was made from other signatures (of another language, spotsig -a, -c or -d, tokenizer), and each would count as unknown (give a lexicon of this stream.s signatures)\$" spotsig -l en --idf 0.2:0.9 -L lexde docs &&
	spotsig -l en docs >sig &&
	expect_error 2 "^dklexicon: sig:4: none of the 66 signatures from line 1 on is in the lexicon ($terms terms)" dklexicon --idf 0.2:0.9 -L lexde sig
'

test_expect_success 'the lexicon of the stream itself, of another collection, or cut, is not refused' '
	spotsig -l en docs | dklexicon >lexen &&
	spotsig -l en --idf 0.2:0.9 -L lexen docs >a &&
	spotsig -l en --idf 0.2:0.9 docs >b && test_cmp b a &&
	head -n 9 docs >half && spotsig -l en half | dklexicon >lexhalf &&
	tail -n 9 docs >other && spotsig -l en --idf 0.2:1 -L lexhalf other >/dev/null &&
	dklexicon -m --idf 0.5:0.9 lexde >cut &&
	dklexicon --idf 0.5:0.9 -L cut sig >/dev/null
'

test_expect_success 'dkcluster -a given twice is refused (the second list read in place of the first)' '
	head -n 9 docs >h1 && tail -n 9 docs >h2 &&
	expect_error 2 "^dkcluster: -a given twice (h1, h2): it takes one list of every document (cat the files into one)\$" dkcluster -a h1 -a h2 p3 &&
	cat h1 h2 >both && dkcluster -a both p3 >actual &&
	dkcluster -a docs p3 >expect && test_cmp expect actual
'

test_expect_success 'spotmatch: one file as --against REF and as input is refused' '
	printf "a\tx=1 y=1\nb\tx=1 y=1 z=1\n" >self.sigs &&
	expect_error 2 "^spotmatch: self.sigs is both --against REF and input: each of its documents would pair with itself (for the pairs inside one file, give it without --against)\$" \
		spotmatch -t 0.5 --against self.sigs self.sigs &&
	ln -s self.sigs link.sigs &&
	expect_error 2 "^spotmatch: self.sigs is both --against REF" \
		spotmatch -t 0.5 --against link.sigs other.sigs self.sigs &&
	cp self.sigs copy.sigs &&
	spotmatch -t 0.5 --against self.sigs copy.sigs >actual &&
	test $(wc -l <actual) = 4
'

# a pair stream with the smaller ID first on each line, sorted
canon() {
	awk -F '\t' -v OFS='\t' '{ if ($1 > $2) print $2, $1, $3; else print }' | sort
}

test_expect_success 'partition shards of other -r, -t or -M merged: spotmatch refuses the first key of the other' '
	awk "BEGIN { for (d = 0; d < 40; d++) { printf \"s%d\t\", d;
		for (i = 0; i < 20 + d; i++) printf \"%sw%d=1\", i ? \" \" : \"\", i; printf \"\n\" } }" >lens &&
	awk "NR % 2" lens >odd && awk "NR % 2 == 0" lens >even &&
	spotmatch -t 0.5 lens >p && canon <p >whole && test $(wc -l <whole) = 680 &&
	partition --shard -t 0.5 -r 30 odd >k30 && partition --shard -t 0.5 even >k1000 &&
	printf "P0.5r30:00003\n" >expect && cut -f1 k30 | tail -n 1 >actual && test_cmp expect actual &&
	LC_ALL=C sort -m -s -k1,1 k30 k1000 >merged &&
	expect_error 2 "^spotmatch: merged:41: a key of partition -t 0.5 -r 30 after keys of partition -t 0.5 (at merged:1): their length partitions differ, so pairs across them would be lost (make every stream with the same partition -t, -M, -r and --size-ratio)\$" spotmatch -t 0.5 merged &&
	partition --shard -t 0.5 -r 30 even >even30 &&
	LC_ALL=C sort -m -s -k1,1 k30 even30 >same && spotmatch -t 0.5 same >p &&
	canon <p >actual &&
	test_cmp whole actual &&
	partition --shard -t 0.4 odd >k04 && cat k04 k1000 >cat04 &&
	expect_error 2 "^spotmatch: cat04:[0-9]*: a key of partition -t 0.5 after keys of partition -t 0.4 (at cat04:1)" spotmatch -t 0.5 cat04 &&
	partition --shard -t 0.5 -M set -r 30 even >kset && cat k30 kset >catset &&
	expect_error 2 "^spotmatch: catset:[0-9]*: a key of partition -t 0.5 -M set -r 30 after keys of partition -t 0.5 -r 30 (at catset:1)" spotmatch -t 0.5 catset &&
	partition -t 0.5 -M containment -r 30 odd | cut -f1 | sort -u >actual &&
	printf "P0.5/contain:00000\n" >expect && test_cmp expect actual
'

test_expect_success 'evaluate: the gold file given where the pairs go is refused, with any -u' '
	msg="each line is an ID and the name of its gold cluster: this is a gold standard (ID CLUSTER), not pairs (give -c to score it as clusters)" &&
	expect_error 2 "^evaluate: gold:1: ID \"g0\" is not in the gold file, and each line to here is an ID and the name of its gold cluster: this is a gold standard (ID CLUSTER), not pairs (give -c to score it as clusters)\$" evaluate gold gold &&
	expect_error 2 "^evaluate: gold:1: $msg\$" evaluate -u singleton gold gold &&
	expect_error 2 "^evaluate: gold:1: $msg\$" evaluate -u ignore gold gold &&
	printf "u\tu\nv\tv\nw\tw\nx\tx\na\ta\nb\ta\nc\ta\nd\td\ne\td\n" >named &&
	expect_error 2 "^evaluate: named:1: $msg\$" evaluate named named &&
	evaluate -c named named >out &&
	printf "b\ta\nd\te\n" >two && evaluate named two >out &&
	grep "^recall *0.5000\$" out &&
	printf "b\ta\n" >one && evaluate named one >out &&
	grep "^recall *0.2500\$" out
'

test_expect_success 'a lexicon of other chains (-c, -a WORD:D:C) or antecedents (-a) that shares a few signatures: spotsig -L and dklexicon -L refuse it' '
	awk "BEGIN { srand(11); split(\"the a of and to in is was for on that with as by at from it this an be are or his her they we our\", w, \" \");
		for (s = 0; s < 20; s++) {
			for (i = 1; i <= 200; i++) b[i] = rand() < 0.5 ? w[1 + int(rand() * 28)] : \"x\" int(rand() * 300);
			for (v = 1; v <= 2; v++) {
				for (j = 0; j < 10; j++) b[1 + int(rand() * 200)] = \"y\" int(rand() * 300);
				printf \"s%dv%d\t\", s, v;
				for (i = 1; i <= 200; i++) printf \"%s%s\", b[i], i < 200 ? \" \" : \"\n\" } } }" >vv &&
	grep "v1	" vv >v1 && grep "v2	" vv >v2 && spotsig -l en v2 >s2 &&
	tail="and this stream.s would count as unknown (give a lexicon of this stream.s signatures)" &&
	spotsig -l en -c 3 v1 | dklexicon >lc3 && ! grep "^!w" lc3 &&
	longer="this stream.s signatures of \"be\" join 3 words (16 of 16 from line 1 on), the lexicon.s 4 (64 of 65, as \"be:by:x97:x93\"): it was made with longer chains (spotsig -c, or -a WORD:D:C), $tail" &&
	expect_error 2 "^spotsig: v2:4: $longer\$" spotsig -l en --idf 0.2:0.9 -L lc3 v2 &&
	expect_error 2 "^dklexicon: s2:4: $longer\$" dklexicon --idf 0.2:0.9 -L lc3 s2 &&
	spotsig -l en -c 3 v2 >s2c3 &&
	spotsig -l en -c 1 -a is:1:2,a,the,an,be,are,was v1 | dklexicon >lc1 && ! grep "^!w" lc1 &&
	expect_error 2 "^dklexicon: s2:4: this stream.s signatures of \"be\" join 3 words (16 of 16 from line 1 on), the lexicon.s 2 (57 of 57, as \"be:by\"): it was made with shorter chains (spotsig -c, or -a WORD:D:C), $tail\$" dklexicon --idf 0.2:0.9 -L lc1 s2 &&
	spotsig -l en -a the,a,is v1 | dklexicon >la &&
	other="the lexicon holds no signature of \"be\", of which this stream has 16 from line 1 on, though 55 of \"is\": it was made with other antecedents (spotsig -a, -A or -l) or from documents of other languages, and these would count as unknown (give a lexicon of this stream.s signatures)" &&
	expect_error 2 "^spotsig: v2:4: $other\$" spotsig -l en --idf 0.2:0.9 -L la v2 &&
	expect_error 2 "^dklexicon: s2:4: $other\$" dklexicon --idf 0.2:0.9 -L la s2 &&
	spotsig -l en -a "the:1:3,a,is,are,was" v1 | dklexicon >lm &&
	expect_error 2 "^spotsig: v2:6: this stream.s signatures of \"the\" join 3 words (17 of 17 from line 1 on), the lexicon.s 4 (57 of 60, as \"the:by:x139:x257\"): it was made with longer chains" spotsig -l en -a "the,a,is,are,was" --idf 0.2:0.9 -L lm v2
'

test_expect_success 'a lexicon of the same chains and antecedents, of other documents or of more antecedents, is not refused' '
	spotsig -l en v1 | dklexicon >l1 &&
	spotsig -l en --idf 0.2:0.9 -L l1 v2 >/dev/null &&
	dklexicon --idf 0.2:0.9 -L l1 s2 >/dev/null &&
	spotsig -l en -c 3 --idf 0.2:0.9 -L lc3 v2 >/dev/null &&
	dklexicon --idf 0.2:0.9 -L lc3 s2c3 >/dev/null &&
	spotsig -l en -a the,a,is --idf 0.2:0.9 -L l1 v2 >/dev/null &&
	spotsig -l en -a "the:1:3,a,is,are,was" --idf 0.2:0.9 -L lm v2 >/dev/null &&
	spotsig -l en -a "the:1:3,a,is,are,was" v2 >s2m && dklexicon --idf 0.2:0.9 -L lm s2m >/dev/null
'

test_expect_success 'evaluate: a cluster stream given where the pairs go is refused, though its first lines are singletons' '
	printf "a\tb\t0.900000\nc\td\t0.800000\nb\te\t0.700000\n" >pp &&
	printf "u\nv\nw\nx\na\nb\nc\nd\ne\n" >ids &&
	dkcluster -a ids pp >cl &&
	printf "u\tu\nv\tv\nw\tw\nx\tx\na\ta\nb\ta\ne\ta\nc\tc\nd\tc\n" >expect && test_cmp expect cl &&
	printf "a\tg1\nb\tg1\ne\tg1\nc\tg2\nd\tg2\nu\tu\nv\tv\nw\tw\nx\tx\n" >g &&
	expect_error 2 "^evaluate: cl:1: each ID is on one line, beside the ID that names its cluster, which is beside itself: this is a cluster stream (ID CLUSTER), not pairs, and its pairs would be those of each member with the one naming its cluster (give -c to score clusters)\$" evaluate g cl &&
	evaluate -c g cl >out && grep "^recall *1.0000\$" out &&
	evaluate g pp >out && grep "^recall *0.7500\$" out &&
	printf "a\tb\nb\te\n" >q2 && evaluate g q2 >out && grep "^recall *0.5000\$" out &&
	printf "a\ta\nb\te\n" >q3 && evaluate g q3 >out && grep "^recall *0.2500\$" out
'

test_expect_success 'streams of other q-grams, or q-grams and spot signatures, merged or matched --against: spotmatch, minhash and partition refuse them' '
	awk "NR % 2" docs >h1 && awk "NR % 2 == 0" docs >h2 &&
	qgram -q 4 h1 >q4a && qgram -q 4 h2 >q4b && qgram -q 5 h2 >q5b &&
	spotsig h2 >sb &&
	tail="they share no signature, so that the documents of the one would not meet those of the other (make every stream with one program and the same options)" &&
	first4=$(head -n 1 q4a | cut -f 2 | cut -d "=" -f 1) &&
	first5=$(head -n 1 q5b | cut -f 2 | cut -d "=" -f 1) &&
	firsts=$(head -n 1 sb | cut -f 2 | cut -d "=" -f 1) &&
	expect_error 2 "^spotmatch: q5b:1: its signatures are q-grams of 5 characters (\"$first5\", ...), and those of q4a q-grams of 4 characters (\"$first4\", ...): $tail\$" spotmatch -t 0.5 q4a q5b &&
	expect_error 2 "^spotmatch: q5b:1: its signatures are q-grams of 5" spotmatch -t 0.5 --against q4a q5b &&
	expect_error 2 "^spotmatch: q5b:1: its signatures are q-grams of 5" spotmatch -t 0.5 -j 2 q4a q5b &&
	expect_error 2 "^spotmatch: sb:[0-9]*: its signatures are words joined by .:. (\"$firsts\", ...), and those of q4a q-grams of 4 characters (\"$first4\", ...): $tail\$" spotmatch -t 0.5 --against q4a sb &&
	expect_error 2 "^spotmatch: q4a:1: its signatures are q-grams of 4 characters (\"$first4\", ...), and those of sb words joined by .:. (\"$firsts\", ...): $tail\$" spotmatch -t 0.5 sb q4a &&
	expect_error 2 "^minhash: q5b:1: its signatures are q-grams of 5 characters" minhash -t 0.5 q4a q5b &&
	expect_error 2 "^partition: q5b:1: its signatures are q-grams of 5 characters (\"$first5\", ...), and those of q4a q-grams of 4 characters (\"$first4\", ...): $tail\$" partition -t 0.5 q4a q5b &&
	expect_error 2 "^partition: q4a:1: its signatures are q-grams of 4 characters" partition -t 0.5 sb q4a &&
	qgram -q 4 docs >q4 && spotmatch -t 0.3 q4 >p && canon <p >whole &&
	spotmatch -t 0.3 q4a q4b >p && canon <p >actual && test_cmp whole actual &&
	awk -F "\t" "substr(\$1, 2) % 2 != substr(\$2, 2) % 2" whole >cross && test -s cross &&
	spotmatch -t 0.3 --against q4a q4b >p && canon <p >actual && test_cmp cross actual &&
	minhash -t 0.5 q4a q4b >/dev/null &&
	partition -t 0.3 q4a q4b >pt && spotmatch -t 0.3 pt >p && canon <p >actual && test_cmp whole actual
'

test_expect_success 'spot signatures or word shingles of other chains merged or matched --against: spotmatch and minhash refuse them' '
	spotsig -l en v1 >s1 && spotsig -l en -c 3 v2 >s2c3 &&
	expect_error 2 "^spotmatch: s2c3:[0-9]*: its signatures of \"[a-z]*\" join 4 words ([0-9]* of [0-9]*), those of s1 3 ([0-9]* of [0-9]*): they were made with longer chains (spotsig -c, -a WORD:D:C, or qgram -w) and share few signatures, so that the documents of the one would hardly meet those of the other (make every stream with one program and the same options)\$" spotmatch -t 0.5 s1 s2c3 &&
	expect_error 2 "^spotmatch: s1:[0-9]*: its signatures of \"[a-z]*\" join 3 words ([0-9]* of [0-9]*), those of s2c3 4 ([0-9]* of [0-9]*): they were made with shorter chains" spotmatch -t 0.5 --against s2c3 s1 &&
	expect_error 2 "^minhash: s2c3:[0-9]*: its signatures of \"[a-z]*\" join 4 words" minhash -t 0.5 s1 s2c3 &&
	expect_error 2 "^partition: s2c3:[0-9]*: its signatures of \"[a-z]*\" join 4 words ([0-9]* of [0-9]*), those of s1 3" partition -t 0.5 s1 s2c3 &&
	expect_error 2 "^dklexicon: s2c3:[0-9]*: its signatures of \"[a-z]*\" join 4 words" dklexicon s1 s2c3 &&
	expect_error 2 "^dklexicon: q5b:1: its signatures are q-grams of 5 characters" dklexicon q4a q5b &&
	dklexicon s1 s2 >/dev/null && dklexicon q4a q4b >/dev/null &&
	qgram -w 3 v1 >w3 && qgram -w 4 v2 >w4 &&
	expect_error 2 "^spotmatch: w4:[0-9]*: its signatures of \"[a-z0-9]*\" join 4 words ([0-9]* of [0-9]*), those of w3 3" spotmatch -t 0.5 w3 w4 &&
	spotsig -l en vv >sv && spotmatch -t 0.3 sv >p && canon <p >whole &&
	spotmatch -t 0.3 s1 s2 >p && canon <p >actual && test_cmp whole actual &&
	spotmatch -t 0.3 --against s1 s2 >p && canon <p >actual && test_cmp whole actual &&
	awk "BEGIN { for (i = 1; i <= 40; i++) printf \"t%d\t%s\n\", i, i % 3 ? \"Return of the King\" : \"The King Returns Home\" }" >titles &&
	spotsig -l en titles >st && grep -c "	the:king=1\$" st >n && echo 27 >expect && test_cmp expect n &&
	spotmatch -t 0.3 s1 st >/dev/null && spotmatch -t 0.3 st s1 >/dev/null
'

test_expect_success 'one file of two streams (cat a b), the second after the first records: spotmatch, minhash, partition and dklexicon refuse it at the line judged first of the second' '
	awk "BEGIN { srand(11); split(\"the a of and to in is was for on that with as by at from it this an be are or his her they we our news report city council said police market year new people\", w, \" \");
		for (d = 1; d <= 60; d++) { printf \"%s%d\t\", d <= 30 ? \"a\" : \"b\", d;
			for (i = 1; i <= 60; i++) printf \"%s%s\", w[1 + int(rand() * 40)], i < 60 ? \" \" : \"\n\" } }" >ab &&
	head -n 30 ab >a30 && tail -n 30 ab >b30 &&
	qgram -q 3 a30 >qa && qgram -q 5 b30 >qb && cat qa qb >qab &&
	eg3=$(head -n 1 qa | cut -f 2 | cut -d "=" -f 1) &&
	eg5=$(sed -n 2p qb | cut -f 2 | cut -d "=" -f 1) &&
	tail="so that the documents of the one would not meet those of the other (make every stream with one program and the same options)" &&
	msg="qab:32: its documents from this one on (16 judged in a row) have signatures that are q-grams of 5 characters (\"$eg5\", ...), those of lines 1 to 16 q-grams of 3 characters (\"$eg3\", ...): this file holds two streams (joined by cat?), the second beginning after line 16, that share no signature, $tail" &&
	expect_error 2 "^spotmatch: $msg\$" spotmatch -t 0.5 qab &&
	expect_error 2 "^spotmatch: $msg\$" spotmatch -t 0.5 -j 2 qab &&
	expect_error 2 "^spotmatch: $msg\$" spotmatch -t 0.5 --against qab qa &&
	expect_error 2 "^minhash: $msg\$" minhash -t 0.5 qab &&
	expect_error 2 "^partition: $msg\$" partition -t 0.5 qab &&
	expect_error 2 "^dklexicon: $msg\$" dklexicon qab &&
	spotsig -l en -c 3 a30 >sa && spotsig -l en b30 >sb2 && cat sa sb2 >sab &&
	eg4=$(head -n 1 sa | cut -f 2 | cut -d "=" -f 1) &&
	egs=$(sed -n 2p sb2 | cut -f 2 | cut -d "=" -f 1) &&
	msg="sab:32: its documents from this one on (16 judged in a row) have signatures that are 3 words joined by .:. (\"$egs\", ...), those of lines 1 to 16 4 words joined by .:. (\"$eg4\", ...): this file holds two streams (joined by cat?), the second beginning after line 16, that share few signatures, so that the documents of the one would hardly meet those of the other (make every stream with one program and the same options)" &&
	expect_error 2 "^spotmatch: $msg\$" spotmatch -t 0.5 sab &&
	expect_error 2 "^minhash: $msg\$" minhash -t 0.5 sab &&
	expect_error 2 "^partition: $msg\$" partition -t 0.5 sab &&
	expect_error 2 "^dklexicon: $msg\$" dklexicon sab &&
	cat sb2 qa >sq &&
	expect_error 2 "^spotmatch: sq:32: its documents from this one on (16 judged in a row) have signatures that are q-grams of 3 characters (\"[a-z]*\", ...), those of lines 1 to 17 3 words joined by .:. (\"[a-z:]*\", ...): this file holds two streams (joined by cat?), the second beginning after line 17, that share no signature, $tail\$" spotmatch -t 0.5 sq &&
	expect_error 2 "^minhash: sq:32: its documents" minhash -t 0.5 sq &&
	qgram -w 3 a30 >wa && qgram -w 4 b30 >wb && cat wa wb >wab &&
	expect_error 2 "^spotmatch: wab:32: its documents from this one on (16 judged in a row) have signatures that are 4 words joined by .:. (\"[a-z:]*\", ...), those of lines 1 to 16 3 words" spotmatch -t 0.5 wab
'

test_expect_success 'one stream in one file, or two of one form, or documents that tell no form, are not refused' '
	qgram -q 3 ab >q3 && qgram -q 3 b30 >qb3 && cat qa qb3 >qaa && test_cmp q3 qaa &&
	spotmatch -t 0.3 q3 >p && test -s p && minhash -t 0.5 q3 >/dev/null &&
	partition -t 0.5 q3 >/dev/null && dklexicon q3 >/dev/null &&
	spotsig -l en ab >s && cat sb2 sb2 | sed "s/^b/c/;31,\$ s/^c/d/" >ss &&
	spotmatch -t 0.3 ss >/dev/null && minhash -t 0.5 ss >/dev/null &&
	spotsig -l en -c 3 ab >sc3 && spotmatch -t 0.3 sc3 >/dev/null &&
	qgram -w 3 ab >w3 && spotmatch -t 0.3 w3 >/dev/null &&
	awk "BEGIN { for (i = 1; i <= 60; i++) printf \"t%d\t%s\n\", i, i % 3 ? \"Return of the King\" : \"The King Returns Home\" }" >titles &&
	spotsig -l en titles >st && cat sc3 st >mixed && spotmatch -t 0.3 mixed >/dev/null &&
	awk -F "\t" "{ printf \"%s\t\", \$1; for (i = 1; i <= 12; i++) printf \"%s=1%s\", substr(\"abcdefghijklmnopqrstuvwxyz\", i, 1 + (i * 7 + NR) % 9), i < 12 ? \" \" : \"\n\" }" ab >words &&
	cat words qa | sed "s/^a/x/;1,60 s/^x/y/" >wq && spotmatch -t 0.3 wq >/dev/null &&
	awk "BEGIN { srand(12); for (d = 1; d <= 30; d++) { printf \"c%d\t\", d;
		for (i = 1; i <= 40; i++) printf \"w%d%s\", int(rand() * 300), i < 40 ? \" \" : \"\n\" } }" >ids &&
	cat ab ids >abc && spotsig -l en --dense 3 --dense-words 4 abc >dense &&
	test $(grep -c "	!chains :" dense) = 30 && test $(grep -c "^c[0-9]*	!chains :" dense) = 30 &&
	spotmatch -t 0.3 dense >/dev/null && minhash -t 0.5 dense >/dev/null
'

test_expect_success 'dklexicon counts a document of a keyed stream once, under however many keys; an imatch stream of documents is refused' '
	spotsig -l en vv >sv && dklexicon sv >expect &&
	head -n 1 expect >n && echo "!N	40" >n40 && test_cmp n40 n &&
	minhash --per-band -t 0.5 sv >band && test $(wc -l <band) -gt 40 &&
	dklexicon band >actual && test_cmp expect actual &&
	imatch -L expect -i 0:1 -m 1 -K 4 sv >fp && test $(wc -l <fp) = 200 &&
	dklexicon fp >actual && test_cmp expect actual &&
	partition -t 0.5 sv | dklexicon >actual && test_cmp expect actual &&
	dklexicon --idf 0.2:0.9 sv >expect &&
	dklexicon --idf 0.2:0.9 band | awk -F "\t" "\$1 ~ /^B000/" | cut -f 2- >actual &&
	test_cmp expect actual &&
	dklexicon -w vv >words && imatch -L words -i 0:1 -m 1 -K 4 vv >fpd &&
	expect_error 2 "^dklexicon: fpd:1: an imatch fingerprint without signatures: imatch read documents, whose words it does not copy (give dklexicon -w the documents, or imatch a signature stream)\$" dklexicon fpd
'

test_expect_success 'lexicons of other chains merged (dklexicon -m, -L, spotsig -L given both) are refused' '
	msg="its terms of \"[a-z]*\" join 4 words, the lexicon.s before 3: other chains (spotsig -c or -a, qgram -w)" &&
	expect_error 2 "^dklexicon: lc3:1: $msg\$" dklexicon -m l1 lc3 &&
	expect_error 2 "^dklexicon: lc3:1: $msg\$" dklexicon --idf 0.2:0.9 -L l1 -L lc3 s2 &&
	expect_error 2 "^spotsig: lc3:1: $msg\$" spotsig -l en --idf 0.2:0.9 -L l1 -L lc3 v2 &&
	expect_error 2 "^dklexicon: l1:1: its terms of \"[a-z]*\" join 3 words, the lexicon.s before 4" dklexicon -m lc3 l1 &&
	qgram -w 3 v1 | dklexicon >lw3 && qgram -w 4 v2 | dklexicon >lw4 &&
	expect_error 2 "^dklexicon: lw4:1: its terms of \"[a-z0-9]*\" join 4 words, the lexicon.s before 3" dklexicon -m lw3 lw4 &&
	spotsig -l en v2 | dklexicon >l2 && dklexicon -m l1 l2 >merged &&
	dklexicon sv >expect && test_cmp expect merged &&
	dklexicon -m l1 l1 >/dev/null
'

test_expect_success 'imatch streams of other settings or lexicons merged or matched --against: spotmatch refuses the first key of the other' '
	awk "NR % 2" docs >i1 && awk "NR % 2 == 0" docs >i2 &&
	dklexicon -w docs >wl && head -n 2 i1 >two && dklexicon -w two >wl2 &&
	set="-i 0:1 -m 3 -K 2" &&
	imatch -L wl $set docs >fall && spotmatch fall >p && canon <p >whole &&
	awk -F "\t" "substr(\$1, 2) % 2 != substr(\$2, 2) % 2" whole >cross && test -s cross &&
	imatch -L wl $set i1 >f1 && imatch -L wl $set i2 >f2 &&
	spotmatch f1 f2 >p && canon <p >actual && test_cmp whole actual &&
	spotmatch --against f1 f2 >p && canon <p >actual && test_cmp cross actual &&
	d=$(head -n 1 f1 | cut -d/ -f3 | cut -c2-17) &&
	tail="fingerprints of other settings differ for the same document, so that its copies would not be paired (make every stream with the same imatch options and lexicon)" &&
	imatch -L wl $set -s 2 i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 2 -m 3 with lexicon terms $d after one of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms $d (at f1:1): $tail\$" spotmatch f1 fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 2 -m 3 with lexicon terms $d after one of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms $d (at f1:1): $tail\$" spotmatch --against f1 fo &&
	imatch -L wl $set -p 0.5 i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.5 -s 1 -m 3 with" spotmatch f1 fo &&
	imatch -L wl $set -m 4 i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 4 with" spotmatch f1 fo &&
	imatch -L wl $set -k i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 3 -k with" spotmatch -j 2 f1 fo &&
	imatch -L wl -i 0:0.1 -m 3 -K 2 i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms [0-9a-f]* after one of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms $d (at f1:1)" spotmatch f1 fo &&
	imatch -L wl -i 0:1 -m 3 -K 1 i2 >fo &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 1 -p 0.33 -s 1 -m 3 with" spotmatch f1 fo &&
	# a lexicon of other documents that keeps the same terms gives the same fingerprints
	dklexicon -w i1 >wl1 && imatch -L wl1 $set i2 >fs && test_cmp f2 fs &&
	imatch -L wl2 $set i2 >fo && ! head -n 1 fo | grep -q "/l$d" &&
	expect_error 2 "^spotmatch: fo:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms [0-9a-f]* after one" spotmatch f1 fo &&
	expect_error 2 "^spotmatch: f1:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms $d after one of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms [0-9a-f]* (at fo:1)" spotmatch --against fo f1 &&
	sed "s|^\\(F[0-9]*/[0-9]*\\)/[^:]*:|\\1:|" f1 >old1 && sed "s|^\\(F[0-9]*/[0-9]*\\)/[^:]*:|\\1:|" f2 >old2 &&
	! grep -q "^F[0-9]*/[0-9]*/" old1 &&
	spotmatch old1 old2 >p && canon <p >actual && test_cmp whole actual &&
	expect_error 2 "^spotmatch: f2:1: a fingerprint key of imatch -K 2 -p 0.33 -s 1 -m 3 with lexicon terms $d after one of unrecorded imatch settings of -K 2 (an earlier imatch.s, or written by hand) (at old1:1): $tail\$" spotmatch old1 f2
'

test_done

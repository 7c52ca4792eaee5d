#!/bin/sh
test_description='dkdedup: the whole job on small corpora (TSV, JSON Lines,
WARC), and a failed stage, a bad operand or a signal leaving no output'
. "$(dirname "$0")/lib.sh"

H="application/http; msgtype=response"
D=2024-05-01T00:00:00Z
A="the cat sat on the mat and the dog ran off to the house of the king"
C="a wholly different story about a ferry that crossed the river in the night"
# The documents here are too few and too short for the default evidence rule
# (examples/dupkit.defaults: a copy shares --min-shared signatures, and
# --idf drops those held by more than N^(1-LO) of N documents, so in three
# documents a copy's own signatures): the cases of the job's mechanics ask
# for a bare threshold, on spot signatures alone (--dense 0: no word
# chains for short documents).  The rule itself has cases of its own below.
BARE="--idf 0:1 --min-shared 1 --dense 0"

# no OUT, OUT.keep, OUT.pairs, nor a temporary directory beside them:
# the files are those listed by snapshot before
snapshot() {
	ls | grep -v -x -e before -e after -e err -e status -e expect
}
nothing_left() {
	snapshot >after &&
	test_cmp before after
}

test_expect_success 'setup: three documents, the second a copy of the first' '
	printf "a\t%s\nb\t%s\nc\t%s\n" "$A" "$A" "$C" >docs.tsv &&
	printf "a\t%s\nc\t%s\n" "$A" "$C" >expect.out &&
	printf "a\nc\n" >expect.keep &&
	printf "a\tb\t1.000000\n" >expect.pairs &&
	printf "b\ta\t1.000000\ta\tthe cat sat on the mat and the dog ran off to the house of...\n" >expect.removed &&
	echo "keep: kept 2 of 3 (1 removed, 33.3%)" >expect.err
'

# the closing line of dkdedup after keep's, for OUT $1
summary() {
	echo "dkdedup: 3 documents, 2 kept, 1 removed (1 exact copy, 0 near copies: see $1.removed), 0 too short to judge (kept)"
}

test_expect_success 'tsv: OUT, OUT.keep, OUT.pairs and the closing line' '
	dkdedup $BARE tsv docs.tsv out.tsv 2>err &&
	test_cmp expect.out out.tsv &&
	test_cmp expect.keep out.tsv.keep &&
	test_cmp expect.pairs out.tsv.pairs &&
	test_cmp expect.removed out.tsv.removed &&
	{ cat expect.err && summary out.tsv; } >expect &&
	test_cmp expect err &&
	! ls out.tsv.dkdedup.* 2>/dev/null
'

test_expect_success 'tsv: a copy at SIM 1 whose text differs is a near copy, not an exact one' '
	printf "a\t%s\nb\tZebra %s\nc\t%s\n" "$A" "$A" "$C" >zebra.tsv &&
	dkdedup $BARE tsv zebra.tsv zebra.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect zebra.out.pairs &&
	{
		echo "keep: kept 2 of 3 (1 removed, 33.3%)" &&
		echo "dkdedup: 3 documents, 2 kept, 1 removed (0 exact copies, 1 near copy: see zebra.out.removed), 0 too short to judge (kept)"
	} >expect &&
	test_cmp expect err
'

test_expect_success 'tsv: -t is the threshold of spotmatch' '
	printf "a\t%s\nb\t%s and the queen of the land\n" "$A" "$A" >half.tsv &&
	dkdedup $BARE -t 0.6 -j 2 tsv half.tsv t6.tsv 2>err &&
	test_cmp half.tsv t6.tsv &&
	test_must_be_empty t6.tsv.pairs &&
	{
		echo "keep: kept 2 of 2 (0 removed, 0.0%)" &&
		echo "dkdedup: 2 documents, 2 kept, 0 removed (0 exact copies, 0 near copies: see t6.tsv.removed), 0 too short to judge (kept); 1 pair kept that containment calls a copy (cut copies, or pages of one template: see t6.tsv.contained; --prose removes them)"
	} >expect && test_cmp expect err &&
	test_must_be_empty t6.tsv.removed &&
	printf "a\tb\t0.800000\n" >expect && test_cmp expect t6.tsv.contained &&
	dkdedup $BARE -t 0.5 tsv half.tsv t5.tsv 2>err &&
	head -n 1 half.tsv >expect && test_cmp expect t5.tsv &&
	printf "a\tb\t0.500000\n" >expect && test_cmp expect t5.tsv.pairs &&
	expect_error 2 "^dkdedup: threshold" dkdedup -t 1.5 tsv docs.tsv t2.tsv &&
	! test -e t2.tsv
'

test_expect_success 'jsonl: default members id and text, records byte for byte' '
	printf "{\"id\":\"a\",\"text\":\"%s\",\"n\":1}\n" "$A" >docs.jsonl &&
	printf "{\"id\":\"b\",\"text\":\"%s\",\"n\":2}\n" "$A" >>docs.jsonl &&
	printf "{\"id\":\"c\", \"text\":\"%s\"}\n" "$C" >>docs.jsonl &&
	dkdedup $BARE jsonl docs.jsonl out.jsonl 2>err &&
	sed -n "1p;3p" docs.jsonl >expect &&
	test_cmp expect out.jsonl &&
	test_cmp expect.keep out.jsonl.keep &&
	test_cmp expect.pairs out.jsonl.pairs &&
	test_cmp expect.removed out.jsonl.removed &&
	{ cat expect.err && summary out.jsonl; } >expect &&
	test_cmp expect err
'

test_expect_success 'jsonl: --json ID,TEXT names other members; numeric IDs' '
	printf "{\"n\":1,\"body\":\"%s\"}\n{\"n\":2,\"body\":\"%s\"}\n{\"n\":3,\"body\":\"%s\"}\n" \
		"$A" "$A" "$C" >num.jsonl &&
	dkdedup $BARE --json n,body jsonl num.jsonl num.out 2>err &&
	sed -n "1p;3p" num.jsonl >expect &&
	test_cmp expect num.out &&
	printf "1\n3\n" >e && test_cmp e num.out.keep &&
	{ cat expect.err && summary num.out; } >e &&
	test_cmp e err &&
	expect_error 2 "^dkdedup: --json is .n,.: want ID,TEXT" dkdedup --json n, jsonl num.jsonl x &&
	expect_error 2 "^dkdedup: --json names the members of JSON Lines" dkdedup --json n,body tsv docs.tsv x
'

test_expect_success 'jsonl: a text that is not a string stops the job at spotsig, at its line' '
	printf "{\"id\":\"a\",\"text\":\"%s\"}\n{\"id\":\"b\",\"text\":7}\n" "$A" >bad.jsonl &&
	snapshot >before &&
	expect_error 2 "^dkdedup: spotsig failed (exit status 2)" dkdedup jsonl bad.jsonl bad.out &&
	grep "^spotsig: bad.jsonl:2: member \"text\" (the text) is a number, not a string$" err &&
	nothing_left &&
	printf "{\"id\":\"a\",\"text\":\"%s\"}\n{\"id\":\"b\" \"text\":\"x\"}\n" "$A" >bad.jsonl &&
	expect_error 2 "^dkdedup: spotsig failed (exit status 2)" dkdedup jsonl bad.jsonl bad.out &&
	grep "^spotsig: bad.jsonl:2: invalid JSON at byte 11" err &&
	nothing_left
'

test_expect_success 'jsonl: integer IDs beyond 2^53 kept exactly (no jq)' '
	printf "{\"id\":18446744073709551614,\"text\":\"%s\"}\n" "$A" "$A" "$C" |
		awk "{ sub(/1614/, 1610 + NR) } 1" >big.jsonl &&
	dkdedup jsonl big.jsonl big.out 2>err &&
	printf "18446744073709551611\n18446744073709551613\n" >expect &&
	test_cmp expect big.out.keep &&
	sed -n "1p;3p" big.jsonl >expect &&
	test_cmp expect big.out
'

test_expect_success 'warc: the HTML responses deduplicated, a copy removed' '
	dk_http_page p1 "$A" && dk_http_page p2 "$A" && dk_http_page p3 "$C" &&
	dk_warc_record response http://x/1 urn:uuid:1 $D "$H" p1 >r1 &&
	dk_warc_record response http://x/2 urn:uuid:2 $D "$H" p2 >r2 &&
	dk_warc_record response http://x/3 urn:uuid:3 $D "$H" p3 >r3 &&
	cat r1 r2 r3 >in.warc &&
	dkdedup $BARE warc in.warc out.warc 2>err &&
	cat r1 r3 >expect &&
	test_cmp expect out.warc &&
	printf "urn:uuid:1\nurn:uuid:3\n" >e && test_cmp e out.warc.keep &&
	printf "urn:uuid:1\turn:uuid:2\t1.000000\n" >e && test_cmp e out.warc.pairs &&
	printf "urn:uuid:2\turn:uuid:1\t1.000000\turn:uuid:1\thttp://x/2\n" >e && test_cmp e out.warc.removed &&
	{
		printf "keep: in.warc: 3 records, 3 captures, 2 kept\nkeep: kept 2 of 3 (1 removed, 33.3%%)\n" &&
		summary out.warc
	} >e &&
	test_cmp e err
'

test_expect_success 'the summary: near copies and documents too short to judge' '
	printf "a\t%s\nb\t%s and the queen of the land\nc\t%s\nd\thello world\ne\tno spots\n" \
		"$A" "$A" "$C" >mixed.tsv &&
	dkdedup $BARE -t 0.5 tsv mixed.tsv mixed.out 2>err &&
	printf "a\t%s\nc\t%s\nd\thello world\ne\tno spots\n" "$A" "$C" >expect &&
	test_cmp expect mixed.out &&
	printf "b\ta\t0.500000\ta\tthe cat sat on the mat and the dog ran off to the house of...\n" >expect &&
	test_cmp expect mixed.out.removed &&
	echo "dkdedup: 5 documents, 4 kept, 1 removed (0 exact copies, 1 near copy: see mixed.out.removed), 2 too short to judge (kept)" >expect &&
	tail -n 1 err >actual &&
	test_cmp expect actual
'

test_expect_success 'the evidence rule: pages alike in one template phrase are kept, apart' '
	printf "p1\tHere is a list of all classes with brief descriptions.\np2\tHere is a list of all files with brief descriptions.\n" >tpl.tsv &&
	dkdedup tsv tpl.tsv tpl.out 2>err &&
	test_cmp tpl.tsv tpl.out &&
	test_must_be_empty tpl.out.pairs &&
	echo "dkdedup: 2 documents, 2 kept, 0 removed (0 exact copies, 0 near copies: see tpl.out.removed), 2 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	dkdedup $BARE -t 0.44 tsv tpl.tsv bare.out 2>err &&
	printf "p1\tp2\t1.000000\n" >expect && test_cmp expect bare.out.pairs
'

# Two manual pages of one template, sin and cos, each naming its function
# and what it computes 3 times (SIM 0.74), and sin with a sentence added
# (0.93): by default (--own-words 3) sin and cos are about different
# things, and only the edited copy goes; --own-words 0 removes cos too.
test_expect_success 'own words: two pages of one template are kept, an edited copy removed' '
	page() {
		printf "%s\t%s\n" "$1" "$2(3) Library Functions Manual $2(3)\\nNAME\\n$2 - compute the $3 of a number\\nSYNOPSIS\\ndouble $2(double v);\\nDESCRIPTION\\nThe $2 function returns the $3 of its argument. The argument is a number in radians. The result is a double. The function is thread safe. The value is exact to the last bit. The errors are reported in errno. The function is declared in the math header. The range is the whole real line. The precision is the same for all inputs.$4\\nRETURN VALUE\\nOn success, $2 returns the $3 of v."
	} &&
	{ page sin sin sine "" && page cos cos cosine "" && page sin.ed sin sine " The speed is good."; } >own.tsv &&
	dkdedup -v --idf 0:1 --dense 0 tsv own.tsv own.out 2>err &&
	grep "^dkdedup: dkcluster -v --own-words 3 --word-sim 0.55 --apart own.out.dkdedup.[^ /]*/apart -a own.tsv " err &&
	grep "^dkcluster: --own-words 3: 2 pairs ignored, " err &&
	printf "sin\ncos\n" >expect && test_cmp expect own.out.keep &&
	printf "sin.ed\tsin\t0.931034\tsin\tsin(3) Library Functions Manual sin(3) NAME sin - compute...\n" >expect &&
	test_cmp expect own.out.removed &&
	echo "dkdedup: 3 documents, 2 kept, 1 removed (0 exact copies, 1 near copy: see own.out.removed), 0 too short to judge (kept), 2 pairs of pages about different things set apart (--own-words, --word-sim)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	dkdedup -v --own-words 0 --idf 0:1 --dense 0 tsv own.tsv own0.out 2>err &&
	! grep -e "--own-words" err &&
	echo "dkdedup: 3 documents, 1 kept, 2 removed (0 exact copies, 2 near copies: see own0.out.removed), 0 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	printf "sin\n" >expect && test_cmp expect own0.out.keep &&
	test_expect_code 2 dkdedup --own-words x tsv own.tsv own1.out 2>err &&
	grep "^dkdedup: --own-words" err && ! test -e own1.out
'

# Two pages of one template whose names differ by a word put in,
# std::numeric_limits<signed char> and <char>, the word used by the other
# page elsewhere (is_signed): neither has a word of its own, and their
# spot signatures are the same (SIM 1), but signed stands at each of its
# places in the first page's opening and the second page has the words
# around it side by side.  By default both pages are kept and an edited
# copy of the second goes; --own-words 0 removes the first page too.
test_expect_success 'own words: a page whose name has a word put in at each place is kept, an edited copy removed' '
	lim() {
		printf "%s\t%s\n" "$1" "std::numeric_limits< $2 > Struct Reference\nstatic constexpr $2 min () noexcept\nstatic constexpr $2 max () noexcept\nstatic constexpr $2 lowest () noexcept\nstatic constexpr $2 epsilon () noexcept\nThe value is the least finite value of the type. The result is a constant. The member is defined for every arithmetic type. The limits are those of the platform. The class is a specialization of the primary template. The values are known at compile time.$3\nstatic constexpr bool is_signed"
	} &&
	{ lim schar "signed char" "" && lim char char "" && lim char.ed char " The header is limits."; } >lim.tsv &&
	dkdedup -v --idf 0:1 --dense 0 tsv lim.tsv lim.out 2>err &&
	grep "^dkcluster: --own-words 3: 2 pairs ignored, 0 with each document naming its own subject in the same place, 0 with a name renamed, 2 with a run of words put in (" err &&
	printf "schar\nchar\n" >expect && test_cmp expect lim.out.keep &&
	cut -f 1,2 lim.out.removed >actual &&
	printf "char.ed\tchar\n" >expect && test_cmp expect actual &&
	dkdedup --own-words 0 --idf 0:1 --dense 0 tsv lim.tsv lim0.out 2>err &&
	printf "schar\n" >expect && test_cmp expect lim0.out.keep
'

# Two copyright files of different packages that ship one licence text:
# its sentences give every spot signature (SIM 1), their lists of files
# give none, and they share 33 of their 63 words (0.52).  A copy of one
# with a file more shares 48 of 49.  By default the two files are
# kept and the copy goes; --word-sim 0 removes the second file too; the
# bar is not for a containment pass.
test_expect_success 'the bar of words: two files that ship one licence are kept, a copy removed' '
	lic="Permission is hereby granted, free of charge, to any person obtaining a copy of this software, to deal in the software without restriction. The above notice shall be included in all copies. The software is provided as is, without warranty of any kind." &&
	a="vendor.c cachecontrol.c distro.c msgpack.c requests.c tenacity.c certifi.c chardet.c colorama.c idna.c webencodings.c rich.c pygments.c urllib3.c truststore.c" &&
	b="format.c chrono.c color.c compile.c core.c ostream.c printf.c ranges.c std.c xchar.c args.c posix.c zverovich.c remotion.c dreik.c" &&
	printf "%s\t%s\n" pip "Files: $a\nLicense: Expat\n$lic" fmt "Files: $b\nLicense: Expat\n$lic" \
		pip.new "Files: $a packaging.c\nLicense: Expat\n$lic" >lic.tsv &&
	dkdedup -v --idf 0:1 --dense 0 tsv lic.tsv lic.out 2>err &&
	printf "pip\tfmt\t1.000000\npip\tpip.new\t1.000000\nfmt\tpip.new\t1.000000\n" >expect &&
	test_cmp expect lic.out.pairs &&
	grep "^dkcluster: --own-words 3: 0 pairs ignored, " err &&
	grep "^dkcluster: --word-sim 0.55: 2 pairs ignored, their sets of words less alike\$" err &&
	printf "pip\nfmt\n" >expect && test_cmp expect lic.out.keep &&
	cut -f 1-4 lic.out.removed >actual &&
	printf "pip.new\tpip\t1.000000\tpip\n" >expect && test_cmp expect actual &&
	echo "dkdedup: 3 documents, 2 kept, 1 removed (0 exact copies, 1 near copy: see lic.out.removed), 0 too short to judge (kept), 2 pairs of pages about different things set apart (--own-words, --word-sim)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	test_must_be_empty lic.out.contained &&
	dkdedup --word-sim 0 --idf 0:1 --dense 0 tsv lic.tsv lic0.out 2>err &&
	printf "pip\n" >expect && test_cmp expect lic0.out.keep &&
	dkdedup --own-words 0 --idf 0:1 --dense 0 tsv lic.tsv licw.out 2>err &&
	test_cmp lic.out.keep licw.out.keep &&
	tail -n 1 err | grep ", 2 pairs of pages about different things set apart (--word-sim)\$" &&
	dkdedup --prose --idf 0:1 --dense 0 tsv lic.tsv licp.out 2>err &&
	printf "pip.new\n" >expect && test_cmp expect licp.out.keep &&
	test_expect_code 2 dkdedup --prose --word-sim 0.5 tsv lic.tsv licx.out 2>err &&
	grep "^dkdedup: --word-sim 0.5: the bar is for pairs by Jaccard similarity, and --prose adds pairs by containment" err &&
	test_expect_code 2 dkdedup --contain 0.8 --word-sim 0.5 tsv lic.tsv licx.out 2>err &&
	grep "^dkdedup: --word-sim 0.5: .* and --contain adds pairs by containment" err &&
	dkdedup --contain 0 --word-sim 0.55 tsv lic.tsv licx.out 2>err &&
	test_cmp lic.out.keep licx.out.keep &&
	test_expect_code 2 dkdedup --word-sim 2 tsv lic.tsv licy.out 2>err &&
	grep "^dkdedup: --word-sim" err && ! test -e licy.out
'

# A story in five near copies (a phrase of their own added to each) and
# four pages of one site, a template phrase of three signatures and ten
# of their own: N = 9, so the IDF cut drops the signatures of more than 3
# documents, the story's and the template's.  --agree (the defaults) gives
# the story's back, whose copies agree elsewhere; the pages' stay apart.
test_expect_success 'the IDF cut with --agree: a story copied many times is removed, a template kept apart' '
	awk "BEGIN { s = \"the story1 went1\"; for (j = 2; j <= 10; j++) s = s \" the story\" j \" went\" j;
		for (i = 1; i <= 5; i++) printf \"s%d\t%s and the extra%d word%d\n\", i, s, i, i;
		for (i = 1; i <= 4; i++) { t = \"the site menu top the site search box the site footer links\";
			for (j = 1; j <= 10; j++) t = t \" the p\" i \"a\" j \" p\" i \"b\" j; printf \"p%d\t%s\n\", i, t } }" >feed.tsv &&
	dkdedup tsv feed.tsv feed.out 2>err &&
	printf "s1\ns2\ns3\ns4\ns5\np1\np2\np3\np4\n" >all &&
	printf "s1\np1\np2\np3\np4\n" >expect && test_cmp expect feed.out.keep &&
	for i in 2 3 4 5; do
		printf "s$i\ts1\t0.833333\ts1\tthe story1 went1 the story2 went2 the story3 went3 the...\n"
	done >expect && test_cmp expect feed.out.removed &&
	echo "dkdedup: 9 documents, 5 kept, 4 removed (0 exact copies, 4 near copies: see feed.out.removed), 0 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	dkdedup --agree 1 tsv feed.tsv feed1.out 2>err &&
	test_cmp all feed1.out.keep && test_must_be_empty feed1.out.pairs &&
	echo "dkdedup: 9 documents, 9 kept, 0 removed (0 exact copies, 0 near copies: see feed1.out.removed), 5 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	test_expect_code 2 dkdedup --agree 2 tsv feed.tsv feed2.out 2>err &&
	grep "^dkdedup: --agree is .2.: not in \[0, 1\]" err && ! test -e feed2.out
'

# A page, its French translation and a near copy of it (a sentence
# added): the translation shares no signature with the page (spot
# signatures are made of each language's own articles and words), the copy
# nearly all; in three documents the IDF cut drops what two hold, and
# --agree gives the page's and its copy's back, which agree elsewhere.
test_expect_success 'a translated page is kept, a near copy of the page removed' '
	EN="The program reads the documents of a corpus and writes the signatures of each document. The signatures are the words that follow the articles. A copy of a page is found by the signatures it shares with the page. The threshold is the least similarity of a copy." &&
	FR="Le programme lit les documents du corpus et écrit les signatures de chaque document. Les signatures sont les mots qui suivent les articles. La copie d une page est trouvée par les signatures qu elle partage avec la page. Le seuil est la moindre similarité d une copie." &&
	printf "en\t%s\nfr\t%s\nen2\t%s And the end.\n" "$EN" "$FR" "$EN" >tr.tsv &&
	dkdedup tsv tr.tsv tr.out 2>err &&
	printf "en\nfr\n" >expect && test_cmp expect tr.out.keep &&
	printf "en2\ten\t0.842105\ten\tThe program reads the documents of a corpus and writes the...\n" >expect &&
	test_cmp expect tr.out.removed &&
	echo "dkdedup: 3 documents, 2 kept, 1 removed (0 exact copies, 1 near copy: see tr.out.removed), 0 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual
'

# A page and its Japanese translation, which leaves one of the page's
# two paragraphs untranslated: the translation's spots come from that
# paragraph only, so it would be matched to the page on it (Jaccard, and
# --prose's containment, where --keep longest removed the page for its
# longer translation).  Most of its text is Japanese: spotsig marks it
# !short, and both are kept.
test_expect_success 'a translation that left a paragraph in English is kept, and so is the page' '
	EN="The program reads the documents of a corpus and writes the signatures of each document. The signatures are the words that follow the articles. A copy of a page is found by the signatures it shares with the page. The threshold is the least similarity of a copy." &&
	EN2="The options are listed in the manual of the program. Each option has a default that the installed file holds." &&
	JA="このプログラムはコーパスの文書を読み、各文書の署名を書き出します。署名は冠詞の後に続く単語です。ページのコピーは、そのページと共有する署名によって見つけられます。しきい値はコピーの最小の類似度です。長い説明がここに続きます。設定ファイルの書き方、入力の形式、出力の形式、そして使用例について、この章で詳しく述べます。" &&
	printf "en\t%s %s\nja\t%s\\\\n\\\\n%s\n" "$EN" "$EN2" "$JA" "$EN" >ja.tsv &&
	for o in "" --prose; do
		dkdedup $o tsv ja.tsv ja.out 2>err &&
		printf "en\nja\n" >expect && test_cmp expect ja.out.keep &&
		test_must_be_empty ja.out.pairs &&
		echo "dkdedup: 2 documents, 2 kept, 0 removed (0 exact copies, 0 near copies: see ja.out.removed), 1 too short to judge (kept)" >expect &&
		tail -n 1 err >actual && test_cmp expect actual || return 1
	done
'

# A message, a reply that quotes it whole with a paragraph of its own (9
# signatures), and the reply delivered again by another list: by default
# (--quoted skip) the quotation is no evidence, the reply kept and its
# delivery removed; with --quoted keep the reply is 0.65 like the message
# and both deliveries go.
test_expect_success 'mail: a reply is kept, not a copy of the message it quotes; its delivery is removed' '
	P="The parcel arrived at the depot on a rainy morning and the driver signed the form before the clerk could find the ledger, so the manager wrote a note about the delay and the missing stamp. The porter carried the box to the van, the guard locked the gate of the yard, and the cook made a pot of tea for the crew." &&
	R="The committee will meet in the library next week, and the chair has asked for a draft of the budget and a list of the volunteers." &&
	printf "m\tFrom: Ann\\\\nTo: devel\\\\n\\\\n%s\\\\n\n" "$P" >mail.tsv &&
	printf "r\tFrom: Bob\\\\nTo: devel\\\\n\\\\nAnn wrote:\\\\n> %s\\\\n\\\\n%s\\\\n\n" "$P" "$R" >>mail.tsv &&
	printf "r2\tFrom: Bob\\\\nTo: users\\\\n\\\\nAnn wrote:\\\\n> %s\\\\n\\\\n%s\\\\n\\\\nUnsubscribe: write to users-request.\\\\n\n" "$P" "$R" >>mail.tsv &&
	dkdedup tsv mail.tsv mail.out 2>err &&
	printf "m\nr\n" >expect && test_cmp expect mail.out.keep &&
	printf "r\tr2\t0.800000\n" >expect && test_cmp expect mail.out.pairs &&
	dkdedup --quoted keep tsv mail.tsv keep.out 2>err &&
	printf "m\n" >expect && test_cmp expect keep.out.keep &&
	printf "m\tr\t0.645161\nm\tr2\t0.645161\nr\tr2\t0.935484\n" >expect &&
	test_cmp expect keep.out.pairs &&
	test_expect_code 2 dkdedup --quoted no tsv mail.tsv bad.out 2>err &&
	grep "^dkdedup: --quoted is no: not keep or skip\$" err && ! test -e bad.out
'

# Pages of an API reference: identifiers, hardly an article, so too few
# spot signatures; by default (DK_DENSE 8) they are judged on their word
# chains, runs of 4 words (spotsig --dense, DK_DENSE_WORDS), with --dense 0
# kept as too short to judge.  Two releases of one page (40 members; the
# footers name other versions of doxygen) are a copy; two sibling pages of
# one template (60 members, a type name after the 10th, 30th and 50th:
# bool on one, gint16 on the other) are not: their runs of 4 match at
# 0.62, below the bar of chains (DK_DENSE_TAU 0.85; without it they are a
# copy), and every run of 24 words holds the type name; seven
# pages alike only in the template (its chains are in all of them, cut by
# --idf) are too short to judge and kept, apart; two stories with enough
# spot signatures are judged on them as with --dense 0.
test_expect_success 'short pages judged on runs of 4 words held to 0.85: two releases of a page matched, siblings and a template not' '
	T="Main Page Related Pages Modules Namespaces Classes Files Class List Class Hierarchy Class Members Generated by doxygen" &&
	M=$(seq -f "member%02g" 1 40 | tr "\n" " ") &&
	sib() { seq -f "m%02g" 1 60 | sed -e "10s/\$/ $1/" -e "30s/\$/ $1/" -e "50s/\$/ $1/" | tr "\n" " "; } &&
	{
		printf "old-A\tglibmm Glib Variant Class Reference %s%s 1.9.4\n" "$M" "$T" &&
		printf "new-A\tglibmm Glib Variant Class Reference %s%s 1.9.8\n" "$M" "$T" &&
		printf "old-bool\tglibmm Glib Variant bool Class Reference %s%s\n" "$(sib bool)" "$T" &&
		printf "old-gint16\tglibmm Glib Variant gint16 Class Reference %s%s\n" "$(sib gint16)" "$T" &&
		for p in Icon Emblem Regex Timer Date Socket File; do
			printf "p-$p\tglibmm Gio $p Class Reference start stop $p %s\n" "$T" || return 1
		done &&
		printf "s1\t%s and the queen of the land and the end of the tale\n" "$A" &&
		printf "s2\t%s and the queen of the land and the end of the story\n" "$A"
	} >api.tsv &&
	dkdedup tsv api.tsv api.out 2>err &&
	printf "old-A\tnew-A\t0.959184\ns1\ts2\t0.800000\n" >expect &&
	test_cmp expect api.out.pairs &&
	spotsig --idf 0.5:1 --agree 0.5 -m 8 --dense 8 --dense-words 4 api.tsv |
		spotmatch -t 0.6 --min-shared 8 >pairs4 &&
	printf "old-A\tnew-A\t0.959184\nold-bool\told-gint16\t0.623529\ns1\ts2\t0.800000\n" >expect &&
	test_cmp expect pairs4 &&
	dkdedup --dense-tau 0 tsv api.tsv api4.out 2>/dev/null &&
	test_cmp expect api4.out.pairs &&
	dkdedup --dense-words 24 --dense-tau 0 tsv api.tsv api24.out 2>/dev/null &&
	printf "old-A\tnew-A\t0.952381\ns1\ts2\t0.800000\n" >expect &&
	test_cmp expect api24.out.pairs &&
	grep -v -e "^new-A" -e "^s2" api.tsv >expect && test_cmp expect api.out &&
	echo "dkdedup: 13 documents, 11 kept, 2 removed (0 exact copies, 2 near copies: see api.out.removed), 7 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual &&
	dkdedup --dense 0 tsv api.tsv api0.out 2>err &&
	printf "s1\ts2\t0.800000\n" >expect && test_cmp expect api0.out.pairs &&
	echo "dkdedup: 13 documents, 12 kept, 1 removed (0 exact copies, 1 near copy: see api0.out.removed), 11 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual
'

test_expect_success 'dkdedup gives --dense-words to spotsig, --dense-tau to both spotmatch passes; 0 is no bar' '
	dkdedup -v --contain 0.9 tsv api.tsv v.out 2>err &&
	grep "^dkdedup: spotsig .* --dense 8 --dense-words 4 api.tsv " err &&
	test $(grep -c "^dkdedup: spotmatch .* --dense-tau 0.85 " err) = 2 &&
	grep "^dkdedup: spotmatch -v -t 0.6 --min-distinct 8 --dense-tau 0.85 " err &&
	grep "^spotmatch: .*, 1 pairs below --dense-tau dropped, 0 pairs below --min-distinct dropped, 2 pairs\$" err &&
	dkdedup -v --dense-words 5 --dense-tau 0 --contain 0.9 tsv api.tsv v0.out 2>err &&
	grep "^dkdedup: spotsig .* --dense-words 5 api.tsv " err &&
	! grep "^dkdedup: spotmatch .*--dense-tau" err &&
	expect_error 2 "^dkdedup: --dense-tau is .1.5.: not in \\[0, 1\\]" \
		dkdedup --dense-tau 1.5 tsv api.tsv bad.out &&
	expect_error 2 "^dkdedup: --dense-words is .0.: not in \\[1, 64\\]" \
		dkdedup --dense-words 0 tsv api.tsv bad.out &&
	! test -e bad.out
'

test_expect_success 'exact copies too short to judge are removed; their first stays, counted' '
	printf "a\thello world\nb\thello world\nc\tgood night\n" >short.tsv &&
	dkdedup tsv short.tsv short.out 2>err &&
	printf "a\thello world\nc\tgood night\n" >expect && test_cmp expect short.out &&
	printf "a\tb\t1.000000\n" >expect && test_cmp expect short.out.pairs &&
	echo "dkdedup: 3 documents, 2 kept, 1 removed (1 exact copy, 0 near copies: see short.out.removed), 2 too short to judge (kept)" >expect &&
	tail -n 1 err >actual && test_cmp expect actual
'

test_expect_success 'a stage that fails (spotsig: a bad escape): status 2, no OUT, the stage named' '
	printf "a\t%s\nb\tC:\\\\Users\\\\me %s\nc\t%s\n" "$A" "$A" "$C" >esc.tsv &&
	snapshot >before &&
	expect_error 2 "^dkdedup: spotsig failed (exit status 2)" dkdedup tsv esc.tsv esc.out &&
	cat >expect <<-\EOF &&
	spotsig: esc.tsv:2: invalid escape (only \\ \t \n \r are allowed)
	dkdedup: spotsig failed (exit status 2)
	dkdedup: esc.out: not written
	EOF
	test_cmp expect err &&
	nothing_left
'

# The policy of dupkit-formats(5): a record over --max-record, or a page
# that is not one, is skipped, named, the rest done, status 1; keep -o
# writes OUT without it, and so does dkdedup (its stages tell skipped
# records from a failure by the status DK_STAGE asks of them).
test_expect_success 'a record over --max-record: skipped by every stage, named, OUT written without it, status 1' '
	printf "a\t%s\nb\t%s\nl\t%s %s %s\nc\t%s\n" "$A" "$A" "$C" "$C" "$C" "$C" >long.tsv &&
	test_expect_code 1 dkdedup $BARE --max-record 200 tsv long.tsv long.out 2>err &&
	printf "a\t%s\nc\t%s\n" "$A" "$C" >expect && test_cmp expect long.out &&
	printf "a\nc\n" >expect && test_cmp expect long.out.keep &&
	for p in spotsig dkcluster keep; do
		grep "^$p: long.tsv:3: record longer than 200 bytes skipped (see --max-record)\$" err || return 1
	done &&
	tail -n 1 err >last &&
	echo "dkdedup: long.out: written without the records skipped above" >expect &&
	test_cmp expect last &&
	! grep "failed\|not written" err
'

test_expect_success 'warc: a PDF response given as HTML is not a page: skipped, named, OUT without it, status 1' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n" >pdf &&
	dk_warc_record response http://x/pdf urn:uuid:pdf $D "$H" pdf >rpdf &&
	cat r1 rpdf r2 r3 >pdf.warc &&
	test_expect_code 1 dkdedup $BARE warc pdf.warc pdf.out 2>err &&
	cat r1 r3 >expect && test_cmp expect pdf.out &&
	grep "^htmlstrip: pdf.warc: offset $(wc -c <r1) (urn:uuid:pdf): not an HTML page (PDF document): skipped\$" err &&
	tail -n 1 err >last &&
	echo "dkdedup: pdf.out: written without the records skipped above" >expect &&
	test_cmp expect last
'

test_expect_success 'a record skipped, then a stage that fails: status 2, no OUT' '
	printf "a\t%s\nl\t%s %s %s\nb\tC:\\\\Users %s\n" "$A" "$C" "$C" "$C" "$A" >both.tsv &&
	snapshot >before &&
	expect_error 2 "^dkdedup: spotsig failed (exit status 2)" dkdedup --max-record 200 tsv both.tsv both.out &&
	grep "^spotsig: both.tsv:2: record longer than 200 bytes skipped" err &&
	grep "^dkdedup: both.out: not written" err &&
	nothing_left
'

test_expect_success 'a failed stage leaves an earlier OUT as it was' '
	echo old >old.out && echo old >old.out.keep && echo old >old.out.pairs &&
	test_must_fail dkdedup tsv esc.tsv old.out 2>err &&
	echo old >expect &&
	test_cmp expect old.out && test_cmp expect old.out.keep && test_cmp expect old.out.pairs
'

# A stage is found beside dkdedup before PATH: fake ones show what
# dkdedup does when a stage fails or the job is stopped.
test_expect_success 'setup: dkdedup beside fake stages' '
	mkdir fail term &&
	cp "$DK_BIN/dkdedup" fail/ && cp "$DK_BIN/dkdedup" term/ &&
	printf "#!/bin/sh\necho \"spotmatch: fake failure\" >&2\nexit 4\n" >fail/spotmatch &&
	printf "#!/bin/sh\nkill -TERM \$PPID\nexec sleep 30\n" >term/dkcluster &&
	chmod +x fail/spotmatch term/dkcluster &&
	awk -v a="$A" "BEGIN { for (i = 0; i < 20000; i++) print \"d\" i \"\t\" a \" \" i }" >big.tsv
'

test_expect_success 'a stage that fails after another wrote to it: only it is named' '
	snapshot >before &&
	expect_error 1 "^dkdedup: spotmatch failed (exit status 4)" fail/dkdedup tsv big.tsv big.out &&
	printf "spotmatch: fake failure\ndkdedup: spotmatch failed (exit status 4)\ndkdedup: big.out: not written\n" >expect &&
	test_cmp expect err &&
	nothing_left
'

test_expect_success 'SIGTERM: the job stopped by the signal, the temporaries removed' '
	snapshot >before &&
	{ term/dkdedup tsv docs.tsv term.out 2>err; echo $? >status; } &&
	echo 143 >expect && test_cmp expect status &&
	nothing_left
'

test_expect_success 'a missing stage: status 1, named' '
	mkdir -p alone && cp "$DK_BIN/dkdedup" alone/ &&
	snapshot >before &&
	{ PATH=/nonexistent alone/dkdedup jsonl docs.jsonl none.out 2>err; echo $? >status; } &&
	echo 1 >expect && test_cmp expect status &&
	grep "^dkdedup: cannot run spotsig: No such file or directory" err &&
	nothing_left
'

test_expect_success 'an unreadable IN: status 1, nothing written' '
	snapshot >before &&
	expect_error 1 "^dkdedup: no-such.tsv: No such file or directory" dkdedup tsv no-such.tsv x.out &&
	mkdir -p dir &&
	snapshot >before &&
	expect_error 1 "^dkdedup: dir: Is a directory" dkdedup tsv dir x.out &&
	expect_error 1 "^dkdedup: /dev/null: not a regular file (IN is read more than once)" \
		dkdedup tsv /dev/null x.out &&
	nothing_left
'

test_expect_success 'OUT in a directory that does not exist: status 1' '
	expect_error 1 "^dkdedup: no-dir/out.tsv: cannot make a temporary directory beside it: No such file or directory" \
		dkdedup tsv docs.tsv no-dir/out.tsv &&
	! test -e no-dir
'

test_expect_success 'OUT a directory: status 1' '
	expect_error 1 "^dkdedup: dir: Is a directory" dkdedup tsv docs.tsv dir
'

test_expect_success 'a bad format word, or operands missing: status 2, usage' '
	expect_error 2 "^dkdedup: the format is csv: not tsv, jsonl or warc" dkdedup csv docs.tsv x.out &&
	expect_error 2 "^usage: dkdedup" dkdedup tsv docs.tsv &&
	expect_error 2 "^usage: dkdedup" dkdedup tsv docs.tsv a b &&
	! test -e x.out
'

test_done

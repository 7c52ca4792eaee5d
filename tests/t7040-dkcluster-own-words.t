#!/bin/sh
test_description='dkcluster --own-words: pairs of documents about different
things (each names its own subject in the same place) are ignored; and
--word-sim: pairs whose sets of words are less alike'
. "$(dirname "$0")/lib.sh"

# sin and cos: one template, each page naming its function 3 times;
# sin.cut: sin truncated; sin.ed: sin with a word changed
test_expect_success 'setup' '
	printf "%s\t%s\n" \
		sin "sin(3) NAME sin, sinf - sine function. SYNOPSIS double sin(double x); RETURN VALUE the sine of x. SEE ALSO sinh" \
		cos "cos(3) NAME cos, cosf - cosine function. SYNOPSIS double cos(double x); RETURN VALUE the cosine of x. SEE ALSO cosh" \
		sin.cut "sin(3) NAME sin, sinf - sine function. SYNOPSIS double sin(double x);" \
		sin.ed "sin(3) NAME sin, sinf - sine function. SYNOPSIS double sin(double y); RETURN VALUE the sine of y. SEE ALSO sinh" \
		>docs &&
	printf "sin\tcos\t0.8\nsin\tsin.cut\t0.7\nsin.ed\tsin\t0.9\ncos\tsin.ed\t0.75\n" >pairs
'

test_expect_success 'without it, one star' '
	dkcluster -a docs pairs >actual &&
	printf "sin\tsin\ncos\tsin\nsin.cut\tsin\nsin.ed\tsin\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'with it, cos is apart: the copies of sin stay with sin' '
	dkcluster -v -a docs --own-words 3 pairs >actual 2>err &&
	printf "sin\tsin\nsin.cut\tsin\nsin.ed\tsin\ncos\tcos\n" >expect &&
	test_cmp expect actual &&
	grep "^dkcluster: 4 pairs read, 2 used, 0 self, 0 below --min-sim; 4 IDs in 2 clusters by star" err &&
	grep "^dkcluster: --own-words 3: 2 pairs ignored, 2 with each document naming its own subject in the same place, 0 with a name renamed, 0 with a run of words put in (profiles of 4 documents, " err
'

# -v counts the pairs of each part of the rule: sin and cos name their
# subjects in the same place; is_array and is_const a name renamed (const
# is a word of both); limits of signed char and of char a word put in
# (signed is a word of both).
test_expect_success '-v: the pairs ignored by each part of the rule' '
	printf "%s\t%s\n" \
		arr "std is array typename page name std is array typename end; struct std is array typename done, const" \
		con "std is const typename page name std is const typename end; struct std is const typename done" \
		sch "the page of limits signed char struct; static constexpr signed char min; static constexpr signed char max; the end of it" \
		chr "the page of limits char struct; static constexpr char min; static constexpr char max; bool is signed; the end of it" \
		>parts &&
	{ cat pairs && printf "arr\tcon\t0.9\nsch\tchr\t0.9\n"; } >parts.pairs &&
	cat docs parts | dkcluster -v -a - --own-words 3 parts.pairs >actual 2>err &&
	grep "^dkcluster: --own-words 3: 4 pairs ignored, 2 with each document naming its own subject in the same place, 1 with a name renamed, 1 with a run of words put in (" err &&
	printf "sin\tsin\nsin.cut\tsin\nsin.ed\tsin\ncos\tcos\narr\tarr\ncon\tcon\nsch\tsch\nchr\tchr\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a file is read again for the documents in a pair only; a pipe once, all' '
	{ cat docs && printf "alone\tnever in a pair\n"; } >docs5 &&
	dkcluster -v -a docs5 --own-words 3 pairs >file.out 2>err &&
	grep "(profiles of 4 documents, " err &&
	cat docs5 | dkcluster -v -a - --own-words 3 pairs >pipe.out 2>err &&
	grep "(profiles of 5 documents, " err &&
	test_cmp file.out pipe.out &&
	printf "sin\tsin\nsin.cut\tsin\nsin.ed\tsin\ncos\tcos\nalone\talone\n" >expect &&
	test_cmp expect file.out
'

# The pairs fill the pipe (more than 64 KB) before the file is changed:
# dkcluster reads them only once it has read -a the first time.
test_expect_success 'a file changed between its two readings: an error, no output' '
	cp docs docs.changing &&
	for i in $(seq 3000); do cat pairs; done >many &&
	test $(wc -c <many) -gt 150000 &&
	{ cat many && sed -i "/^cos\t/d" docs.changing; } |
		test_expect_code 1 dkcluster -a docs.changing --own-words 3 - >out 2>err &&
	test_must_be_empty out &&
	grep "^dkcluster: docs.changing: changed while read (--own-words reads it twice): an ID of its first reading is not in its second\$" err
'

test_expect_success '--apart: the pairs ignored, as read; needs --own-words' '
	dkcluster -a docs --own-words 3 --apart apart pairs >/dev/null &&
	printf "sin\tcos\t0.800000\ncos\tsin.ed\t0.750000\n" >expect &&
	test_cmp expect apart &&
	cut -f 1,2 pairs >nosim &&
	dkcluster -a docs --own-words 3 --apart apart nosim >/dev/null &&
	printf "sin\tcos\ncos\tsin.ed\n" >expect &&
	test_cmp expect apart &&
	test_expect_code 2 dkcluster -a docs --apart apart pairs 2>err &&
	grep "^dkcluster: --apart writes the pairs --own-words or --word-sim ignores: it needs --own-words K (K > 0) or --word-sim S (S > 0)\$" err &&
	test_expect_code 1 dkcluster -a docs --own-words 3 --apart /nonexistent/dir/apart pairs 2>err &&
	grep "^dkcluster: /nonexistent/dir/apart: " err
'

test_expect_success 'documents without text, first or not: profiled, never apart' '
	printf "e\t\nsin\tsin sin sin\nf\t\n" >empty &&
	printf "e\tsin\t0.5\nf\te\t0.5\n" >ep &&
	dkcluster -a empty --own-words 3 ep >actual &&
	cat empty | dkcluster -a - --own-words 3 ep >piped &&
	printf "e\te\nsin\te\nf\te\n" >expect &&
	test_cmp expect actual && test_cmp expect piped
'

test_expect_success 'the keep list and the report' '
	dkcluster -a docs --own-words 3 --representatives --removed removed pairs >keep &&
	printf "sin\ncos\n" >expect &&
	test_cmp expect keep &&
	cut -f 1-4 removed >actual &&
	printf "sin.cut\tsin\t0.700000\tsin\nsin.ed\tsin\t0.900000\tsin\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'k: a name used fewer times is no evidence; 0 is no rule, as dkdedup has it' '
	dkcluster -a docs --own-words 4 pairs >actual &&
	printf "sin\tsin\ncos\tsin\nsin.cut\tsin\nsin.ed\tsin\n" >expect &&
	test_cmp expect actual &&
	dkcluster -a docs --own-words 0 pairs >actual &&
	test_cmp expect actual &&
	cut -f 1 docs >ids0 &&
	dkcluster -a ids0 --own-words 0 pairs >actual &&
	test_cmp expect actual
'

test_expect_success 'the text is the last column, unescaped; JSON Lines with --json' '
	printf "%s\t2026-11-29\t%s\n" \
		a "NAME zeta\\\\nzeta\\\\nzeta" \
		b "NAME nzeta nzeta nzeta eta eta eta" >carried &&
	printf "a\tb\t0.9\n" >p2 &&
	dkcluster -a carried --own-words 3 p2 >actual &&
	printf "a\ta\nb\ta\n" >expect &&
	test_cmp expect actual &&
	printf "%s\t%s\n" a "NAME zeta\\nzeta\\nzeta" b "NAME nzeta nzeta nzeta eta eta eta" >escaped &&
	dkcluster -a escaped --own-words 3 p2 >actual &&
	printf "a\ta\nb\tb\n" >expect &&
	test_cmp expect actual &&
	printf "{\"n\":\"a\",\"t\":\"NAME zeta\\\\nzeta\\\\nzeta\"}\n{\"n\":\"b\",\"t\":\"NAME nzeta nzeta nzeta eta eta eta\"}\n" >docs.jsonl &&
	dkcluster -a docs.jsonl --json n,t --own-words 3 p2 >actual &&
	test_cmp expect actual
'

test_expect_success 'no text, no rule: an ID list, a signature stream, no -a' '
	cut -f 1 docs >ids &&
	test_expect_code 2 dkcluster -a ids --own-words 3 pairs >out 2>err &&
	test_must_be_empty out &&
	grep "^dkcluster: ids:1: --own-words needs the documents. text in -a (a document stream, or a JSON Lines corpus with --json), not an ID list or a signature stream\$" err &&
	qgram docs >sigs &&
	test_expect_code 2 dkcluster -a sigs --own-words 3 pairs 2>err &&
	grep "^dkcluster: sigs:1: --own-words needs" err &&
	test_expect_code 2 dkcluster --own-words 3 pairs 2>err &&
	grep "^dkcluster: --own-words needs -a FILE, the documents. text\$" err &&
	test_expect_code 2 dkcluster -a docs --own-words -1 pairs 2>err &&
	grep "^dkcluster: --own-words" err
'

# a and b: one licence text (9 words) after lists of different files (6
# words, "files" shared): 10 words of 20 shared, 0.5.  a.ed: a with one
# file renamed, 14 of 16, 0.875.  No word is used 3 times: no own words.
test_expect_success '--word-sim: a pair whose sets of words are less alike is ignored; at S, not' '
	lic="permission granted use copy modify merge publish distribute software" &&
	printf "%s\t%s\n" a "files alpha bravo charlie delta echo. $lic" \
		b "files foxtrot golf hotel india juliet. $lic" \
		a.ed "files alpha bravo charlie delta kilo. $lic" >lic &&
	printf "a\tb\t1\na\ta.ed\t0.9\n" >licpairs &&
	dkcluster -v -a lic --word-sim 0.55 --apart apart licpairs >actual 2>err &&
	printf "a\ta\na.ed\ta\nb\tb\n" >expect &&
	test_cmp expect actual &&
	grep "^dkcluster: --word-sim 0.55: 1 pairs ignored, their sets of words less alike\$" err &&
	! grep -e "--own-words" err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect apart &&
	dkcluster -a lic --word-sim 0.5 licpairs >actual &&
	printf "a\ta\nb\ta\na.ed\ta\n" >expect &&
	test_cmp expect actual &&
	dkcluster -a lic --word-sim 0.875 licpairs >actual &&
	printf "a\ta\na.ed\ta\nb\tb\n" >expect &&
	test_cmp expect actual &&
	dkcluster -a lic --word-sim 0.876 licpairs >actual &&
	printf "a\ta\nb\tb\na.ed\ta.ed\n" >expect &&
	test_cmp expect actual
'

# sin.cut holds 7 of sin's 14 words, 0.5: a pair by Jaccard that far
# apart in words is no copy (a cut copy is containment's, which the bar
# is not for)
test_expect_success '--word-sim with --own-words: each counts the pairs it ignored first' '
	cat docs lic >both &&
	cat pairs licpairs >bothpairs &&
	dkcluster -v -a both --own-words 3 --word-sim 0.55 bothpairs >actual 2>err &&
	grep "^dkcluster: --own-words 3: 2 pairs ignored, " err &&
	grep "^dkcluster: --word-sim 0.55: 2 pairs ignored, " err &&
	printf "sin\tsin\nsin.ed\tsin\ncos\tcos\nsin.cut\tsin.cut\na\ta\na.ed\ta\nb\tb\n" >expect &&
	test_cmp expect actual &&
	dkcluster -a both --own-words 3 --word-sim 0.5 bothpairs >actual &&
	printf "sin\tsin\nsin.cut\tsin\nsin.ed\tsin\ncos\tcos\na\ta\nb\ta\na.ed\ta\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--word-sim needs the text; 0 is no bar; S in [0, 1]' '
	cut -f 1 lic >licids &&
	test_expect_code 2 dkcluster -a licids --word-sim 0.55 licpairs >out 2>err &&
	test_must_be_empty out &&
	grep "^dkcluster: licids:1: --word-sim needs the documents. text in -a (a document stream, or a JSON Lines corpus with --json), not an ID list or a signature stream\$" err &&
	test_expect_code 2 dkcluster --word-sim 0.55 licpairs 2>err &&
	grep "^dkcluster: --word-sim needs -a FILE, the documents. text\$" err &&
	dkcluster -a licids --word-sim 0 licpairs >actual &&
	printf "a\ta\nb\ta\na.ed\ta\n" >expect &&
	test_cmp expect actual &&
	test_expect_code 2 dkcluster -a lic --word-sim 1.5 licpairs 2>err &&
	grep "^dkcluster: --word-sim" err &&
	test_expect_code 2 dkcluster -a lic --word-sim x licpairs 2>err &&
	grep "^dkcluster: --word-sim" err
'

test_done

#!/bin/sh
test_description='imatch: exact fingerprints, rejection, input kinds, options, errors'
. "$(dirname "$0")/lib.sh"

# N = 1000: DF 30 gives IDF 0.51 (in the default range [0.4, 0.75]),
# DF 500 gives 0.10 and DF 900 0.015 (below it), DF 2 gives 0.90 (above it).
test_expect_success 'setup' '
	printf "!N\t1000\n" >lex &&
	for w in alpha bravo charlie delta echo foxtrot golf hotel; do
		printf "%s\t30\n" $w >>lex || return 1
	done &&
	printf "the\t900\nand\t500\nrare\t2\n" >>lex
'

# fp WORD...: the expected SHA-1, computed by sha1sum over the sorted words
# each followed by LF.
fp() {
	printf "%s\n" "$@" | LC_ALL=C sort | sha1sum | cut -c1-40
}

# nopar: the keys without their <ipar>, whose text the tests of it check.
nopar() {
	sed "s|^\(F[0-9]*/[0-9]*\)/[^:]*:|\1:|"
}

test_expect_success 'one fingerprint of the sorted distinct lexicon terms' '
	printf "d1\tEcho alpha the bravo, Charlie delta alpha rare zulu\n" >in &&
	imatch -L lex in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo charlie delta echo)" >expect &&
	test_cmp expect actual
'

test_expect_success 'carried columns are copied, order and repetition do not matter' '
	printf "a\tx\ty\tdelta echo alpha charlie bravo\nb\tbravo bravo charlie ALPHA delta echo echo\n" >in &&
	imatch -L lex in >raw && nopar <raw >actual &&
	h=$(fp alpha bravo charlie delta echo) &&
	printf "F00/1:%s\ta\tx\ty\t\nF00/1:%s\tb\t\n" $h $h >expect &&
	test_cmp expect actual
'

test_expect_success 'too few terms: one R record, nothing lost' '
	printf "d1\talpha bravo charlie delta the and rare\nd2\t\nd3\talpha bravo charlie delta golf\n" >in &&
	imatch -L lex in >raw && nopar <raw >actual &&
	printf "R\td1\t\nR\td2\t\nF00/1:%s\td3\t\n" "$(fp alpha bravo charlie delta golf)" >expect &&
	test_cmp expect actual
'

test_expect_success '-m sets the minimum' '
	printf "d1\talpha bravo\n" >in &&
	imatch -L lex -m 2 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -m 3 in >raw && nopar <raw >actual &&
	printf "R\td1\t\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-i selects the IDF range' '
	printf "d1\talpha bravo the and rare\n" >in &&
	imatch -L lex -m 2 -i 0:0.2 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp and the)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -m 5 -i 0:1 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha and bravo rare the)" >expect &&
	test_cmp expect actual
'

test_expect_success '-x fills up with lower-IDF terms, most common first' '
	printf "d1\talpha bravo charlie and the rare\nd2\talpha bravo and\n" >in &&
	imatch -L lex -x in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\nR\td2\t\n" "$(fp alpha bravo charlie the and)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -x -m 4 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\nR\td2\t\n" "$(fp alpha bravo charlie the)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -x -m 3 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\nF00/1:%s\td2\t\n" \
		"$(fp alpha bravo charlie)" "$(fp alpha bravo and)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -m 3 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\nR\td2\t\n" "$(fp alpha bravo charlie)" >expect &&
	test_cmp expect actual
'

test_expect_success '-k drops short words and words with several digits' '
	printf "!N\t1000\nabc\t30\nabcd\t30\nab1d\t30\na12d\t30\nwxyz\t30\nstuv\t30\nnopq\t30\nÿçéà\t30\n" >klex &&
	printf "d1\tabc abcd ab1d a12d wxyz stuv nopq\n" >in &&
	imatch -L klex in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp a12d ab1d abc abcd nopq stuv wxyz)" >expect &&
	test_cmp expect actual &&
	imatch -L klex -k in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp ab1d abcd nopq stuv wxyz)" >expect &&
	test_cmp expect actual &&
	imatch -L klex -k -m 6 in >raw && nopar <raw >actual &&
	printf "R\td1\t\n" >expect &&
	test_cmp expect actual &&
	printf "d1\tabcd ab1d ÿçéà stuv nopq\n" >in &&
	imatch -L klex -k in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp ab1d abcd nopq stuv ÿçéà)" >expect &&
	test_cmp expect actual
'

test_expect_success 'escaped text is unescaped before tokenizing' '
	printf "d1\talpha\\\\tbravo\\\\ncharlie\\\\\\\\delta echo\n" >in &&
	imatch -L lex in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo charlie delta echo)" >expect &&
	test_cmp expect actual
'

test_expect_success 'signature stream: detected, terms are the distinct signatures' '
	printf "!N\t1000\nthe:cat\t30\na:dog\t30\nis%%3Dx\t30\nsp%%20ace\t30\nplain\t30\nthe\t900\n" >slex &&
	printf "s1\tthe:cat=2 a:dog=1 is%%3Dx=1 sp%%20ace=3 plain=1 the=4 other=1\n" >in &&
	imatch -L slex in >raw && nopar <raw >actual &&
	printf "F00/1:%s\ts1\tthe:cat=2 a:dog=1 is%%3Dx=1 sp%%20ace=3 plain=1 the=4 other=1\n" \
		"$(fp "the:cat" "a:dog" "is%3Dx" "sp%20ace" plain)" >expect &&
	test_cmp expect actual
'

test_expect_success 'signature stream: flags are accepted, -S forces' '
	printf "s1\t!short the:cat=1 a:dog=1 is%%3Dx=1 sp%%20ace=1 plain=1\n" >in &&
	imatch -L slex -S in >raw && nopar <raw >actual &&
	printf "F00/1:%s\ts1\t!short the:cat=1 a:dog=1 is%%3Dx=1 sp%%20ace=1 plain=1\n" \
		"$(fp "the:cat" "a:dog" "is%3Dx" "sp%20ace" plain)" >expect &&
	test_cmp expect actual &&
	imatch -L slex --sigs in >raw && nopar <raw >actual2 &&
	test_cmp expect actual2
'

test_expect_success 'detection looks at the first record with a non-empty last field' '
	printf "e\t\ns1\tplain=1 the:cat=1 a:dog=1 is%%3Dx=1 sp%%20ace=1\ns2\tplain=1\n" >in &&
	imatch -L slex in >raw && nopar <raw >actual &&
	printf "R\te\t\nF00/1:%s\ts1\tplain=1 the:cat=1 a:dog=1 is%%3Dx=1 sp%%20ace=1\nR\ts2\tplain=1\n" \
		"$(fp "the:cat" "a:dog" "is%3Dx" "sp%20ace" plain)" >expect &&
	test_cmp expect actual
'

test_expect_success '-T reads SIG=COUNT-looking text as a document' '
	printf "d1\talpha=1 bravo=1 charlie=1 delta=1 echo=1\n" >in &&
	imatch -L lex -T in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo charlie delta echo)" >expect &&
	test_cmp expect actual &&
	imatch -L lex --text in >raw && nopar <raw >actual &&
	test_cmp expect actual &&
	imatch -L lex in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\talpha=1 bravo=1 charlie=1 delta=1 echo=1\n" \
		"$(fp alpha bravo charlie delta echo)" >expect &&
	test_cmp expect actual
'

test_expect_success 'a bad signature list after detection is an error' '
	printf "s1\tplain=1\ns2\tnot a list\n" >in &&
	expect_error 2 "imatch: in:2: " imatch -L slex in
'

test_expect_success '-K adds fingerprints F01.. with n = K + 1 in every key' '
	printf "d1\talpha bravo charlie delta echo foxtrot golf hotel\n" >in &&
	imatch -L lex -K 3 -m 1 in >raw && nopar <raw >actual &&
	cut -f1 actual | cut -d: -f1 >keys &&
	printf "F00/4\nF01/4\nF02/4\nF03/4\n" >expect &&
	test_cmp expect keys &&
	head -n 1 actual >first &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo charlie delta echo foxtrot golf hotel)" |
		sed "s|/1:|/4:|" >expect &&
	test_cmp expect first
'

# lexd TERM ROLE ...: the lexicon digest of an <ipar>, the first 16 digits
# of the SHA-1 of the kept terms in byte order, each "TERM<TAB>ROLE" and LF
# (ROLE p in the range, else its rank from the lowest IDF up, for -x).
lexd() {
	printf "%s\t%s\n" "$@" | LC_ALL=C sort | sha1sum | cut -c1-16
}

test_expect_success 'the keys carry the settings that made them (<ipar>): lexicon digest, -p and -s with -K, -m, -x, -k, --quoted skip' '
	printf "d1\talpha bravo charlie delta echo foxtrot golf hotel the and\n" >in &&
	d8=$(lexd alpha p bravo p charlie p delta p echo p \
		foxtrot p golf p hotel p) &&
	imatch -L lex in >actual &&
	printf "F00/1/l%sm5:%s\td1\t\n" $d8 "$(fp alpha bravo charlie delta echo foxtrot golf hotel)" >expect &&
	test_cmp expect actual &&
	imatch -L lex -K 2 -m 3 -k in | cut -f1 | cut -d: -f1 >actual &&
	printf "F00/3/l%sp0.33s1m3k\nF01/3/l%sp0.33s1m3k\nF02/3/l%sp0.33s1m3k\n" $d8 $d8 $d8 >expect &&
	test_cmp expect actual &&
	imatch -L lex -K 1 -p 0.5 -s 7 -m 4 --quoted skip in | cut -f1 | cut -d: -f1 >actual &&
	printf "F00/2/l%sp0.5s7m4q\nF01/2/l%sp0.5s7m4q\n" $d8 $d8 >expect &&
	test_cmp expect actual &&
	dx=$(lexd alpha p and 1 bravo p charlie p delta p echo p \
		foxtrot p golf p hotel p the 0) &&
	imatch -L lex -x in | cut -f1 | cut -d: -f1 >actual &&
	printf "F00/1/l%sm5x\n" $dx >expect &&
	test_cmp expect actual &&
	# another range keeping other terms, another digest; one keeping the same, the same
	imatch -L lex -i 0:1 in | cut -f1 | cut -d: -f1 | cut -c7-22 >actual &&
	test "$(cat actual)" != $d8 &&
	imatch -L lex -i 0.3:0.8 in | cut -f1 | cut -d: -f1 >actual &&
	printf "F00/1/l%sm5\n" $d8 >expect &&
	test_cmp expect actual
'

test_expect_success 'each extra lexicon drops round(FRAC * m) terms' '
	imatch -L lex -K 3 -m 1 -p 0.25 in >raw && nopar <raw >a25 &&
	imatch -L lex -K 3 -m 1 -p 0 in >raw && nopar <raw >a0 &&
	cut -f1 a0 | cut -d: -f2 | sort -u >h0 &&
	test $(wc -l <h0) = 1 &&
	# 8 primary terms, 2 dropped: the fingerprint is one of the 6-subsets
	for h in $(cut -f1 a25 | sed 1d | cut -d: -f2); do
		found=no &&
		for drop in "alpha bravo" "alpha charlie" "alpha delta" "alpha echo" \
		    "alpha foxtrot" "alpha golf" "alpha hotel" "bravo charlie" "bravo delta" \
		    "bravo echo" "bravo foxtrot" "bravo golf" "bravo hotel" "charlie delta" \
		    "charlie echo" "charlie foxtrot" "charlie golf" "charlie hotel" \
		    "delta echo" "delta foxtrot" "delta golf" "delta hotel" "echo foxtrot" \
		    "echo golf" "echo hotel" "foxtrot golf" "foxtrot hotel" "golf hotel"; do
			keep=$(for w in alpha bravo charlie delta echo foxtrot golf hotel; do
				case " $drop " in *" $w "*) ;; *) echo $w ;; esac; done) &&
			if test "$(fp $keep)" = "$h"; then found=yes; fi
		done &&
		test $found = yes || return 1
	done
'

test_expect_success 'several operands, - is standard input' '
	printf "d1\talpha bravo charlie delta echo\n" >in1 &&
	printf "d2\tbravo charlie delta echo foxtrot\n" >in2 &&
	imatch -L lex in1 - <in2 >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\nF00/1:%s\td2\t\n" "$(fp alpha bravo charlie delta echo)" \
		"$(fp bravo charlie delta echo foxtrot)" >expect &&
	test_cmp expect actual &&
	imatch -L lex <in1 >raw && nopar <raw >actual &&
	head -n 1 expect >expect1 &&
	test_cmp expect1 actual
'

test_expect_success 'an unreadable operand: warning, status 1, the others are done' '
	test_expect_code 1 imatch -L lex in1 missing in2 >raw 2>err &&
	nopar <raw >actual &&
	grep "imatch: missing: " err &&
	test_cmp expect actual
'

test_expect_success 'several lexicons add up' '
	printf "!N\t500\nalpha\t15\nbravo\t15\ncharlie\t15\ndelta\t15\necho\t15\n" >half &&
	printf "!N\t500\nalpha\t15\nbravo\t15\ncharlie\t15\ndelta\t15\necho\t485\nfoxtrot\t30\n" >half2 &&
	printf "d1\talpha bravo charlie delta echo foxtrot\n" >in &&
	imatch -L half -L half2 in >raw && nopar <raw >actual &&
	printf "F00/1:%s\td1\t\n" "$(fp alpha bravo charlie delta foxtrot)" >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors' '
	expect_error 2 "lexicon is required" imatch in1 &&
	expect_error 2 "K is" imatch -L lex -K 100 in1 &&
	expect_error 2 "MIN is" imatch -L lex -m 0 in1 &&
	expect_error 2 "FRAC is" imatch -L lex -p 1.5 in1 &&
	expect_error 2 "IDF range" imatch -L lex -i 0.8:0.2 in1 &&
	expect_error 2 "^usage: imatch" imatch -L lex -q in1
'

test_expect_success 'an unreadable lexicon is status 1' '
	expect_error 1 "imatch: nolex" imatch -L nolex in1
'

test_expect_success 'bad lexicons are errors with FILE:LINE' '
	printf "!N\t10\nalpha\tx\n" >bad &&
	expect_error 2 "imatch: bad:2: " imatch -L bad in1 &&
	printf "!N\t10\nalpha\t3\talpha\n" >bad &&
	expect_error 2 "imatch: bad:2: " imatch -L bad in1 &&
	printf "alpha\t3\n" >bad &&
	expect_error 2 "imatch: bad:" imatch -L bad in1 &&
	printf "!N\t10\nalpha\t11\n" >bad &&
	expect_error 2 "imatch: bad:2: " imatch -L bad in1 &&
	printf "!N\t10\nal pha\t1\n" >bad &&
	expect_error 2 "imatch: bad:2: " imatch -L bad in1
'

test_expect_success 'bad document input is an error with FILE:LINE' '
	printf "d1\talpha\nd2\n" >in &&
	expect_error 2 "imatch: in:2: " imatch -L lex in &&
	printf "d1\tbad \\\\q escape\n" >in &&
	expect_error 2 "imatch: in:1: " imatch -L lex in
'

test_expect_success 'the I-Match workflow on a document stream: imatch | spotmatch' '
	printf "d1\tthe quick brown foxes jumped over lazy sleeping dogs\n" >docs &&
	printf "d2\tthe quick brown foxes jumped over lazy sleeping dogs again\n" >>docs &&
	printf "d3\tships harbours weather storms\n" >>docs &&
	printf "d4\tthe quick brown foxes jumped over lazy sleeping dogs yesterday\n" >>docs &&
	dklexicon -w docs >wlex &&
	imatch -L wlex -i 0:0.9 -m 3 -K 2 docs >keys &&
	spotmatch keys >actual &&
	printf "d1\td2\t1.000000\nd1\td4\t1.000000\nd2\td4\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--quoted skip: a reply is fingerprinted on its own words, not the ones it quotes' '
	printf "m\talpha bravo charlie delta echo\n" >in &&
	printf "r\tAnn wrote:\\\\n> alpha bravo charlie delta echo\\\\n\\\\nfoxtrot golf hotel alpha bravo\n" >>in &&
	imatch -L lex --quoted skip in >raw && nopar <raw >actual &&
	printf "F00/1:%s\tm\t\nF00/1:%s\tr\t\n" "$(fp alpha bravo charlie delta echo)" \
		"$(fp alpha bravo foxtrot golf hotel)" >expect &&
	test_cmp expect actual &&
	imatch -L lex --quoted keep in >raw && nopar <raw >actual &&
	printf "F00/1:%s\tm\t\nF00/1:%s\tr\t\n" "$(fp alpha bravo charlie delta echo)" \
		"$(fp alpha bravo charlie delta echo foxtrot golf hotel)" >expect &&
	test_cmp expect actual &&
	expect_error 2 "^imatch: --quoted skip and -S exclude each other" imatch -S --quoted skip -L lex in
'

test_done

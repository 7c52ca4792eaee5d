#!/bin/sh
test_description='qgram: character q-grams and word shingles'
. "$(dirname "$0")/lib.sh"

test_expect_success 'the paper example: white space and punctuation removed, folded' '
	printf "d1\tA rose is a flower.\n" >in &&
	qgram in >actual &&
	printf "d1\taros=1 rose=1 osei=1 seis=1 eisa=1 isaf=1 safl=1 aflo=1 flow=1 lowe=1 ower=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-k keeps case, -q sets the length' '
	printf "d1\tA rose is a flower\n" >in &&
	qgram -k -q 3 in >actual &&
	printf "d1\tAro=1 ros=1 ose=1 sei=1 eis=1 isa=1 saf=1 afl=1 flo=1 low=1 owe=1 wer=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'q counts characters, not bytes (multibyte UTF-8)' '
	printf "d1\t\303\204pfel, \303\226l; \303\234ber!\n" >in &&
	qgram -q 3 in >actual &&
	printf "d1\t\303\244pf=1 pfe=1 fel=1 el\303\266=1 l\303\266l=1 \303\266l\303\274=1 l\303\274b=1 \303\274be=1 ber=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'q-grams form a set; carried columns are copied' '
	printf "d1\tc1\tc2\tabcabcabc\n" >in &&
	qgram -q 3 in >actual &&
	printf "d1\tc1\tc2\tabc=1 bca=1 cab=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'whole q-grams only: a short document has none' '
	printf "d1\tab c\nd2\t\nd3\t!!! ...\n" >in &&
	qgram in >actual &&
	printf "d1\t!short\nd2\t!short\nd3\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'escaped text, invalid UTF-8 (with --replace-invalid) and controls drop out' '
	printf "d1\tab\\\\tc\\\\nd\377e\001f\n" >in &&
	expect_error 2 "^qgram: in:1: invalid UTF-8 in the text (byte 0xFF at column 12)" qgram -q 6 in &&
	qgram --replace-invalid -q 6 in >actual &&
	printf "d1\tabcdef=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-w: word shingles as a multiset joined by a colon' '
	printf "d1\tThe cat, the cat; the cat x\n" >in &&
	qgram -w 2 in >actual &&
	printf "d1\tthe:cat=3 cat:the=2 cat:x=1\n" >expect &&
	test_cmp expect actual &&
	qgram -w 1 in >actual &&
	printf "d1\tthe=3 cat=3 x=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-w with -p: a colon inside a word is %3A, reserved bytes escaped' '
	printf "d1\ta:b c=d a:b\n" >in &&
	qgram -w 2 -p "[^ ]+" in >actual &&
	printf "d1\ta%%3Ab:c%%3Dd=1 c%%3Dd:a%%3Ab=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'fewer words than N: no shingle' '
	printf "d1\tone two\n" >in &&
	qgram -w 3 in >actual &&
	printf "d1\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'stdin and - are the same; operands are concatenated' '
	printf "d1\tabcd\n" >a &&
	printf "d2\tbcde\n" >b &&
	qgram <a >actual1 &&
	qgram - <a >actual2 &&
	test_cmp actual1 actual2 &&
	qgram a b >actual &&
	printf "d1\tabcd=1\nd2\tbcde=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'unreadable operand: warn, go on, exit 1' '
	printf "d1\tabcd\n" >a &&
	test_expect_code 1 qgram nosuch a >actual 2>err &&
	grep "qgram: nosuch: " err &&
	printf "d1\tabcd=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bad input: missing text field, bad escape' '
	printf "d1\tabcd\nd2\n" >in &&
	expect_error 2 "qgram: in:2: expected at least 2" qgram in &&
	printf "d1\tab\\\\qcd\n" >in &&
	expect_error 2 "qgram: in:1: invalid escape" qgram in
'

test_expect_success 'usage errors' '
	expect_error 2 "exclude each other" qgram -q 3 -w 2 &&
	expect_error 2 "-p needs -w" qgram -p x &&
	expect_error 2 "q-gram length" qgram -q 0 &&
	expect_error 2 "usage: qgram" qgram -x &&
	qgram --help >out && grep "^usage: qgram" out &&
	qgram --version >out && grep "^qgram (dupkit) " out
'

test_expect_success '--quoted skip: quoted mail lines and their attribution are not q-grams or shingles' '
	printf "r\tAnn wrote:\\\\n> the cat sat\\\\nthe dog ran\\\\n\n" >in &&
	qgram -w 2 --quoted skip in >actual &&
	printf "r\tthe:dog=1 dog:ran=1\n" >expect &&
	test_cmp expect actual &&
	qgram -q 4 --quoted skip in >actual &&
	printf "r\tthed=1 hedo=1 edog=1 dogr=1 ogra=1 gran=1\n" >expect &&
	test_cmp expect actual &&
	qgram -w 2 --quoted keep in >actual &&
	printf "r\tann:wrote=1 wrote:the=1 the:cat=1 cat:sat=1 sat:the=1 the:dog=1 dog:ran=1\n" >expect &&
	test_cmp expect actual &&
	qgram -w 2 --quoted skip --checksum in | cut -f 2 >sum.skip &&
	qgram -w 2 --checksum in | cut -f 2 >sum.keep &&
	test_cmp sum.keep sum.skip &&
	expect_error 2 "^qgram: --quoted is 1: not keep or skip\$" qgram --quoted 1 in
'

test_done

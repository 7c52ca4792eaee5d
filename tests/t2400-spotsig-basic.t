#!/bin/sh
test_description='spotsig: spot signatures, chain rules, options'
. "$(dirname "$0")/lib.sh"

paper='At a rally to kick off a weeklong campaign for the South Carolina primary, Obama tried to set the record straight from an attack circulating widely on the Internet that is designed to play on prejudices about his background.'

test_expect_success 'the example of the SpotSigs paper, section 3.2' '
	printf "d1\t%s\n" "$paper" >in &&
	spotsig -a a,an,the,is -d 1 -c 2 in >actual &&
	printf "d1\t%s\n" "a:rally:kick=1 a:weeklong:campaign=1 the:south:carolina=1 the:record:straight=1 an:attack:circulating=1 the:internet:designed=1 is:designed:play=1" >expect &&
	test_cmp expect actual
'

test_expect_success 'default antecedents on the same sentence' '
	spotsig in >actual &&
	test_cmp expect actual
'

test_expect_success 'stdin and - are the same' '
	spotsig -a a,an,the,is <in >actual1 &&
	spotsig -a a,an,the,is - <in >actual2 &&
	test_cmp expect actual1 &&
	test_cmp expect actual2
'

test_expect_success 'stopwords are skipped inside a chain; chains cut by the end' '
	printf "a\tthe cat and the it which dog\nb\tthe cat\nc\tsome text the\nd\tthe it and\ne\t\n" >in &&
	spotsig -a the in >actual &&
	printf "a\tthe:cat:dog=1 the:dog=1\nb\tthe:cat=1\nc\t!short\nd\t!short\ne\t!short\n" >expect &&
	test_cmp expect actual &&
	spotsig -a the -m 0 in >actual &&
	printf "a\tthe:cat:dog=1 the:dog=1\nb\tthe:cat=1\nc\t\nd\t\ne\t\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'overlapping chains and repeated signatures' '
	printf "x\tThe big dog saw a big dog. The big dog!\n" >in &&
	spotsig -a the,a in >actual &&
	printf "x\tthe:big:dog=2 a:big:dog=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'prepositions other than to are chain words' '
	printf "x\tthe bank of america went to the top of it\n" >in &&
	spotsig -a the in >actual &&
	printf "x\tthe:bank:of=1 the:top:of=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an antecedent that is not a stopword is a chain word' '
	printf "x\tthe cat obama ran\n" >in &&
	spotsig -a the,obama in >actual &&
	printf "x\tthe:cat:obama=1 obama:ran=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'per-antecedent distance and chain length' '
	printf "d1\t%s\n" "$paper" >in &&
	spotsig -a the:2:3,is in >actual &&
	printf "d1\t%s\n" "the:carolina:obama:set=1 the:straight:attack:widely=1 the:designed:on:about=1 is:designed:play=1" >expect &&
	test_cmp expect actual
'

test_expect_success '-d and -c apply to items without their own' '
	spotsig -a is,the:1:1 -d 2 -c 1 in >actual &&
	printf "d1\t%s\n" "the:south=1 the:record=1 the:internet=1 is:play=1" >expect &&
	test_cmp expect actual
'

test_expect_success 'antecedents and stopwords from files' '
	printf "# antecedents\nTHE:1:1\n\nis\n" >ante &&
	printf "to\nthe\nis\n" >stop &&
	spotsig -A ante -S stop in >actual &&
	printf "d1\t%s\n" "the:south=1 the:record=1 the:internet=1 is:designed:play=1" >expect &&
	test_cmp expect actual
'

test_expect_success 'stopwords of every length are matched exactly' '
	for w in abcdefg abcdefgh abcdefghi abcdefghijklmno abcdefghijklmnop \
	    abcdefghijklmnopq abcdefghijklmnopqrst; do echo $w; done >stop &&
	printf "x\tthe abcdefgh abcdefgx abcdefghijklmnop abcdefghijklmnox abcdefghijklmnopqrst abcdefghijklmnopqrsx abcdefg\n" >in &&
	spotsig -S stop -a the -c 4 in >actual &&
	printf "x\tthe:abcdefgx:abcdefghijklmnox:abcdefghijklmnopqrsx=1\n" >expect &&
	test_cmp expect actual &&
	printf "x\tthe abcdefghijklmnopq abcdefghijklmnopx\n" >in &&
	spotsig -S stop -a the -c 4 in >actual &&
	printf "x\tthe:abcdefghijklmnopx=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'carried columns are kept byte for byte' '
	printf "id1\tc a r\t\tthe cat sat\n" >in &&
	spotsig -a the in >actual &&
	printf "id1\tc a r\t\tthe:cat:sat=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'escaped text is unescaped before tokenizing' '
	printf "x\tthe\\\\tcat\\\\nsat\n" >in &&
	spotsig -a the in >actual &&
	printf "x\tthe:cat:sat=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'Unicode text: accented Latin, Greek, Cyrillic, CJK' '
	printf "u\tThe Éléphant ΑΘΗΝΑ Москва 東京タワー the ÇA\n" >in &&
	spotsig -a the -c 4 in >actual &&
	printf "u\tthe:éléphant:αθηνα:москва:東京タワー=1 the:ça=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'invalid UTF-8 is an error, or with --replace-invalid separates words and never reaches the output' '
	printf "u\tthe caf\377\376bar \303 fine\n" >in &&
	expect_error 2 "^spotsig: in:1: invalid UTF-8 in the text (byte 0xFF at column 10)" \
		spotsig -a the -c 3 in &&
	spotsig --replace-invalid -a the -c 3 in >actual &&
	printf "u\tthe:caf:bar:fine=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a token pattern; reserved bytes and : are percent-encoded' '
	printf "x\tthe a:b c=d 100%% x\n" >in &&
	spotsig -a the -c 4 -p "[^ ]+" in >actual &&
	printf "x\tthe:a%%3Ab:c%%3Dd:100%%25:x=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success '-m marks short documents, -v counts them' '
	printf "a\tthe cat sat the dog ran\nb\tthe cat\nc\tnothing\n" >in &&
	spotsig -a the -m 2 -v in >actual 2>err &&
	printf "a\tthe:cat:sat=1 the:dog:ran=1\nb\t!short the:cat=1\nc\t!short\n" >expect &&
	test_cmp expect actual &&
	grep "2 documents short" err
'

test_expect_success '-m counts distinct signatures: a repeat counts once' '
	printf "a\tthe cat the cat\nb\tthe cat the dog\n" >in &&
	spotsig -a the -c 1 -m 2 in >actual &&
	printf "a\t!short the:cat=2\nb\tthe:cat=1 the:dog=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'bad escape in the text' '
	printf "x\tok\ny\tbad \\\\q escape\n" >in &&
	expect_error 2 "spotsig: in:2: invalid escape" spotsig in
'

test_expect_success 'too few fields' '
	printf "lonely\n" >in &&
	expect_error 2 "spotsig: in:1: expected at least 2" spotsig in
'

test_expect_success 'an unreadable operand is reported, the others done' '
	printf "x\tthe cat\n" >in &&
	test_expect_code 1 spotsig -a the nonexistent in >actual 2>err &&
	grep "spotsig: nonexistent" err &&
	printf "x\tthe:cat=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'usage errors' '
	expect_error 2 "expected WORD or WORD:D:C" spotsig -a the:1 in &&
	expect_error 2 "spot distance" spotsig -a the:0:2 in &&
	expect_error 2 "empty antecedent" spotsig -a the,,a in &&
	expect_error 2 "chain length" spotsig -c 0 in &&
	printf "!N\t1\n" >lex &&
	expect_error 2 "needs --idf" spotsig -L lex in &&
	expect_error 2 "IDF range" spotsig --idf 0.9:0.1 in &&
	expect_error 2 "token pattern" spotsig -p "(" in &&
	expect_error 1 "spotsig: nofile" spotsig -S nofile in &&
	expect_error 2 "usage:" spotsig -Z
'

test_expect_success '--help and --version' '
	spotsig --help >out && grep "^usage: spotsig" out &&
	spotsig --version >out && grep "^spotsig (dupkit)" out
'

test_done

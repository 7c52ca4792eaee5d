#!/bin/sh
test_description='spotsig: one warning when a fifth or more of the documents get no signature'
. "$(dirname "$0")/lib.sh"

doc() {   # ID: an English sentence of its own
	printf '%s\tThe %s report was written by the committee and the board has read it.\n' "$1" "$1"
}

test_expect_success 'a fifth without signature: one warning at the end, the likely cause, the output intact' '
	{ doc a; doc b; doc c; doc d; printf "e\thello world\n"; } >in &&
	spotsig in >actual 2>err &&
	test $(wc -l <actual) = 5 &&
	grep -c "	!short$" actual >count && echo 1 >expect && test_cmp expect count &&
	echo "spotsig: 1 of 5 documents have no spot signature: most are shorter than 10 words" >expect &&
	test_cmp expect err
'

test_expect_success 'below a fifth: no warning' '
	{ doc a; doc b; doc c; doc d; doc f; printf "e\thello world\n"; } >in &&
	spotsig in >actual 2>err &&
	test_must_be_empty err &&
	grep -c "	!short$" actual >count && echo 1 >expect && test_cmp expect count
'

test_expect_success 'the documents of all operands count together, and the warning comes once' '
	{ doc a; printf "e\thello world\n"; } >in1 &&
	{ doc b; printf "f\thello again\n"; } >in2 &&
	spotsig in1 in2 >actual 2>err &&
	test $(wc -l <actual) = 4 &&
	echo "spotsig: 2 of 4 documents have no spot signature: most are shorter than 10 words" >expect &&
	test_cmp expect err
'

test_expect_success 'scripts without spaces: the warning points to qgram' '
	printf "zh\t我们今天去北京看长城，然后回家吃饭。明天我们还要去上海参观博物馆。\n" >in &&
	printf "ja\t今日は東京で会議がありました。明日は大阪に行きます。\n" >>in &&
	printf "th\tวันนี้อากาศดีมากเราจะไปเที่ยวทะเลกับครอบครัว\n" >>in &&
	doc a >>in &&
	spotsig in >actual 2>err &&
	printf "zh\t!short\nja\t!short\nth\t!short\n" >expect &&
	head -n 3 actual >actual3 &&
	test_cmp expect actual3 &&
	test $(wc -l <err) = 1 &&
	grep "^spotsig: 3 of 4 documents have no spot signature: most are in a script written without spaces" err &&
	grep "qgram -q N" err
'

test_expect_success 'words without antecedents: the warning names -l and its languages' '
	printf "x\tDer Rat hat einen neuen Haushalt beschlossen, der die Brücke finanzieren wird.\n" >in &&
	spotsig -l en in >actual 2>err &&
	test $(wc -l <err) = 1 &&
	grep "1 of 1 documents have no spot signature: most have words but none of the antecedents in use; is their language one of -l (en, de, fr, es, it, pt, nl, sv, pl, ru)?" err &&
	spotsig -l de in >actual 2>err &&
	test_must_be_empty err
'

test_expect_success 'signatures dropped by the IDF range do not count: their documents had some' '
	for id in a b c d e; do printf "%s\tthe same text of the committee and the board\n" $id; done >in &&
	spotsig --idf 0.2:0.85 in >actual 2>err &&
	test_must_be_empty err &&
	grep -c "	!short$" actual >count && echo 5 >expect && test_cmp expect count
'

test_expect_success '-m does not change what counts: no signature at all' '
	{ doc a; doc b; doc c; doc d; doc f; } >in &&
	spotsig -m 100 in >actual 2>err &&
	test_must_be_empty err
'

test_expect_success 'an empty stream gets no warning' '
	spotsig </dev/null >actual 2>err &&
	test_must_be_empty actual &&
	test_must_be_empty err
'

test_done

#!/bin/sh
test_description='spotsig: a document mostly in a script without spaces is marked !short'
. "$(dirname "$0")/lib.sh"

# Runs of Han, Hiragana, Katakana, Thai ... letters hold no antecedent, so
# the spots of such a document come only from its other words; when those
# are half of its words' bytes or less it is marked !short (its signatures
# still written), so that the whole job keeps it.  The words' bytes below:
# 東京大阪 12, 東京大阪名 15; the cats sat on 3 + 4 + 3 + 2 = 12.

test_expect_success 'more than half: !short, the signatures still written' '
	printf "j\t東京大阪名 the cats sat on\n" >in &&
	spotsig -a the in >actual &&
	printf "j\t!short the:cats:sat=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'exactly half, or less: judged as any document' '
	printf "j\t東京大阪 the cats sat on\nk\t東 the cats sat on\n" >in &&
	spotsig -a the in >actual &&
	printf "j\tthe:cats:sat=1\nk\tthe:cats:sat=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'Thai and Katakana count, Cyrillic and Hangul do not' '
	printf "t\tวันนี้อากาศดี the cats sat on\nk\tカタカナカタカナ the cats sat on\n" >in &&
	printf "r\tпогодасегодня the cats sat on\nh\t오늘날씨좋다 the cats sat on\n" >>in &&
	spotsig -a the in >actual &&
	printf "t\t!short the:cats:sat=1\nk\t!short the:cats:sat=1\n" >expect &&
	printf "r\tthe:cats:sat=1\nh\tthe:cats:sat=1\n" >>expect &&
	test_cmp expect actual
'

test_expect_success 'the two-pass IDF filter marks it too, and -v counts it' '
	printf "j\t東京大阪名 the cats sat on\nk\tthe dogs ran\n" >in &&
	spotsig -v -a the --idf 0:1 in >actual 2>err &&
	printf "j\t!short the:cats:sat=1\nk\tthe:dogs:ran=1\n" >expect &&
	test_cmp expect actual &&
	grep "1 documents short (1 of them mostly in a script without spaces)" err
'

test_expect_success 'word chains (--dense) and -p words take in the whole text: not marked' '
	printf "j\t東京大阪名 the cats sat on\n" >in &&
	spotsig -a the --dense 5 in >actual &&
	printf "j\t!chains :東京大阪名:cats:sat:on=1\n" >expect &&
	test_cmp expect actual &&
	spotsig -a the -p "\\w+" in >actual &&
	printf "j\tthe:cats:sat=1\n" >expect &&
	test_cmp expect actual
'

test_done

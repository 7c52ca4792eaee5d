#!/bin/sh
test_description='htmlstrip: a <meta> label cut by the 1024-byte prescan'
. "$(dirname "$0")/lib.sh"

# pages META TEXT BYTES: pages cut<i>.html, i = 0.., with META placed so that
# byte 1024 falls before it, at each of its bytes, and after it: a comment
# pads the start.  Each page's text must be TEXT; their IDs go to `ids`.
pages() {
	len=$(printf "%s" "$1" | wc -c) &&
	first=$((1024 - len - 2)) &&
	i=0 && : >ids && : >expect &&
	for start in $(seq $first 1026); do
		pad=$((start - 7)) &&
		{ printf "<!--%${pad}s-->" "" && printf "%s" "$1" && printf "$3"; } >cut$i.html &&
		echo cut$i.html >>ids &&
		printf "cut$i.html\t%s\n" "$2" >>expect &&
		i=$((i + 1)) || return 1
	done
}

# The cut labels name other encodings: "iso-8859-1" (windows-1252, where
# 0xA4 is ¤), "koi8-r" (where 0xAE is ╬), "windows-125" nothing.
test_expect_success 'iso-8859-15 at every offset: never the cut iso-8859-1' '
	pages "<meta charset=\"iso-8859-15\">" "5 €" "5 \244" &&
	htmlstrip $(cat ids) >actual &&
	test_cmp expect actual &&
	test "$(wc -l <actual)" -eq $((len + 5))
'

test_expect_success 'unquoted iso-8859-15 at every offset' '
	pages "<meta charset=iso-8859-15>" "5 €" "5 \244" &&
	htmlstrip $(cat ids) >actual &&
	test_cmp expect actual
'

test_expect_success 'koi8-ru at every offset: never the cut koi8-r' '
	pages "<meta http-equiv=Content-Type content=\"text/html; charset=koi8-ru\">" "ў" "\256" &&
	htmlstrip $(cat ids) >actual &&
	test_cmp expect actual
'

test_expect_success 'windows-1251 at every offset: Привет, not mojibake' '
	pages "<meta charset=\"windows-1251\">" "Привет" "\317\360\350\342\345\362" &&
	htmlstrip $(cat ids) >actual &&
	test_cmp expect actual
'

test_expect_success '-v tells when the <meta> ran past byte 1024' '
	pages "<meta charset=\"windows-1251\">" "Привет" "\317\360\350\342\345\362" &&
	htmlstrip -v cut20.html >actual 2>err &&
	grep "^htmlstrip: cut20.html: a <meta> runs past byte 1024; its charset \"windows-1251\" is taken as a browser re-reading the page would$" err &&
	htmlstrip -v cut0.html >actual 2>err &&
	! grep "runs past" err
'

test_done

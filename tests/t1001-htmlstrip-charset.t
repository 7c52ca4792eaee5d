#!/bin/sh
test_description='htmlstrip: input encodings to UTF-8'
. "$(dirname "$0")/lib.sh"

# bytes PRINTF-FORMAT TEXT: the page printf(1) writes gives TEXT.
bytes() {
	printf "$1" >in.html &&
	htmlstrip in.html >actual &&
	printf 'in.html\t%s\n' "$2" >expect &&
	test_cmp expect actual
}

test_expect_success 'valid UTF-8 is kept as it is' '
	bytes "<p>caf\303\251 \342\202\254 \360\237\230\200</p>" "café € 😀"
'

test_expect_success 'undeclared invalid UTF-8 is windows-1252' '
	bytes "caf\351 \223q\224 \200 \201x" "café “q” € x"
'

test_expect_success 'a byte order mark wins, invalid bytes become U+FFFD' '
	bytes "\357\273\277<meta charset=latin1>a\351b" "a�b" &&
	bytes "\377\376a\000<\000b\000>\000\351\000" "aé"
'

test_expect_success 'meta charset and http-equiv' '
	bytes "<meta charset=\"iso-8859-2\">\261" "ą" &&
	bytes "<head><!-- <meta charset=utf-8> --><META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=KOI8-R\"></head>\301" "а" &&
	bytes "<meta charset=shift_jis>\202\240" "あ" &&
	bytes "<meta charset=utf-8>a\351b" "a�b"
'

test_expect_success 'latin1 and ascii labels are windows-1252' '
	bytes "<meta charset=iso-8859-1>\223x\224" "“x”" &&
	bytes "<meta charset=us-ascii>\351" "é"
'

test_expect_success 'a declaration after 1024 bytes counts as a browser re-reads the page' '
	pad=$(printf "%01030d" 0) &&
	bytes "<!-- $pad --><meta charset=koi8-r>\301" "а" &&
	bytes "<p>$pad</p><meta http-equiv=content-type content=\"text/html; charset=windows-1251\">\317\360\350\342\345\362" "$pad\\nПривет"
'

test_expect_success 'later <meta>: not in comments, scripts or other raw text' '
	pad=$(printf "%01030d" 0) &&
	bytes "<p>$pad</p><script>x=\"<meta charset=koi8-r>\"</script><!-- <meta charset=koi8-r> --><title><meta charset=koi8-r></title><meta charset=iso-8859-2>\261" "$pad\\ną"
'

test_expect_success 'a label no encoding has is skipped, with a warning under -v' '
	printf "<meta charset=no-such-set><meta charset=koi8-r>\301" >in.html &&
	htmlstrip -v in.html >actual 2>err &&
	printf "in.html\tа\n" >expect &&
	test_cmp expect actual &&
	printf "<meta charset=no-such-set>caf\303\251" >in.html &&
	htmlstrip -v in.html >actual 2>err &&
	printf "in.html\tcafé\n" >expect &&
	test_cmp expect actual &&
	grep "^htmlstrip: in.html: <meta> charset \"no-such-set\" names no encoding, ignored$" err
'

test_expect_success 'UTF-16 and x-user-defined in a <meta> are UTF-8 and windows-1252' '
	bytes "<meta charset=utf-16le>caf\303\251" "café" &&
	bytes "<meta charset=UTF-16>caf\303\251" "café" &&
	bytes "<meta charset=x-user-defined>\223x\224" "“x”"
'

test_expect_success 'replacement encodings give one U+FFFD for the page' '
	bytes "<meta charset=iso-2022-kr><p>any text</p>" "�" &&
	bytes "<meta charset=HZ-GB-2312>abc" "�"
'

test_expect_success 'prescan details: first charset attribute, http-equiv needed for content' '
	bytes "<meta charset=koi8-r charset=iso-8859-2>\301" "а" &&
	bytes "<meta content=\"text/html; charset=koi8-r\"><meta charset=iso-8859-2>\261" "ą" &&
	bytes "<meta http-equiv=Content-Type content=\"charset = \047koi8-r\047\">\301" "а" &&
	bytes "<meta/charset=koi8-r>\301" "а" &&
	bytes "<!--><meta charset=koi8-r>\301" "а" &&
	bytes "<meta charset=\" \tKoI8-R\n\">\301" "а"
'

test_done

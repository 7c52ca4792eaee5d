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

test_expect_success 'a declaration after 1024 bytes does not count' '
	pad=$(printf "%01030d" 0) &&
	bytes "<!-- $pad --><meta charset=koi8-r>\301" "Á"
'

test_expect_success 'unknown charset falls back, with a warning under -v' '
	printf "<meta charset=no-such-set>caf\303\251" >in.html &&
	htmlstrip -v in.html >actual 2>err &&
	printf "in.html\tcafé\n" >expect &&
	test_cmp expect actual &&
	grep "htmlstrip: in.html: unknown charset \"no-such-set\"" err
'

test_done

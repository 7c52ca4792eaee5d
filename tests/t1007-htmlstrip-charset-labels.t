#!/bin/sh
test_description='htmlstrip: every label of the WHATWG Encoding Standard'
. "$(dirname "$0")/lib.sh"

# Each line: the labels of one encoding (encodings.json of the Encoding
# Standard), then bytes (printf(1) escapes) and the character they are in
# that encoding, from its published index.  A <meta> that says UTF-16
# means UTF-8, x-user-defined windows-1252 (HTML); the replacement labels
# make the page one U+FFFD.
cat >labels <<'EOT'
unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8|\303\251|é
866 cp866 csibm866 ibm866|\240|а
csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2|\261|ą
csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3|\266|ĥ
csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4|\242|ĸ
csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988|\320|а
arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987|\307|ا
csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek|\341|α
csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual|\340|א
csiso88598i iso-8859-8-i logical|\340|א
csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6|\242|Ē
iso-8859-13 iso8859-13 iso885913|\340|ą
iso-8859-14 iso8859-14 iso885914|\241|Ḃ
csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9|\244|€
iso-8859-16|\241|Ą
cskoi8r koi koi8 koi8-r koi8_r|\301|а
koi8-ru koi8-u|\256|ў
csmacintosh mac macintosh x-mac-roman|\212|ä
dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874|\241|ก
cp1250 windows-1250 x-cp1250|\271|ą
cp1251 windows-1251 x-cp1251|\340|а
ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252|\200|€
cp1253 windows-1253 x-cp1253|\341|α
cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254|\360|ğ
cp1255 windows-1255 x-cp1255|\340|א
cp1256 windows-1256 x-cp1256|\307|ا
cp1257 windows-1257 x-cp1257|\340|ą
cp1258 windows-1258 x-cp1258|\303|Ă
x-mac-cyrillic x-mac-ukrainian|\200|А
chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk|\304\343|你
gb18030|\201\060\204\066|¥
big5 big5-hkscs cn-big5 csbig5 x-x-big5|\244\244|中
cseucpkdfmtjapanese euc-jp x-euc-jp|\244\242|あ
csiso2022jp iso-2022-jp|\033$B$"\033(B|あ
csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis|\202\240|あ
cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949|\260\241|가
csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr replacement|abc|�
unicodefffe utf-16be|\303\251|é
csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le|\303\251|é
x-user-defined|\200|€
EOT

# run FORM: a page for each label in FORM (a printf format of the label)
# against the expected text, in one htmlstrip run.
run() {
	: >expect &&
	n=0 &&
	while IFS="|" read -r names bytes want; do
		for l in $names; do
			n=$((n + 1)) &&
			{ printf "<meta charset=\"$1\">" "$l"; printf "$bytes"; } >p$n.html &&
			printf "p$n.html\t%s\n" "$(printf "$want")" >>expect || return 1
		done
	done <labels &&
	test "$n" -eq 228 &&
	htmlstrip $(i=1; while test $i -le $n; do echo p$i.html; i=$((i + 1)); done) >actual &&
	test_cmp expect actual
}

test_expect_success 'all 228 labels, as written' '
	run "%s"
'

test_expect_success 'all labels in upper case with white space around them' '
	sed "s/^[^|]*/\U&/" labels >upper &&
	mv upper labels &&
	run " \t%s\n"
'

test_expect_success 'replacement: the whole page is one U+FFFD, wherever the label is' '
	printf "<meta charset=replacement><p>caf\351</p>" >a.html &&
	printf "<meta http-equiv=content-type content=\"text/html; charset=ISO-2022-KR\"><p>\033\$)C\016!!\017</p>" >b.html &&
	pad=$(printf "%%01030d" 0) &&
	printf "<p>$pad</p><meta charset=hz-gb-2312><p>~{<:~}caf\351</p>" >c.html &&
	printf "<meta charset=\" CsIso2022Kr \">" >d.html &&
	htmlstrip a.html b.html c.html d.html >actual &&
	printf "a.html\t\357\277\275\nb.html\t\357\277\275\nc.html\t\357\277\275\nd.html\t\357\277\275\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'the same labels with a character more or less name nothing' '
	printf "<meta charset=utf-88>caf\351" >a.html &&
	printf "<meta charset=latin>caf\351" >b.html &&
	htmlstrip -v a.html b.html >actual 2>err &&
	printf "a.html\tcafé\nb.html\tcafé\n" >expect &&
	test_cmp expect actual &&
	grep "a.html: <meta> charset \"utf-88\" names no encoding" err &&
	grep "b.html: <meta> charset \"latin\" names no encoding" err
'

test_done

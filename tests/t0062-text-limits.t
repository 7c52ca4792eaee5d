#!/bin/sh
test_description='nothing wrong passes silently: invalid UTF-8 in the text of
documents (an error, or U+FFFD with --replace-invalid), an HTML page given
as a stream, a record over --max-record (skipped, status 1)'
. "$(dirname "$0")/lib.sh"

fffd=$(printf "\357\277\275")

test_expect_success 'setup: documents in Latin-1 and the same in UTF-8' '
	{
		printf "d1\tles param\350tres du mod\350le sont dans le fichier de la machine et du r\351seau\n" &&
		printf "d2\tles param\350tres du mod\350le sont dans le fichier de la machine\n" &&
		printf "d3\tune autre phrase sans accent qui est dans le texte de la page\n"
	} >latin1 &&
	iconv -f latin1 -t utf-8 latin1 >utf8 &&
	sed "s/\\xe8/$fffd/g; s/\\xe9/$fffd/g" latin1 >fffd &&
	dklexicon -w utf8 >lex
'

# Each program that reads document text, as it is run on them.
for p in "spotsig -l fr" qgram "imatch -L lex" "dklexicon -w"; do
	name=${p%% *}

	test_expect_success "$p: Latin-1 text is bad input, with its place" '
		expect_error 2 "^$name: latin1:1: invalid UTF-8 in the text (byte 0xE8 at column 13); a Latin-1 file? convert it (iconv -f latin1 -t utf-8), or give --replace-invalid$" \
			$p latin1 &&
		test $(wc -l <err) = 1
	'

	test_expect_success "$p --replace-invalid: as for the text with U+FFFD, counted under -v" '
		$p fffd >expect &&
		$p --replace-invalid latin1 >actual &&
		test_cmp expect actual &&
		$p -v --replace-invalid latin1 >/dev/null 2>err &&
		grep "^$name: 5 invalid UTF-8 sequences replaced by U+FFFD in 2 records$" err
	'

	test_expect_success "$p: valid text is read as it was, with or without --replace-invalid" '
		$p utf8 >expect &&
		$p --replace-invalid -v utf8 >actual 2>err &&
		test_cmp expect actual &&
		grep "^$name: 0 invalid UTF-8 sequences replaced by U+FFFD in 0 records$" err
	'

	test_expect_success "$p: --help lists --replace-invalid" '
		$p --help | grep -q "^  --replace-invalid  replace invalid UTF-8 in the text by U+FFFD"
	'
done

test_expect_success 'valid multibyte text: exact signatures' '
	printf "d1\tcaf\303\251 \344\270\255 ok\n" | qgram >actual &&
	printf "d1\tcaf\303\251=1 af\303\251\344\270\255=1 f\303\251\344\270\255o=1 \303\251\344\270\255ok=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'overlong forms, surrogates, a cut sequence at the end: the place, and one U+FFFD a maximal subpart' '
	printf "d1\tone two \300\257 three \355\240\200 four \340\200\257 five\n" >bad &&
	printf "d2\tsix seven eight \342\202\n" >>bad &&
	expect_error 2 "^qgram: bad:1: invalid UTF-8 in the text (byte 0xC0 at column 12)" qgram bad &&
	sed 1d bad >cut &&
	expect_error 2 "^qgram: cut:1: invalid UTF-8 in the text (byte 0xE2 at column 20)" qgram cut &&
	printf "d1\tone two $fffd$fffd three $fffd$fffd$fffd four $fffd$fffd$fffd five\n" >fixed &&
	printf "d2\tsix seven eight $fffd\n" >>fixed &&
	qgram -q 2 fixed >expect &&
	qgram -q 2 -v --replace-invalid bad >actual 2>err &&
	test_cmp expect actual &&
	grep "^qgram: 9 invalid UTF-8 sequences replaced by U+FFFD in 2 records$" err
'

test_expect_success 'the column counts the bytes of the line, escapes and carried columns included' '
	printf "id\tcarried\tab\\\\tc\351\n" >esc &&
	expect_error 2 "^qgram: esc:1: invalid UTF-8 in the text (byte 0xE9 at column 17)" qgram esc
'

test_expect_success 'the ID is not checked: copied as it is' '
	printf "caf\351\tthe text\n" >id &&
	qgram id >out &&
	cut -f 1 out >actual &&
	printf "caf\351\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'htmlstrip keeps finding the charset of HTML in a document stream' '
	printf "d1\t<meta charset=latin1><p>caf\351</p>\n" | htmlstrip >actual &&
	printf "d1\tcaf\303\251\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'setup: pages that are not streams' '
	printf "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>a\tb</p></body></html>\n" >page.xhtml &&
	printf "\n\n\n<html>\n<p>a\tb</p>\n" >blank.html &&
	printf "\357\273\277<!DOCTYPE html>\n<p>a\tb</p>\n" >bom.html &&
	printf "<!-- saved from url=(0014)about:internet -->\n<!DOCTYPE html>\n<p>a\tb</p>\n" >comment.html
'

for f in page.xhtml blank.html bom.html comment.html; do
	test_expect_success "spotsig $f: an HTML page, for htmlstrip" '
		expect_error 2 "^spotsig: $f:1: this looks like an HTML page, for htmlstrip as a file operand; spotsig reads documents (ID TEXT), e.g. from htmlstrip$" \
			spotsig $f
	'
done

test_expect_success 'the pages are still pages to htmlstrip' '
	htmlstrip page.xhtml blank.html bom.html comment.html >actual &&
	printf "page.xhtml\ta b\nblank.html\ta b\nbom.html\ta b\ncomment.html\ta b\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'setup: streams with one record over 300 bytes in the middle' '
	long=$(printf "%0400d" 0 | tr 0 x) &&
	{
		printf "d1\tthe cat sat on the mat in the sun and the dog is on the mat with it\n" &&
		printf "d2\tthe cat sat on the mat in the sun and the dog is on the mat\n" &&
		printf "dx\t%s\n" "$long" &&
		printf "d3\tthe cat sat on the mat in the sun and the dog is on the mat too\n"
	} >docs.long &&
	sed 3d docs.long >docs.short &&
	spotsig -a the,is docs.short >sigs.short &&
	{ sed -n 1,2p sigs.short && printf "sx\t%s=1\n" "$long" && sed -n 3p sigs.short; } >sigs.long &&
	{ printf "d1\td2\t0.900000\nd2\td3\t0.800000\n" &&
	  printf "%s\td1\t0.500000\n" "$long" && printf "d4\td5\t0.700000\n"; } >pairs.long &&
	sed 3d pairs.long >pairs.short
'

# skipped PROG-AND-ARGS KIND LINE: the record at LINE of KIND.long is named
# and skipped, the rest gives the output of KIND.short, status 1.
skipped() {
	expect_error 1 "^${1%% *}: $2.long:$3: record longer than 300 bytes skipped (see --max-record)$" \
		$1 --max-record 300 $2.long &&
	test $(wc -l <err) = 1 &&
	$1 $2.short >expect &&
	$1 --max-record 300 $2.long >actual 2>/dev/null;
	test_cmp expect actual
}

test_expect_success 'spotsig: a record over --max-record is skipped' '
	skipped "spotsig -a the,is" docs 3
'
test_expect_success 'spotmatch: a record over --max-record is skipped' '
	skipped "spotmatch -t 0.3" sigs 3
'
test_expect_success 'partition: a record over --max-record is skipped' '
	skipped "partition -t 0.5" sigs 3
'
test_expect_success 'minhash: a record over --max-record is skipped' '
	skipped minhash sigs 3
'
test_expect_success 'dkcluster: a record over --max-record is skipped' '
	skipped dkcluster pairs 3
'

test_expect_success '-v counts the records skipped' '
	spotsig -v -a the,is --max-record 300 docs.long >/dev/null 2>err;
	grep "^spotsig: 1 record skipped (longer than 300 bytes)$" err
'

test_expect_success 'a first record over the limit is skipped before the stream is recognised' '
	{ printf "x\t%s\n" "$long" && cat pairs.short; } >pairs.first &&
	dkcluster pairs.short >expect &&
	expect_error 1 "^dkcluster: pairs.first:1: record longer than 300 bytes skipped" \
		dkcluster --max-record 300 pairs.first &&
	dkcluster --max-record 300 pairs.first >actual 2>/dev/null;
	test_cmp expect actual
'

test_expect_success 'a record skipped in a file read besides the input still ends in status 1' '
	{ printf "d1\nd2\n%s\nd3\nd4\nd5\n" "$long"; } >all.long &&
	expect_error 1 "^dkcluster: all.long:3: record longer than 300 bytes skipped" \
		dkcluster --max-record 300 -a all.long pairs.short &&
	{ printf "d1\tg1\n%s\tg1\nd2\tg1\nd3\tg1\nd4\tg2\nd5\tg2\n" "$long"; } >gold.long &&
	expect_error 1 "^evaluate: gold.long:2: record longer than 300 bytes skipped" \
		evaluate --max-record 300 gold.long pairs.short
'

test_expect_success 'a skipped record leaves bad input its status 2' '
	{ cat docs.long && printf "bad line\n"; } >docs.bad &&
	expect_error 2 "^spotsig: docs.bad:5: expected at least 2" spotsig --max-record 300 docs.bad
'

test_done

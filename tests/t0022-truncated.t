#!/bin/sh
test_description='truncated input is reported with its position, for every
program: a record cut mid-line at the end, a gzip member cut short, a WARC
record shorter than its Content-Length'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
progs=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)

# cut FILE BYTES: FILE without its last BYTES bytes (and no final newline).
cut_end() {
	head -c $(($(wc -c <"$1") - $2)) "$1"
}

test_expect_success 'setup inputs' '
	dk_inputs &&
	head -n 2 html.big >html.two &&
	n=$(wc -l <sigs.A) &&
	{ cat sigs.A && printf "cut\ta=1 b=" ; } >sigs.cut &&
	{ cat sigs.A && printf "cut\ta=1 b%%4" ; } >sigs.cut2 &&
	{ cat docs.A && printf "cut\tsome text \\\\" ; } >docs.cut &&
	{ cat html.two && printf "cut\t<p>some text \\\\" ; } >html.cut &&
	echo $((n + 1)) >line.sigs &&
	echo $(($(wc -l <docs.A) + 1)) >line.docs &&
	echo 3 >line.html
'

for p in $progs; do
	dk_invocation $p
	case $kind in
	sigs)
		test_expect_success "$p: a signature list cut inside a count" '
			expect_error 2 "^$p: sigs.cut:$(cat line.sigs): signature with empty count" \
				$p $args sigs.cut
		'
		test_expect_success "$p: a signature list cut inside an escape" '
			expect_error 2 "^$p: sigs.cut2:$(cat line.sigs): bad %XX escape" \
				$p $args sigs.cut2
		' ;;
	docs|html)
		# keep copies the text of the records it keeps, unread
		test $p = keep && continue
		test_expect_success "$p: a text cut inside an escape" '
			expect_error 2 "^$p: stdin:$(cat line.$kind): backslash at end of field" \
				$p $args <$kind.cut
		' ;;
	esac
done

test_expect_success 'a text cut elsewhere is taken as it is (a final newline is optional)' '
	cut_end docs.A 100 >docs.short &&
	spotsig docs.short >out &&
	test $(wc -l <out) = $(wc -l <docs.A)
'

test_expect_success 'dklexicon -L: a lexicon cut inside a record' '
	{ printf "!N\t7\nabc\t3\nabd\t" ; } >lex.cut &&
	expect_error 2 "^spotsig: lex.cut:3: empty count" spotsig --idf 0:1 -L lex.cut docs.A &&
	expect_error 2 "^dklexicon: lex.cut:3: empty count" dklexicon -m lex.cut
'

# record TYPE URI BLOCK-FILE: one WARC record.
record() {
	printf "WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\n" "$1" "$2" &&
	printf "WARC-Date: 2024-01-01T00:00:00Z\r\n" &&
	printf "Content-Type: application/http; msgtype=response\r\n" &&
	printf "Content-Length: %s\r\n\r\n" "$(wc -c <"$3" | tr -d " ")" &&
	cat "$3" && printf "\r\n\r\n"
}

test_expect_success 'setup WARC records' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>one</p>" >r1 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>two, a longer page</p>" >r2 &&
	record response http://a/ r1 >w1 &&
	record response http://b/ r2 >w2 &&
	# no WARC-Record-ID: the page is named by its URI and date
	printf "http://a/ 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://a/\tone\n" >expect.a &&
	test $(wc -c <r1) -le 60 && test $(wc -c <r2) -gt 60
'

test_expect_success 'htmlstrip: a WARC record shorter than its Content-Length, at its offset' '
	{ cat w1 && cut_end w2 20; } >cut.warc &&
	expect_error 2 "^htmlstrip: cut.warc: offset $(wc -c <w1): truncated WARC record" \
		htmlstrip cut.warc &&
	htmlstrip cut.warc >actual 2>/dev/null;
	test_cmp expect.a actual
'

test_expect_success 'htmlstrip: a gzip member cut short, at its offset' '
	gzip -n <w1 >m1 && gzip -n <w2 >m2 &&
	{ cat m1 && cut_end m2 9; } >cut.warc.gz &&
	expect_error 2 "^htmlstrip: cut.warc.gz: offset $(wc -c <m1): truncated gzip member" \
		htmlstrip cut.warc.gz &&
	htmlstrip cut.warc.gz >actual 2>/dev/null;
	test_cmp expect.a actual
'

test_expect_success 'htmlstrip: a WARC record over --max-record is skipped with its offset' '
	cat w2 w1 >two.warc &&
	expect_error 1 "^htmlstrip: two.warc: offset 0: record longer than 60 bytes skipped (see --max-record)\$" \
		htmlstrip --max-record 60 two.warc &&
	test $(grep -c "longer than" err) = 1 &&
	test_expect_code 1 htmlstrip --max-record 60 two.warc >actual 2>/dev/null &&
	test_cmp expect.a actual
'

test_expect_success 'htmlstrip: a gzip bomb over --max-record is skipped' '
	awk "BEGIN { for (i = 0; i < 20000; i++) print \"<p>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</p>\" }" |
		gzip -n >bomb.html.gz &&
	expect_error 1 "^htmlstrip: bomb.html.gz: record longer than 65536 bytes skipped (see --max-record)\$" \
		htmlstrip --max-record 64K bomb.html.gz &&
	test $(wc -l <err) = 1 &&
	test_expect_code 1 htmlstrip --max-record 64K bomb.html.gz >actual 2>/dev/null &&
	test_must_be_empty actual &&
	htmlstrip --max-record 1M bomb.html.gz >actual &&
	test $(wc -l <actual) = 1
'

test_done

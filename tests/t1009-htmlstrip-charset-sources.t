#!/bin/sh
test_description='htmlstrip: byte order mark, HTTP charset and <meta>, and -v notes naming WARC records'
. "$(dirname "$0")/lib.sh"

# bytes PRINTF-FORMAT TEXT: the page printf(1) writes gives TEXT.
bytes() {
	printf "$1" >in.html &&
	htmlstrip in.html >actual &&
	printf 'in.html\t%s\n' "$2" >expect &&
	test_cmp expect actual
}

# record URI FILE: a WARC response record holding FILE.
record() {
	printf "WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n" "$1" &&
	printf "WARC-Date: 2024-01-01T00:00:00Z\r\n" &&
	printf "Content-Type: application/http; msgtype=response\r\nContent-Length: %s\r\n\r\n" \
	    "$(wc -c <"$2" | tr -d " ")" &&
	cat "$2" && printf "\r\n\r\n"
}

test_expect_success 'a UTF-8 byte order mark wins over a contrary <meta>' '
	bytes "\357\273\277<meta charset=windows-1251>\320\237\321\200\320\270" "При" &&
	bytes "\357\273\277<meta http-equiv=content-type content=\"text/html; charset=koi8-r\">caf\303\251" "café"
'

test_expect_success 'a UTF-16 byte order mark wins over a contrary <meta>' '
	bytes "\377\376<\000m\000e\000t\000a\000 \000c\000h\000a\000r\000s\000e\000t\000=\000k\000o\000i\000\070\000-\000r\000>\000\037\004@\004" "Пр" &&
	bytes "\376\377\000<\000p\000>\004\037\004@" "Пр"
'

test_expect_success 'a byte order mark wins over a later <meta> too' '
	pad=$(printf "%01030d" 0) &&
	bytes "\357\273\277<p>$pad</p><meta charset=koi8-r>\303\251" "$pad\\né"
'

test_expect_success 'WARC: the HTTP charset when no <meta> in the first 1024 bytes declares one' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=KOI8-R\r\n\r\n<p>\301</p>" >r1 &&
	pad=$(printf "%01030d" 0) &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=koi8-r\r\n\r\n<p>$pad</p><meta charset=iso-8859-2><p>\301</p>" >r2 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=\"windows-1251\"\r\n\r\n<meta charset=utf-8><p>\320\260</p>" >r3 &&
	{ record http://a/ r1 && record http://b/ r2 && record http://c/ r3; } >a.warc &&
	htmlstrip a.warc >actual &&
	printf "http://a/ 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://a/\tа\n" >expect &&
	printf "http://b/ 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://b/\t$pad\\\\nа\n" >>expect &&
	printf "http://c/ 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://c/\tа\n" >>expect &&
	test_cmp expect actual
'

test_expect_success 'WARC: -v notes name the record, by offset and URI' '
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>one</p>" >r1 &&
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=bogus\r\n\r\n<meta charset=nonesuch><p>caf\351</p>" >r2 &&
	{ record http://a/ r1 && record http://b/x r2; } >b.warc &&
	off=$(record http://a/ r1 | wc -c | tr -d " ") &&
	htmlstrip -v b.warc >actual 2>err &&
	printf "http://a/ 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://a/\tone\nhttp://b/x 2024-01-01T00:00:00Z\t2024-01-01T00:00:00Z\thttp://b/x\tcafé\n" >expect &&
	test_cmp expect actual &&
	grep "^htmlstrip: b.warc: offset $off (http://b/x): HTTP charset \"bogus\" names no encoding, ignored$" err &&
	grep "^htmlstrip: b.warc: offset $off (http://b/x): <meta> charset \"nonesuch\" names no encoding, ignored$" err &&
	grep "^htmlstrip: b.warc: offset $off (http://b/x): no encoding declared and not UTF-8: read as windows-1252, a guess from the bytes$" err
'

test_expect_success 'WARC in gzip members: the offset is that of the member' '
	record http://a/ r1 | gzip -n >c.warc.gz &&
	off=$(wc -c <c.warc.gz | tr -d " ") &&
	record http://b/x r2 | gzip -n >>c.warc.gz &&
	htmlstrip -v c.warc.gz >actual 2>err &&
	test_cmp expect actual &&
	grep "^htmlstrip: c.warc.gz: offset $off (http://b/x): <meta> charset \"nonesuch\"" err
'

test_done

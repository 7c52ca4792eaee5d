#!/bin/sh
test_description='the whole job on a WARC file holding two crawls of one
site: htmlstrip --warc, qgram, spotmatch --window --novel, dkcluster and keep,
exact outputs'
. "$(dirname "$0")/lib.sh"

H="application/http; msgtype=response"
Q="application/http; msgtype=request"
D1=2024-01-01T06:00:00Z
D2=2024-01-02T05:00:00Z

# Three pages of one site, crawled twice 23 hours apart: page a unchanged,
# page b replaced by another story, page c with one word changed.
A="The harbour ferry to the northern islands will run on its winter timetable from next Monday, the port authority said, with two sailings a day instead of five and the last boat leaving the quay at four in the afternoon until the end of March."
B1="The city museum opens a new hall of maritime history this weekend, showing models of the sailing ships built in the old yards and the charts their captains drew on voyages across the northern sea during the last century."
B2="Heavy rain closed the coastal road between the two villages overnight and the council asked drivers to take the inland route while engineers inspect the damaged bridge and clear the fallen trees from the carriageway."
C1="The regional library will extend its opening hours during the examination season, staying open until ten in the evening on weekdays so that students can use the reading rooms and the computers in the quiet study area."
C2="The regional library will extend its opening hours during the examination season, staying open until eleven in the evening on weekdays so that students can use the reading rooms and the computers in the quiet study area."

# Each capture is a request and a response naming it (as wget writes
# them), each record a gzip member of its own in crawl.warc.gz; capture
# i of crawl K has records urn:uuid:i-q and urn:uuid:i-r, in files
# qKP.w and rKP.w for page P.
test_expect_success 'setup two crawls in one WARC file' '
	dk_http_page a1 "$A" && dk_http_page b1 "$B1" && dk_http_page c1 "$C1" &&
	dk_http_page a2 "$A" && dk_http_page b2 "$B2" && dk_http_page c2 "$C2" &&
	printf "GET / HTTP/1.1\r\nHost: site\r\n\r\n" >req &&
	i=0 &&
	for spec in "1 a $D1" "1 b $D1" "1 c $D1" "2 a $D2" "2 b $D2" "2 c $D2"; do
		set -- $spec && i=$((i + 1)) &&
		dk_warc_record request http://site/$2 urn:uuid:$i-q $3 "$Q" req >q$1$2.w &&
		dk_warc_record response http://site/$2 urn:uuid:$i-r $3 "$H" $2$1 urn:uuid:$i-q >r$1$2.w ||
		return 1
	done &&
	for k in 1 2; do for p in a b c; do
		gzip -n <q$k$p.w && gzip -n <r$k$p.w || return 1
	done; done >crawl.warc.gz
'

test_expect_success 'htmlstrip --warc: a unique ID a page, the date in column 2' '
	htmlstrip crawl.warc.gz >docs.tsv &&
	cut -f 1-3 docs.tsv >actual &&
	cat >expect <<-EOF &&
	urn:uuid:1-r	$D1	http://site/a
	urn:uuid:2-r	$D1	http://site/b
	urn:uuid:3-r	$D1	http://site/c
	urn:uuid:4-r	$D2	http://site/a
	urn:uuid:5-r	$D2	http://site/b
	urn:uuid:6-r	$D2	http://site/c
	EOF
	test_cmp expect actual
'

test_expect_success 'the README DDD line: the novel pages of the second crawl are the changed story' '
	htmlstrip --warc <crawl.warc.gz | qgram -q 4 |
		spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel >novel.txt &&
	printf "urn:uuid:1-r\nurn:uuid:2-r\nurn:uuid:3-r\nurn:uuid:5-r\n" >expect &&
	test_cmp expect novel.txt
'

test_expect_success 'pairs and clusters join the two crawls, never a page with itself' '
	qgram -q 4 docs.tsv | spotmatch -M max -t 0.8 >pairs.tsv &&
	printf "urn:uuid:1-r\turn:uuid:4-r\t1.000000\nurn:uuid:3-r\turn:uuid:6-r\t0.969697\n" >expect &&
	test_cmp expect pairs.tsv &&
	dkcluster -a docs.tsv --representatives pairs.tsv >keep.txt &&
	test_cmp novel.txt keep.txt
'

test_expect_success 'keep: the deduplicated crawl, gzip members copied, requests with their responses' '
	keep -v keep.txt crawl.warc.gz >dedup.warc.gz 2>err &&
	for f in q1a r1a q1b r1b q1c r1c q2b r2b; do gzip -n <$f.w || return 1; done >expect &&
	test_cmp expect dedup.warc.gz &&
	printf "keep: crawl.warc.gz: 12 records, 6 captures, 4 kept\nkeep: kept 4 of 6 (2 removed, 33.3%%)\n" >expect.err &&
	test_cmp expect.err err
'

test_expect_success 'keep: the novel list does the same on the plain WARC; the result strips to the kept pages' '
	gzip -dc crawl.warc.gz >crawl.warc &&
	keep novel.txt crawl.warc >dedup.warc &&
	gzip -dc dedup.warc.gz >expect &&
	test_cmp expect dedup.warc &&
	htmlstrip dedup.warc >actual &&
	sed -n "1,3p;5p" docs.tsv >expect &&
	test_cmp expect actual
'

test_expect_success 'keep: the document stream deduplicated by the same list' '
	keep keep.txt docs.tsv >dedup.tsv &&
	sed -n "1,3p;5p" docs.tsv >expect &&
	test_cmp expect dedup.tsv
'

test_done

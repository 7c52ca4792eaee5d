#!/bin/sh
test_description='wrong stream, wrong tool: each kind refused at line 1 by the programs that do not read it; odd but real documents accepted'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: one stream of each kind' '
	{
		printf "d1\tthe cat sat on the mat in the sun and the dog is on the mat with it\n" &&
		printf "d2\tthe cat sat on the mat in the sun and the dog is on the mat\n" &&
		printf "d3\tthe cat sat on the mat in the sun and the dog is on the mat too\n"
	} >doc &&
	spotsig -a the,is doc >sig &&
	partition -t 0.5 sig >keyed &&
	minhash --sketch sig >sketch && test $(wc -l <sketch) = 3 &&
	spotmatch -t 0.5 sig >pair && test $(wc -l <pair) = 3 &&
	dkcluster pair >cluster && test $(wc -l <cluster) = 3 &&
	dklexicon -w doc >lexicon &&
	gzip -c doc >gzip &&
	printf "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n" >warc &&
	printf "{\"id\": \"d1\", \"text\": \"the cat\"}\n" >jsonl &&
	printf "<!DOCTYPE html>\n<html><p>hi</p></html>\n" >html &&
	printf "d1\td1\nd2\td1\nd3\td1\n" >gold &&
	printf "d1\nd2\nd3\n" >ids &&
	printf "\375\067zXZ\000\000\004\346\326\264\106\002\000\041\001\n" >xz &&
	printf "BZh91AY&SY\142\275\012\001\n" >bzip2 &&
	printf "\050\265\057\375\044\010\101\000\n" >zstd &&
	printf "\377\376d\0001\000\t\000h\000i\000\n\000" >utf16
'

# what each kind is called in the message
name() {
	case $1 in
	doc) echo "a document stream (ID TEXT)" ;;
	sig) echo "a signature stream (ID SIGS)" ;;
	keyed) echo "a keyed stream (KEY ID SIGS)" ;;
	pair) echo "a pair stream (ID1 ID2 SIM)" ;;
	cluster) echo "a cluster stream (ID CLUSTER)" ;;
	lexicon) echo "a lexicon (TERM DF)" ;;
	gzip) echo "gzip data" ;;
	warc) echo "a WARC file" ;;
	jsonl) echo "JSON Lines" ;;
	html) echo "an HTML page" ;;
	xz) echo "xz-compressed data" ;;
	bzip2) echo "bzip2-compressed data" ;;
	zstd) echo "zstd-compressed data" ;;
	utf16) echo "UTF-16 text" ;;
	sketch) echo "MinHash sketches (ID SKETCH)" ;;
	esac
}

# program (with its arguments) : the kinds it must refuse
while IFS='	' read prog kinds; do
	for k in $kinds; do
		test_expect_success "$prog refuses $k" "
			expect_error 2 \"^${prog%% *}: $k:1: this looks like $(name $k)[,;:].*; ${prog%% *} reads \" $prog $k
		"
	done
done <<'LIST'
spotsig -a the	sig keyed pair cluster lexicon warc jsonl html xz bzip2 zstd utf16 sketch
qgram	sig keyed pair cluster lexicon warc jsonl html xz bzip2 zstd utf16 sketch
dklexicon -w	sig keyed pair cluster lexicon warc jsonl html xz bzip2 zstd utf16 sketch
imatch -L lexicon	keyed pair cluster lexicon warc jsonl html xz bzip2 zstd utf16 sketch
dklexicon	doc pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
minhash	doc keyed pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
partition -t 0.5	doc keyed pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
spotmatch	doc pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
spotmatch --window 10	doc keyed pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
spotmatch --against sig	doc pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
dkcluster	doc sig keyed cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
evaluate gold	doc sig keyed cluster gzip warc jsonl html xz bzip2 zstd utf16 sketch
evaluate -c gold	doc sig keyed pair lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch
keep ids	keyed pair lexicon html xz bzip2 zstd utf16
LIST

for k in keyed pair lexicon gzip warc jsonl html; do
	test_expect_success "dkcluster -a refuses $k" "
		expect_error 2 \"^dkcluster: $k:1: this looks like $(name $k)[,;:].*; dkcluster reads IDs with -a\" dkcluster -a $k pair
	"
done

test_expect_success 'dkcluster -a reads an ID list, documents, signatures, sketches, clusters' '
	for a in doc sig sketch cluster; do dkcluster -a $a pair >out.$a || return 1; done &&
	cut -f1 doc >list && dkcluster -a list pair >out.list &&
	test_cmp out.doc out.sig && test_cmp out.doc out.sketch &&
	test_cmp out.doc out.cluster && test_cmp out.doc out.list
'

# a TSV stream is told how to make a keep list of it (t7340 has the
# messages whole)
for k in doc sig keyed pair cluster lexicon gzip warc jsonl html xz bzip2 zstd utf16 sketch; do
	test_expect_success "keep refuses $k as its list" "
		expect_error 2 \"^keep: $k:1: this looks like $(name $k)[,;:].*; keep reads a keep list, one ID a line[: ]\" keep $k doc
	"
done

test_expect_success 'keep keeps the lines of a sketch stream as of any TSV corpus' '
	printf "d2\n" >list1 &&
	keep list1 sketch >out &&
	sed -n 2p sketch >expect && test_cmp expect out
'

test_expect_success 'keep reads an ID list as its list, not a one-line cluster stream' '
	printf "d3\nd1\n" >list2 &&
	keep list2 doc >out &&
	sed -n "1p;3p" doc >expect && test_cmp expect out &&
	printf "d2\td2\n" >single &&
	expect_error 2 "^keep: single:1: this looks like .*; keep reads a keep list, one ID a line: " keep single doc
'

test_expect_success 'keep: a corpus in another format than the one read' '
	expect_error 2 "^keep: jsonl:1: this looks like JSON Lines; keep reads them with --json FIELD, FIELD the member that holds the ID$" keep ids jsonl &&
	expect_error 2 "^keep: stdin:1: this looks like a WARC file; keep reads one with --warc, or as a file operand without -f or --json$" sh -c "cat warc | keep ids" &&
	keep ids <gzip >out && test_cmp doc out &&
	keep ids gzip >out && test_cmp doc out &&
	expect_error 2 "^keep: gzip:1: invalid JSON at byte 1" keep --json id ids gzip &&
	printf "{\"id\": \"d1\"}\n" >j && keep --json id ids j >out && test_cmp j out &&
	gzip -c warc >warc.gz && keep ids <warc.gz >out && cmp warc.gz out
'

test_expect_success 'the readers of document text read gzip, and say how to read JSON Lines' '
	for p in "spotsig -a the" qgram "dklexicon -w" "imatch -L lexicon"; do
		$p doc >expect && $p gzip >out && test_cmp expect out &&
		$p <gzip >out && test_cmp expect out || return 1
	done &&
	expect_error 2 "^qgram: jsonl:1: this looks like JSON Lines: give --json ID,TEXT, the members holding the document.s ID and its text; qgram reads JSON Lines with --json$" qgram jsonl
'

test_expect_success 'the message names what reads the stream' '
	expect_error 2 "^spotsig: pair:1: this looks like a pair stream (ID1 ID2 SIM), for dkcluster or evaluate; spotsig reads documents (ID TEXT), e.g. from htmlstrip$" spotsig pair &&
	expect_error 2 "^dkcluster: doc:1: this looks like a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; dkcluster reads pairs" dkcluster doc &&
	expect_error 2 "^qgram: stdin:1: this looks like xz-compressed data: decompress it first (xz -dc FILE | ...); qgram reads documents (ID TEXT), e.g. from htmlstrip$" qgram <xz &&
	expect_error 2 "^qgram: stdin:1: this looks like bzip2-compressed data: decompress it first (bzip2 -dc FILE | ...); qgram reads" qgram <bzip2 &&
	expect_error 2 "^qgram: stdin:1: this looks like zstd-compressed data: decompress it first (zstd -dc FILE | ...); qgram reads" qgram <zstd &&
	expect_error 2 "^qgram: stdin:1: this looks like UTF-16 text: dupkit reads UTF-8, convert it first (iconv -f UTF-16 -t UTF-8 FILE | ...); qgram reads" qgram <utf16
'

test_expect_success 'a lexicon option given something else' '
	expect_error 2 "^spotsig: sig:1: this looks like a signature stream (ID SIGS).*; spotsig reads a lexicon here" spotsig --idf 0:1 -L sig doc &&
	expect_error 2 "^imatch: pair:1: this looks like a pair stream" imatch -L pair doc
'

test_expect_success 'htmlstrip: a stream given as a page, a WARC on stdin without --warc' '
	expect_error 2 "^htmlstrip: doc:1: this looks like a document stream (ID TEXT).*; htmlstrip reads a page here" htmlstrip doc &&
	expect_error 2 "^htmlstrip: jsonl:1: this looks like JSON Lines" htmlstrip jsonl &&
	expect_error 2 "^htmlstrip: pair:1: this looks like a pair stream" htmlstrip pair &&
	expect_error 2 "^htmlstrip: stdin:1: this looks like a WARC file, for htmlstrip (--warc on standard input); htmlstrip reads a document stream" htmlstrip <warc &&
	expect_error 2 "^htmlstrip: stdin:1: this looks like JSON Lines" htmlstrip <jsonl &&
	expect_error 2 "^htmlstrip: stdin:1: this looks like an HTML page" htmlstrip <html &&
	htmlstrip html >out && printf "html\thi\n" >expect && test_cmp expect out &&
	printf "plain words\tand a tab\n<p>then markup</p>\n" >page &&
	htmlstrip page >out && test $(wc -l <out) = 1
'

test_expect_success 'htmlstrip: a gzipped stream given as a page, a compressed page' '
	for k in doc pair jsonl; do gzip -c $k >$k.gz || return 1; done &&
	expect_error 2 "^htmlstrip: doc.gz:1: this looks like gzip data holding a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; htmlstrip reads a page here (a stream of pages goes on standard input)$" htmlstrip doc.gz &&
	expect_error 2 "^htmlstrip: pair.gz:1: this looks like gzip data holding a pair stream (ID1 ID2 SIM)" htmlstrip pair.gz &&
	expect_error 2 "^htmlstrip: jsonl.gz:1: this looks like gzip data holding JSON Lines" htmlstrip jsonl.gz &&
	for k in xz bzip2 zstd; do
		expect_error 2 "^htmlstrip: $k:1: this looks like $k-compressed data: decompress it first" htmlstrip $k || return 1
	done &&
	gzip -c html >page.html.gz && htmlstrip page.html.gz >out &&
	printf "page.html.gz\thi\n" >expect && test_cmp expect out &&
	htmlstrip utf16 >out && printf "utf16\td1 hi\n" >expect && test_cmp expect out
'

test_expect_success 'each operand is checked' '
	expect_error 2 "^spotsig: pair:1: this looks like a pair stream" spotsig doc pair
'

test_expect_success 'odd but real documents are read' '
	{
		printf "n1\t42\n" &&
		printf "n2\t3.14\n" &&
		printf "n3\tcarried\t0.5\n" &&
		printf "4\t4.000000\n" &&
		printf "n5\tx = 1\n" &&
		printf "n6\tE=mc2 is famous\n" &&
		printf "n7\ta=1 b=2 c=3\n" &&
		printf "n8\thttp://example.com/?a=1 http://example.org/?b=2 http://x.net/?q=3 https://y.org/p?r=4\n" &&
		printf "n9\tcol\\\\tumn\\\\twith\\\\ttabs\n" &&
		printf "n10\thttp://example.com/page\thttps://example.org/?id=7&x=1\n" &&
		printf "n11\tn11x\n" &&
		printf "n12\t!N\n" &&
		printf "n13\t\n" &&
		printf "n14\tWARC/1.0 is a format\n" &&
		printf "n15\t{\"a\": 1}\n" &&
		printf "q1\tWidth=100 Height=200 Depth=50 Weight=3\n" &&
		printf "Bill\tBill\n" &&
		printf "id\tsrc\t0.714286\n" &&
		printf "n19\tx=1 y=2 z=3 w=4 v=5\n" &&
		printf "n20\tA:B=2 C:D=3 E:F=4 G:H=1\n" &&
		printf "0.5\t0.5\n" &&
		printf "n22\t1.000000\n" &&
		printf "n23\tsrc\tn23\t0.000000\n" &&
		printf "BZh9\tis the start of a bzip2 file\n"
	} >odd &&
	n=$(wc -l <odd) &&
	i=1 &&
	while test $i -le $n; do
		sed -n "${i}p" odd >one &&
		for p in "spotsig" "qgram" "dklexicon -w" "imatch -L lexicon"; do
			$p one >out 2>err || { echo "$p refused line $i"; cat err; return 1; }
		done &&
		htmlstrip <one >out 2>err || { echo "htmlstrip refused line $i"; cat err; return 1; }
		i=$((i + 1)) || return 1
	done &&
	spotsig odd >out && test $(wc -l <out) = $n &&
	htmlstrip <odd >out && test $(wc -l <out) = $n
'

test_expect_success 'odd but real document streams of a few lines are read' '
	printf "Bill\tBill\nAnn\tAnn\nJo\tJo\n" >s1 &&
	printf "a\tsrc\t0.714286\nb\tsrc\tsome text\n" >s2 &&
	printf "a\tb\t0.500000\nb\tb\t0.250000\n" >s3 &&
	printf "r1\tWidth=100 Height=200 Depth=50 Weight=3\nr2\tWidth=1 Height=2 Depth=5 Weight=3\n" >s4 &&
	printf "Bill\tBill\nBob\tAnn\n" >s5 &&
	printf "x\tx\ny\tx\nx2\tx\nz\tx\n" | sed 1d >s6 &&
	printf "n1\t!short\nn2\ta short text\n" >s7 &&
	for f in s1 s2 s3 s4 s5 s6 s7; do
		spotsig $f >out 2>err || { echo "spotsig refused $f"; cat err; return 1; }
		test $(wc -l <out) = $(wc -l <$f) || return 1
	done
'

test_expect_success 'a stream of one pair, or clusters all of one member, is taken for documents' '
	head -n 1 pair >pair1 && spotsig pair1 >out &&
	printf "d1\td1\nd2\td2\n" >singles && spotsig singles >out &&
	dkcluster pair1 >out && evaluate -c singles singles >out
'

test_expect_success 'IDs that look odd are read as IDs' '
	printf "my file.html\tother file.html\t0.5\n" >p && dkcluster p >out &&
	printf "my file.html\tmy file.html\nother file.html\tmy file.html\n" >expect && test_cmp expect out &&
	printf "a=1 b=2\tc\n" >p && dkcluster p >/dev/null &&
	printf "B000:00000000000000aa\tcarried\tx=1 y=1\n" >s &&
	spotmatch --plain s >/dev/null
'

test_expect_success 'short texts are a document stream to the readers of pairs and clusters' '
	printf "d1\tthe cat\n" >t1 &&
	printf "d1\tthe cat\nd2\ta dog ran\n" >t2 &&
	printf "d1\tthe cat sat\nd2\tthe dog\nd3\tno way out\nd4\tgo home, now.\n" >t4 &&
	printf "d1\td1\nd2\td1\n" >g &&
	for f in t1 t2 t4; do
		expect_error 2 "^dkcluster: $f:1: this looks like a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; dkcluster reads pairs (ID1 ID2 \[SIM\]), e.g. from spotmatch\$" dkcluster $f &&
		expect_error 2 "^evaluate: $f:1: this looks like a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; evaluate reads pairs (ID1 ID2 \[SIM\]), or clusters with -c\$" evaluate g $f &&
		expect_error 2 "^evaluate: $f:1: this looks like a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; evaluate reads clusters (ID CLUSTER) with -c\$" evaluate -c g $f &&
		expect_error 2 "^evaluate: $f:1: this looks like a document stream (ID TEXT),.*; evaluate reads a gold standard of clusters" evaluate $f g || return 1
	done
'

test_expect_success 'pairs without SIM whose IDs hold spaces or are URLs are read' '
	printf "a.html\tmy file.html\nb.html\tother file.html\n" >p1 &&
	printf "notes on cats.txt\tnotes on dogs.txt\n" >p2 &&
	printf "Bill Gates\tWilliam Gates\n" >p3 &&
	printf "http://a.example/x?q=1\thttp://b.example/y\n<urn:uuid:0d4c7a1e-1d2b-4e5f-8a9b-0c1d2e3f4a5b>\t<urn:uuid:9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b>\n" >p4 &&
	printf "d1\tthe cat\nd2\td1\n" >p5 &&
	printf "a.html\tmy notes 2.html\nmy notes 2.html\tc d.html\n" >p6 &&
	for f in p1 p2 p3 p4 p5 p6; do
		dkcluster $f >out.$f 2>err || { echo "dkcluster refused $f"; cat err; return 1; }
	done &&
	printf "a.html\ta.html\nmy file.html\ta.html\nb.html\tb.html\nother file.html\tb.html\n" >expect &&
	test_cmp expect out.p1 &&
	printf "Bill Gates\tBill Gates\nWilliam Gates\tBill Gates\n" >expect &&
	test_cmp expect out.p3 &&
	printf "a.html\ta.html\nmy notes 2.html\ta.html\nc d.html\ta.html\n" >expect &&
	test_cmp expect out.p6 &&
	printf "x.html\tfire in london\ny.html\tx.html\n" >c1 &&
	evaluate -c c1 c1 >out 2>err || { cat err; return 1; }
'

test_done

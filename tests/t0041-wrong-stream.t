#!/bin/sh
test_description='wrong stream, wrong tool: each kind refused at line 1 by the programs that do not read it; odd but real documents accepted'
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: one stream of each kind' '
	printf "d1\tthe cat sat on the mat in the sun and the dog is on the mat with it\nd2\tthe cat sat on the mat in the sun and the dog is on the mat\n" >doc &&
	spotsig -a the,is doc >sig &&
	partition -t 0.5 sig >keyed &&
	spotmatch -t 0.5 sig >pair && test -s pair &&
	dkcluster pair >cluster &&
	dklexicon -w doc >lexicon &&
	gzip -c doc >gzip &&
	printf "WARC/1.0\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n" >warc &&
	printf "{\"id\": \"d1\", \"text\": \"the cat\"}\n" >jsonl &&
	printf "<!DOCTYPE html>\n<html><p>hi</p></html>\n" >html &&
	printf "d1\td1\nd2\td1\n" >gold
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
spotsig -a the	sig keyed pair cluster lexicon gzip warc jsonl html
qgram	sig keyed pair cluster lexicon gzip warc jsonl html
dklexicon -w	sig keyed pair cluster lexicon gzip warc jsonl html
imatch -L lexicon	keyed pair cluster lexicon gzip warc jsonl html
dklexicon	doc pair cluster lexicon gzip warc jsonl html
minhash	doc keyed pair cluster lexicon gzip warc jsonl html
partition -t 0.5	doc keyed pair cluster lexicon gzip warc jsonl html
spotmatch	doc pair cluster lexicon gzip warc jsonl html
spotmatch --window 10	doc keyed pair cluster lexicon gzip warc jsonl html
spotmatch --against sig	doc pair cluster lexicon gzip warc jsonl html
dkcluster	doc sig keyed cluster lexicon gzip warc jsonl html
evaluate gold	doc sig keyed cluster gzip warc jsonl html
evaluate -c gold	doc sig keyed pair lexicon gzip warc jsonl html
LIST

for k in keyed pair lexicon gzip warc jsonl html; do
	test_expect_success "dkcluster -a refuses $k" "
		expect_error 2 \"^dkcluster: $k:1: this looks like $(name $k)[,;:].*; dkcluster reads IDs with -a\" dkcluster -a $k pair
	"
done

test_expect_success 'dkcluster -a reads an ID list, documents, signatures, clusters' '
	for a in doc sig cluster; do dkcluster -a $a pair >out.$a || return 1; done &&
	cut -f1 doc >list && dkcluster -a list pair >out.list &&
	test_cmp out.doc out.sig && test_cmp out.doc out.cluster && test_cmp out.doc out.list
'

test_expect_success 'the message names what reads the stream' '
	expect_error 2 "^spotsig: pair:1: this looks like a pair stream (ID1 ID2 SIM), for dkcluster or evaluate; spotsig reads documents (ID TEXT), e.g. from htmlstrip$" spotsig pair &&
	expect_error 2 "^dkcluster: doc:1: this looks like a document stream (ID TEXT), for spotsig, qgram, dklexicon -w or imatch; dkcluster reads pairs" dkcluster doc &&
	expect_error 2 "^qgram: stdin:1: this looks like gzip data: decompress it first" qgram <gzip
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
		printf "n15\t{\"a\": 1}\n"
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

test_expect_success 'IDs that look odd are read as IDs' '
	printf "my file.html\tother file.html\t0.5\n" >p && dkcluster p >out &&
	printf "my file.html\tmy file.html\nother file.html\tmy file.html\n" >expect && test_cmp expect out &&
	printf "a=1 b=2\tc\n" >p && dkcluster p >/dev/null &&
	printf "B000:00000000000000aa\tcarried\tx=1 y=1\n" >s &&
	spotmatch --plain s >/dev/null
'

test_done

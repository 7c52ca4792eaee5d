#!/bin/sh
test_description='keep: nothing wrong passes silently: a stream given as the
keep list, a TAB in it, an empty list, -o OUT written whole or not at all,
records over --max-record'
. "$(dirname "$0")/lib.sh"

D=2024-01-01T00:00:00Z
H="application/http; msgtype=response"

test_expect_success 'setup a corpus, its clusters, pairs and keep list' '
	printf "a\tURL-a\tfirst\nb\tURL-b\tsecond\nc\tURL-c\tthird\nd\tURL-d\tfourth\n" >docs.tsv &&
	printf "a\tc\t0.900000\nb\td\t0.800000\n" >pairs.tsv &&
	cut -f 1 docs.tsv | dkcluster -a - pairs.tsv >clusters.tsv &&
	printf "a\ta\nc\ta\nb\tb\nd\tb\n" >expect && test_cmp expect clusters.tsv &&
	cut -f 1 docs.tsv | dkcluster -a - --representatives pairs.tsv >keep.txt &&
	printf "a\nb\n" >expect && test_cmp expect keep.txt
'

test_expect_success 'a cluster stream as the list: refused at line 1, with what to do' '
	expect_error 2 "^keep: clusters.tsv:1: this looks like a cluster stream (ID CLUSTER), for evaluate; keep reads a keep list, one ID a line: dkcluster --representatives writes one instead of the clusters; cut -f 1 takes column 1, if every ID there is meant\$" \
		keep clusters.tsv docs.tsv &&
	test $(wc -l <err) = 1 &&
	keep clusters.tsv docs.tsv >out 2>/dev/null;
	test_must_be_empty out
'

test_expect_success 'a pair stream as the list: refused at line 1, with what to do' '
	expect_error 2 "^keep: pairs.tsv:1: this looks like a pair stream (ID1 ID2 SIM), for dkcluster or evaluate; keep reads a keep list, one ID a line: dkcluster -a DOCS --representatives makes one of the pairs\$" \
		keep pairs.tsv docs.tsv &&
	test $(wc -l <err) = 1
'

test_expect_success 'a TAB on line 3 only: refused at its line, whatever the first lines were' '
	printf "a\nb\nc\tx\nd\n" >tab3 &&
	expect_error 2 "^keep: tab3:3: a TAB, but a keep list has one ID a line (a TAB in an ID is escaped, \\\\t): is this a cluster or pair stream? dkcluster --representatives writes the keep list instead; cut -f 1 takes column 1, if every ID there is meant\$" \
		keep tab3 docs.tsv &&
	test $(wc -l <err) = 1 &&
	printf "a\n\t\n" >tabonly &&
	expect_error 2 "^keep: tabonly:2: a TAB, but" keep tabonly docs.tsv &&
	printf "a\nb\\\\tc\n" >escaped &&
	keep --missing ignore escaped docs.tsv >out &&
	head -n 1 docs.tsv >expect && test_cmp expect out
'

test_expect_success 'an empty list with a corpus that is not: status 2, the list named' '
	: >empty &&
	expect_error 2 "^keep: empty: the keep list is empty, and the corpus is not: nothing of it would be kept (see --allow-empty)\$" \
		keep empty docs.tsv &&
	test $(wc -l <err) = 1 &&
	printf "{\"id\": \"a\"}\n" >one.jsonl &&
	expect_error 2 "^keep: empty: the keep list is empty" keep --json id empty one.jsonl
'

test_expect_success 'an empty list with --allow-empty: empty output, status 0' '
	keep --allow-empty empty docs.tsv >out 2>err &&
	test_must_be_empty out && test_must_be_empty err &&
	keep -v --allow-empty empty docs.tsv 2>err >out &&
	echo "keep: kept 0 of 4 (4 removed, 100.0%)" >expect && test_cmp expect err &&
	keep --help | grep -q -e "--allow-empty"
'

test_expect_success 'an empty list and an empty corpus: status 0, nothing said' '
	: >nodocs &&
	keep empty nodocs >out 2>err &&
	test_must_be_empty out && test_must_be_empty err &&
	keep empty <nodocs >out 2>err &&
	test_must_be_empty out && test_must_be_empty err
'

test_expect_success '-o OUT: the output of standard output, nothing on it, no file left beside' '
	mkdir o &&
	keep keep.txt docs.tsv >expect &&
	keep -o o/out keep.txt docs.tsv >stdout 2>err &&
	test_must_be_empty stdout && test_must_be_empty err &&
	test_cmp expect o/out &&
	ls -A o >names && echo out >expect && test_cmp expect names
'

# 3000 kept records of 100 bytes before the repeat: standard output has
# had most of them when keep stops, OUT none.
test_expect_success '-o OUT: a repeated ID after kept records leaves OUT absent' '
	awk "BEGIN { for (i = 1; i <= 3000; i++) printf \"k%d\\tURL\\t%090d\\n\", i, i }" >many.tsv &&
	cut -f 1 many.tsv >many.txt &&
	cat many.tsv >twice.tsv && printf "k7\tURL-a\tagain\n" >>twice.tsv &&
	keep many.txt twice.tsv >partial 2>/dev/null; test $? = 2 &&
	test $(wc -l <partial) -gt 1000 &&
	expect_error 2 "^keep: twice.tsv:3001: ID k7 already at line 7 (see --allow-repeated-ids)\$" \
		keep -o o/new many.txt twice.tsv &&
	ls -A o >names && echo out >expect && test_cmp expect names
'

test_expect_success '-o OUT: a failed run leaves an existing OUT untouched' '
	echo "old contents" >o/out && chmod 640 o/out &&
	cp o/out before &&
	expect_error 2 "already at line 7" keep -o o/out many.txt twice.tsv &&
	test_cmp before o/out &&
	expect_error 2 "^keep: empty: the keep list is empty" keep -o o/out empty docs.tsv &&
	test_cmp before o/out &&
	printf "a\nzz\n" >partial.txt &&
	expect_error 2 "^keep: partial.txt:2: ID zz not in the corpus" keep --missing error -o o/out partial.txt docs.tsv &&
	test_cmp before o/out &&
	expect_error 1 "^keep: no-such: No such file" keep -o o/out keep.txt docs.tsv no-such &&
	test_cmp before o/out &&
	ls -A o >names && echo out >expect && test_cmp expect names &&
	keep -o o/out keep.txt docs.tsv &&
	keep keep.txt docs.tsv >expect && test_cmp expect o/out &&
	ls -l o/out | cut -c 1-10 >mode && echo "-rw-r-----" >expect && test_cmp expect mode
'

test_expect_success '-o OUT: killed before the end (SIGTERM), OUT left as it was' '
	mkfifo fifo &&
	{ keep -o o/out keep.txt fifo 2>/dev/null & } &&
	pid=$! &&
	exec 7>fifo &&
	printf "a\tURL-a\tfirst\n" >&7 &&
	until ls -A o | grep -q "^\\.out\\.tmp\\."; do sleep 1; done &&
	kill -TERM $pid &&
	{ wait $pid; test $? = 143; } &&
	exec 7>&- &&
	keep keep.txt docs.tsv >expect && test_cmp expect o/out &&
	ls -A o >names && echo out >expect && test_cmp expect names
'

test_expect_success '-o: what it cannot replace is refused' '
	expect_error 2 "^keep: -o /dev/null: not a regular file, which -o replaces whole; write to standard output instead\$" \
		keep -o /dev/null keep.txt docs.tsv &&
	expect_error 1 "^keep: -o no-dir/out: " keep -o no-dir/out keep.txt docs.tsv &&
	test ! -e no-dir
'

test_expect_success '-o on JSON Lines' '
	printf "{\"id\":\"a\",\"n\":1}\n{\"id\":\"c\"}\n{\"id\":\"b\"}\r\n" >c.jsonl &&
	keep --json id -o o/j keep.txt c.jsonl &&
	printf "{\"id\":\"a\",\"n\":1}\n{\"id\":\"b\"}\r\n" >expect && test_cmp expect o/j &&
	printf "{\"id\":\"a\"}\n" >>c.jsonl &&
	expect_error 2 "^keep: c.jsonl:4: ID a already at line 1" keep --json id -o o/j2 keep.txt c.jsonl &&
	test ! -e o/j2
'

test_expect_success '-o on WARC, plain and gzip' '
	dk_http_page pa "page a" && dk_http_page pc "page c" &&
	dk_warc_record response http://a/ a $D "$H" pa >1.w &&
	dk_warc_record response http://c/ c $D "$H" pc >2.w &&
	cat 1.w 2.w >t.warc &&
	gzip -n <1.w >t.warc.gz && gzip -n <2.w >>t.warc.gz &&
	keep --missing ignore -o o/w keep.txt t.warc && test_cmp 1.w o/w &&
	keep --missing ignore -o o/w.gz keep.txt t.warc.gz && gzip -n <1.w >expect && cmp expect o/w.gz &&
	cat 1.w 2.w 1.w >twice.warc &&
	expect_error 2 "^keep: twice.warc: offset [0-9]*: ID a already at offset 0" \
		keep -o o/w2 keep.txt twice.warc &&
	test ! -e o/w2
'

# The reader skips a record over --max-record (common/stream.c; the
# policy of dupkit-formats(5)): keep names it, goes on and ends with 1.
# WARC records over the limit: t7350.
test_expect_success 'a corpus record over --max-record: skipped, named, status 1, the rest written' '
	printf "a\tURL-a\tfirst\nb\tURL-b\t%s\nc\tURL-c\tthird\nd\tURL-d\tx\n" \
		"a text longer than forty bytes, by a good deal" >long.tsv &&
	expect_error 1 "^keep: long.tsv:2: record longer than 40 bytes skipped (see --max-record)\$" \
		keep --max-record 40 keep.txt long.tsv &&
	printf "%s\n" "keep: long.tsv:2: record longer than 40 bytes skipped (see --max-record)" \
		"keep: keep.txt:2: ID b not in the corpus" >expect && test_cmp expect err &&
	keep --max-record 40 keep.txt long.tsv >out 2>/dev/null;
	head -n 1 long.tsv >expect && test_cmp expect out &&
	keep -v --max-record 40 keep.txt long.tsv 2>err >/dev/null;
	printf "%s\n" "keep: long.tsv:2: record longer than 40 bytes skipped (see --max-record)" \
		"keep: keep.txt:2: ID b not in the corpus" \
		"keep: kept 1 of 3 (2 removed, 66.7%), and 1 record skipped (see --max-record)" >expect &&
	grep -v "skipped (longer than" err >err.keep && test_cmp expect err.keep
'

test_expect_success 'a keep-list line over --max-record: skipped, named, status 1' '
	printf "a\nan ID much longer than the limit\nb\n" >longlist &&
	expect_error 1 "^keep: longlist:2: record longer than 20 bytes skipped (see --max-record)\$" \
		keep --max-record 20 longlist docs.tsv &&
	keep --max-record 20 longlist docs.tsv >out 2>/dev/null;
	printf "a\tURL-a\tfirst\nb\tURL-b\tsecond\n" >expect && test_cmp expect out
'

test_expect_success '-o OUT: records skipped over --max-record (status 1), OUT written as standard output is' '
	mkdir s &&
	expect_error 1 "^keep: long.tsv:2: record longer than 40 bytes skipped" \
		keep --max-record 40 -o s/skip keep.txt long.tsv &&
	head -n 1 long.tsv >expect && test_cmp expect s/skip &&
	expect_error 1 "^keep: longlist:2: record longer than 20 bytes skipped" \
		keep --max-record 20 -o s/list longlist docs.tsv &&
	printf "a\tURL-a\tfirst\nb\tURL-b\tsecond\n" >expect && test_cmp expect s/list &&
	ls -A s >names && printf "list\nskip\n" >expect && test_cmp expect names
'

test_expect_success '-o OUT: a record skipped, then bad input (status 2): OUT as it was' '
	cp s/skip before &&
	expect_error 2 "^keep: keep.txt:2: ID b not in the corpus" \
		keep --missing error --max-record 40 -o s/skip keep.txt long.tsv &&
	test_cmp before s/skip &&
	printf "a\tURL-a\tfirst\nb\tURL-b\t%s\na\tURL-a\tagain\n" \
		"a text longer than forty bytes, by a good deal" >long2.tsv &&
	expect_error 2 "^keep: long2.tsv:3: ID a already at line 1" \
		keep --max-record 40 -o s/skip keep.txt long2.tsv &&
	test_cmp before s/skip &&
	ls -A s >names && printf "list\nskip\n" >expect && test_cmp expect names
'

test_done

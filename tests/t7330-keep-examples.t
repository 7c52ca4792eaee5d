#!/bin/sh
test_description='dkdedup: the whole job on the bundled pages as a document
stream, as JSON Lines and as a web archive'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
H="application/http; msgtype=response"
D=2024-05-01T00:00:00Z

# The 13 pages tell 7 stories: at 0.4 the first page of each is kept.

# dkdedup's closing line for OUT $1
summary() {
	echo "dkdedup: 13 documents, 7 kept, 6 removed (0 exact copies, 6 near copies: see $1.removed), 0 too short to judge (kept)"
}
test_expect_success 'setup: the pages as TSV, JSON Lines and WARC' '
	(cd "$top/examples/pages" && htmlstrip *.html) >docs.tsv &&
	printf "%s\n" blog-garden.html blog-solar.html gazette-bridge.html gazette-ferry.html \
		gazette-museum.html radio-festival.html wire-weather.html >expect.ids &&
	i=0 &&
	for f in "$top"/examples/pages/*.html; do
		i=$((i + 1)) &&
		{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" && cat "$f"; } >page &&
		dk_warc_record response "http://pages/${f##*/}" "urn:uuid:$i" $D "$H" page >r$i.w &&
		gzip -n <r$i.w >>pages.warc.gz || return 1
	done
'

test_expect_success 'tsv: the deduplicated stream, records unchanged' '
	dkdedup -t 0.4 tsv docs.tsv out.tsv 2>err &&
	cut -f 1 out.tsv >ids && test_cmp expect.ids ids &&
	grep -F -f expect.ids docs.tsv >expect && test_cmp expect out.tsv &&
	echo "keep: kept 7 of 13 (6 removed, 46.2%)" >expect.err &&
	{ cat expect.err && summary out.tsv; } >expect && test_cmp expect err
'

test_expect_success 'jsonl: the same pages as JSON objects, numeric IDs, text with real line breaks' '
	if ! command -v jq >/dev/null
	then
		echo "jq is missing: .ci/deps installs it" >&2
		return 1
	fi &&
	awk -F "\t" "{ print NR \"\t\" \$0 }" docs.tsv |
		jq -R -c "split(\"\t\") | { n: (.[0] | tonumber), name: .[1], body: (.[2] | gsub(\"\\\\\\\\n\"; \"\n\")) }" >docs.jsonl &&
	test $(grep -c "\\\\n" docs.jsonl) = 13 &&
	dkdedup -t 0.4 --json n,body jsonl docs.jsonl out.jsonl 2>err &&
	jq -r .name out.jsonl >ids && test_cmp expect.ids ids &&
	grep -F -f expect.ids docs.jsonl >expect && test_cmp expect out.jsonl &&
	{ cat expect.err && summary out.jsonl; } >expect && test_cmp expect err
'

test_expect_success 'warc: a smaller .warc.gz, members copied' '
	dkdedup -t 0.4 warc pages.warc.gz out.warc.gz 2>err &&
	htmlstrip out.warc.gz | cut -f 3 | sed "s|^http://pages/||" >ids &&
	test_cmp expect.ids ids &&
	for n in 1 2 3 4 5 8 13; do gzip -n <r$n.w || return 1; done >expect &&
	test_cmp expect out.warc.gz &&
	printf "keep: pages.warc.gz: 13 records, 13 captures, 7 kept\nkeep: kept 7 of 13 (6 removed, 46.2%%)\n" >expect.err &&
	summary out.warc.gz >>expect.err &&
	test_cmp expect.err err
'

test_expect_success 'usage errors' '
	expect_error 2 "^usage: dkdedup" dkdedup tsv docs.tsv &&
	expect_error 2 "^dkdedup: the format is csv: not tsv, jsonl or warc" dkdedup csv docs.tsv out
'

test_done

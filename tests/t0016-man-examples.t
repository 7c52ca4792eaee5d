#!/bin/sh
test_description='the EXAMPLES of every man page run (status 0) on small inputs of the names they use'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
pages=$(cd "$top/cmd" && for c in *; do basename "$c" .c; done | sort -u)
# the examples are written for bash (set -o pipefail)
command -v bash >/dev/null && test_set_prereq BASH

# man_examples PAGE: the commands of PAGE's EXAMPLES as files ex.1, ex.2,
# ...: each .Dl line (with the .Dl lines after one that ends in '|'), and
# each .Bd -literal block, the man escapes decoded.
man_examples() {
	awk 'function emit(s) { n++; f = "ex." n; printf "%s\n", s > f; close(f) }
	function plain(s) {
		gsub(/\\\\/, "\001", s); gsub(/\\&/, "", s); gsub(/\\\(aq/, "\047", s)
		gsub(/\\-/, "-", s); gsub(/\\e/, "\\", s); gsub(/\001/, "\\", s)
		return s
	}
	/^\.Sh/ { on = ($2 == "EXAMPLES"); next }
	!on { next }
	lit && /^\.Ed/ { lit = 0; emit(block); next }
	lit { block = block (block == "" ? "" : "\n") plain($0); next }
	/^\.Bd -literal/ { lit = 1; block = ""; next }
	/^\.Dl / {
		s = plain(substr($0, 5)); sub(/^ +/, "", s)
		cmd = cmd (cmd == "" ? "" : "\n") s
		if (s !~ /\|$/) { emit(cmd); cmd = "" }
	}' "$1"
}

# example_files: the files the examples name, small: 5 stories of 4
# versions (docs.tsv, as pages, WARC, JSON Lines, signatures, pairs) and a
# document too short for I-Match
example_files() {
	awk 'BEGIN { srand(7); split("the a an is was be are will can have do of and to in for on that with as by at from it this", w, " ");
		for (s = 0; s < 5; s++) {
			for (i = 1; i <= 90; i++) b[i] = i % 2 ? w[1 + int(rand() * 26)] : "w" int(rand() * 400);
			for (v = 0; v < 4; v++) {
				for (i = 1; i <= 90; i++) c[i] = b[i];
				for (j = 0; j < v * 4; j++) c[1 + int(rand() * 90)] = "w" int(rand() * 400);
				printf "d%d\t", s * 4 + v + 1;
				for (i = 1; i <= 90; i++) printf "%s%s", c[i], i < 90 ? " " : "\n" } } }' >docs.tsv&& printf "d21\tthe city of the year\n" >>docs.tsv &&
	awk -F "\t" '{ printf "%s\tg%d\n", $1, int((substr($1, 2) - 1) / 4) }' docs.tsv >gold.tsv &&
	awk -F "\t" '{ printf "%s\t%d\t%s\n", $1, NR % 7, $2 }' docs.tsv >scored.tsv &&
	mkdir pages corpus corpus/docs ref new out &&
	while IFS="$(printf "\t")" read -r id text; do
		printf "<html><head><title>%s</title></head><body><p>%s</p></body></html>\n" "$id" "$text" >pages/$id.html &&
		cp pages/$id.html corpus/docs/ && cp pages/$id.html ref/ && cp pages/$id.html new/ && cp pages/$id.html . &&
		printf "{\"id\":\"pages/%s.html\",\"url\":\"%s\",\"body\":\"%s\",\"html\":\"<p>%s</p>\"}\n" "$id" "$id" "$text" "$text" >>corpus.jsonl &&
		printf "%s\t<p>%s</p>\n" "$id" "$text" >>pages.tsv &&
		printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body><p>%s</p></body></html>" "$text" >block &&
		dk_warc_record response "http://example.org/$id" "urn:uuid:$id" 2024-01-01T00:00:00Z "application/http; msgtype=response" block >>crawl.warc || return 1
	done <docs.tsv &&
	gzip -c pages/d1.html >pages/z.html.gz &&
	(cd corpus/docs && htmlstrip *.html) >corpus/docs.tsv &&
	awk -F "\t" "{ printf \"%s.html\t%s\n\", \$1, \$2 }" gold.tsv >corpus/gold.tsv &&
	gzip -c crawl.warc >crawl.warc.gz && cp crawl.warc.gz crawl-1.warc.gz && cp crawl.warc.gz feed.warc.gz &&
	gzip -c corpus.jsonl >corpus.jsonl.gz && cp corpus.jsonl.gz crawl.jsonl.gz &&
	cp corpus.jsonl shard-1.jsonl && cp corpus.jsonl shard-2.jsonl &&
	for f in mail spam news relnotes reference transcripts ref crawl archive sample small feed; do
		cp docs.tsv $f.tsv || return 1
	done &&
	awk "NR % 2" docs.tsv >part1.tsv && awk "NR % 2 == 0" docs.tsv >part2.tsv &&
	cp part1.tsv s1.tsv && cp part2.tsv s2.tsv &&
	spotsig docs.tsv >sigs.tsv && spotsig part1.tsv >part1.sigs && spotsig part2.tsv >part2.sigs &&
	cp part1.sigs sigs.1 && cp part2.sigs sigs.2 && cp part1.sigs clean.sigs && cp part2.sigs new.sigs &&
	spotmatch -t 0.1 sigs.tsv >pairs.tsv && cp pairs.tsv spotsigs.pairs &&
	qgram -w 3 docs.tsv | spotmatch -t 0.1 >shingles.pairs
}

test_expect_success BASH 'setup: the files the examples name' '
	mkdir base && (cd base && example_files) &&
	test $(wc -l <base/docs.tsv) = 21 && test -s base/pairs.tsv
'

test_expect_success BASH 'the examples are found: a .Dl line, a continued one, a block' '
	cat >page.1 <<-\EOP &&
	.Sh EXAMPLES
	.Dl spotsig docs.tsv | spotmatch -t 0.5 |
	.Dl \& dkcluster >c.tsv
	.Bd -literal
	sort -t "$(printf \(aq\et\(aq)" c.tsv |
	    awk \(aq{ print "\\t" }\(aq
	.Ed
	.Dl cut -f 1 \-\-x
	.Sh SEE ALSO
	.Dl not an example
	EOP
	man_examples page.1 &&
	cat >expect <<-\EOP &&
	spotsig docs.tsv | spotmatch -t 0.5 |
	dkcluster >c.tsv
	sort -t "$(printf '\''\t'\'')" c.tsv |
	    awk '\''{ print "\t" }'\''
	cut -f 1 --x
	EOP
	cat ex.1 ex.2 ex.3 >actual && test_cmp expect actual &&
	! test -f ex.4
'

for p in $pages; do
	test_expect_success BASH "$p: the EXAMPLES run" '
		rm -rf x && cp -r base x &&
		(
			cd x && man_examples "$top/man/$p.1" && test -f ex.1 &&
			for f in $(ls ex.* | sort -t . -k 2n); do
				bash -e -o pipefail $f >/dev/null 2>err
				rc=$?
				# 141: SIGPIPE, a command cut short by head
				case $rc in
				0|141) ;;
				*) echo "$p $f: status $rc:"; cat $f err; exit 1 ;;
				esac
			done
		)
	'
done

test_done

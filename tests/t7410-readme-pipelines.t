#!/bin/sh
test_description='README: its pipelines run after set -o pipefail, so that
a stage that fails fails the line (issue 32, case 5); the lines are taken
from README itself'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
command -v bash >/dev/null && test_set_prereq BASH

# README's sh blocks, one line a line, continuation lines joined
readme_sh() {
	awk '/^```sh/ { b = 1; next } /^```/ { b = 0 } b' "$top/README.md" |
		awk '/\|$/ { printf "%s ", $0; next } { print }'
}
# the README line whose text begins with $1
readme_line() {
	readme_sh | grep -F -m 1 -e "$1"
}

test_expect_success 'set -o pipefail comes before the first pipeline of dupkit programs' '
	readme_sh | grep -n -E "set (-e )?-o pipefail|^[a-z].*\\| *(spotsig|spotmatch|qgram|minhash|imatch|dkcluster|keep|evaluate)" >lines &&
	head -n 1 lines | grep "set .*-o pipefail"
'

test_expect_success 'setup: two pages and a PDF among them' '
	mkdir pages &&
	printf "<html><body><p>%s</p></body></html>\n" \
		"the ferry to the island runs twice a day in the winter months and four times in summer" >pages/a.html &&
	cp pages/a.html pages/b.html &&
	printf "%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" >pages/c.html
'

test_expect_success BASH 'the SpotSigs line: htmlstrip skips the PDF (status 1), and so does the line' '
	line=$(readme_line "htmlstrip pages/*.html | spotsig --idf 0.2:0.85 | spotmatch -t 0.2") &&
	test -n "$line" &&
	{ bash -c "set -o pipefail; $line" 2>err; echo $? >status; } &&
	echo 1 >expect && test_cmp expect status &&
	grep "^htmlstrip: pages/c.html: not an HTML page (PDF document): skipped\$" err &&
	{ bash -c "$line" 2>/dev/null; echo $? >status; } &&
	echo 0 >expect && test_cmp expect status
'

test_expect_success BASH 'what dkdedup runs, by hand: a bad escape stops the line at spotsig, nothing after it runs' '
	printf "a\tthe cat sat on the mat\nb\tC:\\\\Users\\\\me\n" >docs.tsv &&
	line=$(readme_line "-m 8 docs.tsv | spotmatch") &&
	test -n "$line" &&
	rm -f keep.txt &&
	{ bash -c "set -o pipefail; $line dkcluster -a docs.tsv --representatives pairs.tsv >keep.txt" 2>err
	  echo $? >status; } &&
	echo 2 >expect && test_cmp expect status &&
	grep "^spotsig: docs.tsv:2: invalid escape" err &&
	test ! -e keep.txt
'

test_done

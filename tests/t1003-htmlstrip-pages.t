#!/bin/sh
test_description='htmlstrip: real pages, robustness on hostile input'
. "$(dirname "$0")/lib.sh"

# On average at least 99% of the words of the hand-marked content of a page
# (lower-cased \w+ words of <id>.txt) are in htmlstrip's text of it.
test_expect_success SHARED 'real pages keep their content words' '
	htmlstrip "$DK_SHARED"/corpora/pages/*/*.html.gz >out.tsv &&
	test $(wc -l <out.tsv) = $(ls "$DK_SHARED"/corpora/pages/*/*.html.gz | wc -l) &&
	iconv -f UTF-8 -t UTF-8 out.tsv >/dev/null &&
	/usr/bin/python3 - out.tsv >score <<-\EOF &&
	import re, sys
	total = n = 0
	for line in open(sys.argv[1], "rb"):
	    path, text = line.rstrip(b"\n").split(b"\t", 1)
	    have = set(re.findall(r"\w+", text.decode().replace("\\n", "\n").lower()))
	    ref = open(path[:-len(".html.gz")] + b".txt", "rb").read()
	    words = re.findall(r"\w+", ref.decode("utf-8", "replace").lower())
	    if words:
	        total += sum(w in have for w in words) / len(words)
	        n += 1
	print("%.4f" % (total / n))
	EOF
	cat score &&
	awk "{ exit !(\$1 >= 0.99) }" score
'

test_expect_success 'deep nesting and a long single line' '
	n=100000 && test -z "$DK_SLOW" || n=10000 &&
	awk -v n=$n "BEGIN { for (i = 0; i < n; i++) printf \"<div><span>\"; printf \"deep\"; for (i = 0; i < n; i++) printf \"</span></div>\"; }" >deep.html &&
	htmlstrip deep.html >actual &&
	printf "deep.html\tdeep\n" >expect &&
	test_cmp expect actual &&
	awk -v n=$n "BEGIN { for (i = 0; i < n; i++) printf \"<svg>\"; printf \"x\"; for (i = 0; i < n; i++) printf \"</svg>\"; printf \"y\" }" >svg.html &&
	htmlstrip svg.html >actual &&
	printf "svg.html\ty\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'unterminated constructs near the start' '
	printf "0123456789<!-- " >c.html && head -c 100000 /dev/zero | tr "\\0" x >>c.html &&
	printf "<script>x" >s.html &&
	printf "<p title=\"x" >t.html &&
	printf "<title>T<p>text</p><style>p {}<p>more" >u.html &&
	printf "&#x1111111111111111111111111" >r.html &&
	htmlstrip c.html s.html t.html r.html u.html >actual &&
	printf "c.html\t0123456789\ns.html\t\nt.html\t\nr.html\t\357\277\275\nu.html\ttext\\\\nmore\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'random bytes and random markup: valid UTF-8 out, no crash' '
	for i in 1 2 3 4 5 6 7 8; do
		head -c 30000 /dev/urandom | tr "\000-\377" "<<>>&&;;!!--\"\"ab /=#x\000\n\200\351\303pscrit_" >>fuzz$i.html ||
		return 1
	done &&
	htmlstrip fuzz*.html >actual &&
	test $(wc -l <actual) = 8 &&
	iconv -f UTF-8 -t UTF-8 actual >/dev/null
'

test_done

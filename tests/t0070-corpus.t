#!/bin/sh
test_description='the corpus reader: a document stream or JSON Lines (--json ID[,TEXT]), either gzipped, give the same documents, IDs and output to every reader of documents (and WARC to htmlstrip and keep)'
. "$(dirname "$0")/lib.sh"

# the programs that read document text, each with its arguments
readers='spotsig -a the,is,a
spotsig --idf 0.1:1 -m 3
qgram -q 3
qgram -w 2 --checksum
dklexicon -w
imatch -L lex -m 2 -K 2'

# each reader on IN, its output into OUT.N: run_all OUT IN [OPTION...]
run_all() {
	_out=$1 _in=$2
	shift 2
	_i=0
	printf "%s\n" "$readers" >readers.list &&
	while read -r _p; do
		_i=$((_i + 1))
		$_p "$@" "$_in" >"$_out.$_i" || { echo >&2 "failed: $_p $* $_in"; return 1; }
	done <readers.list
}

# same_all A B: the outputs of run_all A and run_all B are equal
same_all() {
	for _f in "$1".*; do
		test_cmp "$_f" "$2.${_f##*.}" || return 1
	done
}

# tsv2jsonl [MEMBERS]: a document stream (ID TAB TEXT) on stdin as JSON
# Lines on stdout, the text unescaped; an ID of digits alone written as an
# integer on every other line (the first, the third...), and a member "extra" that is ignored
cat >tsv2jsonl.py <<'EOF'
import json, sys
from dktsv import unescape
idm, textm = (sys.argv[1] if len(sys.argv) > 1 else "id,text").split(",")
for k, line in enumerate(sys.stdin.buffer):
    line = line.decode("utf-8").rstrip("\n")
    i, t = line.split("\t", 1)
    iv = int(i) if i.isdigit() and k % 2 == 0 else unescape(i)
    obj = [("extra", [k, {"x": None}]), (textm, unescape(t)), (idm, iv)]
    if k % 3 == 0:
        obj.reverse()
    print(json.dumps(dict(obj), ensure_ascii=k % 2 == 0))
EOF

test_expect_success 'setup: a lexicon for imatch' '
	dk_gen --text -v 200 -l 5:40 -s 9 200 >lexdocs &&
	dklexicon -w lexdocs >lex
'

test_expect_success 'JSON Lines give the documents of the document stream, in their order' '
	printf "a\tThe cat is on the mat and the dog is in the house\nb\\\\tc\tWe have been there and\\\\tthe rain is falling\\\\n\n7\tit is\n" >d.tsv &&
	dk_python tsv2jsonl.py <d.tsv >d.jsonl &&
	cat >expect.jsonl <<-\EOF &&
	{"id": "a", "text": "The cat is on the mat and the dog is in the house", "extra": [0, {"x": null}]}
	{"extra": [1, {"x": null}], "text": "We have been there and\tthe rain is falling\n", "id": "b\tc"}
	{"extra": [2, {"x": null}], "text": "it is", "id": 7}
	EOF
	test_cmp expect.jsonl d.jsonl &&
	spotsig -a the,is d.tsv >expect &&
	spotsig -a the,is --json id d.jsonl >actual &&
	test_cmp expect actual &&
	printf "a\tthe:cat:on=1 is:on:mat=1 the:mat:dog=1 the:dog:in=1 is:in:house=1 the:house=1\nb\\\\tc\tthe:rain:falling=1 is:falling=1\n7\t!short\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--json ID,TEXT names the members; blank lines hold no document' '
	printf "{\"url\": \"u1\", \"body\": \"a rose is a rose\", \"id\": 5, \"text\": 3}\n \t\n\n{\"body\": \"is a rose\", \"url\": \"u2\"}\n" >m.jsonl &&
	qgram -w 2 --json url,body m.jsonl >actual &&
	printf "u1\ta:rose=2 rose:is=1 is:a=1\nu2\tis:a=1 a:rose=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an integer ID is the decimal a TSV stream holds for it' '
	printf "{\"id\": -12, \"text\": \"abc\"}\n{\"id\": 18446744073709551614, \"text\": \"abc\"}\n" >i.jsonl &&
	qgram -q 3 --json id i.jsonl >actual &&
	printf "%s\tabc=1\n" -12 18446744073709551614 >expect &&
	test_cmp expect actual
'

test_expect_success 'a bad JSON line is an error at FILE:LINE, exit 2' '
	printf "{\"id\": \"a\", \"text\": \"x\"}\n" >ok &&
	for p in "spotsig" "qgram" "dklexicon -w" "imatch -L lex"; do
		{ cat ok && printf "{\"id\": \"b\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: no member \"text\" (the text, --json)$" $p --json id bad &&
		{ cat ok && printf "{\"text\": \"b\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: no member \"id\" (the ID, --json)$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"b\", \"text\": 3}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: member \"text\" (the text) is a number, not a string$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"b\", \"text\": null}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: member \"text\" (the text) is null, not a string$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"b\", \"text\": \"x\"\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: JSON value cut short at the end of the line$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"b\", \"text\": \"x\"} 1\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: invalid JSON at byte 26" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"b\" \"text\": \"x\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: invalid JSON at byte 12: object value separator" $p --json id bad &&
		{ cat ok && printf "[\"b\", \"x\"]\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: not a JSON object$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"\", \"text\": \"x\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: member \"id\" (the ID) is an empty string$" $p --json id bad &&
		{ cat ok && printf "{\"id\": 1.5, \"text\": \"x\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: member \"id\" (the ID) is a number with a fraction" $p --json id bad &&
		{ cat ok && printf "{\"id\": [1], \"text\": \"x\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: member \"id\" (the ID) is an array$" $p --json id bad &&
		{ cat ok && printf "{\"id\": \"a\", \"text\": \"y\"}\n"; } >bad &&
		expect_error 2 "^${p%% *}: bad:2: ID a already at line 1" $p --json id bad || return 1
	done
'

test_expect_success 'a repeated ID: the same in both formats, and --allow-repeated-ids' '
	printf "{\"id\": 3, \"text\": \"abc\"}\n{\"id\": \"3\", \"text\": \"abd\"}\n" >r.jsonl &&
	expect_error 2 "^qgram: r.jsonl:2: ID 3 already at line 1" qgram --json id r.jsonl &&
	qgram -q 3 --allow-repeated-ids --json id r.jsonl >actual &&
	printf "3\tabc=1\n3\tabd=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'invalid UTF-8 in a JSON text: an error, or U+FFFD with --replace-invalid' '
	printf "{\"id\": \"a\", \"text\": \"ab\377cd\"}\n" >u.jsonl &&
	expect_error 2 "^qgram: u.jsonl:1: invalid UTF-8 in member \"text\" (byte 0xFF at byte 3 of the text)" qgram -q 2 --json id u.jsonl &&
	printf "a\tab\377cd\n" >u.tsv &&
	qgram -q 2 --replace-invalid u.tsv >expect &&
	qgram -q 2 --replace-invalid --json id u.jsonl >actual &&
	test_cmp expect actual &&
	spotsig --replace-invalid -a ab --json id u.jsonl >actual &&
	printf "a\tab:cd=1\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--json is checked' '
	expect_error 2 "^spotsig: --json id,: expected ID or ID,TEXT" spotsig --json id, ok &&
	expect_error 2 "^spotsig: --json ,text: expected ID or ID,TEXT" spotsig --json ,text ok &&
	expect_error 2 "^spotsig: --json a,b,c: expected ID or ID,TEXT" spotsig --json a,b,c ok &&
	expect_error 2 "^spotsig: --json x,x: the ID and the text are the same member" spotsig --json x,x ok &&
	expect_error 2 "^dklexicon: --json needs -w" dklexicon --json id ok &&
	expect_error 2 "^imatch: --json and -S exclude each other" imatch -S -L lex --json id ok
'

test_expect_success 'gzip: read by its magic, member after member, on a pipe too' '
	gzip -c d.tsv >d.tsv.gz && cp d.tsv.gz plain-name &&
	spotsig -a the,is d.tsv >expect &&
	spotsig -a the,is plain-name >actual && test_cmp expect actual &&
	spotsig -a the,is <d.tsv.gz >actual && test_cmp expect actual &&
	head -n 1 d.tsv | gzip -c >two.gz && tail -n +2 d.tsv | gzip -c >>two.gz &&
	spotsig -a the,is two.gz >actual && test_cmp expect actual &&
	gzip -c d.jsonl >d.jsonl.gz &&
	spotsig -a the,is --json id d.jsonl.gz >actual && test_cmp expect actual
'

test_expect_success 'damaged or truncated gzip is an error, exit 2' '
	size=$(wc -c <d.tsv.gz) &&
	head -c $((size - 4)) d.tsv.gz >cut.gz &&
	expect_error 2 "^qgram: cut.gz: offset [0-9]*: truncated gzip member$" qgram cut.gz &&
	{ cat d.tsv.gz && printf "junk"; } >junk.gz &&
	expect_error 2 "^qgram: junk.gz: offset $size: not a gzip member" qgram junk.gz &&
	{ head -c 20 d.tsv.gz && printf "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"; } >bad.gz &&
	expect_error 2 "^qgram: bad.gz: damaged gzip data" qgram bad.gz
'

test_expect_success 'property: random corpora in either format, gzipped or not, give the same output to every reader' '
	for seed in 1 2 3 4 5; do
		# the documents with a TAB, a line feed and an accented letter
		dk_gen --text -p "" -v 150 -l 0:60 --stop 0.3 --copy 0.3 --drop 0.1 -s $seed 120 |
		awk -F "\t" "NR % 7 == 3 { \$2 = \$2 \"\\\\\\\\t\\\\\\\\n\303\251\" } { print }" OFS="\t" >c.tsv &&
		test $(grep -ac "\\\\t" c.tsv) -gt 10 &&
		dk_python tsv2jsonl.py <c.tsv >c.jsonl &&
		dk_python tsv2jsonl.py url,body <c.tsv >c2.jsonl &&
		gzip -c c.tsv >c.tsv.gz && gzip -c c.jsonl >c.jsonl.gz &&
		run_all tsv c.tsv &&
		run_all tgz c.tsv.gz &&
		run_all json c.jsonl --json id &&
		run_all jgz c.jsonl.gz --json id &&
		run_all j2 c2.jsonl --json url,body &&
		same_all tsv tgz && same_all tsv json && same_all tsv jgz && same_all tsv j2 || return 1
	done
'

# pages.py TSV: the documents of a document stream (ID TAB TEXT) as web
# pages, each its text in a paragraph, written as a stream of pages
# (pages.tsv), JSON Lines (pages.jsonl, the page in "html") and a WARC file
# of one response a page named by its ID (pages.warc), and gzipped: a
# member a record (pages.warc.gz) and the others whole
cat >pages.py <<'EOF'
import gzip, json, sys
from dktsv import escape, unescape
tsv, js, warc, wgz = [], [], [], []
for k, line in enumerate(open(sys.argv[1], encoding="utf-8")):
    i, t = line.rstrip("\n").split("\t", 1)
    html = "<html><body><p>" + unescape(t).replace("&", "&amp;").replace("<", "&lt;") + "</p></body></html>"
    tsv.append(i + "\t" + escape(html) + "\n")
    js.append(json.dumps({"html": html, "id": int(i) if k % 2 else i}) + "\n")
    block = ("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + html).encode()
    rec = ("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://x/%s\r\n"
           "WARC-Record-ID: <%s>\r\nWARC-Date: 2026-01-01T00:00:00Z\r\n"
           "Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
           % (i, i, len(block))).encode() + block + b"\r\n\r\n"
    warc.append(rec)
    wgz.append(gzip.compress(rec, mtime=0))
open("pages.tsv", "w", encoding="utf-8").write("".join(tsv))
open("pages.jsonl", "w", encoding="utf-8").write("".join(js))
open("pages.warc", "wb").write(b"".join(warc))
open("pages.warc.gz", "wb").write(b"".join(wgz))
for f in ("pages.tsv", "pages.jsonl"):
    open(f + ".gz", "wb").write(gzip.compress(open(f, "rb").read(), mtime=0))
EOF

# ids.py FILE MEMBER: the IDs of JSON Lines as a TSV stream holds them
cat >ids.py <<'EOF'
import json, sys
from dktsv import escape
for line in open(sys.argv[1], encoding="utf-8"):
    v = json.loads(line)[sys.argv[2]]
    print(v if isinstance(v, int) else escape(v))
EOF

test_expect_success 'property: pages as a stream, JSON Lines or WARC, gzipped or not: the same text from htmlstrip, the same records from keep' '
	for seed in 1 2 3; do
		dk_gen --text -p "" -v 150 -l 0:40 --stop 0.3 --copy 0.3 -s $seed 60 |
		awk -F "\t" "NR % 5 == 2 { \$2 = \$2 \"\\\\\\\\t<b>\303\251\" } { print }" OFS="\t" >c.tsv &&
		dk_python pages.py c.tsv &&
		htmlstrip <pages.tsv >h.tsv &&
		test $(wc -l <h.tsv) = 60 &&
		htmlstrip <pages.tsv.gz >h.tgz && test_cmp h.tsv h.tgz &&
		htmlstrip --json id,html pages.jsonl >h.json && test_cmp h.tsv h.json &&
		htmlstrip --json id,html <pages.jsonl.gz >h.jgz && test_cmp h.tsv h.jgz &&
		htmlstrip pages.warc | cut -f 1,4 >h.warc && test_cmp h.tsv h.warc &&
		htmlstrip pages.warc.gz | cut -f 1,4 >h.wgz && test_cmp h.tsv h.wgz &&
		awk "NR % 3 == 1" c.tsv | cut -f 1 >list &&
		keep list pages.tsv >k.tsv && cut -f 1 k.tsv >kept && test_cmp list kept &&
		keep list pages.tsv.gz >k.tgz && test_cmp k.tsv k.tgz &&
		keep --json id list pages.jsonl >k.json &&
		dk_python ids.py k.json id >kept && test_cmp list kept &&
		keep --json id list pages.jsonl.gz >k.jgz && test_cmp k.json k.jgz &&
		keep list pages.warc >k.warc && htmlstrip k.warc | cut -f 1 >kept && test_cmp list kept &&
		keep list pages.warc.gz >k.wgz && htmlstrip k.wgz | cut -f 1 >kept && test_cmp list kept &&
		htmlstrip <k.tsv >hk.tsv && htmlstrip --json id,html k.json >hk.json &&
		test_cmp hk.tsv hk.json || return 1
	done
'

test_done

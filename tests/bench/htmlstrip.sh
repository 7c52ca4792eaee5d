#!/bin/sh
# htmlstrip throughput on the shared real pages, against lxml's
# text_content() on the same files in the same run.  The pages are first
# decompressed into a directory (so gzip is not measured) and into one
# document stream; both programs read the directory, htmlstrip the stream
# too.  Figures: wall-clock and CPU (user+sys) time, best of three for
# htmlstrip; MB are 10^6 bytes of HTML.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
py=/usr/bin/python3
dir=$BENCH_TMP/htmlstrip-pages
tsv=$BENCH_TMP/htmlstrip-pages.tsv

if ! test -s "$tsv" || ! test -d "$dir"; then
	rm -rf "$dir" && mkdir -p "$dir" &&
	$py - "$DK_SHARED/corpora/pages" "$dir" >"$tsv" <<-\EOF || exit 1
	import glob, gzip, os, sys
	out = sys.stdout.buffer
	for f in sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.html.gz"))):
	    d = gzip.open(f).read()
	    name = f.split(os.sep)[-2] + "-" + os.path.basename(f)[:-3]
	    open(os.path.join(sys.argv[2], name), "wb").write(d)
	    for a, b in ((b"\\", b"\\\\"), (b"\t", b"\\t"), (b"\n", b"\\n"), (b"\r", b"\\r")):
	        d = d.replace(a, b)
	    out.write(name.encode() + b"\t" + d + b"\n")
	EOF
fi
bytes=$(cat "$dir"/* | wc -c)
docs=$(ls "$dir" | wc -l)
echo "input: $docs pages, $bytes bytes of HTML, decompressed into $dir and $tsv"

# timed LABEL CMD...: runs CMD, sets wall and cpu (seconds).
timed() {
	if test -x /usr/bin/time; then
		/usr/bin/time -f "%e %U %S" -o "$BENCH_TMP/time" "$@" >/dev/null || exit 1
		wall=$(awk '{ print $1 }' "$BENCH_TMP/time")
		cpu=$(awk '{ print $2 + $3 }' "$BENCH_TMP/time")
	else
		t0=$(now)
		"$@" >/dev/null || exit 1
		wall=$(elapsed "$t0" "$(now)")
		cpu=$wall
	fi
}

# best3 CMD...: best wall and best CPU time of three runs.
best3() {
	bw= bc=
	for i in 1 2 3; do
		timed "$@"
		bw=$(awk -v a="$bw" -v b="$wall" 'BEGIN { print (a == "" || b < a) ? b : a }')
		bc=$(awk -v a="$bc" -v b="$cpu" 'BEGIN { print (a == "" || b < a) ? b : a }')
	done
}

cd "$dir" || exit 1
best3 htmlstrip -- *
ow=$bw oc=$bc
echo "htmlstrip, file operands: wall ${ow}s = $(rate "$bytes" "$ow") MB/s, cpu ${oc}s = $(rate "$bytes" "$oc") MB/s"
best3 sh -c 'exec htmlstrip <"$1"' sh "$tsv"
echo "htmlstrip, document stream on stdin: wall ${bw}s = $(rate "$bytes" "$bw") MB/s, cpu ${bc}s = $(rate "$bytes" "$bc") MB/s"

if ! $py -c "import lxml.html" 2>/dev/null; then
	echo "skip: no lxml for $py"
	exit 0
fi
cat >"$BENCH_TMP/htmlstrip-lxml-bench.py" <<-\EOF
import os, sys, lxml.html, lxml.etree
n = 0
for name in sorted(os.listdir(".")):
    with open(name, "rb") as f:
        html = f.read()
    try:
        n += len(lxml.html.document_fromstring(html).text_content())
    except (lxml.etree.ParserError, ValueError):
        pass
EOF
timed $py -I "$BENCH_TMP/htmlstrip-lxml-bench.py"
echo "lxml text_content(): wall ${wall}s = $(rate "$bytes" "$wall") MB/s, cpu ${cpu}s = $(rate "$bytes" "$cpu") MB/s"
awk -v a="$ow" -v b="$wall" -v c="$oc" -v d="$cpu" \
    'BEGIN { printf "ratio htmlstrip/lxml: %.1f (wall), %.1f (cpu)\n", b / a, d / c }'

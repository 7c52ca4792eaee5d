#!/bin/sh
# examples/corpus.mk on a crawl of WARC shards: the shared pages repeated
# (each copy a record of its own, under a new URL and record ID) into
# CORPUS_SHARDS shards of about CORPUS_MB MB each.  Figures, wall-clock
# time, all in one run:
#   the single pipeline (htmlstrip | spotsig | dklexicon --idf | spotmatch,
#     then cluster), the baseline;
#   make -j 1 and make -j 2 of the SpotSigs workflow, to the deduplicated
#     shards, each as a ratio to the baseline;
#   a resumed run after the last stage's outputs are deleted (should be
#     that stage alone), and a run with nothing to do.
# The pairs of every run are compared with the baseline's.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
n=${CORPUS_SHARDS:-16}
mb=${CORPUS_MB:-100}
for v in "$n" "$mb"; do
	case $v in '' | *[!0-9]* | 0) echo "corpus.sh: CORPUS_SHARDS and CORPUS_MB want positive whole numbers" >&2; exit 2 ;; esac
done
top=$(cd "$here/../.." && pwd)
t=$BENCH_TMP/corpus
in=$t/in-$n-$mb
mk="make --no-print-directory -f $top/examples/corpus.mk IN=$in FORMAT=warc"
command -v keep >/dev/null || { echo "skip: no keep program in $DK_BIN"; exit 0; }

# the marker is beside IN, not in it: every file of IN is a shard
if ! test -f "$in.done"; then
	rm -rf "$in" "$in.done" && mkdir -p "$in" &&
	python3 - "$DK_SHARED/corpora/pages" "$in" "$n" "$mb" <<-\EOF || exit 1
	import glob, gzip, os, sys, uuid
	src, out, n, mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
	pages = []
	for f in sorted(glob.glob(os.path.join(src, "*", "*.html.gz"))):
	    pages.append((f.split(os.sep)[-2] + "/" + os.path.basename(f)[:-8], gzip.open(f).read()))
	def record(k, name, rep, html):
	    body = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + html
	    rid = uuid.uuid5(uuid.NAMESPACE_URL, "%d/%s" % (rep, name))
	    head = ("WARC/1.0\r\nWARC-Type: response\r\n"
	            "WARC-Record-ID: <urn:uuid:%s>\r\n"
	            "WARC-Date: 2026-01-01T%02d:%02d:%02dZ\r\n"
	            "WARC-Target-URI: http://crawl%d.example/%s\r\n"
	            "Content-Type: application/http; msgtype=response\r\n"
	            "Content-Length: %d\r\n\r\n") % (rid, k // 3600 % 24, k // 60 % 60, k % 60,
	                                             rep, name, len(body))
	    return head.encode() + body + b"\r\n\r\n"
	k = rep = 0
	for s in range(n):
	    with open(os.path.join(out, "crawl%02d.warc" % (s + 1)), "wb") as f:
	        size = 0
	        while size < mb * 1000000:
	            name, html = pages[k % len(pages)]
	            rep = k // len(pages)
	            r = record(k, name, rep, html)
	            f.write(r)
	            size += len(r)
	            k += 1
	EOF
	touch "$in.done"
fi
shards=$(ls "$in"/*.warc)
bytes=$(cat $shards | wc -c)
echo "input: $n WARC shards, $bytes bytes, in $in"

# timed LABEL CMD...: wall seconds of CMD into $wall
timed() {
	_s=$(now)
	"$@" >"$t/log" 2>&1 || { cat "$t/log" >&2; exit 1; }
	wall=$(elapsed "$_s" "$(now)")
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

timed sh -c 'out=$1; shift; htmlstrip --warc "$@" | spotsig | dklexicon --idf 0.2:0.85 |
	spotmatch -t 0.5 >"$out"' sh "$t/single.pairs" $shards
base=$wall
htmlstrip --warc $shards | cut -f1 >"$t/ids"
dkcluster -a "$t/ids" --representatives "$t/single.pairs" >"$t/single.keep"
sort "$t/single.pairs" >"$t/single.sorted"
echo "single pipeline (htmlstrip | spotsig | dklexicon | spotmatch): ${base} s, $(rate "$bytes" "$base") MB/s of WARC"

for j in 1 2; do
	rm -rf "$t/out$j"
	timed $mk OUT="$t/out$j" -j "$j"
	sort "$t/out$j/pairs.tsv" | cmp -s - "$t/single.sorted" || { echo "corpus.sh: -j $j: pairs differ from the single pipeline's" >&2; exit 1; }
	cmp -s "$t/out$j/keep.txt" "$t/single.keep" || { echo "corpus.sh: -j $j: keep list differs" >&2; exit 1; }
	echo "make -j $j, to the deduplicated shards: ${wall} s, $(rate "$bytes" "$wall") MB/s, $(ratio "$wall" "$base") x the single pipeline; $(tail -n 1 "$t/log")"
done
rm -f "$t"/out2/dedup/*
timed $mk OUT="$t/out2" -j 2
echo "resumed after the deduplicated shards were deleted: ${wall} s ($(ratio "$wall" "$base") x); made again: $(grep -c '^{ keep' "$t/log") keep runs, $(grep -c -e '^{ spotsig' -e '^{ htmlstrip' -e '^{ .*spotmatch' "$t/log") of the earlier stages"
timed $mk OUT="$t/out2" -j 2
echo "nothing to do: ${wall} s"
test -n "${CORPUS_KEEP:-}" || rm -rf "$t/out1" "$t/out2"

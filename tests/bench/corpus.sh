#!/bin/sh
# examples/corpus.mk on a crawl of WARC shards: the shared pages repeated
# (each copy a record of its own, under a new URL and record ID) into
# CORPUS_SHARDS shards of about CORPUS_MB MB each.  Figures, wall-clock
# and CPU time (user and system, of every process of a run), all in one run:
#   the single pipeline (htmlstrip | spotsig --checksum --quoted --dense
#     --dense-words | dklexicon --idf --agree | spotmatch --dense-tau, the exact copies of documents
#     too short to judge, as dkdedup pairs them, then dkcluster with own
#     words and the bar of words over the text, and keep per shard: the
#     same end as make's, with dupkit.defaults), the baseline;
#   make -j 1 and make -j 2 of the SpotSigs workflow, to the deduplicated
#     shards, each as a ratio to the baseline, and -j 2 to -j 1;
#   make -j 2 with 4 key ranges (KEYS=4: merged lexicon, keys, shuffle);
#   these with CONTAINED=0, as the single pipeline lists no copies left;
#   then make -j 2 with the copies left listed (CONTAINED=1, the
#     default: the containment pass over every shard, contained.tsv), as
#     a ratio to make -j 2 without;
#   a resumed run after the last stage's outputs are deleted (should be
#     that stage alone), and a run with nothing to do.
# The pairs, clusters, keep list and deduplicated shards of every run are
# compared with the baseline's, and so is the work: make's signatures
# (sigs/*.sigs, in shard order) and IDs are the baseline's spotsig output
# and IDs, and the baseline makes its keep list as make does, from the
# clusters (checked against dkcluster --representatives outside the
# timing).  The load average is printed before each run: on a shared
# machine whose load exceeds its cores, wall times (and -j 2 against
# -j 1) say little, CPU times more.
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
# the work of the single pipeline: no containment pass to list the copies left
mk0="$mk CONTAINED=0"
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

# timed CMD...: wall seconds of CMD into $wall, and the CPU seconds (user
# and system) of every process it ran into $cpu; `times` runs in this
# shell, not in a command substitution, whose children would not count
timed() {
	times >"$t/times0"
	_s=$(now)
	"$@" >"$t/log" 2>&1 || { cat "$t/log" >&2; exit 1; }
	wall=$(elapsed "$_s" "$(now)")
	times >"$t/times1"
	cpu=$(awk 'function sec(x, a) { split(x, a, "m"); return a[1] * 60 + a[2] }
		FNR == 2 { c[NR > 2] = sec($1) + sec($2) } END { printf "%.2f", c[1] - c[0] }' "$t/times0" "$t/times1")
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# figures LABEL: the line of a run, beside the single pipeline's
figures() {
	echo "$1: wall ${wall} s ($(ratio "$wall" "$base_wall") x the single pipeline's), CPU ${cpu} s ($(ratio "$cpu" "$base_cpu") x; $(ratio "$cpu" "$wall") cores busy)"
}
load() { echo "  (load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores)"; }

# The single pipeline, to the same end as make and by the same steps: the
# signatures kept in a file, the pairs (then the exact copies of documents
# with fewer than DK_MIN_SHARED filtered signatures, the first of each
# SHA-1 with each later one, as dkdedup adds them), the clusters, the keep
# list cut from them and each shard with only its kept records.
. "$top/examples/dupkit.defaults"
single() {
	rm -rf "$t/single" && mkdir "$t/single" &&
	htmlstrip --warc $shards | tee "$t/single/text" |
		spotsig --checksum --quoted $DK_QUOTED --dense $DK_DENSE \
		--dense-words $DK_DENSE_WORDS | tee "$t/single/sigs" |
		dklexicon --idf $DK_IDF --agree $DK_AGREE --min-sigs $DK_MIN_SHARED |
		tee "$t/single/filtered" |
		spotmatch -t $DK_TAU --min-shared $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU \
			>"$t/single/pairs.tsv" &&
	awk -F '\t' '$NF ~ /^!short/ { if ($(NF - 1) in first) print first[$(NF - 1)] "\t" $1 "\t1.000000"
		else first[$(NF - 1)] = $1 }' "$t/single/filtered" >>"$t/single/pairs.tsv" &&
	rm -f "$t/single/filtered" &&
	cut -f1 "$t/single/sigs" >"$t/single/ids" &&
	dkcluster --own-words $DK_OWN_WORDS --word-sim $DK_WORD_SIM -a "$t/single/text" \
		"$t/single/pairs.tsv" >"$t/single/clusters.tsv" &&
	cut -f2 "$t/single/clusters.tsv" | uniq >"$t/single/keep.txt" &&
	mkdir "$t/single/dedup" &&
	for s in $shards; do
		keep --missing ignore --warc "$t/single/keep.txt" "$s" >"$t/single/dedup/${s##*/}" || return 1
	done
}
# same DIR: DIR's pairs (sorted), clusters, keep list and deduplicated
# shards are the single pipeline's
same() {
	sort "$1/pairs.tsv" | cmp -s - "$t/single.sorted" || { echo "corpus.sh: $1: pairs differ from the single pipeline's" >&2; exit 1; }
	for f in clusters.tsv keep.txt; do
		cmp -s "$1/$f" "$t/single/$f" || { echo "corpus.sh: $1: $f differs from the single pipeline's" >&2; exit 1; }
	done
	for s in $shards; do
		cmp -s "$1/dedup/${s##*/}" "$t/single/dedup/${s##*/}" || { echo "corpus.sh: $1: dedup/${s##*/} differs" >&2; exit 1; }
	done
	(cd "$1/sigs" && cat $(for s in $shards; do echo "${s##*/}.sigs"; done)) | cmp -s - "$t/single/sigs" ||
		{ echo "corpus.sh: $1: the signatures differ from the single pipeline's" >&2; exit 1; }
	cmp -s "$1/ids" "$t/single/ids" || { echo "corpus.sh: $1: ids differ" >&2; exit 1; }
}

load
timed single
base_wall=$wall base_cpu=$cpu
sort "$t/single/pairs.tsv" >"$t/single.sorted"
dkcluster --own-words $DK_OWN_WORDS --word-sim $DK_WORD_SIM -a "$t/single/text" --representatives \
	"$t/single/pairs.tsv" | cmp -s - "$t/single/keep.txt" ||
	{ echo "corpus.sh: the keep list cut from the clusters is not dkcluster --representatives'" >&2; exit 1; }
echo "single pipeline (htmlstrip | spotsig | dklexicon --idf --agree | spotmatch, short copies, dkcluster --own-words --word-sim, keep per shard):" \
	"wall ${wall} s, $(rate "$bytes" "$wall") MB/s of WARC, CPU ${cpu} s ($(ratio "$cpu" "$wall") cores busy);" \
	"$(wc -l <"$t/single/pairs.tsv") pairs, $(wc -l <"$t/single/keep.txt") of $(wc -l <"$t/single/ids") documents kept"

for j in 1 2; do
	rm -rf "$t/out$j"
	load
	timed $mk0 OUT="$t/out$j" -j "$j"
	same "$t/out$j"
	figures "make -j $j, to the deduplicated shards"
	eval "wall$j=\$wall cpu$j=\$cpu"
done
echo "make -j 2 against make -j 1: wall $(ratio "$wall2" "$wall1") x, CPU $(ratio "$cpu2" "$cpu1") x"
rm -rf "$t/keys4"
load
timed $mk0 OUT="$t/keys4" KEYS=4 -j 2
same "$t/keys4"
figures "make -j 2 KEYS=4 (merged lexicon, keys, shuffle, 4 matches)"
rm -rf "$t/keys4"
rm -rf "$t/left"
load
timed $mk OUT="$t/left" -j 2
same "$t/left"
figures "make -j 2 listing the copies left (CONTAINED=1, the default)"
echo "  against make -j 2 without: wall $(ratio "$wall" "$wall2") x, CPU $(ratio "$cpu" "$cpu2") x;" \
	"$(wc -l <"$t/left/contained.tsv") pairs listed in contained.tsv"
rm -rf "$t/left"
rm -f "$t"/out2/dedup/*
timed $mk0 OUT="$t/out2" -j 2
same "$t/out2"
figures "resumed after the deduplicated shards were deleted (-j 2)"
echo "  made again: $(grep -c '^trap .*{ keep ' "$t/log") keep runs, $(grep -v '^trap .*{ keep ' "$t/log" | grep -c -e '^trap ' -e '^mkdir ') other recipes"
timed $mk0 OUT="$t/out2" -j 2
figures "nothing to do"
echo "  $(cat "$t/log")"
test -n "${CORPUS_KEEP:-}" || rm -rf "$t/out1" "$t/out2" "$t/single"

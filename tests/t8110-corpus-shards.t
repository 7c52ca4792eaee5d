#!/bin/sh
test_description='examples/corpus.mk to the end on WARC (plain, gzipped whole and
gzipped per record) and JSON Lines shards: the pairs, clusters, keep list and
deduplicated shards of the single pipeline; after a KILL of the whole run, of
make alone or of one recipe, only *.tmp files are unfinished and a rerun ends
with the files of an uninterrupted run'
. "$(dirname "$0")/lib.sh"

top=$(cd "$DK_TESTS/.." && pwd)
mk="make --no-print-directory -f $top/examples/corpus.mk"

# same OUT REF: OUT's pairs (sorted), clusters and keep list are REF's
same() {
	sort "$1/pairs.tsv" >"$1/pairs.sorted" &&
	test_cmp "$2.pairs" "$1/pairs.sorted" &&
	test_cmp "$2.clusters" "$1/clusters.tsv" &&
	test_cmp "$2.keep" "$1/keep.txt"
}

# corpus.mk's SpotSigs settings are those of examples/dupkit.defaults
. "$top/examples/dupkit.defaults"

# single REF DOCS: the single pipeline's pairs (sorted; the exact copies of
# short documents too, as dkdedup pairs them), clusters and keep
# list of the document stream DOCS
single() {
	spotsig --checksum --dense $DK_DENSE --dense-words $DK_DENSE_WORDS --idf $DK_IDF --agree $DK_AGREE -m $DK_MIN_SHARED "$2" >"$1.sigs" &&
	spotmatch -t $DK_TAU --min-shared $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU "$1.sigs" >"$1.unsorted" &&
	dk_short_copies "$1.sigs" >>"$1.unsorted" &&
	sort "$1.unsorted" >"$1.pairs" &&
	cut -f1 "$2" >"$1.ids" &&
	dkcluster -a "$1.ids" "$1.unsorted" >"$1.clusters" &&
	dkcluster -a "$1.ids" --representatives "$1.unsorted" >"$1.keep"
}

# The texts of t8100, as one paragraph of an HTML page in a WARC response
# whose record ID is urn:uuid:ID: 200 pages to a shard, the first plain,
# the second gzipped whole, the third a gzip member per record (as
# crawlers write them).
test_expect_success 'setup: 600 documents as TSV, WARC and JSON Lines shards' '
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.4 --drop 0.05 --change 0.05 600 >all.docs &&
	single ref all.docs &&
	test $(wc -l <ref.pairs) -gt 50 &&
	test $(wc -l <ref.keep) -lt 560 &&
	mkdir inw &&
	dk_python - all.docs inw <<-\EOF &&
	import gzip, sys
	from dkwarc import page
	docs = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8")]
	recs = [page(i, t) for i, t in docs]
	open(sys.argv[2] + "/w0.warc", "wb").write(b"".join(recs[:200]))
	open(sys.argv[2] + "/w1.warc.gz", "wb").write(gzip.compress(b"".join(recs[200:400]), mtime=0))
	open(sys.argv[2] + "/w2.warc.gz", "wb").write(b"".join(gzip.compress(r, mtime=0) for r in recs[400:]))
	EOF
	htmlstrip --warc inw/w0.warc inw/w1.warc.gz inw/w2.warc.gz >w.docs &&
	test $(wc -l <w.docs) = 600 &&
	single refw w.docs &&
	sed "s/\(^\|	\)doc/\1urn:uuid:doc/g" ref.pairs >want &&
	test_cmp want refw.pairs &&
	mkdir inj &&
	jq -Rc "split(\"\t\") | {id: .[0], n: 1, text: .[1]}" all.docs >all.jsonl &&
	split -n l/3 -d -a 1 --additional-suffix=.jsonl all.jsonl inj/j
'

# dedup_warc OUT KEEP: each WARC shard of OUT/dedup is keep --warc's of its
# input, and their records are the documents of KEEP, in order
dedup_warc() {
	for s in w0.warc w1.warc.gz w2.warc.gz; do
		keep --warc "$2" inw/$s >want.$s &&
		test_cmp want.$s "$1/dedup/$s" || return 1
	done &&
	gzip -t "$1/dedup/w1.warc.gz" "$1/dedup/w2.warc.gz" &&
	htmlstrip --warc "$1/dedup/w0.warc" "$1/dedup/w1.warc.gz" "$1/dedup/w2.warc.gz" >kept &&
	cut -f1 kept >kept.ids &&
	test_cmp "$2" kept.ids
}

test_expect_success 'WARC shards to the end: the single pipeline'"'"'s pairs, clusters, keep list, records' '
	$mk IN=inw OUT=w FORMAT=warc -j 2 >log 2>&1 &&
	test "$(cat w/opt/shards)" = "w0.warc w1.warc.gz w2.warc.gz" &&
	same w refw &&
	dedup_warc w refw.keep &&
	grep "^corpus.mk: spotsigs over 3 shards of inw: kept $(wc -l <refw.keep) of 600 documents" log
'

test_expect_success 'WARC shards in 3 key ranges: the same' '
	$mk IN=inw OUT=w3 FORMAT=warc KEYS=3 -j 2 >log 2>&1 &&
	test $(ls w3/match/*.pairs | wc -l) = 3 &&
	same w3 refw &&
	dedup_warc w3 refw.keep &&
	$mk -q IN=inw OUT=w3 FORMAT=warc KEYS=3
'

test_expect_success 'a WARC shard cut short stops the job, naming it; the other shards are kept' '
	mkdir badw &&
	cp inw/* badw/ &&
	head -c $(($(wc -c <inw/w2.warc.gz) - 100)) inw/w2.warc.gz >badw/w2.warc.gz &&
	test_must_fail $mk IN=badw OUT=badw.out FORMAT=warc -k -j 2 >log 2>&1 &&
	grep "^htmlstrip: badw/w2.warc.gz: offset [0-9]*: truncated gzip member" log &&
	grep "^corpus.mk: shard badw/w2.warc.gz: badw.out/text/w2.warc.gz.tsv failed" log &&
	! ls badw.out/text/w2.warc.gz.tsv* badw.out/sigs/w2.warc.gz.sigs* 2>/dev/null &&
	test_cmp w/sigs/w0.warc.sigs badw.out/sigs/w0.warc.sigs &&
	test_cmp w/sigs/w1.warc.gz.sigs badw.out/sigs/w1.warc.gz.sigs &&
	! test -e badw.out/pairs.tsv &&
	cp inw/w2.warc.gz badw/ &&
	$mk -n IN=badw OUT=badw.out FORMAT=warc >plan &&
	test $(grep -c "htmlstrip --warc" plan) = 1 &&
	$mk IN=badw OUT=badw.out FORMAT=warc -j 2 >log 2>&1 &&
	same badw.out refw
'

test_expect_success 'JSON Lines shards to the end: the pairs, clusters and keep list of the TSV pipeline' '
	$mk IN=inj OUT=j FORMAT=jsonl -j 2 >log 2>&1 &&
	same j ref &&
	cat j/dedup/j0.jsonl j/dedup/j1.jsonl j/dedup/j2.jsonl >got &&
	keep --json id ref.keep all.jsonl >want &&
	test_cmp want got &&
	test $(wc -l <got) = $(wc -l <ref.keep)
'

# A partition that sleeps 2 s, so that a run with key ranges is still in
# its key stage when it is killed, even on a loaded machine.
test_expect_success 'setup: a partition that sleeps' '
	mkdir slow &&
	for p in $(ls "$DK_BIN"); do ln -s "$DK_BIN/$p" slow/$p || return 1; done &&
	rm slow/partition &&
	printf "#!/bin/sh\nsleep 2\nexec %s/partition \"\$@\"\n" "$DK_BIN" >slow/partition &&
	chmod +x slow/partition
'

# start OUT ARGS...: the WARC run with 3 key ranges into OUT, as a process
# group of its own whose leader is make ($pid), with the slow partition;
# waits until the first shard is keyed, and checks nothing after the map
# is made yet
start() {
	_o=$1 && shift &&
	{ PATH="$PWD/slow:$PATH" setsid $mk IN=inw OUT=$_o FORMAT=warc KEYS=3 "$@" >log 2>&1 & } &&
	pid=$! &&
	for i in $(seq 300); do
		test -e $_o/keys/w0.warc.keys && break
		sleep 0.1
	done &&
	test -e $_o/keys/w0.warc.keys &&
	! test -e $_o/pairs.tsv
}

# gone: waits until no process of the run is left (orphaned recipes
# included, which end on their own)
gone() {
	for i in $(seq 300); do
		env kill -0 -- -$pid 2>/dev/null || break
		sleep 0.1
	done &&
	! env kill -0 -- -$pid 2>/dev/null
}

# kill_recipe: waits for the recipe writing the keys of w1.warc.gz (the
# shell make started for it) and kills it; make then stops, status 2.
kill_recipe() {
	for i in $(seq 100); do
		r=$(ps -s $pid -o pid=,args= | awk "/^ *[0-9]+ \/bin\/bash .*keys\/w1.warc.gz.keys.tmp/ { print \$1 }") &&
		test -n "$r" && break
		sleep 0.1
	done &&
	test -n "$r" &&
	env kill -KILL $r &&
	test_expect_code 2 wait $pid
}

# finished OUT: every file of OUT but the *.tmp ones is complete, equal to
# the uninterrupted run's (w3)
finished() {
	(cd $1 && find . -type f ! -name "*.tmp" ! -name "*.tmp.*") >list &&
	test -s list &&
	while read f; do
		cmp $1/$f w3/$f || return 1
	done <list
}

# rerun OUT: the rest of the run ends with every file of the uninterrupted
# run, byte for byte, and nothing else (no *.tmp); the summary names OUT
rerun() {
	$mk IN=inw OUT=$1 FORMAT=warc KEYS=3 -j 2 >log 2>&1 &&
	same $1 refw &&
	diff -r -x summary -x pairs.sorted w3 $1 &&
	$mk -q IN=inw OUT=$1 FORMAT=warc KEYS=3
}

test_expect_success 'KILL of the whole run (make and its recipes): only *.tmp unfinished, the rerun ends the same' '
	start hard -j 2 &&
	for i in $(seq 100); do
		test -e hard/keys/w2.warc.gz.keys.tmp && break
		sleep 0.1
	done &&
	env kill -KILL -- -$pid &&
	{ wait $pid; true; } &&
	gone &&
	! test -e hard/pairs.tsv &&
	ls hard/keys/*.tmp >stale &&
	test -s stale &&
	finished hard &&
	$mk -n IN=inw OUT=hard FORMAT=warc KEYS=3 >plan &&
	! grep "htmlstrip --warc" plan &&
	rerun hard
'

test_expect_success 'KILL of make alone: its recipes end on their own, the rerun ends the same' '
	start orphans -j 2 &&
	env kill -KILL $pid &&
	{ wait $pid; true; } &&
	gone &&
	! test -e orphans/pairs.tsv &&
	finished orphans &&
	rerun orphans
'

# The recipe is the shell that make starts for it: killed, it leaves its
# output under the temporary name, and its commands run on as orphans.
test_expect_success 'KILL of one recipe: make stops and names it, its *.tmp is left, the rerun ends the same' '
	start one -j 1 &&
	kill_recipe &&
	gone &&
	grep "^make: \*\*\* .*one/keys/w1.warc.gz.keys. Killed" log &&
	! test -e one/keys/w1.warc.gz.keys &&
	test -e one/keys/w1.warc.gz.keys.tmp &&
	! test -e one/keys/w2.warc.gz.keys &&
	finished one &&
	rerun one
'

# rerun at once, with another threshold, while the killed recipe's
# partition still sleeps: when it wakes it writes the old keys into the
# file it was given, which the rerun must not have reused.
test_expect_success 'a rerun while a killed recipe still writes: its file is written afresh' '
	start race -j 1 &&
	kill_recipe &&
	env kill -0 -- -$pid &&
	$mk IN=inw OUT=race FORMAT=warc KEYS=3 TAU=0.7 keeplist >log 2>&1 &&
	gone &&
	dklexicon --idf $DK_IDF -L race/idf.lex race/sigs/w1.warc.gz.sigs | partition --shard -t 0.7 >want &&
	test_cmp want race/keys/w1.warc.gz.keys &&
	spotsig --checksum --dense $DK_DENSE --dense-words $DK_DENSE_WORDS --idf $DK_IDF --agree $DK_AGREE -m $DK_MIN_SHARED w.docs >rsigs &&
	{ spotmatch -t 0.7 --min-shared $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU rsigs && dk_short_copies rsigs; } |
		sort >want &&
	sort race/pairs.tsv >got &&
	test_cmp want got
'

test_done

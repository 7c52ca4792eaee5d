#!/bin/sh
test_description='examples/corpus.mk: a sharded corpus deduplicated by make gives the
pairs, clusters and keep list of one pipeline, with -j 1, -j 4, after a kill
and a resume, through scaleout.sh and on a real Slurm cluster'
. "$(dirname "$0")/lib.sh"
. "$DK_TESTS/slurm.sh"

top=$(cd "$DK_TESTS/.." && pwd)
mk="make --no-print-directory -f $top/examples/corpus.mk"
slurm_prereq
parallel --version 2>/dev/null | grep -q '^GNU parallel' && test_set_prereq PARALLEL

# same OUT: OUT's pairs (sorted), clusters and keep list equal the
# single pipeline's
same() {
	sort "$1/pairs.tsv" >"$1/pairs.sorted" &&
	test_cmp ref.pairs "$1/pairs.sorted" &&
	test_cmp ref.clusters "$1/clusters.tsv" &&
	test_cmp ref.keep "$1/keep.txt"
}

# corpus.mk's SpotSigs settings are those of examples/dupkit.defaults
. "$top/examples/dupkit.defaults"
SPOT="--min-distinct $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU"

test_expect_success 'setup: 600 documents in 4 TSV shards, and the single pipeline' '
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.4 --drop 0.05 --change 0.05 600 >all.docs &&
	mkdir in &&
	split -n l/4 -d -a 1 --additional-suffix=.tsv all.docs in/s &&
	test $(ls in | wc -l) = 4 &&
	: >in/done && echo notes >in/README &&
	cut -f1 all.docs >ids &&
	spotsig --checksum --dense $DK_DENSE --dense-words $DK_DENSE_WORDS --idf $DK_IDF --agree $DK_AGREE -m $DK_MIN_SHARED all.docs >sigs &&
	spotmatch -t $DK_TAU $SPOT sigs >pairs &&
	dk_short_copies sigs >>pairs &&
	test $(grep -c "	1.000000\$" pairs) -gt 3 &&
	sort pairs >ref.pairs &&
	dkcluster --own-words $DK_OWN_WORDS -a all.docs pairs >ref.clusters &&
	dkcluster --own-words $DK_OWN_WORDS -a all.docs --representatives pairs >ref.keep &&
	test $(wc -l <ref.pairs) -gt 50 &&
	test $(wc -l <ref.keep) -lt 560 &&
	dkdedup tsv all.docs dd.out 2>err &&
	cut -f1 dd.out >dd.keep && sort ref.keep >want && sort dd.keep >got &&
	test_cmp want got
'

test_expect_success 'make -j 1: the pairs, clusters and keep list of one pipeline' '
	$mk IN=in OUT=j1 -j 1 keeplist j1/clusters.tsv >log 2>&1 &&
	same j1 &&
	test $(ls j1/match/*.pairs | wc -l) = 1 &&
	! test -e j1/keys &&
	! test -e j1/shuffle &&
	test "$(cat j1/opt/shards)" = "s0.tsv s1.tsv s2.tsv s3.tsv"
'

test_expect_success 'make -j 4 and other key ranges: the same' '
	$mk IN=in OUT=j4 KEYS=7 -j 4 keeplist j4/clusters.tsv >log 2>&1 &&
	same j4 &&
	$mk IN=in OUT=k4 KEYS=4 -j 2 keeplist k4/clusters.tsv >log 2>&1 &&
	same k4 &&
	test $(ls k4/match/*.pairs | wc -l) = 4
'

test_expect_success 'to the end: each shard with only its kept records, and the count' '
	$mk IN=in OUT=j1 -j 2 >log 2>&1 &&
	grep "^corpus.mk: spotsigs over 4 shards of in: kept $(wc -l <ref.keep) of 600 documents" log &&
	cat j1/dedup/s0.tsv j1/dedup/s1.tsv j1/dedup/s2.tsv j1/dedup/s3.tsv >got &&
	keep ref.keep all.docs >want &&
	test_cmp want got &&
	test $(wc -l <got) = $(wc -l <ref.keep)
'

test_expect_success 'a run with nothing changed does nothing (make -q is true)' '
	$mk -q IN=in OUT=j1 &&
	$mk -q IN=in OUT=j1 keeplist j1/clusters.tsv &&
	$mk IN=in OUT=j1 -j 1 keeplist j1/clusters.tsv >log &&
	! grep -v -e "Nothing to be done" -e "is up to date" log &&
	$mk IN=in OUT=j1 -j 2 >log &&
	test "$(cat log)" = "make: Nothing to be done for '"'all'"'."
'

test_expect_success 'make -n and make -q change nothing, with other options too' '
	touch stamp &&
	$mk -n IN=in OUT=j1 TAU=0.7 >plan &&
	grep "spotmatch *-t 0.7" plan &&
	test_must_fail $mk -q IN=in OUT=j1 TAU=0.7 &&
	test_must_fail $mk -q IN=in OUT=j1 CLUSTER_FLAGS=--min-size=2 &&
	test_must_fail $mk -q IN=in OUT=j1 DENSE_TAU=0.9 &&
	test_must_fail $mk -q IN=in OUT=j1 DENSE_WORDS=5 &&
	$mk -n IN=in OUT=j1 DENSE_TAU= >plan0 &&
	grep "spotmatch .*--min-distinct $DK_MIN_SHARED *;" plan0 &&
	! grep -e "--dense-tau" plan0 &&
	find j1 -newer stamp >changed &&
	test_must_be_empty changed &&
	test "$(cat j1/opt/match)" = "spotsigs keys=1 min=$DK_MIN_SHARED dense_tau=$DK_DENSE_TAU idf=$DK_IDF agree=$DK_AGREE tau=$DK_TAU" &&
	$mk -q IN=in OUT=j1 &&
	$mk -q IN=in OUT=j1 MINHASH_FLAGS="-k 4" IMATCH_K=3 QGRAM_FLAGS="-q 3" \
		WINDOW=1h JSON_ID=key HTMLSTRIP_FLAGS=--main &&
	mkdir long &&
	split -n l/30 -d -a 2 --additional-suffix=.tsv all.docs long/a-longer-name-of-a-shard- &&
	$mk IN=long OUT=long.out -j 2 >log 2>&1 &&
	test $(wc -c <long.out/opt/shards) -gt 900 &&
	$mk -q IN=long OUT=long.out
'

test_expect_success 'a new threshold remakes the matching and what follows, not the signatures' '
	{ spotmatch -t 0.7 $SPOT sigs && dk_short_copies sigs; } | sort >want &&
	cp -a j1 t6 &&
	$mk -n IN=in OUT=t6 TAU=0.7 keeplist >plan &&
	! grep -e "{ spotsig" -e "{ cut -f1" -e "all.lex.tmp" -e "short.pairs.tmp" plan &&
	test $(grep -c "{ dklexicon --idf $DK_IDF -L t6/idf.lex t6/sigs/s0.tsv.sigs .* | spotmatch *-t 0.7" plan) = 1 &&
	$mk IN=in OUT=t6 TAU=0.7 keeplist >log 2>&1 &&
	sort t6/pairs.tsv >got &&
	test_cmp want got &&
	$mk -q IN=in OUT=t6 TAU=0.7 keeplist &&
	test_must_fail $mk -q IN=in OUT=t6 TAU=0.5 keeplist &&
	cp -a k4 t6k4 &&
	$mk -n IN=in OUT=t6k4 KEYS=4 TAU=0.7 keeplist >plan &&
	! grep -e "{ spotsig" -e "{ cut -f1" -e "{ dklexicon t6k4/sigs" plan &&
	test $(grep -c "partition --shard -t 0.7" plan) = 4 &&
	$mk IN=in OUT=t6k4 KEYS=4 TAU=0.7 keeplist >log 2>&1 &&
	sort t6k4/pairs.tsv >got &&
	test_cmp want got
'

test_expect_success 'the last stage deleted: only it is made again' '
	rm j1/keep.txt &&
	$mk -n IN=in OUT=j1 keeplist >plan &&
	test $(grep -c . plan) = 1 &&
	grep "{ cut -f2 j1/clusters.tsv | uniq; }" plan &&
	$mk IN=in OUT=j1 keeplist >log 2>&1 &&
	same j1 &&
	$mk IN=in OUT=j1 >log 2>&1 &&
	rm j1/dedup/s1.tsv &&
	$mk -n IN=in OUT=j1 >plan &&
	test $(grep -c . plan) = 2 &&
	grep "keep .* in/s1.tsv" plan &&
	grep "echo \"corpus.mk: " plan &&
	$mk IN=in OUT=j1 >log 2>&1 &&
	grep "^corpus.mk: spotsigs over 4 shards" log &&
	$mk -q IN=in OUT=j1 &&
	mkdir in3 &&
	cp -p in/s0.tsv in/s1.tsv in/s2.tsv in3/ &&
	cp -a j1 three &&
	$mk IN=in3 OUT=three keeplist three/clusters.tsv >log 2>&1 &&
	cat in3/*.tsv >docs3 &&
	cut -f1 docs3 >ids3 &&
	spotsig --checksum --dense $DK_DENSE --dense-words $DK_DENSE_WORDS --idf $DK_IDF --agree $DK_AGREE -m $DK_MIN_SHARED docs3 >sigs3 &&
	{ spotmatch -t $DK_TAU $SPOT sigs3 && dk_short_copies sigs3; } >pairs3 &&
	test_cmp pairs3 three/pairs.tsv &&
	dkcluster -a ids3 --representatives pairs3 >keep3 &&
	test_cmp keep3 three/keep.txt
'

# A partition that sleeps: a run with 4 key ranges is still in its key stage
# when killed.
test_expect_success 'setup: a partition that sleeps' '
	mkdir slow &&
	for p in $(ls "$DK_BIN"); do ln -s "$DK_BIN/$p" slow/$p || return 1; done &&
	rm slow/partition &&
	printf "#!/bin/sh\nsleep 1\nexec %s/partition \"\$@\"\n" "$DK_BIN" >slow/partition &&
	chmod +x slow/partition
'

# killed SIGNAL OUT: a run sent SIGNAL (to its process group) once shard 1
# is keyed and shard 2's keys are being written (waiting up to a minute for
# it: under valgrind on a loaded machine its spotsig alone can take longer
# than 10 s).  Waiting for shard 2's *.tmp too matters: between the rename
# of shard 1's keys and the next recipe there is a moment with no *.tmp at
# all, and a KILL sent then leaves nothing half-written to test.  Waits until every
# process of the run has gone.  SIGINT is
# ignored by background jobs of a shell, so the run is started with it
# restored.
killed() {
	{ PATH="$PWD/slow:$PATH" setsid perl -e "\$SIG{INT} = qq(DEFAULT); exec @ARGV or die" \
		$mk IN=in OUT=$2 KEYS=4 -j 1 keeplist $2/clusters.tsv >log 2>&1 & } &&
	pid=$! &&
	for i in $(seq 600); do
		test -e $2/keys/s1.tsv.keys && test -e $2/keys/s2.tsv.keys.tmp && break
		sleep 0.1
	done &&
	env kill -$1 -- -$pid &&
	{ wait $pid; true; } &&
	for i in $(seq 100); do
		env kill -0 -- -$pid 2>/dev/null || break
		sleep 0.1
	done &&
	! env kill -0 -- -$pid 2>/dev/null &&
	test -e $2/keys/s0.tsv.keys &&
	! test -e $2/keys/s3.tsv.keys &&
	! test -e $2/pairs.tsv
}

# resumed OUT: the rest of the run makes no signatures again, and ends with
# the pairs, clusters and keep list of the single pipeline, no file *.tmp
resumed() {
	$mk -n IN=in OUT=$1 KEYS=4 keeplist $1/clusters.tsv >plan &&
	! grep "{ spotsig" plan &&
	grep "partition --shard -t $DK_TAU; } >$1/keys/s2.tsv.keys.tmp" plan &&
	grep "partition --shard -t $DK_TAU; } >$1/keys/s3.tsv.keys.tmp" plan &&
	$mk IN=in OUT=$1 KEYS=4 -j 2 keeplist $1/clusters.tsv >log 2>&1 &&
	same $1 &&
	! ls $1/*/*.tmp* $1/*.tmp 2>/dev/null
}

test_expect_success 'killed (TERM) in the middle, then resumed: the same, nothing half-written left' '
	killed TERM kill &&
	! ls kill/*/*.tmp* kill/*.tmp 2>/dev/null &&
	resumed kill
'

test_expect_success 'interrupted (INT): no file *.tmp is left' '
	killed INT int &&
	! ls int/*/*.tmp* int/*.tmp 2>/dev/null &&
	resumed int
'

test_expect_success 'killed with KILL: the half-written keys are left as *.tmp, never trusted' '
	killed KILL hard &&
	ls hard/keys/*.tmp >stale &&
	test $(wc -l <stale) = 1 &&
	resumed hard
'

# Without -k, make stops at the failed shard: the shards done are kept, the
# later ones are not begun; with -k it goes on with every file that does
# not need the failed one.  Either way nothing after the map is made.
test_expect_success 'a shard that fails to parse stops the job, naming it; the others are kept' '
	mkdir bad &&
	cp in/*.tsv bad/ &&
	printf "broken\tbad \\\\q escape\n" >>bad/s2.tsv &&
	test_must_fail $mk IN=bad OUT=bad.out -j 1 >log 2>&1 &&
	grep "^spotsig: bad/s2.tsv:$(wc -l <bad/s2.tsv): invalid escape" log &&
	grep "^corpus.mk: shard bad/s2.tsv: bad.out/sigs/s2.tsv.sigs failed (status 2)" log &&
	grep "^make: \*\*\* .*bad.out/sigs/s2.tsv.sigs. Error 2" log &&
	! test -e bad.out/sigs/s2.tsv.sigs &&
	! test -e bad.out/sigs/s2.tsv.sigs.tmp &&
	for s in s0 s1; do
		test_cmp j1/sigs/$s.tsv.sigs bad.out/sigs/$s.tsv.sigs || return 1
	done &&
	! test -e bad.out/sigs/s3.tsv.sigs &&
	! test -e bad.out/match/1.pairs &&
	test_must_fail $mk IN=bad OUT=bad.out -k -j 2 >log 2>&1 &&
	grep "^corpus.mk: shard bad/s2.tsv: " log &&
	test_cmp j1/sigs/s3.tsv.sigs bad.out/sigs/s3.tsv.sigs &&
	! test -e bad.out/sigs/s2.tsv.sigs &&
	! test -e bad.out/match/1.pairs &&
	! test -e bad.out/pairs.tsv &&
	sed -i "\$d" bad/s2.tsv &&
	$mk -n IN=bad OUT=bad.out >plan &&
	test $(grep -c "{ spotsig" plan) = 1 &&
	$mk IN=bad OUT=bad.out -j 2 >log 2>&1 &&
	test_cmp ref.keep bad.out/keep.txt &&
	test_cmp ref.clusters bad.out/clusters.tsv
'

test_expect_success 'LSH, I-Match and DDD: the pairs of their single pipelines' '
	$mk IN=in OUT=lsh WORKFLOW=lsh KEYS=3 -j 2 pairs >log 2>&1 &&
	test $(ls lsh/shuffle/*.done | wc -l) = 4 &&
	spotsig all.docs | dklexicon --idf 0.2:0.85 | minhash -t 0.44 | spotmatch -t 0.44 | sort >want &&
	sort lsh/pairs.tsv >got && test_cmp want got &&
	$mk IN=in OUT=im WORKFLOW=imatch IMATCH_K=4 -j 2 pairs >log 2>&1 &&
	dklexicon -w all.docs >wlex &&
	imatch -i 0.4:0.75 -K 4 -L wlex all.docs | spotmatch | sort >want &&
	test_cmp want im/pairs.tsv &&
	mkdir ind &&
	awk -F "\t" "{ m = NR * 7; printf \"%s\t2026-01-%02dT%02d:%02d:00Z\t%s\n\", \
		\$1, 1 + int(m / 1440), int(m / 60) % 24, m % 60, \$2 }" all.docs >timed &&
	split -n l/3 -d -a 1 --additional-suffix=.tsv timed ind/d &&
	$mk IN=ind OUT=ddd WORKFLOW=ddd -j 2 keeplist >log 2>&1 &&
	qgram -q 4 timed | spotmatch -M max -t 0.8 --window 24h --time-column 2 --novel >want &&
	test_cmp want ddd/keep.txt &&
	test $(wc -l <want) -lt 600
'

test_expect_success 'LSH and I-Match: a new threshold remakes only the stages that use it' '
	$mk -n IN=in OUT=lsh WORKFLOW=lsh KEYS=3 TAU=0.5 MINHASH_FLAGS="-t 0.44" pairs >plan &&
	! grep -e "minhash" -e "dklexicon" -e "spotsig" -e "shuffle/s0.tsv.tmp" plan &&
	test $(grep -c "spotmatch -j 1 -t 0.5" plan) = 3 &&
	grep "sort -u" plan &&
	$mk -n IN=in OUT=lsh WORKFLOW=lsh KEYS=3 TAU=0.5 pairs >plan &&
	test $(grep -c "minhash --per-band -t 0.5" plan) = 4 &&
	! grep -e "spotsig" -e "all.lex.tmp" plan &&
	test $(grep -c "spotmatch -j 1 -t 0.5" plan) = 3 &&
	$mk -n IN=in OUT=lsh WORKFLOW=lsh KEYS=3 MINHASH_FLAGS="-k 6 -l 16" pairs >plan &&
	test $(grep -c "minhash --per-band -k 6 -l 16" plan) = 4 &&
	! grep "spotsig" plan &&
	$mk -n IN=in OUT=im WORKFLOW=imatch IMATCH_K=4 TAU=0.5 pairs >plan &&
	! grep -e "imatch -T" -e "spotmatch" -e "dklexicon" plan &&
	grep "awk .*-v tau=.0.5." plan &&
	$mk IN=in OUT=im WORKFLOW=imatch IMATCH_K=4 TAU=0.5 pairs >log 2>&1 &&
	imatch -i 0.4:0.75 -K 4 -L wlex all.docs | spotmatch -t 0.5 | sort >want &&
	test_cmp want im/pairs.tsv &&
	test $(wc -l <want) -lt $(wc -l <wlex) &&
	$mk -q IN=in OUT=im WORKFLOW=imatch IMATCH_K=4 TAU=0.5 pairs &&
	test_must_fail $mk -q IN=in OUT=im WORKFLOW=imatch IMATCH_K=3 TAU=0.5 pairs
'

test_expect_success 'JSON Lines shards: the same keep list, kept lines byte for byte' '
	mkdir inj &&
	jq -Rc "split(\"\t\") | {id: .[0], n: 1, text: .[1]}" all.docs >all.jsonl &&
	split -n l/3 -d -a 1 --additional-suffix=.jsonl all.jsonl inj/j &&
	$mk IN=inj OUT=json FORMAT=jsonl -j 2 >log 2>&1 &&
	test_cmp ref.keep json/keep.txt &&
	cat json/dedup/j0.jsonl json/dedup/j1.jsonl json/dedup/j2.jsonl >got &&
	keep --json id ref.keep all.jsonl >want &&
	test_cmp want got &&
	test $(wc -l <got) = $(wc -l <ref.keep) &&
	mkdir badj &&
	cp inj/*.jsonl badj/ &&
	echo "{broken" >>badj/j1.jsonl &&
	test_must_fail $mk IN=badj OUT=badj.out FORMAT=jsonl -j 1 >log 2>&1 &&
	grep "^corpus.mk: shard badj/j1.jsonl: badj.out/sigs/j1.jsonl.sigs failed" log &&
	test_cmp json/sigs/j0.jsonl.sigs badj.out/sigs/j0.jsonl.sigs &&
	! ls badj.out/sigs/j1.jsonl.sigs* 2>/dev/null
'

test_expect_success 'JSON Lines shards are read by the stages (--json), no jq; I-Match too' '
	$mk -n IN=inj OUT=plan FORMAT=jsonl WORKFLOW=imatch IMATCH_K=4 >plan &&
	! grep jq plan &&
	grep "dklexicon -w --quoted skip --json .id,text. inj/j0.jsonl" plan &&
	grep "imatch -T .* --json .id,text. inj/j2.jsonl" plan &&
	$mk -n IN=inj OUT=plan FORMAT=jsonl WORKFLOW=ddd >plan &&
	grep "qgram --quoted skip -q 4 --json .id,text. inj/j1.jsonl" plan &&
	! grep jq plan &&
	mkdir in1 &&
	cp all.docs in1/all.tsv &&
	$mk IN=in1 OUT=imt WORKFLOW=imatch IMATCH_K=4 >log 2>&1 &&
	$mk IN=inj OUT=imj FORMAT=jsonl WORKFLOW=imatch IMATCH_K=4 -j 2 >log 2>&1 &&
	cut -f1 all.docs >want &&
	test_cmp want imj/ids &&
	test_cmp imt/keep.txt imj/keep.txt &&
	test_cmp imt/clusters.tsv imj/clusters.tsv &&
	test $(wc -l <imj/keep.txt) -lt 600 &&
	cat imj/dedup/j0.jsonl imj/dedup/j1.jsonl imj/dedup/j2.jsonl >got &&
	keep --json id imj/keep.txt all.jsonl >want &&
	test_cmp want got &&
	$mk -q IN=inj OUT=imj FORMAT=jsonl WORKFLOW=imatch IMATCH_K=4 &&
	test_must_fail $mk -q IN=inj OUT=imj FORMAT=jsonl WORKFLOW=imatch IMATCH_K=4 JSON_TEXT=n
'

test_expect_success 'WARC shards of the example pages: the pages pipeline, kept records whole' '
	mkdir inw &&
	i=0 &&
	for f in "$top"/examples/pages/*.html; do
		i=$((i + 1)) &&
		{ printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" && cat "$f"; } >block &&
		dk_warc_record response "http://example.org/$(basename "$f")" "urn:uuid:page-$i" \
			"2026-01-01T00:00:00Z" "application/http; msgtype=response" block \
			>>inw/crawl$((i % 2)).warc || return 1
	done &&
	gzip inw/crawl1.warc &&
	$mk IN=inw OUT=warc FORMAT=warc TAU=0.4 -j 2 >log 2>&1 &&
	test "$(cat warc/opt/shards)" = "crawl0.warc crawl1.warc.gz" &&
	htmlstrip --warc inw/crawl0.warc inw/crawl1.warc.gz >docs &&
	spotsig --dense $DK_DENSE --dense-words $DK_DENSE_WORDS docs | dklexicon --idf $DK_IDF --agree $DK_AGREE | spotmatch -t 0.4 $SPOT >pairs &&
	cut -f1 docs >ids &&
	dkcluster -a ids --representatives pairs >want.keep &&
	test_cmp want.keep warc/keep.txt &&
	test $(wc -l <want.keep) -lt 13 &&
	for s in crawl0.warc crawl1.warc.gz; do
		keep --warc want.keep inw/$s >want &&
		test_cmp want warc/dedup/$s || return 1
	done &&
	gzip -t warc/dedup/crawl1.warc.gz
'

test_expect_success 'bad variables are refused before anything runs' '
	test_must_fail $mk IN=in OUT=x WORKFLOW=nosuch 2>err &&
	grep "WORKFLOW=nosuch: want spotsigs, lsh, imatch or ddd" err &&
	test_must_fail $mk IN=nosuch OUT=x 2>err &&
	grep "IN=nosuch: not a directory (IN=DIR: the shards are DIR/\*.tsv ...)" err &&
	test_must_fail $mk IN=in/s1.tsv OUT=x 2>err &&
	grep "IN=in/s1.tsv: not a directory" err &&
	test_must_fail $mk "IN=in/s1.tsv in/s2.tsv" OUT=x 2>err &&
	grep "IN=in/s1.tsv in/s2.tsv: want one directory, the one holding the shards" err &&
	mkdir -p empty &&
	test_must_fail $mk IN=empty OUT=x 2>err &&
	grep "IN=empty: no shards there (files named \*.tsv)" err &&
	test_must_fail $mk IN=in OUT=x FORMAT=jsonl 2>err &&
	grep "IN=in: no shards there (files named \*.jsonl)" err &&
	$mk -n IN=in OUT=x SUFFIX=.tsv\ README >plan &&
	grep "spotsig.* in/README" plan &&
	test_must_fail $mk OUT=x 2>err &&
	grep "give IN=DIR" err &&
	test_must_fail $mk IN=in OUT=x KEYS=0 2>err &&
	grep "KEYS=0" err &&
	! test -e x/pairs.tsv &&
	$mk OUT=x help >out &&
	grep "^usage: make -f corpus.mk IN=DIR" out &&
	$mk OUT=x clean &&
	! test -e x
'

test_expect_success PARALLEL 'scaleout.sh on the same collection: the same' '
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 spotsigs so all.docs &&
	same so
'

# DK_AGREE: story.awk's 24 copies of a story are found only when the IDF
# filter keeps their common signatures because the copies agree.  dkdedup
# (spotsig --agree on the whole) and corpus.mk (dklexicon --agree over the
# shards' signatures, the marked lexicon loaded by each shard's keys) keep
# the same documents, whatever the key ranges; without AGREE, more.
test_expect_success 'a story copied many times: the keep list of dkdedup, one or three key ranges' '
	awk -f "$DK_TESTS/story.awk" >story.docs &&
	mkdir instory &&
	split -n l/3 -d -a 1 --additional-suffix=.tsv story.docs instory/s &&
	dkdedup tsv story.docs story.out 2>err &&
	cut -f1 story.out | sort >story.keep &&
	test $(wc -l <story.keep) = 61 &&
	$mk IN=instory OUT=st1 -j 2 >log 2>&1 &&
	sort st1/keep.txt >got && test_cmp story.keep got &&
	cat st1/dedup/s0.tsv st1/dedup/s1.tsv st1/dedup/s2.tsv >got && test_cmp story.out got &&
	$mk IN=instory OUT=st3 KEYS=3 -j 2 >log 2>&1 &&
	grep -c "	!agree\$" st3/all.lex >marks && test "$(cat marks)" = 40 &&
	sort st3/keep.txt >got && test_cmp story.keep got &&
	cat st3/dedup/s0.tsv st3/dedup/s1.tsv st3/dedup/s2.tsv >got && test_cmp story.out got &&
	$mk IN=instory OUT=st3 KEYS=3 AGREE= -j 2 >log 2>&1 &&
	! grep -q "	!agree\$" st3/all.lex &&
	test $(wc -l <st3/keep.txt) = 84
'

test_expect_success PARALLEL 'a story copied many times: scaleout.sh and mapred.sh keep what dkdedup keeps' '
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 spotsigs sost story.docs &&
	sort sost/keep.txt >got && test_cmp story.keep got &&
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 -a "" spotsigs sost0 story.docs &&
	test $(wc -l <sost0/keep.txt) = 84 &&
	mapred="sh $top/examples/mapred.sh" &&
	$mapred lex-map spotsigs -d <story.docs | sort -k1,1 | $mapred lex-reduce spotsigs >mr.lex &&
	spotsig --dense $DK_DENSE --dense-words $DK_DENSE_WORDS story.docs | dklexicon --lexicon --idf $DK_IDF --agree $DK_AGREE >want &&
	test_cmp want mr.lex &&
	test $(grep -c "	!agree\$" mr.lex) = 40 &&
	split -n l/3 story.docs mrsplit. &&
	for f in mrsplit.*; do $mapred key-map spotsigs -d -L mr.lex <$f || return 1; done |
		sort -k1,1 | $mapred match-reduce spotsigs | $mapred merge spotsigs -C mr.left >mr.pairs &&
	cut -f1 story.docs >story.ids &&
	dkcluster -a story.ids --representatives mr.pairs | sort >got &&
	test_cmp story.keep got
'

# Documents too short to judge (fewer than DK_MIN_SHARED signatures) are
# never matched; dkdedup removes their exact copies (by the SHA-1 of the
# text), keeping the first in corpus order.  Four short texts among the
# story's documents, copied within a shard and across shards (sa3, sb2,
# sc3 and sd2 in the last shard, their first copies in the first two); sd
# differs from sa in one word: not a copy.  With MIN_SHARED=1 and DENSE=0
# only sb, without spot signatures, is short (the others are matched at 1;
# with word chains, sb would have one too).
test_expect_success 'short exact copies across shards: the keep list of dkdedup' '
	awk -v OFS="\t" "
	BEGIN {
		a = \"the cat is on the mat and the dog is in the house\"
		b = \"hello world, no spots here\"
		c = \"a short note: the plan is to meet at noon\"
		d = \"the cat is on the mat and the dog is in the garden\"
	}
	NR == 1 { print \"sa1\", a; print \"sb1\", b }
	NR == 20 { print \"sc1\", c; print \"sa2\", a }
	NR == 40 { print \"sd1\", d; print \"sc2\", c }
	NR == 60 { print \"sb2\", b; print \"sa3\", a }
	NR == 80 { print \"sc3\", c; print \"sd2\", d }
	{ print }" story.docs >short.docs &&
	mkdir inshort &&
	split -n l/3 -d -a 1 --additional-suffix=.tsv short.docs inshort/s &&
	grep "^sa3	" inshort/s2.tsv && grep "^sb2	" inshort/s2.tsv &&
	grep "^sc2	" inshort/s1.tsv && grep "^sb1	" inshort/s0.tsv &&
	dkdedup tsv short.docs short.out 2>err &&
	grep "6 exact copies" err &&
	cut -f1 short.out | sort >short.keep &&
	sort story.keep - >want <<-\EOF &&
	sa1
	sb1
	sc1
	sd1
	EOF
	test_cmp want short.keep &&
	$mk IN=inshort OUT=sh1 -j 2 >log 2>&1 &&
	sort sh1/keep.txt >got && test_cmp short.keep got &&
	cat sh1/dedup/s0.tsv sh1/dedup/s1.tsv sh1/dedup/s2.tsv >got && test_cmp short.out got &&
	cat >want <<-\EOF &&
	sa1	sa2	1.000000
	sc1	sc2	1.000000
	sb1	sb2	1.000000
	sa1	sa3	1.000000
	sc1	sc3	1.000000
	sd1	sd2	1.000000
	EOF
	test_cmp want sh1/short.pairs &&
	$mk IN=inshort OUT=sh3 KEYS=3 -j 2 >log 2>&1 &&
	sort sh3/keep.txt >got && test_cmp short.keep got &&
	test_cmp want sh3/short.pairs &&
	$mk IN=inshort OUT=sh3 KEYS=3 MIN_SHARED=1 DENSE=0 -j 2 keeplist >log 2>&1 &&
	printf "sb1\tsb2\t1.000000\n" >want &&
	test_cmp want sh3/short.pairs &&
	sort sh3/keep.txt >got && test_cmp short.keep got
'

test_expect_success PARALLEL 'short exact copies across shards: scaleout.sh and mapred.sh keep what dkdedup keeps' '
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 spotsigs shso short.docs &&
	sort shso/keep.txt >got && test_cmp short.keep got &&
	mapred="sh $top/examples/mapred.sh" &&
	$mapred lex-map spotsigs -d <short.docs | sort -k1,1 | $mapred lex-reduce spotsigs >shmr.lex &&
	split -n l/3 short.docs shsplit. &&
	for f in shsplit.*; do $mapred key-map spotsigs -d -L shmr.lex <$f || return 1; done |
		sort -k1,1 | $mapred match-reduce spotsigs >shmr.parts &&
	test_expect_code 2 $mapred merge spotsigs -C shmr.left <shmr.parts >/dev/null 2>err &&
	grep "give -A ids" err &&
	cut -f1 short.docs >short.ids &&
	$mapred merge spotsigs -A short.ids -C shmr.left <shmr.parts >shmr.pairs &&
	dkcluster -a short.ids --representatives shmr.pairs | sort >got &&
	test_cmp short.keep got
'

# Own words: two manual pages of one template, sin and cos, each naming
# its function and what it computes 3 times in its first 100 words, in
# the same places (the pair of t7400's dkdedup case), and sin with a
# sentence added, in another shard.  All three workflows that cluster pair
# all three pages (LSH and I-Match at the IDF ranges given: the default
# ones keep too few words of 3 documents); by default (OWN_WORDS, from
# DK_OWN_WORDS) dkcluster reads the shards' text and keeps sin and cos
# apart, as dkdedup does, and only the edited copy goes; OWN_WORDS=0
# remakes only the clusters and what follows, from the IDs, and cos goes
# too.
own_page() {
	printf "%s\t%s\n" "$1" "$2(3) Library Functions Manual $2(3)\\nNAME\\n$2 - compute the $3 of a number\\nSYNOPSIS\\ndouble $2(double v);\\nDESCRIPTION\\nThe $2 function returns the $3 of its argument. The argument is a number in radians. The result is a double. The function is thread safe. The value is exact to the last bit. The errors are reported in errno. The function is declared in the math header. The range is the whole real line. The precision is the same for all inputs.$4\\nRETURN VALUE\\nOn success, $2 returns the $3 of v."
}
test_expect_success 'own words: two pages of one template kept apart, joined with OWN_WORDS=0, in each workflow' '
	mkdir inown &&
	{ own_page sin sin sine "" && own_page cos cos cosine ""; } >inown/a.tsv &&
	own_page sin.ed sin sine " The speed is good." >inown/b.tsv &&
	cat inown/a.tsv inown/b.tsv >own.docs &&
	dkdedup tsv own.docs own.dd 2>err &&
	printf "sin\ncos\n" >want.own && printf "sin\n" >want.own0 &&
	cut -f1 own.dd >got && test_cmp want.own got &&
	for w in spotsigs lsh imatch; do
		case $w in lsh) i=IDF=0:1 ;; imatch) i=IDF=0:0.1 ;; *) i=IDF=$DK_IDF ;; esac
		$mk IN=inown OUT=own.$w WORKFLOW=$w $i -j 2 >log 2>&1 &&
		test $(wc -l <own.$w/pairs.tsv) = 3 &&
		test_cmp want.own own.$w/keep.txt &&
		case $w in spotsigs) ws=" --word-sim $DK_WORD_SIM" o=" wordsim=$DK_WORD_SIM" ;; *) ws= o= ;; esac &&
		test "$(cat own.$w/opt/cluster)" = "own=$DK_OWN_WORDS$o" &&
		$mk -n IN=inown OUT=own.$w WORKFLOW=$w $i OWN_WORDS=0 >plan &&
		grep "{ dkcluster *-a own.$w/ids own.$w/pairs.tsv; }" plan &&
		! grep "{ spotsig\|{ imatch\|{ dklexicon\|{ spotmatch\|{ cat inown" plan &&
		$mk IN=inown OUT=own.$w WORKFLOW=$w $i OWN_WORDS=0 -j 2 >log 2>&1 &&
		test_cmp want.own0 own.$w/keep.txt &&
		$mk -n IN=inown OUT=own.$w WORKFLOW=$w $i >plan &&
		grep "{ cat inown/a.tsv inown/b.tsv | dkcluster *--own-words $DK_OWN_WORDS *$ws *--apart own.$w/apart.tsv.tmp *-a - own.$w/pairs.tsv; }" plan || return 1
	done &&
	test_must_fail $mk IN=inown OUT=x OWN_WORDS=x 2>err &&
	grep "OWN_WORDS=x: want a whole number (0: no such rule)" err &&
	test_must_fail $mk IN=inown OUT=x OWN_WORDS= 2>err &&
	grep "OWN_WORDS=: want a whole number" err &&
	! test -e x
'

# The same pages as JSON Lines (dkcluster --json) and as WARC shards, whose
# text is kept in text/ for dkcluster and the signatures made from it:
# one htmlstrip per shard
test_expect_success 'own words: JSON Lines and WARC shards' '
	mkdir inownj inownw &&
	for s in a b; do
		while IFS="	" read -r id text; do
			printf "{\"key\": \"%s\", \"body\": \"%s\"}\n" "$id" "$text" || return 1
		done <inown/$s.tsv >inownj/$s.jsonl || return 1
	done &&
	$mk IN=inownj OUT=ownj FORMAT=jsonl JSON_ID=key JSON_TEXT=body -j 2 >log 2>&1 &&
	test_cmp want.own ownj/keep.txt &&
	$mk IN=inownj OUT=ownj FORMAT=jsonl JSON_ID=key JSON_TEXT=body OWN_WORDS=0 -j 2 >log 2>&1 &&
	test_cmp want.own0 ownj/keep.txt &&
	while IFS="	" read -r id text; do
		printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body><p>%s</p></body></html>\n" \
			"$(printf "%s" "$text" | sed "s,\\\\n,</p><p>,g")" >block &&
		case $id in sin.ed) s=b ;; *) s=a ;; esac &&
		dk_warc_record response "http://example.org/$id" "urn:uuid:$id" "2026-01-01T00:00:00Z" \
			"application/http; msgtype=response" block >>inownw/$s.warc || return 1
	done <own.docs &&
	$mk -n IN=inownw OUT=ownw FORMAT=warc >plan &&
	test $(grep -c "htmlstrip --warc" plan) = 2 &&
	$mk IN=inownw OUT=ownw FORMAT=warc -j 2 >log 2>&1 &&
	printf "urn:uuid:sin\nurn:uuid:cos\n" >want &&
	test_cmp want ownw/keep.txt &&
	ls ownw/text >got && printf "a.warc.tsv\nb.warc.tsv\n" >want && test_cmp want got &&
	$mk IN=inownw OUT=ownw0 FORMAT=warc OWN_WORDS=0 -j 2 >log 2>&1 &&
	echo urn:uuid:sin >want &&
	test_cmp want ownw0/keep.txt &&
	! test -e ownw0/text
'

test_expect_success SLURM 'on a one-node Slurm cluster, make with srun as the launcher: the same' '
	test_when_finished "slurm_down" &&
	slurm_up &&
	mkdir steps &&
	sbatch --wait --quiet -n 2 -o slurm.log \
		--wrap "SRUN_FLAGS=--output=steps/%j.%s $mk IN=in OUT=sl KEYS=4 LAUNCH=$top/examples/srun-sh -j 2 keeplist sl/clusters.tsv" &&
	same sl &&
	ls steps >list &&
	test $(wc -l <list) = 28
'

test_done

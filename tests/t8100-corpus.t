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

test_expect_success 'setup: 600 documents in 4 TSV shards, and the single pipeline' '
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.4 --drop 0.05 --change 0.05 600 >all.docs &&
	mkdir in &&
	split -n l/4 -d -a 1 --additional-suffix=.tsv all.docs in/s &&
	test $(ls in | wc -l) = 4 &&
	cut -f1 all.docs >ids &&
	spotsig all.docs | dklexicon --idf 0.2:0.85 | spotmatch -t 0.5 >pairs &&
	sort pairs >ref.pairs &&
	dkcluster -a ids pairs >ref.clusters &&
	dkcluster -a ids --representatives pairs >ref.keep &&
	test $(wc -l <ref.pairs) -gt 300 &&
	test $(wc -l <ref.keep) -lt 500
'

test_expect_success 'make -j 1: the pairs, clusters and keep list of one pipeline' '
	$mk IN=in OUT=j1 -j 1 keeplist j1/clusters.tsv >log 2>&1 &&
	same j1 &&
	test $(ls j1/match/*.pairs | wc -l) = 4
'

test_expect_success 'make -j 4 and other key ranges: the same' '
	$mk IN=in OUT=j4 KEYS=7 -j 4 keeplist j4/clusters.tsv >log 2>&1 &&
	same j4 &&
	$mk IN=in OUT=k1 KEYS=1 -j 4 keeplist j4/clusters.tsv >log 2>&1 &&
	same j4
'

test_expect_success 'a run with nothing changed does nothing (make -q is true)' '
	$mk -q IN=in OUT=j1 keeplist j1/clusters.tsv &&
	$mk IN=in OUT=j1 -j 1 keeplist j1/clusters.tsv >log &&
	! grep -v -e "Nothing to be done" -e "is up to date" log
'

test_expect_success 'a new threshold remakes the keys and what follows, not the signatures' '
	cp -r j1 t6 &&
	$mk -n IN=in OUT=t6 TAU=0.6 keeplist >plan &&
	! grep -e "^spotsig" -e "^dklexicon -m" plan &&
	test $(grep -c "partition --shard -t 0.6" plan) = 4 &&
	$mk IN=in OUT=t6 TAU=0.6 keeplist >log 2>&1 &&
	spotsig all.docs | dklexicon --idf 0.2:0.85 | spotmatch -t 0.6 | sort >want &&
	sort t6/pairs.tsv >got &&
	test_cmp want got &&
	$mk -q IN=in OUT=t6 TAU=0.6 keeplist &&
	test_must_fail $mk -q IN=in OUT=t6 TAU=0.5 keeplist
'

test_expect_success 'the last stage deleted: only it is made again' '
	rm j1/keep.txt &&
	$mk -n IN=in OUT=j1 keeplist >plan &&
	test $(grep -c . plan) = 1 &&
	grep "dkcluster .*--representatives" plan &&
	$mk IN=in OUT=j1 keeplist >log 2>&1 &&
	same j1
'

# A partition that sleeps: the run is still in its key stage when killed.
test_expect_success 'killed in the middle, then resumed: the same, and nothing half-written kept' '
	mkdir slow &&
	for p in $(ls "$DK_BIN"); do ln -s "$DK_BIN/$p" slow/$p || return 1; done &&
	rm slow/partition &&
	printf "#!/bin/sh\nsleep 1\nexec %s/partition \"\$@\"\n" "$DK_BIN" >slow/partition &&
	chmod +x slow/partition &&
	{ PATH="$PWD/slow:$PATH" setsid $mk IN=in OUT=kill -j 1 keeplist kill/clusters.tsv >log 2>&1 & } &&
	pid=$! &&
	for i in $(seq 100); do
		test -e kill/keys/s1.tsv.keys && break
		sleep 0.1
	done &&
	env kill -TERM -- -$pid &&
	{ wait $pid; true; } &&
	test -e kill/keys/s0.tsv.keys &&
	! test -e kill/keys/s3.tsv.keys &&
	! test -e kill/pairs.tsv &&
	$mk -n IN=in OUT=kill keeplist kill/clusters.tsv >plan &&
	! grep "^spotsig" plan &&
	$mk IN=in OUT=kill -j 2 keeplist kill/clusters.tsv >log 2>&1 &&
	same kill &&
	! ls kill/*/*.tmp kill/*.tmp 2>/dev/null
'

test_expect_success 'a shard that fails to parse stops the job, naming it; the others are kept' '
	mkdir bad &&
	cp in/* bad/ &&
	printf "broken\tbad \\\\q escape\n" >>bad/s2.tsv &&
	test_must_fail $mk IN=bad OUT=bad.out -k -j 1 keeplist >log 2>&1 &&
	grep "spotsig: bad/s2.tsv:$(wc -l <bad/s2.tsv): invalid escape" log &&
	! test -e bad.out/sigs/s2.tsv.sigs &&
	! test -e bad.out/sigs/s2.tsv.sigs.tmp &&
	for s in s0 s1 s3; do
		test_cmp j1/sigs/$s.tsv.sigs bad.out/sigs/$s.tsv.sigs || return 1
	done &&
	! test -e bad.out/pairs.tsv
'

test_expect_success 'LSH, I-Match and DDD: the pairs of their single pipelines' '
	$mk IN=in OUT=lsh WORKFLOW=lsh -j 2 pairs >log 2>&1 &&
	spotsig all.docs | dklexicon --idf 0.2:0.85 | minhash -k 6 -l 32 | spotmatch -t 0.44 | sort >want &&
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

test_expect_success 'to the end: each shard with only its kept records, and the count' '
	$mk IN=in OUT=j1 -j 2 >log 2>&1 &&
	grep "^corpus.mk: spotsigs over 4 shards of in: kept $(wc -l <ref.keep) of 600 documents" log &&
	cat j1/dedup/s0.tsv j1/dedup/s1.tsv j1/dedup/s2.tsv j1/dedup/s3.tsv >got &&
	keep ref.keep all.docs >want &&
	test_cmp want got &&
	test $(wc -l <got) = $(wc -l <ref.keep)
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
	test $(wc -l <got) = $(wc -l <ref.keep)
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
	$mk IN=inw OUT=warc FORMAT=warc TAU=0.4 -j 2 >log 2>&1 &&
	htmlstrip --warc inw/crawl0.warc inw/crawl1.warc >docs &&
	spotsig docs | dklexicon --idf 0.2:0.85 | spotmatch -t 0.4 >pairs &&
	cut -f1 docs >ids &&
	dkcluster -a ids --representatives pairs >want.keep &&
	test_cmp want.keep warc/keep.txt &&
	test $(wc -l <want.keep) -lt 13 &&
	for s in crawl0 crawl1; do
		keep --warc want.keep inw/$s.warc >want &&
		test_cmp want warc/dedup/$s.warc || return 1
	done
'

test_expect_success 'bad variables are refused before anything runs' '
	test_must_fail $mk IN=in OUT=x WORKFLOW=nosuch 2>err &&
	grep "WORKFLOW=nosuch: want spotsigs, lsh, imatch or ddd" err &&
	test_must_fail $mk IN=nosuch OUT=x 2>err &&
	grep "IN=nosuch: no shards there" err &&
	test_must_fail $mk OUT=x 2>err &&
	grep "give IN=DIR" err &&
	test_must_fail $mk IN=in OUT=x KEYS=0 2>err &&
	grep "KEYS=0" err &&
	! test -e x/pairs.tsv &&
	$mk help >out &&
	grep "^usage: make -f corpus.mk IN=DIR" out
'

test_expect_success PARALLEL 'scaleout.sh on the same collection: the same' '
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 -t 0.5 spotsigs so all.docs &&
	same so
'

test_expect_success SLURM 'on a one-node Slurm cluster, make with srun as the launcher: the same' '
	test_when_finished "slurm_down" &&
	slurm_up &&
	mkdir steps &&
	sbatch --wait --quiet -n 2 -o slurm.log \
		--wrap "SRUN_FLAGS=--output=steps/%j.%s $mk IN=in OUT=sl LAUNCH=$top/examples/srun-sh -j 2 keeplist sl/clusters.tsv" &&
	same sl &&
	ls steps >list &&
	test $(wc -l <list) -ge 25
'

test_done

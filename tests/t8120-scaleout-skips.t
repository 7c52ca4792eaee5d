#!/bin/sh
test_description='scale-out jobs and skipped records: a record a stage skips by the
policy of dupkit-formats(5) (over --max-record, a PDF among the pages) is named,
the job goes on and writes what the job on the corpus without that record
writes, and ends saying so with a failure (corpus.mk: make status 2;
scaleout.sh and mapred.sh merge: 1), as dkdedup does; a real failure still
stops the job'
. "$(dirname "$0")/lib.sh"

dk_workflows
. "$DK_TESTS/slurm.sh"
slurm_prereq

# same A B: the pairs, clusters and keep list of the runs in A and B
same() {
	for f in pairs.tsv clusters.tsv keep.txt; do
		test_cmp "$1/$f" "$2/$f" || return 1
	done
}

test_expect_success 'setup: 4 TSV shards, and the same with one record over the limit' '
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:200 --copy 0.4 --drop 0.05 --change 0.05 200 >all.docs &&
	mkdir ref in &&
	split -n l/4 -d -a 1 --additional-suffix=.tsv all.docs ref/s &&
	max=$(awk "{ if (length > m) m = length } END { print m }" all.docs) &&
	echo $max >max &&
	awk -v n=$((max + 100)) "BEGIN { printf \"long\\t\"; for (i = 0; i < n; i += 6) printf \"word%d \", i % 7; print \"\" }" >long &&
	cp ref/s0.tsv ref/s2.tsv ref/s3.tsv in/ &&
	{ head -n 10 ref/s1.tsv && cat long && tail -n +11 ref/s1.tsv; } >in/s1.tsv &&
	test $(wc -l <in/s1.tsv) = $(($(wc -l <ref/s1.tsv) + 1)) &&
	cp all.docs bad.docs &&
	printf "broken\tbad \\\\q escape\n" >>bad.docs &&
	$mk IN=ref OUT=ref.out -j 2 >log 2>&1 &&
	test $(wc -l <ref.out/pairs.tsv) -ge 5
'

# the limit that the long record is over, for the stages that read it
# (dkcluster too, which reads the text for its own words)
L1="SPOTSIG_FLAGS=--max-record $(cat max)" L2="KEEP_FLAGS=--max-record $(cat max)"
L3="CLUSTER_FLAGS=--max-record $(cat max)"

test_expect_success 'corpus.mk: a record over --max-record is named, every file written as without it, make fails' '
	test_expect_code 2 $mk IN=in OUT=skip "$L1" "$L2" "$L3" -j 2 >out 2>err &&
	same ref.out skip &&
	for s in s0 s1 s2 s3; do
		test_cmp ref.out/dedup/$s.tsv skip/dedup/$s.tsv || return 1
	done &&
	test_cmp ref.out/ids skip/ids &&
	for p in spotsig keep; do
		grep "^$p: in/s1.tsv:11: record longer than $(cat max) bytes skipped (see --max-record)\$" err || return 1
	done &&
	grep "^dkcluster: stdin:$(($(wc -l <in/s0.tsv) + 11)): record longer than $(cat max) bytes skipped" err &&
	grep "^corpus.mk: shard in/s1.tsv: skip/sigs/s1.tsv.sigs: made without the records skipped above\$" err &&
	grep "^corpus.mk: skip/clusters.tsv: made without the records skipped above\$" err &&
	grep "^corpus.mk: skip/contained.tsv: made without the records skipped above\$" err &&
	grep "^corpus.mk: shard in/s1.tsv: skip/dedup/s1.tsv: made without the records skipped above\$" err &&
	grep "^corpus.mk: spotsigs over 4 shards of in: kept $(wc -l <ref.out/keep.txt) of 200 documents" out &&
	grep "^make: \*\*\* .*skip/summary. Error 1\$" err &&
	grep -v "^make: " err | tail -n 1 >last &&
	echo "corpus.mk: skip: written without the records skipped by the stages above" >expect &&
	test_cmp expect last &&
	test $(grep -c "skipped\$" err) = 4 &&
	! grep "failed" err &&
	! test -e skip/summary &&
	test $(ls skip/sigs skip/dedup | grep -c "\.skipped\$") = 2 &&
	! ls skip/*/*.tmp skip/*.tmp 2>/dev/null
'

test_expect_success 'corpus.mk: a rerun remakes nothing and says it again; the limit raised, the record is kept' '
	test_must_fail $mk -q IN=in OUT=skip "$L1" "$L2" "$L3" &&
	test_expect_code 2 $mk IN=in OUT=skip "$L1" "$L2" "$L3" -j 2 >out 2>err &&
	! grep "{ spotsig\|{ keep" out &&
	cat >expect <<-\EOF &&
	corpus.mk: skip/clusters.tsv: made without records its stage skipped
	corpus.mk: skip/contained.tsv: made without records its stage skipped
	corpus.mk: shard in/s1.tsv: skip/dedup/s1.tsv: made without records its stage skipped
	corpus.mk: shard in/s1.tsv: skip/sigs/s1.tsv.sigs: made without records its stage skipped
	corpus.mk: skip: written without the records skipped by the stages above
	EOF
	grep -v "^make: " err >got &&
	test_cmp expect got &&
	$mk IN=in OUT=skip -j 2 >out 2>err &&
	! test -s err &&
	test -e skip/summary &&
	! ls skip/*/*.skipped 2>/dev/null &&
	grep "^long	" skip/dedup/s1.tsv &&
	$mk -q IN=in OUT=skip
'

test_expect_success 'corpus.mk: the goal keeplist succeeds, its stage having said what it skipped' '
	$mk IN=in OUT=kl "$L1" "$L2" "$L3" -j 2 keeplist >out 2>err &&
	test_cmp ref.out/keep.txt kl/keep.txt &&
	grep "^spotsig: in/s1.tsv:11: record longer than" err &&
	grep "^corpus.mk: shard in/s1.tsv: kl/sigs/s1.tsv.sigs: made without the records skipped above\$" err &&
	test -e kl/sigs/s1.tsv.sigs.skipped &&
	$mk -q IN=in OUT=kl "$L1" "$L2" "$L3" keeplist
'

test_expect_success SLURM 'corpus.mk on a one-node Slurm cluster (srun launches the recipes): the same' '
	test_when_finished "slurm_down" &&
	slurm_up &&
	test_expect_code 2 sbatch --wait --quiet -n 2 -o slurm.log \
		--wrap "$mk IN=in OUT=sl \"$L1\" \"$L2\" \"$L3\" LAUNCH=$top/examples/srun-sh -j 2" &&
	same ref.out sl &&
	for s in s0 s1 s2 s3; do
		test_cmp ref.out/dedup/$s.tsv sl/dedup/$s.tsv || return 1
	done &&
	grep "^spotsig: in/s1.tsv:11: record longer than" slurm.log &&
	grep "^corpus.mk: shard in/s1.tsv: sl/sigs/s1.tsv.sigs: made without the records skipped above\$" slurm.log &&
	grep "^corpus.mk: sl: written without the records skipped by the stages above\$" slurm.log &&
	! test -e sl/summary
'

test_expect_success 'corpus.mk, WARC shards: a PDF given as HTML is named by htmlstrip, the job is the one without it' '
	mkdir wref wpdf &&
	dk_python - wref wpdf ref/s0.tsv ref/s1.tsv ref/s2.tsv ref/s3.tsv <<-\EOF &&
	import sys
	from dkwarc import page, response
	pdf = response("report", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
	for k, f in enumerate(sys.argv[3:]):
	    recs = [page(i, t) for i, t in (l.rstrip("\n").split("\t") for l in open(f, encoding="utf-8"))]
	    open("%s/w%d.warc" % (sys.argv[1], k), "wb").write(b"".join(recs))
	    if k == 1:
	        recs.insert(5, pdf)
	    open("%s/w%d.warc" % (sys.argv[2], k), "wb").write(b"".join(recs))
	EOF
	$mk IN=wref OUT=wref.out FORMAT=warc -j 2 >out 2>err &&
	test_expect_code 2 $mk IN=wpdf OUT=wpdf.out FORMAT=warc -j 2 >out 2>err &&
	same wref.out wpdf.out &&
	test_cmp wref.out/ids wpdf.out/ids &&
	for s in w0 w1 w2 w3; do
		test_cmp wref.out/dedup/$s.warc wpdf.out/dedup/$s.warc || return 1
	done &&
	grep "^htmlstrip: wpdf/w1.warc: .*urn:uuid:report.*: skipped\$" err &&
	grep -v "^make: \|^htmlstrip: " err >got &&
	cat >expect <<-\EOF &&
	corpus.mk: shard wpdf/w1.warc: wpdf.out/text/w1.warc.tsv: made without the records skipped above
	corpus.mk: shard wpdf/w1.warc: wpdf.out/text/w1.warc.tsv: made without records its stage skipped
	corpus.mk: wpdf.out: written without the records skipped by the stages above
	EOF
	test_cmp expect got
'

test_expect_success 'corpus.mk: a shard that fails to parse still stops the job, skips or not' '
	mkdir bad &&
	cp in/*.tsv bad/ &&
	printf "broken\tbad \\\\q escape\n" >>bad/s2.tsv &&
	test_must_fail $mk IN=bad OUT=bad.out "$L1" "$L2" "$L3" -j 1 -k >out 2>err &&
	grep "^spotsig: bad/s1.tsv:11: record longer than" err &&
	grep "^spotsig: bad/s2.tsv:$(wc -l <bad/s2.tsv): invalid escape" err &&
	grep "^corpus.mk: shard bad/s2.tsv: bad.out/sigs/s2.tsv.sigs failed (status 2)" err &&
	grep "^make: \*\*\* .*bad.out/sigs/s2.tsv.sigs. Error 2" err &&
	! test -e bad.out/sigs/s2.tsv.sigs &&
	test -e bad.out/sigs/s1.tsv.sigs.skipped &&
	! test -e bad.out/pairs.tsv &&
	! ls bad.out/dedup/* 2>/dev/null &&
	! grep "written without" err
'

# (OWN_WORDS=0: the text of a WARC shard piped into spotsig, not kept in
# text/ for dkcluster)
test_expect_success 'corpus.mk: a pipeline that fails is a failure though a later stage skipped' '
	mkdir pipe &&
	cp ref/*.tsv pipe/ &&
	cat long >>pipe/s3.tsv &&
	cat >fail.sh <<-\EOF &&
	cat "$@"; exit 2
	EOF
	test_expect_code 2 $mk IN=pipe OUT=pipe.out FORMAT=warc SUFFIX=.tsv OWN_WORDS=0 \
		"TEXT_warc=sh fail.sh \$<" "$L1" "$L2" "$L3" -j 1 pipe.out/sigs/s3.tsv.sigs >out 2>err &&
	grep "^spotsig: stdin:$(wc -l <pipe/s3.tsv): record longer than" err &&
	grep "^corpus.mk: shard pipe/s3.tsv: pipe.out/sigs/s3.tsv.sigs failed (status 2)" err &&
	! test -e pipe.out/sigs/s3.tsv.sigs &&
	! test -e pipe.out/sigs/s3.tsv.sigs.skipped
'

test_expect_success 'setup: the example pages, and the same with a PDF among them' '
	mkdir pages pdf &&
	cp "$top"/examples/pages/*.html pages/ &&
	cp pages/*.html pdf/ &&
	printf "%%PDF-1.4\n%%\342\343\317\323\n1 0 obj\n" >pdf/m-report.html &&
	(cd pages && dk_html_tsv *.html) >pages.tsv &&
	(cd pdf && dk_html_tsv *.html) >pdf.tsv &&
	test $(wc -l <pdf.tsv) = $(($(wc -l <pages.tsv) + 1)) &&
	cut -f1 pages.tsv >pages.ids
'

test_expect_success PARALLEL 'scaleout.sh: the PDF is named, the job writes what it writes without it, status 1' '
	$scaleout -C pages -n 3 -r 2 -t 0.4 spotsigs so.ref $(cd pages && ls) &&
	test $(wc -l <so.ref/pairs.tsv) -gt 3 &&
	test_expect_code 1 $scaleout -C pdf -n 3 -r 2 -t 0.4 spotsigs so.pdf $(cd pdf && ls) 2>err &&
	same so.ref so.pdf &&
	test_cmp so.ref/ids.txt so.pdf/ids.txt &&
	cat >expect <<-EOF &&
	htmlstrip: m-report.html: not an HTML page (PDF document): skipped
	scaleout: job 2: done without the records skipped above
	scaleout: $PWD/so.pdf: written without the records skipped above
	EOF
	test_cmp expect err
'

test_expect_success PARALLEL 'scaleout.sh: a stage that fails still stops the job, with its message' '
	test_must_fail $scaleout -d -n 3 spotsigs so.bad bad.docs 2>err &&
	grep "^spotsig: shard.3:[0-9]*: invalid escape" err &&
	! grep "written without" err &&
	! test -e so.bad/pairs.tsv
'

for m in spotsigs lsh; do
	# spotsigs: the pairs of the containment pass that lists the copies
	# left, to the file of -C
	case $m in spotsigs) c="-C left" ;; *) c= ;; esac
	test_expect_success "mapred.sh $m: the PDF is named, the tasks succeed, merge writes the pairs without it and exits 1" '
		$mapred lex-map $m <pages.tsv | sort -k1,1 | $mapred lex-reduce $m >lex.ref &&
		$mapred key-map $m -t 0.4 -L lex.ref <pages.tsv | sort -k1,1 >keyed.ref &&
		$mapred match-reduce $m -t 0.4 <keyed.ref >red.ref &&
		$mapred merge $m -t 0.4 -A pages.ids $c <red.ref >pairs.ref &&
		test -s pairs.ref &&
		$mapred lex-map $m <pdf.tsv 2>err.map >map.pdf &&
		sort -k1,1 map.pdf | $mapred lex-reduce $m >lex.pdf &&
		test_cmp lex.ref lex.pdf &&
		$mapred key-map $m -t 0.4 -L lex.pdf <pdf.tsv 2>err.key >keyed.pdf &&
		sort -k1,1 keyed.pdf >sorted.pdf &&
		printf "!skipped\tkey-map\n" >expect &&
		grep "^!skipped" sorted.pdf >got &&
		test_cmp expect got &&
		$mapred match-reduce $m -t 0.4 <sorted.pdf >red.pdf &&
		test_expect_code 1 $mapred merge $m -t 0.4 -A pages.ids $c <red.pdf >pairs.pdf 2>err.merge &&
		test_cmp pairs.ref pairs.pdf &&
		for s in map key; do
			case $s in map) st=lex-map ;; key) st=key-map ;; esac &&
			printf "%s\n" "htmlstrip: stdin:7: not an HTML page (PDF document): skipped" \
				"mapred.sh: $st: done without the records skipped above" >expect &&
			test_cmp expect err.$s || return 1
		done &&
		echo "mapred.sh: merge: pairs written without the records skipped in 1 task(s) of job 2 (their logs name them)" >expect &&
		test_cmp expect err.merge
	'
done

# (the pages with a broken record: the lexicon is theirs, as spotsig -L
# and dklexicon -L refuse one that holds none of a stream's first signatures)
test_expect_success 'mapred.sh: a task whose program fails still fails' '
	{ cat pages.tsv && printf "broken\tbad \\\\q escape\n"; } >badpages.docs &&
	test_expect_code 2 $mapred key-map spotsigs -d -L lex.ref <badpages.docs >/dev/null 2>err &&
	grep "^spotsig: stdin:[0-9]*: invalid escape" err &&
	! grep "done without" err
'

test_done

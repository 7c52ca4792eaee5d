#!/bin/sh
test_description='the copies a job left, listed by examples/corpus.mk (CONTAINED),
scaleout.sh and mapred.sh as dkdedup lists them in OUT.contained: the pairs
of two documents kept that the containment pass of --prose finds, but for
those the job set apart and those own words sets apart'
. "$(dirname "$0")/lib.sh"

dk_workflows

# 400 texts with near copies and cut copies (dk_cut_prose, as t8140's) (Jaccard at DK_TAU
# misses most cut copies, containment finds them), and two more texts
# of about 520 words: x0 with x0cut, its first 55% (Jaccard about 0.55,
# below DK_TAU: only containment pairs them), and x1 as named and x1b
# its first 55% as well, but each naming a subject of its own, zorbax and
# quintel, in words 5, 120 and 200: own words sets them apart.  Of the
# 400, doc148 and its cut copy doc148cut are a pair the job finds and the
# bar of words sets apart (apart.tsv); containment pairs them too.
# Without own words (OWN_WORDS=0, -w 0) the workflows have no bar of
# words either: dkdedup --own-words 0 --word-sim 0.
test_expect_success 'setup: cut copies, a named pair and a pair set apart; dkdedup lists the copies left' '
	dk_cut_prose all.docs &&
	dk_gen --text -s 10 -p x -v 3000 --stop 0.3 --repeat -l 500:560 2 >x.docs &&
	awk -F "\t" -v OFS="\t" "{ n = split(\$2, w, \" \"); t = u = \"\"
		for (i = 1; i <= n; i++) {
			a = b = w[i]
			if (NR == 2 && (i == 5 || i == 120 || i == 200)) { a = \"zorbax\"; b = \"quintel\" }
			t = t (i > 1 ? \" \" : \"\") a
			if (i <= int(n * 0.55)) u = u (i > 1 ? \" \" : \"\") b
		}
		print \$1, t; print \$1 (NR == 1 ? \"cut\" : \"b\"), u }" x.docs >>all.docs &&
	test $(wc -l <all.docs) = 520 &&
	mkdir in && split -n l/3 -d -a 1 --additional-suffix=.tsv all.docs in/s &&
	dkdedup tsv all.docs d.out 2>err &&
	tail -n 1 err >summary &&
	grep "520 documents, 456 kept, .*; 71 pairs kept that containment calls copies" summary &&
	dk_unordered d.out.contained >want &&
	cut -f1 d.out | sort >keep.want &&
	test $(wc -l <want) = 71 &&
	grep "^x0	x0cut\$" want &&
	! grep "^x1	x1b\$" want &&
	! grep "^doc148	doc148cut\$" want &&
	dkdedup --own-words 0 --word-sim 0 tsv all.docs d0.out 2>err &&
	dk_unordered d0.out.contained >want0 &&
	cut -f1 d0.out | sort >keep0.want &&
	grep "^x1	x1b\$" want0
'

test_expect_success 'corpus.mk, one key range: contained.tsv is dkdedup'"'"'s list, and the summary counts it' '
	$mk IN=in OUT=o1 -j 2 >log 2>&1 &&
	dk_unordered o1/contained.tsv >got && test_cmp want got &&
	sort o1/keep.txt >got && test_cmp keep.want got &&
	echo "corpus.mk: spotsigs over 3 shards of in: kept 456 of 520 documents; deduplicated shards in o1/dedup/; 71 pairs kept that containment calls copies (cut copies, or pages of one template: see o1/contained.tsv; PROSE=1 removes them)" >expect &&
	tail -n 1 log >actual && test_cmp expect actual &&
	$mk -q IN=in OUT=o1
'

test_expect_success 'corpus.mk: each filter at its place (the pair set apart, the named pair)' '
	grep "^doc148	doc148cut	" o1/apart.tsv &&
	cat o1/cmatch/*.pairs | dk_unordered /dev/stdin >found &&
	grep "^doc148	doc148cut\$" found &&
	dk_unordered o1/left.pairs >left &&
	! grep "^doc148	doc148cut\$" left &&
	grep "^x1	x1b\$" left &&
	dk_unordered o1/pairs.tsv >pairs &&
	! grep "^x1	x1b\$" pairs &&
	! grep "^x0	x0cut\$" pairs
'

test_expect_success 'corpus.mk, three key ranges: the pass sharded, the same list' '
	$mk IN=in OUT=o3 KEYS=3 -j 2 >log 2>&1 &&
	test $(cut -f2 o3/cranges.tsv | sort -u | wc -l) = 3 &&
	dk_unordered o3/contained.tsv >got && test_cmp want got &&
	$mk -q IN=in OUT=o3 KEYS=3
'

test_expect_success 'corpus.mk CONTAINED=0: no pass, no list, the summary without it; back again' '
	$mk IN=in OUT=o3 KEYS=3 CONTAINED=0 -j 2 >log 2>&1 &&
	! test -e o3/contained.tsv && ! test -e o3/left.pairs &&
	echo "corpus.mk: spotsigs over 3 shards of in: kept 456 of 520 documents; deduplicated shards in o3/dedup/" >expect &&
	tail -n 1 log >actual && test_cmp expect actual &&
	$mk -q IN=in OUT=o3 KEYS=3 CONTAINED=0 &&
	rm -rf o3/cmatch &&
	$mk -n IN=in OUT=o3 KEYS=3 CONTAINED=0 >plan &&
	! grep "spotmatch -M containment" plan &&
	$mk IN=in OUT=o3 KEYS=3 -j 2 >log 2>&1 &&
	dk_unordered o3/contained.tsv >got && test_cmp want got
'

test_expect_success 'corpus.mk PROSE=1: the pairs added, nothing listed; OWN_WORDS=0: that of dkdedup without own words or the bar' '
	$mk IN=in OUT=o3 KEYS=3 PROSE=1 -j 2 >log 2>&1 &&
	! test -e o3/contained.tsv &&
	! grep "containment calls" log &&
	$mk IN=in OUT=o3 KEYS=3 OWN_WORDS=0 -j 2 >log 2>&1 &&
	! test -e o3/apart.tsv.tmp &&
	dk_unordered o3/contained.tsv >got && test_cmp want0 got &&
	sort o3/keep.txt >got && test_cmp keep0.want got
'

test_expect_success 'corpus.mk: apart.tsv missing, the clusters are made again' '
	rm o1/apart.tsv &&
	! $mk -q IN=in OUT=o1 &&
	$mk IN=in OUT=o1 -j 2 >log 2>&1 &&
	grep "^doc148	doc148cut	" o1/apart.tsv &&
	dk_unordered o1/contained.tsv >got && test_cmp want got &&
	$mk -q IN=in OUT=o1
'

test_expect_success 'corpus.mk, JSON Lines shards: the same list' '
	mkdir inj &&
	for s in s0 s1 s2; do
		awk -F "\t" "{ printf \"{\\\"key\\\": \\\"%s\\\", \\\"body\\\": \\\"%s\\\"}\\n\", \$1, \$2 }" \
			in/$s.tsv >inj/$s.jsonl || return 1
	done &&
	$mk IN=inj OUT=oj FORMAT=jsonl JSON_ID=key JSON_TEXT=body -j 2 >log 2>&1 &&
	dk_unordered oj/contained.tsv >got && test_cmp want got
'

# the texts as pages of 3 WARC shards, read by htmlstrip --warc --main as
# dkdedup reads a WARC (the probe's own words over text/)
test_expect_success 'corpus.mk, WARC shards: the list of dkdedup warc' '
	mkdir inw &&
	dk_python - all.docs inw <<-\EOF &&
	import sys, dkwarc
	docs = [l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1])]
	for k in range(3):
	    with open("%s/w%d.warc" % (sys.argv[2], k), "wb") as f:
	        for name, text in docs[k * len(docs) // 3:(k + 1) * len(docs) // 3]:
	            f.write(dkwarc.page(name, text))
	EOF
	cat inw/w0.warc inw/w1.warc inw/w2.warc >all.warc &&
	dkdedup warc all.warc w.out 2>err &&
	dk_unordered w.out.contained >wantw &&
	test $(wc -l <wantw) -gt 60 &&
	$mk IN=inw OUT=ow FORMAT=warc HTMLSTRIP_FLAGS=--main KEYS=2 -j 2 >log 2>&1 &&
	test -s ow/text/w0.warc.tsv &&
	dk_unordered ow/contained.tsv >got && test_cmp wantw got
'

test_expect_success 'corpus.mk: CONTAINED wants 1 or 0' '
	test_must_fail $mk IN=in OUT=x CONTAINED=yes 2>err &&
	grep "CONTAINED=yes: want 1 or 0" err &&
	test_must_fail $mk IN=in OUT=x CONTAINED= 2>err &&
	grep "CONTAINED=: want 1 or 0" err &&
	! test -e x
'

test_expect_success PARALLEL 'scaleout.sh: contained.tsv is dkdedup'"'"'s list, and said; -w 0 and --no-contained' '
	$scaleout -d -n 3 -r 2 spotsigs so all.docs 2>err &&
	dk_unordered so/contained.tsv >got && test_cmp want got &&
	echo "scaleout: 71 pairs kept that containment calls copies (cut copies, or pages of one template: see $PWD/so/contained.tsv; --prose removes them)" >expect &&
	test_cmp expect err &&
	sort so/keep.txt >got && test_cmp keep.want got &&
	$scaleout -d -n 3 -r 2 -w 0 spotsigs so0 all.docs 2>err &&
	dk_unordered so0/contained.tsv >got && test_cmp want0 got &&
	sort so0/keep.txt >got && test_cmp keep0.want got &&
	! test -e so0/apart.tsv &&
	$scaleout -d -n 3 -r 2 --no-contained spotsigs son all.docs 2>err &&
	test_must_be_empty err &&
	! test -e son/contained.tsv && ! ls son/creduce.* 2>/dev/null &&
	test_cmp so/pairs.tsv son/pairs.tsv &&
	test_expect_code 1 $scaleout -d --prose --no-contained spotsigs so.x all.docs 2>err &&
	grep "not with --no-contained" err &&
	test_expect_code 1 $scaleout -d --no-contained lsh so.x all.docs 2>err &&
	grep "no-contained is for spotsigs" err
'

test_expect_success 'mapred.sh: merge -C, cluster -p and contained: dkdedup'"'"'s list' '
	$mapred lex-map spotsigs -d <all.docs | sort -k1,1 | $mapred lex-reduce spotsigs >mr.lex &&
	split -n l/3 all.docs mrsplit. &&
	for f in mrsplit.*; do $mapred key-map spotsigs -d -L mr.lex <$f || return 1; done |
		sort -k1,1 | $mapred match-reduce spotsigs >mr.parts &&
	grep -q "^!left	" mr.parts &&
	cut -f1 all.docs >all.ids &&
	$mapred merge spotsigs -A all.ids -C mr.left <mr.parts >mr.pairs &&
	sort -c mr.left &&
	$mapred cluster spotsigs -d -p mr.apart mr.pairs <all.docs >mr.clusters &&
	grep "^doc148	doc148cut	" mr.apart &&
	cut -f2 mr.clusters | uniq >mr.keep &&
	sort mr.keep >got && test_cmp keep.want got &&
	$mapred contained spotsigs -d -p mr.apart mr.left mr.keep <all.docs >mr.contained &&
	dk_unordered mr.contained >got && test_cmp want got &&
	$mapred cluster spotsigs -d -w 0 -p mr.apart0 mr.pairs <all.docs | cut -f2 | uniq >mr.keep0 &&
	test_must_be_empty mr.apart0 &&
	sort mr.keep0 >got && test_cmp keep0.want got &&
	$mapred contained spotsigs -w 0 mr.left mr.keep0 </dev/null >mr.contained0 &&
	dk_unordered mr.contained0 >got && test_cmp want0 got
'

test_expect_success 'mapred.sh: merge without -C fails and says why; --no-contained, none needed' '
	test_expect_code 2 $mapred merge spotsigs -A all.ids <mr.parts >/dev/null 2>err &&
	grep "^mapred.sh: merge: the pairs of the containment pass that lists the copies left (key-map without --prose): give -C FILE, or key-map --no-contained\$" err &&
	for f in mrsplit.*; do $mapred key-map spotsigs -d --no-contained -L mr.lex <$f || return 1; done |
		sort -k1,1 | $mapred match-reduce spotsigs >mr.parts.n &&
	! grep -q "^!left	" mr.parts.n &&
	$mapred merge spotsigs -A all.ids <mr.parts.n >mr.pairs.n &&
	test_cmp mr.pairs mr.pairs.n &&
	test_expect_code 2 $mapred contained spotsigs -d mr.left mr.keep <all.docs 2>err &&
	grep "^mapred.sh: contained: give -p FILE, the pairs cluster -p set apart (or -w 0)\$" err &&
	test_expect_code 2 $mapred contained spotsigs -d -p mr.apart mr.left mr.clusters <all.docs >out 2>err &&
	grep "^mapred.sh: contained: mr.clusters:1: not a keep list (one ID a line)\$" err &&
	test_must_be_empty out &&
	test_expect_code 2 $mapred contained spotsigs -d -p mr.apart mr.keep mr.left <all.docs 2>err &&
	grep "^mapred.sh: contained: mr.left:1: not a keep list (one ID a line)\$" err &&
	cut -f1 mr.left >onecol &&
	test_expect_code 2 $mapred contained spotsigs -d -p mr.apart onecol mr.keep <all.docs 2>err &&
	grep "^mapred.sh: contained: onecol:1: not a list of pairs (ID1 TAB ID2 \[TAB SIM\])\$" err &&
	test_expect_code 2 $mapred key-map lsh --no-contained -L mr.lex </dev/null 2>err &&
	grep "^usage: mapred.sh" err &&
	test_expect_code 2 $mapred merge lsh -C x </dev/null 2>err &&
	test_expect_code 2 $mapred contained lsh mr.left mr.keep </dev/null 2>err &&
	test_expect_code 2 $mapred contained spotsigs mr.left </dev/null 2>err &&
	test_expect_code 2 $mapred key-map spotsigs --prose --no-contained -L mr.lex </dev/null 2>err
'

test_done

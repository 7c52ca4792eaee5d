#!/bin/sh
test_description='PROSE=1 of examples/corpus.mk, scaleout.sh --prose and mapred.sh --prose:
the containment pass sharded by partition -M containment --size-ratio, its
pairs added to the first pass'"'"'s, the longest text kept: what dkdedup --prose
removes, exactly'
. "$(dirname "$0")/lib.sh"

dk_workflows
. "$top/examples/dupkit.defaults"

# removed OUT: the IDs of OUT/ids that OUT/keep.txt lacks, sorted
removed() {
	sort "$1/keep.txt" >"$1/keep.sorted" &&
	sort "$1/ids" | comm -23 - "$1/keep.sorted"
}

# 400 texts with near copies and cut copies (dk_cut_prose), in 3 shards
# by lines.
test_expect_success 'setup: prose with cut copies, dkdedup --prose and the defaults' '
	dk_cut_prose all.docs &&
	test $(wc -l <all.docs) = 516 &&
	mkdir in && split -n l/3 -d -a 1 --additional-suffix=.tsv all.docs in/s &&
	dkdedup --prose tsv all.docs p.out 2>err &&
	grep "516 documents, 384 kept, 132 removed" err &&
	cut -f1 p.out.removed | sort >removed.want &&
	dk_unordered p.out.pairs >pairs.want &&
	dkdedup tsv all.docs d.out 2>err &&
	grep "516 documents, 452 kept" err
'

test_expect_success 'PROSE=1, one key range: what dkdedup --prose removes, its pairs, its text' '
	$mk IN=in OUT=o1 PROSE=1 -j 2 >log 2>&1 &&
	removed o1 >got && test_cmp removed.want got &&
	dk_unordered o1/pairs.tsv >got && test_cmp pairs.want got &&
	cat o1/dedup/s0.tsv o1/dedup/s1.tsv o1/dedup/s2.tsv >got && test_cmp p.out got
'

test_expect_success 'PROSE=1, three key ranges: the containment pass sharded, the same' '
	$mk IN=in OUT=o3 PROSE=1 KEYS=3 -j 2 >log 2>&1 &&
	cut -f1 o3/ckeys/s0.tsv.keys | sort -u >keys &&
	test $(wc -l <keys) -ge 3 && grep -q "^P$DK_PROSE_CONTAIN""s$DK_PROSE_CONTAIN_RATIO/contain:" keys &&
	test $(cut -f2 o3/cranges.tsv | sort -u | wc -l) = 3 &&
	test $(cat o3/cmatch/*.pairs | wc -l) -gt 100 &&
	removed o3 >got && test_cmp removed.want got &&
	dk_unordered o3/pairs.tsv >got && test_cmp pairs.want got &&
	test_cmp o1/clusters.tsv o3/clusters.tsv &&
	cat o3/dedup/s0.tsv o3/dedup/s1.tsv o3/dedup/s2.tsv >got && test_cmp p.out got &&
	$mk -q IN=in OUT=o3 PROSE=1 KEYS=3
'

test_expect_success 'PROSE off on the same OUT: the defaults again, remade' '
	! $mk -q IN=in OUT=o3 KEYS=3 &&
	$mk IN=in OUT=o3 KEYS=3 -j 2 >log 2>&1 &&
	sort o3/keep.txt >got && cut -f1 d.out | sort >want && test_cmp want got &&
	cat o3/dedup/s0.tsv o3/dedup/s1.tsv o3/dedup/s2.tsv >got && test_cmp d.out got
'

test_expect_success 'PROSE is for spotsigs, and 1 or nothing' '
	test_must_fail $mk IN=in OUT=x PROSE=1 WORKFLOW=lsh 2>err &&
	grep "PROSE=1 is for WORKFLOW=spotsigs" err &&
	test_must_fail $mk IN=in OUT=x PROSE=yes 2>err &&
	grep "PROSE=yes: want 1 or nothing" err &&
	! test -e x
'

test_expect_success PARALLEL 'scaleout.sh --prose: what dkdedup --prose removes' '
	sh "$top/examples/scaleout.sh" -d -n 3 -r 2 --prose spotsigs so all.docs &&
	sort so/keep.txt >keep && cut -f1 p.out | sort >want && test_cmp want keep &&
	dk_unordered so/pairs.tsv >got && test_cmp pairs.want got &&
	test -s so/creduce.1 && test -s so/creduce.2 &&
	test_must_fail sh "$top/examples/scaleout.sh" --prose spotsigs so2 all.docs 2>err &&
	grep "prose needs -d" err &&
	test_must_fail sh "$top/examples/scaleout.sh" -d --prose lsh so2 all.docs 2>err &&
	grep "prose is for spotsigs" err
'

test_expect_success 'mapred.sh --prose: what dkdedup --prose removes' '
	mapred="sh $top/examples/mapred.sh" &&
	$mapred lex-map spotsigs -d <all.docs | sort -k1,1 | $mapred lex-reduce spotsigs >mr.lex &&
	split -n l/3 all.docs mrsplit. &&
	for f in mrsplit.*; do $mapred key-map spotsigs --prose -d -L mr.lex <$f || return 1; done |
		sort -k1,1 | $mapred match-reduce spotsigs >mr.parts &&
	grep -q "^!contain	" mr.parts &&
	cut -f1 all.docs >all.ids &&
	$mapred merge spotsigs -A all.ids <mr.parts >mr.pairs &&
	dk_unordered mr.pairs >got && test_cmp pairs.want got &&
	dkcluster --keep longest -a all.docs --representatives mr.pairs | sort >got &&
	cut -f1 p.out | sort >want && test_cmp want got &&
	$mapred cluster spotsigs -d --prose mr.pairs <all.docs >mr.clusters &&
	dkcluster --own-words $DK_OWN_WORDS --keep longest -a all.docs mr.pairs >clusters.want &&
	test_cmp clusters.want mr.clusters &&
	cut -f2 mr.clusters | uniq | sort >got && test_cmp want got
'

test_done

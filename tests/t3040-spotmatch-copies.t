#!/bin/sh
test_description='spotmatch: exact copies matched once, text checksums'
. "$(dirname "$0")/lib.sh"

# Three copies of one document (a, b, c), two of a near copy of it (n, m,
# multiset Jaccard 4/6), and one unrelated document, in mixed order.
test_expect_success 'setup: classes of copies and near copies' '
	printf "a\tx=1 y=1 z=1 w=1 v=1\n" >in &&
	printf "b\tv=1 w=1 x=1 y=1 z=1\n" >>in &&
	printf "n\tx=1 y=1 z=1 w=1 u=1\n" >>in &&
	printf "c\tz=1 y=1 x=1 w=1 v=1\n" >>in &&
	printf "m\tu=1 x=1 y=1 z=1 w=1\n" >>in &&
	printf "e\tp=2 q=1\n" >>in &&
	cat >expect.6 <<-\EOF &&
	a	b	1.000000
	a	n	0.666667
	a	c	1.000000
	a	m	0.666667
	b	n	0.666667
	b	c	1.000000
	b	m	0.666667
	n	c	0.666667
	n	m	1.000000
	c	m	0.666667
	EOF
	cat >expect.9 <<-\EOF
	a	b	1.000000
	a	c	1.000000
	b	c	1.000000
	n	m	1.000000
	EOF
'

test_expect_success 'copies: every pair of a class at 1, the pairs of its first for all' '
	spotmatch -v -j 1 -t 0.6 in >actual 2>err &&
	test_cmp expect.6 actual &&
	grep -q "3 exact copies folded" err &&
	grep -q "1 candidates compared" err &&
	spotmatch -j 2 -t 0.9 in >actual &&
	test_cmp expect.9 actual
'

test_expect_success 'copies: the same without pruning, without partitions, partitioned' '
	spotmatch -t 0.6 --no-prune in >actual &&
	test_cmp expect.6 actual &&
	spotmatch -t 0.6 --no-partition in >actual &&
	test_cmp expect.6 actual &&
	spotmatch -t 0.6 --no-prune --no-partition in >actual &&
	test_cmp expect.6 actual &&
	partition -t 0.6 in >keyed &&
	spotmatch keyed >actual &&
	test_cmp expect.6 actual &&
	spotmatch -M set -t 0.6 in >actual &&
	test_cmp expect.6 actual
'

# The near copies in the next length partition: they come as probes, and
# probes are folded apart from the members (never paired with each other).
test_expect_success 'copies among probes' '
	printf "a\tx=10 y=10 z=10 w=10\n" >in2 &&
	printf "p\tx=10 y=10 z=10 w=9\n" >>in2 &&
	printf "b\tw=10 x=10 y=10 z=10\n" >>in2 &&
	printf "q\tw=9 z=10 y=10 x=10\n" >>in2 &&
	cat >expect <<-\EOF &&
	a	p	0.975000
	a	b	1.000000
	a	q	0.975000
	p	b	0.975000
	p	q	1.000000
	b	q	0.975000
	EOF
	partition -t 0.85 in2 >keyed &&
	grep -c "!probe" keyed >probes &&
	echo 2 >two && test_cmp two probes &&
	spotmatch -v keyed >actual 2>err &&
	sort expect >expect.sorted && sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	grep -q "3 exact copies folded" err &&
	spotmatch -t 0.85 in2 >actual &&
	test_cmp expect actual
'

test_expect_success 'checksum column: the same pairs, present, absent or split' '
	awk -F "\t" -v OFS="\t" "{ print \$1, (\$1 == \"n\" || \$1 == \"m\") ? \"s2\" : \$1 == \"e\" ? \"s3\" : \"s1\", \$2 }" in >sum &&
	spotmatch -v -t 0.6 --checksum-column 2 sum >actual 2>err &&
	test_cmp expect.6 actual &&
	grep -q "3 exact copies folded" err &&
	awk -F "\t" -v OFS="\t" "{ print \$1, \"\", \$2 }" in >nosum &&
	spotmatch -t 0.6 --checksum-column 2 nosum >actual &&
	test_cmp expect.6 actual &&
	awk -F "\t" -v OFS="\t" "{ print \$1, \$1 == \"b\" ? \"other\" : \"s\" NR, \$2 }" in >split &&
	spotmatch -v -t 0.6 --checksum-column 2 split >actual 2>err &&
	test_cmp expect.6 actual &&
	grep -q "0 exact copies folded" err &&
	partition -t 0.6 sum >keyed &&
	spotmatch --checksum-column 2 keyed >actual &&
	test_cmp expect.6 actual &&
	spotmatch -t 0.6 sum >actual &&
	test_cmp expect.6 actual
'

test_expect_success 'checksum column: a checksum with other signatures is an error' '
	printf "d1\tk\tx=1 y=1\nd2\tj\tx=1\nd3\tk\tx=1 z=1\n" >bad &&
	expect_error 2 "^spotmatch: bad:3: same checksum as d1 but different signatures$" \
		spotmatch --checksum-column 2 -t 0.5 bad &&
	printf "d1\tk\tx=1 y=1\nd3\tk\tx=2\n" >bad &&
	expect_error 2 "^spotmatch: bad:2: same checksum as d1 but different signatures$" \
		spotmatch --checksum-column 2 -t 0.5 bad &&
	printf "d1\tk\tx=1 y=1\nd3\tk\tx=1 y=1\n" >bad &&
	partition -t 0.5 bad >keyed &&
	printf "d4\tk\tx=1 y=2\n" >>bad &&
	expect_error 2 "^spotmatch: bad:3: same checksum as d1 but different signatures$" \
		spotmatch --checksum-column 2 -t 0.5 bad &&
	sed "2s/x=1 y=1/x=1 w=1/" keyed >keyed.bad &&
	expect_error 2 "^spotmatch: keyed.bad:2: same checksum as d1 but different signatures$" \
		spotmatch --checksum-column 2 keyed.bad
'

test_expect_success 'checksum column: bad uses' '
	expect_error 2 "^spotmatch: in:1: no checksum column 2 before the signatures$" \
		spotmatch --checksum-column 2 in &&
	expect_error 2 "^spotmatch: sum:1: no checksum column 3 before the signatures$" \
		spotmatch --checksum-column 3 sum &&
	expect_error 2 "checksum column is .1.: not in \[2, " spotmatch --checksum-column 1 sum &&
	expect_error 2 "does not work with --against" \
		spotmatch --checksum-column 2 --against sum sum &&
	printf "B000:00000000000000aa\td1\ts\tx=1\n" >bands &&
	expect_error 2 "^spotmatch: bands:1: --checksum-column needs a signature or partition stream" \
		spotmatch --checksum-column 2 bands
'

test_expect_success 'spotsig and qgram --checksum: the SHA-1 of the text, last carried column' '
	printf "d1\tabc\nd2\turl\ta\\\\tb\n" >docs &&
	printf "d1\ta9993e364706816aba3e25717850c26c9cd0d89d\tabc=1\n" >expect &&
	printf "d2\turl\t%s\ta=1 b=1\n" "$(printf "a\tb" | sha1sum | cut -c1-40)" >>expect &&
	qgram -w 1 --checksum docs >actual &&
	test_cmp expect actual &&
	printf "d1\tthe cat sat\nd2\tthe cat sat\nd3\tThe cat sat\n" >docs &&
	s=$(printf "the cat sat" | sha1sum | cut -c1-40) &&
	t=$(printf "The cat sat" | sha1sum | cut -c1-40) &&
	printf "d1\t$s\tthe:cat:sat=1\nd2\t$s\tthe:cat:sat=1\nd3\t$t\tthe:cat:sat=1\n" >expect &&
	spotsig --checksum docs >actual &&
	test_cmp expect actual &&
	spotsig --checksum --idf 0:1 docs >actual &&
	test_cmp expect actual &&
	printf "d1\td2\t1.000000\nd1\td3\t1.000000\nd2\td3\t1.000000\n" >expect &&
	spotmatch -v --checksum-column 2 actual >pairs 2>err &&
	test_cmp expect pairs &&
	grep -q "1 exact copies folded" err
'

# gen SEED N: a stream ID, CHECKSUM, SIGS full of exact copies (under new
# IDs, the signatures listed in another order), some of the same
# signatures with another checksum (another text) or none, and near copies
# with a count changed or a signature added.
gen() {
	dk_gen --checksum -v 8,40,300 --loglen -l 1:60 --repeat \
		--copy 0.78 --exact 0.88 --change 0.1 --add 0.4 -s "$@"
}

test_expect_success 'the generator: collections of copies' '
	gen 1 50 >g &&
	test $(wc -l <g) = 50 &&
	test $(cut -f 2 g | sort | uniq -d | wc -l) -gt 3
'

# Each case: seed, documents (a quarter under DK_SLOW, set by make
# valgrind), threshold, measure.  Plain input with and
# without the checksum column, every -j, the ablations and -r against brute
# force; the partition stream against brute force (sorted), byte for byte
# with and without checksums, and key by key (the keys of -M set hold a
# slash, made a dash in the file names).
while read seed n tau m; do
	test -n "$DK_SLOW" && n=$((n / 4))
	test_expect_success "copies, seed $seed: $n docs, tau $tau, $m" "
		gen $seed $n >in &&
		dk_brute -t $tau -M $m in >expect &&
		spotmatch -v -j 1 -t $tau -M $m in >actual 2>err &&
		test_cmp expect actual &&
		! grep -q ' 0 exact copies folded' err &&
		for o in '-j 1' '-j 2' '-j 3' '-j 2 --no-prune' '-j 2 --no-partition' \
		    '-j 2 --no-prune --no-partition' '-j 1 -r 7'; do
			spotmatch \$o -t $tau -M $m --checksum-column 2 in >actual &&
			test_cmp expect actual || return 1
		done &&
		spotmatch -j 2 -t $tau -M $m --no-prune in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --no-partition in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		spotmatch -j 2 -M $m keyed >whole &&
		sort expect >expect.sorted &&
		sort whole >actual.sorted &&
		test_cmp expect.sorted actual.sorted &&
		spotmatch -j 1 -M $m --checksum-column 2 keyed >actual &&
		test_cmp whole actual &&
		spotmatch -j 3 -M $m --checksum-column 2 keyed >actual &&
		test_cmp whole actual &&
		rm -rf shards && mkdir shards &&
		awk -F '\t' '{ f = \$1; sub(\"/\", \"-\", f); print >(\"shards/\" f) }' keyed &&
		for f in shards/*; do
			spotmatch -j 2 -M $m --checksum-column 2 \"\$f\" || return 1
		done >joined &&
		test_cmp whole joined
	"
done <<EOF_CASES
1 300 0.9 jaccard
2 300 1.0 jaccard
3 400 0.5 set
4 400 0.75 max
5 500 0.1 jaccard
6 600 0.95 set
7 800 0.7 max
8 1500 0.9 jaccard
9 1500 1.0 set
10 2000 0.8 jaccard
EOF_CASES

test_done

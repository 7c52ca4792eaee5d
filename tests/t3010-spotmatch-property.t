#!/bin/sh
test_description='spotmatch: pairs equal brute-force all-pairs comparison'
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null && test_set_prereq PYTHON

# gen.py SEED N: a random signature stream with skewed lengths, counts above
# one, and exact copies.  spotmatch-brute.py TAU MEASURE FILE: every pair
# whose similarity reaches TAU, as spotmatch writes them.
test_expect_success PYTHON 'helpers' '
	cat >gen.py <<-\PY &&
	import random, sys
	seed, n = int(sys.argv[1]), int(sys.argv[2])
	rnd = random.Random(seed)
	vocab = rnd.choice([8, 40, 300, 3000])
	docs = []
	for i in range(n):
	    if docs and rnd.random() < 0.15:
	        base = dict(rnd.choice(docs))
	        if rnd.random() < 0.5 and base:
	            k = rnd.choice(sorted(base))
	            base[k] = base[k] + 1
	        docs.append(base)
	        continue
	    ln = max(1, int(rnd.lognormvariate(2.3, 0.9)))
	    d = {}
	    for _ in range(ln):
	        s = "s%d" % int(vocab * rnd.random() ** 2)
	        d[s] = d.get(s, 0) + 1
	    docs.append(d)
	for i, d in enumerate(docs):
	    items = list(d.items())
	    rnd.shuffle(items)
	    print("d%d\t%s" % (i, " ".join("%s=%d" % kv for kv in items)))
	PY
	python3 gen.py 1 20 >g &&
	test $(wc -l <g) = 20
'

# Each case: seed, documents, threshold, measure.
while read seed n tau m; do
	test_expect_success PYTHON "seed $seed: $n docs, tau $tau, $m" "
		python3 gen.py $seed $n >in &&
		python3 \"\$DK_TESTS/spotmatch-brute.py\" $tau $m in >expect &&
		spotmatch -j 1 -t $tau -M $m in >actual &&
		test_cmp expect actual &&
		spotmatch -j 3 -t $tau -M $m in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --no-prune in >actual &&
		test_cmp expect actual &&
		spotmatch -j 2 -t $tau -M $m --no-partition in >actual &&
		test_cmp expect actual &&
		spotmatch -j 1 -t $tau -M $m -r 7 in >actual &&
		test_cmp expect actual &&
		partition -t $tau -M $m in >keyed &&
		spotmatch -j 2 -M $m keyed >actual &&
		sort expect >expect.sorted &&
		sort actual >actual.sorted &&
		test_cmp expect.sorted actual.sorted
	"
done <<EOF_CASES
1 300 0.9 jaccard
2 300 1.0 jaccard
3 400 0.05 jaccard
4 400 0.5 set
5 400 0.75 max
6 500 0.8 jaccard
7 500 0.1 set
8 500 0.3 max
9 600 0.95 set
10 600 0.6 jaccard
11 800 0.7 max
12 800 0.85 jaccard
13 300 1.0 set
14 300 1.0 max
15 2000 0.9 jaccard
16 2000 0.7 set
17 2000 0.5 max
18 500 0.5 dice
19 800 0.8 dice
20 300 1.0 dice
21 2000 0.9 dice
22 600 0.3 dice
EOF_CASES

test_expect_success PYTHON 'the pairs of a threshold are found at a higher threshold of the same stream' '
	python3 gen.py 21 500 >in &&
	partition -t 0.6 in >keyed &&
	python3 "$DK_TESTS/spotmatch-brute.py" 0.8 jaccard in >expect &&
	spotmatch -t 0.8 keyed >actual &&
	sort expect >expect.sorted &&
	sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted
'

# Each key's records on their own, the results concatenated in key order,
# give exactly the output of one run.
for tau in 0.3 0.8 1.0; do
	test_expect_success PYTHON "sharding by key at tau $tau" "
		python3 gen.py 31 1500 >in &&
		partition -t $tau in >keyed &&
		spotmatch -j 2 keyed >whole && test -s whole &&
		rm -rf shards && mkdir shards &&
		awk -F '\t' '{ print >(\"shards/\" \$1) }' keyed &&
		for f in shards/*; do spotmatch -j 1 \"\$f\" || return 1; done >joined &&
		test_cmp whole joined &&
		spotmatch -j 3 keyed >whole3 &&
		test_cmp whole whole3 &&
		python3 \"\$DK_TESTS/spotmatch-brute.py\" $tau jaccard in | sort >expect &&
		sort whole >actual &&
		test_cmp expect actual
	"
done

test_done

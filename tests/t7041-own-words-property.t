#!/bin/sh
test_description='dkcluster --own-words: equal to a brute-force oracle
(tests/brute_own.py) on random pages of templates, their copies and
random pairs, read as a file (twice) and as a pipe (once)'
. "$(dirname "$0")/lib.sh"

# gen SEED: families of pages of one template, each page naming its
# subject (a word of its own, or two) in the template's places 1 to 5
# times, with edited and truncated copies, and text of random words; then
# every pair within a family and random pairs across.
gen() {
	dk_python - "$1" <<-\EOF
	import random, sys
	r = random.Random(int(sys.argv[1]))
	vocab = ["w%d" % i for i in range(60)] + ["the", "a", "of", "is", "x", "7", "2024"]
	docs = []
	for f in range(12):
	    tmpl = [r.choice(vocab) for _ in range(r.randint(20, 140))]
	    slots = set(r.sample(range(len(tmpl)), r.randint(1, 5)))
	    # the edges: a name first, last, or the 100th or 101st word
	    nth = [i for i, w in enumerate(tmpl) if len(w) >= 2 and not w.isdigit()]
	    for edge in (0, len(tmpl) - 1, nth[r.choice((99, 100))] if len(nth) > 100 else 0):
	        if edge < len(tmpl) and r.random() < 0.3:
	            slots.add(edge)
	    tail = 0 if r.random() < 0.4 else 60
	    for p in range(r.randint(2, 6)):
	        name = ["s%d%d" % (f, p)] + (["t%d%d" % (f, p)] if r.random() < 0.3 else [])
	        words = []
	        for i, w in enumerate(tmpl):
	            words += name if i in slots else [w]
	        words += [r.choice(vocab) for _ in range(r.randint(0, tail))]
	        docs.append(("f%dp%d" % (f, p), words))
	        if r.random() < 0.5:
	            e = list(words)
	            for _ in range(r.randint(1, 6)):
	                e[r.randrange(len(e))] = r.choice(vocab)
	            if r.random() < 0.5:
	                e = e[:r.randint(len(e) // 2, len(e))]
	            docs.append(("f%dp%dc" % (f, p), e))
	with open("docs", "w") as out:
	    for i, w in docs:
	        out.write(i + "\t" + " ".join(w).replace(" x ", "\\n") + "\n")
	with open("pairs", "w") as out:
	    for a in range(len(docs)):
	        for b in range(a + 1, len(docs)):
	            same = docs[a][0].split("p")[0] == docs[b][0].split("p")[0]
	            if same or r.random() < 0.02:
	                out.write("%s\t%s\t0.%06d\n" % (docs[a][0], docs[b][0], r.randrange(10 ** 6)))
	EOF
}

for seed in 1 2 3 4 5 6 7 8; do
	for k in 1 3; do
		test_expect_success "seed $seed, k $k: the clusters of the oracle's pairs" '
			gen $seed &&
			dk_python "$DK_TESTS/brute_own.py" $k docs <pairs >kept &&
			dkcluster -a docs kept >expect &&
			dkcluster -v -a docs --own-words $k pairs >actual 2>err &&
			test_cmp expect actual &&
			n=$(($(wc -l <pairs) - $(wc -l <kept))) &&
			grep "^dkcluster: --own-words $k: $n pairs ignored" err &&
			test $n -gt 0 && test $(wc -l <kept) -gt 0 &&
			cat docs | dkcluster -a - --own-words $k pairs >piped &&
			test_cmp expect piped
		'
	done
done

# --word-sim with own words: the oracle's pairs again, the two counts of
# -v adding up to the pairs it ignored.  A family's pages share their
# template, and the copies cut to half or more share fewer words: some
# pairs fall below 0.5, some stay above.
for seed in 1 2 3 4; do
	test_expect_success "seed $seed, k 3, --word-sim 0.5: the clusters of the oracle's pairs" '
		gen $seed &&
		dk_python "$DK_TESTS/brute_own.py" 3 docs 0.5 <pairs >kept &&
		dk_python "$DK_TESTS/brute_own.py" 3 docs <pairs >kept.own &&
		dkcluster -a docs kept >expect &&
		dkcluster -v -a docs --own-words 3 --word-sim 0.5 pairs >actual 2>err &&
		test_cmp expect actual &&
		own=$(($(wc -l <pairs) - $(wc -l <kept.own))) &&
		words=$(($(wc -l <kept.own) - $(wc -l <kept))) &&
		grep "^dkcluster: --own-words 3: $own pairs ignored" err &&
		grep "^dkcluster: --word-sim 0.5: $words pairs ignored, their sets of words less alike\$" err &&
		test $words -gt 0 && test $(wc -l <kept) -gt 0 &&
		cat docs | dkcluster -a - --own-words 3 --word-sim 0.5 pairs >piped &&
		test_cmp expect piped
	'
done

test_done

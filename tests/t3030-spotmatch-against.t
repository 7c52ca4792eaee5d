#!/bin/sh
test_description='spotmatch --against: a stream matched with a reference collection'
. "$(dirname "$0")/lib.sh"

# gen [OPTIONS] N (tests/gen.py): N documents; with --ref R and --copy-ref
# 0.33 a third of them near copies of a REF document (signatures dropped,
# added, or counted once more), with --copy 0.1 a tenth near copies of an
# earlier document of their own, the rest random multisets over a
# vocabulary of 40, counts up to 3.  dk_brute --against R -t TAU -M MEASURE
# I: for each input document in order, each REF document in order whose
# similarity reaches TAU.
gen() {
	dk_gen -l 1:9 -v 40 -c 3 --drop 0.12 --change 0.1 --add 0.4 "$@"
}

test_expect_success 'REF x input pairs only, ID1 from REF, in input order' '
	printf "r1\ta=4 b=4\nr2\ta=1 c=5\nr3\tx=1 y=1\n" >ref &&
	printf "i1\ta=4 b=4 c=2\ni2\tq=1\ni3\tx=1 y=1 z=1\ni4\ta=4 b=4\n" >in &&
	printf "r1\ti1\t0.800000\nr3\ti3\t0.666667\nr1\ti4\t1.000000\n" >expect &&
	spotmatch --against ref -t 0.6 in >actual &&
	test_cmp expect actual &&
	spotmatch --against ref -t 0.6 -j 3 --no-prune <in >actual &&
	test_cmp expect actual
'

test_expect_success '--novel: the input IDs without a REF pair' '
	echo i2 >expect &&
	spotmatch --against ref -t 0.6 --novel in >actual &&
	test_cmp expect actual
'

test_expect_success '--within adds the pairs inside the input, after the others' '
	printf "r1\ti1\t0.800000\nr3\ti3\t0.666667\nr1\ti4\t1.000000\ni1\ti4\t0.800000\n" >expect &&
	spotmatch --against ref -t 0.6 --within in >actual &&
	test_cmp expect actual &&
	printf "r1\ti1\t0.800000\nr1\ti4\t1.000000\n" >expect &&
	spotmatch --against ref -t 0.8 in >actual &&
	test_cmp expect actual
'

test_expect_success '--within --novel: no REF pair and no earlier input pair' '
	printf "i1\tz=1\ni2\tq=1\ni3\tq=1\ni4\ta=4 b=4\n" >in2 &&
	printf "i1\ni2\n" >expect &&
	spotmatch --against ref -t 0.6 --within --novel in2 >actual &&
	test_cmp expect actual
'

test_expect_success 'measures: multiset, set, max' '
	printf "r\ta=2 b=1\n" >ref1 && printf "q\ta=1 b=1\n" >in1 &&
	printf "r\tq\t0.666667\n" >expect &&
	spotmatch --against ref1 -t 0.5 in1 >actual && test_cmp expect actual &&
	spotmatch --against ref1 -t 0.5 -M max in1 >actual && test_cmp expect actual &&
	printf "r\tq\t1.000000\n" >expect &&
	spotmatch --against ref1 -t 0.5 -M set in1 >actual && test_cmp expect actual &&
	spotmatch --against ref1 -t 0.7 in1 >actual && test_must_be_empty actual
'

test_expect_success 'signatures REF lacks count in the length; set counts each once' '
	printf "r\ta=3\n" >ref1 && printf "q\ta=3 u=2 v=1\n" >in1 &&
	printf "r\tq\t0.500000\n" >expect &&
	spotmatch --against ref1 -t 0.5 in1 >actual && test_cmp expect actual &&
	printf "r\tq\t0.333333\n" >expect &&
	spotmatch --against ref1 -M set -t 0.3 in1 >actual && test_cmp expect actual &&
	spotmatch --against ref1 -M set -t 0.34 in1 >actual && test_must_be_empty actual
'

test_expect_success 'REF in several files, and as a partition stream' '
	printf "r1\ta=4 b=4\n" >refa && printf "r2\ta=1 c=5\nr3\tx=1 y=1\n" >refb &&
	spotmatch --against refa --against refb -t 0.6 in >actual &&
	printf "r1\ti1\t0.800000\nr3\ti3\t0.666667\nr1\ti4\t1.000000\n" >expect &&
	test_cmp expect actual &&
	partition -t 0.6 ref >ref.part &&
	partition -t 0.6 in >in.part &&
	grep -q "!probe" ref.part &&
	spotmatch --against ref.part -t 0.6 in.part >actual &&
	sort expect >expect.sorted && sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted
'

test_expect_success 'short and empty input records match nothing and are novel' '
	printf "s\t!short a=4 b=4\ne\t\nk\ta=4 b=4\n" >in1 &&
	printf "r1\tk\t1.000000\n" >expect &&
	spotmatch --against ref -v in1 >actual 2>err &&
	test_cmp expect actual &&
	grep -q "short or rejected: 2" err &&
	printf "s\ne\n" >expect &&
	spotmatch --against ref --novel in1 >actual &&
	test_cmp expect actual
'

test_expect_success 'an empty REF: everything is novel' '
	: >empty &&
	spotmatch --against empty --novel in >actual &&
	cut -f1 in >expect &&
	test_cmp expect actual
'

test_expect_success 'errors: options, REF, kinds, repeated signatures' '
	expect_error 2 "spotmatch: --novel needs --against" spotmatch --novel in &&
	expect_error 2 "spotmatch: --within needs --against" spotmatch --within in &&
	expect_error 1 "spotmatch: nosuch" spotmatch --against nosuch in &&
	printf "i\ta=1 b=1 a=2\n" >bad &&
	expect_error 2 "spotmatch: bad:1: a signature is listed twice" spotmatch --against ref bad &&
	printf "i\tu=1 b=1 u=2\n" >bad &&
	expect_error 2 "spotmatch: bad:1: a signature is listed twice" spotmatch --against ref bad &&
	minhash ref >ref.b &&
	expect_error 2 "the input is a signature stream but REF is a minhash band stream" \
		spotmatch --against ref.b in
'

# ---- against brute force ----

# The pairs, then with --within the pairs it adds and the novel documents;
# a few input records are flagged !short.
for m in jaccard set max dice cosine containment; do
	for tau in 0.5 0.8; do
		test_expect_success "$m, tau $tau: equal to brute force" '
			gen -p r -s 3 300 >R &&
			gen -p i -s 4 600 --ref R --copy-ref 0.33 --copy 0.1 --short 0.03 >I &&
			dk_brute --against R -M $m -t $tau I >expect &&
			test $(wc -l <expect) -gt 50 &&
			spotmatch --against R -M $m -t $tau -j 1 I >actual &&
			test_cmp expect actual &&
			spotmatch --against R -M $m -t $tau -j 2 --no-partition I >actual &&
			test_cmp expect actual &&
			spotmatch --against R -M $m -t $tau -j 3 --no-prune <I >actual &&
			test_cmp expect actual &&
			for o in --within "--within --novel"; do
				dk_brute --against R -M $m -t $tau $o I >expect &&
				spotmatch --against R -M $m -t $tau $o I >actual &&
				test_cmp expect actual || return 1
			done
		'
	done
done

test_expect_success 'an input of several batches: equal to brute force, --novel its complement' '
	gen -p r -s 5 60 -v 30 -c 2 >R &&
	gen -p i -s 6 9000 -v 30 -c 2 --ref R --copy-ref 0.33 --copy 0.1 >I &&
	dk_brute --against R -t 0.6 I >expect &&
	spotmatch --against R -t 0.6 -j 2 -v I >actual 2>err &&
	test_cmp expect actual &&
	grep "peak input documents held: 4096$" err &&
	spotmatch --against R -t 0.6 --novel I >novel &&
	cut -f2 actual | sort -u >matched &&
	test $(wc -l <matched) -gt 1000 &&
	cut -f1 I | grep -v -x -F -f matched >expect.novel &&
	test_cmp expect.novel novel
'

test_expect_success '--within: the REF pairs, then those of spotmatch on the input' '
	spotmatch --against R -t 0.6 --within I >actual &&
	spotmatch --against R -t 0.6 I >expect &&
	spotmatch -t 0.6 I >>expect &&
	test_cmp expect actual
'

test_expect_success '--within --novel: no REF pair, not the later of an input pair' '
	spotmatch -t 0.6 I >inner &&
	spotmatch --against R -t 0.6 I >cross &&
	{ cut -f2 inner; cut -f2 cross; } | sort -u >matched &&
	cut -f1 I | grep -v -x -F -f matched >expect &&
	spotmatch --against R -t 0.6 --within --novel -v I >actual 2>err &&
	test_cmp expect actual &&
	grep -q "input documents held: 9000" err
'

# ---- keyed streams ----

# A REF and an input with near copies, through minhash and imatch; the
# pairs of --against are those REF x input pairs the keyed mode finds in
# the two streams together.
test_expect_success 'LSH bands: REF x input pairs of the keyed mode' '
	gen -p r -s 7 400 -v 200 -c 2 >R &&
	gen -p i -s 8 800 -v 200 -c 2 --ref R --copy-ref 0.33 --copy 0.1 >I &&
	minhash -w -k 2 -l 16 R >R.b &&
	minhash -w -k 2 -l 16 I >I.b &&
	cat R.b I.b | spotmatch -t 0.5 | grep "^r[0-9]*	i" >both &&
	test $(wc -l <both) -gt 50 &&
	spotmatch --against R.b -t 0.5 -v I.b >actual 2>err &&
	sort both >expect.sorted && sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	minhash --per-band -w -k 2 -l 16 I >I.pb &&
	spotmatch --against R.b -t 0.5 I.pb >actual.pb &&
	test_cmp actual actual.pb &&
	minhash --per-band -w -k 2 -l 16 R >R.pb &&
	DK_TEST_KEYED_SPILL=100 spotmatch --against R.pb -t 0.5 I.b >actual.pb &&
	test_cmp actual actual.pb &&
	grep -q "peak input documents held: 1$" err &&
	dk_brute --against R -t 0.5 I >exact &&
	sort exact >exact.sorted &&
	comm -13 exact.sorted actual.sorted >extra &&
	test_must_be_empty extra
'

test_expect_success 'LSH bands: --novel and --within' '
	spotmatch --against R.b -t 0.5 --novel I.b >novel &&
	cut -f2 actual | sort -u >matched &&
	cut -f1 I | grep -v -x -F -f matched >expect &&
	test_cmp expect novel &&
	spotmatch -t 0.5 I.b >inner &&
	spotmatch --against R.b -t 0.5 --within I.b >within &&
	cat actual inner >expect &&
	test_cmp expect within
'

test_expect_success 'I-Match fingerprints: REF x input pairs of the keyed mode' '
	awk -F "\t" -v "OFS=\t" "{ gsub(/=[0-9]+/, \"\", \$2); print }" R >R.txt &&
	awk -F "\t" -v "OFS=\t" "{ gsub(/=[0-9]+/, \"\", \$2); print }" I >I.txt &&
	cat R.txt I.txt | dklexicon -w >lex &&
	imatch -L lex -i 0:1 -m 2 -K 3 R.txt >R.f &&
	imatch -L lex -i 0:1 -m 2 -K 3 I.txt >I.f &&
	cat R.f I.f | spotmatch | grep "^r[0-9]*	i" >both &&
	test $(wc -l <both) -gt 50 &&
	spotmatch --against R.f I.f >actual &&
	sort both >expect.sorted && sort actual >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	cat R.f I.f | spotmatch -t 0.5 | grep "^r[0-9]*	i" | sort >expect.sorted &&
	spotmatch --against R.f -t 0.5 I.f | sort >actual.sorted &&
	test_cmp expect.sorted actual.sorted &&
	spotmatch --against R.f --novel I.f >novel &&
	cut -f2 actual | sort -u >matched &&
	cut -f1 I | grep -v -x -F -f matched >expect &&
	test_cmp expect novel
'

test_expect_success 'keyed errors: sorted input, other signatures, fingerprint counts' '
	minhash --per-band -w -k 2 -l 16 I | sort >I.sorted &&
	expect_error 2 "the records of a document must be consecutive" \
		spotmatch --against R.b I.sorted &&
	# the keys, written by hand, carry the banding of R.b: the signatures differ
	k=00000000000000aa &&
	printf "B000/k2l16s0w:$k\td1\tx=1\nB001/k2l16s0w:$k\td1\tx=2\n" >bad &&
	expect_error 2 "spotmatch: bad:2: document .d1. appears with other signatures" \
		spotmatch --against R.b bad &&
	imatch -L lex -i 0:1 -m 2 -K 1 I.txt >I.f2 &&
	expect_error 2 "spotmatch: I.f2:1: a fingerprint key of imatch -K 1 -p 0.33 -s 1 -m 2 with lexicon terms [0-9a-f]* after one of imatch -K 3 -p 0.33 -s 1 -m 2 with lexicon terms [0-9a-f]* (at R.f:[0-9]*): fingerprints of other settings differ" \
		spotmatch --against R.f I.f2 &&
	sed "s|^\\(F[0-9]*/[0-9]*\\)/[^:]*:|\\1:|" R.f >R.old && sed "s|^\\(F[0-9]*/[0-9]*\\)/[^:]*:|\\1:|" I.f2 >I.old &&
	expect_error 2 "spotmatch: I.old:1: a fingerprint key of unrecorded imatch settings of -K 1 (an earlier imatch.s, or written by hand) after one of unrecorded imatch settings of -K 3 (an earlier imatch.s, or written by hand) (at R.old:[0-9]*)" \
		spotmatch --against R.old I.old &&
	expect_error 2 "the input is an imatch fingerprint stream but REF is a minhash" \
		spotmatch --against R.b I.f
'

# ---- memory ----

# REF of 100,000 documents; a stream of 1,000,000 (under DK_SLOW 20,000
# and 100,000) in which every tenth document copies a REF document.  The
# documents held stay REF's and one batch, for a stream ten times shorter
# too, and so do the bytes.
if test -n "$DK_SLOW"; then nref=20000 long=100000; else nref=100000 long=1000000; fi
short=$((long / 10))

stream() {
	awk -v n=$1 -v nref=$nref -v p=$2 'BEGIN {
		for (i = 0; i < n; i++) {
			k = p == "r" || i % 10 ? i + nref * (p != "r") : (i / 10) % nref
			printf "%s%d\tx%d=1 y%d=1 z%d=2\n", p, i, k, k % 50, k % 997
		}
	}'
}

field() {
	sed -n "s/^spotmatch: against: $1: \([0-9]*\).*/\1/p" "$2"
}

test_expect_success "REF of $nref, a stream of $long: every copy caught" '
	stream $nref r >ref.big &&
	stream $long i >long &&
	spotmatch --against ref.big --novel -v long >novel 2>err.long &&
	test $(wc -l <novel) -eq $((long - long / 10)) &&
	! grep -x "i10" novel &&
	grep -x "i11" novel &&
	test "$(field "REF documents held" err.long)" = $nref
'

test_expect_success 'the input held is one batch, not the stream' '
	peak=$(field "peak input documents held" err.long) &&
	test "$peak" -le 4096 &&
	stream $short i >short &&
	spotmatch --against ref.big --novel -v short >/dev/null 2>err.short &&
	test "$(field "peak input documents held" err.short)" = "$peak" &&
	bl=$(field "peak bytes held" err.long) &&
	bs=$(field "peak bytes held" err.short) &&
	test $((bl * 10)) -le $((bs * 11))
'

test_expect_success '--within holds the input' '
	spotmatch --against ref.big --within --novel -v short >novel.within 2>err.within &&
	spotmatch --against ref.big --novel short >novel.plain &&
	test_cmp novel.plain novel.within &&
	test "$(field "--within: input documents held" err.within)" = $short
'

test_done

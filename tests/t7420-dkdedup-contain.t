#!/bin/sh
test_description='dkdedup --contain: truncated copies by a second, guarded
pass by containment; a short reply or licence inside a long page kept'
. "$(dirname "$0")/lib.sh"

# words I J: "the redI foxI ... the redJ foxJ", one spot signature
# the:redK:foxK for each K from I to J
words() {
	awk -v i="$1" -v j="$2" 'BEGIN { s = ""; for (k = i; k <= j; k++) { printf "%sthe red%d fox%d", s, k, k; s = " " } }'
}
# Few documents, short ones: the bare threshold of t7400, -t 0.9 so that
# Jaccard alone pairs no truncated copy here.
BARE="--idf 0:1 --min-shared 1 --dense 0 -t 0.9"

# a: 20 signatures; b: its first 14 (containment 1, Jaccard 0.7, sizes
# 0.7); c: unrelated; r: a reply of 5 signatures, all of them in the long
# page p (45: containment 1, sizes 0.11).
test_expect_success 'setup: a page, its truncated copy, a reply inside a long page' '
	printf "a\t%s\nb\t%s\nc\t%s\nr\t%s\np\t%s %s\n" "$(words 1 20)" "$(words 1 14)" \
		"$(words 101 120)" "$(words 201 205)" "$(words 201 205)" "$(words 301 340)" >docs.tsv
'

test_expect_success 'without --contain: Jaccard alone, nothing removed' '
	dkdedup $BARE tsv docs.tsv plain.out 2>err &&
	test_cmp docs.tsv plain.out &&
	test_must_be_empty plain.out.pairs
'

# Without a containment pass of its own, dkdedup runs the one of --prose
# (0.7, sizes 0.3) on the documents kept and lists the pairs it finds:
# a and b (containment 1, sizes 0.7), not r and p (sizes 0.11).
test_expect_success 'without --contain: the cut copy left is listed in OUT.contained, and counted' '
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect plain.out.contained &&
	tail -n 1 err >actual &&
	echo "dkdedup: 5 documents, 5 kept, 0 removed (0 exact copies, 0 near copies: see plain.out.removed), 0 too short to judge (kept); 1 pair kept that containment calls a copy (cut copies, or pages of one template: see plain.out.contained; --prose removes them)" >expect &&
	test_cmp expect actual
'

test_expect_success 'OUT.contained: only pairs of two documents kept' '
	printf "a\t%s\na2\t%s\nb\t%s\n" "$(words 1 20)" "$(words 1 20)" "$(words 1 14)" >twice.tsv &&
	dkdedup $BARE tsv twice.tsv twice.out 2>err &&
	cut -f 1 twice.out.removed >actual &&
	printf "a2\n" >expect && test_cmp expect actual &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect twice.out.contained
'

# alpha and beta: each a word of its own at the start, before "the": own
# words set the pair apart, so it is no copy left (with --own-words 1)
test_expect_success 'OUT.contained: not the pairs own words sets apart' '
	printf "a\talpha %s\nb\tbeta %s\n" "$(words 1 20)" "$(words 1 14)" >named.tsv &&
	dkdedup $BARE --own-words 1 tsv named.tsv named.out 2>err &&
	test_must_be_empty named.out.contained &&
	tail -n 1 err >actual &&
	echo "dkdedup: 2 documents, 2 kept, 0 removed (0 exact copies, 0 near copies: see named.out.removed), 0 too short to judge (kept)" >expect &&
	test_cmp expect actual &&
	dkdedup $BARE --own-words 0 tsv named.tsv unnamed.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect unnamed.out.contained
'

test_expect_success 'OUT.contained: JSON Lines give the pairs of the same documents as TSV' '
	printf "{\"id\": \"%s\", \"text\": \"%s\"}\n" a "$(words 1 20)" b "$(words 1 14)" \
		c "$(words 101 120)" r "$(words 201 205)" p "$(words 201 205) $(words 301 340)" >docs.jsonl &&
	dkdedup $BARE jsonl docs.jsonl plain.jsonl 2>err &&
	test_cmp plain.out.contained plain.jsonl.contained
'

test_expect_success 'with --contain, --prose or --contain 0: no OUT.contained, and an earlier one removed' '
	cp plain.out.contained before &&
	dkdedup $BARE tsv docs.tsv again.out 2>err &&
	test_cmp before again.out.contained &&
	dkdedup $BARE --contain 0.9 --contain-ratio 0.5 --contain-min 4 tsv docs.tsv again.out 2>err &&
	! test -e again.out.contained &&
	dkdedup $BARE tsv docs.tsv again.out 2>err &&
	dkdedup $BARE --contain-min 4 --prose tsv docs.tsv again.out 2>err &&
	! test -e again.out.contained &&
	dkdedup $BARE tsv docs.tsv again.out 2>err &&
	dkdedup $BARE --contain 0 tsv docs.tsv again.out 2>err &&
	! test -e again.out.contained &&
	! grep -q contained err
'

test_expect_success '--contain: the truncated copy removed, the reply kept' '
	dkdedup $BARE --contain 0.9 --contain-ratio 0.5 --contain-min 4 tsv docs.tsv c.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect c.out.pairs &&
	printf "a\nc\nr\np\n" >expect &&
	test_cmp expect c.out.keep &&
	printf "b\ta\t1.000000\ta\tthe red1 fox1 the red2 fox2 the red3 fox3 the red4 fox4 the...\n" >expect &&
	test_cmp expect c.out.removed &&
	grep -v "^b	" docs.tsv >expect &&
	test_cmp expect c.out &&
	tail -n 1 err >actual &&
	echo "dkdedup: 5 documents, 4 kept, 1 removed (0 exact copies, 1 near copy: see c.out.removed), 0 too short to judge (kept)" >expect &&
	test_cmp expect actual
'

test_expect_success '--contain-ratio 0: no size guard, the reply goes into the page' '
	dkdedup $BARE --contain 0.9 --contain-ratio 0 --contain-min 4 tsv docs.tsv r0.out 2>err &&
	printf "a\tb\t1.000000\nr\tp\t1.000000\n" >expect &&
	test_cmp expect r0.out.pairs &&
	printf "a\nc\nr\n" >expect &&
	test_cmp expect r0.out.keep
'

test_expect_success '--contain-min: a shorter side with fewer shared signatures is not paired' '
	dkdedup $BARE --contain 0.9 --contain-ratio 0 --contain-min 6 tsv docs.tsv m6.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect m6.out.pairs &&
	dkdedup $BARE --contain 0.9 --contain-ratio 0 --contain-min 15 tsv docs.tsv m15.out 2>err &&
	test_must_be_empty m15.out.pairs
'

test_expect_success '--contain-min defaults to --min-shared' '
	dkdedup $BARE --min-shared 6 --contain 0.9 --contain-ratio 0 tsv docs.tsv d6.out 2>err &&
	test_cmp m6.out.pairs d6.out.pairs
'

test_expect_success '--contain-ratio: the sizes of the pair, shorter over longer' '
	dkdedup $BARE --contain 0.9 --contain-ratio 0.7 --contain-min 4 tsv docs.tsv r7.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect r7.out.pairs &&
	dkdedup $BARE --contain 0.9 --contain-ratio 0.71 --contain-min 4 tsv docs.tsv r71.out 2>err &&
	test_must_be_empty r71.out.pairs
'

test_expect_success '--contain: the threshold of the containment pass' '
	printf "a\t%s\nb\t%s %s\n" "$(words 1 20)" "$(words 1 17)" "$(words 401 403)" >near.tsv &&
	dkdedup $BARE --contain 0.85 --contain-ratio 0.5 --contain-min 4 tsv near.tsv n85.out 2>err &&
	printf "a\tb\t0.850000\n" >expect &&
	test_cmp expect n85.out.pairs &&
	dkdedup $BARE --contain 0.86 --contain-ratio 0.5 --contain-min 4 tsv near.tsv n86.out 2>err &&
	test_must_be_empty n86.out.pairs
'

test_expect_success 'a pair both passes find is written once, with its Jaccard SIM' '
	dkdedup $BARE -t 0.6 --contain 0.9 --contain-ratio 0.5 --contain-min 4 tsv docs.tsv both.out 2>err &&
	printf "a\tb\t0.700000\n" >expect &&
	test_cmp expect both.out.pairs
'

test_expect_success '--contain 0 is no containment pass' '
	dkdedup $BARE --contain 0 --contain-ratio 0 tsv docs.tsv zero.out 2>err &&
	test_must_be_empty zero.out.pairs
'

test_expect_success '--prose: the containment pass at the settings of dupkit.defaults' '
	. "$DK_TESTS/../examples/dupkit.defaults" &&
	dkdedup $BARE --contain-min 4 --contain "$DK_PROSE_CONTAIN" --contain-ratio "$DK_PROSE_CONTAIN_RATIO" \
		--keep longest tsv docs.tsv given.out 2>err &&
	dkdedup $BARE --contain-min 4 --prose tsv docs.tsv prose.out 2>err &&
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect prose.out.pairs &&
	test_cmp given.out.pairs prose.out.pairs &&
	test_cmp given.out prose.out
'

test_expect_success '--prose: a --contain or --contain-ratio given beside it wins, in any order' '
	dkdedup $BARE --contain-min 4 --contain-ratio 0 --prose tsv docs.tsv p0.out 2>err &&
	test_cmp r0.out.pairs p0.out.pairs &&
	dkdedup $BARE --contain-min 4 --prose --contain 0 tsv docs.tsv pz.out 2>err &&
	test_must_be_empty pz.out.pairs &&
	dkdedup $BARE --prose --contain-ratio 0.71 --contain-min 4 tsv docs.tsv p71.out 2>err &&
	test_must_be_empty p71.out.pairs
'

test_expect_success '--prose: of a cut copy and its whole, the whole is kept, unless --keep is given' '
	printf "b\t%s\na\t%s\n" "$(words 1 14)" "$(words 1 20)" >cutfirst.tsv &&
	dkdedup $BARE --contain-min 4 --prose tsv cutfirst.tsv long.out 2>err &&
	printf "a\n" >expect &&
	test_cmp expect long.out.keep &&
	dkdedup $BARE --contain-min 4 --keep first --prose tsv cutfirst.tsv first.out 2>err &&
	printf "b\n" >expect &&
	test_cmp expect first.out.keep
'

test_expect_success '--prose on the demo pages: one page a story, the radio station'"'"'s cut rewrites removed' '
	(cd "$DK_TESTS/../examples/pages" && htmlstrip --main -- *.html) >pages.tsv &&
	dkdedup tsv pages.tsv plainpages.out 2>err &&
	grep -c . plainpages.out.keep >n &&
	echo 9 >expect &&
	test_cmp expect n &&
	dkdedup --prose tsv pages.tsv prosepages.out 2>err &&
	cut -f 1,2 prosepages.out.removed | sort >actual &&
	printf "%s\t%s\n" gazette-museum.html wire-museum.html gazette-solar.html blog-solar.html \
		radio-ferry.html gazette-ferry.html radio-museum.html wire-museum.html \
		wire-ferry.html gazette-ferry.html wire-solar.html blog-solar.html | sort >expect &&
	test_cmp expect actual &&
	printf "%s\n" blog-garden.html blog-solar.html gazette-bridge.html gazette-ferry.html \
		radio-festival.html wire-museum.html wire-weather.html >expect &&
	sort prosepages.out.keep >actual &&
	test_cmp expect actual
'

test_expect_success '--prose takes no value' '
	expect_error 2 "^dkdedup: option .--prose. doesn.t allow an argument" \
		dkdedup --prose=1 tsv docs.tsv bad.out &&
	! test -e bad.out
'

test_expect_success 'bad values: usage errors, no OUT' '
	expect_error 2 "^dkdedup: --contain is .1.5.: not in \\[0, 1\\]" \
		dkdedup --contain 1.5 tsv docs.tsv bad.out &&
	expect_error 2 "^dkdedup: --contain-ratio is .-0.1.: not in \\[0, 1\\]" \
		dkdedup --contain-ratio -0.1 tsv docs.tsv bad.out &&
	expect_error 2 "^dkdedup: --contain-min" dkdedup --contain-min 0 tsv docs.tsv bad.out &&
	! test -e bad.out
'

test_expect_success 'a guard without --contain is a usage error, not ignored' '
	expect_error 2 "^dkdedup: --contain-ratio needs --contain\$" \
		dkdedup --contain-ratio 0.3 tsv docs.tsv bad.out &&
	expect_error 2 "^dkdedup: --contain-min needs --contain\$" \
		dkdedup --contain-min 4 tsv docs.tsv bad.out &&
	! test -e bad.out
'

test_expect_success 'the containment pass failing: named, no OUT' '
	mkdir fail &&
	cp "$DK_BIN/dkdedup" fail/ &&
	printf "#!/bin/sh\ncase \" \$* \" in *\" containment \"*) echo \"spotmatch: fake failure\" >&2; exit 4 ;; esac\nexec \"%s/spotmatch\" \"\$@\"\n" "$DK_BIN" >fail/spotmatch &&
	chmod +x fail/spotmatch &&
	fail/dkdedup $BARE --contain 0 tsv docs.tsv ok.out 2>err &&
	expect_error 1 "^dkdedup: spotmatch failed (exit status 4)" \
		fail/dkdedup $BARE --contain 0.9 tsv docs.tsv failed.out &&
	! test -e failed.out && ! test -e failed.out.pairs &&
	! ls failed.out.dkdedup.* 2>/dev/null
'

test_expect_success 'the pass that lists the copies left failing: named, no OUT' '
	expect_error 1 "^dkdedup: spotmatch failed (exit status 4)" \
		fail/dkdedup $BARE tsv docs.tsv failed2.out &&
	! test -e failed2.out && ! test -e failed2.out.pairs && ! test -e failed2.out.contained &&
	! ls failed2.out.dkdedup.* 2>/dev/null
'

test_done

#!/bin/sh
test_description='spotmatch: examples, keyed streams, order, errors'
. "$(dirname "$0")/lib.sh"

# The example of the SpotSigs paper, section 4.3.2, has three documents and
# tau = 0.8, and finds <d1, d3> with similarity 0.8.  Its exact multisets
# are not reproduced here: these three have the same property, with counts
# above one so that the multiset measure matters.
test_expect_success 'three documents, tau 0.8: <d1, d3> at 0.8' '
	printf "d1\ta=4 b=4\nd2\ta=1 c=5\nd3\ta=4 b=4 c=2\n" >in &&
	printf "d1\td3\t0.800000\n" >expect &&
	spotmatch -t 0.8 in >actual &&
	test_cmp expect actual &&
	partition -t 0.8 in >keyed &&
	spotmatch keyed >actual &&
	test_cmp expect actual
'

test_expect_success 'measures: multiset, set, max' '
	printf "d1\ta=2 b=1\nd2\ta=1 b=1\n" >in &&
	printf "d1\td2\t0.666667\n" >expect &&
	spotmatch -t 0.5 in >actual && test_cmp expect actual &&
	printf "d1\td2\t1.000000\n" >expect &&
	spotmatch -t 0.5 -M set in >actual && test_cmp expect actual &&
	printf "d1\td2\t0.666667\n" >expect &&
	spotmatch -t 0.5 -M max in >actual && test_cmp expect actual &&
	spotmatch -t 0.7 in >actual && test_must_be_empty actual
'

test_expect_success 'order: input order of the first, then the second document' '
	printf "z\tq=1\ny\tq=1 r=1\nx\tq=1\nw\tq=1\n" >in &&
	printf "z\tx\t1.000000\nz\tw\t1.000000\nx\tw\t1.000000\n" >expect &&
	spotmatch -t 0.9 -j 1 in >actual && test_cmp expect actual &&
	spotmatch -t 0.9 -j 4 in >actual && test_cmp expect actual
'

test_expect_success 'short documents and carried columns' '
	printf "a\tc1\tx=1\nb\tc2\t!short x=1\nc\tc3\tx=1\n" >in &&
	printf "a\tc\t1.000000\n" >expect &&
	spotmatch -v -t 0.9 in >actual 2>err &&
	test_cmp expect actual &&
	grep -q "1 short" err
'

test_expect_success 'a plain stream whose IDs look like keys: --plain' '
	printf "R\tP\tx=1\nS\tP\tx=1\n" >in &&
	printf "R\tS\t1.000000\n" >expect &&
	spotmatch --plain -t 0.9 in >actual && test_cmp expect actual
'

# Five pairs share a key; d1 d3 is not compared: d1 has two signatures d3
# lacks and so shares at most 1 of the 3 its length needs at 0.6.
test_expect_success 'LSH bands: candidates verified, each pair once' '
	k0=B000:00000000000000aa k1=B001:00000000000000bb &&
	printf "$k0\td1\tx=1 y=1 z=1\n$k0\td2\tx=1 y=1\n$k0\td3\tx=1 w=2\n" >in &&
	printf "$k1\td1\tx=1 y=1 z=1\n$k1\td2\tx=1 y=1\n$k1\td4\tx=1 y=1 z=1\n" >>in &&
	printf "d1\td2\t0.666667\nd1\td4\t1.000000\nd2\td4\t0.666667\n" >expect &&
	spotmatch -v -t 0.6 in >actual 2>err &&
	test_cmp expect actual &&
	grep -q "4 candidates compared" err
'

test_expect_success 'LSH bands: an ID with other signatures is an error' '
	k0=B000:00000000000000aa k1=B001:00000000000000bb &&
	printf "$k0\td1\tx=1\n$k1\td1\tx=2\n" >in &&
	expect_error 2 "spotmatch: in:2: document .d1. appears with other signatures" spotmatch in
'

test_expect_success 'I-Match fingerprints: SIM is the share of fingerprints' '
	f1=F00/2:$(printf "%040d" 1) f2=F01/2:$(printf "%040d" 2) f3=F01/2:$(printf "%040d" 3) &&
	printf "$f1\td1\tx=1\n$f2\td1\tx=1\n" >in &&
	printf "$f1\td2\ty=1\n$f3\td2\ty=1\n" >>in &&
	printf "R\td4\tz=1\n" >>in &&
	printf "$f1\td3\tx=1\n$f2\td3\tx=1\n" >>in &&
	printf "d1\td2\t0.500000\nd1\td3\t1.000000\nd2\td3\t0.500000\n" >expect &&
	spotmatch -v in >actual 2>err &&
	test_cmp expect actual &&
	grep -q "1 rejected" err &&
	printf "d1\td3\t1.000000\n" >expect &&
	spotmatch -t 0.9 in >actual &&
	test_cmp expect actual
'

test_expect_success 'bad input: record without signatures' '
	printf "a\tx=1\nb\t\n" >in &&
	expect_error 2 "spotmatch: in:2: record without signatures" spotmatch in
'

test_expect_success 'bad input: unsorted partition stream' '
	printf "P0.9:00001\ta\tx=1 y=1 z=1\nP0.9:00000\tb\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: key .P0.9:00000. after .P0.9:00001.: the stream is not sorted" spotmatch in
'

test_expect_success 'bad input: mixed keyed stream' '
	printf "P0.9:00000\ta\tx=1\nB000:00000000000000aa\tb\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: not a record of the keyed stream" spotmatch in &&
	printf "P0.9:00000\ta\tx=1\nP0.8:00001\tb\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: a key of partition -t 0.8 after keys of partition -t 0.9 (at in:1): their length partitions differ" spotmatch in &&
	printf "P0.9:00000\ta\tx=1\nPx:00001\tb\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: key .Px:00001. does not continue a stream keyed .P0.9:...." spotmatch in &&
	printf "P0.9r0:00000\ta\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:1: bad -r in partition key .P0.9r0:00000." spotmatch in &&
	printf "B000:00000000000000aa\ta\tx=1\nb\tx=1\n" >in &&
	expect_error 2 "spotmatch: in:2: not a record of the keyed stream" spotmatch in
'

test_expect_success 'bad threshold, lower than the partitioning, wrong measure' '
	printf "a\tx=1\n" >in &&
	expect_error 2 "spotmatch: threshold is .0.: must be above 0" spotmatch -t 0 in &&
	expect_error 2 "spotmatch: threshold is .1.01.: not in" spotmatch -t 1.01 in &&
	partition -t 0.9 in >keyed &&
	expect_error 2 "spotmatch: threshold 0.8 is below the partitioning threshold 0.9" spotmatch -t 0.8 keyed &&
	expect_error 2 "spotmatch: the stream was partitioned by multiset size" spotmatch -M set keyed &&
	partition -t 0.9 -M set in >keyed &&
	expect_error 2 "spotmatch: the stream was partitioned by set size: use -M set" spotmatch keyed &&
	spotmatch -M set keyed >actual && test_must_be_empty actual &&
	expect_error 2 "spotmatch: measure is .tanimoto.: expected one of jaccard, set, max, dice, cosine, containment" spotmatch -M tanimoto in
'

test_expect_success 'dice: 2 |A n B| / (|A| + |B|), its partition stream read with -M dice only' '
	printf "a\tx=3 y=1\nb\tx=2 y=3\n" >in &&
	printf "a\tb\t0.666667\n" >expect &&
	spotmatch -M dice -t 0.6 in >actual &&
	test_cmp expect actual &&
	partition -t 0.6 -M dice in >keyed &&
	spotmatch -M dice keyed >actual &&
	test_cmp expect actual &&
	expect_error 2 "spotmatch: the stream was partitioned for dice: use -M dice" spotmatch keyed &&
	partition -t 0.6 in >keyed &&
	expect_error 2 "spotmatch: the stream was partitioned by multiset size: use -M jaccard or -M max" \
		spotmatch -M dice keyed
'

# containment: the shared mass over the shorter document.  b is a's first
# half (a truncated copy), at 1 whatever a's length; Jaccard puts them at
# 0.5, and only b and d (8/10) reach 0.8.  c holds 4 of a's signatures and nothing else: at 1 too, unless
# --min-shared asks for more than it has.  d shares 8 of a's 10 and has
# 2 of its own: 8/10.
test_expect_success 'containment: a truncated copy matched, a short part only with enough evidence' '
	printf "a\ts1=1 s2=1 s3=1 s4=1 s5=1 s6=1 s7=1 s8=1 s9=1 s10=1 s11=1 s12=1 s13=1 s14=1 s15=1 s16=1\n" >in &&
	printf "b\ts1=1 s2=1 s3=1 s4=1 s5=1 s6=1 s7=1 s8=1\n" >>in &&
	printf "c\ts13=1 s14=1 s15=1 s16=1\n" >>in &&
	printf "d\ts1=1 s2=1 s3=1 s4=1 s5=1 s6=1 s7=1 s8=1 x1=1 x2=1\n" >>in &&
	spotmatch -M containment -t 0.8 in >actual &&
	printf "a\tb\t1.000000\na\tc\t1.000000\na\td\t0.800000\nb\td\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -M containment -t 0.8 --min-shared 8 in >actual &&
	printf "a\tb\t1.000000\na\td\t0.800000\nb\td\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch -t 0.8 in >actual &&
	printf "b\td\t0.800000\n" >expect &&
	test_cmp expect actual &&
	partition -t 0.8 -M containment in | spotmatch -M containment --min-shared 8 >actual &&
	printf "a\tb\t1.000000\na\td\t0.800000\nb\td\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'an unreadable operand is reported, the others are read' '
	printf "a\tx=1\n" >one && printf "b\tx=1\n" >two &&
	expect_error 1 "spotmatch: nosuch" spotmatch one nosuch two &&
	spotmatch one nosuch two >actual 2>/dev/null;
	printf "a\tb\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'help and version' '
	spotmatch --help >out && grep -q "usage: spotmatch" out &&
	spotmatch --version >out && grep -q "spotmatch (dupkit)" out
'

test_done

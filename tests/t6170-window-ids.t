#!/bin/sh
test_description='spotmatch --window: repeated IDs checked against the window only'
. "$(dirname "$0")/lib.sh"

if ! command -v spotmatch >/dev/null 2>&1; then
	skip_all='spotmatch is not built'
	test_done
fi

# The rule (spotmatch(1), Streaming mode): a record whose ID is that of a
# record the window holds when the record arrives is an error; an ID whose
# record has left the window is new.

test_expect_success 'a repeat inside the window: exit 2, the first line named' '
	printf "a\t100\tx=1 y=1\nb\t150\tz=1\na\t190\tx=1 y=1\n" >in &&
	test_expect_code 2 spotmatch --window 90 --time-column 2 in >actual 2>err &&
	test_must_be_empty actual &&
	echo "spotmatch: in:3: ID a already at line 1 (see --allow-repeated-ids)" >expect &&
	test_cmp expect err
'

test_expect_success 'the same ID once its record has left the window: a new document' '
	printf "a\t100\tx=1 y=1\nb\t150\tx=1 y=1\na\t191\tx=1 y=1\n" >in &&
	spotmatch --window 90 --time-column 2 in >actual 2>err &&
	test_must_be_empty err &&
	printf "a\tb\t1.000000\nb\ta\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --novel --window 90 --time-column 2 in >actual &&
	echo a >expect &&
	test_cmp expect actual
'

test_expect_success 'an ID back after the window, then repeated inside it: its second record named' '
	printf "a\t100\tx=1\na\t200\tx=1\nb\t210\ty=1\na\t250\tx=1\n" >in &&
	expect_error 2 "^spotmatch: in:4: ID a already at line 2 (see --allow-repeated-ids)\$" \
		spotmatch --window 90 --time-column 2 in
'

test_expect_success '--allow-repeated-ids: read as before, a repeat inside the window matched' '
	printf "a\t100\tx=1 y=1\nb\t150\tz=1\na\t190\tx=1 y=1\n" >in &&
	spotmatch --allow-repeated-ids --window 90 --time-column 2 in >actual &&
	printf "a\ta\t1.000000\n" >expect &&
	test_cmp expect actual &&
	spotmatch --allow-repeated-ids --novel --window 90 --time-column 2 in >actual &&
	printf "a\nb\n" >expect &&
	test_cmp expect actual
'

test_expect_success 'a window of documents: the records the arriving one is compared with' '
	printf "a\tx=1\nb\ty=1\nc\tx=1\na\tx=1\n" >in &&
	spotmatch --window 2 in >actual &&
	printf "a\tc\t1.000000\nc\ta\t1.000000\n" >expect &&
	test_cmp expect actual &&
	expect_error 2 "^spotmatch: in:4: ID a already at line 1 (see --allow-repeated-ids)\$" \
		spotmatch --window 3 in
'

test_expect_success 'records without signatures count while their time is in reach' '
	printf "a\t100\t\nb\t150\tz=1\na\t190\tx=1\n" >in &&
	expect_error 2 "^spotmatch: in:3: ID a already at line 1 " \
		spotmatch --window 90 --time-column 2 in &&
	printf "a\t100\t\nb\t150\tz=1\na\t191\tx=1\n" >in &&
	spotmatch --novel --window 90 --time-column 2 in >actual &&
	printf "a\nb\na\n" >expect &&
	test_cmp expect actual
'

# With --disorder the window evicts in arrival order: p (100) stays until
# newest - 5 - 10 passes it, and q (95), after it, stays as long, though
# at 111 it is too far for a pair (16 s): the IDs are those the window holds.
test_expect_success '--disorder: a document held behind a newer one is still in the window' '
	printf "p\t100\tx=1 y=1\nq\t95\tz=1\nr\t106\tw=1\nq\t111\tz=1\n" >in &&
	expect_error 2 "^spotmatch: in:4: ID q already at line 2 (see --allow-repeated-ids)\$" \
		spotmatch --window 10 --disorder 5 --time-column 2 in &&
	spotmatch --allow-repeated-ids --novel --window 10 --disorder 5 --time-column 2 in >actual &&
	printf "p\nq\nr\nq\n" >expect &&
	test_cmp expect actual &&
	printf "p\t100\tx=1 y=1\nq\t95\tz=1\nr\t106\tw=1\nq\t116\tz=1\n" >in &&
	spotmatch --novel --window 10 --disorder 5 --time-column 2 in >actual &&
	printf "p\nq\nr\nq\n" >expect &&
	test_cmp expect actual
'

test_expect_success '--disorder: a record without signatures by its own time' '
	printf "p\t100\tx=1 y=1\nq\t95\t\nr\t106\tw=1\nq\t111\tz=1\n" >in &&
	spotmatch --novel --window 10 --disorder 5 --time-column 2 in >actual &&
	printf "p\nq\nr\nq\n" >expect &&
	test_cmp expect actual &&
	printf "p\t100\tx=1 y=1\nq\t96\t\nr\t106\tw=1\nq\t111\tz=1\n" >in &&
	expect_error 2 "^spotmatch: in:4: ID q already at line 2 " \
		spotmatch --window 10 --disorder 5 --time-column 2 in
'

test_expect_success 'across operands the first one is named' '
	printf "a\t100\tx=1\n" >in1 &&
	printf "b\t120\ty=1\na\t150\tx=1\n" >in2 &&
	expect_error 2 "^spotmatch: in2:2: ID a already at in1:1 (see --allow-repeated-ids)\$" \
		spotmatch --window 90 --time-column 2 in1 in2 &&
	spotmatch --window 40 --time-column 2 in1 in2 >actual &&
	test_must_be_empty actual
'

test_expect_success 'the time is read before the ID is checked, the signatures after' '
	printf "a\t100\tx=1\na\t99\tx=1\n" >in &&
	expect_error 2 "^spotmatch: in:2: time .99. is 1 s before" \
		spotmatch --window 90 --time-column 2 in &&
	printf "a\t100\tx=1\na\t101\tx=1 x=2\n" >in &&
	expect_error 2 "^spotmatch: in:2: ID a already at line 1 " \
		spotmatch --window 90 --time-column 2 in
'

# 6,000 records, IDs coming back every 2,000, a window of 1,500: the IDs
# held are pruned, their index grows and is made again, and no ID that
# came back is reported; a copy of record 4,001's ID placed 1,000 later
# (inside the window) is.
test_expect_success 'a long stream: IDs back after the window pass, one inside does not' '
	awk "BEGIN { for (i = 0; i < 6000; i++) printf \"i%d\tx%d=1 y%d=1\n\", i % 2000, i, i % 7 }" >long &&
	spotmatch -v --novel --window 1500 long >actual 2>err &&
	test $(wc -l <actual) = 6000 &&
	grep "^spotmatch: window: IDs checked against the window: peak 1501 held, " err &&
	spotmatch --allow-repeated-ids --novel --window 1500 long >expect &&
	test_cmp expect actual &&
	awk "NR == 5001 { \$1 = \"i0\" } { print }" OFS="\t" long >rep &&
	expect_error 2 "^spotmatch: rep:5001: ID i0 already at line 4001 (see --allow-repeated-ids)\$" \
		spotmatch --novel --window 1500 rep
'

test_done

#!/bin/sh
test_description='a UTF-8 byte order mark at the start of a stream is
skipped by every reader, so that the first ID is the ID (spreadsheets and
some editors write one)'
. "$(dirname "$0")/lib.sh"

bom() { printf '\357\273\277'; }

test_expect_success 'setup: documents, with and without the mark' '
	printf "d1\tthe cat is on the mat and the dog is in the house\n" >docs &&
	printf "d2\tthe cat is on the mat and the dog is in the house\n" >>docs &&
	printf "d3\ta bird was in the tree and a fox was at the gate\n" >>docs &&
	{ bom && cat docs; } >bdocs &&
	spotsig docs >sigs &&
	spotmatch -t 0.5 sigs >pairs &&
	test -s pairs
'

test_expect_success 'document, signature and pair streams: the same output' '
	spotsig bdocs >actual &&
	test_cmp sigs actual &&
	gzip -c bdocs >bdocs.gz &&
	spotsig bdocs.gz >actual &&
	test_cmp sigs actual &&
	{ bom && cat sigs; } >bsigs &&
	spotmatch -t 0.5 bsigs >actual &&
	test_cmp pairs actual &&
	{ bom && cat pairs; } >bpairs &&
	dkcluster pairs >expect &&
	dkcluster bpairs >actual &&
	test_cmp expect actual
'

test_expect_success 'keep: a keep list and a corpus with the mark' '
	printf "d1\nd3\n" >list &&
	{ bom && cat list; } >blist &&
	keep list docs >expect &&
	keep blist bdocs >actual &&
	test_cmp expect actual &&
	head -c 2 actual >first &&
	printf d1 >expect.first &&
	test_cmp expect.first first
'

test_expect_success 'evaluate: a gold file with the mark' '
	printf "d1\tc1\nd2\tc1\nd3\tc2\n" >gold &&
	{ bom && cat gold; } >bgold &&
	evaluate gold pairs >expect &&
	evaluate bgold pairs >actual &&
	test_cmp expect actual
'

test_expect_success 'only at the start: a mark inside a line is text' '
	printf "d1\tx=1\n" >s1 &&
	{ cat s1 && bom && printf "d2\tx=1\n"; } >mid &&
	spotmatch -t 0.5 mid >actual &&
	printf "d1\t\357\273\277d2\t1.000000\n" >expect &&
	test_cmp expect actual
'

test_done

#!/bin/sh
test_description='spotmatch: the output is the same byte for byte for every -j'
. "$(dirname "$0")/lib.sh"

# With -j above 1 a signature or partition stream is read ahead in
# batches (4,096 records, then 8,192, 16,384, then 32,768), which
# threads parse and number while the first thread takes the records of
# the batch before in order, numbering the signatures new to the
# dictionary apart until the others are done (cmd/spotmatch/ahead.c).
# -j 1 reads record by record.  Every case compares the two
# ways, on streams of several batches, and every message must name the
# line of its record as -j 1 does.

# same FILE OPTIONS...: the pairs and the -v counts of -j 2, 3 and 7 are
# those of -j 1.
same() {
	_f=$1
	shift
	spotmatch -v -j 1 "$@" "$_f" >expect 2>expect.err &&
	test -s expect &&
	for j in 2 3 7; do
		spotmatch -v -j $j "$@" "$_f" >actual 2>actual.err &&
		test_cmp expect actual &&
		test_cmp expect.err actual.err || return 1
	done
}

# 40,000 documents: a vocabulary of 30,000 signatures (new ones appear
# all along), 1 in 100 flagged !short, copies; one signature in 50
# documents percent-escaped (w%3A7 is the signature w:7).
test_expect_success 'the stream' '
	dk_gen -s 11 -v 30000 --skew 1.1 -l 1:60 --loglen -c 3 --repeat \
		--copy 0.2 --exact 0.3 --change 0.1 --short 0.01 40000 |
	awk "NR % 50 == 0 { sub(/ w7=/, \" w%3A7=\") } { print }" >in &&
	test $(wc -l <in) = 40000 &&
	grep -q "w%3A7=" in &&
	grep -q "!short" in
'

for tau in 0.9 0.7 0.5; do
	test_expect_success "plain stream, tau $tau" "
		same in -t $tau
	"
	test_expect_success "partition stream, tau $tau" "
		partition -t $tau in >keyed &&
		same keyed
	"
done

test_expect_success 'dice and set measures' '
	same in -t 0.8 -M dice &&
	same in -t 0.8 -M set
'

test_expect_success '--min-shared: its short documents and its bounds' '
	same in -t 0.7 --min-shared 6 &&
	partition -t 0.5 in >keyed &&
	same keyed --min-shared 12
'

test_expect_success '--no-prune and --no-partition, on 20,000 documents' '
	head -n 20000 in >half &&
	same half -t 0.9 --no-prune &&
	same half -t 0.9 --no-partition
'

test_expect_success 'lines ending in CR LF' '
	sed "s/\$/$(printf "\r")/" in >crlf &&
	spotmatch -j 1 -t 0.9 in >expect &&
	spotmatch -j 3 -t 0.9 crlf >actual &&
	test_cmp expect actual
'

test_expect_success 'standard input, and the stream in two operands' '
	spotmatch -j 1 -t 0.9 in >expect &&
	spotmatch -j 2 -t 0.9 <in >actual &&
	test_cmp expect actual &&
	head -n 25001 in >a &&
	tail -n +25002 in >b &&
	spotmatch -j 3 -t 0.9 a b >actual &&
	test_cmp expect actual
'

test_expect_success '--checksum-column' '
	dk_gen -s 12 -v 30000 -l 1:60 --loglen --copy 0.3 --exact 0.6 --checksum \
		30000 >sums &&
	same sums -t 0.9 --checksum-column 2
'

# err FILE: the message of -j 1 and of -j 3 on FILE, the same.
err() {
	expect_error 2 "$1:$2: $3" spotmatch -j 1 "$1" &&
	mv err err.1 &&
	expect_error 2 "$1:$2: $3" spotmatch -j 3 "$1" &&
	test_cmp err.1 err
}

test_expect_success 'a bad field in the fourth batch' '
	awk -F "\t" -v OFS="\t" "NR == 35000 { \$2 = \$2 \" w=0\" } { print }" in >bad &&
	err bad 35000 "signature count is 0"
'

test_expect_success 'a signature listed twice, known or new' '
	awk -F "\t" -v OFS="\t" "NR == 30000 { \$2 = \$2 \" \" \$2 } { print }" in >twice &&
	err twice 30000 "a signature is listed twice" &&
	awk -F "\t" -v OFS="\t" "NR == 30000 { \$2 = \$2 \" new=1 new=2\" } { print }" in >twice &&
	err twice 30000 "a signature is listed twice"
'

# A known signature listed twice in a record that has a new one too: the
# repeat is found whichever of its signatures the dictionary lacked.
test_expect_success 'a known signature listed twice beside a new one' '
	awk -F "\t" -v OFS="\t" "NR == 30000 { split(\$2, w, \" \"); \$2 = \$2 \" new=1 \" w[1] } { print }" \
		in >twice &&
	err twice 30000 "a signature is listed twice"
'

test_expect_success 'a repeated ID, and the first of two faults' '
	awk -F "\t" -v OFS="\t" "NR == 33000 { \$1 = \"d5\" } { print }" in >rep &&
	err rep 33000 "ID d5 already at line 6" &&
	awk -F "\t" -v OFS="\t" "NR == 38000 { \$1 = \"d5\" } NR == 36000 { \$2 = \$2 \" w=0\" } { print }" \
		in >two &&
	err two 36000 "signature count is 0"
'

test_expect_success 'a partition stream out of order in a later batch' '
	partition -t 0.9 in >keyed &&
	head -n 30000 keyed >unsorted &&
	head -n 1 keyed | awk -F "\t" -v OFS="\t" "{ \$2 = \"other\"; print }" >>unsorted &&
	err unsorted 30001 "key .* after .*: the stream is not sorted by key"
'

test_done

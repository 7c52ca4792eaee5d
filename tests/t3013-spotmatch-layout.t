#!/bin/sh
test_description='spotmatch: counts of 255 and more, and the unique IDs checked on its own ID text'
. "$(dirname "$0")/lib.sh"

# The default mode keeps a signature's count in a byte, a count of 255 or
# more in a table beside it (sm.h, sm_pool), and checks a plain stream's
# IDs on the text it keeps of them (doc.c, sm_id_check) instead of a copy
# in common/ids.  Both are exact: the pairs are the oracle's for every
# measure, and a repeated ID is the error dk_ids reports, at the same line.

# check TAU MEASURE FILE: spotmatch's pairs, -j 1 and -j 2, are the
# oracle's, byte for byte
check() {
	dk_brute -t "$1" -M "$2" "$3" >expect &&
	spotmatch -j 1 -t "$1" -M "$2" "$3" >actual &&
	test_cmp expect actual &&
	spotmatch -j 2 -t "$1" -M "$2" "$3" >actual &&
	test_cmp expect actual
}

# Counts 1 to 3 of a generated collection mapped to either side of the
# byte's limit (2 -> 254 or 255, 3 -> 256 or 70000, by document), near and
# exact copies among them; and documents the same but for one count above
# the limit (b1, b2: 300 and 301; b3 a copy of b1), which must not be
# taken for copies.
test_expect_success 'the collection' '
	dk_gen -s 31 -v 30 --skew 1 -l 4:30 -c 3 --copy 0.3 --exact 0.1 --change 0.2 600 |
	awk -F "\t" -v OFS="\t" "{
		two = NR % 2 ? \"=254\" : \"=255\"; three = NR % 3 ? \"=256\" : \"=70000\"
		gsub(/=2( |\$)/, two \" \", \$2); gsub(/=3( |\$)/, three \" \", \$2)
		sub(/ \$/, \"\", \$2); print }" >counts &&
	printf "b1\tw1=300 w2=1 w3=1 w4=1 w5=1 w6=1 w7=1 w8=1 w9=1 w10=1\n" >>counts &&
	printf "b2\tw1=301 w2=1 w3=1 w4=1 w5=1 w6=1 w7=1 w8=1 w9=1 w10=1\n" >>counts &&
	printf "b3\tw1=300 w2=1 w3=1 w4=1 w5=1 w6=1 w7=1 w8=1 w9=1 w10=1\n" >>counts &&
	test $(wc -l <counts) = 603 &&
	grep -q "=255 " counts && grep -q "=254 " counts &&
	grep -q "=256" counts && grep -q "=70000" counts
'

for m in jaccard set max dice cosine containment; do
	for tau in 0.05 0.5 0.9 1.0; do
		test_expect_success "counts past a byte, $m, tau $tau" "
			check $tau $m counts
		"
	done
done

test_expect_success 'one count apart above the limit: not copies' '
	spotmatch -t 0.99 counts >actual &&
	grep "^b1	b2	" actual >b12 &&
	! grep -q "	1.000000\$" b12 &&
	grep -q "^b1	b3	1.000000\$" actual
'

# The IDs: 2,000 documents (the table grows from 1,024 slots), some of
# them short; a repeat of a document's ID, of a short record's, in a
# second operand, each named at the line of the first.
test_expect_success 'a stream with short records' '
	dk_gen -s 32 -v 200 -l 4:20 2000 |
	awk -F "\t" -v OFS="\t" "NR % 7 == 0 { \$2 = \"!short \" \$2 } { print }" >ids &&
	spotmatch -v ids >/dev/null 2>err &&
	grep -q " 285 short," err
'

# err FILE LINE MSG [OPERANDS]: spotmatch fails with exit 2 and
# "FILE:LINE: MSG", the same with -j 1 and -j 3
err() {
	_f=$1 _l=$2 _m=$3
	shift 3
	expect_error 2 "^spotmatch: $_f:$_l: $_m (see --allow-repeated-ids)\$" \
		spotmatch -j 1 "$@" &&
	mv err err.1 &&
	expect_error 2 "^spotmatch: $_f:$_l: $_m (see --allow-repeated-ids)\$" \
		spotmatch -j 3 "$@" &&
	test_cmp err.1 err
}

test_expect_success 'a repeated ID at its first line' '
	id5=$(sed -n "5s/	.*//p" ids) &&
	awk -F "\t" -v OFS="\t" -v id="$id5" "NR == 1500 { \$1 = id } { print }" ids >rep &&
	err rep 1500 "ID $id5 already at line 5" rep
'

test_expect_success 'a repeat of a short record and by a short record' '
	id14=$(sed -n "14s/	.*//p" ids) &&
	awk -F "\t" -v OFS="\t" -v id="$id14" "NR == 1999 { \$1 = id } { print }" ids >rep &&
	err rep 1999 "ID $id14 already at line 14" rep &&
	id1=$(sed -n "1s/	.*//p" ids) &&
	awk -F "\t" -v OFS="\t" -v id="$id1" "NR == 700 { \$1 = id } { print }" ids >rep &&
	sed -n 700p rep | grep -q "	!short " &&
	err rep 700 "ID $id1 already at line 1" rep
'

test_expect_success 'a repeat in a second operand, and --allow-repeated-ids' '
	head -n 1000 ids >one &&
	sed -n "990,1200p" ids >two &&
	id990=$(sed -n "990s/	.*//p" ids) &&
	err two 1 "ID $id990 already at one:990" one two &&
	spotmatch --allow-repeated-ids one two >/dev/null
'

test_done

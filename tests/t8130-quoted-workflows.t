#!/bin/sh
test_description='quoted mail text (DK_QUOTED of examples/dupkit.defaults) in every
workflow of corpus.mk, scaleout.sh and mapred.sh: a corpus whose replies
quote other documents gives what it gives with the quotations removed by
hand, and, with QUOTED=keep, pairs a reply with what it quotes'
. "$(dirname "$0")/lib.sh"

dk_workflows

# replies.py BASE OWN N...: BASE's documents, then a reply to each N-th
# (from 0) that quotes it whole in one of four forms (an attribution
# before the block, the block between paragraphs of the reply's own,
# nested marks without attribution, the block last) with words of its own
# (OWN's texts).  Written as q.docs, and as p.docs with each reply its
# own words alone, the way a reader would remove the quotation: the
# paragraphs the author wrote, one blank line between them.  q.timed and
# p.timed are the same with a time column (ID TIME TEXT), 7 minutes apart.
test_expect_success 'setup: 100 documents and 4 replies, quoted and by hand' '
	cat >replies.py <<-\EOF &&
	import sys
	import dktsv
	base = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
	own = [dktsv.unescape(l.rstrip("\n").split("\t")[1]) for l in open(sys.argv[2])]
	def quote(text):
	    w = text.split()
	    return "\n".join("> " + " ".join(w[i:i + 9]) for i in range(0, len(w), 9))
	def reply(k, x):
	    a, b = own[2 * k], own[2 * k + 1]
	    q = quote(dktsv.unescape(x))
	    forms = [
	        ("Ann wrote:\n" + q + "\n\n" + a, a),
	        (a + "\n\nOn Tue, 3 Mar 2009, Ann wrote:\n\n" + q + "\n\n" + b, a + "\n\n" + b),
	        ("> > " + q.replace("\n", "\n>> ") + "\n" + a + "\n" + b, a + "\n" + b),
	        (a + "\n" + q + "\n>\n", a),
	    ]
	    return forms[k % len(forms)]
	rows = [(i, t, t) for i, t in base]
	for k, n in enumerate(map(int, sys.argv[3:])):
	    q, p = reply(k, base[n][1])
	    rows.append(("re" + base[n][0], dktsv.escape(q), dktsv.escape(p)))
	with open("q.docs", "w") as qd, open("p.docs", "w") as pd, \
	        open("q.timed", "w") as qt, open("p.timed", "w") as pt:
	    for m, (i, q, p) in enumerate(rows):
	        t = "2026-01-01T%02d:%02d:00Z" % (m * 7 // 60, m * 7 % 60)
	        qd.write("%s\t%s\n" % (i, q))
	        pd.write("%s\t%s\n" % (i, p))
	        qt.write("%s\t%s\t%s\n" % (i, t, q))
	        pt.write("%s\t%s\t%s\n" % (i, t, p))
	EOF
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.4 --drop 0.05 --change 0.05 100 >base.docs &&
	dk_gen --text -s 12 -p own -v 2000 --stop 0.3 -l 12:30 8 >own.docs &&
	dk_python replies.py base.docs own.docs 17 24 39 99 &&
	test $(wc -l <q.docs) = 104 && test $(wc -l <p.docs) = 104 &&
	test $(grep -c "^re" q.docs) = 4 &&
	grep "^redoc17	Ann wrote:\\\\n> " q.docs &&
	! grep "^re.*>" p.docs &&
	for c in q p; do
		mkdir in.$c ind.$c &&
		split -n l/3 -d -a 1 --additional-suffix=.tsv $c.docs in.$c/s &&
		split -n l/3 -d -a 1 --additional-suffix=.tsv $c.timed ind.$c/d || return 1
	done &&
	cut -f1 q.docs >ids
'

# same A B FILE...: the FILEs of A and B are equal
same() {
	_a=$1 _b=$2
	shift 2
	for _f; do
		test_cmp $_a/$_f $_b/$_f || return 1
	done
}

# replied DIR: the pairs of DIR pair at least two replies with what they
# quote (LSH and DDD miss some of the four, with their own words)
replied() {
	for _n in 17 24 39 99; do
		grep -E "^(redoc$_n	doc$_n|doc$_n	redoc$_n)	" $1/pairs.tsv || continue
		echo $_n
	done >replied &&
	test $(wc -l <replied) -ge 2
}

for w in spotsigs lsh imatch ddd; do
	case $w in ddd) in=ind ;; *) in=in ;; esac
	case $w in imatch) o=IMATCH_K=2 ;; *) o= ;; esac
	test_expect_success "corpus.mk WORKFLOW=$w: the replies as their own words" '
		$mk IN=$in.q OUT=$w.q WORKFLOW=$w KEYS=2 $o -j 2 pairs keeplist $w.q/clusters.tsv >log 2>&1 &&
		$mk IN=$in.p OUT=$w.p WORKFLOW=$w KEYS=2 $o -j 2 pairs keeplist $w.p/clusters.tsv >log 2>&1 &&
		test -s $w.q/pairs.tsv &&
		same $w.q $w.p pairs.tsv keep.txt clusters.tsv &&
		! grep "redoc" $w.q/pairs.tsv &&
		$mk IN=$in.q OUT=$w.keep WORKFLOW=$w KEYS=2 $o QUOTED=keep -j 2 pairs >log 2>&1 &&
		replied $w.keep
	'
done

test_expect_success 'corpus.mk: QUOTED is an option of every stage that reads text' '
	$mk -n IN=in.q OUT=plan WORKFLOW=lsh >plan &&
	grep "spotsig --quoted skip " plan &&
	$mk -n IN=in.q OUT=plan WORKFLOW=imatch >plan &&
	test $(grep -c "dklexicon -w --quoted skip " plan) = 3 &&
	test $(grep -c "imatch -T --quoted skip " plan) = 3 &&
	$mk -n IN=ind.q OUT=plan WORKFLOW=ddd >plan &&
	test $(grep -c "qgram --quoted skip " plan) = 3 &&
	$mk -n IN=in.q OUT=lsh.q WORKFLOW=lsh KEYS=2 QUOTED=keep pairs >plan &&
	test $(grep -c "spotsig --quoted keep " plan) = 3
'

for w in spotsigs lsh imatch; do
	case $w in imatch) o="-K 2" ;; *) o= ;; esac
	test_expect_success PARALLEL "scaleout.sh $w: the replies as their own words" '
		$scaleout -d -n 3 -r 2 $o $w so.$w.q q.docs &&
		$scaleout -d -n 3 -r 2 $o $w so.$w.p p.docs &&
		test -s so.$w.q/pairs.tsv &&
		same so.$w.q so.$w.p pairs.tsv clusters.tsv keep.txt &&
		! grep redoc so.$w.q/pairs.tsv
	'
done

for w in spotsigs lsh imatch; do
	case $w in imatch) o="-K 2" ;; *) o= ;; esac
	# spotsigs: merge writes the copies left to the file of -C
	case $w in spotsigs) left=-C ;; *) left= ;; esac
	test_expect_success "mapred.sh $w: the replies as their own words" '
		for c in q p; do
			mkdir mr.$w.$c &&
			$mapred lex-map $w -d <$c.docs | sort -k1,1 | $mapred lex-reduce $w >mr.$w.$c/lex &&
			$mapred key-map $w -d $o -L mr.$w.$c/lex <$c.docs | sort -k1,1 |
				$mapred match-reduce $w $o |
				$mapred merge $w $o -A ids ${left:+$left mr.$w.$c/left} >mr.$w.$c/pairs.tsv || return 1
		done &&
		test -s mr.$w.q/pairs.tsv &&
		same mr.$w.q mr.$w.p lex pairs.tsv &&
		! grep redoc mr.$w.q/pairs.tsv
	'
done

test_done

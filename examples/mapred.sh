#!/bin/sh
# The tasks of the dupkit workflows as Hadoop Streaming mappers and
# reducers (or any engine that runs `mapper | sort by key | reducer`):
#
#   sh mapred.sh STEP METHOD [-d] [-t TAU] [-i LO:HI] [-a A] [-K K] [-L LEXICON]
#                [-A IDS] [-C FILE] [-p FILE] [-w K] [--prose | --no-contained]
#                [OPERAND...]
#
# METHOD is spotsigs, lsh or imatch; the options are those of scaleout.sh.
# The input of the mappers is a document stream of web pages (ID TAB HTML,
# escaped: one page a line), or with -d of text (the output of htmlstrip).
#
#   Job 1, the statistics (one reducer: the lexicon holds distinct terms)
#     mapper   sh mapred.sh lex-map METHOD
#     reducer  sh mapred.sh lex-reduce METHOD
#   With -a A (spotsigs: DK_AGREE of dupkit.defaults, unless -a ''), a
#   signature below the IDF range is kept when its documents agree
#   elsewhere (dklexicon --agree), which needs every document's signatures
#   at once: the mappers pass the signature streams on, and the one
#   reducer counts them and marks those it keeps !agree in the lexicon.
#   Job 2, the pairs (any number of reducers; the lexicon of job 1 shipped
#   with the job, e.g. -files all.lex)
#     mapper   sh mapred.sh key-map METHOD -L all.lex
#     reducer  sh mapred.sh match-reduce METHOD
#   Then, once, on the reducers' output
#     sh mapred.sh merge METHOD [-A ids.txt] [-C left.pairs] <part-* >pairs.tsv
#     sh mapred.sh cluster METHOD [-d] [-t TAU] [-w K] [-p apart.tsv] pairs.tsv <input >clusters.tsv
#     cut -f2 clusters.tsv | uniq >keep.txt
#   and, spotsigs without --prose, the copies the job left (below)
#     sh mapred.sh contained spotsigs [-d] [-w K] -p apart.tsv left.pairs keep.txt <input >contained.tsv
#
# cluster reads the mappers' input again, in corpus order, and clusters
# the pairs with dkcluster -a -.  With own words (-w K, DK_OWN_WORDS of
# dupkit.defaults, as dkdedup --own-words) a pair whose documents each use
# a word K times or more, once in their first 100 words, that the other
# never uses, named in the same place, is no copy (dkcluster --own-words
# K), which dkcluster tells from the documents' text (the pages through
# htmlstrip, or with -d the input as it is); in spotsigs without --prose,
# nor is a pair whose sets of words are less alike than DK_WORD_SIM at
# DK_TAU, in proportion to the tau its -t gives (that of key-map; dkcluster
# --word-sim, as dkdedup --word-sim).  With -w 0 it reads only
# the IDs, as `dkcluster -a ids.txt pairs.tsv` would, and neither rule holds.
#
# merge writes each pair once, the smaller ID first (bytewise), sorted: an
# engine hands a reducer the records of a key in any order, and a pair may
# come from several reducers (LSH: several shared bands; I-Match: several
# shared fingerprints, whose shares of SIM are added up here).
#
# spotsigs also removes, as dkdedup does, the exact copies of documents too
# short to judge (fewer than DK_MIN_SHARED filtered signatures): key-map
# emits each such document as a record !short:SUM TAB ID (SUM the SHA-1 of
# its text, spotsig --checksum), match-reduce passes those on, and merge
# pairs the first document of each SUM in corpus order with each later
# one at 1, after the other pairs.  Corpus order is that of -A IDS, every
# document ID in the first column (the file dkcluster -a reads), which
# merge needs when two short documents have one text.
#
# spotsigs --prose (given to key-map) is dkdedup --prose: key-map also
# keys each document for a second pass by containment (partition --shard
# -M containment --size-ratio at DK_PROSE_CONTAIN and
# DK_PROSE_CONTAIN_RATIO, the signatures filtered as for the first, those
# too short to judge flagged), match-reduce matches the records of those
# keys (P...s.../contain:) apart (spotmatch -M containment --size-ratio)
# and passes their pairs on as !contain TAB ID1 TAB ID2 TAB SIM, and merge
# adds those the first pass lacks after its pairs; then cluster --prose
# keeps the longest text of each cluster, of the mappers' text in corpus
# order (dkcluster --keep longest):
#     sh mapred.sh cluster spotsigs -d --prose pairs.tsv <docs.tsv >clusters.tsv
#
# spotsigs without --prose lists the copies the job left, as dkdedup does
# in OUT.contained (key-map --no-contained: not): key-map keys each
# document for that containment pass all the same, its keys marked L
# (LP...s.../contain:), and match-reduce passes the pairs of those keys
# on as !left records, which merge writes, each once, the smaller ID
# first, sorted, to the file of -C (it fails without one).  A pair by
# containment depends on its two documents alone, so the pass over every
# document finds, among those kept, what dkdedup's pass over the documents
# kept finds.  cluster -p FILE writes the pairs own words or the bar of
# words set apart (dkcluster --apart; none with -w 0), and contained keeps
# of the pairs of -C those of two documents kept (keep.txt) that are not
# in that file, and of those the ones own words does not set apart as
# pairs by containment (dkcluster --own-words on them alone, over the
# text; not the bar of words, a Jaccard bar): contained.tsv, as dkdedup's.
#
# A record that a stage skips by the policy of dupkit-formats(5) (a page
# that is not one, a record over the record limit) is no failure, as in
# dkdedup: the programs run with DK_STAGE=1, so that one that skipped
# records and did the rest ends with status 3, and a task where that is
# all that went wrong says
#   mapred.sh: STEP: done without the records skipped above
# on its standard error (its log), after the program's message naming the
# record, and ends with 0, so that the engine does not fail or retry it.
# A task of job 2 (key-map, match-reduce) also writes a record
# !skipped TAB STEP, which match-reduce passes on; merge writes the pairs
# without the skipped records, then says
#   mapred.sh: merge: pairs written without the records skipped in N task(s) of job 2 ...
# and exits 1.  (Job 1's tasks read the same input with the same programs
# as job 2's key-map, which skips the same records.)  Any other status, or
# a signal, fails the task as before.
#
# A pipeline fails when any of its stages fails (pipefail: a task whose
# htmlstrip or spotsig failed must fail, not hand on part of its output),
# which POSIX sh lacks: the script runs itself under bash.
if test -z "${BASH_VERSION:-}"; then
	command -v bash >/dev/null 2>&1 || { echo "mapred.sh: bash is not installed" >&2; exit 1; }
	exec bash "$0" "$@"
fi
set -euo pipefail
usage() {
	echo "usage: mapred.sh lex-map|lex-reduce|key-map|match-reduce|merge spotsigs|lsh|imatch" >&2
	echo "                 [-d] [-t tau] [-i lo:hi] [-a agree] [-K k] [-L lexicon] [-A ids] [-C file]" >&2
	echo "                 [--prose | --no-contained]" >&2
	echo "       mapred.sh cluster spotsigs|lsh|imatch [-d] [-t tau] [-w k] [-p file] [--prose] pairs" >&2
	echo "       mapred.sh contained spotsigs [-d] [-w k] [-p file] left keep" >&2
	exit 2
}
test $# -ge 2 || usage
step=$1 method=$2
shift 2
docs= tau= idf= agree=- kx=0 lex= ids= own=- prose= nocontained= cfile= apart=
# --prose and --no-contained, the long options, taken out before getopts
for a; do
	shift
	case $a in
	--prose) prose=1 ;;
	--no-contained) nocontained=1 ;;
	*) set -- "$@" "$a" ;;
	esac
done
# DK_TAU, DK_MIN_SHARED, DK_IDF, DK_AGREE, DK_QUOTED, DK_DENSE,
# DK_DENSE_WORDS, DK_DENSE_TAU and DK_OWN_WORDS:
# dupkit.defaults, beside this script
# (in the source's examples/, or where make install puts both)
. "$(cd "$(dirname "$0")" && pwd)/dupkit.defaults"
while getopts dt:i:a:K:L:A:C:p:w: opt; do
	case $opt in
	d) docs=1 ;;
	t) tau=$OPTARG ;;
	i) idf=$OPTARG ;;
	a) agree=$OPTARG ;;
	K) kx=$OPTARG ;;
	L) lex=$OPTARG ;;
	A) ids=$OPTARG ;;
	C) cfile=$OPTARG ;;
	p) apart=$OPTARG ;;
	w) own=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
# cluster's one operand: the pairs; contained's two: the pairs by
# containment (merge -C) and the keep list
case $step in
cluster) test $# -eq 1 || usage ;;
contained) test $# -eq 2 && test "$method" = spotsigs || usage ;;
*) test $# -eq 0 || usage ;;
esac
case $method in
spotsigs) : "${tau:=$DK_TAU}" "${idf:=$DK_IDF}"; test "$agree" != - || agree=$DK_AGREE ;;
lsh) : "${tau:=$DK_LSH_TAU}" "${idf:=$DK_LSH_IDF}" ;;
imatch) : "${idf:=$DK_IMATCH_IDF}" ;;
*) usage ;;
esac
test "$agree" != - || agree=''
test -z "$agree" || test "$method" != imatch || usage
test -z "$prose" || test "$method" = spotsigs || usage
test -z "$prose$nocontained$cfile" || test "$method" = spotsigs || usage
test -z "$prose" || test -z "$nocontained" || usage
# spotsigs without --prose: the copies left, listed (key-map's L keys)
left=
test "$method" != spotsigs || test -n "$prose$nocontained" || left=1
test "$own" != - || own=$DK_OWN_WORDS
case $own in '' | *[!0-9]*) usage ;; esac
# -w 0: no own words, and dkcluster needs no text
test "$own" -gt 0 || own=
# with own words, spotsigs without --prose: the bar of words too,
# DK_WORD_SIM at DK_TAU and in proportion to tau, as dkdedup has it
wordsim=
test -z "$own" || test "$method" != spotsigs || test -n "$prose" ||
	wordsim=$(awk -v s="$DK_WORD_SIM" -v t="$tau" -v d="$DK_TAU" 'BEGIN { printf "%g", int(s * t / d * 1000 + 0.5) / 1000 }')
# every method leaves quoted mail text out as DK_QUOTED says, wherever it
# reads the text; spotsigs: a document with few spot signatures gets word
# chains (DK_DENSE, DK_DENSE_WORDS), its pairs held to DK_DENSE_TAU
spot="spotsig --quoted $DK_QUOTED"
test "$method" != spotsigs ||
	spot="spotsig --quoted $DK_QUOTED --dense $DK_DENSE --dense-words $DK_DENSE_WORDS"
LC_ALL=C
export LC_ALL
# The dupkit programs run as stages (DK_STAGE): one that skipped records
# and did the rest ends with status 3 instead of 1, which a failure has.
DK_STAGE=1
export DK_STAGE

# ended STATUS...: the statuses of the pipeline just run (PIPESTATUS),
# after it failed: any but 0 and 3 ends the task with the last such one;
# 3 alone (records skipped, named by the program) is noted in skipped
skipped=
ended() {
	_s=0
	for _p; do
		case $_p in 0) ;; 3) test "$_s" != 0 || _s=3 ;; *) _s=$_p ;; esac
	done
	case $_s in 0) ;; 3) skipped=1 ;; *) exit "$_s" ;; esac
}
# passon: a task that skipped records says so and, in job 2, hands a
# record !skipped TAB STEP on towards merge
passon() {
	test -n "$skipped" || return 0
	echo "mapred.sh: $step: done without the records skipped above" >&2
	case $step in key-map | match-reduce) printf '!skipped\t%s\n' "$step" ;; esac
}

# text: the mapper's input as a document stream of text
text() {
	if test -n "$docs"; then cat; else htmlstrip; fi
}
needlex() {
	test -n "$lex" || { echo "mapred.sh: $step needs -L lexicon" >&2; exit 2; }
}
# spotsigs' records of short documents (!short:SUM TAB ID) are kept in a
# temporary file while the others stream on
tmp=
scratch() {
	tmp=$(mktemp "${TMPDIR:-/tmp}/mapred.XXXXXX")
	trap 'rm -f "$tmp" "$tmp.skipped" "$tmp.sigs" "$tmp.contain" "$tmp.left" "$tmp.pairs"' EXIT
	trap 'rm -f "$tmp" "$tmp.skipped" "$tmp.sigs" "$tmp.contain" "$tmp.left" "$tmp.pairs"; exit 1' HUP INT TERM
}

case $step in
lex-map)
	case $method in
	imatch) text | dklexicon -w --quoted "$DK_QUOTED" || ended "${PIPESTATUS[@]}" ;;
	*) if test -n "$agree"; then text | $spot || ended "${PIPESTATUS[@]}"
	   else text | $spot | dklexicon || ended "${PIPESTATUS[@]}"; fi ;;
	esac ;;
lex-reduce)
	if test -n "$agree"; then
		# the signature streams: counted, and the agreeing ones marked
		dklexicon --lexicon --idf "$idf" --agree "$agree" || ended "${PIPESTATUS[@]}"
	else
		# the DFs of a term, and the Ns of the !N records, added up
		awk -F '\t' '$1 != k { if (NR > 1) print k "\t" s; k = $1; s = 0 }
			{ s += $2 } END { if (NR) print k "\t" s }'
	fi ;;
key-map)
	needlex
	case $method in
	spotsigs)
		# the filtered signatures, with the SHA-1 of the text before
		# them: a document whose distinct signatures are fewer
		# than DK_MIN_SHARED is also a record !short:SUM TAB ID
		scratch
		# (--prose, or the copies left listed: every one kept in
		# tmp.sigs for the containment pass's keys, marked L for
		# the listing)
		text | $spot --checksum |
		dklexicon --idf "$idf" --min-sigs "$DK_MIN_SHARED" -L "$lex" |
		awk -F '\t' -v f="$tmp" -v p="$prose$left" '{ print } p { print > (f ".sigs") }
			$NF ~ /^!short/ { print "!short:" $(NF - 1) "\t" $1 > f }' |
		partition --shard -t "$tau" || ended "${PIPESTATUS[@]}"
		if test -n "$prose$left"; then
			partition --shard -M containment -t "$DK_PROSE_CONTAIN" \
				--size-ratio "$DK_PROSE_CONTAIN_RATIO" "$tmp.sigs" |
			awk -v l="$left" 'l { printf "L" } { print }' || ended "${PIPESTATUS[@]}"
		fi
		cat "$tmp" ;;
	lsh) text | $spot | dklexicon --idf "$idf" -L "$lex" | minhash --per-band -t "$tau" -j 1 ||
		ended "${PIPESTATUS[@]}" ;;
	imatch) text | imatch -T --quoted "$DK_QUOTED" -i "$idf" -K "$kx" -L "$lex" || ended "${PIPESTATUS[@]}" ;;
	esac ;;
match-reduce)
	# records of one key are together, keys in byte order; those of
	# short documents (spotsigs) and of tasks that skipped records
	# (!skipped) passed on, after the pairs
	case $method in
	spotsigs) set -- --min-distinct "$DK_MIN_SHARED" --dense-tau "$DK_DENSE_TAU" ;;
	lsh) set -- -t "$tau" ;;
	imatch) set -- ;;
	esac
	scratch
	# (the containment pass's records, of keys P...s.../contain:, kept
	# in tmp.contain, and of keys marked L, for the listing, in
	# tmp.left without the mark, each matched after)
	awk -F '\t' -v f="$tmp" 'index($1, "!") == 1 { print > f; next }
		$1 ~ /^P.*\/contain:/ { print > (f ".contain"); next }
		$1 ~ /^LP.*\/contain:/ { print substr($0, 2) > (f ".left"); next } { print }' |
	spotmatch -j 1 "$@" || ended "${PIPESTATUS[@]}"
	for c in contain left; do
		test -s "$tmp.$c" || continue
		spotmatch -j 1 -M containment -t "$DK_PROSE_CONTAIN" --min-shared "$DK_MIN_SHARED" \
			--size-ratio "$DK_PROSE_CONTAIN_RATIO" --dense-tau "$DK_DENSE_TAU" "$tmp.$c" |
		awk -v c="$c" '{ print "!" c "\t" $0 }' || ended "${PIPESTATUS[@]}"
	done
	cat "$tmp" ;;
merge)
	scratch
	awk -F '\t' -v f="$tmp" -v g="$tmp.skipped" 'index($1, "!short:") == 1 { print substr($1, 8) "\t" $2 > f; next }
		$1 == "!skipped" { print $2 > g; next }
		$1 == "!contain" || $1 == "!left" {
			print (($2 "") > ($3 "") ? $3 "\t" $2 : $2 "\t" $3) "\t" $4 > (f "." substr($1, 2)); next }
		($1 "") > ($2 "") { print $2 "\t" $1 "\t" $3; next } { print }' |
	case $method in
	imatch)
		sort -t "$(printf '\t')" -k1,1 -k2,2 |
		awk -F '\t' -v n=$((kx + 1)) -v tau="$tau" '
			function put() { s = c / n; if (tau == "" || s >= tau + 0) printf "%s\t%.6f\n", k, s }
			{ p = $1 "\t" $2; if (p != k) { if (NR > 1) put(); k = p; c = 0 }
			  c += int($3 * n + 0.5) }
			END { if (NR) put() }' | sort ;;
	*) sort -u | tee "$tmp.pairs" ;;
	esac
	# spotsigs --prose: the containment pairs the first pass lacks, each
	# once, sorted, after its pairs
	if test -s "$tmp.contain"; then
		awk -F '\t' 'FNR == NR { s[$1 "\t" $2]; next } !(($1 "\t" $2) in s)' "$tmp.pairs" "$tmp.contain" |
		sort -t "$(printf '\t')" -u -k1,1 -k2,2
	fi
	# spotsigs: the exact copies of short documents (SUM TAB ID in tmp),
	# numbered in the corpus order of -A, sorted by SUM and number, the
	# first of each SUM paired with each later one, in the order of the
	# copies, as dkdedup adds them
	if test -n "$(cut -f1 "$tmp" | sort | uniq -d | head -n 1)"; then
		test -n "$ids" || { echo "mapred.sh: merge: short documents: give -A ids (every document ID, in corpus order)" >&2; exit 2; }
		awk -F '\t' 'FNR == NR { sum[$2] = $1; next } $1 in sum { print sum[$1] "\t" FNR "\t" $1 }' "$tmp" "$ids" |
		sort -t "$(printf '\t')" -k1,1 -k2,2n |
		awk -F '\t' '$1 != s { s = $1; k = $3; next } { print $2 "\t" k "\t" $3 "\t1.000000" }' |
		sort -t "$(printf '\t')" -k1,1n | cut -f2-
	fi
	# the copies left, to the file of -C (empty when there are none)
	if test -n "$cfile"; then
		if test -s "$tmp.left"; then sort -t "$(printf '\t')" -u -k1,1 -k2,2 "$tmp.left"; fi >"$cfile"
	elif test -s "$tmp.left"; then
		echo "mapred.sh: merge: the pairs of the containment pass that lists the copies left (key-map without --prose): give -C FILE, or key-map --no-contained" >&2
		exit 2
	fi
	# the tasks of job 2 that skipped records (!skipped TAB STEP)
	if test -s "$tmp.skipped"; then
		echo "mapred.sh: merge: pairs written without the records skipped in $(wc -l <"$tmp.skipped") task(s) of job 2 (their logs name them)" >&2
		exit 1
	fi ;;
cluster)
	# the input in corpus order as dkcluster's -a: its text with own
	# words (a pair whose documents each name their own subject in the
	# same place is ignored, as dkdedup ignores it) or --prose (the
	# longest text of a cluster kept, as dkdedup --prose keeps it); else
	# its IDs
	# -p FILE: the pairs own words or the bar of words set apart
	# (empty with -w 0)
	if test -n "$own$prose"; then
		text | dkcluster ${own:+--own-words "$own"} ${wordsim:+--word-sim "$wordsim"} \
			${prose:+--keep longest} ${own:+${apart:+--apart "$apart"}} -a - "$1" ||
			ended "${PIPESTATUS[@]}"
	else
		cut -f1 | dkcluster -a - "$1" || ended "${PIPESTATUS[@]}"
	fi
	if test -n "$apart" && test -z "$own"; then : >"$apart"; fi ;;
contained)
	# the pairs of $1 (merge -C) of two documents kept ($2), each once,
	# but for those the job set apart (-p, cluster -p's), in tmp.pairs;
	# then those own words sets apart go (dkcluster --own-words on them
	# alone, over the text, its --apart in tmp.sigs)
	test -z "$own" || test -n "$apart" ||
		{ echo "mapred.sh: contained: give -p FILE, the pairs cluster -p set apart (or -w 0)" >&2; exit 2; }
	scratch
	# (a keep list has one ID a line, a list of pairs two IDs or more: the
	# operands swapped, or clusters.tsv for the keep list, are refused)
	awk -F '\t' -v k="$2" -v a="$apart" '
		function bad(what) {
			printf "mapred.sh: contained: %s:%d: not %s\n", FILENAME, FNR, what >"/dev/stderr"
			exit 2
		}
		FILENAME == k { if (NF != 1) bad("a keep list (one ID a line)"); kept[$1]; next }
		NF < 2 { bad("a list of pairs (ID1 TAB ID2 [TAB SIM])") }
		FILENAME == a { s[$1 "\t" $2]; s[$2 "\t" $1]; next }
		($1 in kept) && ($2 in kept) && !(($1 "\t" $2) in s) { s[$1 "\t" $2]; s[$2 "\t" $1]; print }' \
		"$2" ${apart:+"$apart"} "$1" >"$tmp.pairs"
	if test -n "$own" && test -s "$tmp.pairs"; then
		text | dkcluster --own-words "$own" -a - --apart "$tmp.sigs" "$tmp.pairs" >/dev/null ||
			ended "${PIPESTATUS[@]}"
		awk -F '\t' -v a="$tmp.sigs" 'FILENAME == a { s[$1 "\t" $2]; s[$2 "\t" $1]; next }
			!(($1 "\t" $2) in s)' "$tmp.sigs" "$tmp.pairs"
	else
		cat "$tmp.pairs"
	fi ;;
*) usage ;;
esac
passon

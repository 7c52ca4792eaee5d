#!/bin/sh
# The dupkit workflows spread over several machines with GNU parallel, as
# map, shuffle and reduce stages whose result equals one machine's run.
#
#   sh examples/scaleout.sh [options] METHOD OUTDIR FILE...
#
# METHOD is spotsigs, lsh or imatch.  FILE... are web pages (their IDs are
# the operands as given, as with `htmlstrip FILE...`), or with -d document
# streams (the output of htmlstrip), cut into shards by lines.  OUTDIR,
# created, receives every intermediate stream, and:
#
#   pairs.tsv     the pairs.  spotsigs: the pair files of the key shards
#                 concatenated in key order, byte for byte the output of
#                 one `partition -t TAU | spotmatch` run, then the exact
#                 copies of documents too short to judge (fewer than
#                 DK_MIN_SHARED signatures, by the SHA-1 of their text) as
#                 dkdedup adds them; lsh and imatch: sorted, each pair once
#                 (see dupkit-scale(7))
#   clusters.tsv  `dkcluster -a` of the pairs: every document, its cluster
#                 (with own words, -w, `dkcluster --own-words K -a -` over
#                 the documents' text)
#   keep.txt      `dkcluster -a --representatives`: the documents to keep
#   apart.tsv     with own words: the pairs they, or the bar of words, set
#                 apart (dkcluster --apart)
#   contained.tsv spotsigs without --prose: the copies the job left, as
#                 dkdedup lists them in OUT.contained: the pairs of two
#                 documents kept that the containment pass of --prose
#                 finds (run over every document, cmap2, ckey, creduce),
#                 but for those of apart.tsv and those own words sets
#                 apart (dkcluster --own-words on them alone); counted on
#                 standard error.  --no-contained: no such pass
#   times.tsv     STAGE TAB SECONDS, wall time of each stage
#
# Options:
#   -S HOSTS   GNU parallel's --sshlogin list, e.g. ':,server1,4/server2'
#              (default ':', this machine only)
#   -j N       jobs at once on each host (default: parallel's, one per CPU)
#   -n N       input shards (default 4)
#   -r N       key shards of the reduce stage (default: the input shards)
#   -B DIR     where the dupkit programs are on every host (put first on
#              PATH); without it they must be on the PATH of the login shell
#   -C DIR     the FILE operands are relative to DIR (default: the current
#              directory); DIR/FILE is read, FILE is the document's ID
#   -d         the FILEs are document streams, not web pages
#   -t TAU     threshold (from dupkit.defaults: spotsigs DK_TAU, lsh DK_LSH_TAU;
#              imatch none: every shared fingerprint)
#   -i LO:HI   IDF range (from dupkit.defaults: spotsigs DK_IDF and lsh DK_LSH_IDF, the
#              signatures kept; imatch DK_IMATCH_IDF, the lexicon's terms)
#   -a A       spotsigs and lsh: keep a signature below the IDF range when
#              its documents agree elsewhere by A (dklexicon --agree;
#              spotsigs DK_AGREE of dupkit.defaults, lsh none; -a '' none)
#   -K K       imatch: extra randomized lexicons (default 0)
#   -w K       own words: a pair whose documents each use a word K times
#              or more, once in their first 100 words, that the other
#              never uses, named in the same place, is no copy (dkcluster
#              --own-words K, as dkdedup; DK_OWN_WORDS of dupkit.defaults;
#              0: no such rule); in spotsigs without --prose also the
#              bar of words, DK_WORD_SIM at DK_TAU and in proportion to
#              -t (dkcluster --word-sim, as dkdedup --word-sim), which
#              -w 0 turns off too.  dkcluster reads the documents' text as
#              -a: with -d the FILEs again; of web pages the text of the
#              map stage, which then keeps it (text.N) and makes the
#              signatures from it; with -w 0 the IDs (ids.txt) suffice
#   -J N       threads of minhash and spotmatch in each job (default 1)
#   -v         print the stages and their times on standard error
#   --prose    spotsigs with -d: the pairs, clusters and keep list of
#              dkdedup --prose.  A second pass by containment
#              (DK_PROSE_CONTAIN, the sizes of a pair at least
#              DK_PROSE_CONTAIN_RATIO: partition -M containment
#              --size-ratio, spotmatch -M containment --size-ratio) is
#              sharded and matched like the first (cmap2, ckey, creduce);
#              its pairs that the first lacks follow the first's in
#              pairs.tsv, before the exact copies; and of each cluster the
#              longest text is kept (dkcluster --keep longest -a, the
#              FILEs read again)
#   --no-contained  spotsigs: no containment pass to list the copies left
#              (contained.tsv)
#
# Remote hosts: the input files and intermediate streams are sent with
# parallel's --transferfile into a fresh directory per job (--workdir ...)
# and removed after it (--cleanup); results come back on the job's standard
# output (--results), so no shared file system is needed and nothing is
# left behind.  A local job (':') among remote hosts reads the files where
# they are.  The programs must be installed on every host (or -B).  The
# ssh command is parallel's: set PARALLEL_SSH, or use ~/.ssh/config.
#
# A record that a stage skips by the policy of dupkit-formats(5) (a page
# that is not one, a record over --max-record) is no failure, as in
# dkdedup: the programs of every job run with DK_STAGE=1, so that one that
# skipped records and did the rest ends with status 3, and a job where
# that is all that went wrong ends with 0 after
#   scaleout: job N: done without the records skipped above
# The jobs' messages, which --results keeps in OUTDIR/STAGE.N.err, are
# shown after each stage, the program's naming the record.  The run goes
# on, writes pairs.tsv, clusters.tsv and keep.txt without the record, and
# ends with
#   scaleout: OUTDIR: written without the records skipped above
# and status 1.  Any other status, or a signal, stops the run as before.
#
# A pipeline fails when any of its stages fails (pipefail), here and in
# every job, so that a failed stage stops the run instead of handing on
# what it wrote before it failed: the script runs itself under bash, and
# the jobs run under bash too (PARALLEL_SHELL; a remote host's login shell
# must know set -o pipefail).
if test -z "${BASH_VERSION:-}"; then
	command -v bash >/dev/null 2>&1 || { echo "scaleout: bash is not installed" >&2; exit 1; }
	exec bash "$0" "$@"
fi
set -euo pipefail
PARALLEL_SHELL=$(command -v bash)
export PARALLEL_SHELL
usage() {
	echo "usage: scaleout.sh [-dv] [-S hosts] [-j jobs] [-n shards] [-r keyshards] [-B bindir]" >&2
	echo "                   [-C dir] [-t tau] [-i lo:hi] [-a agree] [-K k] [-w k] [-J threads]" >&2
	echo "                   [--prose | --no-contained]" >&2
	echo "                   spotsigs|lsh|imatch outdir file..." >&2
	exit 2
}
die() { echo "scaleout: $*" >&2; exit 1; }

hosts=: jobs= nshard=4 nkey= bindir= cdir=. docs= tau= idf= agree=- kx=0 own=- threads=1 verbose=
# --prose and --no-contained, the long options, taken out before getopts
prose= nocontained=
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
while getopts S:j:n:r:B:C:dt:i:a:K:w:J:v opt; do
	case $opt in
	S) hosts=$OPTARG ;;
	j) jobs=$OPTARG ;;
	n) nshard=$OPTARG ;;
	r) nkey=$OPTARG ;;
	B) bindir=$OPTARG ;;
	C) cdir=$OPTARG ;;
	d) docs=1 ;;
	t) tau=$OPTARG ;;
	i) idf=$OPTARG ;;
	a) agree=$OPTARG ;;
	K) kx=$OPTARG ;;
	w) own=$OPTARG ;;
	J) threads=$OPTARG ;;
	v) verbose=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
test $# -ge 3 || usage
method=$1 out=$2
shift 2
case $method in
spotsigs) : "${tau:=$DK_TAU}" "${idf:=$DK_IDF}"; test "$agree" != - || agree=$DK_AGREE ;;
lsh) : "${tau:=$DK_LSH_TAU}" "${idf:=$DK_LSH_IDF}" ;;
imatch) : "${idf:=$DK_IMATCH_IDF}" ;;
*) usage ;;
esac
test "$agree" != - || agree=''
test -z "$agree" || test "$method" != imatch || usage
test "$own" != - || own=$DK_OWN_WORDS
test -z "$prose" || test "$method" = spotsigs || die "--prose is for spotsigs"
test -z "$prose" || test -n "$docs" || die "--prose needs -d: the longest text is kept"
test -z "$prose" || test -z "$nocontained" || die "--prose adds the containment pass's pairs: not with --no-contained"
test -z "$nocontained" || test "$method" = spotsigs || die "--no-contained is for spotsigs"
# spotsigs without --prose: the copies left, listed (contained.tsv)
left=
test "$method" != spotsigs || test -n "$prose$nocontained" || left=1
: "${nkey:=$nshard}"
for v in "$nshard" "$nkey" "$kx" "$own" "$threads" ${jobs:+"$jobs"}; do
	case $v in '' | *[!0-9]*) usage ;; esac
done
# -w 0: no own words, and dkcluster needs no text
test "$own" -gt 0 || own=
# with own words, spotsigs without --prose: the bar of words too,
# DK_WORD_SIM at DK_TAU and in proportion to tau, as dkdedup has it
wordsim=
test -z "$own" || test "$method" != spotsigs || test -n "$prose" ||
	wordsim=$(awk -v s="$DK_WORD_SIM" -v t="$tau" -v d="$DK_TAU" 'BEGIN { printf "%g", int(s * t / d * 1000 + 0.5) / 1000 }')
test "$nshard" -ge 1 && test "$nkey" -ge 1 && test "$nkey" -le 256 || usage

command -v parallel >/dev/null 2>&1 ||
	die "GNU parallel is not installed (Debian: apt-get install parallel)"
parallel --version 2>/dev/null | grep '^GNU parallel' >/dev/null ||
	die "'parallel' is not GNU parallel (Debian: apt-get install parallel)"

LC_ALL=C
export LC_ALL
if test -n "$bindir"; then PATH=$(cd "$bindir" && pwd):$PATH; export PATH; fi
for p in htmlstrip spotsig dklexicon partition minhash imatch spotmatch dkcluster; do
	command -v "$p" >/dev/null || die "$p is not on PATH (build dupkit, or give -B)"
done
mkdir -p "$out"
out=$(cd "$out" && pwd)
cdir=$(cd "$cdir" && pwd)

# Every remote job gets its own directory, its input files and the base
# files sent in, and everything removed afterwards.  Local jobs (host ':')
# read the files where they are.
remote=
for h in $(echo "$hosts" | tr ',' ' '); do
	test "$h" = : || remote=1
done
# a file is sent to the same path on the host, and removed there after
# the job: only paths below the current directory are safe
if test -n "$remote" && test -z "$docs"; then
	for f; do
		case /$f/ in
		//* | */../*) die "$f: with remote hosts, give paths below the directory (-C)" ;;
		esac
	done
fi
sendopts=
test -z "$remote" || sendopts='--workdir ... --transferfile {} --cleanup'
# q STRING: STRING quoted for the shell
q() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}
test -z "$bindir" || bindir=$(cd "$bindir" && pwd)
# pre: the command prefix of every job: pipefail, C ordering, -B, and for a local
# job among remote ones (it runs in a directory of its own too, which
# nothing is sent to) the way back to the files
pre() {
	printf 'set -o pipefail; LC_ALL=C; export LC_ALL;'
	test -z "$bindir" || printf ' PATH=%s:$PATH; export PATH;' "$(q "$bindir")"
	test -z "$remote" || printf ' case $PARALLEL_SSHLOGIN in :) cd %s ;; esac;' "$(q "$(pwd)")"
}

# job CMD: the command of a job, CMD being one pipeline (a space after it,
# so that parallel -N puts all the arguments in the last {}) whose dupkit
# programs run with DK_STAGE set, so that one that skipped records and did
# the rest ends with status 3.  When that is all that went wrong, the job
# says so on its standard error (skipnote) and ends with 0; any other
# status fails it, the last one's its own.
skipnote='done without the records skipped above'
job() {
	printf '%s DK_STAGE=1; export DK_STAGE; %s ; st=("${PIPESTATUS[@]}"); s=0;' "$(pre)" "$1"
	printf ' for p in "${st[@]}"; do case $p in 0) ;; 3) test $s != 0 || s=3 ;; *) s=$p ;; esac; done;'
	printf ' test $s != 3 || { echo "scaleout: job {#}: %s" >&2; s=0; }; exit $s' "$skipnote"
}
# here PROG ARG...: a dupkit program run on this machine as a stage: its
# records skipped are noted, any other failure ends the run with its status
skipped=
here() {
	_s=0
	DK_STAGE=1 "$@" || _s=$?
	case $_s in 0) ;; 3) skipped=1 ;; *) exit "$_s" ;; esac
}
# run STAGE [parallel options] COMMAND ARG...: one parallel run, stdout of
# job # into STAGE.# in OUTDIR, halting on the first failure.  The jobs'
# standard error, which --results keeps in STAGE.#.err, is shown after
# them in job order, and a job that skipped records is noted.
run() {
	_stage=$1
	shift
	set -- --halt now,fail=1 -S "$hosts" ${jobs:+-j "$jobs"} \
		--results "$out/$_stage.{#}" \
		$sendopts "$@"
	_s=0
	parallel "$@" >/dev/null || _s=$?
	for _e in $(cd "$out" && ls | grep "^$_stage\.[0-9]*\.err\$" | sort -t. -k2,2n); do
		cat "$out/$_e" >&2
		! grep -q "^scaleout: job [0-9]*: $skipnote\$" "$out/$_e" || skipped=1
	done
	test "$_s" = 0 || exit "$_s"
	rm -f "$out/$_stage".*.seq "$out/$_stage".*.err
}
# the files STAGE.1 .. STAGE.N, in order
files() {
	for _i in $(seq "$2"); do echo "$1.$_i"; done
}

T0=$(date +%s.%N)
lap() {
	_t=$(date +%s.%N)
	awk -v s="$1" -v a="$T0" -v b="$_t" 'BEGIN { printf "%s\t%.3f\n", s, b - a }' >>"$out/times.tsv"
	test -z "$verbose" || tail -n 1 "$out/times.tsv" >&2
	T0=$_t
}
: >"$out/times.tsv"
rm -f "$out"/map1.* "$out"/lex.* "$out"/map2.* "$out"/key.* "$out"/reduce.* "$out"/short.* \
	"$out"/cmap2.* "$out"/ckey.* "$out"/creduce.* "$out"/text.* \
	"$out"/apart.tsv "$out"/left.pairs "$out"/left.apart "$out"/contained.tsv

# 1. map: pages to text (and signatures), one job per group of files, or
# per line shard of a document stream.  Result: map1.1 .. map1.N, in input
# order.  With own words, the text of web pages is kept for dkcluster
# (step 6): I-Match's map1 is that text; spotsigs and lsh write it as
# text.1 .. text.N and make their signatures from it.
case $method in
imatch) stage1= ;;
# spotsigs carries the SHA-1 of each text for the exact copies of short
# documents (step 5); the stages after read the last column and carry it
# (and the !chains flag of a document of word chains, for spotmatch
# --dense-tau)
spotsigs) stage1="spotsig --checksum --quoted $DK_QUOTED --dense $DK_DENSE --dense-words $DK_DENSE_WORDS" ;;
*) stage1="spotsig --quoted $DK_QUOTED" ;;
esac
if test -n "$docs"; then
	# split -n needs the size: one stream from all the operands
	if test $# -eq 1 && test -f "$cdir/$1"; then
		split -n "l/$nshard" -a 6 "$cdir/$1" "$out/in."
	else
		(cd "$cdir" && cat "$@") >"$out/in"
		split -n "l/$nshard" -a 6 "$out/in" "$out/in."
		rm -f "$out/in"
	fi
	# split names the shards in order; number them 1 .. N
	i=0
	for f in "$out"/in.*; do
		i=$((i + 1))
		mv "$f" "$out/shard.$i"
	done
	nshard=$i
	cd "$out"
	if test -n "$stage1"; then
		run map1 "$(job "$stage1 {}")" ::: $(files shard "$nshard")
		rm -f $(files shard "$nshard")
	else
		for i in $(seq "$nshard"); do mv "shard.$i" "map1.$i"; done
	fi
else
	nfile=$#
	per=$(((nfile + nshard - 1) / nshard))
	nshard=$(((nfile + per - 1) / per))
	cd "$cdir"
	if test -n "$own" && test -n "$stage1"; then
		run text -N "$per" "$(job "htmlstrip {}")" ::: "$@"
		cd "$out"
		run map1 "$(job "$stage1 {}")" ::: $(files text "$nshard")
	else
		run map1 -N "$per" "$(job "htmlstrip {}${stage1:+ | $stage1}")" ::: "$@"
	fi
	cd "$out"
fi
lap map

# 2. statistics: a lexicon per shard, merged on this machine (its size is
# the number of distinct terms, not of documents).  With -a, the
# agreement of a common signature's documents needs every document's
# signatures at once: one dklexicon --agree reads all the shards on this
# machine, where map1 left them, and marks the signatures it keeps !agree.
if test -n "$agree"; then
	here dklexicon --lexicon --idf "$idf" --agree "$agree" $(files map1 "$nshard") >all.lex
else
	case $method in
	imatch) run lex "$(job "dklexicon -w --quoted $DK_QUOTED {}")" ::: $(files map1 "$nshard") ;;
	*) run lex "$(job "dklexicon {}")" ::: $(files map1 "$nshard") ;;
	esac
	here dklexicon -m $(files lex "$nshard") >all.lex
	rm -f $(files lex "$nshard")
fi
lap lexicon

# 3. map: the keyed stream of each shard, with the global statistics
case $method in
spotsigs) cmd="dklexicon --idf $idf -L all.lex {} | partition --shard -t $tau" ;;
lsh) cmd="dklexicon --idf $idf -L all.lex {} | minhash --per-band -t $tau -j $threads" ;;
imatch) cmd="imatch -T --quoted $DK_QUOTED -i $idf -K $kx -L all.lex {}" ;;
esac
run map2 ${remote:+--transferfile all.lex} "$(job "$cmd")" ::: $(files map1 "$nshard")
# spotsigs: the documents too short to judge, whose filtered signatures
# (distinct) are fewer than DK_MIN_SHARED: short.I lists those of
# shard I as SUM TAB ID, in shard order
short_awk='$NF ~ /^!short/ { print $(NF - 1) "\t" $1 }'
if test "$method" = spotsigs; then
	run short ${remote:+--transferfile all.lex} \
		"$(job "dklexicon --idf $idf --min-sigs $DK_MIN_SHARED -L all.lex {} | awk -F '\t' $(q "$short_awk")")" \
		::: $(files map1 "$nshard")
fi
# The containment pass's keys (--prose, or the copies left listed), its
# signatures filtered as the first's and those too short to judge flagged
# (--min-sigs, dkdedup's spotsig -m), length partitions at its ratio of
# sizes
if test -n "$prose$left"; then
	run cmap2 ${remote:+--transferfile all.lex} \
		"$(job "dklexicon --idf $idf --min-sigs $DK_MIN_SHARED -L all.lex {} | partition --shard -M containment -t $DK_PROSE_CONTAIN --size-ratio $DK_PROSE_CONTAIN_RATIO")" \
		::: $(files map1 "$nshard")
fi
lap keys

# 4. shuffle: each keyed shard cut into key ranges, key.I.J holding the
# records of shard I whose keys fall in range J, in input order.  Length
# partitions are few and uneven: the ranges are drawn from their counts.
# Band and fingerprint keys are hashes: ranges of their first two digits.
cut_ranges() { # FILE... -> KEY TAB RANGE, by cumulative record counts
	for f; do cut -f1 "$f" | uniq -c; done |
	awk -v r="$nkey" '{ n[$2] += $1; t += $1 }
		END { for (k in n) print k "\t" n[k] }' | sort |
	awk -F '\t' -v r="$nkey" '{ k[NR] = $1; n[NR] = $2; t += $2 }
		END { for (i = 1; i <= NR; i++) { print k[i] "\t" int(c * r / (t + 1)); c += n[i] } }'
}
if test "$method" = spotsigs; then
	cut_ranges $(files map2 "$nshard") >ranges.tsv
	route='BEGIN { while ((getline l < "ranges.tsv") > 0) { split(l, a, "\t"); g[a[1]] = a[2] + 1 } }
		{ print > (f "." g[$1]) }'
else
	route='BEGIN { for (i = 0; i < 16; i++) h[substr("0123456789abcdef", i + 1, 1)] = i }
		{ p = index($1, ":"); j = p ? int((h[substr($1, p + 1, 1)] * 16 + h[substr($1, p + 2, 1)]) * r / 256) : 0
		  print > (f "." (j + 1)) }'
fi
# the pieces of key range J are key.1.J .. key.N.J
pieces() {
	for _j in $(seq "$nkey"); do
		for _i in $(seq "$nshard"); do echo "${1:-}key.$_i.$_j"; done
	done
}
pieces | xargs touch
# on this machine, one job per shard
parallel --halt now,fail=1 ${jobs:+-j "$jobs"} \
	"awk -F '\t' -v r=$nkey -v f=key.{#} '$route' {}" ::: $(files map2 "$nshard")
if test -n "$prose$left"; then
	cut_ranges $(files cmap2 "$nshard") >cranges.tsv
	pieces c | xargs touch
	parallel --halt now,fail=1 ${jobs:+-j "$jobs"} \
		"awk -F '\t' -v f=ckey.{#} '${route//ranges.tsv/cranges.tsv}' {}" ::: $(files cmap2 "$nshard")
fi
lap shuffle

# 5. reduce: each key range matched on its own, its pieces read in shard
# order (merged by key for partition keys, which must not decrease)
case $method in
spotsigs) cmd="sort -m -s -k1,1 {} | spotmatch -j $threads --min-distinct $DK_MIN_SHARED --dense-tau $DK_DENSE_TAU" ;;
lsh) cmd="cat {} | spotmatch -j $threads -t $tau" ;;
imatch) cmd="cat {} | spotmatch -j $threads" ;;
esac
run reduce -N "$nshard" "$(job "$cmd")" ::: $(pieces)
if test -n "$prose$left"; then
	cmd="sort -m -s -k1,1 {} | spotmatch -j $threads -M containment -t $DK_PROSE_CONTAIN"
	cmd="$cmd --min-shared $DK_MIN_SHARED --size-ratio $DK_PROSE_CONTAIN_RATIO --dense-tau $DK_DENSE_TAU"
	run creduce -N "$nshard" "$(job "$cmd")" ::: $(pieces c)
fi
lap match

# 6. the pairs, in one file.  A pair found in several key ranges (LSH: it
# shares several bands; I-Match: several fingerprints) is written once; an
# I-Match pair's SIM is the share of fingerprints in common, summed over the
# ranges from each range's count.
# spotsigs: then the exact copies of short documents, as dkdedup pairs
# them: the shards' lists numbered in corpus order, sorted by SUM (stable:
# each SUM's documents in corpus order), the first of each SUM paired with
# each later one at 1, in the order of the copies
case $method in
spotsigs)
	{
		cat $(files reduce "$nkey")
		# --prose: the containment pairs the first pass lacks (either
		# way round), each once, as dkdedup adds them
		test -z "$prose" ||
		cat $(files reduce "$nkey") |
		awk -F '\t' 'FNR == NR { s[($1 "") < ($2 "") ? $1 "\t" $2 : $2 "\t" $1]; next }
			{ k = ($1 "") < ($2 "") ? $1 "\t" $2 : $2 "\t" $1 } !(k in s) { s[k]; print }' \
			- $(files creduce "$nkey")
		awk -F '\t' '{ print $1 "\t" NR "\t" $2 }' $(files short "$nshard") |
		sort -s -t "$(printf '\t')" -k1,1 |
		awk -F '\t' '$1 != s { s = $1; k = $3; next } { print $2 "\t" k "\t" $3 "\t1.000000" }' |
		sort -t "$(printf '\t')" -k1,1n | cut -f2-
	} >pairs.tsv ;;
lsh) sort -u $(files reduce "$nkey") >pairs.tsv ;;
imatch)
	sort -t "$(printf '\t')" -k1,1 -k2,2 $(files reduce "$nkey") |
	awk -F '\t' -v n=$((kx + 1)) -v tau="$tau" '
		function put() { s = c / n; if (tau == "" || s >= tau + 0) printf "%s\t%.6f\n", k, s }
		{ p = $1 "\t" $2; if (p != k) { if (NR > 1) put(); k = p; c = 0 }
		  c += int($3 * n + 0.5) }
		END { if (NR) put() }' | sort >pairs.tsv ;;
esac
files map1 "$nshard" | xargs cut -f1 >ids.txt
# the documents' text, in corpus order: the FILEs of -d again; of web
# pages, what the map stage kept (step 1)
text() {
	if test -n "$docs"; then
		(cd "$cdir" && cat "$@")
	elif test -z "$stage1"; then
		cat $(files map1 "$nshard")
	else
		cat $(files text "$nshard")
	fi
}
if test -n "$own$prose"; then
	# with own words, a pair whose documents each name their own subject
	# in the same place is ignored, as dkdedup ignores it; --prose: the
	# longest text of a cluster kept, as dkdedup --prose keeps it
	cl=(${own:+--own-words "$own"} ${wordsim:+--word-sim "$wordsim"} ${prose:+--keep longest})
	text "$@" | here dkcluster "${cl[@]}" ${own:+--apart apart.tsv} -a - pairs.tsv >clusters.tsv
	text "$@" | here dkcluster "${cl[@]}" -a - --representatives pairs.tsv >keep.txt
else
	here dkcluster -a ids.txt pairs.tsv >clusters.tsv
	here dkcluster -a ids.txt --representatives pairs.tsv >keep.txt
fi
lap cluster

# 7. spotsigs without --prose: the copies the job left, as dkdedup lists
# them.  A pair by containment depends on its two documents alone, so the
# pass over every document finds, among those kept, what dkdedup's pass
# over the documents kept finds.  Of its pairs of two documents kept, each
# once, those the job set apart (apart.tsv) go, then those own words sets
# apart as pairs by containment (dkcluster --own-words on them alone; not
# the bar of words, a Jaccard bar).
if test -n "$left"; then
	awk -F '\t' -v a="${own:+apart.tsv}" '
		FILENAME == "keep.txt" { kept[$1]; next }
		FILENAME == a { s[$1 "\t" $2]; s[$2 "\t" $1]; next }
		($1 in kept) && ($2 in kept) && !(($1 "\t" $2) in s) { s[$1 "\t" $2]; s[$2 "\t" $1]; print }' \
		keep.txt ${own:+apart.tsv} $(files creduce "$nkey") >left.pairs
	if test -n "$own" && test -s left.pairs; then
		text "$@" | here dkcluster --own-words "$own" -a - --apart left.apart left.pairs >/dev/null
		awk -F '\t' 'FILENAME == "left.apart" { s[$1 "\t" $2]; s[$2 "\t" $1]; next }
			!(($1 "\t" $2) in s)' left.apart left.pairs >contained.tsv
	else
		cp left.pairs contained.tsv
	fi
	rm -f left.pairs left.apart
	n=$(wc -l <contained.tsv)
	case $n in
	0) ;;
	1) echo "scaleout: 1 pair kept that containment calls a copy (cut copies, or pages of one template: see $out/contained.tsv; --prose removes them)" >&2 ;;
	*) echo "scaleout: $n pairs kept that containment calls copies (cut copies, or pages of one template: see $out/contained.tsv; --prose removes them)" >&2 ;;
	esac
	lap contained
fi
if test -n "$skipped"; then
	echo "scaleout: $out: written without the records skipped above" >&2
	exit 1
fi

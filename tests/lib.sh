# Sourced by every command-line test: puts the programs under test first on
# PATH, then loads sharness (Debian package `sharness`).
#
#   DK_BIN     directory of the programs (default: build/bin of this tree)
#   DK_SHARED  the shared material (default: ../shared beside the project);
#              tests that need it check test_have_prereq SHARED
#   DK_SLOW    set by `make valgrind`: tests may shrink their large inputs
DK_TESTS=$(cd "$(dirname "$0")" && pwd)
: "${DK_BIN:=$DK_TESTS/../build/bin}"
: "${DK_SHARED:=$DK_TESTS/../../shared}"
DK_BIN=$(cd "$DK_BIN" && pwd) || { echo "Bail out! no $DK_BIN: run make first"; exit 1; }
PATH="$DK_BIN:$PATH"
export PATH DK_BIN DK_SHARED DK_TESTS
LC_ALL=C.UTF-8
export LC_ALL
# Under -v a run longer than 2 s notes its progress on stderr, which
# tests compare across -j and builds: a slow run (sanitizers, valgrind, a
# loaded machine) would differ.  Only the tests of progress ask for it,
# with an interval of their own (t0050).
: "${DK_PROGRESS_INTERVAL:=86400000}"
export DK_PROGRESS_INTERVAL
# Under `make check` prove inherits make's own settings (MAKELEVEL prefixes
# make's messages with make[N], MAKEFLAGS passes on -j and the jobserver):
# a test that runs make runs it as a user at a shell would.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES GNUMAKEFLAGS
SHARNESS_TEST_SRCDIR=$DK_TESTS
SHARNESS_TEST_DIRECTORY=$DK_TESTS
. /usr/share/sharness/sharness.sh

test -d "$DK_SHARED/corpora" && test_set_prereq SHARED

# expect_error STATUS PATTERN CMD...: CMD exits with STATUS (not a signal)
# and its stderr matches the grep pattern.  Standard error is left in `err`.
expect_error() {
	_want=$1 _pat=$2
	shift 2
	"$@" >/dev/null 2>err
	_got=$?
	if test "$_got" != "$_want"; then
		echo >&2 "expect_error: exit $_got, wanted $_want: $*"
		cat >&2 err
		return 1
	fi
	grep -q -e "$_pat" err || {
		echo >&2 "expect_error: stderr does not match '$_pat':"
		cat >&2 err
		return 1
	}
}

# Programs that are no filters but run others over files they name
# (dkdedup: FORMAT IN OUT): t0020 and t0021 leave them out, and their own
# tests (t7400) check the same faults of their operands.
dk_drivers="dkdedup"

# dk_invocation PROG: sets kind (the input PROG reads: html, docs, sigs or
# pairs) and args (its arguments) for the tests that run every program
# (t0020, t0021), in a directory prepared by dk_inputs.  A program not
# listed is tried on each kind with no arguments, the first giving output
# chosen, so that new programs are covered; kind is empty when none fits.
dk_invocation() {
	args=
	case $1 in
	htmlstrip) kind=html ;;
	spotsig|qgram) kind=docs ;;
	dklexicon|minhash) kind=sigs ;;
	imatch) kind=docs args="-L lex" ;;
	partition) kind=sigs args="-t 0.5" ;;
	spotmatch) kind=sigs args="-t 0.3" ;;
	dkcluster) kind=pairs ;;
	evaluate) kind=pairs args="-u singleton gold" ;;
	keep) kind=docs args="--missing ignore keep.list" ;;
	*)
		kind=
		for _k in pairs sigs docs html; do
			if "$1" $_k.A >_out 2>/dev/null && test -s _out; then
				kind=$_k
				break
			fi
		done ;;
	esac
}

# dk_inputs: KIND.A and KIND.B (small, B's IDs distinct from A's) and
# KIND.big (read on standard input, its output much larger than a pipe's
# buffer) for each kind, lex, a word lexicon of docs.A, gold, each
# document of docs.A and docs.B a cluster of its own, and keep.list, every
# other ID of the documents but the solar stories.
dk_inputs() {
	cp "$DK_TESTS"/../examples/pages/gazette-solar.html html.A &&
	cp "$DK_TESTS"/../examples/pages/wire-solar.html html.B &&
	(cd "$DK_TESTS/../examples/pages" && htmlstrip *.html) >docs.A &&
	sed "s/^/b-/" docs.A >docs.B &&
	awk -F "\t" "{ for (i = 0; i < 300; i++) print i \"-\" \$0 }" docs.A >docs.big &&
	awk "{ for (i = 0; i < 300; i++) print i \"-\" NR \"\tbig<p>\" \$0 \"</p>\" }" docs.A >html.big &&
	spotsig docs.A >sigs.A &&
	spotsig docs.B >sigs.B &&
	spotsig docs.big >sigs.big &&
	spotmatch -t 0.2 sigs.A >pairs.A &&
	spotmatch -t 0.2 sigs.B >pairs.B &&
	spotmatch -t 0.5 sigs.big >pairs.big &&
	dklexicon -w docs.A >lex &&
	cut -f 1 docs.A docs.B | awk '{ print $0 "\t" $0 }' >gold &&
	cut -f 1 docs.A docs.B docs.big | grep -v solar | awk "NR % 2 == 0" >keep.list &&
	test -s pairs.A && test $(wc -l <pairs.big) -gt 10000
}

# dk_main_text PAGE [OPTION...]: the htmlstrip --main text of PAGE, one
# paragraph a line (the record itself is left in out).
dk_main_text() {
	_page=$1
	shift
	htmlstrip --main "$@" "$_page" >out &&
	cut -f 2 out | sed "s/\\\\n/\\n/g"
}

# dk_gen ARG...: tests/gen.py, the collections the tests read; dk_brute
# ARG...: tests/brute.py, spotmatch by brute force.  The interpreter is
# looked up once, at the first use: python3 on PATH may be a version
# manager's shim (pyenv), seconds to start each time.  dk_python puts
# tests/ on PYTHONPATH, so that a test's script can import dktsv (TSV
# escaping).
dk_python() {
	: "${DK_PYTHON:=$(python3 -c 'import sys; print(sys.executable)')}"
	PYTHONPATH="$DK_TESTS${PYTHONPATH:+:$PYTHONPATH}" "$DK_PYTHON" "$@"
}
dk_gen() { dk_python "$DK_TESTS/gen.py" "$@"; }
dk_brute() { dk_python "$DK_TESTS/brute.py" "$@"; }

# dk_gen_skewed SEED N [OPTION...]: N random signature documents of the
# shape the property tests share: vocabularies of 8, 40, 300 and 3,000
# signatures, lengths 1 to 100 on a log scale, counts above one, 15% near
# copies of which half exact, a tenth of a near copy's signatures changed.
# An OPTION of gen.py given here overrides the shape's (the last wins).
dk_gen_skewed() {
	_seed=$1 _n=$2
	shift 2
	dk_gen -v 8,40,300,3000 --loglen -l 1:100 --repeat \
		--copy 0.15 --exact 0.5 --change 0.1 -s "$_seed" "$@" "$_n"
}

# dk_short_copies SIGS: the exact copies of documents too short to judge,
# as dkdedup pairs them: in spotsig --checksum -m's stream SIGS, each
# later document marked !short (or without signatures) whose SHA-1 an
# earlier short one has, as FIRST COPY 1.
dk_short_copies() {
	awk -F "\t" '$NF == "" || $NF ~ /^!short/ {
		if ($(NF - 1) in first) print first[$(NF - 1)] "\t" $1 "\t1.000000"
		else first[$(NF - 1)] = $1 }' "$1"
}

# dk_workflows: the example workflows as the tests run them: top (the
# source tree), mk (make on examples/corpus.mk), scaleout and mapred (the
# scripts under sh), and the prerequisite PARALLEL where GNU parallel is
# installed.
dk_workflows() {
	top=$(cd "$DK_TESTS/.." && pwd)
	mk="make --no-print-directory -f $top/examples/corpus.mk"
	scaleout="sh $top/examples/scaleout.sh"
	mapred="sh $top/examples/mapred.sh"
	if parallel --version 2>/dev/null | grep -q '^GNU parallel'; then
		test_set_prereq PARALLEL
	fi
}

# dk_cut_prose FILE: into FILE, 400 texts with near copies and, for about
# 3 in 10 of them, a copy cut to its first 35-100% of words (ID ...cut),
# which Jaccard at DK_TAU mostly misses and containment finds: 516 lines
# (the texts without the cut copies in FILE.base).
dk_cut_prose() {
	dk_gen --text -s 7 -p doc -v 3000 --stop 0.3 --repeat --loglen \
		-l 20:600 --copy 0.3 --drop 0.05 --change 0.05 400 >"$1.base" &&
	awk -F "\t" -v OFS="\t" 'BEGIN { srand(11) } { print }
		rand() < 0.3 { n = split($2, w, " "); k = int(n * (0.35 + 0.65 * rand()))
		t = w[1]; for (i = 2; i <= k; i++) t = t " " w[i]; print $1 "cut", t }' "$1.base" >"$1"
}

# dk_unordered FILE: the pairs of FILE, the smaller ID first, without SIM,
# sorted
dk_unordered() {
	awk -F '\t' -v OFS='\t' '{ if ($1 > $2) print $2, $1; else print $1, $2 }' "$1" | sort
}

# dk_html_tsv FILE...: the pages as one document stream ID TAB HTML, escaped
dk_html_tsv() {
	for f; do
		printf '%s\t' "$f"
		sed -e 's/\\/\\\\/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' "$f" |
			awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
		echo
	done
}

# dk_warc_record TYPE URI ID DATE CONTENT-TYPE BLOCK-FILE [CONCURRENT-TO]: one
# WARC/1.0 record on stdout; an empty URI or ID leaves its header out, and
# the ID and CONCURRENT-TO are written in angle brackets.
dk_warc_record() {
	printf "WARC/1.0\r\nWARC-Type: %s\r\n" "$1" &&
	if test -n "$2"; then printf "WARC-Target-URI: %s\r\n" "$2"; fi &&
	if test -n "$3"; then printf "WARC-Record-ID: <%s>\r\n" "$3"; fi &&
	printf "WARC-Date: %s\r\n" "$4" &&
	if test -n "$7"; then printf "WARC-Concurrent-To: <%s>\r\n" "$7"; fi &&
	printf "Content-Type: %s\r\nContent-Length: %s\r\n\r\n" "$5" "$(wc -c <"$6" | tr -d " ")" &&
	cat "$6" && printf "\r\n\r\n"
}

# dk_http_page FILE TEXT: an HTTP response holding TEXT as an HTML paragraph.
dk_http_page() {
	printf "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><body><p>%s</p></body></html>" "$2" >"$1"
}

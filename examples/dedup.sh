#!/bin/sh
# The whole job: a corpus in, the same corpus without its near duplicates
# out, in its own format.  SpotSigs finds the pairs, dkcluster groups them and
# names the first document of each group (and every singleton) to keep, and
# keep writes those records, byte for byte.
#
#   sh examples/dedup.sh [-t TAU] [-B BINDIR] tsv   IN.tsv   OUT.tsv
#   sh examples/dedup.sh [-t TAU] [-B BINDIR] jsonl IN.jsonl OUT.jsonl [ID [TEXT]]
#   sh examples/dedup.sh [-t TAU] [-B BINDIR] warc  IN.warc[.gz] OUT.warc[.gz]
#
# tsv: a document stream (ID TAB TEXT, or with carried columns).  jsonl:
# one object a line, the ID in member ID (default "id") and the text in
# TEXT (default "text"), made a document stream with jq's @tsv, which
# escapes as dupkit streams do and writes IDs as keep compares them.  warc:
# the HTML responses, through htmlstrip; the output keeps their requests
# and metadata records, and a .warc.gz stays one (members copied).
# TAU is the similarity threshold of spotmatch (default 0.44).  The pairs
# and the keep list are left beside OUT (OUT.pairs, OUT.keep), and the
# closing "kept K of N" line goes to standard error.
set -eu
tau=0.44
bin=
while getopts t:B: opt; do
	case $opt in
	t) tau=$OPTARG ;;
	B) bin=$OPTARG ;;
	*) echo "usage: dedup.sh [-t tau] [-B bindir] tsv|jsonl|warc in out [id [text]]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if test $# -lt 3; then
	echo "usage: dedup.sh [-t tau] [-B bindir] tsv|jsonl|warc in out [id [text]]" >&2
	exit 2
fi
test -n "$bin" && PATH="$bin:$PATH"
format=$1 in=$2 out=$3 id=${4:-id} text=${5:-text}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The document stream of the corpus, and how keep finds its records.
case $format in
tsv)
	docs=$in
	set -- ;;
jsonl)
	command -v jq >/dev/null || { echo "dedup.sh: jsonl needs jq (Debian package jq)" >&2; exit 1; }
	jq -r --arg id "$id" --arg text "$text" '[.[$id], .[$text]] | @tsv' "$in" >"$tmp/docs"
	docs=$tmp/docs
	set -- --json "$id" ;;
warc)
	htmlstrip --warc "$in" >"$tmp/docs"
	docs=$tmp/docs
	set -- --warc ;;
*)
	echo "dedup.sh: format $format: not tsv, jsonl or warc" >&2
	exit 2 ;;
esac

spotsig "$docs" | spotmatch -t "$tau" >"$out.pairs"
dkcluster -a "$docs" --representatives "$out.pairs" >"$out.keep"
keep -v "$@" "$out.keep" "$in" >"$out"

#!/bin/sh
# Seed corpora for the fuzz targets, made from the bundled example pages by
# the programs themselves (so the seeds follow the formats as they are now):
#   sh tests/fuzz/seed.sh BINDIR OUTDIR
# writes OUTDIR/fuzz_NAME/ for every target.  Small on purpose: the
# fuzzer's own corpus grows from these.
set -eu
bin=$(cd "$1" && pwd)
out=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
PATH="$bin:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pages="$top/examples/pages"

for t in html warc tsv sigs pairs lexicon numbers match; do
	mkdir -p "$out/fuzz_$t"
done

# HTML: the pages, and a few charset and markup corners.
cp "$pages"/*.html "$out/fuzz_html/"
printf '\001text/html; charset=iso-8859-2\n<p>\341\350</p>' >"$out/fuzz_html/hint"
printf '\357\273\277<title>t</title><pre>a\tb</pre>&amp;&#x1F600;&notin;' >"$out/fuzz_html/bom"
printf '<meta charset="koi8-r"><script>x<y</script><!-- c --><p>\301\302' >"$out/fuzz_html/meta"

# WARC: records as a crawler writes them, plain and gzipped per record.
record() {   # TYPE URI BLOCK-FILE
	printf 'WARC/1.0\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\n' "$1" "$2"
	printf 'WARC-Date: 2024-01-01T00:00:00Z\r\n'
	printf 'Content-Type: application/http; msgtype=response\r\n'
	printf 'Content-Length: %s\r\n\r\n' "$(wc -c <"$3" | tr -d ' ')"
	cat "$3"
	printf '\r\n\r\n'
}
printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n' >"$tmp/h"
cat "$tmp/h" "$pages/wire-solar.html" >"$tmp/r1"
printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>ab\r\n3\r\nc</p\r\n0\r\n\r\n' >"$tmp/r2"
printf '<p>zipped</p>' | gzip -n >"$tmp/z"
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n'; cat "$tmp/z"; } >"$tmp/r3"
record response http://a/ "$tmp/r1" >"$out/fuzz_warc/plain"
{ record response http://b/ "$tmp/r2"; record request http://b/ "$tmp/h"; } >"$out/fuzz_warc/chunked"
record response '<http://c/>' "$tmp/r3" >"$out/fuzz_warc/content-gzip"
{ record response http://a/ "$tmp/r2" | gzip -n; record response http://d/ "$tmp/r3" | gzip -n; } \
	>"$out/fuzz_warc/members.gz"

# Streams: documents, signatures, keyed streams, pairs, lexicons.
(cd "$pages" && htmlstrip *.html) >"$tmp/docs"
spotsig "$tmp/docs" >"$tmp/sigs"
head -c 3000 "$tmp/docs" >"$out/fuzz_tsv/docs"
printf 'a\tb\\tc\\\\d\\ne\r\n\n\tx\t\ny' >"$out/fuzz_tsv/escapes"
head -n 3 "$tmp/sigs" >"$out/fuzz_sigs/sigs"
partition -t 0.5 "$tmp/sigs" | head -n 4 >"$out/fuzz_sigs/partition"
minhash -k 2 -l 2 "$tmp/sigs" | head -n 4 >"$out/fuzz_sigs/minhash"
printf 'd1\t!short a%%3Ab=2 %%25=1\nd2\t!probe x=4294967295\n' >"$out/fuzz_sigs/flags"
dklexicon "$tmp/sigs" | head -n 20 >"$out/fuzz_lexicon/sigs"
spotmatch -t 0.1 "$tmp/sigs" | head -n 10 >"$out/fuzz_pairs/pairs"
spotmatch -t 0.1 "$tmp/sigs" | dkcluster | head -n 10 >"$out/fuzz_pairs/clusters"
printf 'a\tb\n1\t2\t1\nx\ty\t0.0000005\nx\ty\t0.99999951\nx\ty\t.5\n' >"$out/fuzz_pairs/sims"
printf '!N\t3\na\t1\nb%%20c\t3\n' >"$out/fuzz_lexicon/small"

# Numbers: one option value per line: kind letter, then the value.
printf 'd0.5\ni-12\nt1\nr0.2:0.85\nD1d12h\nD86400\nT2024-01-01T00:00:00Z\nT2024-02-29T23:59:60.5+01:30\nS64M\nS1099511627776\n' \
	>"$out/fuzz_numbers/values"

# Matcher: a small collection, one document a line, signatures as letters.
spotmatch -t 0.3 "$tmp/sigs" >/dev/null
printf '0.5\nabc\nabd\nabcd\naab\nb\n' >"$out/fuzz_match/small"
printf '0.3\naaaa\naaab\naabb\nabbb\nbbbb\n' >"$out/fuzz_match/chain"

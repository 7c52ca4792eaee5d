#!/bin/sh
# charset: how often htmlstrip guesses the encoding of a page that declares
# none.  charsetgen.py writes pages in each legacy encoding it knows of
# (text of Debian's translated manual pages, or of translated messages that
# htmlstrip's tables were not counted from), without a <meta> charset; one
# htmlstrip -v run an encoding; the table gives, per encoding and language,
# the pages whose guess reads them as the encoding they are in.  A language
# without pages or messages here is left out of the table (install
# manpages-LANG, or packages with translations).  CHARSET_SIZE (characters
# a page, default 1000) and CHARSET_N (pages a language, default 40).
. "$(dirname "$0")/common.sh"
for t in python3 iconv; do
	command -v $t >/dev/null || { echo "skip: charset needs $t"; exit 0; }
done
T=$BENCH_TMP/charset-${CHARSET_SIZE:-1000}
if ! test -s "$T/manifest.tsv"; then
	rm -rf "$T" && mkdir -p "$T" && python3 "$here/charsetgen.py" make "$T" || exit 1
fi
test -s "$T/manifest.tsv" || { echo "skip: charset: no translated text here"; exit 0; }
for d in "$T"/*/; do
	e=$(basename "$d")
	( cd "$d" && htmlstrip -v ./*.html ) >/dev/null 2>"$T/$e.err"
done
python3 "$here/charsetgen.py" score "$T"

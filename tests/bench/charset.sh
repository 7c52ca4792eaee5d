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
#
# Measured (correct/total; 1000 characters, then 300), before the
# single-byte detector of gen-letters.py's tables (ac0564d) and with it:
#                  1000 chars           300 chars
#                  before   after       before   after
#   windows-1252   242/243  243/243     198/201  198/201
#   ISO-8859-2      52/74    74/74       49/74    74/74
#   windows-1250    43/74    74/74       41/74    73/74
#   windows-1254     0/31    31/31        0/31    31/31
#   windows-1257     0/23    23/23        0/22    22/22
#   windows-1251    74/80    79/80       75/80    80/80
#   KOI8-R          34/40    40/40       36/40    39/40
#   ISO-8859-7       0/27    27/27        0/26    26/26
#   windows-1253     0/27    27/27        0/26    26/26
#   windows-1255     0/7      7/7         0/7      7/7
#   windows-1256     0/9      9/9         0/9      9/9
#   windows-874      0/12    12/12        0/12    12/12
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

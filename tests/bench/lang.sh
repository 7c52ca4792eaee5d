#!/bin/sh
# lang: spot signatures beyond English.  For each language of LANG_LIST
# (default de fr es it pl ru nl sv pt), a labelled near-duplicate
# collection built by langgen.py from Debian's translated manual pages
# (manpages-LANG, installed here when dpkg does not have it and we are root:
# /usr/share/man/LANG/man1 alone proves nothing, other packages install
# their own translations there; a language whose pages cannot be had is
# skipped), then goldset-dev.  Each method is matched once at
# tau 0.1 and swept by evaluate; the table gives its best F1 and threshold:
#   spotsig -l LANG, spotsig -l auto, spotsig -l en (the English lists),
#   and word 3-shingles (qgram -w 3).  spotsig runs twice: with the
#   paper's IDF range 0.2:0.85, and with 0.2:1, as in a collection of N
#   documents a signature that only one pair shares has the normalised IDF
#   1 - log 2 / log N, above 0.85 once N > 101: the range drops what the
#   pairs of a collection of a few hundred pages share.
# The collections are made once under $BENCH_TMP/lang (LANG_SEED, default 1).
. "$(dirname "$0")/common.sh"
for t in python3 groff; do
	command -v $t >/dev/null || { echo "skip: lang needs $t"; exit 0; }
done
T=$BENCH_TMP/lang
mkdir -p "$T"
: "${LANG_LIST:=de fr es it pl ru nl sv pt}"
: "${LANG_SEED:=1}"

# collection LANG: OUT dir with docs/ and gold.tsv, made once; fails when
# the language's manual pages are not there and cannot be installed.
collection() {
	_o=$T/$1-s$LANG_SEED
	if ! test -s "$_o/gold.tsv"; then
		if ! dpkg -s "manpages-$1" >/dev/null 2>&1 && test "$(id -u)" = 0; then
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q "manpages-$1" \
			    >"$T/apt-$1.log" 2>&1 || echo "lang: apt-get install manpages-$1 failed, see $T/apt-$1.log" >&2
		fi
		test -d "/usr/share/man/$1/man1" || return 1
		# 30 clusters and 120 singletons, or fewer where the language
		# has fewer distinct pages (Spanish, Italian, Russian)
		for _n in "30 120" "20 50" "15 35"; do
			set -- "$1" $_n
			rm -rf "$_o"
			python3 "$here/langgen.py" -s "$LANG_SEED" -c "$2" -n "$3" \
			    "$1" "/usr/share/man/$1" "$_o" && break
		done
		test -s "$_o/gold.tsv" || return 1
	fi
	echo "$_o"
}

# best GOLD PAIRS: "F1 tau" of the best threshold of the sweep from 0.1
best() {
	evaluate --sweep --tsv -t 0.1 --step 0.05 "$1" "$2" |
	awk -F '\t' 'NR > 1 && (b == "" || $7 > b) { b = $7; t = $1 } END { printf "%.3f %.2f", b, t }'
}

# row NAME DIR LANG IDF: the scores of the four methods on one collection
row() {
	test -s "$T/$1.docs" || ( cd "$2/docs" && htmlstrip *.html ) >"$T/$1.docs"
	for m in lang auto en shingles; do
		case $m in
		lang) spotsig -l "$3" --idf "$4" "$T/$1.docs" 2>/dev/null ;;
		auto) spotsig -l auto --idf "$4" "$T/$1.docs" ;;
		en) spotsig -l en --idf "$4" "$T/$1.docs" 2>/dev/null ;;
		shingles) qgram -w 3 "$T/$1.docs" ;;
		esac | spotmatch -t 0.1 >"$T/$1.$m.pairs"
		printf ' %s' "$(best "$2/gold.tsv" "$T/$1.$m.pairs")"
	done
}

line() {
	printf '%-12s %-9s %5s %-12s %-12s %-12s %-12s\n' "$@"
}

line collection idf docs '-l LANG' '-l auto' '-l en' '3-shingles'
line '' '' '' 'F1 tau' 'F1 tau' 'F1 tau' 'F1 tau'
for l in $LANG_LIST; do
	d=$(collection "$l") || { echo "skip $l: no collection (manpages-$l missing, or too few pages)"; continue; }
	for idf in 0.2:0.85 0.2:1; do
		set -- $(row "man-$l" "$d" "$l" $idf)
		line "man-$l" $idf "$(wc -l <"$d/gold.tsv")" "$1 $2" "$3 $4" "$5 $6" "$7 $8"
	done
done
if have_shared >/dev/null; then
	for idf in 0.2:0.85 0.2:1; do
		set -- $(row goldset-dev "$DK_SHARED/corpora/goldset-dev" en $idf)
		line goldset-dev $idf "$(wc -l <"$DK_SHARED/corpora/goldset-dev/gold.tsv")" \
		    "$1 $2" "$3 $4" "$5 $6" "$7 $8"
	done
fi
echo "best F1 of a sweep from tau 0.1 by 0.05 (evaluate --sweep); on goldset-dev -l LANG is -l en"

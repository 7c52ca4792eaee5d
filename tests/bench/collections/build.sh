#!/bin/sh
# build.sh [ROOT]: builds every labelled collection of this directory under
# ROOT (default $BENCH_TMP or /work/coll), each into ROOT/NAME/ (docs.tsv,
# gold.tsv, INFO), and writes ROOT/README, a line per collection from
# their INFO files, and which are held out of tuning.  A collection whose
# material this machine lacks is skipped with the builder's message (it
# installs nothing; apt-get install libglibmm-2.4-doc libglibmm-2.68-doc
# libgtkmm-2.4-doc libgtkmm-3.0-doc libpangomm-1.4-doc libpangomm-2.48-doc
# libcairomm-1.0-doc libcairomm-1.16-doc libsigc++-2.0-doc libsigc++-3.0-doc
# libgtkmm-4.0-doc for the releases, manpages-dev for
# siblings).  htmlstrip (for news.sh) is taken from $DK_BIN, else the
# checkout's build/bin, else PATH.
# Takes about 25 minutes on 2 cores (man pages are rendered, pages
# compared; the release collections compare every pair of pages whose
# 4-shingles lie 80% within one another by line, to leave them out).
root=${1:-${BENCH_TMP:-/work/coll}}
here=$(cd "$(dirname "$0")" && pwd)
PATH=${DK_BIN:-$here/../../../build/bin}:$PATH
export PATH
doc=/usr/share/doc
mkdir -p "$root" || exit 1
run() {
	name=$1; shift
	"$@" "$root/$name"
	case $? in
	0) ;;
	77) rm -rf "${root:?}/$name" ;;
	*) echo "build.sh: $name failed" >&2; rm -rf "${root:?}/$name" ;;
	esac
}
run copyright python3 "$here/copyright.py"
run translations python3 "$here/translations.py"
run mail python3 "$here/mail.py"
run edits python3 "$here/edits.py"
run news sh "$here/news.sh"
# news.sh takes OUT first, then the set of pages
news_of() { sh "$here/news.sh" "$2" "$1"; }
pages=${DK_SHARED:-/work/shared}/corpora/pages
run news-l3s news_of "$pages/l3s"
run news-cleaneval news_of "$pages/cleaneval"
run goldset sh "$here/goldset.sh"
run feed python3 "$here/feed.py"
run siblings python3 "$here/siblings.py"
rel() {
	name=$1 old=$2 new=$3
	python3 "$here/releases.py" "$root/$name" "$name" "$old" "$new"
	case $? in 0) ;; *) rm -rf "${root:?}/$name" ;; esac
}
rel glibmm $doc/libglibmm-2.4-doc/reference/html $doc/libglibmm-2.68-doc/reference/html
rel gtkmm $doc/libgtkmm-2.4-doc/reference/html $doc/libgtkmm-3.0-doc/reference/html
rel pangomm $doc/libpangomm-1.4-doc/reference/html $doc/libpangomm-2.48-doc/reference/html
rel cairomm $doc/libcairomm-1.0-doc/reference/html $doc/libcairomm-1.16-doc/reference/html
rel sigcpp $doc/libsigc++-2.0-doc/reference/html $doc/libsigc++-3.0-doc/reference/html
rel gtkmm4 $doc/libgtkmm-3.0-doc/reference/html $doc/libgtkmm-4.0-doc/reference/html
"$here/readme.sh" "$root"

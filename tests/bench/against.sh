#!/bin/sh
# spotmatch --against: a reference collection indexed once, a stream
# matched against it.
#
# 1. REF: the WT10g-like spots collection of scalegen.py (1.17M documents).
#    Stream: 100k copies of REF documents, each with up to 10% of its
#    signatures edited, interleaved with 100k fresh documents (scalegen,
#    another seed).  Queries per second at tau 0.9 (as spotmatch -v times
#    the stream apart from reading and indexing REF),
#    recall of the planted copies, and the memory held for that stream and
#    for one five times longer.
# 2. Spam prototypes against a mail stream: SpamAssassin's spam-1 as REF;
#    the stream is spam-2, easy-ham-1 and 500 prototypes with 3 word edits
#    each.  I-Match (lexicon of REF, K = 10), LSH (word 3-shingles, minhash
#    -w) and exact matching of the shingles at 0.7.
#
#   AGAINST_N   REF documents (default 1170000)
#   AGAINST_Q   copies, and fresh documents (default 100000 each)
. "$(dirname "$0")/common.sh"
have_shared || exit 0
n=${AGAINST_N:-1170000}
q=${AGAINST_Q:-100000}
T=$BENCH_TMP/against
mkdir -p "$T"
timer=
test -x /usr/bin/time && timer="/usr/bin/time -f %e -o $T/time"

# timed CMD...: runs CMD, leaves its wall-clock seconds in $secs.
timed() {
	if test -n "$timer"; then
		$timer "$@" || return 1
		secs=$(tail -n 1 "$T/time")
	else
		_t0=$(now)
		"$@" || return 1
		secs=$(elapsed "$_t0" "$(now)")
	fi
}

field() { sed -n "s/^spotmatch: against: $1: \([0-9]*\).*/\1/p" "$2"; }

# ---- 1. the spots collection as REF ----
ref=$(spots_sigs "$n") || exit 1
fresh=$(spots_sigs "$q" 2) || exit 1
awk -F '\t' -v n="$n" -v q="$q" -v out="$T/copies.sigs" -v truth="$T/copies.true" '
BEGIN { srand(3); for (i = 0; i < q; i++) pick[1 + int(rand() * n)]++ }
NR in pick {
	for (k = 0; k < pick[NR]; k++) {
		e = rand() * 0.1; m = split($2, it, " "); s = ""; o = la = lb = 0
		for (j = 1; j <= m; j++) {
			split(it[j], kv, "="); c = kv[2] + 0; la += c; r = rand()
			if (r < e / 3) continue
			if (r < 2 * e / 3) { s = s (s == "" ? "" : " ") kv[1] "=" (c + 1); o += c; lb += c + 1; continue }
			s = s (s == "" ? "" : " ") it[j]; o += c; lb += c
			if (r < e) { s = s " new" NR "x" k "y" j "=1"; lb++ }
		}
		if (s == "") { s = "empty" NR "=1"; lb = 1 }
		id = "c" k ":" $1
		print id "\t" s >out
		printf "%s\t%s\t%.6f\n", id, $1, o / (la + lb - o) >truth
	}
}' "$ref" || exit 1
sed 's/^d/f/' "$fresh" | paste -d '\n' "$T/copies.sigs" - >"$T/stream.sigs"
echo "REF: $n documents ($ref); stream: $q edited copies and $q fresh documents"

timed nice spotmatch --against "$ref" -t 0.9 -j 2 -v "$T/stream.sigs" >"$T/pairs" 2>"$T/err" || exit 1
echo "tau 0.9, -j 2: $secs s wall in all, of which (spotmatch -v):"
sed 's/^/  /' "$T/err"
awk -F '\t' 'NR == FNR { src[$1] = $2; sim[$1] = $3; next }
	($2 in src) && src[$2] == $1 { found[$2] = 1 }
	$2 ~ /^f/ { fresh++ }
	END {
		for (c in src) { all++; hit += c in found; if (sim[c] >= 0.9) { hi++; hihit += c in found } }
		printf "planted copies found: %d of %d, recall %.4f; of those at true Jaccard >= 0.9: %d of %d, recall %.4f\n", hit, all, hit / all, hihit, hi, hi ? hihit / hi : 0
		printf "pairs with a fresh document: %d\n", fresh
	}' "$T/copies.true" "$T/pairs"

# memory: the same REF against a stream five times longer
for i in 1 2 3 4 5; do cat "$T/stream.sigs"; done >"$T/stream5.sigs"
timed nice spotmatch --against "$ref" -t 0.9 -j 2 -v --novel "$T/stream5.sigs" >/dev/null 2>"$T/err5" || exit 1
echo "memory, stream of $((2 * q)) / $((10 * q)) documents:" \
	"input documents held $(field "peak input documents held" "$T/err") / $(field "peak input documents held" "$T/err5")," \
	"bytes held $(field "peak bytes held" "$T/err") / $(field "peak bytes held" "$T/err5")," \
	"peak RSS $(field "peak RSS" "$T/err") / $(field "peak RSS" "$T/err5") kB" \
	"($secs s for the long stream)"
rm -f "$T/stream5.sigs"

# ---- 2. spam prototypes against a mail stream ----
sa=$(spamassassin_data) || { echo "skip: SpamAssassin corpus not available"; exit 0; }
perl -e '
	srand(7);
	sub esc { my $s = shift; $s =~ s/\\/\\\\/g; $s =~ s/\t/\\t/g; $s =~ s/\n/\\n/g; $s =~ s/\r/\\r/g; $s }
	sub bodies {
		my @out;
		for my $f (sort glob("$ARGV[0]/$_[0]/*.txt")) {
			local $/; open my $fh, "<", $f or next; my $t = <$fh>;
			$t =~ s/\A.*?\r?\n\r?\n//s;
			(my $id = $f) =~ s|.*/([^/]+)/([0-9]+)\.[^/]*$|$1/$2|;
			push @out, [$id, $t];
		}
		@out
	}
	my @proto = bodies("spam-1");
	my @pool = map { split " ", $_->[1] } @proto[0 .. 99];
	open my $p, ">", "$ARGV[1]/proto.tsv"; open my $m, ">", "$ARGV[1]/mail.tsv";
	print $p "$_->[0]\t", esc($_->[1]), "\n" for @proto;
	print $m "$_->[0]\t", esc($_->[1]), "\n" for bodies("spam-2"), bodies("easy-ham-1");
	for my $i (0 .. 499) {
		my $d = $proto[int(rand(@proto))];
		my @w = split /(\s+)/, $d->[1];
		for (1 .. 3) {
			my $at = 2 * int(rand(@w / 2 + 1));
			if (rand() < 0.5 && $at < @w) { splice @w, $at, 2 }
			else { splice @w, $at, 0, $pool[rand @pool], " " }
		}
		print $m "copy$i~$d->[0]\t", esc(join "", @w), "\n";
	}' "$sa" "$T" || exit 1
echo "spam: $(wc -l <"$T/proto.tsv") prototypes (spam-1); mail stream of $(wc -l <"$T/mail.tsv"):" \
	"spam-2, easy-ham-1, 500 edited prototypes"

# report NAME PAIRS: what the pairs flag in the stream.
report() {
	awk -F '\t' -v name="$1" -v s="$secs" -v m="$(wc -l <"$T/mail.tsv")" \
	    -v nsp="$(grep -c '^spam-2/' "$T/mail.tsv")" -v nham="$(grep -c '^easy-ham-1/' "$T/mail.tsv")" '
	{ flagged[$2] = 1; if ($2 ~ /^copy/) { split($2, c, "~"); if (c[2] == $1) caught[$2] = 1 } }
	END {
		for (d in flagged) { if (d ~ /^copy/) cp++; else if (d ~ /^spam-2/) sp++; else ham++ }
		printf "  %s: %.2f s (%.0f messages/s); copies caught %d of 500 (by their prototype %d), spam-2 flagged %d of %d, ham flagged %d of %d\n",
			name, s, m / s, cp, length(caught), sp, nsp, ham, nham
	}' "$2"
}

dklexicon -w "$T/proto.tsv" >"$T/proto.lex"
imatch -L "$T/proto.lex" -K 10 "$T/proto.tsv" >"$T/proto.f"
timed sh -c "imatch -L '$T/proto.lex' -K 10 '$T/mail.tsv' | spotmatch --against '$T/proto.f' >'$T/imatch.pairs'"
report "I-Match, K = 10, any shared fingerprint" "$T/imatch.pairs"
qgram -w 3 "$T/proto.tsv" >"$T/proto.q"
minhash -w "$T/proto.q" >"$T/proto.b"
timed sh -c "qgram -w 3 '$T/mail.tsv' | minhash -w | spotmatch --against '$T/proto.b' -t 0.7 >'$T/lsh.pairs'"
report "LSH (k 6, l 32) of word 3-shingles, verified at 0.7" "$T/lsh.pairs"
timed sh -c "qgram -w 3 '$T/mail.tsv' | spotmatch --against '$T/proto.q' -t 0.7 >'$T/exact.pairs'"
report "exact, word 3-shingles at 0.7" "$T/exact.pairs"

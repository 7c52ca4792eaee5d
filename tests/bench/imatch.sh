#!/bin/sh
# imatch: throughput on the text of the shared pages (K = 0 and K = 10, with
# wc -w over the same bytes as the baseline), and recall and precision of
# duplicate pairs with K = 0 and K = 10 on goldset-dev and on SpamAssassin
# mail with synthetic edits.
. "$(dirname "$0")/common.sh"
have_shared || exit 0
T=$BENCH_TMP/imatch
mkdir -p "$T"

# pairs KEYED: each pair of IDs sharing a fingerprint, once, ID1 < ID2.
pairs() {
	awk -F '\t' '$1 != "R" {
		if ($1 == last) { for (i = 0; i < n; i++) print (ids[i] < $2 ? ids[i] "\t" $2 : $2 "\t" ids[i]) }
		else n = 0
		ids[n++] = $2; last = $1
	}' "$1" | sort -u
}

# score FOUND TRUE: precision and recall of a pair list against a true one.
score() {
	awk -F '\t' 'NR == FNR { t[$1 "\t" $2] = 1; nt++; next }
	{ nf++; if (($1 "\t" $2) in t) hit++ }
	END { printf "pairs %d, true %d, precision %.3f, recall %.3f\n", nf, nt,
		nf ? hit / nf : 0, nt ? hit / nt : 0 }' "$2" "$1"
}

run_quality() {   # NAME DOCS TRUEPAIRS LEXICON-OPTION [IMATCH-OPTION]
	dklexicon $4 "$2" >"$T/$1.lex"
	for K in 0 10; do
		imatch $5 -L "$T/$1.lex" -K $K "$2" | sort -t "$(printf '\t')" -k1,1 -s >"$T/$1.k$K"
		pairs "$T/$1.k$K" >"$T/$1.p$K"
		echo "$1 K=$K: $(score "$T/$1.p$K" "$3"), rejected $(grep -c '^R' "$T/$1.k$K")"
	done
}

# ---- throughput ----
# Three copies of the pages, the second and third under new IDs (ID#2,
# ID#3): an ID may not repeat in a document stream.
if ! test -s "$T/pages3.tsv"; then
	htmlstrip "$DK_SHARED"/corpora/pages/*/*.html.gz >"$T/pages1.tsv" || exit 1
	for c in 1 2 3; do
		awk -v c=$c 'BEGIN { FS = OFS = "\t" } c > 1 { $1 = $1 "#" c } { print }' "$T/pages1.tsv"
	done >"$T/pages3.tsv" || exit 1
fi
dklexicon -w "$T/pages1.tsv" >"$T/pages.lex"
bytes=$(wc -c <"$T/pages3.tsv")
echo "input: htmlstrip output of shared/corpora/pages, 3 copies (IDs renamed), $bytes bytes"
t0=$(now); wc -w "$T/pages3.tsv" >/dev/null; t1=$(now)
base=$(elapsed "$t0" "$t1")
echo "baseline wc -w: $(rate "$bytes" "$base") MB/s"
for K in 0 10; do
	t0=$(now); imatch -L "$T/pages.lex" -K $K "$T/pages3.tsv" >/dev/null; t1=$(now)
	s=$(elapsed "$t0" "$t1")
	echo "imatch -K $K: $(rate "$bytes" "$s") MB/s, $(awk -v a="$s" -v b="$base" 'BEGIN { printf "%.2f", a / b }')x the time of wc -w"
	# CPU time, best of three: less disturbed by other work on the machine
	if test -x /usr/bin/time; then
		c=$(for i in 1 2 3; do /usr/bin/time -f "%U %S" imatch -L "$T/pages.lex" -K $K "$T/pages3.tsv" 2>&1 >/dev/null; done |
		    awk '{ t = $1 + $2; if (best == "" || t < best) best = t } END { print best }')
		echo "imatch -K $K CPU time: ${c}s, $(rate "$bytes" "$c") MB/s per CPU second"
	fi
done

# ---- goldset-dev ----
G=$DK_SHARED/corpora/goldset-dev
htmlstrip "$G"/docs/*.html |
	awk 'BEGIN { FS = OFS = "\t" } { sub(/.*\//, "", $1); print }' >"$T/gold.tsv"
awk -F '\t' '{ c[$2] = c[$2] " " $1 }
END { for (k in c) { n = split(substr(c[k], 2), f, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		print (f[i] < f[j] ? f[i] "\t" f[j] : f[j] "\t" f[i]) } }' "$G/gold.tsv" |
	sort -u >"$T/gold.true"
run_quality goldset-dev "$T/gold.tsv" "$T/gold.true" -w
# I-Match-S: the same on spotsig's spot signatures
spotsig "$T/gold.tsv" >"$T/gold.sigs"
run_quality goldset-dev-S "$T/gold.sigs" "$T/gold.true" "" -S

# ---- SpamAssassin public corpus, with a copy of every message edited ----
sa=$(spamassassin_data) || { echo "skip: SpamAssassin corpus not available"; exit 0; }
# Distinct message bodies (after the header) as a document stream, and for every one
# a copy with 3 random edits: deleting a word, or inserting a word of another
# message.  True pairs: each message and its copy.
perl -e '
	srand(1);
	my (@ids, @bodies, %seen);
	for my $f (sort glob("$ARGV[0]/*/*.txt")) {
		local $/; open my $fh, "<", $f or next; my $t = <$fh>;
		$t =~ s/\A.*?\r?\n\r?\n//s;
		next if $seen{$t}++;
		(my $id = $f) =~ s|.*/([^/]+/[^/]+)\.txt$|$1|;
		push @ids, $id; push @bodies, $t;
	}
	my @pool = map { split } @bodies[0 .. 499];
	sub esc { my $s = shift; $s =~ s/\\/\\\\/g; $s =~ s/\t/\\t/g; $s =~ s/\n/\\n/g; $s =~ s/\r/\\r/g; $s }
	open my $docs, ">", "$ARGV[1]/sa.tsv"; open my $true, ">", "$ARGV[1]/sa.true";
	for my $i (0 .. $#ids) {
		my @w = split /(\s+)/, $bodies[$i];
		for (1 .. 3) {
			my $at = 2 * int(rand(@w / 2 + 1));
			if (rand() < 0.5 && $at < @w) { splice @w, $at, 2 }
			else { splice @w, $at, 0, $pool[rand @pool], " " }
		}
		print $docs "$ids[$i]\t", esc($bodies[$i]), "\n";
		print $docs "$ids[$i]~\t", esc(join "", @w), "\n";
		print $true "$ids[$i]\t$ids[$i]~\n";
	}' "$sa" "$T"
sort -u "$T/sa.true" -o "$T/sa.true"
echo "SpamAssassin: $(($(wc -l <"$T/sa.tsv") / 2)) messages and their edited copies"
run_quality spamassassin "$T/sa.tsv" "$T/sa.true" -w
# Pairs other than message/copy may be real duplicates inside the corpus.
for K in 0 10; do
	echo "spamassassin K=$K: pairs between different messages $(grep -vc '~' "$T/spamassassin.p$K")"
done

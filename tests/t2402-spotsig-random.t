#!/bin/sh
test_description='spotsig: random texts against a brute-force awk version'
. "$(dirname "$0")/lib.sh"

# Words: antecedents that are stopwords (the, is), one that is not (obama),
# other stopwords (of, and), content words; random case and punctuation.
test_expect_success 'setup' '
	printf "the\nis\nof\nand\n" >stop &&
	printf "the:1:2\nis:2:3\nobama:3:1\n" >ante &&
	dk_gen --text --words "the The is of and obama x y z w v u" \
		--skew 1 --repeat -l 0:39 --punct 0.2 -s 11 400 >in &&
	test $(wc -l <in) = 400
'

test_expect_success 'spotsig equals the brute-force signatures' '
	awk -F "\t" "
	BEGIN { d[\"the\"] = 1; c[\"the\"] = 2; d[\"is\"] = 2; c[\"is\"] = 3; d[\"obama\"] = 3; c[\"obama\"] = 1
		stop[\"the\"] = stop[\"is\"] = stop[\"of\"] = stop[\"and\"] = 1 }
	{
		t = tolower(\$2); gsub(/[^a-z]+/, \" \", t); n = split(t, tok, \" \")
		m = 0; delete cnt; k = 0
		for (i = 1; i <= n; i++) {
			if (!(tok[i] in stop)) ns[++m] = tok[i]
			pos[i] = m
		}
		for (i = 1; i <= n; i++) {
			a = tok[i]
			if (!(a in d)) continue
			s = a; taken = 0
			for (j = pos[i] + d[a]; j <= m && taken < c[a]; j += d[a]) { s = s \":\" ns[j]; taken++ }
			if (!taken) continue
			if (!(s in cnt)) order[++k] = s
			cnt[s]++
		}
		out = \$1 \"\t\"
		if (!k) out = out \"!short\"
		for (i = 1; i <= k; i++) out = out (i > 1 ? \" \" : \"\") order[i] \"=\" cnt[order[i]]
		print out
	}" in >expect &&
	spotsig -S stop -A ante in >actual &&
	test_cmp expect actual &&
	test $(grep -c "obama:" actual) -gt 10 && test $(grep -c "is:" actual) -gt 10
'

test_expect_success 'IDF filter through a lexicon equals the two-pass filter' '
	spotsig -S stop -A ante -m 0 in >sigs &&
	dklexicon sigs >lex &&
	spotsig -S stop -A ante --idf 0.3:0.9 in >expect &&
	spotsig -S stop -A ante --idf 0.3:0.9 -L lex in >actual &&
	test_cmp expect actual &&
	dklexicon --idf 0.3:0.9 sigs >actual2 &&
	test_cmp expect actual2
'

test_done

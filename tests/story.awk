# story.awk: a document stream where the IDF cut and --agree disagree, for
# the tests of --agree (t2412, t8100).  Every document is spot triples,
# "ANTECEDENT WORD WORD", antecedents the, a, is and was in turn, words
# w0 .. w99990 drawn by arithmetic (no random numbers: any awk writes the
# same bytes).
#
#   u1 .. uU   U unrelated pages, 40 triples of their own, then the same
#              template of 12 triples: common, but the pages share
#              nothing else (they do not agree)
#   c1 .. cC   C copies of one story of 40 triples (copy d has triple
#              d mod 40 changed), each after an introduction of 8 triples
#              of its own: common too, and the copies agree
#
# Variables: U (default 60), C (default 24).  With the defaults N = 84,
# the story's DF 24 is below the IDF bound 0.5 (sqrt(84) ~ 9.2), so
# without --agree the copies keep only their introductions and match
# nothing.
function w(x) { return "w" (x % 99991) }
function tri(k, a, b) { return ant[k % 4] " " w(a) " " w(b) }
BEGIN {
	if (U == "") U = 60
	if (C == "") C = 24
	ant[0] = "the"; ant[1] = "a"; ant[2] = "is"; ant[3] = "was"
	for (d = 1; d <= U; d++) {
		t = "u" d "\t" tri(0, d * 7919, d * 15485863)
		for (j = 1; j < 40; j++)
			t = t " " tri(j, d * 7919 + j * 104729, d * 15485863 + j * 32452843)
		for (j = 0; j < 12; j++)
			t = t " " tri(j, 500000 + j * 11, 500001 + j * 13)
		print t
	}
	for (d = 1; d <= C; d++) {
		e = d + 100
		t = "c" d "\t" tri(0, e * 7919, e * 15485863)
		for (j = 1; j < 8; j++)
			t = t " " tri(j, e * 7919 + j * 104729, e * 15485863 + j * 32452843)
		for (j = 0; j < 40; j++)
			t = t " " tri(j, j == d % 40 ? 900000 + d : 700000 + j * 17, 700001 + j * 19)
		print t
	}
}

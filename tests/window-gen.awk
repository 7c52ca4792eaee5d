# Documents for the tests of spotmatch --window: n of them (ID, then the
# signatures as name=count), made with srand(seed).  With probability pcopy
# a document is a near copy of one of the back before it: each signature
# dropped with probability drop, then extra new ones, each added with
# probability pextra.  Otherwise it draws its length, log-uniform from 1 to
# about maxlen or uniform in [lo, hi), and that many signatures over a
# vocabulary of v skewed towards its start (duplicates dropped), each with
# a count up to cmax.  A document left empty gets a signature of its own.
#   awk -v seed=21 -v n=1500 -v v=600 -v cmax=3 -v drop=0.08 -v pcopy=0.33 \
#       -v back=150 -v extra=3 -v pextra=0.3 -v maxlen=120 -f window-gen.awk
BEGIN {
	srand(seed);
	for (i = 0; i < n; i++) {
		if (i > 0 && rand() < pcopy) {
			src = i - 1 - int(rand() * (i < back ? i : back));
			k = split(doc[src], a, " ");
			s = "";
			for (j = 1; j <= k; j++)
				if (rand() >= drop)
					s = s (s == "" ? "" : " ") a[j];
			for (j = 0; j < extra; j++)
				if (rand() < pextra)
					s = s (s == "" ? "" : " ") "n" i "x" j "=" (1 + int(rand() * cmax));
		} else {
			if (maxlen)
				k = int(exp(rand() * log(maxlen))) + 1;
			else
				k = lo + int(rand() * (hi - lo));
			s = ""; delete seen;
			for (j = 0; j < k; j++) {
				w = "w" int(v * rand() * rand());
				if (w in seen) continue;
				seen[w] = 1;
				s = s (s == "" ? "" : " ") w "=" (1 + int(rand() * cmax));
			}
		}
		if (s == "")
			s = "e" i "=1";
		doc[i] = s;
		printf "d%d\t%s\n", i, s;
	}
}

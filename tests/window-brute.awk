# Brute force for the tests of spotmatch --window: every pair (earlier,
# later in arrival) whose times differ by at most w (arrival numbers when
# col is 0) and whose similarity under measure m (jaccard, set, max, dice)
# reaches tau, formatted as spotmatch writes it.  The signatures are the
# last field.
#   awk -v col=2 -v w=1000 -v m=max -v tau=0.8 -f window-brute.awk sigs.tsv
BEGIN { FS = "\t" }
{
	id[NR] = $1;
	tm[NR] = col ? $col : NR;
	n = split($NF, it, " ");
	len[NR] = 0;
	for (j = 1; j <= n; j++) {
		split(it[j], kv, "=");
		c = m == "set" ? 1 : kv[2] + 0;
		cnt[NR, kv[1]] = c;
		keys[NR] = keys[NR] " " kv[1];
		len[NR] += c;
	}
	# (arrival numbers: only the last w can be near enough)
	for (i = col || NR <= w ? 1 : NR - w; i < NR; i++) {
		gap = tm[NR] - tm[i]; if (gap < 0) gap = -gap;
		if (gap > w || len[i] == 0 || len[NR] == 0) continue;
		o = 0;
		k = split(keys[i], ks, " ");
		for (j = 1; j <= k; j++)
			if ((NR, ks[j]) in cnt) {
				a = cnt[i, ks[j]]; b = cnt[NR, ks[j]];
				o += a < b ? a : b;
			}
		if (m == "max") den = len[i] > len[NR] ? len[i] : len[NR];
		else den = len[i] + len[NR] - o;
		sim = den ? o / den : 0;
		if (m == "dice") sim = 2 * o / (len[i] + len[NR]);
		if (sim >= tau) {
			mic = int(sim * 1e6 + 0.5);
			printf "%s\t%s\t%d.%06d\n", id[i], id[NR], (mic >= 1000000 ? 1 : 0), mic % 1000000;
		}
	}
}

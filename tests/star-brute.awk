# Brute force of dkcluster -m star and -m leader (common/cluster.h), for
# t7010: awk -v method=star|leader -v tau=MICRO -f star-brute.awk IDS PAIRS
# writes the cluster stream dkcluster -a IDS -m METHOD --min-sim writes.
BEGIN { FS = "\t"; n = 0; ne = 0 }
FNR == 1 { file++ }
file == 1 { if (!($1 in no)) { no[$1] = n; id[n++] = $1 } next }
{
	m = int($3 * 1000000 + 0.5)
	a = no[$1]; b = no[$2]
	if (m < tau || a == b) next
	ea[ne] = a; eb[ne] = b; es[ne++] = m
	w = int(m * m / 1048576); wt[a] += w; wt[b] += w
}
END {
	# the visiting order: by weight for star, by number for leader
	for (v = 0; v < n; v++) { ord[v] = v; done[v] = 0 }
	if (method == "star")
		for (r = 0; r < n; r++) {
			best = -1
			for (v = 0; v < n; v++)
				if (!done[v] && (best < 0 || wt[v] + 0 > wt[best] + 0)) best = v
			done[best] = 1; ord[r] = best
		}
	for (r = 0; r < n; r++) rank[ord[r]] = r
	for (r = 0; r < n; r++) {
		v = ord[r]; c = -1; cs = -1
		for (k = 0; k < ne; k++) {
			if (ea[k] == v) u = eb[k]; else if (eb[k] == v) u = ea[k]; else continue
			if (rank[u] >= r || head[u] != u) continue
			if (c < 0 || es[k] > cs || (es[k] == cs && rank[u] < rank[c])) { c = u; cs = es[k] }
		}
		head[v] = c < 0 ? v : c
	}
	# each cluster is named after its lowest-numbered member
	for (v = 0; v < n; v++) if (!(head[v] in low)) low[head[v]] = v
	for (v = 0; v < n; v++) name[v] = low[head[v]]
	for (c = 0; c < n; c++)
		for (v = 0; v < n; v++)
			if (name[v] == c) print id[v] "\t" id[c]
}

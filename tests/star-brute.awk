# Brute force of dkcluster -m star and -m leader (common/cluster.h), for
# t7010 and t7020: awk -v method=star|leader -v tau=MICRO [-v keep=RULE]
# -f star-brute.awk IDS PAIRS writes the cluster stream that dkcluster -a
# IDS -m METHOD --min-sim [--keep RULE] writes.  RULE is first (the
# default), longest (bytes of the last column: run it with LC_ALL=C),
# max:COL or min:COL.
BEGIN {
	FS = "\t"; n = 0; ne = 0
	if (keep == "") keep = "first"
	col = keep ~ /^m(ax|in):/ ? substr(keep, 5) + 0 : 0
}
FNR == 1 { file++ }
file == 1 {
	if ($1 in no) next
	no[$1] = n; id[n] = $1
	# pref: greater is kept first; equal ones in -a order
	if (keep == "longest") pref[n] = length($NF)
	else if (keep ~ /^max:/) pref[n] = $col + 0
	else if (keep ~ /^min:/) pref[n] = -($col + 0)
	else pref[n] = 0
	n++
	next
}
{
	m = int($3 * 1000000 + 0.5)
	a = no[$1]; b = no[$2]
	if (m < tau || a == b) next
	ea[ne] = a; eb[ne] = b; es[ne++] = m
	w = int(m * m / 1048576); wt[a] += w; wt[b] += w
}
# before(u, v): u comes before v in keep order
function before(u, v) {
	return pref[u] > pref[v] || (pref[u] == pref[v] && u < v)
}
END {
	# the keep order: krank[v] is v's place in it
	for (v = 0; v < n; v++) done[v] = 0
	for (r = 0; r < n; r++) {
		best = -1
		for (v = 0; v < n; v++)
			if (!done[v] && (best < 0 || before(v, best))) best = v
		done[best] = 1; krank[best] = r
	}
	# the visiting order: by weight for star (equal weights in keep
	# order), in keep order for leader
	for (v = 0; v < n; v++) done[v] = 0
	for (r = 0; r < n; r++) {
		best = -1
		for (v = 0; v < n; v++) {
			if (done[v]) continue
			if (best < 0) best = v
			else if (method == "star" && wt[v] + 0 != wt[best] + 0) {
				if (wt[v] + 0 > wt[best] + 0) best = v
			} else if (krank[v] < krank[best]) best = v
		}
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
	# each cluster is named after its member first in keep order; the
	# clusters in -a order of their names, members in -a order
	for (v = 0; v < n; v++)
		if (!(head[v] in low) || krank[v] < krank[low[head[v]]]) low[head[v]] = v
	for (v = 0; v < n; v++) name[v] = low[head[v]]
	for (c = 0; c < n; c++)
		for (v = 0; v < n; v++)
			if (name[v] == c) print id[v] "\t" id[c]
}

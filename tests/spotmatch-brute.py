# Brute force for the spotmatch tests: every pair of documents whose
# similarity, computed as common/measure.h computes it (a double
# quotient), is at least TAU, ordered by input order of the first then the
# second document, SIM rounded as dk_buf_sim rounds.  The ID is the first
# field, the signatures the last; the columns between are ignored.
#   python3 spotmatch-brute.py TAU MEASURE FILE
import sys

tau, m = float(sys.argv[1]), sys.argv[2]
docs = []
for line in open(sys.argv[3]):
    f = line.rstrip("\n").split("\t")
    d = {}
    for it in f[-1].split(" "):
        k, c = it.rsplit("=", 1)
        d[k] = int(c)
    docs.append((f[0], d))


def length(d):
    return len(d) if m == "set" else sum(d.values())


for a in range(len(docs)):
    ia, da = docs[a]
    la = length(da)
    for b in range(a + 1, len(docs)):
        ib, db = docs[b]
        lb = length(db)
        o = 0
        for k, c in da.items():
            if k in db:
                o += 1 if m == "set" else min(c, db[k])
        if o == 0:
            continue
        if m == "dice":
            sim = 2 * o / (la + lb)
        else:
            sim = o / (max(la, lb) if m == "max" else la + lb - o)
        if sim >= tau:
            micro = int(sim * 1e6 + 0.5)
            print("%s\t%s\t%d.%06d" % (ia, ib, micro // 1000000, micro % 1000000))

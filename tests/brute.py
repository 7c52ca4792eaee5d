# The brute-force oracle of spotmatch: what it must write, found by
# comparing every pair the mode allows, the slow and obvious way.
#
#   brute.py [-t TAU] [-M MEASURE] [--min-shared N] [--min-distinct N]
#            [--dense-tau T] [--size-ratio R] FILE...
#       every pair of the stream, ordered by the position of the first
#       document, then of the second (TAU 0.9 unless given)
#   brute.py --against REF [--against REF]... [--within] [--novel] FILE...
#       for each input document in order, each REF document in order it
#       reaches TAU with: "REFID TAB ID TAB SIM"; --within then adds the
#       pairs of the input as above; --novel writes instead the IDs of the
#       input documents without a REF pair (with --within: nor a pair with
#       an earlier input document)
#   brute.py --window W [--time-column N] [--novel] FILE...
#       for each document in arrival order, each earlier one in arrival
#       order whose time is at most W from its own; the time is the
#       arrival number, or with --time-column the time of field N (Unix
#       seconds or ISO 8601, to the millisecond) and W seconds or a count
#       with units s m h d w (24h, 1d12h); TAU 0.8 unless given; --novel
#       writes instead the IDs of the documents without such a pair
#
# A document is read as spotmatch reads a plain signature stream: the ID is
# the first field, the signatures (name=count) the last; one flagged !short
# or without signatures matches nothing.  A pair is reported when the
# similarity under MEASURE (jaccard, set, max, dice, cosine, containment, as
# common/measure.h defines them), a double quotient, is >= TAU and the pair
# shares at least N signatures (--min-shared, 1 unless given: the sum over
# shared signatures of the smaller weight, the count or 1 for set); SIM is rounded as
# dk_buf_sim rounds it (common/stream.c).  With --dense-tau T (in every
# mode) a pair in which either document is flagged !chains must also
# reach T; with --min-distinct N the pair shares at least N signatures
# each counted once (the keys both documents hold); with --size-ratio R
# (in every mode) the shorter document's length is at least R times the
# longer's, as the double quotient shorter / longer.
import argparse
import datetime
import math
import re
import sys

p = argparse.ArgumentParser()
p.add_argument("-t", type=float, dest="tau")
p.add_argument("-M", default="jaccard", choices=["jaccard", "set", "max", "dice", "cosine", "containment"])
p.add_argument("--min-shared", type=int, default=1)
p.add_argument("--min-distinct", type=int, default=0)
p.add_argument("--dense-tau", type=float, default=0.0)
p.add_argument("--size-ratio", type=float, default=0.0)
p.add_argument("--against", action="append", default=[])
p.add_argument("--within", action="store_true")
p.add_argument("--novel", action="store_true")
p.add_argument("--window")
p.add_argument("--time-column", type=int, default=0)
p.add_argument("files", nargs="+")
a = p.parse_args()
tau = a.tau if a.tau is not None else 0.8 if a.window else 0.9
sys.stdout.reconfigure(errors="surrogateescape")


def millis(s):
    if len(s) > 4 and s[4] == "-":
        t = datetime.datetime.fromisoformat(s)
        epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        return (t - epoch) // datetime.timedelta(milliseconds=1)
    sign, sec, frac = re.fullmatch(r"(-?)(\d+)(?:[.,](\d+))?", s).groups()
    ms = int(sec) * 1000 + int(((frac or "") + "000")[:3])
    return -ms if sign else ms


def duration(s):
    if not a.time_column:
        return int(s)
    if s.isdigit():
        return int(s) * 1000
    unit = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
    return sum(int(v) * unit[u] * 1000 for v, u in re.findall(r"(\d+)([smhdw])", s))


# The documents of the files: (ID, time, {signature: weight}, length,
# flagged !chains), the weights empty when the document matches nothing.
def load(paths):
    docs = []
    for path in paths:
        for line in open(path, encoding="utf-8", errors="surrogateescape", newline="\n"):
            f = line.rstrip("\n").split("\t")
            items = f[-1].split(" ") if f[-1] else []
            w = {}
            if "!short" not in items:
                for it in items:
                    if not it.startswith("!"):
                        k, c = it.rsplit("=", 1)
                        w[k] = 1 if a.M == "set" else int(c)
            t = millis(f[a.time_column - 1]) if a.time_column else len(docs)
            docs.append((f[0], t, w, sum(w.values()), "!chains" in items))
    return docs


def sim(x, y):
    wx, lx, wy, ly = x[2], x[3], y[2], y[3]
    if not wx or not wy or wx.keys().isdisjoint(wy.keys()):
        return 0.0
    o = sum(min(wx[k], wy[k]) for k in wx.keys() & wy.keys())
    if o < a.min_shared or len(wx.keys() & wy.keys()) < a.min_distinct:
        return 0.0
    if a.M == "dice":
        return 2 * o / (lx + ly)
    if a.M == "cosine":
        return o / math.sqrt(float(lx) * float(ly))
    if a.M == "containment":
        return o / min(lx, ly)
    return o / (max(lx, ly) if a.M == "max" else lx + ly - o)


# Whether x and y at similarity s make a pair: s reaches tau, and
# --dense-tau when either is flagged !chains, and --size-ratio.
def kept(x, y, s):
    small, big = min(x[3], y[3]), max(x[3], y[3])
    return (s >= tau and not ((x[4] or y[4]) and s < a.dense_tau) and
            not (a.size_ratio > 0 and big > 0 and small / big < a.size_ratio))


def write(x, y, s):
    micro = int(s * 1e6 + 0.5)
    print("%s\t%s\t%d.%06d" % (x[0], y[0], micro // 1000000, micro % 1000000))


# The pairs (i, j, SIM) of docs reaching tau, i < j: for each j in order,
# each i in order that near(i, j) allows.
def pairs(docs, near=lambda i, j: True):
    return [(i, j, s) for j in range(len(docs)) for i in range(j)
            if near(i, j) and kept(docs[i], docs[j], s := sim(docs[i], docs[j]))]


docs = load(a.files)
if a.against:
    ref = load(a.against)
    out = [(x, y, s) for y in docs for x in ref if kept(x, y, s := sim(x, y))]
    if a.within:
        out += [(docs[i], docs[j], s) for i, j, s in sorted(pairs(docs))]
elif a.window:
    w = duration(a.window)
    out = [(docs[i], docs[j], s)
           for i, j, s in pairs(docs, lambda i, j: abs(docs[j][1] - docs[i][1]) <= w)]
else:
    out = [(docs[i], docs[j], s) for i, j, s in sorted(pairs(docs))]
if a.novel:
    later = {id(y) for x, y, s in out}
    for d in docs:
        if id(d) not in later:
            print(d[0])
else:
    for x, y, s in out:
        write(x, y, s)

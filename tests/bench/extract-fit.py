#!/usr/bin/python3
"""Chooses htmlstrip --main's weights (cmd/htmlstrip/extract.c: LINKCOST,
SEGCOST, CMTPCT, BADGOOD) on the shared pages, and says what
each choice is worth on pages it was not chosen on.

usage: extract-fit.py [-j JOBS] PAGES HTMLDIR

PAGES is shared/corpora/pages; HTMLDIR the same pages decompressed, named
SET-ID.html (tests/bench/extract.sh makes $BENCH_TMP/extract-pages).  Run
from the top of the project after `make`: each point of a small grid is a
build of htmlstrip with -D overrides (into a temporary directory), run on
every page and scored as extract-score.py scores.  For each set held out,
prints the point with the best mean F1 over the other three sets and its
F1 on the held-out set; then the best point over all four, which is what
extract.c should say.  Python standard library only.
"""
import itertools
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract_score as es  # noqa: E402

GRID = {
    "LINKCOST": (1, 2),
    "SEGCOST": (5, 10),
    "CMTPCT": (50, 100),
    "BADGOOD": (3, 5),
}
SETS = ("cleaneval", "dragnet", "l3s", "scrapinghub")


def build(tmp, point):
    exe = os.path.join(tmp, "htmlstrip-" + "-".join(str(v) for v in point))
    flags = ["-D%s=%d" % (k, v) for k, v in zip(GRID, point)]
    cmd = ["cc", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-D_DEFAULT_SOURCE",
           "-O2", "-pthread", "-Icommon", '-DDK_VERSION="fit"'] + flags
    cmd += sorted("cmd/htmlstrip/" + f for f in os.listdir("cmd/htmlstrip")
                  if f.endswith(".c"))
    cmd += ["build/libdk.a", "-lpcre2-8", "-lcrypto", "-lz", "-lm", "-o", exe]
    subprocess.run(cmd, check=True)
    return exe


def run(exe, htmldir, gold):
    names = sorted(os.listdir(htmldir))
    out = subprocess.run([exe, "--main", "--"] + names, cwd=htmldir,
                         check=True, capture_output=True).stdout
    e = es.parse(out.decode("utf-8", "replace"))
    res = es.score(gold, e)
    return {st: sum(x[2] for x in res[st]) / len(res[st]) for st in SETS}


def main():
    args = sys.argv[1:]
    if len(args) != 2:
        sys.exit("usage: extract-fit.py PAGES HTMLDIR")
    gold = es.gold(args[0])
    counts = {st: sum(1 for k in gold if k[0] == st) for st in SETS}
    f1 = {}
    with tempfile.TemporaryDirectory() as tmp:
        for point in itertools.product(*GRID.values()):
            exe = build(tmp, point)
            f1[point] = run(exe, args[1], gold)
            os.unlink(exe)
            print(" ".join("%s=%d" % kv for kv in zip(GRID, point)),
                  " ".join("%s %.4f" % (st, f1[point][st]) for st in SETS),
                  flush=True)

    def mean(point, sets):
        n = sum(counts[st] for st in sets)
        return sum(f1[point][st] * counts[st] for st in sets) / n

    print("\nheld out      chosen on the other three sets          F1 there  F1 held out")
    for out in SETS:
        rest = [st for st in SETS if st != out]
        best = max(f1, key=lambda p: (mean(p, rest), p))
        print("%-12s  %-38s  %.4f    %.4f" % (
            out, " ".join("%s=%d" % kv for kv in zip(GRID, best)),
            mean(best, rest), f1[best][out]))
    best = max(f1, key=lambda p: (mean(p, SETS), p))
    print("best on all four: %s  F1 %.4f" % (
        " ".join("%s=%d" % kv for kv in zip(GRID, best)), mean(best, SETS)))


if __name__ == "__main__":
    main()

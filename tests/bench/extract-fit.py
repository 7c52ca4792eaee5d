#!/usr/bin/python3
"""Chooses htmlstrip --main's weights (cmd/htmlstrip/extract.c: LINKCOST,
SEGCOST, CMTPCT, BADGOOD) on the shared pages, and says what
each choice is worth on pages it was not chosen on.

usage: extract-fit.py [-j JOBS] PAGES HTMLDIR
       extract-fit.py --heldout HTMLDIR OUT

PAGES is shared/corpora/pages; HTMLDIR the same pages decompressed, named
SET-ID.html (tests/bench/extract.sh makes $BENCH_TMP/extract-pages).  Run
from the top of the project after `make`: each point of a small grid is a
build of htmlstrip with -D overrides (into a temporary directory), run on
every page and scored as extract_score.py scores; -j runs JOBS points at
once (1 by default).  For each set held out, prints the point with the
best mean F1 over the other three sets and its F1 on the held-out set;
then the best point over all four, which is what extract.c should say.
It writes the four held-out points to extract-heldout.tsv beside this
script (committed).

With --heldout, nothing is fitted: each set's pages are run through a
build with the weights extract-heldout.tsv gives for that set held out,
and the four outputs are written, one document stream, to OUT (scored by
extract_score.py, these are the held-out figures of the committed fit;
tests/bench/extract.sh does this).  Python standard library only.
"""
import itertools
import multiprocessing
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
HELDOUT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "extract-heldout.tsv")


def build(tmp, point):
    exe = os.path.join(tmp, "htmlstrip-" + "-".join(str(v) for v in point))
    flags = ["-D%s=%d" % (k, v) for k, v in zip(GRID, point)]
    cmd = ["cc", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-D_DEFAULT_SOURCE",
           "-O2", "-pthread", "-Icommon", '-DDK_VERSION="fit"'] + flags
    cmd += sorted("cmd/htmlstrip/" + f for f in os.listdir("cmd/htmlstrip")
                  if f.endswith(".c"))
    libs = subprocess.run(["pkg-config", "--libs", "json-c"], capture_output=True,
                          text=True).stdout.split() or ["-ljson-c"]
    cmd += ["build/libdk.a", "-lpcre2-8", "-lcrypto", "-lz"] + libs + ["-lm", "-o", exe]
    subprocess.run(cmd, check=True)
    return exe


def extract(exe, htmldir, names):
    return subprocess.run([exe, "--main", "--"] + names, cwd=htmldir,
                          check=True, capture_output=True).stdout


def run(exe, htmldir, gold):
    out = extract(exe, htmldir, sorted(os.listdir(htmldir)))
    e = es.parse(out.decode("utf-8", "replace"))
    res = es.score(gold, e)
    return {st: sum(x[2] for x in res[st]) / len(res[st]) for st in SETS}


GOLD = {}


def fit_point(args):
    point, tmp, htmldir = args
    exe = build(tmp, point)
    f1 = run(exe, htmldir, GOLD)
    os.unlink(exe)
    return point, f1


def heldout(htmldir, out):
    """Each set through the build its held-out weights make, into out."""
    rows = [line.rstrip("\n").split("\t") for line in open(HELDOUT)]
    head, rows = rows[0], rows[1:]
    names = sorted(os.listdir(htmldir))
    with tempfile.TemporaryDirectory() as tmp, open(out, "wb") as f:
        for row in rows:
            point = tuple(int(row[head.index(k)]) for k in GRID)
            exe = build(tmp, point)
            f.write(extract(exe, htmldir,
                            [n for n in names if n.startswith(row[0] + "-")]))
            os.unlink(exe)


def main():
    args = sys.argv[1:]
    jobs = 1
    if len(args) == 3 and args[0] == "--heldout":
        heldout(args[1], args[2])
        return
    if len(args) == 4 and args[0] == "-j" and args[1].isdigit() and int(args[1]) > 0:
        jobs = int(args[1])
        args = args[2:]
    if len(args) != 2:
        sys.exit("usage: extract-fit.py [-j JOBS] PAGES HTMLDIR\n"
                 "       extract-fit.py --heldout HTMLDIR OUT")
    gold = GOLD
    gold.update(es.gold(args[0], True))  # before the pool forks: its workers share it
    counts = {st: sum(1 for k in gold if k[0] == st) for st in SETS}
    f1 = {}
    with tempfile.TemporaryDirectory() as tmp:
        todo = [(p, tmp, args[1]) for p in itertools.product(*GRID.values())]
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for point, res in pool.imap(fit_point, todo):
                f1[point] = res
                print(" ".join("%s=%d" % kv for kv in zip(GRID, point)),
                      " ".join("%s %.4f" % (st, res[st]) for st in SETS),
                      flush=True)

    def mean(point, sets):
        n = sum(counts[st] for st in sets)
        return sum(f1[point][st] * counts[st] for st in sets) / n

    print("\nheld out      chosen on the other three sets          F1 there  F1 held out")
    rows = ["set\t" + "\t".join(GRID) + "\tF1 there\tF1 held out"]
    for out in SETS:
        rest = [st for st in SETS if st != out]
        best = max(f1, key=lambda p: (mean(p, rest), p))
        print("%-12s  %-38s  %.4f    %.4f" % (
            out, " ".join("%s=%d" % kv for kv in zip(GRID, best)),
            mean(best, rest), f1[best][out]))
        rows.append("\t".join([out] + [str(v) for v in best] +
                              ["%.4f" % mean(best, rest), "%.4f" % f1[best][out]]))
    with open(HELDOUT, "w") as f:
        f.write("\n".join(rows) + "\n")
    best = max(f1, key=lambda p: (mean(p, SETS), p))
    print("best on all four: %s  F1 %.4f" % (
        " ".join("%s=%d" % kv for kv in zip(GRID, best)), mean(best, SETS)))


if __name__ == "__main__":
    main()

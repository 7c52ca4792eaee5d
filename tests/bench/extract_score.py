#!/usr/bin/python3
"""Scores main-content extractions against hand-marked text.

usage: extract_score.py PAGES NAME=TSV ...

PAGES is shared/corpora/pages (SET/ID.txt, the hand-marked main content);
each TSV is a document stream, one page a line, whose ID is SET-ID.html
or .../SET/ID.html.gz and whose text is escaped as htmlstrip
writes it.  For each NAME, prints precision, recall and F1 averaged over
the pages of each set and over all: lower-cased \\w+ tokens as multisets,
per page precision = shared / extracted, recall = shared / hand-marked.
A page missing from a TSV counts as extracted empty (precision 0).
Twice: against the hand-marked text with the readers' comments a set
marks in it (dragnet's, after a line "!@#$%^&*() COMMENTS"; the marker
line itself is not text) and without them (the text before the marker),
as htmlstrip --main --comments and htmlstrip --main are meant to
extract; the sets that mark no comments score the same both ways.
"""
import collections
import os
import re
import sys

WORD = re.compile(r"\w+")
SETS = ("cleaneval", "dragnet", "l3s", "scrapinghub")
ESC = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def tokens(text):
    return collections.Counter(WORD.findall(text.lower()))


def unescape(s):
    return re.sub(r"\\(.)", lambda m: ESC.get(m.group(1), m.group(1)), s)


MARK = "!@#$%^&*() COMMENTS"


def gold(pages, comments):
    """{(set, id): tokens} of every hand-marked page, with the comments a
    page marks or without them."""
    g = {}
    for st in sorted(os.listdir(pages)):
        d = os.path.join(pages, st)
        for f in os.listdir(d) if os.path.isdir(d) else ():
            if not f.endswith(".txt"):
                continue
            raw = open(os.path.join(d, f), "rb").read()
            if raw.count(b"\0") * 4 > len(raw):
                raw = raw.replace(b"\0", b"")  # UTF-16 stored as if UTF-8
            text = raw.decode("utf-8", "replace")
            main, mark, rest = text.partition(MARK)
            g[(st, f[:-4])] = tokens(main + rest if comments else main)
    return g


def parse(lines):
    """{(set, id): tokens} of a document stream's lines."""
    e = {}
    # split on "\n" only: str.splitlines() also splits at the Unicode line
    # and paragraph separators, which htmlstrip leaves inside a line
    for line in lines.split("\n") if isinstance(lines, str) else lines:
        if not line:
            continue
        name, _, text = line.rstrip("\n").partition("\t")
        for ext in (".gz", ".html"):
            if name.endswith(ext):
                name = name[:-len(ext)]
        parent, base = os.path.split(name)
        if os.path.basename(parent) in SETS:
            st, pid = os.path.basename(parent), base
        else:
            st, _, pid = base.partition("-")
        e[(st, pid)] = tokens(unescape(text))
    return e


def extracted(path):
    with open(path, encoding="utf-8", errors="replace", newline="\n") as f:
        return parse(f)


def prf(g, e):
    shared = sum((g & e).values())
    ne, ng = sum(e.values()), sum(g.values())
    p = shared / ne if ne else 0.0
    r = shared / ng if ng else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score(g, e):
    """{set: [(p, r, f1), ...]} with "all" too."""
    res = collections.defaultdict(list)
    for key in sorted(g):
        v = prf(g[key], e.get(key, collections.Counter()))
        res[key[0]].append(v)
        res["all"].append(v)
    return res


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: extract_score.py PAGES NAME=TSV ...")
    gin, gout = gold(sys.argv[1], True), gold(sys.argv[1], False)
    print("%-24s %-12s %5s  %-20s  %-20s" % ("", "", "", "comments in", "comments out"))
    print("%-24s %-12s %5s %6s %6s %6s  %6s %6s %6s" % ("method", "set", "pages", "P", "R", "F1",
                                                   "P", "R", "F1"))
    for arg in sys.argv[2:]:
        name, _, path = arg.partition("=")
        e = extracted(path)
        rin, rout = score(gin, e), score(gout, e)
        for st in sorted(rin, key=lambda s: (s == "all", s)):
            m = [sum(x[i] for x in rin[st]) / len(rin[st]) for i in range(3)]
            m += [sum(x[i] for x in rout[st]) / len(rout[st]) for i in range(3)]
            print("%-24s %-12s %5d %6.3f %6.3f %6.3f  %6.3f %6.3f %6.3f" % (name, st, len(rin[st]), *m))


if __name__ == "__main__":
    main()

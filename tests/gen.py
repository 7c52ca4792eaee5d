# The collections the tests read: N documents "ID [TAB TIME] [TAB CHECKSUM]
# TAB BODY", BODY a signature list "name=count ..." in shuffled order, or
# with --text the words of a text; the same for the same options and seed
# (only random.random() is drawn, whose sequence Python keeps from version
# to version).
#
#   python3 gen.py [options] N
#
# A document is fresh, or with probability --copy a copy of an earlier one
# (of the last --back), or with probability --copy-ref of a document of
# --ref.  A fresh one draws its length, uniform in -l LO:HI (log-uniform
# with --loglen), then that many words (signatures, or the words of a
# text), int(V * r ** SKEW) of the vocabulary for r uniform in [0, 1), each
# signature with a count up to -c; a word drawn again is dropped, or with
# --repeat kept again (for signatures: its count grows).  A copy is exact
# with probability --exact; otherwise each word is dropped with probability
# --drop or changed with --change (a count moved by one, a word replaced),
# then new words are added while a draw stays below --add; or with --edits
# N, exactly N insertions or deletions, no word touched twice.  A copy left
# empty gets a new word.  With --versions K each document comes as IDv0 ..
# IDvK-1, each later version a copy (never exact) of the first.  --time,
# --checksum, --short and --chains add what their help says.
import argparse
import random

p = argparse.ArgumentParser()
p.add_argument("n", type=int)
p.add_argument("-s", "--seed", type=int, default=1)
p.add_argument("-p", "--prefix", default="d", help="IDs PREFIX0, PREFIX1, ...")
p.add_argument("-v", "--vocab", default="300",
               help="V, or V,V,... one chosen by the seed; signatures wI, texts pseudo-words")
p.add_argument("--words", help="the vocabulary instead: words, or @FILE one a line")
p.add_argument("--skew", type=float, default=2)
p.add_argument("-l", "--len", default="1:10", help="LO:HI")
p.add_argument("--loglen", action="store_true")
p.add_argument("-c", "--cmax", type=int, default=1)
p.add_argument("--repeat", action="store_true")
p.add_argument("--text", action="store_true")
p.add_argument("--stop", type=float, default=0, help="texts: a stop word with probability P")
p.add_argument("--punct", type=float, default=0, help="texts: a comma after a word")
p.add_argument("--copy", type=float, default=0)
p.add_argument("--back", type=int, default=0)
p.add_argument("--ref")
p.add_argument("--copy-ref", type=float, default=0)
p.add_argument("--exact", type=float, default=0)
p.add_argument("--drop", type=float, default=0)
p.add_argument("--change", type=float, default=0)
p.add_argument("--add", type=float, default=0)
p.add_argument("--edits", type=int, default=0)
p.add_argument("--versions", type=int, default=1)
p.add_argument("--time", help="G[:D]: Unix seconds from 1000000, each document G more at most"
               " (exclusive), with D 3 in 10 stepped back by up to D")
p.add_argument("--checksum", action="store_true",
               help="tI, kept by 9 in 10 exact copies, empty for 1 in 20 others")
p.add_argument("--short", type=float, default=0, help="flagged !short with probability P")
p.add_argument("--chains", type=float, default=0,
               help="flagged !chains (after !short) with probability P, drawn only when P > 0")
a = p.parse_args()

rnd = random.Random(a.seed)
STOP = "the a is of to in and was for on with that by at from".split()


def below(n):
    return int(rnd.random() * n)


def pick(seq):
    return seq[below(len(seq))]


if a.words:
    vocab = (open(a.words[1:]).read() if a.words[0] == "@" else a.words).split()
else:
    size = int(pick(a.vocab.split(",")))
    if a.text:
        vocab = ["".join(pick("bcdfghjklmnprstvwz") + pick("aeiou") for _ in range(3 + below(6)))
                 for _ in range(size)]
    else:
        vocab = ["w%d" % i for i in range(size)]
lo, hi = map(int, a.len.split(":"))
news = 0


def word():
    return vocab[int(len(vocab) * rnd.random() ** a.skew)]


# A word for doc that it lacks (texts with --repeat: any); failing that, a
# new one.
def other(doc):
    global news
    for _ in range(20):
        w = word()
        if (a.text and a.repeat) or w not in doc:
            return w
    news += 1
    return "n%d" % news


def put(doc, w):
    if a.text:
        doc.insert(below(len(doc) + 1), w)
    else:
        doc[w] = 1 + below(a.cmax)


# Documents are lists of words, or dicts of signature counts.
def fresh():
    k = int(lo * ((hi + 1) / lo) ** rnd.random()) if a.loglen else lo + below(hi - lo + 1)
    doc = [] if a.text else {}
    for _ in range(min(k, hi)):
        w = pick(STOP) if rnd.random() < a.stop else word()
        c = 1 + below(a.cmax)
        if a.repeat or w not in doc:
            if a.text:
                doc.append(w)
            else:
                doc[w] = doc.get(w, 0) + c
    return doc


def edit(src):
    doc = [] if a.text else {}
    if a.edits:
        doc = list(src) if a.text else dict(src)
        touched = set()     # (sorted before use: set order varies by run)
        for _ in range(a.edits):
            left = [w for w in doc if w not in touched]
            if rnd.random() < 0.5 or not left:
                w = other(list(doc) + sorted(touched))
                put(doc, w)
            else:
                w = pick(left)
                if a.text:
                    doc.remove(w)
                else:
                    del doc[w]
            touched.add(w)
    elif a.text:
        for w in src:
            r = rnd.random()
            if r >= a.drop:
                doc.append(other(doc) if r < a.drop + a.change else w)
    else:
        for w, c in src.items():
            r = rnd.random()
            if r >= a.drop:
                doc[w] = c + (-1 if c > 1 and r < a.drop + a.change / 2 else
                              1 if r < a.drop + a.change else 0)
    while rnd.random() < a.add or not doc:
        put(doc, other(doc))
    return doc


def body(doc):
    if a.text:
        return " ".join(w + ("," if rnd.random() < a.punct else "") for w in doc)
    items = list(doc.items())
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return " ".join("%s=%d" % it for it in items)


ref = []
for line in open(a.ref) if a.ref else []:
    f = line.rstrip("\n").split("\t")[-1].split()
    ref.append(f if a.text else
               {w: int(c) for w, c in (it.rsplit("=", 1) for it in f if it[0] != "!")})
gap, back = map(int, ((a.time or "0") + ":0").split(":")[:2])
docs = []
t = 1000000
for i in range(a.n):
    r = rnd.random()
    cs = "" if rnd.random() < 0.05 else "t%d" % i
    if ref and r < a.copy_ref:
        doc = pick(ref)
        doc = doc if rnd.random() < a.exact else edit(doc)
    elif docs and r < a.copy_ref + a.copy:
        doc, was = docs[len(docs) - 1 - below(min(len(docs), a.back or len(docs)))]
        if rnd.random() < a.exact:
            cs = was if rnd.random() >= 0.1 else "t%d" % i
        else:
            doc = edit(doc)
    else:
        doc = fresh()
    docs.append((doc, cs))
    for v in range(a.versions):
        cols = [a.prefix + str(i) + ("v%d" % v if a.versions > 1 else "")]
        if a.time:
            t += below(gap)
            cols.append(str(t - below(back + 1) if back and rnd.random() < 0.3 else t))
        if a.checksum:
            cols.append(cs)
        text = body(edit(doc) if v else doc)
        flags = []
        if rnd.random() < a.short:
            flags.append("!short")
        if a.chains > 0 and rnd.random() < a.chains:
            flags.append("!chains")
        if flags:
            text = " ".join(flags + ([text] if text else []))
        cols.append(text)
        print("\t".join(cols))

# The brute-force oracle of dkcluster --own-words (common/ownwords.h), the
# slow and obvious way, words compared as strings:
#
#   brute_own.py K DOCS [S] <pairs >pairs-kept
#
# DOCS is a document stream of ASCII text (ID TAB TEXT, @tsv-escaped); each
# pair read (ID1 TAB ID2 ...) is written unless its documents are apart.
# Tokens are the runs of ASCII letters and digits, lower-cased; words the
# tokens of two characters or more that are not all digits; the opening
# the tokens up to the 100th word (400 tokens at most).  A word is own to
# A against B when it occurs K times or more in A, in A's opening, and
# never in B; a name is a run of own words in the opening; a pair is apart
# when a name of each stands after the same token (or both at the start)
# or before the same token (the end of the opening matches nothing), or
# when a name of one, of 3 tokens at most, is renamed in the other at K
# places or more: the two tokens before it and the two after it stand in
# the other's opening around 1 to 3 tokens, or when a run of 1 to 3 of
# one's words that occur K times or more in it (own or not) is taken out
# in the other wherever the one's opening has it, at K places or more: at
# each, the other's opening holds the two tokens before it next to the
# two after it, and not those five to seven tokens (places nearer than
# two tokens to either end of the opening are not counted).  With S
# (dkcluster --word-sim S), a pair is also apart when the Jaccard
# similarity of its documents' sets of words is below S (1 when neither
# has a word).
import re
import sys

from dktsv import unescape


def profile(text):
    toks = re.findall(r'[a-z0-9]+', text.lower())
    word = [len(t) >= 2 and not t.isdigit() for t in toks]
    counts = {}
    for t, w in zip(toks, word):
        if w:
            counts[t] = counts.get(t, 0) + 1
    n = words = 0
    while n < len(toks) and n < 400 and words < 100:
        words += word[n]
        n += 1
    return counts, toks[:n], word[:n]


def names(a, b, k):
    """The names of a against b: (i, j), the runs opening[i:j] of own words."""
    counts, opening, word = a
    own = [w and counts[t] >= k and t not in b[0] for t, w in zip(opening, word)]
    i = 0
    while i < len(opening):
        if not own[i]:
            i += 1
            continue
        j = i
        while j < len(opening) and own[j]:
            j += 1
        yield i, j
        i = j


def places(a, b, k):
    opening = a[1]
    before, after = set(), set()
    for i, j in names(a, b, k):
        before.add(opening[i - 1] if i > 0 else None)
        if j < len(opening):
            after.add(opening[j])
    return before, after


def framed(x0, x1, y0, y1, b):
    op = b[1]
    for p in range(2, len(op) - 2):
        if op[p - 2] != x0 or op[p - 1] != x1:
            continue
        for fill in (1, 2, 3):
            if p + fill + 1 < len(op) and op[p + fill] == y0 and op[p + fill + 1] == y1:
                return True
    return False


def renamed(a, b, k):
    opening = a[1]
    n = 0
    for i, j in names(a, b, k):
        if i >= 2 and j + 2 <= len(opening) and j - i <= 3 and framed(
                opening[i - 2], opening[i - 1], opening[j], opening[j + 1], b):
            n += 1
            if n >= k:
                return True
    return False


def holds(seq, run):
    n = len(run)
    return any(seq[p:p + n] == run for p in range(len(seq) - n + 1))


def inserted(a, b, k):
    counts, opening, word = a
    flagged = [w and counts[t] >= k for t, w in zip(opening, word)]
    n = len(opening)
    for i in range(n):
        for l in (1, 2, 3):
            if i + l > n or not all(flagged[i:i + l]):
                break
            run = opening[i:i + l]
            places = [p for p in range(2, n - l - 1) if opening[p:p + l] == run]
            if len(places) >= k and all(
                    holds(b[1], opening[p - 2:p] + opening[p + l:p + l + 2]) and
                    not holds(b[1], opening[p - 2:p + l + 2]) for p in places):
                return True
    return False


def main():
    k = int(sys.argv[1])
    s = float(sys.argv[3]) if len(sys.argv) > 3 else 0
    docs = {}
    with open(sys.argv[2], encoding='ascii') as f:
        for line in f:
            i, _, t = line.rstrip('\n').partition('\t')
            docs[i] = profile(unescape(t))
    for line in sys.stdin:
        f = line.rstrip('\n').split('\t')
        a, b = docs[f[0]], docs[f[1]]
        ba, aa = places(a, b, k)
        bb, ab = places(b, a, k)
        if ba & bb or aa & ab or renamed(a, b, k) or renamed(b, a, k) or \
                inserted(a, b, k) or inserted(b, a, k):
            continue
        wa, wb = set(a[0]), set(b[0])
        if s > 0 and (wa or wb) and len(wa & wb) / len(wa | wb) < s:
            continue
        sys.stdout.write(line)


main()

# The brute-force oracle of dkcluster --own-words (common/ownwords.h), the
# slow and obvious way, words compared as strings:
#
#   brute_own.py K DOCS <pairs >pairs-kept
#
# DOCS is a document stream of ASCII text (ID TAB TEXT, @tsv-escaped); each
# pair read (ID1 TAB ID2 ...) is written unless its documents are apart.
# Tokens are the runs of ASCII letters and digits, lower-cased; words the
# tokens of two characters or more that are not all digits; the opening
# the tokens up to the 100th word (400 tokens at most).  A word is own to
# A against B when it occurs K times or more in A, in A's opening, and
# never in B; a name is a run of own words in the opening; a pair is apart
# when a name of each stands after the same token (or both at the start)
# or before the same token (the end of the opening matches nothing).
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


def places(a, b, k):
    counts, opening, word = a
    own = [w and counts[t] >= k and t not in b[0] for t, w in zip(opening, word)]
    before, after = set(), set()
    i = 0
    while i < len(opening):
        if not own[i]:
            i += 1
            continue
        j = i
        while j < len(opening) and own[j]:
            j += 1
        before.add(opening[i - 1] if i > 0 else None)
        if j < len(opening):
            after.add(opening[j])
        i = j
    return before, after


def main():
    k = int(sys.argv[1])
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
        if not (ba & bb or aa & ab):
            sys.stdout.write(line)


main()

#!/usr/bin/env python3
"""losses.py DIR OUT: the unique documents a dkdedup run lost on a
labelled collection (DIR/docs.tsv, DIR/gold.tsv, as
tests/bench/collections/build.sh makes them; OUT the run's output, read
through OUT.keep and OUT.removed), each against the kept document it was
removed for, and whether the two are copies by the text rules the
collections label copies with, so that no measure of shared text could
keep them apart without also keeping labelled copies:
  lines  the line ratio (difflib over the lines) is >= 0.8, the rule of
         the release collections (releases.py);
  part   the shorter's words are >= 90% in the longer, in order, and the
         shorter holds >= 40% of the longer's words: the edits and news
         rules (copies cut to 40-100%, up to 1 word in 10 changed).
Quotation marks ('>' at the start of a line) are taken off first, as a
reply quotes its parent.  A line a lost document:
  ID KEPT SIM WORDS KEPT_WORDS PART LENRATIO LINES RULE
then one line of totals: "NAME: L lost, T text copies (lines X, part Y)"."""
import collections
import difflib
import os
import re
import sys


def unescape(s):
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t', '\\': '\\'}.get(m.group(1), m.group(1)), s)


def dequote(text):
    return [' '.join(re.sub(r'^[>\s]+', '', l).split()) for l in text.split('\n')]


def main():
    d, out = sys.argv[1], sys.argv[2]
    docs = {}
    with open(os.path.join(d, 'docs.tsv'), encoding='utf-8', errors='replace') as f:
        for line in f:
            i, _, t = line.rstrip('\n').partition('\t')
            docs[i] = unescape(t)
    members = collections.defaultdict(list)
    with open(os.path.join(d, 'gold.tsv')) as f:
        for line in f:
            i, c = line.rstrip('\n').split('\t')
            members[c].append(i)
    kept = set(l.strip() for l in open(out + '.keep'))
    removed = {}
    for line in open(out + '.removed', encoding='utf-8', errors='replace'):
        f = line.rstrip('\n').split('\t')
        removed[f[0]] = (f[1], f[2])
    n = copies = nlines = npart = 0
    for c in sorted(members):
        if any(i in kept for i in members[c]):
            continue
        i = members[c][0]
        k, sim = removed[i]
        la, lb = dequote(docs[i]), dequote(docs[k])
        la, lb = [l for l in la if l], [l for l in lb if l]
        lines = difflib.SequenceMatcher(None, la, lb, autojunk=False).ratio()
        wa, wb = ' '.join(la).split(), ' '.join(lb).split()
        same = sum(b.size for b in difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_matching_blocks())
        short, long_ = min(len(wa), len(wb)), max(len(wa), len(wb))
        part = same / short if short else 0.0
        ratio = short / long_ if long_ else 0.0
        rule = 'lines' if lines >= 0.8 else 'part' if part >= 0.9 and ratio >= 0.4 else '-'
        n += 1
        copies += rule != '-'
        nlines += rule == 'lines'
        npart += rule == 'part'
        print('%s\t%s\t%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t%s' % (i, k, sim, len(wa), len(wb), part, ratio, lines, rule))
    print('%s: %d lost, %d text copies (lines %d, part %d)' % (os.path.basename(os.path.normpath(d)), n, copies, nlines, npart))


main()

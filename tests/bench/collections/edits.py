#!/usr/bin/env python3
"""edits.py OUT [N]: a labelled collection of near copies made by edits.
Originals: N (default 400) English man pages of sections 1 and 8 under
/usr/share/man (every k-th of three times N by name, skipping the 15,000
generated pages of gcloud, which would be most of the sample, and pages
that have a translation on this machine, so that translations.py shares
none), rendered as man(1)
shows them at 80 columns, of 150 to 8,000 words; a page whose 4-shingle
Jaccard coefficient with an earlier original is >= 0.3 is left out (two
originals must be different documents).  About half of the originals get
1 to 3 copies, each made from the original by: word edits at a rate drawn
from 1-10% (a word replaced by another word of the page, deleted, or a
word inserted), with probability 1/2 one or two paragraphs moved elsewhere,
with probability 1/2 truncation to 60-100% of the words (at a paragraph
end).  Park-Miller generator, seed 20261128: the same collection on every
machine with the same pages.

Labels: an original and its copies are one cluster; originals without
copies are unique.  ID: NAME.SECTION for originals, NAME.SECTION~K for
the K-th copy.  Writes OUT/docs.tsv, OUT/gold.tsv."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib

MAN = '/usr/share/man'


def translated():
    names = set()
    for lang in os.listdir(MAN):
        if lang.startswith('man'):
            continue
        for d, _, fs in os.walk(os.path.join(MAN, lang)):
            names.update(f[:-3] if f.endswith('.gz') else f for f in fs)
    return names


def paragraphs(text):
    out, cur = [], []
    for line in text.splitlines():
        if line.strip():
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def edit(rng, text):
    paras = [[l.split() for l in p] for p in paragraphs(text)]
    vocab = [w for p in paras for l in p for w in l]
    rate = 0.01 + 0.09 * rng.random()
    for p in paras:
        for k, l in enumerate(p):
            new = []
            for w in l:
                x = rng.random()
                if x < rate / 3:
                    new.append(rng.choice(vocab))
                elif x < 2 * rate / 3:
                    continue
                elif x < rate:
                    new += [w, rng.choice(vocab)]
                else:
                    new.append(w)
            p[k] = new
    if rng.random() < 0.5 and len(paras) > 2:
        for _ in range(1 + rng.below(2)):
            p = paras.pop(rng.below(len(paras)))
            paras.insert(rng.below(len(paras) + 1), p)
    if rng.random() < 0.5:
        total = sum(len(l) for p in paras for l in p)
        want, n, cut = total * (0.6 + 0.4 * rng.random()), 0, len(paras)
        for k, p in enumerate(paras):
            n += sum(len(l) for l in p)
            if n >= want:
                cut = k + 1
                break
        paras = paras[:cut]
    return '\n\n'.join('\n'.join(' '.join(l) for l in p) for p in paras) + '\n'


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    skipnames = translated()
    cand = []
    for sec in ('man1', 'man8'):
        d = os.path.join(MAN, sec)
        if os.path.isdir(d):
            for f in sorted(os.listdir(d)):
                p = os.path.join(d, f)
                name = f[:-3] if f.endswith('.gz') else f
                if (name not in skipnames and not name.startswith('gcloud')
                        and not os.path.islink(p)):
                    cand.append((name, p))
    if len(cand) < n:
        collib.skip('only %d English man pages in sections 1 and 8' % len(cand))
    cand = cand[::max(1, len(cand) // (3 * n))][:3 * n]
    texts = collib.render_all(cand)
    orig = [(name, t) for (name, _), t in zip(cand, texts)
            if 150 <= len(t.split()) <= 8000]
    gold = {i: i for i, _ in orig}
    near = collib.cross_cluster_near(orig, gold, 0.3)
    later = {max(a, b, key=lambda x: [i for i, _ in orig].index(x)) for _, a, b in near}
    orig = [(i, t) for i, t in orig if i not in later][:n]
    rng = collib.Rng(20261128)
    docs, gold = [], {}
    for k, (i, t) in enumerate(orig):
        c = 'c%04d' % k
        docs.append((i, t))
        gold[i] = c
        if rng.random() < 0.5:
            continue
        for j in range(1 + rng.below(3)):
            cid = '%s~%d' % (i, j + 1)
            docs.append((cid, edit(rng, t)))
            gold[cid] = c
    counts = collib.write_collection(out, docs, gold)
    collib.report(out, 'edits', 'English man pages and copies made by edits', counts,
                  'an original and its edited copies (words 1-10%, paragraph moves, '
                  'truncation to 60-100%) are one cluster',
                  '%d originals left out as near an earlier one' % len(later))


main()

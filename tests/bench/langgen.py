#!/usr/bin/env python3
"""langgen.py: a labelled near-duplicate collection in one language, built
from Debian's translated manual pages the way goldset-dev was built from
news pages.

  langgen.py [-s SEED] [-c CLUSTERS] [-n SINGLETONS] LANG MANDIR OUT

MANDIR is a language's manual tree (/usr/share/man/de); its man1, 5, 7 and 8
pages are turned into text with groff.  Pages are picked by the seed from
the sorted list, so the same seed, packages and groff give the same
collection byte for byte.  Each page gives an article: the paragraphs of
its sections after the name and the synopsis, without its last section
(the translators' credits, the same on every page of a language).  An
article is taken only when it shares less than 30% of its distinct words
with every article taken before it, so that two pages that are near copies
of each other (sha1sum and sha256sum) do not become unlabelled pairs.

OUT/docs/*.html are the pages: each cluster is one article put into the
framing of two to six other pages (a navigation list of page names and
their summaries, a side column of teasers, the first words of
paragraphs, and a footer paragraph, from pages that are not articles; 30
frames, each kept the same on every page that uses it),
truncated, re-headed, lightly edited (words dropped, swapped or replaced)
and sometimes updated with a paragraph of another page; the singletons
are one article each in a frame.  OUT/gold.tsv is FILE TAB CLUSTER as in
goldset-dev (clusters cNN, singletons sNNNN).  Python 3 standard library
only.
"""
import argparse
import gzip
import html
import os
import random
import re
import subprocess
import sys

NFRAMES = 30


def page_text(path):
    """The page as text, one paragraph a line, or None."""
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rb') as f:
        src = f.read()
    if src.lstrip().startswith(b'.so ') or len(src) < 2000:
        return None   # a redirection to another page, or a stub
    try:
        out = subprocess.run(['groff', '-k', '-t', '-mandoc', '-Tutf8',
                              '-rLL=3000n', '-P-cbou'], input=src,
                             stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return None
    return out.decode('utf-8', 'replace')


def sections(text):
    """[(heading, [paragraph, ...]), ...] of groff's text output."""
    secs = []
    for line in text.split('\n'):
        if not line.strip():
            continue
        if not line[0].isspace():
            secs.append((line.strip(), []))
        elif secs:
            secs[-1][1].append(' '.join(line.split()))
    return secs[1:-1] if len(secs) > 2 else []   # page header, footer line


def article(text):
    """(title, summary, paragraphs) of a page, or None when too short."""
    secs = sections(text)
    if len(secs) < 4:
        return None
    name = ' '.join(secs[0][1])
    if len(name.split()) > 25:
        return None   # not a name line: a page of another layout
    body = [p for _, ps in secs[2:-1] for p in ps if len(p.split()) >= 6]
    if len(body) < 6 or sum(len(p.split()) for p in body) < 300:
        return None
    return name, body


WORD = re.compile(r'\w+')


def words(paras):
    return set(w.lower() for p in paras for w in WORD.findall(p))


def edit(rng, para, pool):
    """Light copy-editing: about one word in 25 dropped, swapped with the
    next or replaced by a word of another page."""
    w = para.split()
    i = 0
    out = []
    while i < len(w):
        r = rng.random()
        if r < 0.013:
            i += 1
            continue
        if r < 0.026 and i + 1 < len(w):
            out += [w[i + 1], w[i]]
            i += 2
            continue
        out.append(rng.choice(pool) if r < 0.04 else w[i])
        i += 1
    return ' '.join(out)


def make_frame(rng, names, extras):
    nav = rng.sample(names, min(20, len(names)))
    side = [' '.join(p.split()[:12]) + ' …' for p in rng.sample(extras, 3)]
    foot = rng.sample(extras, 1)
    head = ('<div class="nav"><ul>\n' +
            ''.join('<li><a href="#">%s</a></li>\n' % html.escape(n) for n in nav) +
            '</ul></div>\n')
    tail = ('<div class="side">\n' +
            ''.join('<p>%s</p>\n' % html.escape(p) for p in side) +
            '</div>\n<div class="footer">\n' +
            ''.join('<p>%s</p>\n' % html.escape(p) for p in foot) + '</div>\n')
    return head, tail


def page(lang, frame, title, paras):
    return ('<!DOCTYPE html>\n<html lang="%s"><head><meta charset="utf-8">'
            '<title>%s</title></head>\n<body>\n%s<div class="article">\n'
            '<h1>%s</h1>\n%s</div>\n%s</body></html>\n' %
            (lang, html.escape(title), frame[0], html.escape(title),
             ''.join('<p>%s</p>\n' % html.escape(p) for p in paras), frame[1]))


def copy_of(rng, art, pool, extras):
    """A near copy of an article: truncated, re-headed, edited, maybe
    updated, maybe missing a paragraph."""
    name, body = art
    keep = max(5, int(len(body) * rng.uniform(0.6, 1.0)))
    paras = body[:keep]
    if len(paras) > 8 and rng.random() < 0.4:
        del paras[rng.randrange(1, len(paras) - 1)]
    paras = [edit(rng, p, pool) for p in paras]
    if rng.random() < 0.3:
        paras.append(rng.choice(extras))
    title = name if rng.random() < 0.5 else ' '.join(paras[0].split()[:8])
    return title, paras


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-s', '--seed', type=int, default=1)
    ap.add_argument('-c', '--clusters', type=int, default=30)
    ap.add_argument('-n', '--singletons', type=int, default=120)
    ap.add_argument('lang')
    ap.add_argument('mandir')
    ap.add_argument('out')
    a = ap.parse_args()
    rng = random.Random('%s/%d' % (a.lang, a.seed))
    files = sorted(os.path.join(d, f)
                   for s in ('man1', 'man5', 'man7', 'man8')
                   for d in [os.path.join(a.mandir, s)] if os.path.isdir(d)
                   for f in os.listdir(d))
    if not files:
        sys.exit('langgen: no pages in %s/man[1578]' % a.mandir)
    rng.shuffle(files)
    need = a.clusters + a.singletons
    arts, seen, names, extras = [], [], [], []
    for f in files:
        t = page_text(f)
        art = article(t) if t else None
        if not art:
            continue
        ws = words(art[1])
        if len(arts) < need and all(len(ws & s) < 0.3 * len(ws | s) for s in seen):
            arts.append(art)
            seen.append(ws)
        else:
            names.append(art[0])
            extras += [p for p in art[1] if 15 <= len(p.split()) <= 80][:3]
        if len(arts) >= need and len(extras) >= 60:
            break
    if len(arts) < need or len(extras) < 20:
        sys.exit('langgen: %s: only %d articles and %d frame paragraphs' %
                 (a.mandir, len(arts), len(extras)))
    names += [n for n, _ in arts]
    frames = [make_frame(rng, names, extras) for _ in range(NFRAMES)]
    pool = sorted(set(w for p in extras for w in p.split()))
    docs = []
    for i, art in enumerate(arts[:a.clusters]):
        for _ in range(rng.randint(2, 6)):
            t, ps = copy_of(rng, art, pool, extras)
            docs.append(('c%02d' % (i + 1), page(a.lang, rng.choice(frames), t, ps)))
    for i, art in enumerate(arts[a.clusters:]):
        docs.append(('s%04d' % (i + 1),
                     page(a.lang, rng.choice(frames), art[0], art[1])))
    rng.shuffle(docs)
    os.makedirs(os.path.join(a.out, 'docs'), exist_ok=True)
    with open(os.path.join(a.out, 'gold.tsv'), 'w') as g:
        for i, (cl, text) in enumerate(docs):
            fn = '%05d.html' % i
            with open(os.path.join(a.out, 'docs', fn), 'w', encoding='utf-8') as f:
                f.write(text)
            g.write('%s\t%s\n' % (fn, cl))
    print('langgen: %s: %d pages, %d clusters, %d singletons' %
          (a.out, len(docs), a.clusters, a.singletons), file=sys.stderr)


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Builds a labelled near-duplicate collection from the pages of shared/:
real articles (the hand-marked main text of one set's pages) copied into
other pages' framing, truncated and edited, beside the original pages.

    copies.py PAGES_SET OUT [ARTICLES]

writes OUT/docs/*.html and OUT/gold.tsv (FILE TAB CLUSTER).  The first
ARTICLES pages of the set (by name; default 300) are the originals, each
its own cluster; about half of them get 1 to 4 copies, each the article's
text cut to 40-100% of its words, one word in 25 replaced by another of the
article, inside the head and the first 3,000 bytes of the body and the last
2,000 bytes of a page taken from the rest of the set.  Made with a
Park-Miller generator, so the collection is the same on every machine.
Nothing in it was tuned on: cluster was set up on goldset-dev."""
import gzip, html, os, sys

seed = 1


def rnd():
    global seed
    seed = seed * 16807 % 2147483647
    return seed / 2147483647


def main():
    src, out = sys.argv[1], sys.argv[2]
    narticles = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    names = sorted(f[:-len('.txt')] for f in os.listdir(src) if f.endswith('.txt')
                   and os.path.exists(os.path.join(src, f[:-4] + '.html.gz')))
    articles, frames = names[:narticles], names[narticles:]
    os.makedirs(os.path.join(out, 'docs'), exist_ok=True)
    gold = []
    for i, name in enumerate(articles):
        cluster = 'c%04d' % i
        with gzip.open(os.path.join(src, name + '.html.gz'), 'rb') as f:
            page = f.read()
        write(out, 'a%04d.html' % i, page)
        gold.append(('a%04d.html' % i, cluster))
        if rnd() < 0.5:
            continue
        with open(os.path.join(src, name + '.txt'), encoding='utf-8', errors='replace') as f:
            lines = [l.split() for l in f.read().splitlines() if l.strip()]
        for k in range(1 + int(rnd() * 4)):
            frame = frames[int(rnd() * len(frames))]
            with gzip.open(os.path.join(src, frame + '.html.gz'), 'rb') as f:
                fpage = f.read()
            copy = wrap(fpage, edit(lines))
            fname = 'a%04d-%d.html' % (i, k + 1)
            write(out, fname, copy)
            gold.append((fname, cluster))
    with open(os.path.join(out, 'gold.tsv'), 'w') as f:
        for name, cluster in gold:
            f.write('%s\t%s\n' % (name, cluster))


def edit(lines):
    """The article's paragraphs cut to 40-100% of its words, one word in 25
    replaced by another word of the article."""
    words = [w for l in lines for w in l]
    keep = int(len(words) * (0.4 + 0.6 * rnd()))
    paras, n = [], 0
    for l in lines:
        p = []
        for w in l:
            if n >= keep:
                break
            if words and rnd() < 0.04:
                w = words[int(rnd() * len(words))]
            p.append(w)
            n += 1
        if p:
            paras.append(p)
    return '\n'.join('<p>%s</p>' % html.escape(' '.join(p)) for p in paras).encode('utf-8')


def wrap(frame, body):
    """The head and the first 3,000 bytes of the frame's body, the story, and
    the frame's last 2,000 bytes, each cut at a tag."""
    low = frame.lower()
    b = low.find(b'<body')
    b = 0 if b < 0 else b
    cut = frame.rfind(b'>', 0, b + 3000) + 1
    tail = frame.find(b'<', max(cut, len(frame) - 2000))
    tail = len(frame) if tail < 0 else tail
    return frame[:cut] + b'\n<div class="story">\n' + body + b'\n</div>\n' + frame[tail:]


def write(out, name, data):
    with open(os.path.join(out, 'docs', name), 'wb') as f:
        f.write(data)


main()

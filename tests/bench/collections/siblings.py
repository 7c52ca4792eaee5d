#!/usr/bin/env python3
"""siblings.py OUT [PACKAGE]: a labelled collection of sibling manual
pages: every English page of one Debian package (default manpages-dev, the
C library's sections 2 and 3), rendered as man(1) shows it at 80 columns.
ID: manN/NAME.  Such pages are written from one template a family at a
time (tan, cos and sin; iswalpha, iswdigit ...), so two different pages
can share most of their words; a user keeping one manual wants each of
them.

Labels: every page is a document of its own.  Two pages are copies when
their rendered texts are identical (a page that only sources another with
.so renders to the other's text).  Two pages of different clusters whose
word 4-shingle sets A, B have |A & B| / min(|A|, |B|) >= 0.8 (found
exactly; this takes in every pair of Jaccard >= 0.8: a page almost whole
inside another too) and whose lines match by difflib's ratio >= 0.8 are
ambiguous and left out with their clusters (OUT/near.tsv lists the
candidates, collib.write_near); the count is reported.  Writes OUT/docs.tsv, OUT/gold.tsv."""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib


def main():
    out = sys.argv[1]
    package = sys.argv[2] if len(sys.argv) > 2 else 'manpages-dev'
    try:
        p = subprocess.run(['dpkg', '-L', package], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL)
    except OSError:
        collib.skip('no dpkg')
    pages = []
    for path in p.stdout.decode('utf-8', 'replace').split('\n'):
        parts = path.split('/')
        if (len(parts) == 6 and path.startswith('/usr/share/man/man')
                and os.path.isfile(path) and not os.path.islink(path)):
            name = parts[5][:-3] if parts[5].endswith('.gz') else parts[5]
            pages.append(('%s/%s' % (parts[4], name), path))
    if p.returncode != 0 or len(pages) < 100:
        collib.skip('%s is not installed (apt-get install %s)' % (package, package))
    pages.sort()
    texts = collib.render_all(pages)
    docs = [(i, t) for (i, _), t in zip(pages, texts) if t.strip()]
    cl = collib.identical_text(docs)
    gold = cl.labels(i for i, _ in docs)
    drop, near = collib.drop_ambiguous(docs, gold)
    collib.write_near(out, near)
    kept = [(i, t) for i, t in docs if gold[i] not in drop]
    counts = collib.write_collection(out, kept, gold)
    collib.report(out, 'siblings', 'the English pages of %s, written a family at a time' % package,
                  counts, 'each page unique; copies = identical text',
                  '%d documents (%d clusters) left out as ambiguous (near copies across pages)' % (
                      len(docs) - len(kept), len(drop)))


main()

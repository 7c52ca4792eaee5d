#!/usr/bin/env python3
"""releases.py OUT NAME OLD NEW: a labelled collection of two releases of
one HTML documentation set, the pages under directories OLD and NEW (e.g.
/usr/share/doc/libglibmm-2.4-doc/reference/html and
/usr/share/doc/libglibmm-2.68-doc/reference/html); NAME names it.  Each
page is copied to OUT/docs/R-PATH (R is old or new, PATH the relative
path with / as _), and its visible text (Python's html.parser: no tags,
scripts or styles, a line per block element, the site's template
included, as a crawler stores it) is a document of OUT/docs.tsv with the
same name as ID, so that gold.tsv also labels what htmlstrip makes of
OUT/docs.

Labels: a page and the other release's page of the same relative path are
copies when their text lines match by difflib's ratio >= 0.8 (an
independent measure, not dupkit's); below 0.5 both are unique (a page
rewritten), between the two the pair is ambiguous and both pages are left
out.  A page without counterpart is unique.  Identical texts are copies
whatever their paths.  Also left out as ambiguous, with their clusters:
two pages of different clusters whose line ratio is >= 0.8 (copies by
the rule above but for their paths: generated pages of two classes that
differ in a name, or a page that lies almost whole inside another, such
as the member list of a class inside its subclass's), among the
candidates of every pair whose word 4-shingle sets A, B have
|A & B| / min(|A|, |B|) >= 0.8 (found exactly; this takes in every pair
of Jaccard >= 0.8).  Counts of both are reported; OUT/near.tsv lists the
candidates (collib.write_near)."""
import html.parser, os, shutil, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib

BLOCK = {'p', 'div', 'br', 'tr', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre',
         'table', 'dt', 'dd', 'ul', 'ol', 'td', 'th', 'hr', 'title', 'blockquote'}


class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ('script', 'style'):
            self.skip += 1
        elif tag in BLOCK:
            self.out.append('\n')

    def handle_endtag(self, tag):
        if tag in ('script', 'style') and self.skip:
            self.skip -= 1
        elif tag in BLOCK:
            self.out.append('\n')

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def page_text(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        p = Text()
        p.feed(f.read())
        p.close()
    lines = (' '.join(l.split()) for l in ''.join(p.out).splitlines())
    return '\n'.join(l for l in lines if l) + '\n'


def pages(top):
    out = {}
    for d, _, fs in os.walk(top):
        for f in fs:
            if f.endswith('.html'):
                p = os.path.join(d, f)
                out[os.path.relpath(p, top)] = p
    return out


def main():
    out, name, old, new = sys.argv[1:5]
    for d in (old, new):
        if not os.path.isdir(d):
            collib.skip('%s is missing (apt-get install the documentation package)' % d)
    rel = {'old': pages(old), 'new': pages(new)}
    docs, text = [], {}
    shutil.rmtree(os.path.join(out, 'docs'), ignore_errors=True)
    os.makedirs(os.path.join(out, 'docs'))
    for r in ('old', 'new'):
        for path in sorted(rel[r]):
            t = page_text(rel[r][path])
            if not t.strip():
                continue
            i = '%s-%s' % (r, path.replace('/', '_'))
            docs.append((i, t))
            text[i] = t
            shutil.copyfile(rel[r][path], os.path.join(out, 'docs', i))
    cl = collib.identical_text(docs)
    band = set()
    for path in sorted(rel['old']):
        a, b = ['%s-%s' % (r, path.replace('/', '_')) for r in ('old', 'new')]
        if a in text and b in text:
            r = collib.line_ratio(text[a], text[b])
            if r >= 0.8:
                cl.union(a, b)
            elif r > 0.5:
                band.update((a, b))
    gold = cl.labels(i for i, _ in docs)
    drop, near = collib.drop_ambiguous(docs, gold)
    drop |= {gold[i] for i in band}
    collib.write_near(out, near)
    kept = [(i, t) for i, t in docs if gold[i] not in drop]
    for i, _ in docs:
        if gold[i] in drop:
            os.unlink(os.path.join(out, 'docs', i))
    counts = collib.write_collection(out, kept, gold)
    collib.report(out, name, 'two releases of an HTML reference (%s, %s)' % (old, new), counts,
                  'copies = same path and line ratio >= 0.8, or identical text; '
                  'no counterpart or ratio <= 0.5 = unique',
                  '%d documents left out as ambiguous (%d pages at ratio 0.5-0.8 by path, '
                  'the rest near copies across paths)' % (len(docs) - len(kept), len(band)))


main()

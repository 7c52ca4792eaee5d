#!/usr/bin/env python3
"""translations.py OUT [MANDIR]: a labelled collection of man pages in many
languages: every page under MANDIR/LANG/manN (MANDIR default
/usr/share/man; every LANG directory this machine has) and, beside it, the
English page of the same name and section (MANDIR/manN), each rendered as
man(1) shows it at 80 columns.  ID: LANG/manN/NAME (en for English).  A
file that is a link to one already taken, or renders to nothing, is left
out.

Labels: a translation is a document of its own, unique also beside the
same page in another language.  Two pages are copies when their rendered
texts are identical, or when they are the same page (name and section) in
two languages and their words match by difflib's ratio >= 0.9: a page
"translated" only in its headings, or pt and pt_BR sharing one text.  The
pages of such a pair with a ratio between 0.5 and 0.9 (half translated)
are ambiguous and left out, with all of their cluster (read: de chage(1)
has its options half in English); so are two pages of different
clusters whose word 4-shingle sets A, B have |A & B| / min(|A|, |B|) >=
0.8 (found exactly; this takes in every pair of Jaccard >= 0.8) and
whose lines match by difflib's ratio >= 0.8 (OUT/near.tsv lists the
candidates, collib.write_near).  The count is reported.  Writes OUT/docs.tsv, OUT/gold.tsv."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib


def main():
    out = sys.argv[1]
    mandir = sys.argv[2] if len(sys.argv) > 2 else '/usr/share/man'
    if not os.path.isdir(mandir):
        collib.skip('%s is missing' % mandir)
    langs = sorted(d for d in os.listdir(mandir)
                   if not d.startswith('man') and os.path.isdir(os.path.join(mandir, d)))
    if len(langs) < 3:
        collib.skip('man pages in %d languages (need 3)' % len(langs))
    files, seen, english = [], set(), {}
    for lang in langs:
        for sec in sorted(os.listdir(os.path.join(mandir, lang))):
            sd = os.path.join(mandir, lang, sec)
            if not sec.startswith('man') or not os.path.isdir(sd):
                continue
            for f in sorted(os.listdir(sd)):
                name = f[:-3] if f.endswith('.gz') else f
                files.append(('%s/%s/%s' % (lang, sec, name), os.path.join(sd, f)))
                for g in (name + '.gz', name):
                    e = os.path.join(mandir, sec, g)
                    if os.path.exists(e):
                        english['en/%s/%s' % (sec, name)] = e
                        break
    files += sorted(english.items())
    paths = []
    for i, p in files:
        real = os.path.realpath(p)
        if real not in seen:
            seen.add(real)
            paths.append((i, p))
    texts = collib.render_all(paths)
    docs = [(i, t) for (i, _), t in zip(paths, texts) if t.strip()]
    cl = collib.identical_text(docs)
    bypage = {}
    for i, t in docs:
        bypage.setdefault(i.split('/', 1)[1], []).append((i, t))
    ambiguous = []
    for group in bypage.values():
        for x in range(len(group)):
            for y in range(x + 1, len(group)):
                r = collib.word_ratio(group[x][1], group[y][1])
                if r >= 0.9:
                    cl.union(group[x][0], group[y][0])
                elif r > 0.5:
                    ambiguous.append((group[x][0], group[y][0]))
    gold = cl.labels(i for i, _ in docs)
    drop = {gold[i] for pair in ambiguous for i in pair}
    neardrop, near = collib.drop_ambiguous(docs, gold)
    collib.write_near(out, near)
    drop |= neardrop
    kept = [(i, t) for i, t in docs if gold[i] not in drop]
    counts = collib.write_collection(out, kept, gold)
    collib.report(out, 'translations', 'man pages in %d languages and English' % len(langs),
                  counts, 'pages unique across languages; copies = identical text, '
                  'or the same page in two languages with word ratio >= 0.9',
                  '%d documents (%d clusters) left out as ambiguous' % (
                      len(docs) - len(kept), len(drop)))


main()

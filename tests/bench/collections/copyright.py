#!/usr/bin/env python3
"""copyright.py OUT [DOCDIR]: a labelled collection of the Debian copyright
files this machine ships, /usr/share/doc/*/copyright (DOCDIR default
/usr/share/doc), one document per distinct file (a directory that is a
symbolic link to another is the same file and is left out), its ID the
directory's name (the binary package).

Labels: two files are copies when their texts are identical, or when
their packages come from the same source package (dpkg-query's ${Source},
the package itself when empty): binary packages of one source ship one
source's copyright.  Every other file is unique, also when it shares a
licence text with others: a person looking for a package's copyright
wants that package's file, not another package's with the same licence.
Ambiguous, left out: a file of another cluster whose word 4-shingles
have a Jaccard coefficient >= 0.8 with it (candidates) and whose lines
match it by difflib's ratio >= 0.8 is the same upstream file with a year
or a name changed (libsm6 and libxau6 differ in one year of 24 lines):
both clusters are dropped, whole.  Below that ratio they stay unique
(read: jq and mawk, zip and unzip, xorg-sgml-doctools and libxfixes3
share a licence, not their holders or their text).  OUT/near.tsv lists
the candidate pairs (JACCARD LINERATIO ID1 ID2).  Writes OUT/docs.tsv,
OUT/gold.tsv."""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib


def sources():
    try:
        p = subprocess.run(['dpkg-query', '-W', '-f', '${Package}\t${Source}\n'],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    except (OSError, subprocess.CalledProcessError):
        collib.skip('dpkg-query failed: not a Debian system')
    src = {}
    for line in p.stdout.decode().splitlines():
        pkg, _, s = line.partition('\t')
        s = s.split(' ')[0].strip()
        src[pkg] = s or pkg
    return src


def main():
    out = sys.argv[1]
    docdir = sys.argv[2] if len(sys.argv) > 2 else '/usr/share/doc'
    if not os.path.isdir(docdir):
        collib.skip('%s is missing' % docdir)
    src = sources()
    docs, seen = [], set()
    for name in sorted(os.listdir(docdir)):
        d = os.path.join(docdir, name)
        f = os.path.join(d, 'copyright')
        if os.path.islink(d) or not os.path.isfile(f):
            continue
        real = os.path.realpath(f)
        if real in seen:
            continue
        seen.add(real)
        with open(f, encoding='utf-8', errors='replace') as fh:
            text = fh.read()
        if text.strip():
            docs.append((name, text))
    if len(docs) < 50:
        collib.skip('only %d copyright files' % len(docs))
    # union of same text and same source
    cl = collib.Clusters()
    for name, text in docs:
        cl.union('id:' + name, 'sha:' + collib.digest(text))
        cl.union('id:' + name, 'src:' + src.get(name, src.get(name.split(':')[0], name)))
    gold = cl.labels((name for name, _ in docs), lambda name: 'id:' + name)
    near = collib.cross_cluster_near(docs, gold)
    text = dict(docs)
    drop = set()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'near.tsv'), 'w') as f:
        for j, a, b in near:
            r = collib.line_ratio(text[a], text[b])
            f.write('%.3f\t%.3f\t%s\t%s\n' % (j, r, a, b))
            if r >= 0.8:
                drop.update((gold[a], gold[b]))
    kept = [(i, t) for i, t in docs if gold[i] not in drop]
    counts = collib.write_collection(out, kept, gold)
    collib.report(out, 'copyright', 'Debian copyright files', counts,
                  'copies = identical text or same source package; others unique',
                  '%d documents of %d clusters left out as ambiguous (near.tsv)' % (
                      len(docs) - len(kept), len(drop)))


main()

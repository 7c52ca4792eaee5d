"""collib: what the collection builders of tests/bench/collections share:
writing a document stream in dupkit's TSV (see dupkit-formats(5)) and a
gold file, a deterministic random generator, man page rendering, a
word-level and a line-level difflib ratio (the independent measures the
labels use), searches for near copies between gold clusters (by a sketch
of Jaccard; exact, by containment, for drop_ambiguous), a union-find of the labels' clusters and the skip message when material is
missing."""
import difflib, hashlib, math, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

SKIP = 77


class Rng:
    """Park-Miller minimal standard generator: the same stream everywhere."""

    def __init__(self, seed):
        self.s = seed % 2147483647 or 1

    def random(self):
        self.s = self.s * 16807 % 2147483647
        return self.s / 2147483647

    def below(self, n):
        return min(n - 1, int(self.random() * n))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, seq):
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


class Clusters:
    """Union-find over hashable names (document IDs, digests, sources):
    union(a, b) puts a's cluster under b's root; find(x) is x's root."""

    def __init__(self):
        self.parent = {}

    def find(self, x):
        parent = self.parent
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)

    def labels(self, ids, key=lambda i: i):
        """{id: cluster name}: c0000, c0001 ... in the order the ids meet
        their clusters; key(id) is the name the unions were made under."""
        roots, gold = {}, {}
        for i in ids:
            gold[i] = roots.setdefault(self.find(key(i)), 'c%04d' % len(roots))
        return gold


def skip(why):
    sys.stderr.write('%s: skipped: %s\n' % (os.path.basename(sys.argv[0]), why))
    sys.exit(SKIP)


def escape(text):
    return (text.replace('\\', '\\\\').replace('\t', '\\t')
            .replace('\n', '\\n').replace('\r', '\\r'))


def write_collection(out, docs, gold):
    """docs: [(id, text)], gold: {id: cluster}; every doc has a gold line."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'docs.tsv'), 'w', encoding='utf-8') as f:
        for i, text in docs:
            f.write('%s\t%s\n' % (i, escape(text)))
    with open(os.path.join(out, 'gold.tsv'), 'w', encoding='utf-8') as f:
        for i, _ in docs:
            f.write('%s\t%s\n' % (i, gold[i]))
    sizes = {}
    for i, _ in docs:
        sizes[gold[i]] = sizes.get(gold[i], 0) + 1
    copies = sum(n - 1 for n in sizes.values())
    return len(docs), len(sizes), copies


def render_man(path):
    """A man page's text as man(1) shows it at 80 columns, without
    overstrikes; '' when it fails."""
    env = dict(os.environ, MANWIDTH='80', MAN_KEEP_FORMATTING='', LC_ALL='C.UTF-8')
    try:
        p = subprocess.run(['man', '-l', '-E', 'UTF-8', '-P', 'cat', path], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    except subprocess.TimeoutExpired:
        return ''
    text = p.stdout.decode('utf-8', 'replace')
    text = re.sub('.\b', '', text)
    return text.strip() + '\n' if p.returncode == 0 else ''


def render_all(pages):
    """The texts of [(id, path)] of man pages, render_man's, in order;
    two at a time."""
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(lambda x: render_man(x[1]), pages))


def identical_text(docs):
    """Clusters of the ids of docs [(id, text)], those of one text united."""
    cl = Clusters()
    for i, t in docs:
        cl.union(i, 'sha:' + digest(t))
    return cl


def words(text):
    return text.split()


def word_ratio(a, b):
    """difflib's ratio of the two texts' word sequences (2 M / T), 0..1."""
    wa, wb = words(a), words(b)
    if not wa and not wb:
        return 1.0
    sm = difflib.SequenceMatcher(None, wa, wb, autojunk=False)
    # the quick ratios are upper bounds: below 0.3 the exact one is not needed
    if sm.real_quick_ratio() < 0.3:
        return sm.real_quick_ratio()
    if sm.quick_ratio() < 0.3:
        return sm.quick_ratio()
    return sm.ratio()


def line_ratio(a, b):
    la = [l.strip() for l in a.splitlines() if l.strip()]
    lb = [l.strip() for l in b.splitlines() if l.strip()]
    if not la and not lb:
        return 1.0
    return difflib.SequenceMatcher(None, la, lb, autojunk=False).ratio()


def shingle_hash(s):
    """A 64-bit hash of a string that is the same in every process (str's
    hash() is salted per process, which would make builds differ)."""
    return int.from_bytes(hashlib.blake2b(s.encode('utf-8', 'replace'),
                                          digest_size=8).digest(), 'little')


def shingles(text, k=4):
    """The set of hashes of the text's lowercased word k-shingles (of its
    whole word sequence when shorter than k)."""
    w = [x.lower() for x in words(text)]
    if len(w) < k:
        return {shingle_hash(' '.join(w))}
    return {shingle_hash(' '.join(w[i:i + k])) for i in range(len(w) - k + 1)}


def cross_cluster_near(docs, gold, threshold=0.8, sketch=24):
    """Pairs of documents in different gold clusters whose word 4-shingle
    sets have a Jaccard coefficient >= threshold: candidates by a shared
    value among each set's `sketch` smallest hashes, then exact Jaccard.
    Returns [(jaccard, id1, id2)], highest first."""
    sets = {i: shingles(t) for i, t in docs}
    index = {}
    for i, s in sets.items():
        for h in sorted(s)[:sketch]:
            index.setdefault(h, []).append(i)
    seen, out = set(), []
    for ids in index.values():
        if len(ids) > 400:
            ids = ids[:400]
        for x in range(len(ids)):
            for y in range(x + 1, len(ids)):
                a, b = ids[x], ids[y]
                if gold[a] == gold[b] or (a, b) in seen:
                    continue
                seen.add((a, b))
                sa, sb = sets[a], sets[b]
                j = len(sa & sb) / len(sa | sb)
                if j >= threshold:
                    out.append((j, a, b))
    out.sort(reverse=True)
    return out


def cross_cluster_contained(docs, gold, threshold=0.8):
    """Every pair of documents in different gold clusters whose word
    4-shingle sets A, B have a containment |A & B| / min(|A|, |B|) >=
    threshold; that takes in every pair of Jaccard >= threshold (Jaccard
    is at most the containment).  Exact, by prefix filtering: with the
    shingles in one order (rarest first, then by hash) the smaller set A
    of such a pair has one of its first |A| - ceil(threshold |A|) + 1
    shingles in B, so each document looks those up in an index of every
    shingle of every document, and the pairs so met are measured whole.
    Returns [(containment, jaccard, id1, id2)], id1 the smaller set,
    highest first."""
    sets = {i: shingles(t) for i, t in docs}
    index = {}
    for i, s in sets.items():
        for h in s:
            index.setdefault(h, []).append(i)
    rank = {i: (len(s), i) for i, s in sets.items()}
    out = []
    for a, sa in sets.items():
        n = len(sa)
        # one shingle more than needed: safe against rounding
        p = min(n, n - math.ceil(threshold * n) + 2)
        met = set()
        for h in sorted(sa, key=lambda h: (len(index[h]), h))[:p]:
            met.update(index[h])
        for b in met:
            if rank[b] <= rank[a] or gold[a] == gold[b]:
                continue
            common = len(sa & sets[b])
            if common / n >= threshold:
                out.append((common / n, common / (n + len(sets[b]) - common), a, b))
    out.sort(reverse=True)
    return out


def digest(text):
    return hashlib.sha1(text.encode('utf-8', 'replace')).hexdigest()


def report(out, name, kind, counts, how, extra=''):
    """Writes OUT/INFO (one line for the README) and says it on stderr."""
    docs, clusters, copies = counts
    line = '%s\t%d docs\t%d clusters\t%d copies\t%s\t%s%s' % (
        name, docs, clusters, copies, kind, how, ('; ' + extra) if extra else '')
    with open(os.path.join(out, 'INFO'), 'w') as f:
        f.write(line + '\n')
    sys.stderr.write(line + '\n')


def drop_ambiguous(docs, gold, contain=0.8, ratio=0.8):
    """The gold clusters to leave out as ambiguous: two documents of
    different clusters whose word 4-shingle sets A, B have a containment
    |A & B| / min(|A|, |B|) >= contain (every pair, found exactly; it
    takes in every pair of Jaccard >= contain) and whose lines match by
    difflib's ratio >= ratio (line_ratio) are near copies the labelling
    rule calls different documents, and both clusters are left out.
    Returns (set of clusters, [(jaccard, containment, line ratio, id1,
    id2)] of every candidate pair)."""
    text = dict(docs)
    drop, near = set(), []
    for c, j, a, b in cross_cluster_contained(docs, gold, contain):
        r = line_ratio(text[a], text[b])
        near.append((j, c, r, a, b))
        if r >= ratio:
            drop.update((gold[a], gold[b]))
    return drop, near


def write_near(out, near):
    """OUT/near.tsv: a line per candidate pair of drop_ambiguous: Jaccard,
    containment, line ratio, ID1 (the smaller shingle set), ID2."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'near.tsv'), 'w') as f:
        for j, c, r, a, b in near:
            f.write('%.3f\t%.3f\t%.3f\t%s\t%s\n' % (j, c, r, a, b))

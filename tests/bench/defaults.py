# The labelled collections the defaults of examples/dupkit.defaults were
# chosen on, built from what a Debian system ships, and dkdedup scored on
# each: unique documents lost (stories with no document kept, of all
# stories) and copies removed (sum of size - max(kept, 1) over the stories,
# of sum of size - 1).  Documents of one text (SHA-1) are one story
# whatever the labels say.
#
#   defaults.py WORK BIN SHARED TAU,N,IDF...
#
# Collections (those whose sources are missing are skipped, and said so):
#   goldset    SHARED/corpora/goldset-dev, htmlstrip --main, its gold.tsv
#   copyright  /usr/share/doc/*/copyright, a story a source package
#   edits      /usr/share/doc/*/changelog.Debian.gz (first 4,000 bytes),
#              30% given 1 to 3 edited copies (words deleted, inserted, the
#              end cut, halves swapped, exact), seed 30
#   manlang    /usr/share/man/LANG/man*/*.gz and the English page of each:
#              every page its own story, except a "translation" whose
#              words are more than 8% English stopwords (untranslated):
#              a copy of the English page
#   glibmm     the HTML references of libglibmm-2.4-doc and -2.68-doc
#              (htmlstrip --main), a page and its counterpart one story
import collections
import glob
import gzip
import hashlib
import os
import random
import re
import subprocess
import sys

work, bindir, shared = sys.argv[1:4]
settings = [s.split(",") for s in sys.argv[4:]]


def clean(t):
    return re.sub(r"[\t\n\r\\]+", " ", t).strip()


def write(name, docs, gold):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    with open(d + "/docs.tsv", "w") as f:
        f.writelines("%s\t%s\n" % (i, clean(t)) for i, t in docs)
    return d + "/docs.tsv", gold


def copyright():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${source:Package}\n"],
                         capture_output=True, text=True).stdout
    src = dict(l.split("\t") for l in out.splitlines() if "\t" in l)
    docs, gold = [], {}
    for p in sorted(glob.glob("/usr/share/doc/*/copyright")):
        if os.path.islink(os.path.dirname(p)):
            continue
        pkg = p.split("/")[4]
        docs.append((pkg, open(p, errors="replace").read()))
        gold[pkg] = src.get(pkg, pkg)
    return write("copyright", docs, gold) if docs else None


def edits():
    rnd = random.Random(30)
    docs, gold, seen = [], {}, set()
    for p in sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz")):
        t = gzip.open(p).read().decode("utf-8", "replace")[:4000]
        if t in seen or len(t.split()) < 40:
            continue
        seen.add(t)
        i = p.split("/")[4]
        docs.append((i, t))
        gold[i] = i
        if rnd.random() >= 0.3:
            continue
        for k in range(rnd.randint(1, 3)):
            w = t.split()
            kind = rnd.choice(["del", "ins", "cut", "swap", "exact"])
            if kind == "del":
                w = [x for x in w if rnd.random() > 0.05]
            elif kind == "ins":
                for _ in range(max(1, len(w) // 30)):
                    w.insert(rnd.randrange(len(w)), rnd.choice(["new", "updated", "see", "also", "note:"]))
            elif kind == "cut":
                w = w[:int(len(w) * 0.85)]
            elif kind == "swap":
                w = w[len(w) // 2:] + w[:len(w) // 2]
            docs.append(("%s~%d" % (i, k), " ".join(w)))
            gold["%s~%d" % (i, k)] = i
    return write("edits", docs, gold) if docs else None


def roff(t):
    out = []
    for l in t.splitlines():
        if l.startswith((".\\\"", "'\\\"")):
            continue
        if l.startswith("."):
            l = re.sub(r"^\.\S+\s*", "", l)
        out.append(re.sub(r"\\f[BIRP]|\\f\(..|\\\(..|\\[-e&|^]|\\s[-+]?\d", "", l).replace('"', ""))
    return "\n".join(out)


def manlang():
    stop = set("the and of to is a in for be this that with are by or not on".split())
    docs, gold = [], {}
    for lang in ["fr", "de", "es", "pt", "pt_BR", "it", "nl", "pl", "sv"]:
        for p in sorted(glob.glob("/usr/share/man/%s/man*/*.gz" % lang)):
            sec, name = p.split("/")[-2], os.path.basename(p)
            en = "/usr/share/man/%s/%s" % (sec, name)
            for q, tag in ((p, lang), (en, "en")):
                i = "%s/%s/%s" % (tag, sec, name[:-3])
                if i in gold or not os.path.exists(q) or os.path.islink(q):
                    continue
                t = roff(gzip.open(q).read().decode("utf-8", "replace"))
                if len(t) < 200 or t.startswith("so "):
                    continue
                docs.append((i, t))
                gold[i] = i
    ens = {i for i, _ in docs if i.startswith("en/")}
    for i, t in docs:
        w = re.findall(r"[a-zA-Z]+", t.lower())
        if not i.startswith("en/") and sum(x in stop for x in w) > 0.08 * max(len(w), 1):
            e = "en/" + i.split("/", 1)[1]
            gold[i] = e if e in ens else "untranslated:" + i.split("/", 1)[1]
    return write("manlang", docs, gold) if docs else None


def htmlstrip(name, root, files, gold):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    with open(d + "/docs.tsv", "w") as f:
        subprocess.run([bindir + "/htmlstrip", "--main"] + files, cwd=root, stdout=f, check=True)
    return d + "/docs.tsv", gold


def glibmm():
    root = os.path.join(work, "glibmm-src")
    os.makedirs(root, exist_ok=True)
    files, gold = [], {}
    for rel in ("2.4", "2.68"):
        base = "/usr/share/doc/libglibmm-%s-doc/reference/html" % rel
        if not os.path.isdir(base):
            return None
        if not os.path.exists(os.path.join(root, rel)):
            os.symlink(base, os.path.join(root, rel))
        for p in sorted(glob.glob(base + "/**/*.html", recursive=True)):
            r = p[len(base) + 1:]
            files.append(rel + "/" + r)
            gold[rel + "/" + r] = r
    return htmlstrip("glibmm", root, files, gold)


def goldset():
    root = os.path.join(shared, "corpora/goldset-dev/docs")
    if not os.path.isdir(root):
        return None
    gold = dict(l.rstrip("\n").split("\t")[:2] for l in open(root + "/../gold.tsv"))
    return htmlstrip("goldset", root, sorted(os.listdir(root)), gold)


def score(docs, gold, tau, n, idf):
    first = {}
    for l in open(docs):
        f = l.rstrip("\n").split("\t")
        h = hashlib.sha1(f[-1].encode()).hexdigest()
        if h in first:
            gold[f[0]] = gold[first[h]]
        else:
            first[h] = f[0]
    out = docs + ".out"
    r = subprocess.run([bindir + "/dkdedup", "-t", tau, "--min-shared", n, "--idf", idf,
                        "tsv", docs, out], capture_output=True, text=True)
    if r.returncode:
        sys.exit(r.stderr)
    keep = set(open(out + ".keep").read().split())
    story = collections.defaultdict(list)
    for i, g in gold.items():
        story[g].append(i)
    lost = sum(not any(m in keep for m in s) for s in story.values())
    num = sum(len(s) - max(sum(m in keep for m in s), 1) for s in story.values())
    den = sum(len(s) - 1 for s in story.values())
    return len(gold), len(story), len(keep), lost, num, den


print("collection\ttau,N,idf\tdocs\tstories\tkept\tlost\tcopies removed")
for name, make in [("goldset", goldset), ("copyright", copyright), ("edits", edits),
                   ("manlang", manlang), ("glibmm", glibmm)]:
    made = make()
    if not made:
        print("%s\t(skipped: its sources are not on this machine)" % name)
        continue
    for tau, n, idf in settings:
        d, s, k, lost, num, den = score(made[0], dict(made[1]), tau, n, idf)
        print("%s\t%s,%s,%s\t%d\t%d\t%d\t%.2f%% (%d)\t%.1f%% (%d of %d)" % (
            name, tau, n, idf, d, s, k, 100.0 * lost / s, lost,
            100.0 * num / den if den else 100.0, num, den), flush=True)

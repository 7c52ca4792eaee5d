#!/usr/bin/env python3
"""feed.py OUT [NEWS]: a news feed in which a few stories are copied many
times over, as a wire story is picked up by a hundred sites: the news
collection (NEWS, default OUT/../news, as news.sh builds it: its
documents and labels unchanged) with 5 of its original articles each
copied 120 more times, every copy the article's text cut to 80-100% of
its words with one word in 50 replaced by another of the article.
Labels: a story and all its copies are one cluster (the news labels for
the rest).  What it asks of a matcher: a signature held by more than a
few hundred of the collection's documents may be a story's own text,
not a template, so a cut by document frequency alone keeps the copies.
Skips (status 77) when NEWS is missing."""
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, '..', '..')]
import collib, dktsv

STORIES, COPIES = 5, 120


def main():
    out = sys.argv[1]
    news = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(out)), 'news')
    if not os.path.exists(os.path.join(news, 'gold.tsv')):
        collib.skip('%s: no news collection (news.sh builds it)' % news)
    docs, gold = [], {}
    with open(os.path.join(news, 'docs.tsv'), encoding='utf-8') as f:
        for line in f:
            i, text = line.rstrip('\n').split('\t', 1)
            docs.append((i, dktsv.unescape(text)))
    with open(os.path.join(news, 'gold.tsv'), encoding='utf-8') as f:
        for line in f:
            i, c = line.rstrip('\n').split('\t')
            gold[i] = c
    size = {}
    for i, _ in docs:
        size[gold[i]] = size.get(gold[i], 0) + 1
    # the longest texts of singletons: stories long enough to be copied
    single = sorted((d for d in docs if size[gold[d[0]]] == 1),
                    key=lambda d: (-len(d[1].split()), d[0]))
    rng = collib.Rng(7)
    for n, (i, text) in enumerate(single[:STORIES]):
        words = text.split()
        for k in range(COPIES):
            keep = max(1, int(len(words) * (0.8 + 0.2 * rng.random())))
            w = [x if rng.random() >= 0.02 else rng.choice(words) for x in words[:keep]]
            cid = 'feed%d-%03d' % (n, k)
            docs.append((cid, ' '.join(w)))
            gold[cid] = gold[i]
    counts = collib.write_collection(out, docs, gold)
    collib.report(out, 'feed', 'news pages and 5 stories in 120 copies each',
                  counts, 'news labels; a story and its copies (cut to 80-100%, '
                  '1 word in 50 replaced) one cluster')


main()

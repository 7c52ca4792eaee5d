#!/usr/bin/env python3
"""mail.py OUT [THREADS]: a labelled collection of mailing-list mail made
from real text: THREADS (default 200) threads of 2 to 6 messages, each
message's own words being paragraphs (15 to 120 words) of one README file
of /usr/share/doc (README*, plain or gzipped; a paragraph met before,
e.g. in another package's copy of one README, is not used again), so that
no two messages share their own text.  A message is headers (From, To,
Subject, Date, Message-ID) and a body: 1 to 3 new paragraphs and a
signature; a reply also quotes its parent, in one of three styles drawn
evenly: the parent's whole body quoted below ("> ", nested quotes
kept), interleaved (a quoted paragraph of the parent, then an answer, one
or two times), or top-posted (the answer, then "On DATE, NAME wrote:" and
the whole parent quoted).  A quarter of the messages are also delivered
by a second list (another To and List-Id, "[list]" put before the
subject, a later Date, the list's four-line footer), and a tenth of those
by a third.  Park-Miller generator, seed 4711.

Labels: each message is a document of its own, also a reply that quotes
all of its parent (it carries new words); the deliveries of one message
are copies of one another.  ID: tNNN.K (thread, message), with /L for
the L-th extra delivery.  Writes OUT/docs.tsv, OUT/gold.tsv; OUT/INFO
also says how many replies are more than half quotation."""
import gzip, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collib

FIRST = ['Anna', 'Bernd', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hugo', 'Ines',
         'Jonas', 'Keiko', 'Lars', 'Maria', 'Nils', 'Olga', 'Pavel', 'Quentin', 'Rosa',
         'Sven', 'Tomas', 'Ulla', 'Viktor', 'Wen', 'Yusuf', 'Zoe']
LAST = ['Andersen', 'Bauer', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat',
        'Ivanova', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Novak', 'Oliveira',
        'Petrov', 'Rossi', 'Schmidt', 'Tanaka', 'Weber']
LISTS = ['debian-devel', 'debian-user', 'pkg-devel', 'upstream-discuss', 'announce']


def readme_paragraphs(docdir='/usr/share/doc'):
    files = []
    for d in sorted(os.listdir(docdir)):
        p = os.path.join(docdir, d)
        if os.path.islink(p) or not os.path.isdir(p):
            continue
        for f in sorted(os.listdir(p)):
            if f.startswith('README') and not f.endswith('.html'):
                files.append((d, os.path.join(p, f)))
    seen, out = set(), []
    for pkg, path in files:
        try:
            op = gzip.open if path.endswith('.gz') else open
            with op(path, 'rt', encoding='utf-8', errors='replace') as f:
                text = f.read()
        except OSError:
            continue
        paras = []
        for block in text.split('\n\n'):
            w = block.split()
            key = ' '.join(w).lower()
            if 15 <= len(w) <= 120 and key not in seen:
                seen.add(key)
                paras.append(block.strip('\n'))
        if len(paras) >= 4:
            out.append((pkg, paras))
    return out


def quote(body):
    return '\n'.join('>' + (' ' + l if l and not l.startswith('>') else l)
                     for l in body.splitlines())


def main():
    out = sys.argv[1]
    nthreads = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    pool = readme_paragraphs()
    if len(pool) < nthreads // 2:
        collib.skip('only %d README files with paragraphs' % len(pool))
    rng = collib.Rng(4711)
    people = ['%s %s' % (f, l) for f in FIRST for l in LAST]
    rng.shuffle(people)
    docs, gold, heavy, replies = [], {}, 0, 0
    day = 0
    for t in range(nthreads):
        pkg, paras = pool[t % len(pool)]
        if t >= len(pool):
            break
        lst = LISTS[rng.below(len(LISTS))]
        subject = 'Question about %s' % pkg
        msgs, nmsg, used = [], 2 + rng.below(5), 0
        for k in range(nmsg):
            left = len(paras) - used
            if left <= 0:
                break
            take = min(left, 1 + rng.below(3))
            new = paras[used:used + take]
            used += take
            who = people[rng.below(len(people))]
            day += 1
            date = 'Mon, %d Mar 2025 %02d:%02d:00 +0000' % (1 + day % 28, day % 24, (7 * day) % 60)
            body_new = '\n\n'.join(new)
            if k == 0:
                body = body_new
            else:
                pwho, pdate, pbody = msgs[rng.below(len(msgs))]
                style = rng.below(3)
                replies += 1
                if style == 0:
                    body = '%s wrote:\n%s\n\n%s' % (pwho, quote(pbody), body_new)
                elif style == 1:
                    pp = [p for p in pbody.split('\n\n') if not p.startswith('>')] or [pbody]
                    parts = []
                    for m, p in enumerate(new):
                        if m < 2:
                            parts.append(quote(pp[min(m, len(pp) - 1)]))
                        parts.append(p)
                    body = '%s wrote:\n%s' % (pwho, '\n\n'.join(parts))
                else:
                    body = '%s\n\nOn %s, %s wrote:\n%s' % (body_new, pdate, pwho, quote(pbody))
                if len(body_new.split()) * 2 < len(body.split()):
                    heavy += 1
            msgs.append((who, date, body))
            mid = 't%03d.%d' % (t, k)
            subj = subject if k == 0 else 'Re: ' + subject
            head = 'From: %s <%s@example.org>\nTo: %s@lists.example.org\nSubject: %s\n' \
                   'Date: %s\nMessage-ID: <%s@example.org>\n\n' % (
                       who, who.lower().replace(' ', '.'), lst, subj, date, mid)
            text = head + body + '\n\n-- \n' + who + '\n'
            docs.append((mid, text))
            gold[mid] = mid
            if rng.random() < 0.25:
                for extra in range(2 if rng.random() < 0.1 else 1):
                    other = LISTS[(LISTS.index(lst) + 1 + extra) % len(LISTS)]
                    h2 = head.replace('To: %s@' % lst, 'To: %s@' % other)
                    h2 = h2.replace('Subject: ', 'Subject: [%s] ' % other)
                    h2 = h2.replace(date, date.replace(':00 +0000', ':%02d +0000' % (5 + extra)))
                    h2 = h2.replace('\n\n', '\nList-Id: <%s.lists.example.org>\n\n' % other)
                    footer = ('_______________________________________________\n%s mailing list\n'
                              '%s@lists.example.org\nhttps://lists.example.org/mailman/listinfo/%s\n'
                              % (other, other, other))
                    cid = '%s/%d' % (mid, extra + 1)
                    docs.append((cid, h2 + body + '\n\n-- \n' + who + '\n' + footer))
                    gold[cid] = mid
    counts = collib.write_collection(out, docs, gold)
    collib.report(out, 'mail', 'mailing-list threads with quoted replies', counts,
                  'each message unique (replies too, whatever they quote); its deliveries '
                  'by other lists are copies',
                  '%d of %d replies are more than half quotation' % (heavy, replies))


main()

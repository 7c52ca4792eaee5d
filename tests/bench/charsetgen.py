#!/usr/bin/env python3
"""Pages without a charset declaration in legacy encodings, for charset.sh.

  charsetgen.py make DIR      writes DIR/ENC/LANG-N.html and DIR/manifest.tsv
  charsetgen.py score DIR     reads DIR/ENC.err (htmlstrip -v's notes) and
                              prints ENC correct/total, and per language

Text: Debian's translated manual pages (/usr/share/man/LANG, roff requests
and escapes removed) where a language has them, else the translated
messages of /usr/share/locale/LANG/LC_MESSAGES/*.mo whose file name has an
odd CRC-32 (htmlstrip's letter tables are counted from the even ones, see
cmd/htmlstrip/gen-letters.py).  Each sample is about SIZE characters of one
page or catalogue, converted by iconv(1) (-c: characters the encoding
lacks dropped) and kept when at least 5 of its bytes are above 0x7F.  A
guess is correct when it decodes the bytes to the same text as the
encoding they were written in (ISO-8859-7 for windows-1253 is right when
the text has neither Ά nor the other few letters where they differ)."""
import glob
import gzip
import html
import os
import re
import struct
import subprocess
import sys
import zlib

SIZE = int(os.environ.get("CHARSET_SIZE", "1000"))
PER_LANG = int(os.environ.get("CHARSET_N", "40"))

# encoding (WHATWG name), iconv name, languages
CASES = [
    ("windows-1252", "WINDOWS-1252", "de fr es it nl sv pt_BR"),
    ("ISO-8859-2", "ISO-8859-2", "cs hu pl"),
    ("windows-1250", "WINDOWS-1250", "cs hu pl"),
    ("windows-1254", "WINDOWS-1254", "tr"),
    ("windows-1257", "WINDOWS-1257", "lt lv"),
    ("windows-1251", "WINDOWS-1251", "ru uk"),
    ("KOI8-R", "KOI8-R", "ru"),
    ("ISO-8859-7", "ISO-8859-7", "el"),
    ("windows-1253", "WINDOWS-1253", "el"),
    ("windows-1255", "WINDOWS-1255", "he"),
    ("windows-1256", "WINDOWS-1256", "ar"),
    ("windows-874", "WINDOWS-874", "th"),
]

# WHATWG name to Python codec, for judging a guess
CODEC = {
    "windows-1252": "cp1252", "ISO-8859-2": "iso8859_2", "windows-1250": "cp1250",
    "windows-1254": "cp1254", "windows-1257": "cp1257", "windows-1251": "cp1251",
    "KOI8-R": "koi8_r", "KOI8-U": "koi8_u", "ISO-8859-7": "iso8859_7",
    "windows-1253": "cp1253", "windows-1255": "cp1255", "ISO-8859-8": "iso8859_8",
    "windows-1256": "cp1256", "ISO-8859-6": "iso8859_6", "windows-874": "cp874",
    "ISO-8859-4": "iso8859_4", "ISO-8859-13": "iso8859_13", "ISO-8859-15": "iso8859_15",
    "ISO-8859-5": "iso8859_5", "IBM866": "cp866", "macintosh": "mac_roman",
    "windows-1258": "cp1258", "GBK": "gbk", "gb18030": "gb18030", "Big5": "big5hkscs",
    "EUC-JP": "euc_jp", "Shift_JIS": "cp932", "EUC-KR": "cp949", "UTF-8": "utf-8",
}


def roff_text(path):
    text = gzip.open(path, "rb").read().decode("utf-8", "replace")
    out = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            continue
        line = re.sub(r"\\f(\[[^]]*\]|\(..|.)", "", line)
        line = re.sub(r"\\\((..)", " ", line)
        line = re.sub(r"\\\[[^]]*\]", " ", line)
        line = re.sub(r"\\[-e]", "-", line)
        line = re.sub(r"\\.", "", line)
        out.append(line)
    return " ".join(" ".join(out).split())


def mo_text(path):
    data = open(path, "rb").read()
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    _, n, _, trans = struct.unpack(order + "4I", data[4:20])
    parts = []
    for i in range(n):
        length, off = struct.unpack(order + "2I", data[trans + 8 * i:trans + 8 * i + 8])
        s = data[off:off + length].decode("utf-8", "replace")
        if "Content-Type:" in s:
            continue
        parts.extend(s.split("\0"))
    return " ".join(" ".join(parts).split())


def sources(lang):
    """(name, text) of each page or catalogue of lang."""
    man = sorted(glob.glob("/usr/share/man/%s/man*/*.gz" % lang))
    if len(man) >= 10:
        for p in man:
            yield os.path.basename(p), roff_text(p)
        return
    for p in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % lang)):
        if zlib.crc32(os.path.basename(p).encode()) & 1:
            yield os.path.basename(p), mo_text(p)


def make(d):
    man = open(os.path.join(d, "manifest.tsv"), "w")
    for enc, iconv, langs in CASES:
        os.makedirs(os.path.join(d, enc), exist_ok=True)
        for lang in langs.split():
            k = 0
            for name, text in sources(lang):
                if k == PER_LANG:
                    break
                # from the middle of a long text: past the NAME lines
                start = min(len(text) // 4, 400) if len(text) > 2 * SIZE else 0
                sample = text[start:start + SIZE]
                b = subprocess.run(["iconv", "-c", "-f", "UTF-8", "-t", iconv],
                                   input=html.escape(sample, quote=False).encode(),
                                   capture_output=True).stdout
                if sum(c > 0x7F for c in b) < 5:
                    continue
                k += 1
                f = "%s-%d.html" % (lang, k)
                with open(os.path.join(d, enc, f), "wb") as o:
                    o.write(b"<html><head><title>" + name.encode() +
                            b"</title></head><body><p>" + b + b"</p></body></html>\n")
                man.write("%s\t%s\t%s\t%s\n" % (enc, lang, f, name))


def score(d):
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(d, "manifest.tsv"))]
    tot, ok, lt, lok = {}, {}, {}, {}
    for enc, lang, f, _ in rows:
        guess = None
        key = (enc, lang)
        lt[key] = lt.get(key, 0) + 1
        tot[enc] = tot.get(enc, 0) + 1
        if enc not in ok:
            notes = {}
            for line in open(os.path.join(d, enc + ".err"), encoding="utf-8", errors="replace"):
                m = re.match(r"htmlstrip: (\S+): no encoding declared.*read as (\S+),", line)
                if m:
                    notes[os.path.basename(m.group(1))] = m.group(2)
            ok[enc] = 0
            score.notes = notes
        guess = score.notes.get(f, "UTF-8")
        b = open(os.path.join(d, enc, f), "rb").read()
        right = guess in CODEC and b.decode(CODEC[guess], "replace") == b.decode(CODEC[enc], "replace")
        ok[enc] += right
        lok[key] = lok.get(key, 0) + right
    for enc, _, langs in CASES:
        if enc not in tot:
            continue
        per = " ".join("%s %d/%d" % (l, lok.get((enc, l), 0), lt[(enc, l)])
                       for l in langs.split() if (enc, l) in lt)
        print("%-13s %4d/%-4d (%s)" % (enc, ok[enc], tot[enc], per))


if __name__ == "__main__":
    {"make": make, "score": score}[sys.argv[1]](sys.argv[2])

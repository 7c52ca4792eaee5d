r"""dktsv: the escaping of dupkit's TSV streams (dupkit-formats(5)) for the
Python helpers of the tests and benchmarks: a backslash, tab, newline or
carriage return in a field is written as \\, \t, \n or \r.  tests/lib.sh
(dk_python) and tests/bench/common.sh put this directory on PYTHONPATH."""

_ESC = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


def escape(s):
    """The field s as a TSV stream holds it."""
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def unescape(s):
    """The text of the TSV field s (a backslash before any other byte is a
    KeyError: the streams the tests write have none)."""
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\":
            out.append(_ESC[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)

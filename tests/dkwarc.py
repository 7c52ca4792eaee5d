"""dkwarc: WARC/1.0 response records for the Python helpers of the tests:
a page served over HTTP, its record named NAME (WARC-Target-URI
http://example.org/NAME, WARC-Record-ID <urn:uuid:NAME>, htmlstrip --warc's
ID), dated 2026-01-01.  tests/lib.sh (dk_python) puts this directory on
PYTHONPATH."""


def response(name, payload, ctype="text/html"):
    """The record of an HTTP response with body payload (bytes) served as
    ctype."""
    body = ("HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n" % ctype).encode() + payload
    head = ("WARC/1.0\r\nWARC-Type: response\r\n"
            "WARC-Target-URI: http://example.org/%s\r\n"
            "WARC-Record-ID: <urn:uuid:%s>\r\n"
            "WARC-Date: 2026-01-01T00:00:00Z\r\n"
            "Content-Type: application/http; msgtype=response\r\n"
            "Content-Length: %d\r\n\r\n") % (name, name, len(body))
    return head.encode() + body + b"\r\n\r\n"


def page(name, text):
    """The record of an HTML page holding text as one paragraph."""
    return response(name, ("<html><body><p>%s</p></body></html>" % text).encode())

#!/usr/bin/env python3
"""A local web server that serves robots.txt every way a real site can, for the live tests.

The tests of `robots-lens fetch` and of every command that takes a URL (Rust, Python and Node)
start this server and never reach the internet. Each case is a whole site on its own port of
127.0.0.1, since a robots.txt is always at the root of its origin. The first line printed on
standard output is JSON: {"ports": {case: port}, "ca": path of the test CA's PEM}. The server
stops when its standard input closes (the test that started it ended, however it ended).

Cases: text, html, bom, latin1, wrong-type, big (5 MB), late-rule (a rule 600 kB in), gzip, deflate, bomb (a gzip body that
inflates to 1 GiB, compressed as it is sent, never stored), flood (a fast body that never ends),
endless (a slow body that never ends), silent (accepts and never answers), redirects r1..r6
(chains of 301/302/307/308 ending in the text case), loop, cross (a redirect to another host
name and port), no-location (a 302 without Location), s403 s404 s410 s429 s500 s503, and https
(the text case over TLS with a certificate from a CA made at start-up with openssl).
"""

import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROBOTS = (
    b"User-agent: *\n"
    b"Disallow: /private/\n"
    b"\n"
    b"User-agent: Googlebot\n"
    b"Disallow: /cart/\n"
)
# What the site serves to GPTBot's user agent string instead (the `text` case only): a
# prepended group, as a CDN's managed robots.txt adds.
ROBOTS_FOR_GPTBOT = b"User-agent: GPTBot\nDisallow: /\n\n" + ROBOTS
HTML_PAGE = (
    b"<!DOCTYPE html>\n<html>\n<head>\n<title>Not found</title>\n</head>\n"
    b"<body>\n<p>Sorry, this page does not exist.</p>\n</body>\n</html>\n"
)
BIG_SIZE = 5 * 1000 * 1000
LATE_OFFSET = 600 * 1000
LATE_RULE = b"Disallow: /late/\n"
BOMB_SIZE = 1024 * 1024 * 1024
# The redirect codes the chains cycle through.
CHAIN_CODES = [301, 302, 307, 308, 301, 302]

ports = {}


class Handler(BaseHTTPRequestHandler):
    """Answers every request according to the case of the server it belongs to."""

    protocol_version = "HTTP/1.0"
    server_version = "live-test"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", content_type="text/plain", headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, status, location):
        self.send(status, b"", None, [("Location", location)])

    def do_GET(self):
        case = self.server.case
        try:
            getattr(self, "case_" + case.replace("-", "_"))()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def case_text(self):
        agent = self.headers.get("User-Agent", "")
        body = ROBOTS_FOR_GPTBOT if "GPTBot" in agent else ROBOTS
        self.send(200, body, "text/plain; charset=utf-8", [("X-Seen-User-Agent", agent)])

    def case_html(self):
        self.send(200, HTML_PAGE, "text/html; charset=utf-8")

    def case_bom(self):
        self.send(200, b"\xef\xbb\xbf" + ROBOTS, "text/plain; charset=utf-8")

    def case_latin1(self):
        self.send(200, ROBOTS + b"Disallow: /caf\xe9/\n", "text/plain; charset=iso-8859-1")

    def case_wrong_type(self):
        self.send(200, ROBOTS, "application/octet-stream")

    def case_big(self):
        filler = b"# " + b"x" * 97 + b"\n"
        body = ROBOTS + filler * ((BIG_SIZE - len(ROBOTS)) // len(filler))
        body += b"#" * (BIG_SIZE - len(body))
        self.send(200, body)

    def case_late_rule(self):
        # A rule past the 500 KiB crawlers read: the audit of the body as served reports it.
        filler = b"# " + b"x" * 97 + b"\n"
        self.send(200, ROBOTS + filler * (LATE_OFFSET // len(filler)) + LATE_RULE)

    def case_gzip(self):
        self.send(200, gzip_bytes(ROBOTS), "text/plain", [("Content-Encoding", "gzip")])

    def case_deflate(self):
        self.send(200, zlib.compress(ROBOTS), "text/plain", [("Content-Encoding", "deflate")])

    def case_bomb(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        # Compressed as it is sent: the gigabyte exists nowhere, and the client hanging up
        # after the part it reads ends the loop.
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        chunk = b"\0" * (1024 * 1024)
        for _ in range(BOMB_SIZE // len(chunk)):
            out = compressor.compress(chunk)
            if out:
                self.wfile.write(out)
        self.wfile.write(compressor.flush())

    def case_flood(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(ROBOTS)
        line = b"# never ends\n" * 5000
        while True:
            self.wfile.write(line)

    def case_endless(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.end_headers()
        self.wfile.write(ROBOTS)
        while True:
            self.wfile.write(b"# still coming\n")
            self.wfile.flush()
            time.sleep(0.05)

    def case_loop(self):
        if self.path == "/robots.txt":
            self.redirect(301, "/elsewhere.txt")
        else:
            self.redirect(302, "/robots.txt")

    def case_cross(self):
        self.redirect(301, "http://localhost:%d/robots.txt" % ports["text"])

    def case_no_location(self):
        self.send(302, b"", None)

    def chain(self, hops):
        # /robots.txt, then /hop1 … /hop{hops-1}; the last hop goes to the text site.
        step = 0 if self.path == "/robots.txt" else int(self.path.lstrip("/hop").split("?")[0])
        code = CHAIN_CODES[step % len(CHAIN_CODES)]
        if step + 1 < hops:
            self.redirect(code, "/hop%d" % (step + 1))
        else:
            self.redirect(code, "http://127.0.0.1:%d/robots.txt" % ports["text"])


def chain_case(hops):
    return lambda self: self.chain(hops)


for _hops in range(1, 7):
    setattr(Handler, "case_r%d" % _hops, chain_case(_hops))


def status_case(code):
    return lambda self: self.send(code, b"<html><body>error %d</body></html>\n" % code, "text/html")


for _code in (403, 404, 410, 429, 500, 503):
    setattr(Handler, "case_s%d" % _code, status_case(_code))


def gzip_bytes(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


class CaseServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, case, context=None):
        super().__init__(("127.0.0.1", 0), Handler)
        self.case = case
        if context is not None:
            self.socket = context.wrap_socket(self.socket, server_side=True)

    def handle_error(self, request, client_address):
        pass


def serve(case, context=None):
    server = CaseServer("text" if case == "https" else case, context)
    ports[case] = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()


def serve_silent():
    """Accepts connections and never answers them (nor closes them)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    ports["silent"] = listener.getsockname()[1]
    held = []

    def accept():
        while True:
            connection, _ = listener.accept()
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()


def make_ca(directory):
    """A CA and a certificate for 127.0.0.1 and localhost signed by it, made with openssl."""

    def run(*args):
        subprocess.run(["openssl", *args], cwd=directory, check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
        "-days", "2", "-subj", "/CN=Robots Lens test CA",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "site.key", "-out", "site.csr",
        "-subj", "/CN=localhost")
    with open(os.path.join(directory, "site.ext"), "w") as ext:
        ext.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                  "basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    run("x509", "-req", "-in", "site.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "site.pem", "-days", "2", "-extfile", "site.ext")
    return os.path.join(directory, "ca.pem")


def main():
    directory = tempfile.mkdtemp(prefix="robots-lens-live-")
    cases = ["text", "html", "bom", "latin1", "wrong-type", "big", "late-rule", "gzip", "deflate", "bomb",
             "flood", "endless", "loop", "cross", "no-location"]
    cases += ["r%d" % hops for hops in range(1, 7)]
    cases += ["s%d" % code for code in (403, 404, 410, 429, 500, 503)]
    for case in cases:
        serve(case)
    serve_silent()
    ca = make_ca(directory)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(directory, "site.pem"),
                            os.path.join(directory, "site.key"))
    serve("https", context)
    print(json.dumps({"ports": ports, "ca": ca}), flush=True)
    # Serve until whoever started us goes away.
    sys.stdin.read()
    shutil.rmtree(directory, ignore_errors=True)
    os._exit(0)


if __name__ == "__main__":
    main()

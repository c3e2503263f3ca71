"""server.py - the HTTP side of tsa.sh: each POST of an
application/timestamp-query is answered by `openssl ts -reply` with the
authority of DIR. Listens on 127.0.0.1, a free port; writes DIR/url once
it listens. Paths other than / fail as tsa.sh says. Usage: server.py DIR"""
import http.server
import os
import subprocess
import sys

DIR = sys.argv[1]
MAX_ANSWER = 1024 * 1024  # what prereg reads of an answer at most


class Handler(http.server.BaseHTTPRequestHandler):
    last = None  # the last token granted on /, answered again on /replay

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        query = self.rfile.read(n)
        if self.headers.get("Content-Type") != "application/timestamp-query":
            self.send_error(415, "expected application/timestamp-query")
            return
        if self.path.startswith("/http-"):
            self.send_error(int(self.path[6:]))
            return
        if self.path == "/not-tsa":
            self.answer(b"not a time-stamp response")
            return
        if self.path == "/big":
            self.answer(b"\0" * (MAX_ANSWER + 1))
            return
        if self.path == "/replay":
            if Handler.last is None:
                self.send_error(409, "no token granted yet")
            else:
                self.answer(Handler.last)
            return
        section = "tsa_reject" if self.path == "/reject" else "tsa_config"
        p = subprocess.run(
            ["openssl", "ts", "-reply", "-config",
             os.path.join(DIR, "openssl.cnf"), "-section", section,
             "-queryfile", "/dev/stdin", "-out", "/dev/stdout"],
            input=query, capture_output=True, check=False)
        if p.returncode != 0 or not p.stdout:
            self.send_error(500, "openssl ts -reply failed")
            sys.stderr.write(p.stderr.decode(errors="replace"))
            return
        if self.path == "/":
            Handler.last = p.stdout
        self.answer(p.stdout)

    def answer(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/timestamp-reply")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # a client that stops reading (the /big answer)

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
url = "http://127.0.0.1:%d/" % server.server_address[1]
with open(os.path.join(DIR, "url.tmp"), "w") as f:
    f.write(url + "\n")
os.rename(os.path.join(DIR, "url.tmp"), os.path.join(DIR, "url"))
server.serve_forever()

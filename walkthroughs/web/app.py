#!/usr/bin/env python3
"""The sample web app's backend: serves index.html, app.js and app.css, and answers
GET /session?user=NAME with the user, a user token for `walkthrough serve` and the server's
address. A real app knows its user from its own login; this one takes ?user= (alice by default).

The token is a JSON Web Token signed HS256 with the `userTokens` secret of serve's keys file,
read when a token is asked for (Python's standard library only; see docs/web.md for Node, Go,
Swift and PyJWT).

    python3 walkthroughs/web/app.py [--port 8000] [--server http://127.0.0.1:8080] [--keys FILE]
"""
import argparse
import base64
import hashlib
import hmac
import http.server
import json
import os
import sys
import time
import urllib.parse

FOLDER = os.path.dirname(os.path.abspath(__file__))
FILES = {"/": ("index.html", "text/html; charset=utf-8"),
         "/app.js": ("app.js", "text/javascript; charset=utf-8"),
         "/app.css": ("app.css", "text/css; charset=utf-8")}


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def user_token(user, secret, issuer):
    """A JWT for `user`, valid for an hour: what the app's backend signs for its logged-in user."""
    header = {"alg": "HS256", "typ": "JWT"}
    claims = {"sub": user, "exp": int(time.time()) + 3600}
    if issuer:
        claims["iss"] = issuer
    signed = ".".join(base64url(json.dumps(part).encode()) for part in (header, claims))
    signature = hmac.new(secret.encode(), signed.encode(), hashlib.sha256).digest()
    return signed + "." + base64url(signature)


def main():
    state = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    parser = argparse.ArgumentParser(description="The FoodPin sample web app.")
    parser.add_argument("--port", type=int, default=8000, help="0: any free port")
    parser.add_argument("--server", default="http://127.0.0.1:8080",
                        help="where walkthrough serve listens")
    parser.add_argument("--keys", default=os.path.join(state, "walkthrough", "serve-keys.json"),
                        help="serve's keys file, for the user tokens' secret")
    options = parser.parse_args()
    server = options.server.rstrip("/")
    policy = ("default-src 'none'; script-src 'self' %s; connect-src 'self' %s; img-src %s; "
              "style-src 'self'; base-uri 'none'; form-action 'none'" % (server, server, server))

    class App(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            if url.path == "/session":
                user = urllib.parse.parse_qs(url.query).get("user", ["alice"])[0]
                try:
                    with open(options.keys, encoding="utf-8") as handle:
                        tokens = json.load(handle)["userTokens"]
                except (OSError, ValueError, KeyError) as error:
                    self.send_error(500, "cannot read the user tokens' secret from %s (%s): "
                                    "start walkthrough serve, or name its keys file with --keys"
                                    % (options.keys, error))
                    return
                token = user_token(user, tokens["secret"], tokens.get("issuer"))
                self.answer(json.dumps({"user": user, "token": token, "server": server}).encode(),
                            "application/json")
            elif url.path in FILES:
                name, media = FILES[url.path]
                with open(os.path.join(FOLDER, name), "rb") as handle:
                    self.answer(handle.read(), media)
            else:
                self.send_error(404)

        def answer(self, body, media):
            self.send_response(200)
            self.send_header("Content-Type", media)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", policy)
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            sys.stderr.write("app.py: %s\n" % (format % args))

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", options.port), App)
    print("FoodPin sample on http://127.0.0.1:%d/?user=alice (walkthrough serve at %s)"
          % (httpd.server_address[1], server), flush=True)
    httpd.serve_forever()


if __name__ == "__main__":
    main()

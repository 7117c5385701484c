"""A small WebDriver client on Python's standard library (HTTP and JSON to chromedriver).

Just the commands the page's tests use, from the W3C WebDriver spec. Selenium would do
the same, but needs a package download and brings Selenium Manager, which tries to fetch
drivers; Debian's chromedriver and urllib are enough.
"""

import base64
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

# The W3C element reference key.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

# Key codes (WebDriver spec, "Keyboard actions").
KEY = {
    "Tab": "\ue004",
    "Enter": "\ue007",
    "Space": "\ue00d",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Home": "\ue011",
    "Delete": "\ue017",
    "Shift": "\ue008",
    "End": "\ue010",
    "Control": "\ue009",
    "Backspace": "\ue003",
}

# Chromium as root with no network: no sandbox (root), no GPU, and none of its
# background connections, which this machine refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--lang=en-US",
    "--window-size=1280,1000",
]


class WebDriverError(RuntimeError):
    """A command chromedriver answered with an error."""


def free_port():
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """chromedriver started on a free port, and one browser session in it."""

    def __init__(self, chromedriver, chromium, profile_dir, log_path, timeout=30):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.session = None
        self.log = open(log_path, "wb")
        # Its own process group, so stopping it also stops the browsers it started.
        self.process = subprocess.Popen(
            [chromedriver, f"--port={self.port}"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            self._start_session(chromium, profile_dir, timeout)
        except BaseException:
            self.quit()
            raise

    def _start_session(self, chromium, profile_dir, timeout):
        self._wait_ready(timeout)
        args = CHROMIUM_ARGS + [f"--user-data-dir={profile_dir}"]
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {"binary": chromium, "args": args},
                    "timeouts": {"script": 30000, "pageLoad": 30000, "implicit": 0},
                }
            }
        }
        self.session = self._call("POST", "/session", caps, timeout=60)["sessionId"]

    def _wait_ready(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise WebDriverError(f"chromedriver exited with {self.process.returncode}")
            try:
                if self._call("GET", "/status", timeout=2).get("ready"):
                    return
            except (OSError, WebDriverError):
                pass
            time.sleep(0.1)
        raise WebDriverError(f"chromedriver not ready after {timeout} s")

    def _call(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json; charset=utf-8")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                answer = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{method} {path}: {detail.get('error')}: {detail.get('message', '')[:300]}") from None
        return answer.get("value")

    def cmd(self, method, path, body=None, timeout=30):
        """A command in the session: `path` relative to /session/{id}."""
        return self._call(method, f"/session/{self.session}{path}", body, timeout)

    def quit(self):
        """Ends the session and stops chromedriver and its browsers, whatever state they are in."""
        try:
            if self.session:
                self.cmd("DELETE", "", timeout=10)
        except (OSError, WebDriverError):
            pass
        finally:
            self.session = None
            if self.process.poll() is None:
                try:
                    os.killpg(self.process.pid, signal.SIGTERM)
                    self.process.wait(timeout=10)
                except (ProcessLookupError, subprocess.TimeoutExpired):
                    try:
                        os.killpg(self.process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            self.log.close()

    # ---- Page and elements ----------------------------------------------------------

    def go(self, url):
        self.cmd("POST", "/url", {"url": url}, timeout=40)

    def find(self, css):
        return self.cmd("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css, within=None):
        path = f"/element/{within}/elements" if within else "/elements"
        found = self.cmd("POST", path, {"using": "css selector", "value": css})
        return [e[ELEMENT] for e in found]

    def click(self, element):
        self.cmd("POST", f"/element/{element}/click", {})

    def text(self, element):
        return self.cmd("GET", f"/element/{element}/text")

    def attribute(self, element, name):
        return self.cmd("GET", f"/element/{element}/attribute/{name}")

    def prop(self, element, name):
        return self.cmd("GET", f"/element/{element}/property/{name}")

    def enabled(self, element):
        return self.cmd("GET", f"/element/{element}/enabled")

    def displayed(self, element):
        return self.cmd("GET", f"/element/{element}/displayed")

    def type_into(self, element, text):
        self.cmd("POST", f"/element/{element}/value", {"text": text})

    def clear(self, element):
        self.cmd("POST", f"/element/{element}/clear", {})

    def js(self, script, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args, timeout=60):
        """Runs `script` with a callback as its last argument; returns what it passes to it."""
        return self.cmd("POST", "/execute/async", {"script": script, "args": list(args)}, timeout)

    def cdp(self, command, params=None):
        """A Chrome DevTools Protocol command (chromedriver's extension)."""
        return self.cmd("POST", "/goog/cdp/execute", {"cmd": command, "params": params or {}})

    def press(self, *keys):
        """Presses and releases each key in turn, on whatever has the focus."""
        actions = []
        for key in keys:
            code = KEY.get(key, key)
            actions += [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def chord(self, *keys):
        """Holds the keys down together, then lets go (e.g. Control and a)."""
        codes = [KEY.get(k, k) for k in keys]
        actions = [{"type": "keyDown", "value": c} for c in codes]
        actions += [{"type": "keyUp", "value": c} for c in reversed(codes)]
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def window(self, width, height):
        self.cmd("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        png = base64.b64decode(self.cmd("GET", "/screenshot", timeout=40))
        with open(path, "wb") as out:
            out.write(png)

    def wait(self, what, check, timeout=20, every=0.05):
        """Polls `check` until it returns something true; fails naming `what` after `timeout` s."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = check()
            if last:
                return last
            time.sleep(every)
        raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {last!r})")

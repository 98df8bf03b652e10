"""The published site in a real browser: headless Chromium (Debian's package) loads the index, a
standings page and the big screen, from a loopback web server and from the folder (file://),
with no failed request and no console error; the big screen scrolls by itself and reloads when
the site is republished; the screenshots are not blank.

Chromium is driven through the DevTools protocol over a loopback websocket. Where ``chromium``
is missing the tests are skipped, except on CI, where they fail."""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import threading
import time
import urllib.request
import zlib
from pathlib import Path

import pytest

from ttools.pipeline import process_file
from ttools.publish.build import publish

ROOT = Path(__file__).resolve().parents[2]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]


@pytest.fixture(scope="module")
def chromium_path() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; CI must install it to test the published site")
        pytest.skip("chromium is not installed on this machine")
    return found


# ---- PNG, decoded with zlib ---------------------------------------------------------------------------


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB or RGBA PNG, unfiltered."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, color, _c, _f, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def assert_not_blank(png: bytes) -> None:
    width, height, rows = png_pixels(png)
    assert width >= 150 and height >= 150
    bpp = len(rows[0]) // width
    colours = {row[i : i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4)}
    assert len(colours) >= 8, f"the screenshot is (nearly) blank: {len(colours)} colours"
    # dark text on a light page (or light on dark): a good share of pixels differ from the commonest
    from collections import Counter

    counts = Counter(row[i : i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4))
    assert counts.most_common(1)[0][1] < 0.97 * sum(counts.values())


# ---- the browser, over the DevTools protocol --------------------------------------------------------


class Browser:
    def __init__(self, exe: str, profile: Path, size: str = "1280,900"):
        self.proc = subprocess.Popen(
            [
                exe,
                *FLAGS,
                f"--user-data-dir={profile}",
                "--remote-debugging-port=0",
                "--remote-debugging-address=127.0.0.1",
                f"--window-size={size}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not start its DevTools server")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        pages = []
        while not pages:
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError("chromium opened no page")
            pages = [
                t
                for t in json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
                if t["type"] == "page"
            ]
            time.sleep(0 if pages else 0.1)
        import websocket

        self.ws = None
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    def call(self, method: str, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_for(self, method: str, seconds: float = 20) -> dict:
        """The next event ``method`` (earlier events of other kinds are kept)."""
        deadline = time.monotonic() + seconds
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                msg = json.loads(self.ws.recv())
            except Exception:
                break
            if msg.get("method") == method:
                return msg
            self.events.append(msg)
        raise AssertionError(f"no {method} within {seconds} s")

    def pump(self, seconds: float) -> None:
        """Collect events for a while."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                self.events.append(json.loads(self.ws.recv()))
            except Exception:
                pass

    def load(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")
        self.pump(0.5)

    def evaluate(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions and failed requests seen since the last load."""
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(f"console: {p.get('args')}")
            elif m == "Runtime.exceptionThrown":
                out.append(f"exception: {p.get('exceptionDetails', {}).get('text')}")
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(f"log: {p['entry'].get('text')} {p['entry'].get('url', '')}")
            elif m == "Network.loadingFailed":
                out.append(f"failed request: {p.get('errorText')} ({p.get('type')})")
            elif m == "Network.responseReceived" and p.get("response", {}).get("status", 200) >= 400:
                out.append(f"HTTP {p['response']['status']}: {p['response']['url']}")
        return out

    def requested(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, path: Path) -> bytes:
        width, height = self.evaluate("[window.innerWidth, window.innerHeight]")
        # a quarter of the size: the same picture, and quick to decode in pure Python
        clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 0.25}
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png", clip=clip)["data"])
        path.write_bytes(data)
        return data

    def close(self) -> None:
        try:
            if getattr(self, "ws", None) is not None:
                self.ws.close()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("browser") / "site"
    publish(process_file(str(ROOT / "samples" / "scrabble-3div.xlsx")), str(folder))
    return folder


@pytest.fixture(scope="module")
def server(site):
    """The site's folder on a loopback web server."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def browser(chromium_path, tmp_path):
    b = Browser(chromium_path, tmp_path / "profile")
    yield b
    b.close()


@pytest.mark.parametrize("scheme", ["http", "file"])
def test_index_standings_and_big_screen_load_cleanly(browser, site, server, scheme, tmp_path):
    base = server if scheme == "http" else site.as_uri()
    for page in ("index.html", "standings.html", "big.html"):
        browser.load(f"{base}/{page}")
        if page == "big.html":
            browser.pump(4)  # the first poll of version.js
            assert any("version.js" in url for url in browser.requested())
        assert browser.problems() == [], page
        assert browser.evaluate("document.documentElement.lang") == "zh-Hant"
        assert browser.evaluate("document.styleSheets.length") == 1  # site.css applied
        shot = browser.screenshot(tmp_path / f"{scheme}-{page}.png")
        assert_not_blank(shot)
    assert all(url.startswith(base) for url in browser.requested())


def test_the_big_screen_scrolls_by_itself_and_reloads_when_republished(browser, site, tmp_path):
    big = tmp_path / "big-site"
    shutil.copytree(site, big)
    browser.load((big / "big.html").as_uri())
    before = browser.evaluate("document.getElementById('main').dataset.version")
    deadline = time.monotonic() + 20
    while browser.evaluate("window.scrollY") == 0 and time.monotonic() < deadline:
        browser.pump(0.5)
    assert browser.evaluate("window.scrollY") > 0
    # a new round's results: the site is republished, and the big screen picks it up by itself
    out = tmp_path / "out.xlsx"
    process_file(str(ROOT / "samples" / "scrabble-3div.xlsx")).writer(str(out))
    publish(process_file(str(out)), str(big))
    browser.events.clear()
    browser.wait_for("Page.loadEventFired", seconds=25)
    browser.pump(0.5)
    after = browser.evaluate("document.getElementById('main').dataset.version")
    assert after != before and after == json.loads((big / "version.json").read_text())["version"]
    assert browser.problems() == []


def test_a_phone_screenshot_of_the_standings_from_the_command_line(chromium_path, site, tmp_path):
    shot = tmp_path / "phone.png"
    subprocess.run(
        [
            chromium_path,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=390,844",
            f"--screenshot={shot}",
            (site / "standings.html").as_uri(),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=120,
        check=True,
    )
    width, height, _ = png_pixels(shot.read_bytes())
    assert (width, height) == (390, 844)
    assert_not_blank(shot.read_bytes())

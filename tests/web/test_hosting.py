"""docs/hosting.md's examples run as they are written (issue 26): the Caddy and nginx sites in front
of a real ``tetrarchia serve`` on loopback, with a self-signed certificate in place of Let's
Encrypt's, and the systemd unit checked by ``systemd-analyze verify``.  Each part runs where its
program is installed (Debian's ``caddy``, ``nginx``, ``systemd``) and is skipped elsewhere.

Through each proxy: the page and its security headers over HTTPS, the redirect from plain HTTP,
the live connection (a WebSocket) opened with the page's own ``Origin``, and the new-game limit
counted per client address (clients bound to 127.0.0.2 and 127.0.0.3, each told apart by the
proxy's ``X-Forwarded-For``) where a client's forged ``X-Forwarded-For`` changes nothing."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from conftest import ROOT
from web_helpers import free_port, start_server

pytestmark = pytest.mark.timeout(120)

# each proxy's clients' addresses: the server's buckets outlive a proxy (the server is the module's)
CLIENTS = {"caddy": ("127.0.0.2", "127.0.0.3", "127.0.0.4"), "nginx": ("127.0.0.5", "127.0.0.6", "127.0.0.7")}
DOC = ROOT / "docs" / "hosting.md"
NAME = "play.example.org"


def block(kind: str) -> str:
    """The doc's fenced block of ``kind`` (its one example of it)."""
    found = re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(found) == 1, f"docs/hosting.md has {len(found)} {kind} blocks"
    return str(found[0])


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1 (the stand-in of Let's Encrypt's)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    where = tmp_path_factory.mktemp("tls")
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The server as the doc starts it behind a proxy (2 new games per address here); its port."""
    port = free_port()
    server = start_server(tmp_path_factory.mktemp("hosted") / "games.sqlite3", port, "--hide-games",
                          "--forwarded-allow-ips", "127.0.0.1", "--new-games", "2")
    try:
        yield port
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=30)


def nginx_site(backend: int, tls: int, plain: int, cert: Path, key: Path, root: Path) -> str:
    """The doc's nginx site on loopback ports with the test's certificate, in a whole nginx.conf."""
    site = block("nginx")
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{backend}")
    site = re.sub(r"^\s*listen \[::\].*\n", "", site, flags=re.M)  # no IPv6 needed on loopback
    site = site.replace("listen 443 ssl", f"listen 127.0.0.1:{tls} ssl")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{plain};")
    site = site.replace(f"/etc/letsencrypt/live/{NAME}/fullchain.pem", str(cert))
    site = site.replace(f"/etc/letsencrypt/live/{NAME}/privkey.pem", str(key))
    site = site.replace(f"server_name {NAME};", "server_name localhost;")
    temp = " ".join(f"{kind}_temp_path {root / kind};" for kind in
                    ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"pid {root / 'nginx.pid'};\nerror_log {root / 'error.log'} info;\nevents {{}}\n"
            f"http {{\naccess_log off;\n{temp}\n{site}\n}}\n")


def caddy_site(backend: int, tls: int, plain: int, cert: Path, key: Path) -> str:
    """The doc's Caddyfile on loopback ports with the test's certificate."""
    site = block("caddyfile").replace("127.0.0.1:8000", f"127.0.0.1:{backend}")
    site = site.replace(f"{NAME} {{", f"localhost {{\n\ttls {cert} {key}\n\tbind 127.0.0.1", 1)
    return f"{{\n\tadmin off\n\thttp_port {plain}\n\thttps_port {tls}\n}}\n\n{site}"


def running(command: list[str], root: Path, ready: Callable[[], bool]) -> subprocess.Popen[bytes]:
    log = (root / "proxy.log").open("wb")
    env = {**os.environ, "HOME": str(root), "XDG_DATA_HOME": str(root), "XDG_CONFIG_HOME": str(root)}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env,
                               start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{command[0]} stopped: {(root / 'proxy.log').read_text()}")
        if ready():
            return process
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{command[0]} did not answer within 30 s: {(root / 'proxy.log').read_text()}")


@dataclass(frozen=True)
class Proxied:
    tls: int  # the proxy's HTTPS port
    plain: int  # and its HTTP one
    trust: ssl.SSLContext  # trusting the test's certificate
    clients: tuple[str, str, str]  # the addresses this proxy's clients come from
    root: Path  # its configuration and logs

    def logs(self) -> str:
        """The last lines of the proxy's logs (nginx's error log at level info, its output)."""
        return "\n".join(f"{path.name}:\n" + "\n".join(path.read_text(errors="replace").splitlines()[-40:])
                         for path in (self.root / "error.log", self.root / "proxy.log") if path.exists())


@pytest.fixture(scope="module", params=["caddy", "nginx"])
def proxied(request: pytest.FixtureRequest, backend: int, certificate: tuple[Path, Path],
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxied]:
    """The doc's proxy in front of ``backend``."""
    program = request.param
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed (apt-get install {program})")
    root = tmp_path_factory.mktemp(program)
    cert, key = certificate
    tls, plain = free_port(), free_port()

    def ready() -> bool:
        try:
            return httpx.get(f"https://localhost:{tls}/api/options",
                             verify=ssl.create_default_context(cafile=str(cert)),
                             timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    if program == "nginx":
        (root / "nginx.conf").write_text(nginx_site(backend, tls, plain, cert, key, root))
        command = ["nginx", "-p", str(root), "-c", str(root / "nginx.conf"), "-g", "daemon off;"]
    else:
        (root / "Caddyfile").write_text(caddy_site(backend, tls, plain, cert, key))
        command = ["caddy", "run", "--config", str(root / "Caddyfile"), "--adapter", "caddyfile"]
    process = running(command, root, ready)
    try:
        yield Proxied(tls, plain, ssl.create_default_context(cafile=str(cert)),
                      CLIENTS[program], root)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=20)


def from_address(address: str, trust: ssl.SSLContext) -> httpx.Client:
    """A client whose connections come from ``address`` (any 127.x address is loopback)."""
    return httpx.Client(timeout=30, transport=httpx.HTTPTransport(local_address=address, verify=trust))


def test_the_page_over_https_with_its_headers_and_the_redirect_from_http(proxied: Proxied) -> None:
    page = httpx.get(f"https://localhost:{proxied.tls}/", verify=proxied.trust, timeout=30)
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert page.headers["x-frame-options"] == "DENY"
    moved = httpx.get(f"http://localhost:{proxied.plain}/game/x", timeout=30)
    assert moved.status_code in (301, 302, 308)
    assert moved.headers["location"].startswith("https://localhost")


def test_the_live_connection_opens_through_the_proxy_with_the_pages_origin(proxied: Proxied) -> None:
    tls = proxied.tls
    with from_address(proxied.clients[2], proxied.trust) as web:
        created = web.post(f"https://localhost:{tls}/api/games", json={"players": 1, "hotseat": True})
    assert created.status_code == 201, created.text
    game, token = created.json()["id"], created.json()["credentials"]["hotseat"]
    try:
        with connect(f"wss://localhost:{tls}/api/games/{game}/live", ssl=proxied.trust,
                     origin=Origin(f"https://localhost:{tls}"), open_timeout=20) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "version": 0}))
            welcome = json.loads(ws.recv(timeout=20))
    except TimeoutError as exc:  # once in many runs on CI: the proxy's own words, to tell why
        raise AssertionError(f"no answer through the proxy: {proxied.logs()}") from exc
    assert welcome["kind"] == "welcome" and welcome["version"] == 1


def test_the_new_game_limit_counts_each_client_address_behind_the_proxy(proxied: Proxied) -> None:
    url = f"https://localhost:{proxied.tls}/api/games"
    with from_address(proxied.clients[0], proxied.trust) as one, \
            from_address(proxied.clients[1], proxied.trust) as two:
        made = [one.post(url, json={"players": 1}).status_code for _ in range(3)]
        forged = one.post(url, json={"players": 1}, headers={"X-Forwarded-For": "198.51.100.7"})
        other = [two.post(url, json={"players": 1}).status_code for _ in range(2)]
    assert made == [201, 201, 429] and forged.status_code == 429 and other == [201, 201]


def test_the_systemd_unit_is_valid(tmp_path: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd is not installed")
    unit = block("ini")
    installed = Path(sys.executable).parent / "tetrarchia"  # the entry point beside this Python
    program = str(installed if installed.exists() else Path(sys.executable))
    unit = unit.replace("/srv/tetrarchia/venv/bin/tetrarchia", program)
    (tmp_path / "tetrarchia.service").write_text(unit)
    checked = subprocess.run(["systemd-analyze", "verify", "--man=no", str(tmp_path / "tetrarchia.service")],
                             capture_output=True, text=True, timeout=60)
    said = [line for line in (checked.stdout + checked.stderr).splitlines()
            if "tetrarchia.service" in line]
    assert checked.returncode == 0 and not said, checked.stdout + checked.stderr  # a warning too

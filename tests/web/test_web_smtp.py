"""Your turn by e-mail (issue 27, item 2): when the host configured SMTP (``tetrarchia serve
--smtp-host/--smtp-port/--smtp-from``), a seat that gave its address gets an e-mail when its
decision comes, received here by a real SMTP server (aiosmtpd) on loopback; without SMTP an
address is refused; an SMTP server that is down costs bounded retries and no request's time.
On SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
from typer.testing import CliRunner

from notify_helpers import play_until, two_players
from tetrarchia.cli.main import app as cli
from tetrarchia.web.deliver import Delivery, Smtp
from web_helpers import bearer, client, free_port, start_server

pytestmark = pytest.mark.timeout(180)
SENDER = "tetrarchia@example.org"


class Inbox:
    """aiosmtpd's handler: every message delivered, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    name = "t_smtp_" + request.node.name.lower()[:40].replace("[", "_").replace("]", "").replace("-", "_")
    url: str = request.getfixturevalue("postgres").database(name)
    return url


def delivery(port: int) -> Delivery:
    return Delivery(timeout=0.5, retries=2, backoff=0.1,
                    smtp=Smtp(host="127.0.0.1", port=port, sender=SENDER))


def test_smtp_sends_the_turn_to_the_seats_address(database: str, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    with client(database, delivery=delivery(port)) as http:
        state, tokens = two_players(http)
        game = state["id"]
        read = http.get(f"/api/games/{game}/notify", headers=bearer(tokens[2])).json()
        assert read["email"] is True  # the page offers the field
        answer = http.post(f"/api/games/{game}/notify?lang=fr", headers=bearer(tokens[2]),
                           json={"email": " galerius@example.org "})
        assert answer.status_code == 200 and answer.json()["settings"]["email"] == "galerius@example.org"
        play_until(http, state, tokens, 2)
        assert http.app.state.notify.wait(10)  # type: ignore[attr-defined]
    assert inbox.recipients == [["galerius@example.org"]]
    mail = inbox.messages[0]
    assert mail["From"] == SENDER and mail["Subject"] == "Votre tour dans Tetrarchia"
    body = mail.get_content()
    assert body.startswith("C'est votre tour dans Tetrarchia : Joueur 2 (Constance)")
    assert f"/game/{game}" in body and tokens[2] not in body


@pytest.mark.parametrize("address", [
    pytest.param("galerius", id="no-at"),
    pytest.param("galerius@example", id="no-domain-dot"),
    pytest.param("galerius@example.org\r\nBcc: all@example.org", id="header-injection"),
    pytest.param("a" * 250 + "@example.org", id="too-long"),
])
def test_a_bad_address_is_refused_and_changes_nothing(tmp_path: Path, smtp: tuple[Inbox, int],
                                                      address: str) -> None:
    _inbox, port = smtp
    with client(tmp_path / "games.sqlite3", delivery=delivery(port)) as http:
        state, tokens = two_players(http)
        path = f"/api/games/{state['id']}/notify"
        first = http.post(path, headers=bearer(tokens[1]), json={"email": "diocletian@example.org"})
        assert first.status_code == 200
        answer = http.post(path + "?lang=es", headers=bearer(tokens[1]), json={"email": address})
        assert answer.status_code == 400
        assert "no es una dirección de correo" in answer.json()["error"]["reason"]
        kept = http.get(path, headers=bearer(tokens[1])).json()["settings"]
        assert kept["email"] == "diocletian@example.org"


def test_an_smtp_server_that_is_down_costs_bounded_retries(tmp_path: Path) -> None:
    down = free_port()  # nothing listens there
    durations: list[float] = []
    with client(tmp_path / "games.sqlite3", delivery=delivery(down)) as http:
        state, tokens = two_players(http)
        assert http.post(f"/api/games/{state['id']}/notify", headers=bearer(tokens[2]),
                         json={"email": "galerius@example.org"}).status_code == 200
        play_until(http, state, tokens, 2, durations)
        started = time.monotonic()
        assert http.app.state.notify.wait(10)  # type: ignore[attr-defined]
        assert time.monotonic() - started < 3  # three refused connections and 0.3 s of waits
    assert max(durations) < 1.5  # milliseconds each; a loaded machine's slowest under a second


def test_serve_takes_the_smtp_settings(tmp_path: Path, smtp: tuple[Inbox, int]) -> None:
    inbox, smtp_port = smtp
    port = free_port()
    server = start_server(tmp_path / "games.sqlite3", port, "--smtp-host", "127.0.0.1",
                          "--smtp-port", str(smtp_port), "--smtp-from", SENDER)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            state, tokens = two_players(http)
            assert http.post(f"/api/games/{state['id']}/notify", headers=bearer(tokens[2]),
                             json={"email": "galerius@example.org"}).status_code == 200
            play_until(http, state, tokens, 2)
            deadline = time.monotonic() + 10
            while not inbox.messages and time.monotonic() < deadline:
                time.sleep(0.05)  # the server's process sends in the background: its result awaited
        assert inbox.recipients == [["galerius@example.org"]]
        assert inbox.messages[0]["Subject"] == "Your turn in Tetrarchia"
    finally:
        server.terminate()
        server.wait(10)


def test_serve_refuses_an_smtp_host_without_a_sender(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["serve", "--database", str(tmp_path / "g.sqlite3"),
                                      "--smtp-host", "127.0.0.1"])
    assert result.exit_code == 2 and "--smtp-from" in result.output


def test_smtp_with_starttls_and_a_login(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--smtp-starttls`` and ``--smtp-user``: the connection is encrypted before the login (a
    certificate of our own, trusted through ``SSL_CERT_FILE`` as a host's CA would be)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is missing: it makes the test's certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                    "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    served = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    served.load_cert_chain(cert, key)
    logins: list[tuple[str, str]] = []

    def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        logins.append((data.login.decode(), data.password.decode()))
        return AuthResult(success=data.password == b"secret")

    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, tls_context=served,
                            require_starttls=True, authenticator=authenticator, auth_required=True)
    controller.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    try:
        smtp = Smtp(host="127.0.0.1", port=port, sender=SENDER, starttls=True, user="tetrarchia",
                    password="secret")
        with client(tmp_path / "games.sqlite3", delivery=Delivery(timeout=2, retries=0, smtp=smtp)) as http:
            state, tokens = two_players(http)
            assert http.post(f"/api/games/{state['id']}/notify", headers=bearer(tokens[2]),
                             json={"email": "galerius@example.org"}).status_code == 200
            play_until(http, state, tokens, 2)
            assert http.app.state.notify.wait(10)  # type: ignore[attr-defined]
    finally:
        controller.stop()
    assert logins == [("tetrarchia", "secret")]
    assert inbox.recipients == [["galerius@example.org"]]

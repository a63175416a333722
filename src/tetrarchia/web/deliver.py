"""Sending a "your turn" notice out of the server (issue 27, item 2): a webhook's JSON POST and an
e-mail through the host's SMTP server.

Every send runs in a thread of its own pool, never in a request or on the event loop: a slow or
silent receiver holds one of those threads for at most ``attempts x timeout`` plus the backoff,
and the game's requests go on being answered.  Each attempt has a short ``timeout``; a failed
one is tried again after ``backoff``, doubled each time, at most ``retries`` times.

A webhook's address is checked twice: when a seat sets it (``web/notify.py``: the scheme, the
server's own address) and again here, on the addresses its host name resolves to at send time,
so that a name which resolved elsewhere when it was set cannot be turned into a request to this
machine (loopback, unless the host allows it with ``--allow-loopback-webhooks``) or to an address
no webhook lives at (unspecified, link-local: a cloud's metadata service, multicast).  Redirects
are not followed, for the same reason, and no proxy of the environment is used.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import smtplib
import socket
import ssl
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

LOG = logging.getLogger("tetrarchia.web.notify")
PENDING_MAX = 1000  # sends waiting at most: past it a new one is dropped (and logged)

SMTP_HOST_VARIABLE = "TETRARCHIA_SMTP_HOST"
SMTP_PORT_VARIABLE = "TETRARCHIA_SMTP_PORT"
SMTP_FROM_VARIABLE = "TETRARCHIA_SMTP_FROM"
SMTP_STARTTLS_VARIABLE = "TETRARCHIA_SMTP_STARTTLS"
SMTP_USER_VARIABLE = "TETRARCHIA_SMTP_USER"
SMTP_PASSWORD_VARIABLE = "TETRARCHIA_SMTP_PASSWORD"  # nowhere else: never on a command line
LOOPBACK_VARIABLE = "TETRARCHIA_ALLOW_LOOPBACK_WEBHOOKS"


@dataclass(frozen=True, slots=True)
class Smtp:
    """The host's SMTP server: where the e-mails go out, from which address."""

    host: str
    sender: str
    port: int = 25
    starttls: bool = False
    user: str | None = None
    password: str | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class Delivery:
    """How notices are sent: each attempt's ``timeout`` (seconds), the ``retries`` after a
    failed attempt and the first ``backoff`` (doubled after each), whether a webhook may point at
    this machine (``allow_loopback``: tests, and a host whose bridge runs beside the server),
    and the SMTP server (None: no e-mail)."""

    timeout: float = 5.0
    retries: int = 3
    backoff: float = 2.0
    allow_loopback: bool = False
    smtp: Smtp | None = None

    @classmethod
    def from_environment(cls) -> Delivery:
        """The host's settings, as ``tetrarchia serve`` passes them to each worker process."""
        env = os.environ
        smtp = None
        if env.get(SMTP_HOST_VARIABLE) and env.get(SMTP_FROM_VARIABLE):
            smtp = Smtp(host=env[SMTP_HOST_VARIABLE], sender=env[SMTP_FROM_VARIABLE],
                        port=int(env.get(SMTP_PORT_VARIABLE) or 25),
                        starttls=env.get(SMTP_STARTTLS_VARIABLE) == "1",
                        user=env.get(SMTP_USER_VARIABLE) or None,
                        password=env.get(SMTP_PASSWORD_VARIABLE) or None)
        return cls(allow_loopback=env.get(LOOPBACK_VARIABLE) == "1", smtp=smtp)


class Unsafe(Exception):
    """A webhook's host resolves to an address no notice is sent to."""


def forbidden_address(address: str, allow_loopback: bool) -> bool:
    """Whether a webhook may not be sent to the IP ``address``."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return not allow_loopback
    return ip.is_unspecified or ip.is_link_local or ip.is_multicast


def resolved(host: str, port: int) -> list[str]:
    """The IP addresses ``host`` stands for (an address itself, or its name's)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in found})


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """A webhook's answer is never followed elsewhere (a redirect could point at this machine)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect())


class Sender:
    """The pool that sends the notices of one server process, with its bounds."""

    def __init__(self, delivery: Delivery, workers: int = 4) -> None:
        self.delivery = delivery
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tetrarchia-notify")
        self.lock = threading.Lock()
        self.idle = threading.Condition(self.lock)
        self.pending = 0
        self.closed = threading.Event()

    def submit(self, what: str, send: Callable[[], None]) -> None:
        """Send in the background, with the retries; ``what`` names it in the log."""
        with self.lock:
            if self.closed.is_set():
                return
            if self.pending >= PENDING_MAX:
                LOG.warning("notice dropped (%d waiting): %s", self.pending, what)
                return
            self.pending += 1
        self.executor.submit(self.attempts, what, send)

    def attempts(self, what: str, send: Callable[[], None]) -> None:
        try:
            wait = self.delivery.backoff
            for attempt in range(self.delivery.retries + 1):
                try:
                    send()
                    return
                except Unsafe as exc:  # not worth a retry: the address stays what it is
                    LOG.warning("notice not sent: %s: %s", what, exc)
                    return
                except Exception as exc:
                    LOG.info("notice attempt %d failed: %s: %s", attempt + 1, what, exc)
                if attempt < self.delivery.retries and self.closed.wait(wait):
                    return  # the server stops: no more retries
                wait *= 2
            LOG.warning("notice given up after %d attempts: %s", self.delivery.retries + 1, what)
        finally:
            with self.idle:
                self.pending -= 1
                self.idle.notify_all()

    def wait(self, timeout: float = 30.0) -> bool:
        """Until every notice is sent or given up (tests); False on timeout."""
        with self.idle:
            return self.idle.wait_for(lambda: self.pending == 0, timeout)

    def close(self) -> None:
        self.closed.set()
        self.executor.shutdown(wait=True, cancel_futures=True)

    # --- the two ways out -------------------------------------------------------------------
    def post(self, url: str, payload: dict[str, Any]) -> None:
        """One attempt at a webhook: a JSON POST; any answer but 2xx is a failure."""
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "https" else 80)
        for address in resolved(host, port):
            if forbidden_address(address, self.delivery.allow_loopback):
                raise Unsafe(f"{host} resolves to {address}")
        request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "User-Agent": "tetrarchia-notify"})
        with OPENER.open(request, timeout=self.delivery.timeout) as answer:
            if not 200 <= answer.status < 300:
                raise urllib.error.HTTPError(url, answer.status, "not 2xx", answer.headers, None)

    def mail(self, to: str, subject: str, text: str) -> None:
        """One attempt at an e-mail, through the host's SMTP server."""
        smtp = self.delivery.smtp
        if smtp is None:
            return
        message = EmailMessage()
        message["From"] = smtp.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(text)
        with smtplib.SMTP(smtp.host, smtp.port, timeout=self.delivery.timeout) as server:
            if smtp.starttls:
                server.starttls(context=ssl.create_default_context())
            if smtp.user:
                server.login(smtp.user, smtp.password or "")
            server.send_message(message)

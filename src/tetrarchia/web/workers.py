"""How ``tetrarchia serve --workers N`` runs its processes (issue 26: D3, D4).

**No 44 ms floor (D3).**  With ``--workers`` uvicorn's supervisor binds the listening socket
itself (``socket.socket(family)``: protocol number 0), and asyncio sets ``TCP_NODELAY`` only on
sockets whose protocol is ``IPPROTO_TCP``: the workers' connections kept Nagle's algorithm, so
an answer written in two pieces (its headers, then its body) waited for the client's delayed
ACK of the first one, 40-48 ms on Linux, on every request of a kept-alive connection
(``/api/options`` 44 ms against 0.9 ms on one process).  ``NoDelayH11`` sets ``TCP_NODELAY`` on
every accepted connection, whatever socket it came from: ``NoDelayHttp`` is uvicorn's httptools
protocol when httptools is installed (the ``web`` extra installs it: bench/load.py), else its h11.

**Workers die with their supervisor (D4).**  A supervisor killed with SIGKILL cannot stop its
workers, which went on serving the port (and a new start failed: "Address already in use").
Each worker asks the kernel for SIGTERM when its parent dies (Linux's ``PR_SET_PDEATHSIG``;
elsewhere a thread watches ``os.getppid()``), and SIGTERM is uvicorn's graceful stop: the
requests in flight are answered, the live connections closed, the port freed.

The processes the server spawns for its long computations (web/thinkers.py, web/analyses.py)
die with it too (``die_with_parent``): a process pool's worker waits on a queue whose writing end
it holds itself, so it never sees its server gone, and stayed forever.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import os
import signal
import socket
import sys
import threading
import time

from uvicorn.protocols.http.h11_impl import H11Protocol

SUPERVISOR_VARIABLE = "TETRARCHIA_SUPERVISOR"  # the supervisor's process id, for its workers
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
PROTOCOL = "tetrarchia.web.workers:NoDelayHttp"  # uvicorn's ``http``: imported in each worker


class NoDelayH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with ``TCP_NODELAY`` on its connection (the module's D3)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        no_delay(transport.get_extra_info("socket"))
        super().connection_made(transport)  # type: ignore[arg-type]


NoDelayHttp: type[asyncio.Protocol] = NoDelayH11
try:  # httptools (the ``web`` extra's C parser of HTTP/1.1): a third of h11's cost a request
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class NoDelayHttpTools(HttpToolsProtocol):
        """uvicorn's httptools protocol with ``TCP_NODELAY`` on its connection (D3)."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            no_delay(transport.get_extra_info("socket"))
            super().connection_made(transport)  # type: ignore[arg-type]

    NoDelayHttp = NoDelayHttpTools
except ImportError:  # uvicorn without httptools: h11, pure Python
    pass


def no_delay(sock: socket.socket | None) -> None:
    """Send each write at once (a TCP socket; any other kind is left as it is)."""
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def die_with_supervisor() -> None:
    """In a worker: stop (SIGTERM) when the supervisor named in the environment dies; at once
    when it is already gone (it died while this worker was starting)."""
    named = os.environ.get(SUPERVISOR_VARIABLE, "")
    if not named.isdigit():
        return  # not a worker of ``tetrarchia serve --workers``
    supervisor = int(named)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    else:
        threading.Thread(target=watch_parent, args=(supervisor,), daemon=True,
                         name="supervisor-watch").start()
    if os.getppid() != supervisor:  # gone before the request above: nobody will signal
        os.kill(os.getpid(), signal.SIGTERM)


def watch_parent(supervisor: int, period: float = 0.5) -> None:
    """Where there is no ``PR_SET_PDEATHSIG``: SIGTERM this process once its parent changes."""
    while os.getppid() == supervisor:
        time.sleep(period)
    os.kill(os.getpid(), signal.SIGTERM)


def die_with_parent(server: int, period: float = 0.5) -> None:
    """In a worker process of the server (a process pool's ``initializer``, given the server's
    process id): end it as soon as ``server`` is no longer its parent, at once if that is so
    already.  A thread watches ``os.getppid()`` rather than asking for ``PR_SET_PDEATHSIG``,
    which follows the spawning *thread*: a pool's worker is spawned by whichever of the server's
    threads first needed it, and such a thread may end before the server does."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(period)
        os._exit(1)  # nothing of a worker's is worth a graceful end: its server is gone

    threading.Thread(target=watch, daemon=True, name="server-watch").start()

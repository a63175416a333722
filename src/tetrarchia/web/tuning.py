"""The serving process's runtime: its garbage collector and its thread switches (issue 26, the
load goals: p99 under 50 ms with 1,000 games on one process, a burst of 100 new games under 300 ms).

CPython's cycle collector pauses the whole process, and a full collection walks every container
object alive: with 1,000 games in memory (their positions, logs and events, about 165 objects a
game) and the modules' own (about 100,000), one took 110-400 ms on the development machine, and
with the default thresholds (700, 10, 10) the objects that outlive a request (each game's new
position) filled the old generation enough for a full collection every 4-6 s under 200 actions a
second: each stalled every request in flight (p99 255 ms, bench/load.py).

**The collector.**  So, once the application is built and before it serves (``settle``):

- ``gc.freeze()``: what exists then (modules, the board, the catalogues) moves to the permanent
  generation, never walked again;
- the young generation collected every ``YOUNG`` allocations instead of 700: a position replaced
  by the next request dies by its reference count before any collection sees it, so few objects
  reach the old generation, and full collections come minutes apart instead of seconds (two in
  a 60-s run at 200 actions a second); a young collection of that size takes a few milliseconds.

Cycles are still collected (nothing is disabled); a process's memory is bounded as before.

**Thread switches.**  A request hops between the event loop and the threads that do its blocking
work (``asyncio.to_thread``: the credential, the game, the group commit's writer, the turns'
looker), and a thread that waits for the interpreter's lock makes the holder drop it after the
switch interval: at CPython's 5 ms the event loop was cut in the middle of its work at every
hand-over.  ``SWITCH`` (10 ms) lets each finish what it began (bench/load.py, idle 2-core
machine: at no think time 385 → 570-650 actions a second; a burst of 100 new games p99 273-310 →
164-231 ms; 1,000 games at players' pace p99 30.7 → 17.3 ms).  The price: a thread that computes
for long (an AI seat's search) hands the lock over every 10 ms instead of 5.

**A long computation under way** (a search) held the lock whenever it might, and every other
thread then waited a whole switch interval at each statement it ran: with 2 AI-only games
thinking, the group commit's commits took 220-250 ms and the other games' requests p99 628 ms at
10 ms (780 ms at CPython's 5 ms).  The AI seats and the hints now think in processes of their
own (web/thinkers.py).  ``thinking`` remains for a search that must run in a serving process (a
position that would not survive its way to a worker, which none does): while one runs, the
interval is ``THINKING_SWITCH`` (0.5 ms), which brought that p99 to 74 ms.

Only the serving processes are tuned (``tetrarchia serve`` and its workers), never the tests' or
a library user's interpreter.
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 50_000  # allocations between two collections of the young generation (CPython: 700)
MIDDLE = 20  # young collections between two of the middle generation (CPython: 10)
OLD = 10  # middle collections before a full one is considered (CPython's own)
SWITCH = 0.010  # seconds a thread may hold the interpreter's lock when another waits (CPython: 0.005)
THINKING_SWITCH = 0.0005  # ... while a search of this process thinks (``thinking``)

# The process's own state, as the interpreter's switch interval is the process's: whether it was
# settled (a serving process), and the computations under way
_settled = False
_thinking = 0
_lock = threading.Lock()


def settle() -> None:
    """Collect once, freeze what survives, space the collections, lengthen the thread switches
    (module docstring)."""
    global _settled
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
    sys.setswitchinterval(SWITCH)
    _settled = True


@contextmanager
def thinking() -> Iterator[None]:
    """Around a long computation of a serving process (module docstring): the short switch
    interval while any runs, the settled one after the last; nothing in a process not settled."""
    global _thinking
    if not _settled:
        yield
        return
    with _lock:
        _thinking += 1
        sys.setswitchinterval(THINKING_SWITCH)
    try:
        yield
    finally:
        with _lock:
            _thinking -= 1
            if _thinking == 0:
                sys.setswitchinterval(SWITCH)

"""Group commit on SQLite (web/commits.py): the changes of several games waiting while the writer
syncs go in one transaction, each answered only once committed; a change refused by its version
check writes nothing and leaves its batch alone; a failed transaction fails its whole batch and
stores none of it."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, event, text

from tetrarchia.web.storage import Conflict, Store

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = Store(tmp_path / "games.sqlite3")
    yield opened
    opened.dispose()


def games(store: Store, count: int) -> list[str]:
    ids = [f"g{i}" for i in range(count)]
    for game in ids:
        store.create(game, {"players": 1}, None, "shipped", 1, None, [], 0, "ongoing", "")
    return ids


def hold_writer(commits: Any) -> tuple[threading.Event, threading.Thread]:
    """Keep the writer busy with a change of its own until the gate opens: the next changes wait
    together for one batch."""
    gate, busy = threading.Event(), threading.Event()

    def hold(_connection: Connection) -> None:
        busy.set()
        gate.wait(20)
    holder = threading.Thread(target=commits.run, args=(hold,))
    holder.start()
    assert busy.wait(20)
    return gate, holder


def test_concurrent_changes_share_commits_and_each_is_stored(store: Store) -> None:
    ids = games(store, 40)
    commits = store.commits
    assert commits is not None
    synced = [0]

    def on_commit(_connection: Any) -> None:
        if threading.current_thread().name == "group-commit":
            synced[0] += 1
    event.listen(store.engine, "commit", on_commit)
    gate, holder = hold_writer(commits)  # the 40 changes wait together
    with ThreadPoolExecutor(40) as pool:
        done = [pool.submit(store.record, g, 0, [f"action of {g}"], 3, 2, "ongoing") for g in ids]
        while len(commits.waiting) < len(ids):
            threading.Event().wait(0.01)
        assert not any(f.done() for f in done)  # none is answered before its commit
        gate.set()
        for future in done:
            future.result(timeout=20)
    holder.join(timeout=20)
    for game in ids:
        stored = store.fetch(game)
        assert stored is not None and stored.version == 2 and stored.log == (f"action of {game}",)
    assert synced[0] == 2  # the holder's commit, then one for the 40 changes


def test_a_refused_change_writes_nothing_and_its_batch_commits(store: Store) -> None:
    ids = games(store, 3)
    commits = store.commits
    assert commits is not None
    gate, holder = hold_writer(commits)
    outcomes: dict[str, BaseException | None] = {}

    def change(game: str, version: int) -> None:
        try:
            store.record(game, 0, ["an action"], 1, version, "ongoing")
            outcomes[game] = None
        except Conflict as exc:
            outcomes[game] = exc
    workers = [threading.Thread(target=change, args=(game, 9 if game == "g1" else 2)) for game in ids]
    for worker in workers:
        worker.start()
    while len(commits.waiting) < 3:  # all three wait for the same batch
        threading.Event().wait(0.01)
    gate.set()
    for worker in [holder, *workers]:
        worker.join(timeout=20)
    assert outcomes["g0"] is None and outcomes["g2"] is None
    assert isinstance(outcomes["g1"], Conflict)
    versions = {g: store.fetch(g).version for g in ids}  # type: ignore[union-attr]
    assert versions == {"g0": 2, "g1": 1, "g2": 2}
    assert store.fetch("g1").log == ()  # type: ignore[union-attr]


def test_a_failed_transaction_fails_its_whole_batch(store: Store) -> None:
    ids = games(store, 1)
    commits = store.commits
    assert commits is not None
    gate, holder = hold_writer(commits)

    def sound(connection: Connection) -> None:
        connection.execute(text("UPDATE games SET version = 5 WHERE id = :g"), {"g": ids[0]})

    def broken(connection: Connection) -> None:
        connection.execute(text("INSERT INTO no_such_table VALUES (1)"))

    failures: dict[str, BaseException | None] = {}

    def run(name: str, work: Any) -> None:
        try:
            commits.run(work)
            failures[name] = None
        except Exception as exc:
            failures[name] = exc
    threads = [threading.Thread(target=run, args=("sound", sound)),
               threading.Thread(target=run, args=("broken", broken))]
    for thread in threads:
        thread.start()
    while len(commits.waiting) < 2:  # both wait for the same batch
        threading.Event().wait(0.01)
    gate.set()
    for thread in [holder, *threads]:
        thread.join(timeout=20)
    assert failures["sound"] is not None and failures["broken"] is not None
    assert store.version(ids[0]) == 1  # the sound change was not stored either

"""The server on PostgreSQL (issue 11), against a real server the test session starts itself
(tests/pg_cluster.py): the database checks at start, a migration from an empty database, a lost
race that writes nothing, two servers on one database that never serve a stale game, the bus's
reconnect, two real server processes racing on one action, and a server process killed while its
clients play.  (The API tests of test_web_api.py run on PostgreSQL as well.)"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from sqlalchemy import inspect, text
from websockets.sync.client import connect

from pg_cluster import wait_until
from tetrarchia.core.notation import format_action
from tetrarchia.core.serialize import position_to_json
from tetrarchia.web.storage import Conflict, DatabaseRefused, Store
from web_helpers import change, client, free_port, new_game, reference_game, start_server, step


@pytest.fixture
def database(postgres: Any, request: pytest.FixtureRequest) -> str:
    """A new empty database for the test."""
    url: str = postgres.database("t_" + request.node.name.lower()[:50].replace("[", "_").replace("]", ""))
    return url


def execute(url: str, *statements: str) -> None:
    with psycopg.connect(url, autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)


# --- the database at start ----------------------------------------------------------------------

def test_an_empty_database_is_migrated_to_the_schema(database: str) -> None:
    store = Store(database)
    with store.engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
        head = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        mark = connection.execute(text("SELECT value FROM tetrarchia_meta WHERE key = 'app'")).scalar()
    assert tables == {"alembic_version", "tetrarchia_meta", "games", "actions",
                      "seats", "presence", "ai_notes",  # 0002: the seats (issue 11)
                      "analyses",  # 0003: the games' analyses (issue 24)
                      "turns", "notices",  # 0005: your turn, wherever you are (issue 27)
                      "finished_games",  # 0007: the table players feed (issue 29)
                      "challenge_entries",  # 0006: the daily challenge (issue 27)
                      # 0004: the tables (issue 27)
                      "game_tables", "lobby_seats", "chat", "stand_ins", "played_by", "carried_links",
                      "rate_limits"}  # 0008: the rate limits shared by the processes (issue 26)
    assert head == "0008" and mark == "tetrarchia"
    store.dispose()
    Store(database).dispose()  # a second start finds it up to date


def test_a_postgresql_database_of_something_else_is_refused(database: str) -> None:
    execute(database, "CREATE TABLE invoices (id integer)")
    with pytest.raises(DatabaseRefused, match=r"database of something else \(tables: invoices\)"):
        Store(database)


def test_a_postgresql_database_of_a_newer_schema_is_refused(database: str) -> None:
    Store(database).dispose()
    execute(database, "UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(DatabaseRefused, match=r"newer tetrarchia \(schema '9999'"):
        Store(database)


def test_an_unreachable_server_is_refused_with_its_address(postgres: Any) -> None:
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/games"  # nobody listens there
    with pytest.raises(DatabaseRefused, match=r"cannot reach the PostgreSQL database postgresql://postgres@127"):
        Store(url)


def test_postgresql_without_psycopg_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on an install without the extra
    with pytest.raises(DatabaseRefused, match=r"needs psycopg 3: pip install -e '\.\[postgresql\]'"):
        Store("postgresql://host.invalid/games")


def test_the_password_of_a_url_is_never_shown(postgres: Any) -> None:
    url = f"postgresql://postgres:s3cret-word@127.0.0.1:{free_port()}/games"
    with pytest.raises(DatabaseRefused) as refused:
        Store(url)
    assert "s3cret-word" not in str(refused.value) and "postgres:***@127.0.0.1" in str(refused.value)


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from tetrarchia.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--database", str(tmp_path / "g.sqlite3")])
    assert result.exit_code == 2
    assert "--workers 2 needs a PostgreSQL database" in result.output


# --- version-checked commits --------------------------------------------------------------------

def test_a_lost_race_leaves_the_rows_unchanged(database: str) -> None:
    store, other = Store(database), Store(database)  # two processes' stores
    store.create("g1", {"level": "4211"}, None, "shipped", 5, None, ["a", "b"], 0, "ongoing", "s")
    other.record("g1", 2, ["c"], 1, 2, "ongoing")  # the other process commits version 2
    before = store.fetch("g1")
    with pytest.raises(Conflict):  # computed on version 1 as well: too late
        store.record("g1", 1, ["x", "y"], 7, 2, "won")
    assert store.fetch("g1") == before
    assert before is not None and before.log == ("a", "b", "c") and before.version == 2
    store.dispose()
    other.dispose()


def test_two_servers_on_one_database_never_serve_a_stale_game(database: str) -> None:
    with client(database) as first, client(database) as second:
        state = new_game(first, seed=7)
        second.headers["Authorization"] = first.headers["Authorization"]  # the game's hot seat
        game_id = state["id"]
        assert second.get(f"/api/games/{game_id}").json()["version"] == 1
        notation = state["legal"][0]["notation"]
        moved = change(second, game_id, "actions", {"version": 1, "action": notation})
        assert moved.status_code == 200
        # the first server still holds version 1 in memory: it reads the row and rebuilds
        seen = first.get(f"/api/games/{game_id}").json()
        assert seen["version"] == 2 and seen["position"] == moved.json()["position"]
        stale = change(first, game_id, "actions", {"version": 1, "action": notation})
        assert stale.status_code == 409 and stale.json()["state"]["version"] == 2
        goes_on = change(first, game_id, "actions", {"version": 2, "action": seen["legal"][0]["notation"]})
        assert goes_on.status_code == 200 and goes_on.json()["version"] == 3


def test_the_bus_connects_again_and_resynchronises(database: str) -> None:
    with client(database) as http:
        bus = http.app.state.bus  # type: ignore[attr-defined]
        state = new_game(http)
        with http.websocket_connect(f"/api/games/{state['id']}/live") as socket:
            assert hello(socket, http, 1) == 1
            execute(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
            wait_until(lambda: bus.connections >= 2)
            change(http, state["id"], "actions", {"version": 1, "action": state["legal"][0]["notation"]})
            assert next_version(socket) == 2  # heard through the new connection


def test_a_foreign_notification_on_the_channel_is_ignored(database: str) -> None:
    with client(database) as http:
        state = new_game(http)
        with http.websocket_connect(f"/api/games/{state['id']}/live") as socket:
            assert hello(socket, http, 1) == 1
            execute(database, "NOTIFY tetrarchia, 'not json'",
                    f"""NOTIFY tetrarchia, '{{"game": "{state['id']}"}}'""")
            change(http, state["id"], "actions", {"version": 1, "action": state["legal"][0]["notation"]})
            assert next_version(socket) == 2  # the bus still listens


def hello(socket: Any, http: Any, version: int) -> int:
    """Present the client's seat (its hot seat) on the live connection: the version welcomed."""
    token = http.headers["Authorization"].split()[1]
    socket.send_json({"type": "hello", "token": token, "version": version})
    welcome = socket.receive_json()
    assert welcome["kind"] == "welcome", welcome
    return int(welcome["version"])


def next_version(socket: Any) -> int:
    """The version of the next state pushed on the live connection (presence news skipped)."""
    for _ in range(20):
        message = socket.receive_json()
        if message["kind"] == "state":
            return int(message["state"]["version"])
    raise AssertionError("no state pushed")


# --- real server processes ----------------------------------------------------------------------

@pytest.fixture
def two_servers(database: str) -> Iterator[list[str]]:
    ports = [free_port(), free_port()]
    processes = [start_server(database, port) for port in ports]
    try:
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for process in processes:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


def test_two_processes_race_on_one_action_and_exactly_one_wins(two_servers: list[str]) -> None:
    with httpx.Client(base_url=two_servers[0], timeout=30) as a, \
            httpx.Client(base_url=two_servers[1], timeout=30) as b:
        state = new_game(a, seed=7)
        b.headers["Authorization"] = a.headers["Authorization"]  # the game's hot seat
        token = a.headers["Authorization"].split()[1]
        game_id = state["id"]

        def heard_state(socket: Any) -> int:
            """The version of the next state pushed (presence news skipped)."""
            for _ in range(20):
                message = json.loads(socket.recv(timeout=10))
                if message["kind"] == "state":
                    return int(message["state"]["version"])
            raise AssertionError("no state pushed")

        with connect(f"{two_servers[0].replace('http', 'ws')}/api/games/{game_id}/live") as first, \
                connect(f"{two_servers[1].replace('http', 'ws')}/api/games/{game_id}/live") as second:
            sockets = [first, second]
            for socket in sockets:
                socket.send(json.dumps({"type": "hello", "token": token, "version": 1}))
            assert [json.loads(s.recv(timeout=10))["version"] for s in sockets] == [1, 1]
            for round_ in range(5):  # five races, each on the state both clients hold
                legal = [item["notation"] for item in state["legal"]]
                barrier = threading.Barrier(2)
                answers: list[httpx.Response] = []

                def race(http: httpx.Client, notation: str, version: int, barrier: threading.Barrier,
                         answers: list[httpx.Response]) -> None:
                    barrier.wait()
                    answers.append(change(http, game_id, "actions", {"version": version, "action": notation}))

                threads = [threading.Thread(target=race, args=(http, legal[i % len(legal)], state["version"],
                                                               barrier, answers))
                           for i, http in enumerate((a, b))]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join(timeout=30)
                codes = sorted(answer.status_code for answer in answers)
                assert codes == [200, 409], f"race {round_}: {[r.text[:200] for r in answers]}"
                won = next(r.json() for r in answers if r.status_code == 200)
                lost = next(r.json() for r in answers if r.status_code == 409)
                assert lost["state"]["version"] == won["version"] == state["version"] + 1
                assert lost["state"]["position"] == won["position"]  # the loser sees the winner's game
                heard = [heard_state(s) for s in sockets]  # both processes' pages
                assert heard == [won["version"]] * 2
                states = [h.get(f"/api/games/{game_id}").json() for h in (a, b)]
                assert states[0]["position"] == states[1]["position"] == won["position"]
                assert states[0]["version"] == states[1]["version"] == won["version"]
                state = won
                while state["awaiting"] in ("roll", "run"):
                    state = change(a, game_id, "advance", {"version": state["version"],
                                                           "until": "decision"}).json()
                    for s in sockets:
                        assert json.loads(s.recv(timeout=10)) == {"version": state["version"]}


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_killed_process_loses_nothing_its_clients_were_told(database: str) -> None:
    ports = [free_port(), free_port()]
    servers = [start_server(database, port) for port in ports]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    players, failures = 3, list[str]()
    acknowledged: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    finals: list[dict[str, Any]] = [{} for _ in range(players)]
    decided: list[list[str]] = [[] for _ in range(players)]
    seeds = [21 + i for i in range(players)]
    killed = threading.Event()

    def play(i: int) -> None:
        """A client on the first process until it dies, then on the second one."""
        chooser, decisions = random.Random(seeds[i]), decided[i]
        http = httpx.Client(base_url=urls[0], timeout=30)
        try:
            state = new_game(http, seed=seeds[i])
            seat = http.headers["Authorization"]
            for _ in range(80):
                if state["over"]:
                    break
                before = len(decisions)
                try:
                    state = step(http, state, chooser, decisions)
                except httpx.TransportError:
                    assert killed.is_set(), "the connection failed before the kill"
                    http.close()
                    http = httpx.Client(base_url=urls[1], timeout=30,  # reconnect elsewhere
                                        headers={"Authorization": seat})
                    fresh = http.get(f"/api/games/{state['id']}").json()
                    if fresh["log_length"] == state["log_length"] and len(decisions) > before:
                        decisions.pop()  # sent, never committed
                    state = fresh
                    continue
                acknowledged[i].append({k: state[k] for k in ("version", "log_length", "last_action")})
            if state["awaiting"] in ("roll", "run"):  # end where the reference ends: at a decision
                state = step(http, state, chooser, decisions)
            finals[i] = state
        except BaseException as exc:
            failures.append(f"player {i}: {exc!r}")
        finally:
            http.close()

    threads = [threading.Thread(target=play, args=(i,)) for i in range(players)]
    try:
        for thread in threads:
            thread.start()
        wait_until(lambda: all(len(a) >= 10 for a in acknowledged), seconds=60)
        killed.set()
        os.kill(servers[0].pid, signal.SIGKILL)  # mid-play: requests are in flight
        for thread in threads:
            thread.join(timeout=240)
    finally:
        for server in servers:
            if server.poll() is None:
                os.kill(server.pid, signal.SIGKILL)
            server.wait(timeout=30)
    assert not failures, failures
    store = Store(database)
    try:
        for i in range(players):
            stored = store.fetch(finals[i]["id"])
            assert stored is not None
            log = stored.log
            assert len(acknowledged[i]) >= 20  # it played on after the kill
            for ack in acknowledged[i]:  # every answered action is in the stored log
                assert ack["log_length"] <= len(log) and log[ack["log_length"] - 1] == ack["last_action"]
            assert stored.version == finals[i]["version"]
            # and the game went on with the dice it would have had: the engine's own game
            reference = reference_game(seeds[i], decided[i])
            assert list(log) == [format_action(a, reference.board) for a in reference.log], i
            assert finals[i]["position"] == position_to_json(reference.state)
    finally:
        store.dispose()


def test_serve_with_two_workers_on_postgresql(database: str) -> None:
    port = free_port()
    server = start_server(database, port, "--workers", "2")
    try:
        # a new connection per request: the kernel hands them to either worker, and each worker
        # must see the other's commits (a stale game would answer 409 and fail the step)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30,
                          limits=httpx.Limits(max_keepalive_connections=0)) as http:
            state = new_game(http, seed=3)
            chooser, decisions = random.Random(3), list[str]()
            for _ in range(30):
                state = step(http, state, chooser, decisions)
            assert state["position"] == position_to_json(reference_game(3, decisions).state)
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # the supervisor and its workers
        server.wait(timeout=30)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_game_caught_up_from_the_log_is_the_game_rebuilt_from_it(tmp_path: Any, seed: int) -> None:
    """A process whose game another process moved on plays only the entries it lacks: the same
    position, events, undo point and dice to come as a rebuild from the whole log (on SQLite,
    which the host's commands share too: the same code path as PostgreSQL's)."""
    from tetrarchia.core.settings import Settings
    from tetrarchia.web.authority import Authority

    database = tmp_path / "games.sqlite3"
    here, there = Authority(Store(database)), Authority(Store(database))
    live = here.create(Settings.from_json({"level": "4211", "players": 1}), seed)
    chooser = random.Random(seed)
    replays: list[str] = []
    whole = here.rebuild

    def counted(stored: Any) -> Any:
        replays.append(stored.id)
        return whole(stored)

    here.rebuild = counted  # type: ignore[method-assign]
    for round_ in range(12):
        moved = there.get(live.id)  # the other process plays on, a few requests each round
        for _ in range(1 + round_ % 3):
            state = moved.view()
            if state["over"]:
                break
            if state["awaiting"] in ("roll", "run"):
                moved, _ = there.advance(live.id, moved.version, "decision")
            else:
                moved, _ = there.act(live.id, moved.version, chooser.choice(state["legal"])["notation"])
        caught = here.get(live.id)  # caught up, not rebuilt
        assert not replays, "the whole log was replayed"
        stored = here.store.fetch(live.id)
        assert stored is not None
        rebuilt = Authority.rebuild(stored)
        assert caught.view() == rebuilt.view() == moved.view()
        assert caught.game.dice_drawn == rebuilt.game.dice_drawn
        assert caught.game.dice.roll(6) == rebuilt.game.dice.roll(6)  # the same dice to come
        # the rolls just drawn for the check are not the game's: start again from the database
        here.games.pop(live.id)
        here.get(live.id)
        replays.clear()

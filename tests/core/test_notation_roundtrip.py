"""Actions say everything, and the notation says it back (issue 6, item 4).

- Every legal action of many seeded positions (random games over every option combination)
  round-trips through both notations: ``parse(format(a)) == a``, the fleet zones and the figure
  moved included (``Move.zones`` takes no part in equality, so it is compared on its own).
- A move by fleet names its sea zones: one zone, or the chain of joined zones with Mare Nostrvm.
- Saves of format 1, whose moves by fleet name no zone, still load; the loaded log names them.
"""

from __future__ import annotations

import json
import random

import pytest

from conftest import position, prov
from test_option_invariants import CONFIGS
from tetrarchia import (
    Action,
    Attack,
    Awaiting,
    Game,
    Level,
    Move,
    RandomPlayer,
    Settings,
    Subdue,
    apply_action,
    format_action,
    legal_actions,
    parse_action,
)
from tetrarchia.core.board import default_board
from tetrarchia.core.errors import NotLinked, Refusal
from tetrarchia.core.pieces import Emperor, Piece
from tetrarchia.options.dux import Deploy
from tetrarchia.options.pirates import AttackPirates

BOARD = default_board()
M = Emperor.MAXIMIAN


def same(a: Action, b: Action) -> bool:
    """Equal, and naming the same fleet zones."""
    return a == b and (not isinstance(a, Move) or (isinstance(b, Move) and a.zones == b.zones))


def check_round_trip(action: Action, where: str) -> None:
    for compact in (False, True):
        text = format_action(action, BOARD, compact)
        back = parse_action(text, BOARD)
        assert same(back, action), f"{where}: {text!r} reads back as {back}, not {action}"


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_every_legal_action_round_trips(config: object) -> None:
    from test_option_invariants import Config

    assert isinstance(config, Config)
    figures_named: set[str] = set()
    for seed in range(3):
        game = Game.new(config.settings(), seed=seed)
        player = RandomPlayer(seed)
        steps = 0
        while not game.state.is_over and steps < 600:
            state = game.state
            if state.awaiting is Awaiting.ROLL:
                game.roll()
            else:
                legal = legal_actions(state)
                for action in legal:
                    check_round_trip(action, f"{config.name} seed={seed} step={steps}")
                    if isinstance(action, (Move, Subdue, Attack, Deploy, AttackPirates)) \
                            and action.piece is not None:
                        figures_named.add(Piece(action.piece).name)
                    if isinstance(action, Move) and action.by_fleet:
                        assert action.zones, f"{action} names no sea zone"
                game.play(player.choose(state, legal))
            steps += 1
    if "dux" in config.settings().options:
        assert "DUX" in figures_named
    if "vicarius" in config.settings().options:
        assert "VICARIUS" in figures_named


def test_a_fleet_move_names_its_zone() -> None:
    state = position(emperors={"Maximian": "etrvria"}, fleets=[2])
    moves = [a for a in legal_actions(state) if isinstance(a, Move) and a.by_fleet]
    assert moves and all(m.zones == (2,) for m in moves)
    move = next(m for m in moves if m.dest == prov("africa"))
    assert format_action(move, BOARD) == \
        "Maximian moves from Etrvria to Africa by fleet through Mare Internvm"
    assert format_action(move, BOARD, compact=True) == "M etrvria~2~VI:6"


def test_mare_nostrvm_names_the_chain_of_zones() -> None:
    # Belgica II:1 is on Mare Atlanticvm only, Pannonia Inferior IV:2 on Mare Aegaevm only
    state = position(emperors={"Maximian": "II:1"}, fleets=[1, 2, 3], level="5311",
                     settings={"options": ["mare-nostrvm"]})
    moves = {m.dest: m for m in legal_actions(state) if isinstance(m, Move) and m.by_fleet}
    far = moves[prov("IV:2")]
    assert far.zones == (1, 2, 3)
    assert format_action(far, BOARD).endswith(
        "by fleet through Mare Atlanticvm, Mare Internvm, Mare Aegaevm")
    assert moves[prov("I:5")].zones == (1, 2)
    check_round_trip(far, "mare nostrvm")


def test_a_move_naming_another_route_is_refused() -> None:
    state = position(emperors={"Maximian": "etrvria"}, fleets=[2])
    wrong = Move(M, prov("etrvria"), prov("africa"), True, None, (3,))
    with pytest.raises(NotLinked) as refused:
        apply_action(state, wrong)
    assert refused.value.code is Refusal.NO_LINK
    assert "through Mare Internvm, not through Mare Aegaevm" in str(refused.value)


def test_a_save_of_format_1_with_the_old_fleet_notation_loads() -> None:
    game = Game.new(Settings(level=Level.parse("5311")), seed=11)
    player = RandomPlayer(11)
    rng = random.Random(11)
    while not any(isinstance(a, Move) and a.by_fleet for a in game.log) and not game.state.is_over:
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            legal = legal_actions(game.state)
            fleet = [a for a in legal if isinstance(a, Move) and a.by_fleet]
            game.play(rng.choice(fleet) if fleet else player.choose(game.state, legal))
    assert any(isinstance(a, Move) and a.by_fleet for a in game.log)
    data = json.loads(json.dumps(game.to_json()))
    old = [text.split(" through ")[0] for text in data["log"]]  # the notation of format 1
    assert old != data["log"]
    data["log"] = old
    loaded = Game.from_json(data)
    assert loaded.state == game.state
    assert [format_action(a, BOARD) for a in loaded.log] == [format_action(a, BOARD) for a in game.log]

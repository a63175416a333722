"""The invariant suite over the optional rules (R11-R13): seeded random games with each option
alone, with all the compatible options together, and with each historical scenario, checked
after every action.

- R1 discs are conserved: unrest on the board + unrest reserve + glory (R12.5) + the Barbarian
  player's gray discs (R12.6) == 21; revolts on the board + revolt reserve + his black disc == 21;
  each Emperor's garrisons on the board + in his reserve + burned (R12.1) == the level's.
- R2 one figure per province: ``figure[]`` agrees with ``emperor_at``, ``dux_at`` and
  ``vicarius_at``, except for the figure passing through another's province.
- R9 at most 3 armies (Goths and rebels count, D12); rebels stand on a revolt on their border.
- The options' pieces stay at their neutral values when their option is not in play.
- JSON and copy round trips give equal states; the long and compact notations of every action
  taken parse back to it; every game replays from its saved log (``Game.to_json`` ->
  ``Game.from_json``) to the same final state; nothing is legal after the end.

Each failure message starts with ``<config> seed=N step=K`` so the game can be replayed alone::

    pytest "tests/options/test_option_invariants.py::test_random_game[imperivm-3]"
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from conftest import (
    assert_exactly_legal,
    black_of,
    burned_of,
    check_finished_game,
    check_round_trips,
    dux_place,
    glory_of,
    gray_of,
    ip_next_of,
    pirates_at,
    rebels_of,
    recoverable_of,
    vicarius_place,
)
from tetrarchia.core.actions import (
    Action,
    Attack,
    EndPhase,
    Move,
    Roll,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.board import default_board
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.pieces import (
    DISCS_PER_RESERVE,
    DUX,
    EMPERORS,
    GARRISON,
    GOTHS,
    NO_DISC,
    NO_FIGURE,
    REBEL,
    REVOLT,
    UNREST,
    VICARIUS,
    Emperor,
    Piece,
    is_army,
)
from tetrarchia.core.serialize import position_from_json, position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.setup import is_setup_done
from tetrarchia.core.state import DEAD, IN_BOX, Awaiting, Result, State
from tetrarchia.core.tasks import piece_at
from tetrarchia.core.validate import problems
from tetrarchia.game import Game
from tetrarchia.options.barbaria import (
    GRAY_DISCS,
    BarbarianPass,
    BlackArmy,
    BlackRevolt,
    CancelAdvance,
    Redirect,
    Reroll,
)
from tetrarchia.options.dux import Deploy
from tetrarchia.options.imperivm import Decline, UsePower
from tetrarchia.options.imperivm_first import BuyIP
from tetrarchia.options.patres_patriae import TransferIP
from tetrarchia.options.pirates import AttackPirates
from tetrarchia.options.scenarios import scenario_level
from tetrarchia.options.via_romana import SendGarrison
from tetrarchia.players.random_player import RandomPlayer

SEEDS = 12  # games per configuration (28 configurations: some 30 s with every check)
FAST_SEEDS = 2  # the default run plays these per configuration; the rest are marked slow
MAX_STEPS = 3000
CANDIDATE_CHECKS = 2  # states per game where every legal and many illegal actions are tried
# The compatible options played together (OPTIONS.md): every module but the ones they exclude
# (imperivm-1st, the-great) at the medium level.
ALL_TOGETHER = ("dux", "vicarius", "pirates", "goths", "imperivm", "mare-nostrvm", "via-romana",
                "vsvrpator", "roma-aeterna", "barbaria", "diarchia", "patres-patriae")


@dataclass(frozen=True)
class Config:
    name: str
    options: tuple[str, ...]
    level: str = "4211"
    params: tuple[tuple[str, str | int | bool], ...] = ()
    players: int = 1

    def settings(self) -> Settings:
        return Settings(level=Level.parse(self.level), players=self.players, options=self.options,
                        params=self.params)


def _scenario(key: str, *extra: str, fixed: bool = False, garrisons: int = 4) -> Config:
    params: list[tuple[str, str | int | bool]] = []
    if fixed:
        params.append((f"{key}.fixed", True))
    if garrisons != 4:
        params.append((f"{key}.garrisons", garrisons))
    name = "+".join((key, *extra)) + ("-fixed" if fixed else "") + ("-3g" if garrisons == 3 else "")
    return Config(name, (key, *extra), str(scenario_level(key, garrisons)), tuple(params))


CONFIGS = (
    Config("dux", ("dux",)),
    Config("vicarius", ("vicarius",)),
    Config("pirates", ("pirates",)),
    Config("goths", ("goths",)),
    Config("imperivm", ("imperivm",)),
    Config("imperivm-1st", ("imperivm-1st",)),
    Config("mare-nostrvm", ("mare-nostrvm",), "5311"),  # 3 fleets: zones join
    Config("mare-nostrvm-flat", ("mare-nostrvm",), "5311", (("mare-nostrvm.cost", "flat"),)),
    Config("via-romana", ("via-romana",)),
    Config("vsvrpator", ("vsvrpator",)),
    Config("roma-aeterna", ("roma-aeterna",)),
    Config("the-great", ("the-great",), players=2),
    Config("the-great-3", ("the-great",), players=3),  # the cooperative objective (D39)
    Config("barbaria", ("barbaria",)),
    Config("barbaria-stay", ("barbaria",), params=(("barbaria.redirect", "stay"),)),
    Config("diarchia", ("diarchia",)),
    Config("patres-patriae", ("patres-patriae",)),
    Config("all-together", ALL_TOGETHER),
    Config("all-together-1st", (*(o for o in ALL_TOGETHER if o != "imperivm"), "imperivm-1st"),
           players=4),
    _scenario("carausian-revolt"),
    _scenario("danubian-wars"),
    _scenario("mauretanian-war"),
    _scenario("great-persian-war"),
    _scenario("carausian-revolt", fixed=True, garrisons=3),
    _scenario("carausian-revolt", "goths", "vicarius", "imperivm", "barbaria"),
    _scenario("danubian-wars", "dux", "vicarius", "roma-aeterna", "via-romana"),
    _scenario("mauretanian-war", "pirates", "dux", "patres-patriae", fixed=True),
    _scenario("great-persian-war", "vicarius", "imperivm-1st", "mare-nostrvm", garrisons=3),
)
CASES = [pytest.param(c, seed, id=f"{c.name}-{seed}", marks=() if seed < FAST_SEEDS else pytest.mark.slow)
         for c in CONFIGS for seed in range(SEEDS)]


# --- the invariants ------------------------------------------------------------------------------


def check_invariants(state: State, where: str) -> None:
    found = problems(state)  # the loaders' validation (core/validate.py) accepts every such state
    assert not found, f"{where}: {found}"
    board = state.board
    settings = state.settings
    disc = state.disc
    figure = state.figure
    garrisons = settings.level.garrisons
    # R1 conservation, the discs outside the board included (R12.1, R12.5, R12.6)
    assert disc.count(UNREST) + state.unrest_reserve + sum(glory_of(state)) + gray_of(state) \
        == DISCS_PER_RESERVE, f"{where}: unrest/gray discs not conserved"
    assert disc.count(REVOLT) + state.revolt_reserve + black_of(state) == DISCS_PER_RESERVE, \
        f"{where}: revolt discs not conserved"
    for e in EMPERORS:
        assert disc.count(GARRISON + e) + state.garrisons[e] + burned_of(state)[e] == garrisons, \
            f"{where}: {e.title}'s garrisons not conserved"
        assert state.garrisons[e] >= 0 and glory_of(state)[e] >= 0, f"{where}: negative count"
        assert 0 <= recoverable_of(state)[e] <= burned_of(state)[e], f"{where}: recoverable > burned"
    assert state.unrest_reserve >= 0 and state.revolt_reserve >= 0, f"{where}: negative reserve"
    assert all(NO_DISC <= d < GARRISON + 4 for d in disc), f"{where}: unknown disc code"
    # the options' pieces are neutral unless their option is in play
    has = settings.has
    if not (has("roma-aeterna") or has("the-great")):
        assert glory_of(state) == [0, 0, 0, 0], f"{where}: glory without Roma Aeterna"
    if has("barbaria"):
        assert 0 <= gray_of(state) <= GRAY_DISCS and black_of(state) in (0, 1), f"{where}: Barbarian discs"
    else:
        assert gray_of(state) == black_of(state) == 0, f"{where}: Barbarian discs without Barbaria"
    if not (has("imperivm") or has("imperivm-1st")):
        assert burned_of(state) == [0, 0, 0, 0], f"{where}: burned discs without Imperivm"
    if not has("patres-patriae"):
        assert ip_next_of(state) == [0, 0, 0, 0], f"{where}: IP moved without Patres Patriae"
    if not has("pirates"):
        assert pirates_at(state) == 0, f"{where}: Pirates without the module"
    elif pirates_at(state):
        assert not state.fleets[pirates_at(state)], f"{where}: a fleet in the Pirates' zone"
    for name, at, code in (("dux", dux_place(state), DUX), ("vicarius", vicarius_place(state), VICARIUS)):
        assert at >= DEAD, f"{where}: {name} at {at}"
        if not has(name):
            assert at == IN_BOX and code not in figure, f"{where}: the {name} without his module"
    # R2: one figure per province; figure[] agrees with where the Roman figures stand
    assert state.passing == (state.passer >= 0), f"{where}: passing {state.passing}, passer {state.passer}"
    if state.passing:
        assert state.awaiting is Awaiting.ROMAN_ACTION, f"{where}: passing outside a Roman phase"
    for piece in Piece:
        p = piece_at(state, piece)
        own = piece.figure
        if p < 0:
            assert own not in figure, f"{where}: {piece.title} is off but on the board"
        elif piece == state.passer:
            assert figure[p] not in (NO_FIGURE, own) and not is_army(figure[p]), \
                f"{where}: passing {piece.title} does not stand on another figure"
            assert own not in figure, f"{where}: passing {piece.title} also stands elsewhere"
        else:
            assert figure[p] == own, f"{where}: {piece.title} at {board.name(p)} not in figure[]"
            assert figure.count(own) == 1, f"{where}: {piece.title} twice on the board"
    # R9, D12: at most 3 armies; the Goths once, with their module; rebels on their revolt
    armies = state.armies()
    assert len(armies) == state.armies_on_board() <= 3, f"{where}: {len(armies)} armies"
    assert figure.count(GOTHS) <= 1, f"{where}: two Goths"
    if GOTHS in figure:
        assert has("goths"), f"{where}: Goths without the module"
    rebels = {p for p, _ in rebels_of(state)}
    assert len(rebels) == len(rebels_of(state)), f"{where}: a rebel listed twice"
    assert rebels == {p for p, f in enumerate(figure) if f == REBEL}, f"{where}: rebels {rebels_of(state)}"
    for p, zone in rebels_of(state):
        assert board.is_border[p] and disc[p] == REVOLT and zone in (1, 3), \
            f"{where}: the rebel in {board.name(p)} is not on a revolt on its border"
    assert (board.roma in armies) == (state.result is Result.ARMY_IN_ROMA), f"{where}: army in Roma"
    for p in armies:
        if board.is_border[p]:
            if figure[p] != REBEL:
                assert disc[p] == NO_DISC, f"{where}: an army on a secured border {board.name(p)}"
        elif not state.is_over:  # R7.3 devastation
            assert disc[p] == REVOLT, f"{where}: the army in {board.name(p)} is not on a revolt"
    for b in board.borders:  # R2: a border holds no unrest, and a revolt only under a rebel
        assert disc[b] != UNREST and (disc[b] != REVOLT or b in rebels), \
            f"{where}: unrest or revolt on the border {board.name(b)}"
    # R9: fleets
    zones = state.fleet_zones()
    assert state.fleets[0] == 0 and len(zones) <= settings.level.fleets, f"{where}: fleets {state.fleets}"
    if is_setup_done(state) and not state.is_over:
        assert len(zones) == settings.level.fleets, f"{where}: {len(zones)} fleets after the setup"
    # the machine
    assert (state.awaiting is Awaiting.NOTHING) == state.is_over, f"{where}: awaiting {state.awaiting.name}"
    assert state.ip >= 0, f"{where}: {state.ip} IP"
    if state.awaiting is Awaiting.ROLL:
        assert state.roll_count in (1, 2), f"{where}: a roll of {state.roll_count} dice"
    assert state.pending == [], f"{where}: triggered steps left pending"


def check_notation(action: Action, state: State, where: str) -> None:
    """Both notations of the action taken parse back to it."""
    board = state.board
    for compact in (False, True):
        text = format_action(action, board, compact)
        assert parse_action(text, board) == action, f"{where}: {text!r} does not parse back to {action}"


def option_candidates(state: State, rng: random.Random) -> list[Action]:
    """Actions of every kind the options add, and core actions carrying a piece, for every
    Emperor: from where the figures stand and from random provinces (all on the board)."""
    board = state.board
    n = board.size
    spots = rng.sample(range(n), 8)
    pairs = list(zip(spots[:4], spots[4:], strict=True))
    found: list[Action] = [Reroll(), BarbarianPass()]
    found += [CancelAdvance(p) for p in spots] + [Redirect(a, b) for a, b in pairs]
    found += [BlackRevolt(p) for p in spots] + [BlackArmy(b) for b in board.borders]
    for e in EMPERORS:
        found += [Deploy(e, piece, p) for piece in (Piece.DUX, Piece.VICARIUS) for p in spots]
        found += [AttackPirates(e, p) for p in spots] + [AttackPirates(e, spots[0], Piece.DUX)]
        found += [UsePower(e, b) for b in (-1, *spots[:3])] + [BuyIP(e, b) for b in (-1, *spots[:3])]
        found += [Decline(e), TransferIP(e)]
        found += [SendGarrison(e, a, b) for a, b in pairs]
        for piece in (Piece.DUX, Piece.VICARIUS, Piece.GALERIUS, Piece.MAXIMIAN):
            found += [Move(e, a, b, False, piece) for a, b in pairs]
        found += [Attack(e, a, b, Piece.DUX) for a, b in pairs]
        found += [Subdue(e, p, kind, Piece.DUX) for p in spots[:2] for kind in SubdueKind]
    e = state.turn
    here = state.emperor_at[e]
    if here >= 0:  # from where he stands: every province
        found += [Deploy(e, piece, q) for piece in (Piece.DUX, Piece.VICARIUS) for q in range(n)]
        found += [SendGarrison(e, here, q) for q in range(n)] + [AttackPirates(e, here)]
        found += [UsePower(e, q) for q in range(n)] + [BuyIP(e, q) for q in range(n)]
    for piece in (Piece.DUX, Piece.VICARIUS):
        at = piece_at(state, piece)
        if at >= 0:
            found += [Move(e, at, q, by_fleet, piece) for q in range(n) for by_fleet in (False, True)]
            found += [Attack(e, at, q, Piece.DUX) for q in range(n)]
            found += [AttackPirates(e, at, Piece.DUX)]
    return found


def check_candidates(state: State, rng: random.Random, where: str) -> None:
    """Every legal action applies and keeps the invariants; every other candidate is refused."""
    assert_exactly_legal(state, option_candidates(state, rng), where, check_invariants)


# --- one game --------------------------------------------------------------------------------------


def play_checked_game(config: Config, seed: int) -> Game:
    settings = config.settings()
    game = Game.new(settings, seed=seed)
    player = RandomPlayer(seed)
    rng = random.Random(seed)
    # candidate checks at two random steps (at the next decision that is not a roll)
    candidate_steps = sorted(rng.randrange(1, 80) for _ in range(CANDIDATE_CHECKS))
    step = 0
    check_invariants(game.state, f"{config.name} seed={seed} step=0 (new game)")
    while not game.state.is_over:
        where = f"{config.name} seed={seed} step={step}"
        state = game.state
        legal = legal_actions(state)
        assert legal, f"{where}: an ongoing game with no legal action ({state.awaiting.name})"
        assert len(set(legal)) == len(legal), f"{where}: legal_actions lists an action twice"
        check_round_trips(state, where)
        if candidate_steps and step >= candidate_steps[0] and state.awaiting is not Awaiting.ROLL:
            candidate_steps.pop(0)
            check_candidates(state, rng, f"{where} awaiting {state.awaiting.name}")
        try:
            if state.awaiting is Awaiting.ROLL:
                game.roll()
            else:
                game.play(player.choose(state, legal))
        except Exception as exc:
            exc.add_note(f"{where}: applying a legal action raised")
            raise
        step += 1
        action = game.log[-1]
        after = f"{config.name} seed={seed} step={step} after {format_action(action, game.board)!r}"
        check_notation(action, game.state, after)
        check_invariants(game.state, after)
        assert step < MAX_STEPS, f"{config.name} seed={seed}: the game does not end"
    return game


@pytest.mark.parametrize(("config", "seed"), CASES)
def test_random_game(config: Config, seed: int) -> None:
    game = play_checked_game(config, seed)
    check_finished_game(game, f"{config.name} seed={seed}")


def test_the_configurations_cover_every_option() -> None:
    """Every module of R11-R13 is played alone or in a scenario, and the compatible set is valid."""
    from tetrarchia.core.rulebook import REGISTRY

    played = {key for c in CONFIGS for key in c.settings().options}
    assert played == set(REGISTRY)
    assert Config("all", ALL_TOGETHER).settings().options == tuple(sorted(ALL_TOGETHER))


def test_the_games_take_every_kind_of_option_action() -> None:
    """The suite is only as good as its spread: the random games of the configurations (played
    again here without the checks, which is fast) take every action the options add, moves of the
    Dux, the Vicarius and of other Emperors (Diocletian's power) included.  (The black disc traded
    for an army needs an empty board of armies: random games do not reach it.)"""
    seen: set[str] = set()
    for config in CONFIGS:
        for seed in range(SEEDS):
            game = Game.new(config.settings(), seed=seed)
            player = RandomPlayer(seed)
            while not game.state.is_over:
                if game.state.awaiting is Awaiting.ROLL:
                    game.roll()
                else:
                    game.play(player.choose(game.state))
            for action in game.log:
                piece = getattr(action, "piece", None)
                seen.add(type(action).__name__ + (f"/{piece.name.lower()}" if piece is not None else ""))
    assert {
        "Deploy/dux", "Deploy/vicarius", "Move/dux", "Move/vicarius", "Subdue/dux", "Attack/dux",
        "Move/galerius", "Move/constantius", "Move/maximian", "AttackPirates", "AttackPirates/dux",
        "UsePower", "Decline", "BuyIP", "SendGarrison", "TransferIP", "Reroll", "CancelAdvance",
        "Redirect", "BlackRevolt", "BarbarianPass",
    } <= seen


# --- the reported core bugs -----------------------------------------------------------------------


def game_with_ip(wanted: int) -> State:
    """A seeded Imperivm 1st-edition game at its first Roman phase, the Emperor of the turn
    buying extra IP until he has ``wanted``."""
    game = Game.new(Settings(options=("imperivm-1st",)), seed=1)
    player = RandomPlayer(1)
    while game.state.awaiting is not Awaiting.ROMAN_ACTION:
        if game.state.awaiting is Awaiting.ROLL:
            game.roll()
        else:
            game.play(player.choose(game.state))
    while game.state.ip < wanted:
        game.play(next(a for a in game.legal_actions() if isinstance(a, BuyIP)))
    return game.state


def test_position_with_more_than_7_ip_round_trips() -> None:
    """R12.1b: an Emperor may buy as many extra IP as he has discs; 6 + 2 = 8 IP is a position."""
    state = game_with_ip(8)
    assert state.ip == 8 and state.turn in Emperor
    back = position_from_json(json.loads(json.dumps(position_to_json(state))), state.board)
    assert back == state


def test_final_position_with_the_goths_in_roma_round_trips() -> None:
    """R8/R11.4: the Goths entering Roma end the game; that final position is saved like any other
    (an ordinary army in Roma is accepted with the result army-in-roma)."""
    state = position_from_json({
        "format": "tetrarchia-position", "version": 2,
        "settings": {"level": "4211", "options": ["goths"]},
        "discs": {"etrvria": "revolt"}, "emperors": {"Diocletian": "lvcania"},
        "records": {"goths": ["etrvria"]}, "turn": {"emperor": "Diocletian"},
    }, default_board())
    apply_action(state, EndPhase(Emperor.DIOCLETIAN))
    apply_action(state, Roll((2, 2)))  # GERMANIA INFERIOR: protected; then the Goths advance
    assert state.result is Result.ARMY_IN_ROMA and state.figure[state.board.roma] == GOTHS
    back = position_from_json(json.loads(json.dumps(position_to_json(state))), state.board)
    assert back == state

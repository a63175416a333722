"""Every cost has one source, ``core/costs.py`` (issue 25, item 1).

- The sources name no cost of their own: a scan of every module of the package for cost literals
  (an IP compared with or charged a number, ``cost=1``, ``2 if broken else 1``, a ``*_COST``
  constant written as a number) outside ``core/costs.py`` finds none.
- What is shown is what is charged: over seeded games of the base game, of every option and of
  every scenario, each legal action of a Roman phase costs, by ``action_cost``, exactly the IP the
  engine takes when it is applied; the page's cost of the action (``web/views.py``) and the IP its
  label names (``render/labels.py``, the terminal's and the page's labels) say the same.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))  # its code_lines: a file without comments and docstrings
from option_names import code_lines

from test_option_invariants import CONFIGS, Config
from tetrarchia.core.actions import Action, EndPhase, OptionAction
from tetrarchia.core.costs import action_cost, affordable
from tetrarchia.core.engine import apply_action, legal_actions
from tetrarchia.core.serialize import position_to_json
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.game import Game
from tetrarchia.render.labels import label_in
from tetrarchia.web.views import action_json

PACKAGE = ROOT / "src" / "tetrarchia"
THE_SOURCE = PACKAGE / "core" / "costs.py"
# where the IP of the turn change: the engine's charge (core/roman.py apply_roman) and the IP a
# turn begins with (core/turns.py, R4)
CHARGED_IN = {PACKAGE / "core" / "roman.py", PACKAGE / "core" / "turns.py"}

# (name, pattern): a cost written in the code instead of read from core/costs.py
LITERALS = [
    ("an IP compared with a number", re.compile(r"\bip\s*(?:>=|<=|>|<|==|!=)\s*-?[1-9]")),
    ("a number compared with the IP", re.compile(r"-?\b[1-9]\s*(?:>=|<=|>|<)\s*(?:state\.)?ip\b")),
    ("a cost written as a number", re.compile(r"\bcost\s*=\s*-?\d")),
    ("a link's cost written out", re.compile(r"\b\d\s+if\s+(?:link\.)?broken\s+else\s+\d")),
    ("a cost table of its own", re.compile(r"\b(?:SUBDUE|SECURE|SECURE_BORDER|SAIL|FLEET)_COST\b")),
    ("a cost constant written as a number", re.compile(r"_COST\b[^=\n(]*=\s*-?\d")),
]
CHARGE = re.compile(r"\.ip\s*[-+]=")


def cost_literals(path: Path) -> list[str]:
    text = path.read_text("utf-8")
    if not CHARGE.search(text) and not any(pattern.search(text) for _, pattern in LITERALS):
        return []  # most modules: nothing to look at more closely
    found = []
    for number, line in code_lines(path):
        for name, pattern in LITERALS:
            if pattern.search(line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {name}: {line.strip()}")
        if CHARGE.search(line) and path not in CHARGED_IN:
            found.append(f"{path.relative_to(PACKAGE)}:{number}: the IP charged outside the "
                         f"engine: {line.strip()}")
    return found


@pytest.mark.parametrize(("line", "caught"), [
    pytest.param("if ip >= 2:", True, id="ip-at-least-two"),
    pytest.param("if here_disc == UNREST and state.ip < 1:", True, id="ip-below-one"),
    pytest.param("item.update(zone=action.src, cost=1)", True, id="cost-keyword"),
    pytest.param("cost = (2 if broken else 1) + into_revolt", True, id="link-inline"),
    pytest.param("SUBDUE_COST = {0: 2}", True, id="own-table"),
    pytest.param("DEPLOY_COST = 2  # R11.1", True, id="constant"),
    pytest.param("if ip >= SAIL:", False, id="named-cost"),
    pytest.param("if depth > 0 and state.ip > 0:", False, id="any-ip-left"),
    pytest.param("DEPLOY_COST: Final[CostRule] = fixed(2)", False, id="declared"),
])
def test_the_scan_finds_a_cost_literal(line: str, caught: bool, tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    body = f"    {line}\n        pass\n" if line.endswith(":") else f"    {line}\n"
    probe.write_text("def f(state, ip, broken, into_revolt, here_disc, depth):\n" + body)
    found = [text for _, text in code_lines(probe)
             if any(pattern.search(text) for _, pattern in LITERALS)]
    assert bool(found) is caught, line


def test_no_cost_literal_outside_core_costs() -> None:
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) if path != THE_SOURCE
             for hit in cost_literals(path)]
    assert not found, "costs written outside core/costs.py (read action_cost instead):\n" + \
        "\n".join(found)


# --- what is shown is what is charged ------------------------------------------------------------

BASE = Config("base", ())
SEEDS = (11, 12)
ROMAN_DECISIONS = 40  # per game: enough to reach every action type, a few seconds in all
SHOWN_IP = re.compile(r"\(([+-]?\d+) IP\)")


def charged(state: State, action: Action) -> int | None:
    """The IP the engine takes for ``action`` applied to a copy of ``state``; None when the turn
    changed before the machine stopped (the next turn's IP are not this action's) and for the
    end of the phase (it costs nothing: the IP left are lost, R5)."""
    if isinstance(action, EndPhase):
        return None
    trial = state.copy()
    apply_action(trial, action)
    if trial.turn is not state.turn or trial.round != state.round:
        return None
    return state.ip - trial.ip


def shown_in_label(state: State, action: Action) -> int | None:
    """The IP an action's label names: "(2 IP)" a cost, "(+1 IP)" an IP gained."""
    label = label_in(state, action, "en")
    found = SHOWN_IP.search(label or "")
    if found is None:
        return None
    value = int(found.group(1))
    return -value if found.group(1).startswith("+") else value


def check_roman_decision(state: State, where: str) -> int:
    pirates = position_to_json(state).get("records", {}).get("pirates") or None
    checked = 0
    for index, action in enumerate(legal_actions(state)):
        cost = action_cost(state, action)
        assert affordable(state, action), f"{where}: {action} is listed, its {cost} IP not covered"
        taken = charged(state, action)
        if taken is not None:
            assert taken == cost, f"{where}: {action} costs {cost} IP but the engine took {taken}"
            checked += 1
        page = action_json(state, index, action, pirates)["cost"]
        assert page == cost, f"{where}: the page is sent {page} IP for {action}, not {cost}"
        label = shown_in_label(state, action)
        assert label is None or label == cost, f"{where}: the label says {label} IP for {action}"
        if isinstance(action, EndPhase):
            assert cost == 0, where
    return checked


def play_checking(config: Config, seed: int) -> tuple[int, set[str]]:
    """A seeded random game of ``config``; every legal action of its first Roman decisions is
    checked.  Returns the actions checked and the kinds met."""
    settings = config.settings() if config.options else Settings(level=Level.parse("4211"))
    game = Game.new(settings, seed=seed)
    chooser = random.Random(seed)
    checked, kinds, decisions = 0, set[str](), 0
    while decisions < ROMAN_DECISIONS:
        game.advance()
        state = game.state
        legal = legal_actions(state)
        if not legal:
            break
        if state.awaiting is Awaiting.ROMAN_ACTION:
            decisions += 1
            checked += check_roman_decision(state, f"{config.name} seed={seed} decision={decisions}")
            kinds.update(type(a).__name__ for a in legal if isinstance(a, OptionAction)
                         or action_cost(state, a))
        game.play(chooser.choice(legal))
    return checked, kinds


@pytest.mark.parametrize("config", [BASE, *CONFIGS], ids=lambda c: c.name)
def test_every_cost_shown_is_the_ip_charged(config: Config) -> None:
    checked, kinds = 0, set[str]()
    for seed in SEEDS:
        n, met = play_checking(config, seed)
        checked += n
        kinds |= met
    assert checked > 500, f"{config.name}: only {checked} actions checked"
    assert {"Move", "Secure", "Subdue"} <= kinds, kinds
    if len(config.options) == 1:  # an option alone: each action it declares a cost for is met
        settings = config.settings()
        declared = {kind.__name__ for kind in Game.new(settings, seed=0).state.hooks.costs}
        assert declared <= kinds, f"{config.name}: never met {declared - kinds}"


@pytest.mark.parametrize(("options", "kind"), [
    pytest.param(("dux",), "Deploy", id="dux-deploy"),
    pytest.param(("vicarius",), "Deploy", id="vicarius-deploy"),
    pytest.param(("imperivm",), "UsePower", id="imperivm-power"),
    pytest.param(("imperivm-1st",), "BuyIP", id="imperivm-1st-buy"),
    pytest.param(("patres-patriae",), "TransferIP", id="patres-patriae-transfer"),
    pytest.param(("pirates",), "AttackPirates", id="pirates-attack"),
    pytest.param(("via-romana",), "SendGarrison", id="via-romana-send"),
])
def test_an_option_declares_its_cost(options: tuple[str, ...], kind: str) -> None:
    """The options' own actions are met and charged their declared cost (checked above); here:
    the declaration is in the joined hooks, the table the engine reads."""
    settings = Settings(level=Level.parse("4211"), options=options)
    game = Game.new(settings, seed=1)
    assert kind in {t.__name__ for t in game.state.hooks.costs}

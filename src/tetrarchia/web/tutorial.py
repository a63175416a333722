"""Learn to play (issue 23): the interactive tutorial of ``/learn``, as data.

The tutorial is an ordinary stored game (hot seat) started from :data:`START`, a position of
round 1 as the setup can deal it (R3: a revolt in every outer region, not on a province 1; one
additional revolt; one army on a border; two fleets), with the dice of :data:`SEED`.  Each
:class:`Step` says what to read, where the pointer goes, and what the player must do: one of its
actions in the notation (docs/notation.md), a roll of the game's own dice, or nothing (read and
press Next).  The steps are no rules: every action they ask for is checked by the engine when it
is played, and :func:`walk` plays the whole tutorial through the engine (the test suite does,
and the server does before serving it), so a rule change that breaks a lesson fails loudly.

The seed was chosen for what its dice show (searched over seeds 1-6000, development time): an
unrest next to a revolt and a broken link holding an army back after Diocletian's phase; a
battle Galerius wins only thanks to his support (both dice 1); then the domino (R7.1), an
uprising (R7.2) and a new army crossing a broken link after Galerius's phase.  Each step's
``expect`` names the events the step must make happen, so the texts that tell them stay true.

The sentences are English here; Spanish and French come from the page's gettext catalogue
(``web/i18n.py`` collects :func:`sentences`; ``tools/i18n.py --check`` covers them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tetrarchia.core.board import Board, default_board
from tetrarchia.core.engine import Boundary, legal_actions, resume
from tetrarchia.core.events import Event
from tetrarchia.core.notation import format_action, parse_action
from tetrarchia.core.serialize import position_from_json
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game

SEED = 5878
# Round 1, Diocletian's entry (R4), the Emperors off the board: level 4211 (R3.3).
START: dict[str, Any] = {
    "format": "tetrarchia-position", "version": 2,
    "settings": {"level": "4211", "players": 1},
    "discs": {"I:4": "revolt", "II:5": "revolt", "III:3": "revolt", "IV:3": "revolt",
              "V:4": "revolt", "VI:3": "revolt", "V:2": "revolt"},
    "armies": ["sarmatia"], "fleets": [1, 2],
    "turn": {"emperor": "Diocletian", "round": 1, "ip": 6},
}


@dataclass(frozen=True)
class Step:
    """One step of the tutorial.

    ``point``: the provinces (any name the notation reads) or sea zones (``"zone 3"``) the
    pointer shows; ``do``: the actions accepted, in the notation's long form (the first is the
    one "Show me" plays); ``roll``: the player rolls the game's dice once; neither: read and
    press Next.  ``expect``: the events the step makes happen, ``"Record"`` or
    ``"Record@place"`` (checked by :func:`walk`); ``wrong``: why another click is not this
    step's, said after the engine's reason when it gives one."""

    lesson: int
    text: str
    point: tuple[str, ...] = ()
    do: tuple[str, ...] = ()
    roll: bool = False
    expect: tuple[str, ...] = ()
    wrong: str = ""


LESSONS = (
    "Welcome",
    "Imperivm Points and moving",
    "Fleets and sailing",
    "Subdue: unrest and revolt",
    "Secure: garrisons and borders",
    "The Barbarian phase",
    "Attack and support",
    "Securing a border",
    "The domino and the uprising",
    "Winning and losing",
)

D, G = "Diocletian", "Galerius"
STEPS = (
    # Welcome
    Step(0, "Welcome to TETRARCHIA. You are the four Emperors of the Tetrarchy: Diocletian, "
            "Galerius, Constantius and Maximian. Together you defend the Empire against revolts "
            "and Barbarian armies. This tutorial plays the first two turns of a real game with "
            "real dice, and the rules check every step.", ("roma",)),
    Step(0, "The map: 42 Roman provinces in seven regions (Italia in the centre, then I Hispania "
            "to VI Africa, their provinces numbered 1 to 6) and six border provinces outside the "
            "Empire, one per outer region. Lines are links; a dashed red line is a broken link, "
            "difficult terrain. The small red arrows are the road of the Barbarian armies "
            "towards Roma.", ("sarmatia", "IV:1")),
    Step(0, "On the provinces: R is a revolt, u an unrest, a coloured disc with an initial an "
            "Emperor's garrison. A black triangle is a Barbarian army: one waits in Sarmatia. "
            "The game began with a revolt in every region, such as Thracia.",
         ("sarmatia", "IV:3")),
    # Imperivm Points and moving
    Step(1, "Each turn one Emperor plays his Roman phase: he spends 6 Imperivm Points (IP) on "
            "moving, sailing, securing, subduing and attacking, in any order. A Barbarian phase "
            "follows every Roman phase. The order is Diocletian, Galerius, Constantius, "
            "Maximian.", ("V:6",)),
    Step(1, "Diocletian starts off the board. At the start of his turn an Emperor enters in Roma "
            "or in his own capital (ringed in gold), for free. Click Bithynia, Diocletian's "
            "capital, to enter there.", ("V:6",), do=(f"{D} enters Bithynia",),
         wrong="This step asks Diocletian to enter in Bithynia, his capital."),
    Step(1, "Moving along a link costs 1 IP, along a broken link 2 IP, and 1 IP more when the "
            "destination holds a revolt. Thracia is in revolt across a broken link: walking "
            "there would cost 3 IP. A fleet is cheaper.", ("IV:3",)),
    # Fleets and sailing
    Step(2, "A Roman fleet carries an Emperor between two coastal provinces of its sea zone. "
            "Bithynia and Thracia lie on Mare Aegaevm, but the nearest fleet is in Mare "
            "Internvm. Sailing a fleet to an adjacent empty sea zone costs 1 IP, wherever the "
            "Emperor stands. Click Mare Aegaevm to sail it there.", ("zone 3",),
         do=(f"{D} sails a fleet from Mare Internvm to Mare Aegaevm",),
         wrong="This step asks for the fleet of Mare Internvm to sail to Mare Aegaevm."),
    Step(2, "Now move by fleet: 1 IP between two provinces on the fleet's sea, plus 1 for the "
            "revolt in Thracia. That is 2 IP instead of 3. Click Thracia.", ("IV:3",),
         do=(f"{D} moves from Bithynia to Thracia by fleet through Mare Aegaevm",),
         wrong="This step asks Diocletian to move by fleet from Bithynia to Thracia."),
    # Subdue
    Step(3, "Diocletian stands on a revolt, and an Emperor standing on a revolt when the "
            "Barbarian phase begins is removed from the board. Subdue it: removing a revolt "
            "costs 2 IP; reducing it to unrest costs 1 IP, and removing an unrest 1 IP more. "
            "Click Thracia to reduce its revolt to unrest.", ("IV:3",),
         do=(f"{D} reduces the revolt in Thracia to unrest",),
         wrong="This step asks Diocletian to reduce the revolt in Thracia, where he stands, to "
               "unrest."),
    Step(3, "Unrest is trouble on its way: the activity roll turns it to revolt, and so does a "
            "revolt linked to it when the Barbarian phase begins. Click Thracia again to remove "
            "the unrest (1 IP).", ("IV:3",), do=(f"{D} removes the unrest in Thracia",),
         wrong="This step asks Diocletian to remove the unrest in Thracia, where he stands."),
    # Secure
    Step(4, "A garrison protects its province: Barbarian activity that falls on it does "
            "nothing, and garrisons support their Emperor in battle. Securing places one of the "
            "Emperor's garrisons in his province when it holds no disc: 1 IP. Click Thracia to "
            "secure it.", ("IV:3",), do=(f"{D} secures Thracia",),
         wrong="This step asks Diocletian to secure Thracia, where he stands."),
    Step(4, "Securing a border province costs 2 IP, and only while its region holds no revolt; "
            "a secured border stays secured. Secure all six and you win. Thracia was the only "
            "revolt of region IV: its border, Sarmatia, can be secured once its army is beaten.",
         ("sarmatia",)),
    Step(4, "Diocletian has spent his 6 IP. Press the button to end his Roman phase.",
         do=(f"{D} ends his Roman phase",),
         wrong="This step asks you to end Diocletian's Roman phase with the button."),
    # The Barbarian phase
    Step(5, "After every Roman phase comes a Barbarian phase: first every unrest linked to a "
            "revolt turns to revolt, and an Emperor standing on a revolt is removed; then the "
            "activity roll; then the armies advance. There is no unrest yet: the dice come "
            "first."),
    Step(5, "Roll the dice: the Roman die names the region, the Barbarian die the province. "
            "There a garrison does nothing, an empty province gets unrest, unrest becomes a "
            "revolt, and a revolt rises in an uprising.", roll=True,
         expect=("ActivityRolled@V:5", "UnrestPlaced@V:5")),
    Step(5, "The activity fell on Asia: unrest. Asia is linked to the revolt in Cappadocia: "
            "when the next Barbarian phase begins it turns to revolt, unless an Emperor removes "
            "it first (1 IP).", ("V:5", "V:4")),
    Step(5, "Then every army advances one province along its arrow. The army in Sarmatia must "
            "cross a broken link to Dacia: whenever a threat crosses a broken link, the "
            "Barbarian die is rolled, 1 to 3 it holds, 4 to 6 it passes. Roll.", ("sarmatia",),
         roll=True, expect=("LinkRolled", "ArmyStopped@sarmatia")),
    Step(5, "The broken link held: the army stays in Sarmatia this turn. An army entering a "
            "Roman province devastates it, leaving a revolt; an army entering Roma ends the "
            "game.", ("sarmatia",)),
    # Attack and support
    Step(6, "Galerius's turn. Click Pannonia Inferior, his capital, to enter there.",
         ("III:4",), do=(f"{G} enters Pannonia Inferior",),
         wrong="This step asks Galerius to enter in Pannonia Inferior, his capital."),
    Step(6, "Click Moesia Svperior to move there (1 IP): it is linked to the army in Sarmatia.",
         ("III:5",), do=(f"{G} moves from Pannonia Inferior to Moesia Svperior",),
         wrong="This step asks Galerius to move to Moesia Svperior."),
    Step(6, "In battle each side adds its support to its die. The Emperor's is the largest "
            "connected group of his garrisons touching his province; his capital counts while "
            "no disc covers it. Click Moesia Svperior to secure it (1 IP): with Pannonia "
            "Inferior that makes a group of 2.", ("III:5", "III:4"),
         do=(f"{G} secures Moesia Svperior",),
         wrong="This step asks Galerius to secure Moesia Svperior, where he stands."),
    Step(6, "An attack costs what the move would: 2 IP across the broken link to Sarmatia. "
            "Click Sarmatia to see the battle's numbers, then attack.", ("sarmatia",),
         do=(f"{G} attacks Sarmatia from Moesia Svperior",),
         wrong="This step asks Galerius to attack the army in Sarmatia from Moesia Svperior."),
    Step(6, "Roll the battle: the Roman die for Galerius, the Barbarian die for the army. Each "
            "side's value is (die + support), doubled for every other Emperor (or army) linked "
            "to the enemy. The higher value wins; equal values are a draw. A beaten Emperor "
            "leaves the board and loses the garrison he attacked from.", ("sarmatia",),
         roll=True, expect=("Battle@sarmatia", "ArmyDestroyed@sarmatia")),
    Step(6, "Both dice showed 1: without his garrisons Galerius would only have drawn. With "
            "them it is 3 against 1: the army is destroyed and Galerius enters Sarmatia.",
         ("sarmatia",)),
    # Securing a border
    Step(7, "Galerius stands on the border of Sarmatia, and region IV holds no revolt since "
            "Diocletian subdued Thracia. Click Sarmatia to secure the border: 2 IP.",
         ("sarmatia",), do=(f"{G} secures Sarmatia",), expect=("BorderSecured@sarmatia",),
         wrong="This step asks Galerius to secure the border of Sarmatia, where he stands."),
    Step(7, "Galerius has spent his 6 IP. Press the button to end his Roman phase.",
         do=(f"{G} ends his Roman phase",), expect=("UnrestSpreads@V:5",),
         wrong="This step asks you to end Galerius's Roman phase with the button."),
    # The domino and the uprising
    Step(8, "The Barbarian phase began with the domino: the unrest in Asia, linked to the "
            "revolt in Cappadocia, turned to revolt. A chain of unrest next to a revolt turns "
            "all at once; across a broken link the die decides.", ("V:5", "V:4")),
    Step(8, "Roll the activity.", roll=True,
         expect=("UprisingStarts@III:3", "UprisingSpreads@III:4")),
    Step(8, "The dice fell on the revolt in Noricvm: an uprising. Every Roman province linked "
            "to it gets a revolt, here Pannonia Svperior and Galerius's capital. Then, while "
            "the reserve holds an army, the Roman die is rolled for a new army.",
         ("III:3", "III:4", "III:2")),
    Step(8, "Roll the Roman die: a new army appears on the border of the region rolled, if that "
            "border is empty. A secured border is not empty.", roll=True,
         expect=("ArmyPlaced@gaetvlia",)),
    Step(8, "A new army advances at once. Gaetvlia to Tingitana is a broken link: roll for it.",
         ("gaetvlia", "I:1"), roll=True, expect=("LinkRolled", "ArmyAdvances@I:1")),
    Step(8, "The army crossed and devastated Tingitana: a revolt. It will go on along the "
            "arrows, through Baetica and Lvsitania, towards Roma.", ("I:1",)),
    # Winning and losing
    Step(9, "You win, Roma Victrix, the moment all six borders are secured: one is. You lose "
            "the moment an army enters Roma, or when an unrest or a revolt must be placed and "
            "its reserve of 21 is empty. Watch the reserves and the armies' roads.", ("roma",)),
    Step(9, "That is the game. Constantius plays next: go on with this game, or start a new one. "
            "Help keeps the rules in short and the way back to this tutorial."),
)


class TutorialBroken(AssertionError):
    """A step of the tutorial no longer holds in its position (a rule changed)."""


def point_of(name: str, board: Board) -> dict[str, int]:
    """A pointer's target: ``{"zone": n}`` for ``"zone n"``, else ``{"province": index}``."""
    if name.startswith("zone "):
        return {"zone": int(name.split()[1])}
    return {"province": board.province(name).index}


def happened(expect: str, events: list[Event], board: Board) -> bool:
    """Whether an event of ``expect``'s record (``"Record"`` or ``"Record@place"``) is among
    ``events``: the place is any of the record's province fields."""
    record, _, place = expect.partition("@")
    wanted = board.province(place).index if place else None
    for event in events:
        if type(event).__name__ != record:
            continue
        if wanted is None or wanted in (getattr(event, key, None) for key in (
                "province", "dest", "origin", "army_province", "border", "target", "army", "at")):
            return True
    return False


def walk(board: Board | None = None) -> list[int]:
    """Play the whole tutorial through the engine, from :data:`START` with the dice of
    :data:`SEED`, as the page plays it through the server; returns each step's log length
    before it (where a resumed tutorial finds its step).  Raises :class:`TutorialBroken` when
    an action asked for is not legal, no roll is due at a roll step, or an expected event does
    not happen."""
    board = board or default_board()
    game = Game.from_position(position_from_json(START, board), seed=SEED)
    before: list[int] = []
    for k, step in enumerate(STEPS):
        before.append(len(game.log))
        events: list[Event] = []
        if step.do:
            legal = {format_action(a, board) for a in legal_actions(game.state)}
            for notation in step.do:
                if notation not in legal:
                    raise TutorialBroken(f"step {k + 1}: {notation!r} is not legal; legal: "
                                         f"{sorted(legal)}")
            game.play(parse_action(step.do[0], board), events)
        elif step.roll:
            resume(game.state, events, Boundary.DECISION)  # as the server's advance does
            if game.state.awaiting is not Awaiting.ROLL:
                raise TutorialBroken(f"step {k + 1}: no dice are due ({game.state.awaiting.name})")
            game.roll(events)
        for expect in step.expect:
            if not happened(expect, events, board):
                raise TutorialBroken(f"step {k + 1}: no {expect} among {events}")
    return before


@cache
def _before() -> tuple[int, ...]:
    return tuple(walk())


def tutorial_json(lang: str, translate: dict[str, str]) -> dict[str, Any]:
    """The tutorial as the page reads it, its sentences in ``lang`` (``translate``: the page's
    catalogue of that language, English → translation)."""
    board = default_board()
    def said(text: str) -> str:
        return translate.get(text, text)

    before = _before()
    return {
        "lang": lang, "seed": SEED, "start": START,
        "lessons": [said(name) for name in LESSONS],
        "steps": [{"n": k, "lesson": s.lesson, "text": said(s.text),
                   "point": [point_of(p, board) for p in s.point], "do": list(s.do),
                   "roll": s.roll, "wrong": said(s.wrong) if s.wrong else "",
                   "before": before[k]} for k, s in enumerate(STEPS)],
    }


def sentences() -> list[str]:
    """Every sentence of the tutorial a player reads, for the page's catalogue."""
    found = dict.fromkeys(LESSONS)
    for step in STEPS:
        found[step.text] = None
        if step.wrong:
            found[step.wrong] = None
    return list(found)

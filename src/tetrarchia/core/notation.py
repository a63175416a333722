"""The action notation: a readable long form and a compact form, both parsed back exactly.

Long form (what logs and saves use)::

    roll 4                                   roll 3 5   (Roman die, then Barbarian die)
    place a fleet in Mare Aegaevm
    Diocletian enters Roma
    Diocletian moves from Bithynia to Macedonia by fleet through Mare Aegaevm
    Diocletian moves from Macedonia to Dalmatia
    Galerius sails a fleet from Mare Internvm to Mare Aegaevm
    Constantius secures Lvgdvnensis
    Diocletian removes the revolt in Dalmatia
    Diocletian reduces the revolt in Dalmatia to unrest
    Diocletian removes the unrest in Dalmatia
    Maximian attacks Narbonensis from Germania Svperior
    Maximian ends his Roman phase

Compact form (Emperor initial; provinces by coordinates, or by id in Italia and on borders)::

    r4  r35  f3  D@roma  D V:6~3~IV:4  D IV:4-III:6  G s2-3  C +II:4
    D -R III:6  D R>U III:6  D -U III:6  M II:3xII:6  M end

A move by fleet names the sea zones it crosses (several with Mare Nostrvm, R12.2); the form of
saves of format 1 without them (``... by fleet``, ``D V:6~IV:4``) is still read.

Names are matched without regard to case or the board's V-for-U spelling, and by unambiguous
prefix.  :func:`resolve` also understands short forms against the legal actions of the moment.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tetrarchia.core.actions import (
    Action,
    Attack,
    BaseAction,
    EndPhase,
    Enter,
    Move,
    OptionAction,
    PlaceFleet,
    Roll,
    Sail,
    Secure,
    Subdue,
    SubdueKind,
)
from tetrarchia.core.board import Board
from tetrarchia.core.errors import AmbiguousAction, AmbiguousPlace, InvalidNotation, said
from tetrarchia.core.extensions import FIGURE_TAGS, FIGURE_WORDS, ONLY_MOVES
from tetrarchia.core.pieces import EMPERORS, Emperor, Piece, emperor_named

# --- formatting ---------------------------------------------------------------------------------


def format_action(action: Action, board: Board, compact: bool = False) -> str:
    """The notation of ``action`` (long form unless ``compact``)."""
    if isinstance(action, OptionAction):
        return action.notation(board, compact)
    return _format_compact(action, board) if compact else _format_long(action, board)


# Parsers of the actions that optional rules add: (lower-cased text, board, original text) ->
# the action, or None when the text is not theirs.  Registered by ``tetrarchia.options``.
OptionParser = Callable[[str, Board, str], Action | None]
OPTION_PARSERS: list[OptionParser] = []


def register_parser(parser: OptionParser) -> OptionParser:
    OPTION_PARSERS.append(parser)
    return parser


def _format_long(action: BaseAction, board: Board) -> str:
    name = board.name
    if isinstance(action, Roll):
        return "roll " + " ".join(str(d) for d in action.dice)
    if isinstance(action, PlaceFleet):
        return f"place a fleet in {board.zones[action.zone].title}"
    who = action.emperor.title
    if isinstance(action, Enter):
        return f"{who} enters {name(action.province)}"
    if isinstance(action, Move):
        fleet = " by fleet" if action.by_fleet else ""
        if action.zones:
            fleet += " through " + ", ".join(board.zones[z].title for z in action.zones)
        moved = "" if action.piece is None else f" {_piece_words(action.piece)}"
        return f"{who} moves{moved} from {name(action.origin)} to {name(action.dest)}{fleet}"
    if isinstance(action, Sail):
        return f"{who} sails a fleet from {board.zones[action.src].title} to {board.zones[action.dst].title}"
    if isinstance(action, Secure):
        return f"{who} secures {name(action.at)}"
    if isinstance(action, Subdue):
        where = name(action.at)
        if action.piece is not None:
            who = f"{who}'s {action.piece.title}"
        if action.kind is SubdueKind.REMOVE_REVOLT:
            return f"{who} removes the revolt in {where}"
        if action.kind is SubdueKind.REDUCE_REVOLT:
            return f"{who} reduces the revolt in {where} to unrest"
        return f"{who} removes the unrest in {where}"
    if isinstance(action, Attack):
        if action.piece is not None:
            who = f"{who}'s {action.piece.title}"
        return f"{who} attacks {name(action.target)} from {name(action.origin)}"
    return f"{who} ends his Roman phase"


def _piece_words(piece: Piece) -> str:
    return piece.title if piece < 4 else f"the {piece.title}"


def _piece_tag(piece: Piece | None) -> str:
    if piece is None:
        return ""
    return "/" + FIGURE_TAGS.get(piece, piece.name[0])


def province_key(board: Board, index: int) -> str:
    """Coordinates where the province has them, else its id (Italia, borders)."""
    province = board.provinces[index]
    return province.coords or province.id


def _format_compact(action: BaseAction, board: Board) -> str:
    def key(p: int) -> str:
        return province_key(board, p)

    if isinstance(action, Roll):
        return "r" + "".join(str(d) for d in action.dice)
    if isinstance(action, PlaceFleet):
        return f"f{action.zone}"
    who = action.emperor.name[0]
    if isinstance(action, (Move, Subdue, Attack)):
        who += _piece_tag(action.piece)
    if isinstance(action, Enter):
        return f"{who}@{key(action.province)}"
    if isinstance(action, Move):
        if not action.by_fleet:
            return f"{who} {key(action.origin)}-{key(action.dest)}"
        zones = "".join(f"{z}~" for z in action.zones)
        return f"{who} {key(action.origin)}~{zones}{key(action.dest)}"
    if isinstance(action, Sail):
        return f"{who} s{action.src}-{action.dst}"
    if isinstance(action, Secure):
        return f"{who} +{key(action.at)}"
    if isinstance(action, Subdue):
        op = {SubdueKind.REMOVE_REVOLT: "-R", SubdueKind.REDUCE_REVOLT: "R>U",
              SubdueKind.REMOVE_UNREST: "-U"}[action.kind]
        return f"{who} {op} {key(action.at)}"
    if isinstance(action, Attack):
        return f"{who} {key(action.origin)}x{key(action.target)}"
    return f"{who} end"


# --- parsing ------------------------------------------------------------------------------------
MAX_TEXT = 400
_P = r"([\w:'. ]+?)"
_WHO = r"(\w+?)(?:'s (\w+))?"  # "Diocletian's dux": a figure fighting for him (R11)
_LONG: list[tuple[str, re.Pattern[str]]] = [
    ("enter", re.compile(rf"^(\w+) enters (?:in )?{_P}$")),
    ("move", re.compile(rf"^(\w+) moves (?:(the \w+|\w+) )?from {_P} to {_P}"
                        r"( by fleet(?: through (.+))?)?$")),
    ("sail", re.compile(rf"^(\w+) sails (?:a )?fleet from {_P} to {_P}$")),
    ("secure", re.compile(rf"^(\w+) secures (?:the border (?:in|of) )?{_P}$")),
    ("remove", re.compile(rf"^{_WHO} removes the (revolt|unrest) in {_P}$")),
    ("reduce", re.compile(rf"^{_WHO} reduces the revolt in {_P} to unrest$")),
    ("attack", re.compile(rf"^{_WHO} attacks (?:the army in )?{_P} from {_P}$")),
    ("end", re.compile(r"^(\w+) ends (?:his )?(?:roman )?phase$")),
]
_TAG = r"([a-z])(?:/([a-z]+))?"  # a figure's tag (core/extensions.py) or an initial
_COMPACT: list[tuple[str, re.Pattern[str]]] = [
    ("enter", re.compile(r"^([a-z])\s*@\s*(\S+)$")),
    ("sail", re.compile(r"^([a-z])\s+s([1-3])-([1-3])$")),
    ("move", re.compile(rf"^{_TAG}\s+(\S+?)([-~])((?:[1-3]~)*)(\S+)$")),
    ("secure", re.compile(r"^([a-z])\s+\+(\S+)$")),
    ("subdue", re.compile(rf"^{_TAG}\s+(-r|r>u|-u)\s+(\S+)$")),
    ("attack", re.compile(rf"^{_TAG}\s+(\S+?)x(\S+)$")),
    ("end", re.compile(r"^([a-z])\s+end$")),
]


def parse_action(text: str, board: Board) -> Action:
    """The action written as ``text`` in the long or compact notation.

    Raises :class:`InvalidNotation` saying what is wrong.  Whether the action is *legal* is a
    separate question (``engine.apply_action``).
    """
    if len(text) > MAX_TEXT:  # the longest action is some 80 characters: no pattern runs on more
        raise InvalidNotation(said("{start}... is {length:,} characters long: an action is at most "
                                   "{most}", start=repr(text[:40]), length=len(text),
                                   most=MAX_TEXT))
    clean = " ".join(text.strip().split())
    low = clean.lower()
    if not low:
        raise InvalidNotation(said("empty input: type an action, e.g. 'Maximian ends his Roman "
                                   "phase'"))
    roll = re.fullmatch(r"(?:roll|r)\s*([1-6](?:\s*[1-6])?)", low)
    if roll:
        return Roll(tuple(int(d) for d in roll.group(1) if d.isdigit()))
    if re.fullmatch(r"(?:roll|r)\b.*", low) and not re.match(r"^r\s+\S+?[-~x]", low):
        raise InvalidNotation(said("{text}: a roll is one or two dice, each 1 to 6 (e.g. 'roll 3 "
                                   "5')", text=repr(text)))
    fleet = re.fullmatch(r"(?:place (?:a )?fleet (?:in|on) (.+)|f\s*([1-3]))", low)
    if fleet:
        return PlaceFleet(_zone(board, fleet.group(1) or fleet.group(2), text))
    for parser in OPTION_PARSERS:
        found = parser(low, board, text)
        if found is not None:
            return found
    for kind, pattern in _LONG:
        match = pattern.fullmatch(low)
        if match:
            return _build(kind, match.groups(), board, text)
    for kind, pattern in _COMPACT:
        match = pattern.fullmatch(low)
        if match:
            return _build_compact(kind, match.groups(), board, text)
    raise _not_an_action(text)


def _not_an_action(text: str) -> InvalidNotation:
    return InvalidNotation(said(
        "{text} is not an action; write e.g. 'Diocletian moves from Bithynia to Macedonia "
        "by fleet', 'Maximian attacks Narbonensis from Germania Svperior', 'roll 3 5' "
        "(see docs/notation.md)", text=repr(text)))


def _emperor(word: str, text: str) -> Emperor:
    try:
        return emperor_named(word)
    except KeyError:
        raise InvalidNotation(said("{text}: {word} is not an Emperor (Diocletian, Galerius, "
                                   "Constantius, Maximian)", text=repr(text),
                                   word=repr(word))) from None


def _province(board: Board, key: str, text: str) -> int:
    try:
        return board.province(key).index
    except KeyError as exc:
        if isinstance(exc, AmbiguousPlace):
            raise InvalidNotation(said("{text}: {key} could be any of {names}", text=repr(text),
                                       key=repr(exc.key), names=exc.names)) from None
        raise InvalidNotation(said("{text}: {key} is not a province", text=repr(text),
                                   key=repr(key))) from None


def _zone(board: Board, key: str, text: str) -> int:
    key = key.strip().lower()
    digits = key.removeprefix("zone").strip()
    if digits in ("1", "2", "3") and int(digits) in board.zones:  # ASCII digits only
        return int(digits)
    folded = key.replace("u", "v")
    found = [z.id for z in board.zones.values()
             if z.name.lower().replace("u", "v").startswith(folded)
             or z.name.lower().split()[-1].replace("u", "v").startswith(folded)]
    if len(found) == 1:
        return found[0]
    raise InvalidNotation(said("{text}: {key} is not a sea zone (1 Mare Atlanticvm, 2 Mare "
                               "Internvm, 3 Mare Aegaevm)", text=repr(text), key=repr(key)))


def _piece(word: str | None, text: str) -> Piece | None:
    """The figure moved in the long form: an extra figure by one of the words it declared, with
    or without 'the' ('the dux', 'vic'), or an Emperor by his name."""
    if not word:
        return None
    figure = FIGURE_WORDS.get(word.removeprefix("the "))
    if figure is not None:
        return Piece(figure)
    if word.startswith("the "):  # only an extra figure is 'the ...'
        raise _not_an_action(text)
    return Piece(_emperor(word, text))


def _helper(word: str | None, text: str) -> Piece | None:
    """The figure fighting or subduing for the Emperor in the long form ("Diocletian's dux"):
    an extra figure's word, never an Emperor's name."""
    if word is not None and word not in FIGURE_WORDS:
        raise _not_an_action(text)
    return _fighter(_piece(word, text), text)


def _tagged(tag: str | None, text: str) -> Piece | None:
    """The figure after the Emperor's initial in the compact form: an extra figure's tag
    (``/dux``) or an Emperor's initial (``/g``)."""
    if not tag:
        return None
    figure = next((piece for piece, own in FIGURE_TAGS.items() if own == tag), None)
    if figure is not None:
        return Piece(figure)
    if len(tag) > 1:
        raise _not_an_action(text)
    return Piece(_emperor(tag, text))


def _fighter(piece: Piece | None, text: str) -> Piece | None:
    """``piece`` when it may fight or subdue for the Emperor of the action: none named (the
    Emperor himself) or an extra figure that fights (R11.1; never the Vicarius, R11.2, nor
    another Emperor, R5)."""
    if piece is not None and (piece < len(EMPERORS) or piece in ONLY_MOVES):
        raise InvalidNotation(said("{text}: {figure} does not fight or subdue for another's IP; "
                                   "write nothing after the Emperor's initial, or the tag of a "
                                   "figure that does", text=repr(text), figure=piece.title))
    return piece


def _build(kind: str, groups: tuple[str | None, ...], board: Board, text: str) -> Action:
    g = [x or "" for x in groups]
    emperor = _emperor(g[0], text)
    if kind == "enter":
        return Enter(emperor, _province(board, g[1], text))
    if kind == "move":
        zones = tuple(_zone(board, z, text) for z in re.split(r",| and ", g[5]) if z.strip()) \
            if g[5] else ()
        return Move(emperor, _province(board, g[2], text), _province(board, g[3], text), bool(g[4]),
                    _piece(groups[1], text), zones)
    if kind == "sail":
        return Sail(emperor, _zone(board, g[1], text), _zone(board, g[2], text))
    if kind == "secure":
        return Secure(emperor, _province(board, g[1], text))
    if kind == "end":
        return EndPhase(emperor)
    piece = _helper(groups[1], text)
    if kind == "remove":
        sub = SubdueKind.REMOVE_REVOLT if g[2] == "revolt" else SubdueKind.REMOVE_UNREST
        return Subdue(emperor, _province(board, g[3], text), sub, piece)
    if kind == "reduce":
        return Subdue(emperor, _province(board, g[2], text), SubdueKind.REDUCE_REVOLT, piece)
    if kind == "attack":
        return Attack(emperor, _province(board, g[3], text), _province(board, g[2], text), piece)
    return EndPhase(emperor)


def _build_compact(kind: str, g: tuple[str | None, ...], board: Board, text: str) -> Action:
    a = [x or "" for x in g]
    emperor = _emperor(a[0], text)
    if kind == "enter":
        return Enter(emperor, _province(board, a[1], text))
    if kind == "sail":
        return Sail(emperor, int(a[1]), int(a[2]))
    if kind == "secure":
        return Secure(emperor, _province(board, a[1], text))
    if kind == "end":
        return EndPhase(emperor)
    piece = _tagged(g[1], text)
    if kind in ("subdue", "attack"):
        piece = _fighter(piece, text)
    if kind == "move":
        if a[3] == "-" and a[4]:
            raise InvalidNotation(said("{text}: sea zones are named only for a move by fleet "
                                       "('~')", text=repr(text)))
        zones = tuple(int(z) for z in a[4].split("~") if z)
        return Move(emperor, _province(board, a[2], text), _province(board, a[5], text),
                    a[3] == "~", piece, zones)
    if kind == "subdue":
        sub = {"-r": SubdueKind.REMOVE_REVOLT, "r>u": SubdueKind.REDUCE_REVOLT,
               "-u": SubdueKind.REMOVE_UNREST}[a[2]]
        return Subdue(emperor, _province(board, a[3], text), sub, piece)
    return Attack(emperor, _province(board, a[2], text), _province(board, a[3], text), piece)


# --- short forms against the legal actions -----------------------------------------------------
def _fold(text: str) -> str:
    return " ".join(text.lower().replace("u", "v").split())


def resolve(text: str, legal: list[Action], board: Board) -> Action:
    """The legal action meant by ``text``: a full notation, or a short form such as
    ``attack narbonensis``, ``macedonia by fleet``, ``secure``, ``end`` or ``5 3`` for a roll.

    Raises :class:`InvalidNotation` when nothing matches and :class:`AmbiguousAction` listing
    the candidates when several do.  A full notation that is well formed but not legal is
    returned as is, so the caller can explain why it is illegal.
    """
    clean = " ".join(text.strip().split())
    if re.fullmatch(r"[1-6](?: ?[1-6])?", clean) and any(isinstance(a, Roll) for a in legal):
        return Roll(tuple(int(c) for c in clean if c.isdigit()))
    try:
        return parse_action(clean, board)
    except InvalidNotation as exc:
        parse_error = exc
    words = _fold(clean).replace(",", " ").split()
    if not words or len(clean) > MAX_TEXT:
        raise parse_error
    aliases = {"end": "ends", "move": "moves", "attack": "attacks", "secure": "secures",
               "remove": "removes", "reduce": "reduces", "sail": "sails", "enter": "enters",
               "fleet": "fleet", "pass": "ends"}
    words = [aliases.get(w, w) for w in words]
    candidates = []
    for action in legal:
        long = _fold(format_action(action, board))
        short = _fold(format_action(action, board, compact=True))
        # the words must appear in order in the long form, or the text is the compact form
        if short == " ".join(words) or _in_order(words, long):
            candidates.append(action)
    if len(candidates) == 1:
        return candidates[0]
    # prefer the move through a link when the same destination is also reachable by fleet
    if len(candidates) > 1:
        exact_dest = [a for a in candidates if not (isinstance(a, Move) and a.by_fleet)]
        if "fleet" not in words and len(exact_dest) == 1:
            return exact_dest[0]
        shown = "; ".join(format_action(a, board) for a in candidates[:8])
        more = f" and {len(candidates) - 8} more" if len(candidates) > 8 else ""
        if more:
            raise AmbiguousAction(said("{text} could mean: {shown} and {more} more",
                                       text=repr(text), shown=shown, more=len(candidates) - 8))
        raise AmbiguousAction(said("{text} could mean: {shown}", text=repr(text), shown=shown))
    raise parse_error


def _in_order(words: list[str], long: str) -> bool:
    tokens = long.split()
    i = 0
    for w in words:
        while i < len(tokens) and not tokens[i].startswith(w):
            i += 1
        if i == len(tokens):
            return False
        i += 1
    return True

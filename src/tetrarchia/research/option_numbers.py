"""Fixed numbers for the optional rules' own actions (R11-R13), as for the base game's.

Each kind of option action has a block of its own, numbered from its fields, so that a number
means one move in every state (issue 29: numbering them "the k-th legal option action now" let
one number mean different moves, and the observation could not be Markov).  On a board of ``n``
provinces whose provinces have at most ``L`` neighbours (6 on the default board), with 4
Emperors:

====================  =============  ====================================================
block                 size           the action
====================  =============  ====================================================
deploy                4 × 2 × n      R11.1/R11.2 ``Deploy``: Emperor × (Dux, Vicarius) × province
use-power             4 × (n + 1)    R12.1 ``UsePower``: Emperor × (his reserve, province burned)
decline               4              R12.1 ``Decline``: the Emperor
buy-ip                4 × (n + 1)    R12.1b ``BuyIP``: Emperor × (his reserve, province burned)
transfer-ip           4              R12.2 ``TransferIP``: the Emperor
attack-pirates        4 × 2 × n      R11.3 ``AttackPirates``: Emperor × (himself, his Dux) × origin
send-garrison         4 × n × L      ``SendGarrison`` (Via Romana): Emperor × origin × the
                                     destination's rank among the origin's neighbours
barbarian-reroll      1              R12.6 ``Reroll``
barbarian-cancel      n              R12.6 ``CancelAdvance``: the army's province
barbarian-redirect    n × L          R12.6 ``Redirect``: the army's province × the destination's
                                     rank among its neighbours
black-revolt          n              R12.6 ``BlackRevolt``: the province
black-army            n              R12.6 ``BlackArmy``: the border province
barbarian-pass        1              R12.6 ``BarbarianPass``
extension             32             an action of an option this table does not know (an
                                     extension, docs/extending.md): the k-th in this state
====================  =============  ====================================================

A neighbour's rank is its place in ``board.neighbours[origin]`` (the board's fixed order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tetrarchia.core.actions import OptionAction
from tetrarchia.core.board import Board
from tetrarchia.core.pieces import Piece
from tetrarchia.options.barbaria import (
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
from tetrarchia.options.via_romana import SendGarrison

EMPERORS = 4
EXTENSION_SLOTS = 32  # an unknown option's actions: random games with every option list at most
#                       a few at once; legal_ids refuses more


def max_links(board: Board) -> int:
    """The most neighbours a province has (6 on the default board)."""
    return max(len(adjacent) for adjacent in board.neighbours)


def rank(board: Board, origin: int, dest: int) -> int:
    """Where ``dest`` stands among ``origin``'s neighbours (the board's order)."""
    for index, (q, _) in enumerate(board.neighbours[origin]):
        if q == dest:
            return index
    raise AssertionError(f"{board.name(dest)} is no neighbour of {board.name(origin)}")


@dataclass(frozen=True, slots=True)
class OptionBlock:
    """One kind of option action: its name, its record, its size on a board and the place of
    an action inside it."""

    name: str
    kind: type[OptionAction]
    size: Callable[[int, int], int]  # (provinces, links) -> numbers in the block
    place: Callable[[Any, Board], int]


def _burn(burn: int) -> int:
    return burn + 1  # -1, the Emperor's reserve, first (R12.1)


def _deploy(a: Deploy, board: Board) -> int:
    which = 0 if a.piece == Piece.DUX else 1
    return (int(a.emperor) * 2 + which) * board.size + a.at


def _pirates(a: AttackPirates, board: Board) -> int:
    which = 0 if a.piece is None else 1
    return (int(a.emperor) * 2 + which) * board.size + a.origin


def _garrison(a: SendGarrison, board: Board) -> int:
    links = max_links(board)
    return (int(a.emperor) * board.size + a.origin) * links + rank(board, a.origin, a.dest)


def _redirect(a: Redirect, board: Board) -> int:
    return a.province * max_links(board) + rank(board, a.province, a.dest)


OPTION_BLOCKS: tuple[OptionBlock, ...] = (
    OptionBlock("deploy", Deploy, lambda n, links: EMPERORS * 2 * n, _deploy),
    OptionBlock("use-power", UsePower, lambda n, links: EMPERORS * (n + 1),
                lambda a, board: int(a.emperor) * (board.size + 1) + _burn(a.burn)),
    OptionBlock("decline", Decline, lambda n, links: EMPERORS, lambda a, board: int(a.emperor)),
    OptionBlock("buy-ip", BuyIP, lambda n, links: EMPERORS * (n + 1),
                lambda a, board: int(a.emperor) * (board.size + 1) + _burn(a.burn)),
    OptionBlock("transfer-ip", TransferIP, lambda n, links: EMPERORS,
                lambda a, board: int(a.emperor)),
    OptionBlock("attack-pirates", AttackPirates, lambda n, links: EMPERORS * 2 * n, _pirates),
    OptionBlock("send-garrison", SendGarrison, lambda n, links: EMPERORS * n * links, _garrison),
    OptionBlock("barbarian-reroll", Reroll, lambda n, links: 1, lambda a, board: 0),
    OptionBlock("barbarian-cancel", CancelAdvance, lambda n, links: n,
                lambda a, board: a.province),
    OptionBlock("barbarian-redirect", Redirect, lambda n, links: n * links, _redirect),
    OptionBlock("black-revolt", BlackRevolt, lambda n, links: n, lambda a, board: a.province),
    OptionBlock("black-army", BlackArmy, lambda n, links: n, lambda a, board: a.border),
    OptionBlock("barbarian-pass", BarbarianPass, lambda n, links: 1, lambda a, board: 0),
)
BLOCK_OF: dict[type[OptionAction], int] = {block.kind: i for i, block in enumerate(OPTION_BLOCKS)}

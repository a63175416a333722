"""Le catalogue français : les enregistrements d'événements du noyau (R3-R8) en phrases.

Same shape as ``render.en``: one sentence per record type, given the board for the names.  The
optional rules' records are told in their modules' ``texts["fr"]`` when they have one, else in
English (``render.languages`` falls back).
"""

from __future__ import annotations

from typing import Any

from tetrarchia.core import events as ev
from tetrarchia.core.actions import SubdueKind
from tetrarchia.core.board import Board
from tetrarchia.core.pieces import GOTHS, ROMAN_NUMERALS, UNREST, Emperor, Piece
from tetrarchia.core.state import Result
from tetrarchia.options.dux import VicariusClears
from tetrarchia.options.vicarius import ActivityBlocked

LANGUAGE = "fr"


def _emp(emperor: int) -> str:
    return Emperor(emperor).title


def _piece(piece: int) -> str:
    return Piece(piece).title if piece < 4 else f"le {Piece(piece).title}"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _r(region: int) -> str:
    return ROMAN_NUMERALS[region]


def _zone(board: Board, zone: int) -> str:
    return board.zones[zone].title


def _subdued(e: ev.Subdued, b: Board) -> str:
    who = _emp(e.emperor) if e.piece < 0 else _cap(_piece(e.piece))
    if e.what == SubdueKind.REDUCE_REVOLT:
        return f"{who} réduit la révolte de {b.name(e.province)} à des troubles."
    what = "la révolte" if e.what == SubdueKind.REMOVE_REVOLT else "les troubles"
    return f"{who} supprime {what} de {b.name(e.province)}."


def _moved(e: ev.Moved, b: Board) -> str:
    name = _emp(e.emperor)
    who = f"{name}" if e.piece == e.emperor else f"{name} déplace {_piece(e.piece)}, qui"
    how = " par la flotte" if e.by_fleet else ""
    passing = " (de passage)" if e.passing else ""
    return f"{who} va{how} de {b.name(e.origin)} à {b.name(e.dest)}{passing} pour {e.cost} PI."


def _battle(e: ev.Battle, b: Board) -> str:
    roman, barbarian = e.roman_die + e.roman_modifier, e.barbarian_die + e.barbarian_modifier
    return (f"Bataille de {_piece(e.piece)} en {b.name(e.piece_province)} contre l'armée de "
            f"{b.name(e.army_province)} : Romains ({roman}+{e.roman_support})x{1 << e.roman_linked} = "
            f"{e.roman_value} contre Barbares ({barbarian}+{e.barbarian_support})"
            f"x{1 << e.barbarian_linked} = {e.barbarian_value}.")


REMOVAL = {
    ev.Removal.DEFEATED: "est vaincu",
    ev.Removal.LOST_BATTLE: "perd la bataille",
    ev.Removal.ON_REVOLT: "se trouve sur une révolte en {}",
    ev.Removal.REACHED_BY_ARMY: "est atteint par l'armée de {}",
    ev.Removal.REACHED_BY_UPRISING: "est atteint par le soulèvement de {}",
}


def _removed(e: ev.FigureRemoved, b: Board) -> str:
    why = REMOVAL[ev.Removal(e.why)].format(b.name(e.province))
    if e.piece < 4:
        return f"{Piece(e.piece).title} {why} et quitte le plateau."
    return f"Le {Piece(e.piece).title} {why} et meurt : il quitte la partie."


def _stopped(e: ev.ArmyStopped, b: Board) -> str:
    if e.follows_arrow:
        return (f"L'armée de {b.name(e.province)} ne peut pas franchir la liaison difficile vers "
                f"{b.name(e.dest)} : le changement est annulé et elle avance le long de sa flèche.")
    return (f"L'armée de {b.name(e.province)} ne peut pas franchir la liaison difficile vers "
            f"{b.name(e.dest)} ce tour-ci.")


def _ends(e: ev.GameEnds, b: Board) -> str:
    result = Result(e.result)
    if result is Result.ROMA_VICTRIX:
        return "Les six frontières sont sécurisées : Roma Victrix !"
    if result is Result.ARMY_IN_ROMA:
        return f"L'armée de {b.name(e.province)} entre dans Rome : l'Empire tombe."
    disc = "Des troubles doivent" if e.disc == UNREST else "Une révolte doit"
    return f"{disc} être placés en {b.name(e.province)} et il n'en reste plus : l'Empire tombe."


def _link(e: ev.LinkRolled, b: Board) -> str:
    link = b.links[e.link]
    return (f"Liaison difficile {b.name(link.a)} - {b.name(link.b)} : {e.die}, "
            f"{'reliées' if e.holds else 'non reliées'}.")


TEXTS: dict[type[Any], Any] = {
    ev.InitialRevoltRerolled: lambda e, b: f"Région {_r(e.region)} : {e.die}, on relance.",
    ev.InitialRevolt: lambda e, b: f"Révolte initiale en {b.label(e.province)}.",
    ev.AdditionalRevoltRerolled: lambda e, b: f"{b.label(e.province)} est déjà en révolte : on relance.",
    ev.AdditionalRevolt: lambda e, b: f"Révolte supplémentaire en {b.label(e.province)}.",
    ev.InitialArmyRerolled: lambda e, b: f"{b.name(e.border)} a déjà une armée : on relance.",
    ev.FleetPlaced: lambda e, b: f"Une flotte romaine est placée en {_zone(b, e.zone)}.",
    ev.TurnSkipped: lambda e, b: f"Le premier tour de {_emp(e.emperor)} est passé (scénario).",
    ev.TurnBegins: lambda e, b: f"Manche {e.round} : tour de {_emp(e.emperor)}.",
    ev.CannotEnter: lambda e, b: (f"{_emp(e.emperor)} ne peut pas entrer sur le plateau (Rome et sa "
                                  "capitale sont indisponibles) : sa phase romaine est vide."),
    ev.Entered: lambda e, b: f"{_emp(e.emperor)} entre sur le plateau en {b.name(e.province)}.",
    ev.Moved: _moved,
    VicariusClears: lambda e, b: f"Le Vicarius supprime les troubles de {b.name(e.province)}.",
    ev.Sailed: lambda e, b: (f"{_emp(e.emperor)} fait naviguer une flotte de {_zone(b, e.origin)} à "
                             f"{_zone(b, e.dest)}."),
    ev.Subdued: _subdued,
    ev.AttackDeclared: lambda e, b: (f"{_cap(_emp(e.emperor) if e.piece == e.emperor else _piece(e.piece))} "
                                     f"attaque l'armée de {b.name(e.target)} depuis {b.name(e.origin)}."),
    ev.GarrisonPlaced: lambda e, b: f"{_emp(e.emperor)} place une garnison en {b.name(e.province)}.",
    ev.BorderSecured: lambda e, b: (f"{_emp(e.emperor)} sécurise la frontière de {b.name(e.border)} "
                                    f"({e.secured} sur 6)."),
    ev.PhaseEnded: lambda e, b: (f"La phase romaine de {_emp(e.emperor)} se termine." if e.defeated
                                 else f"{_emp(e.emperor)} termine sa phase romaine."),
    ev.Battle: _battle,
    ev.BattleDrawn: lambda e, b: "Égalité : rien ne se passe.",
    ev.ArmyDestroyed: lambda e, b: (f"{_cap(_piece(e.piece))} gagne : l'armée est détruite"
                                    + (f" et il entre en {b.name(e.army_province)}." if e.entered else ".")),
    ev.FigureRemoved: _removed,
    ev.LinkRolled: _link,
    ev.UnrestSpreads: lambda e, b: (f"Les troubles de {b.name(e.province)} deviennent une révolte "
                                    f"(reliés à {b.name(e.source)})."),
    ev.ActivityRolled: lambda e, b: f"Activité barbare : {_r(e.region)}:{e.number}, {b.label(e.province)}.",
    ev.ActivityProtected: lambda e, b: f"Une garnison protège {b.name(e.province)} : rien ne se passe.",
    ActivityBlocked: lambda e, b: f"Le Vicarius en {b.name(e.province)} bloque le jet : rien ne se passe.",
    ev.UnrestPlaced: lambda e, b: f"Troubles en {b.name(e.province)}.",
    ev.UnrestRevolts: lambda e, b: f"Les troubles de {b.name(e.province)} deviennent une révolte.",
    ev.UprisingStarts: lambda e, b: f"Soulèvement en {b.name(e.province)} !",
    ev.UprisingSpreads: lambda e, b: f"Le soulèvement étend une révolte à {b.name(e.province)}.",
    ev.NoArmyLeft: lambda e, b: "Il ne reste aucune armée en réserve : le soulèvement n'en amène pas.",
    ev.BorderNotEmpty: lambda e, b: (f"Région {_r(e.region)} : la frontière {b.name(e.border)} n'est pas "
                                     "vide ; nouvelle activité dans cette région."),
    ev.ArmyPlaced: lambda e, b: (f"Région {_r(e.region)} : "
                                 + ("les Goths apparaissent" if e.figure == GOTHS
                                    else "une armée barbare apparaît")
                                 + f" en {b.name(e.border)}."),
    ev.ArmyBlocked: lambda e, b: (f"L'armée de {b.name(e.province)} est bloquée par l'armée de "
                                  f"{b.name(e.ahead)}."),
    ev.ArmyStopped: _stopped,
    ev.ArmyAttacks: lambda e, b: (f"L'armée de {b.name(e.province)} attaque {_piece(e.piece)} en "
                                  f"{b.name(e.dest)}."),
    ev.ArmyAdvances: lambda e, b: (f"L'armée avance de {b.name(e.origin)} à {b.name(e.dest)} et la "
                                   "dévaste."),
    ev.GameEnds: _ends,
}
"""The core's records, and the Vicarius's two (his modules declare only English), in French."""

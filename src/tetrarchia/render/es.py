"""El catálogo español: los registros de sucesos del núcleo (R3-R8) en frases.

Same shape as ``render.en``: one sentence per record type, given the board for the names.  The
optional rules' records are told in their modules' ``texts["es"]`` when they have one, else in
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

LANGUAGE = "es"


def _emp(emperor: int) -> str:
    return Emperor(emperor).title


def _piece(piece: int) -> str:
    return Piece(piece).title if piece < 4 else f"el {Piece(piece).title}"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _r(region: int) -> str:
    return ROMAN_NUMERALS[region]


def _zone(board: Board, zone: int) -> str:
    return board.zones[zone].title


def _subdued(e: ev.Subdued, b: Board) -> str:
    who = _emp(e.emperor) if e.piece < 0 else _cap(_piece(e.piece))
    if e.what == SubdueKind.REDUCE_REVOLT:
        return f"{who} reduce la revuelta de {b.name(e.province)} a disturbios."
    what = "la revuelta" if e.what == SubdueKind.REMOVE_REVOLT else "los disturbios"
    return f"{who} elimina {what} de {b.name(e.province)}."


def _moved(e: ev.Moved, b: Board) -> str:
    name = _emp(e.emperor)
    who = f"{name}" if e.piece == e.emperor else f"{name} mueve a {_piece(e.piece)}, que"
    how = " en flota" if e.by_fleet else ""
    passing = " (de paso)" if e.passing else ""
    return f"{who} se mueve{how} de {b.name(e.origin)} a {b.name(e.dest)}{passing} por {e.cost} PI."


def _battle(e: ev.Battle, b: Board) -> str:
    roman, barbarian = e.roman_die + e.roman_modifier, e.barbarian_die + e.barbarian_modifier
    return (f"Batalla de {_piece(e.piece)} en {b.name(e.piece_province)} contra el ejército de "
            f"{b.name(e.army_province)}: romanos ({roman}+{e.roman_support})x{1 << e.roman_linked} = "
            f"{e.roman_value} contra bárbaros ({barbarian}+{e.barbarian_support})"
            f"x{1 << e.barbarian_linked} = {e.barbarian_value}.")


REMOVAL = {
    ev.Removal.DEFEATED: "es derrotado",
    ev.Removal.LOST_BATTLE: "pierde la batalla",
    ev.Removal.ON_REVOLT: "está en una revuelta en {}",
    ev.Removal.REACHED_BY_ARMY: "es alcanzado por el ejército de {}",
    ev.Removal.REACHED_BY_UPRISING: "es alcanzado por el levantamiento de {}",
}


def _removed(e: ev.FigureRemoved, b: Board) -> str:
    why = REMOVAL[ev.Removal(e.why)].format(b.name(e.province))
    if e.piece < 4:
        return f"{Piece(e.piece).title} {why} y deja el tablero."
    return f"El {Piece(e.piece).title} {why} y muere: deja la partida."


def _stopped(e: ev.ArmyStopped, b: Board) -> str:
    if e.follows_arrow:
        return (f"El ejército de {b.name(e.province)} no puede cruzar la conexión difícil hacia "
                f"{b.name(e.dest)}: el cambio se anula y avanza por su flecha.")
    return (f"El ejército de {b.name(e.province)} no puede cruzar la conexión difícil hacia "
            f"{b.name(e.dest)} este turno.")


def _ends(e: ev.GameEnds, b: Board) -> str:
    result = Result(e.result)
    if result is Result.ROMA_VICTRIX:
        return "Las seis fronteras están aseguradas: ¡Roma Victrix!"
    if result is Result.ARMY_IN_ROMA:
        return f"El ejército de {b.name(e.province)} entra en Roma: el Imperio cae."
    disc = "Unos disturbios" if e.disc == UNREST else "Una revuelta"
    return f"{disc} deben colocarse en {b.name(e.province)} y no queda ninguno: el Imperio cae."


def _link(e: ev.LinkRolled, b: Board) -> str:
    link = b.links[e.link]
    return (f"Conexión difícil {b.name(link.a)} - {b.name(link.b)}: sale {e.die}, "
            f"{'conectadas' if e.holds else 'no conectadas'}.")


TEXTS: dict[type[Any], Any] = {
    ev.InitialRevoltRerolled: lambda e, b: f"Región {_r(e.region)}: sale {e.die}, se tira de nuevo.",
    ev.InitialRevolt: lambda e, b: f"Revuelta inicial en {b.label(e.province)}.",
    ev.AdditionalRevoltRerolled: lambda e, b: f"{b.label(e.province)} ya está en revuelta: se tira de nuevo.",
    ev.AdditionalRevolt: lambda e, b: f"Revuelta adicional en {b.label(e.province)}.",
    ev.InitialArmyRerolled: lambda e, b: f"{b.name(e.border)} ya tiene un ejército: se tira de nuevo.",
    ev.FleetPlaced: lambda e, b: f"Se coloca una flota romana en {_zone(b, e.zone)}.",
    ev.TurnSkipped: lambda e, b: f"Se salta el primer turno de {_emp(e.emperor)} (escenario).",
    ev.TurnBegins: lambda e, b: f"Ronda {e.round}: turno de {_emp(e.emperor)}.",
    ev.CannotEnter: lambda e, b: (f"{_emp(e.emperor)} no puede entrar en el tablero (Roma y su capital "
                                  "no están disponibles): su fase romana queda vacía."),
    ev.Entered: lambda e, b: f"{_emp(e.emperor)} entra en el tablero en {b.name(e.province)}.",
    ev.Moved: _moved,
    VicariusClears: lambda e, b: f"El Vicarius elimina los disturbios de {b.name(e.province)}.",
    ev.Sailed: lambda e, b: (f"{_emp(e.emperor)} navega una flota de {_zone(b, e.origin)} a "
                             f"{_zone(b, e.dest)}."),
    ev.Subdued: _subdued,
    ev.AttackDeclared: lambda e, b: (f"{_cap(_emp(e.emperor) if e.piece == e.emperor else _piece(e.piece))} "
                                     f"ataca al ejército de {b.name(e.target)} desde {b.name(e.origin)}."),
    ev.GarrisonPlaced: lambda e, b: f"{_emp(e.emperor)} coloca una guarnición en {b.name(e.province)}.",
    ev.BorderSecured: lambda e, b: (f"{_emp(e.emperor)} asegura la frontera de {b.name(e.border)} "
                                    f"({e.secured} de 6)."),
    ev.PhaseEnded: lambda e, b: (f"Termina la fase romana de {_emp(e.emperor)}." if e.defeated
                                 else f"{_emp(e.emperor)} termina su fase romana."),
    ev.Battle: _battle,
    ev.BattleDrawn: lambda e, b: "Empate: no ocurre nada.",
    ev.ArmyDestroyed: lambda e, b: (f"{_cap(_piece(e.piece))} gana: el ejército es destruido"
                                    + (f" y entra en {b.name(e.army_province)}." if e.entered else ".")),
    ev.FigureRemoved: _removed,
    ev.LinkRolled: _link,
    ev.UnrestSpreads: lambda e, b: (f"Los disturbios de {b.name(e.province)} se convierten en revuelta "
                                    f"(conectados con {b.name(e.source)})."),
    ev.ActivityRolled: lambda e, b: f"Actividad bárbara: {_r(e.region)}:{e.number}, {b.label(e.province)}.",
    ev.ActivityProtected: lambda e, b: f"Una guarnición protege {b.name(e.province)}: no ocurre nada.",
    ActivityBlocked: lambda e, b: (f"El Vicarius en {b.name(e.province)} bloquea la tirada: "
                                      "no ocurre nada."),
    ev.UnrestPlaced: lambda e, b: f"Disturbios en {b.name(e.province)}.",
    ev.UnrestRevolts: lambda e, b: f"Los disturbios de {b.name(e.province)} se convierten en revuelta.",
    ev.UprisingStarts: lambda e, b: f"¡Levantamiento en {b.name(e.province)}!",
    ev.UprisingSpreads: lambda e, b: f"El levantamiento extiende una revuelta a {b.name(e.province)}.",
    ev.NoArmyLeft: lambda e, b: "No quedan ejércitos en la reserva: el levantamiento no trae ninguno.",
    ev.BorderNotEmpty: lambda e, b: (f"Región {_r(e.region)}: la frontera {b.name(e.border)} no está vacía; "
                                     "nueva actividad en esa región."),
    ev.ArmyPlaced: lambda e, b: (f"Región {_r(e.region)}: "
                                 + ("aparecen los godos" if e.figure == GOTHS
                                    else "aparece un ejército bárbaro")
                                 + f" en {b.name(e.border)}."),
    ev.ArmyBlocked: lambda e, b: (f"El ejército de {b.name(e.province)} está bloqueado por el ejército de "
                                  f"{b.name(e.ahead)}."),
    ev.ArmyStopped: _stopped,
    ev.ArmyAttacks: lambda e, b: (f"El ejército de {b.name(e.province)} ataca a {_piece(e.piece)} en "
                                  f"{b.name(e.dest)}."),
    ev.ArmyAdvances: lambda e, b: (f"El ejército avanza de {b.name(e.origin)} a {b.name(e.dest)} y la "
                                   "devasta."),
    ev.GameEnds: _ends,
}
"""The core's records, and the Vicarius's two (his modules declare only English), in Spanish."""

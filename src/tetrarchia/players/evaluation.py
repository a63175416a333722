"""How good a position is for the Emperors: the threats read as a strong player reads them.

A strong player looks at the board before each action and asks:

- which unrest will turn at the next R7.1 (the dominoes of a revolt chain: certain through a
  normal link, one chance in two through a broken link, R7.4);
- what the two dice of R7.2 can do: each outer province is rolled with probability 1/36; a revolt
  rolled is an uprising that turns every Roman province linked to it and may bring an army;
- how far each army is from Roma along its arrows, and the broken links on its way (each one
  stops it half the time, R7.3-R7.4);
- how far the unrest and revolt reserves are from running dry (R8);
- which borders can be secured soon (R5.3: a region free of revolt, an Emperor near with a
  garrison left), and whether enough garrisons are left to secure all six (R8);
- where each Emperor stands: on a revolt he leaves the board at R7.1; far from any work he wastes
  his IP.

:func:`read_threats` returns these readings as numbers (tested on hand-built positions);
:func:`evaluate` weighs them with :class:`Weights`, the one place where the weights live.
The value is for the Emperors (higher is better); the Barbarian player (R12.6) minimises it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import NamedTuple

from tetrarchia.core.board import Board
from tetrarchia.core.combat import (
    barbarian_support,
    battle_values,
    other_armies_linked,
    other_emperors_linked,
    roman_support,
)
from tetrarchia.core.costs import link_cost
from tetrarchia.core.pieces import (
    ARMY,
    DUX,
    EMPEROR_FIGURE,
    GARRISON,
    GOTHS,
    NO_DISC,
    REBEL,
    REVOLT,
    UNREST,
    Emperor,
)
from tetrarchia.core.state import Result, State
from tetrarchia.players.readings import dux_province, link_bonus, pirates_zone, power_ready, vicarius_province

CONSTANTIUS = int(Emperor.CONSTANTIUS)
GALERIUS = int(Emperor.GALERIUS)
WIN = 10_000.0  # R8: the end of the game dwarfs every other term
FAR = 99  # a distance for "unreachable"
DISC_READINGS_KEPT = 20_000  # arrangements of the discs whose readings are kept (read_threats)
RESERVE_ALARM = 10  # discs left in a reserve below which the reserve term counts (R8)


@dataclass(frozen=True, slots=True)
class Weights:
    """The weight of each reading in :func:`evaluate` (per unit of the reading).

    Set by hand first (signs and sizes), then by the seeded parameter search of
    ``bench/tune.py``: one weight at a time multiplied by 0.5-2, kept when the heuristic won more
    of the same 60 seeded games.  The values below are its run 1 at level 4200 (32 -> 40 wins of
    60); ``army_near`` and ``reserve`` were set again by hand when their shapes changed; run 2
    at 4211 was not kept (it lost games at 4200 and 3322).  docs/ai.md tells the runs.
    """

    border: float = 60.0  # each secured border (R5.3); six win the game (R8)
    securable: float = 16.0  # each unsecured border whose region holds no revolt (R5.3)
    revolt: float = 4.0  # each revolt on the board
    revolt_blocking: float = 9.8  # ... extra when its region's border is still unsecured (R5.3)
    unrest: float = 0.75  # each unrest on the board
    domino: float = 3.0  # each unrest expected to turn at the next R7.1 (probability)
    uprising: float = 18.0  # expected new revolts of the next R7.2 (×1/36 per province rolled)
    new_army: float = 150.0  # expected armies placed by the next R7.2's uprisings
    army: float = 12.0  # each army on the board (R7.3)
    army_near: float = 200.0  # each army one phase from Roma; halved per ``army_halving`` phases
    army_halving: float = 3.0  # Barbarian phases to Roma that halve an army's threat
    attack_ready: float = 20.0  # per army, the best chance of an Emperor linked to it to beat it
    reserve: float = 2.0  # per (10 - discs left)² of the unrest and of the revolt reserve (R8)
    emperor_doomed: float = 14.0  # an Emperor on a province expected in revolt at R7.1
    emperor_off: float = 10.0  # an Emperor off the board (he re-enters at his next turn, R4)
    proximity: float = 1.2  # per IP between each Emperor and his nearest work
    garrison_short: float = 40.0  # per garrison missing to secure the unsecured borders
    garrison_left: float = 1.2  # each garrison disc still in a reserve (support, later borders)
    protection: float = 0.8  # each outer province a garrison protects from R7.2
    ip: float = 1.1  # each IP left in the Roman phase (the heuristic player's lookahead)
    # the optional rules' pieces (R11), counted only when the option is in play
    dux: float = 6.0  # the Dux on the board: a second fighter, x2 to attacks (R11.1)
    pirates: float = 8.0  # the Pirates on the board: a sea zone closed to the fleets (R11.3)

    def with_values(self, **values: float) -> Weights:
        return replace(self, **values)

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as a call with its values (the search's process pool sends the weights to its
        workers): compiled with mypyc, a frozen record cannot be rebuilt by pickle's attribute
        setting (docs/compiled.md)."""
        return (Weights, tuple([getattr(self, f.name) for f in fields(self)]))


WEIGHTS = Weights()


class BoardFacts:
    """What never changes during a game, computed once per board: IP distances between all
    provinces (R5.1: 1 per normal link, 2 per broken link), each province's outer coordinates
    (R7.2) and each army position's road to Roma (R7.3, D9)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        n = board.size
        dist = [[FAR] * n for _ in range(n)]
        for p in range(n):
            dist[p][p] = 0
            for q, broken in board.neighbours[p]:
                dist[p][q] = link_cost(broken, False)
        for k in range(n):
            dk = dist[k]
            for i in range(n):
                di = dist[i]
                dik = di[k]
                if dik >= FAR:
                    continue
                for j in range(n):
                    if dik + dk[j] < di[j]:
                        di[j] = dik + dk[j]
        self.distance: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in dist)
        self.outer: tuple[int, ...] = tuple(sorted(board.at_coords.values()))  # rolled by R7.2
        # the border of each province's region (R5.3), -1 in Italia
        self.region_border: tuple[int, ...] = tuple(board.border_of.get(board.region_of[p], -1)
                                                    for p in range(n))
        self.roman_neighbours: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
            tuple((q, b) for q, b in board.neighbours[p] if not board.is_border[q]) for p in range(n))
        # the same with each link's share of an uprising's spread (R7.2: 1/2 through a broken link)
        self.roman_spread: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            tuple((q, 0.5 if b else 1.0) for q, b in links) for links in self.roman_neighbours)
        path_steps: list[int] = []
        path_broken: list[int] = []
        for p in range(n):
            steps = crossings = 0
            at = p
            while at != board.roma and steps <= n:
                nxt = board.next_step[at]
                if nxt < 0:
                    steps = FAR
                    break
                link = board.link_between.get((at, nxt))
                if link is not None and link.broken:
                    crossings += 1
                steps += 1
                at = nxt
            path_steps.append(steps if steps <= n else FAR)
            path_broken.append(crossings)
        self.path_steps: tuple[int, ...] = tuple(path_steps)  # R7.3: phases to Roma, no broken link
        self.path_broken: tuple[int, ...] = tuple(path_broken)  # R7.4: broken links on the way
        # the readings of each arrangement of the discs met lately (``read_threats``)
        self.by_discs: dict[tuple[tuple[int, ...], int], _DiscReadings] = {}
        # the supports of both sides of a battle (R6) per arrangement of the discs (_kept_odds)
        self.supports: dict[tuple[object, ...], tuple[int, int]] = {}


_FACTS: dict[int, BoardFacts] = {}


def board_facts(board: Board) -> BoardFacts:
    facts = _FACTS.get(id(board))
    if facts is None or facts.board is not board:
        facts = BoardFacts(board)
        _FACTS[id(board)] = facts
    return facts


class ArmyReading(NamedTuple):
    """R7.3: an army's road to Roma.  (A named tuple, not a frozen dataclass: the heuristic
    builds several for every position it judges, and a tuple is built in a fraction of the
    time.)"""

    province: int
    steps: int  # steps along its arrows (D9 beyond them) to Roma
    broken: int  # broken links on that road (R7.4: each stops it with probability 1/2)
    phases: float  # expected Barbarian phases to reach Roma (a broken link: 2 phases on average)
    blocked_by: int  # the Emperor standing on its next step (it attacks him, R7.3), or -1
    rebel: bool  # R13: a rebel army never advances
    held: float = 0.0  # P(that Emperor beats it when it attacks him, R6), the board as it stands
    ready: float = 0.0  # the best P(win) of an Emperor linked to it attacking it now (R5.5, R6)


class Readings(NamedTuple):
    """The threats of a position, as numbers (see the module's docstring); a named tuple for
    the speed of building it, as :class:`ArmyReading`."""

    revolts: tuple[int, ...]  # provinces in revolt
    unrests: tuple[int, ...]  # provinces in unrest
    blocking: int  # revolts in a region whose border is unsecured (R5.3: no Secure there)
    turns_to_revolt: tuple[float, ...]  # per province: P(in revolt after the next R7.1)
    dominoes: float  # expected unrest turning at the next R7.1
    uprising: tuple[float, ...]  # per province: P(an uprising there at the next R7.2's first roll)
    expected_new_revolts: float  # of the next R7.2's first roll
    expected_new_armies: float  # placed by that roll's uprising (R7.2.2)
    armies: tuple[ArmyReading, ...]
    unrest_left: int
    revolts_left: int
    securable: tuple[int, ...]  # unsecured borders whose region is free of revolt (R5.3)
    garrisons_left: int
    garrisons_short: int  # garrisons missing to secure every unsecured border
    protected: int  # outer provinces a garrison or the Vicarius protects from R7.2
    work_distance: tuple[int, ...]  # per Emperor on the board: IP to his nearest work (else 0)


def domino_chances(state: State, facts: BoardFacts) -> list[float]:
    """R7.1 with R7.4: the probability of each province being in revolt after the next spreading.

    A revolt stays (1); an unrest turns when linked to a province in revolt: certainly through a
    normal link, with probability 1/2 through a broken link; chains repeat.  Independence of the
    ways is assumed (exact on chains and trees, a close estimate on loops)."""
    disc = state.disc
    return _dominoes(len(disc), [q for q, d in enumerate(disc) if d == REVOLT],
                     [q for q, d in enumerate(disc) if d == UNREST], facts)


def where(values: list[int], value: int) -> list[int]:
    """The indices holding ``value``, in order (``list.index`` runs in C: a board has few
    armies, and the heuristic reads them for every position it judges)."""
    found: list[int] = []
    at = -1
    for _ in range(values.count(value)):  # counted first: no exception to end the search
        at = values.index(value, at + 1)
        found.append(at)
    return found


def _dominoes(n: int, revolts: list[int], unrest: list[int], facts: BoardFacts) -> list[float]:
    """:func:`domino_chances` from the provinces in revolt and in unrest."""
    p = [0.0] * n
    for q in revolts:
        p[q] = 1.0
    if not unrest:
        return p
    neighbours = facts.board.neighbours
    for _ in range(len(unrest)):
        changed = False
        for q in unrest:
            stays = 1.0
            for r, broken in neighbours[q]:
                pr = p[r]
                if pr > 0.0:
                    stays *= 1.0 - (pr * 0.5 if broken else pr)
            value = 1.0 - stays
            if value > p[q] + 1e-12:
                p[q] = value
                changed = True
        if not changed:
            break
    return p


def defence_odds(state: State, emperor: int, province: int, army: int, bonus: int = 0) -> float:
    """R6: the probability that ``emperor`` in ``province`` beats the army in ``army`` when it
    attacks him, over the 36 rolls: his support and the other Emperors linked to the army double
    his value, the revolts around the army and the other armies linked to him double its own.
    ``bonus`` is added to his die (Galerius's +1, R12.1)."""
    values = battle_values(state, emperor, province, army, 0, 0)  # supports and multipliers
    return _roman_wins(values.roman_die + values.roman_support + bonus, values.roman_multiplier,
                       values.barbarian_die + values.barbarian_support,
                       values.barbarian_multiplier) / 36


def _roman_wins(ours: int, roman_multiplier: int, theirs: int, multiplier: int) -> int:
    """R6: of the 36 rolls, those the Roman side wins (core.combat.battle_odds' first count, in
    closed form for the heuristic's speed): for each Roman die, the army's dice d with
    (d + theirs) x multiplier < value, i.e. d <= ceil(value / multiplier) - 1 - theirs."""
    wins = 0
    for roman in range(1, 7):
        value = (roman + ours) * roman_multiplier
        wins += max(0, min(6, -(-value // multiplier) - 1 - theirs))
    return wins


class _DiscReadings(NamedTuple):
    """The readings that depend on the discs alone (and the Vicarius, R11.2): the same for every
    Move of an Emperor, so read once per arrangement of the discs (``BoardFacts.by_discs``)."""

    revolts: tuple[int, ...]
    unrests: tuple[int, ...]
    turns: tuple[float, ...]
    dominoes: float
    uprising: tuple[float, ...]
    uprising_total: float
    new_revolts: float
    protected: int
    securable: tuple[int, ...]
    unsecured: int
    revolt_targets: tuple[int, ...]  # revolts in Italia or in a region with an open border
    blocking: int
    near: dict[tuple[int, bool], int]  # (province, garrison left): IP to the nearest disc work
    free_borders: tuple[int, ...]  # borders without a disc (R7.2.2: an army may land there)


def _disc_readings(disc: list[int], vicarius: int, facts: BoardFacts) -> _DiscReadings:
    """R7.1, R7.2, R5.3 on the discs: see :func:`read_threats`."""
    board = facts.board
    n = board.size
    revolt_list = where(disc, REVOLT)  # in province order, as a scan would list them
    unrest_list = where(disc, UNREST)
    turns = _dominoes(n, revolt_list, unrest_list, facts)
    revolts = tuple(revolt_list)
    unrests = tuple(unrest_list)
    dominoes = sum(turns[q] for q in unrests)

    # R7.2: the first roll of the activity, 1/36 per outer province.
    uprising = [0.0] * n
    new_revolts = 0.0
    protected = 0
    printed = board.printed
    roman_spread = facts.roman_spread
    for q in facts.outer:
        d = disc[q]
        if d == NO_DISC:  # neither in revolt nor in unrest: nothing to roll (most provinces)
            if printed[q] or q == vicarius:
                protected += 1
            continue
        if d >= GARRISON or q == vicarius:
            protected += 1
            continue
        r = turns[q]
        if r > 0.0:
            uprising[q] = r / 36.0
            spread = 0.0
            for s, share in roman_spread[q]:
                if disc[s] != REVOLT:
                    spread += share * (1.0 - turns[s])
            new_revolts += r * spread / 36.0
        if d == UNREST:
            new_revolts += (1.0 - r) / 36.0  # unrest rolled turns into a revolt

    securable: list[int] = []
    unsecured = 0
    revolt_regions = {board.region_of[q] for q in revolts}
    for b in board.borders:
        if disc[b] >= GARRISON:
            continue
        unsecured += 1
        if board.region_of[b] not in revolt_regions:
            securable.append(b)
    region_border = facts.region_border
    revolt_targets = tuple([q for q in revolts
                            if region_border[q] < 0 or disc[region_border[q]] < GARRISON])
    return _DiscReadings(revolts, unrests, tuple(turns), dominoes, tuple(uprising), sum(uprising),
                         new_revolts, protected, tuple(securable), unsecured, revolt_targets,
                         sum(1 for q in revolt_targets if region_border[q] >= 0), {},
                         tuple([b for b in board.borders if disc[b] == NO_DISC]))


def _kept_odds(state: State, emperor: int, province: int, army: int, discs: tuple[int, ...],
               facts: BoardFacts) -> float:
    """:func:`defence_odds` with the supports of both sides (R6, D6: groups of discs) kept per
    arrangement of the discs on the board's facts; the multipliers (figures around, R6) are
    counted each time.  Only without options' hooks on the battle (the caller checks)."""
    key = (discs, emperor, province, army, state.settings.support_group)
    supports = facts.supports.get(key)
    if supports is None:
        if len(facts.supports) >= DISC_READINGS_KEPT:
            facts.supports.clear()
        supports = facts.supports[key] = (roman_support(state, emperor, province),
                                          barbarian_support(state, army))
    ours_support, theirs = supports
    roman_multiplier = 1 << other_emperors_linked(state, army, emperor)
    multiplier = 1 << other_armies_linked(state, province, army)
    return _roman_wins(ours_support, roman_multiplier, theirs, multiplier) / 36  # no die bonus


def _with_powers(state: State, army: int, nxt: int, blocker: int, held: float,
                 ready: float) -> tuple[float, float]:
    """R12.1 Imperivm (2nd edition): the odds around an army with the Emperors' powers.
    Constantius in its way blocks its advance (a disc burnt): it does not reach him, he holds
    for sure.  Galerius adds +1 to his die after the roll when it turns the battle (a disc
    burnt; one +1 counted): his odds are read with his die + 1, attacking or attacked."""
    if blocker == CONSTANTIUS and power_ready(state, CONSTANTIUS):
        held = 1.0
    figure = state.figure
    galerius = EMPEROR_FIGURE + GALERIUS
    if power_ready(state, GALERIUS):
        for q, _ in state.board.neighbours[army]:
            if figure[q] == galerius:
                odds = defence_odds(state, GALERIUS, q, army, bonus=1)
                ready = max(ready, odds)
                if q == nxt:
                    held = odds
    return held, ready


def read_threats(state: State, facts: BoardFacts | None = None) -> Readings:
    """Every reading of the position; ``state`` is not changed."""
    facts = facts or board_facts(state.board)
    board = facts.board
    disc = state.disc
    figure = state.figure
    vicarius = vicarius_province(state) if state.settings.options else -1  # R11.2
    discs = tuple(disc)
    key = (discs, vicarius)
    by_discs = facts.by_discs
    found = by_discs.get(key)
    if found is None:
        if len(by_discs) >= DISC_READINGS_KEPT:
            by_discs.clear()
        found = by_discs[key] = _disc_readings(disc, vicarius, facts)
    revolts, unrests, turns, dominoes, uprising, uprising_total, new_revolts, protected, \
        securable, unsecured, revolt_targets, blocking, near, free_borders = found
    in_reserve = state.armies_in_reserve()
    new_armies = 0.0
    if in_reserve > 0:
        empty = [figure[b] for b in free_borders].count(0)  # no disc, no figure
        new_armies = uprising_total * empty / 6.0

    hooks = state.hooks
    plain = hooks.supports is None and not hooks.die_bonus  # no option changes a battle (R6)
    armies: list[ArmyReading] = []
    imperivm = hooks.battle_decisions and state.settings.has("imperivm")  # R12.1's powers
    army_provinces = where(figure, ARMY)
    if figure.count(GOTHS) or figure.count(REBEL):  # R11.4, R13: in province order with them
        army_provinces = sorted(army_provinces + where(figure, GOTHS) + where(figure, REBEL))
    for a in army_provinces:
        f = figure[a]
        steps = facts.path_steps[a]
        on_way = facts.path_broken[a]
        nxt = board.next_step[a]
        blocker = -1
        held = 0.0
        if nxt >= 0 and EMPEROR_FIGURE <= figure[nxt] <= DUX:  # an Emperor or the Dux (R11.1)
            blocker = figure[nxt] - EMPEROR_FIGURE  # the piece: 4 is the Dux
            held = (_kept_odds(state, blocker, nxt, a, discs, facts) if plain
                    else defence_odds(state, blocker, nxt, a))
        ready = 0.0
        for q, _ in board.neighbours[a]:
            e = figure[q] - EMPEROR_FIGURE
            if 0 <= e <= 4:  # R6 (the Dux too, R11.1): the same numbers as just above for the
                # Emperor in its way
                ready = max(ready, held if q == nxt else
                            _kept_odds(state, e, q, a, discs, facts) if plain
                            else defence_odds(state, e, q, a))
        if steps >= FAR:
            phases = float(FAR)
        elif on_way and hooks.link_bonus and (bonus := link_bonus(state, a)):
            # R7.4: a broken link is crossed on 4-6 of the Barbarian die; the Goths add 1
            # (R11.4): crossed 4 times in 6, 1.5 phases on average instead of 2
            crossed = min(6, max(1, 3 + bonus)) / 6
            phases = steps + on_way * (1 / crossed - 1)
        else:
            phases = float(steps + on_way)  # each broken link: 2 phases on average (R7.4)
        if imperivm:
            held, ready = _with_powers(state, a, nxt, blocker, held, ready)
        armies.append(ArmyReading(a, steps, on_way, phases, blocker, f == REBEL, held, ready))

    garrisons_left = sum(state.garrisons)
    short = max(0, unsecured - garrisons_left)

    work: list[int] = []
    dist = facts.distance
    targets = securable
    army_places = [a.province for a in armies if not a.rebel]
    for e in range(4):
        at = state.emperor_at[e]
        if at < 0:
            continue
        row = dist[at]
        place = (at, state.garrisons[e] > 0)
        best = near.get(place, -1)
        if best < 0:  # the discs' work (the same for every Emperor there, R5.3, R5.4)
            best = FAR
            if targets and place[1]:
                best = min(best, min([row[b] for b in targets]))
            if revolt_targets:
                best = min(best, min([row[q] for q in revolt_targets]))
            near[place] = best
        if army_places:
            best = min(best, max(0, min([row[a] for a in army_places]) - 1))
        work.append(best if best < FAR else 0)
    return Readings(revolts, unrests, blocking, turns, dominoes, uprising, new_revolts, new_armies,
                    tuple(armies), state.unrest_reserve, state.revolt_reserve, securable,
                    garrisons_left, short, protected, tuple(work))  # in the order of its fields


def terms(state: State, weights: Weights = WEIGHTS, facts: BoardFacts | None = None) -> dict[str, float]:
    """The evaluation split into its weighted terms (named as the weights): what the
    explanations of a move compare.  At the end of the game, one term ``result``."""
    if state.result is not Result.ONGOING:
        return {"result": WIN if state.result.is_victory else -WIN}
    facts = facts or board_facts(state.board)
    r = read_threats(state, facts)
    revolts = len(r.revolts)
    blocking = r.blocking
    unrest = len(r.unrests)
    w = weights
    army_count = 0.0
    army_near = 0.0
    ready = 0.0
    for a in r.armies:
        if a.rebel:
            army_count += 0.5
            continue
        army_count += 1.0
        ready += a.ready
        near = 0.5 ** (max(a.phases - 1.0, 0.0) / w.army_halving)  # nearer, worse
        army_near += near * (1.0 - a.held)  # an Emperor in its way may beat it (R7.3)
    doomed = 0.0
    off = 0
    for e in range(4):
        at = state.emperor_at[e]
        if at < 0:
            off += 1
        else:
            doomed += r.turns_to_revolt[at]
    dux = dux_province(state)
    if dux >= 0:
        doomed += r.turns_to_revolt[dux]
    w = weights
    secured = state.secured_borders()
    found = {
        "border": w.border * secured,
        "securable": w.securable * len(r.securable),
        "revolt": -w.revolt * revolts,
        "revolt_blocking": -w.revolt_blocking * blocking,
        "unrest": -w.unrest * unrest,
        "domino": -w.domino * r.dominoes,
        "uprising": -w.uprising * r.expected_new_revolts,
        "new_army": -w.new_army * r.expected_new_armies,
        "army": -w.army * army_count,
        "army_near": -w.army_near * army_near,
        "attack_ready": w.attack_ready * ready,
        "reserve": -w.reserve * (max(0, RESERVE_ALARM - r.unrest_left) ** 2
                                 + max(0, RESERVE_ALARM - r.revolts_left) ** 2),
        "emperor_doomed": -w.emperor_doomed * doomed,
        "emperor_off": -w.emperor_off * off,
        "proximity": -w.proximity * sum(r.work_distance),
        "garrison_short": -w.garrison_short * r.garrisons_short,
        "garrison_left": w.garrison_left * r.garrisons_left,
        "protection": w.protection * r.protected,
    }
    if state.settings.options:
        found.update(option_terms(state, r, weights, facts))
    return found


def option_terms(state: State, r: Readings, weights: Weights, facts: BoardFacts) -> dict[str, float]:
    """The optional rules' pieces (R11), each term only when its option is in play (the base
    game's evaluation has none of them):

    - ``dux`` (R11.1): the Dux on the board is worth ``Weights.dux`` (a second figure to spend
      IP on, x2 to the attacks beside him; he dies when removed), less ``Weights.proximity`` per
      IP to his nearest work: a revolt he may Subdue where the border is open, or an army (he
      cannot Secure); he blocks and attacks armies in :func:`read_threats` as an Emperor;
    - ``pirates`` (R11.3): the Pirates on the board close a sea zone to the fleets.
    """
    settings = state.settings
    found: dict[str, float] = {}
    if settings.has("dux"):
        at = dux_province(state)
        if at >= 0:
            row = facts.distance[at]
            disc = state.disc
            region_border = facts.region_border
            places = [row[q] for q in r.revolts if region_border[q] < 0 or disc[region_border[q]] < GARRISON]
            places += [max(0, row[a.province] - 1) for a in r.armies if not a.rebel]
            distance = min(places, default=0)
            found["dux"] = weights.dux - weights.proximity * (distance if distance < FAR else 0)
        else:
            found["dux"] = 0.0
    if settings.has("pirates"):
        found["pirates"] = -weights.pirates if pirates_zone(state) > 0 else 0.0
    return found


class TermsMemo:
    """The :func:`terms` of positions already judged, so that a position reached again (by
    another action of the same decision, or at a later decision of the same game: some 60% of
    the positions the heuristic judges at 4211) is read once.  Exact: the key holds every part
    of the state that :func:`terms` reads (the discs, the figures, the Emperors' provinces, the
    garrisons and the reserves, the result and the options' records), and the memo starts
    afresh when the board, the option hooks, the settings or the weights change.  Positions
    whose battle values go through an option's hooks (R11.4, R12.1, R12.7) are not kept: those
    hooks may read any part of the state."""

    __slots__ = ("board", "hooks", "settings", "table", "weights")

    LIMIT = 20_000  # positions kept (about 2 KB each: key and terms); emptied when it is full

    def __init__(self) -> None:
        self.board: object = None
        self.hooks: object = None
        self.settings: object = None
        self.weights: object = None
        self.table: dict[tuple[object, ...], dict[str, float]] = {}

    def _context(self, state: State, weights: Weights) -> None:
        """Start afresh when the board, the option hooks, the settings or the weights change."""
        if state.board is not self.board or state.hooks is not self.hooks \
                or state.settings is not self.settings or weights is not self.weights:
            self.board, self.hooks, self.settings, self.weights = (state.board, state.hooks,
                                                                   state.settings, weights)
            self.table = {}

    def terms(self, state: State, weights: Weights, facts: BoardFacts) -> dict[str, float]:
        """:func:`terms` of ``state`` (a new dict each time: the caller may change it)."""
        hooks = state.hooks
        if hooks.supports is not None or hooks.die_bonus:
            return terms(state, weights, facts)
        if state.board is not self.board or state.hooks is not hooks \
                or state.settings is not self.settings or weights is not self.weights:
            self._context(state, weights)  # checked here first: most calls keep the context
        key = (tuple(state.disc + state.figure + state.emperor_at + state.garrisons),
               state.unrest_reserve, state.revolt_reserve, state.result, tuple(state.ext))
        try:
            found = self.table.get(key)
        except TypeError:  # an option's record that cannot be hashed: not kept
            return terms(state, weights, facts)
        if found is None:
            if len(self.table) >= self.LIMIT:
                self.table = {}
            found = terms(state, weights, facts)
            self.table[key] = found
        return dict(found)


def evaluate(state: State, weights: Weights = WEIGHTS, facts: BoardFacts | None = None) -> float:
    """The value of ``state`` for the Emperors: the sum of :func:`terms`."""
    return sum(terms(state, weights, facts).values())


__all__ = ["WEIGHTS", "WIN", "ArmyReading", "BoardFacts", "Readings", "TermsMemo", "Weights", "board_facts",
           "domino_chances", "evaluate", "read_threats", "terms"]

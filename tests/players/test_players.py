"""The automatic players (issue 10): threat readings worked out by hand, the players' contract
(a legal action, the budget, the seed, the state untouched, whole games with every option), and
hints where the best action is clear."""

from __future__ import annotations

import pickle
import random
import time

import pytest

from conftest import position, prov
from tetrarchia.cli.advice import AiSeats, advice_lines, advise
from tetrarchia.core.actions import Attack, Roll, Secure
from tetrarchia.core.board import default_board
from tetrarchia.core.dice import SeededDice
from tetrarchia.core.engine import apply_trusted, legal_actions, new_game
from tetrarchia.core.errors import OptionError
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.rulebook import REGISTRY
from tetrarchia.core.settings import Level, Settings
from tetrarchia.core.state import Awaiting, State
from tetrarchia.options.scenarios import SCENARIOS, scenario_level
from tetrarchia.players import Budget, make_player
from tetrarchia.players.evaluation import WEIGHTS, WIN, board_facts, evaluate, read_threats
from tetrarchia.players.heuristic import rank
from tetrarchia.players.search import (
    RISK_DECAY,
    RISK_NEAR,
    Plan,
    PlanPlayer,
    SearchPlayer,
    army_risk,
    army_roads,
    board_of,
    candidate_plans,
    defensive_plans,
    enumerate_plans,
    first_action_plans,
    play_on,
    state_key,
    valued_plans,
)
from tetrarchia.players.value import learned_value
from tetrarchia.render.explain import explain

QUICK = Budget(simulations=2)
BORDERS = {"gaetvlia": "garrison Diocletian", "germania_magna": "garrison Galerius",
           "sarmatia": "garrison Galerius", "persia": "garrison Diocletian",
           "libya": "garrison Constantius"}


# --- threat readings (R7.1-R7.4), numbers worked out by hand ----------------------------------

def test_a_revolt_chain_turns_its_unrest_through_normal_links() -> None:
    # R7.1: Germania Inferior II:2 in revolt; Germania Svperior II:3 (linked to it) and
    # Lvgdvnensis II:4 (linked to II:3 only) in unrest: the whole chain turns, 2 dominoes.
    state = position(discs={"II:2": "revolt", "II:3": "unrest", "II:4": "unrest"})
    r = read_threats(state)
    assert r.turns_to_revolt[prov("II:3")] == 1.0
    assert r.turns_to_revolt[prov("II:4")] == 1.0
    assert r.dominoes == 2.0


def test_a_broken_link_turns_unrest_one_time_in_two() -> None:
    # R7.4: Tingitana I:1 is linked to Baetica I:2 (in revolt) only by a broken link: it turns
    # with probability 1/2; Lvsitania I:3, linked by a normal link, turns for sure: 1.5 dominoes.
    board = default_board()
    assert board.link_between[(prov("I:1"), prov("I:2"))].broken
    assert not board.link_between[(prov("I:3"), prov("I:2"))].broken
    state = position(discs={"I:2": "revolt", "I:1": "unrest", "I:3": "unrest"})
    r = read_threats(state)
    assert r.turns_to_revolt[prov("I:1")] == 0.5
    assert r.turns_to_revolt[prov("I:3")] == 1.0
    assert r.dominoes == 1.5


def test_each_revolt_has_one_chance_in_36_of_an_uprising() -> None:
    # R7.2: Noricvm III:3 alone in revolt.  The two dice roll it with probability 1/36; its
    # uprising turns its two Roman neighbours (Pannonia Svperior III:2 and Pannonia Inferior
    # III:4, whose printed capital is replaced too): 2/36 new revolts expected.  With three
    # armies in the reserve and the six borders empty, the army roll of the uprising always
    # places one (R7.2.2): 1/36 expected new armies.
    state = position(discs={"III:3": "revolt"})
    r = read_threats(state)
    assert r.uprising[prov("III:3")] == pytest.approx(1 / 36)
    assert sum(r.uprising) == pytest.approx(1 / 36)
    assert r.expected_new_revolts == pytest.approx(2 / 36)
    assert r.expected_new_armies == pytest.approx(1 / 36)


def test_a_garrison_protects_from_the_dice_and_a_secured_border_keeps_armies_out() -> None:
    # R7.2: a garrison on Noricvm... is no revolt: nothing is rolled there.  Securing three
    # borders halves the chance that an uprising's army roll finds an empty border.
    state = position(discs={"III:3": "revolt", "gaetvlia": "garrison Diocletian",
                            "persia": "garrison Diocletian", "libya": "garrison Constantius"})
    r = read_threats(state)
    assert r.expected_new_armies == pytest.approx(1 / 36 * 3 / 6)


def test_an_army_reads_its_steps_and_broken_links_to_roma() -> None:
    # R7.3: Dacia IV:1 -> IV:2 -> IV:3 -> IV:4 -> IV:6 => Lvcania -> Roma: 6 steps, 1 broken
    # link (1/2 to pass each phase: 2 phases on average), 7 phases expected.
    # Britannia => II:1 -> II:2 -> II:3 -> II:4 -> II:5 -> II:6 => Cisalpina -> Etrvria -> Roma:
    # 9 steps, 2 broken links, 11 phases.
    state = position(armies=["IV:1", "britannia"])
    armies = {a.province: a for a in read_threats(state).armies}
    dacia, britannia = armies[prov("IV:1")], armies[prov("britannia")]
    assert (dacia.steps, dacia.broken, dacia.phases) == (6, 1, 7.0)
    assert (britannia.steps, britannia.broken, britannia.phases) == (9, 2, 11.0)


def test_the_odds_of_the_emperors_around_an_army() -> None:
    # R6: the army in Etrvria, Maximian linked to it in Cisalpina with his printed capital and
    # his garrison in Narbonensis (linked to Cisalpina): support 2, no multiplier; the army has
    # no revolt around it.  Maximian wins when die + 2 > the army's die: 2+3+4+5+6+6 = 26 of 36.
    state = position(armies=["etrvria"], emperors={"Maximian": "cisalpina"},
                     discs={"II:6": "garrison Maximian"})
    (army,) = read_threats(state).armies
    assert army.ready == pytest.approx(26 / 36)
    assert (army.held, army.blocked_by) == (0.0, -1)
    # Diocletian in Roma, the army's next step: it attacks him there (R7.3).  Roma's printed disc
    # is his support 1, and Maximian linked to the army doubles him: (die + 1) x 2 beats the
    # army's die 3+5+6+6+6+6 = 32 times of 36.  Maximian attacking is doubled by Diocletian now:
    # (die + 2) x 2 beats every die of the army but a 6 against his 1 ((1 + 2) x 2 = 6 ties):
    # 35 of 36.
    state = position(armies=["etrvria"], emperors={"Maximian": "cisalpina", "Diocletian": "roma"},
                     discs={"II:6": "garrison Maximian"})
    (army,) = read_threats(state).armies
    assert army.blocked_by == Emperor.DIOCLETIAN
    assert army.held == pytest.approx(32 / 36)
    assert army.ready == pytest.approx(35 / 36)


def test_garrisons_short_of_the_borders() -> None:
    # R5.3, R8: six unsecured borders; at level 3xxx (12 garrisons) 7 are on Roman provinces,
    # so 5 are left for the six borders: one short.
    state = position(level="3322", discs={
        "I:1": "garrison Diocletian", "I:2": "garrison Galerius", "I:3": "garrison Galerius",
        "I:4": "garrison Constantius", "VI:1": "garrison Constantius", "VI:2": "garrison Maximian",
        "VI:3": "garrison Maximian"})
    r = read_threats(state)
    assert (r.garrisons_left, r.garrisons_short) == (5, 1)


def test_the_evaluation_prefers_less_threat() -> None:
    calm = position(discs={"III:3": "unrest"})
    angry = position(discs={"III:3": "revolt", "III:2": "unrest"})
    assert evaluate(calm) > evaluate(angry)
    assert evaluate(position(discs=BORDERS)) > evaluate(position())


# --- the players' contract ------------------------------------------------------------------

def _midgame(seed: int, level: str = "4211", settings: Settings | None = None) -> State:
    state = new_game(settings or Settings(level=Level.parse(level)))
    dice = SeededDice(seed)
    rng = random.Random(seed)
    while state.awaiting is not Awaiting.ROMAN_ACTION or state.turns_played < 2:
        if state.is_over:
            break
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
        else:
            options = legal_actions(state)
            apply_trusted(state, options[rng.randrange(len(options))])
    return state


@pytest.mark.parametrize("name", ["heuristic", "search", "barbarian-heuristic", "barbarian-search",
                                  "barbarian-random"])
def test_players_return_a_legal_action_and_leave_the_state_alone(name: str) -> None:
    state = _midgame(3)
    before = state.copy()
    legal = legal_actions(state)
    action = make_player(name, 1).decide(state, legal, random.Random(1), QUICK)
    assert action in legal
    assert state == before


def test_the_search_reproduces_with_the_same_seed_and_budget() -> None:
    state = _midgame(4)
    legal = legal_actions(state)
    first = SearchPlayer(1).think(state, legal, random.Random(9), Budget(simulations=3))
    again = SearchPlayer(1).think(state, legal, random.Random(9), Budget(simulations=3))
    assert [p.actions for p in first.plans] == [p.actions for p in again.plans]
    assert [p.samples for p in first.plans] == [p.samples for p in again.plans]


def test_the_search_honours_a_time_budget() -> None:
    state = _midgame(5)
    player = SearchPlayer(1)
    start = time.perf_counter()
    player.decide(state, legal_actions(state), random.Random(1), Budget(seconds=0.05, simulations=10_000))
    assert time.perf_counter() - start < 3.0  # one round of samples at most after the limit
    assert player.last is not None and player.last.simulations < 10_000


def _whole_game(name: str, settings: Settings, seed: int) -> State:
    state = new_game(settings)
    dice = SeededDice(seed)
    player = make_player(name, seed)
    rng = random.Random(seed)
    while not state.is_over and state.turns_played < 400:
        if state.awaiting is Awaiting.ROLL:
            apply_trusted(state, Roll(dice.roll(state.roll_count)))
        else:
            legal = legal_actions(state)
            action = player.decide(state, legal, rng, QUICK)
            assert action in legal
            apply_trusted(state, action)
    return state


def test_a_heuristic_game_replays_the_same_with_its_seed() -> None:
    settings = Settings(level=Level.parse("4211"))
    assert _whole_game("heuristic", settings, 7) == _whole_game("heuristic", settings, 7)


OPTION_SETS = [("dux", "vicarius", "pirates"), ("goths", "imperivm"), ("barbaria",),
               ("mare-nostrvm", "via-romana", "vsvrpator", "roma-aeterna")]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o))
def test_the_heuristic_finishes_games_with_options(options: tuple[str, ...]) -> None:
    settings = Settings(level=Level.parse("4211"), options=options)
    assert _whole_game("heuristic", settings, 11).is_over


@pytest.mark.slow
@pytest.mark.parametrize("name", ["search", "barbarian-search", "barbarian-heuristic"])
@pytest.mark.parametrize("option", sorted(REGISTRY), ids=str)
def test_every_player_finishes_games_with_every_option(name: str, option: str) -> None:
    scenario = next((s for s in SCENARIOS if s.key == option), None)
    level = scenario_level(option) if scenario is not None else Level.parse("4211")
    try:
        settings = Settings(level=level, options=(option,))
    except OptionError:
        pytest.skip(f"{option} needs other options")
    assert _whole_game(name, settings, 13).is_over


# --- hints ----------------------------------------------------------------------------------

def test_the_hint_attacks_an_army_one_step_from_roma() -> None:
    # An army in Etrvria enters Roma at the next R7.3 (R8); Maximian in Cisalpina, his capital,
    # with his last IP attacks it with support from his garrisons (R5.5, R6): Roman die + 2
    # (Cisalpina and Narbonensis) against the Barbarian die.
    state = position(armies=["etrvria"], emperors={"Maximian": "cisalpina"}, ip=1,
                     discs={"II:6": "garrison Maximian"})
    before = state.copy()
    advice = advise(state, count=3, games=8).advice
    assert isinstance(advice[0].action, Attack) and advice[0].action.target == prov("etrvria")
    assert state == before  # a hint never changes the game
    assert isinstance(rank(state, legal_actions(state))[0].action, Attack)
    # R6: Roman die + 2 against the Barbarian die (the army attacked: no doubling): 26 of 36
    said = str(advice[0].reasons[0].said(state.board))
    assert said.startswith("attacks the army in Etrvria: destroys it with probability"), said


def test_the_hint_secures_the_last_border_and_wins() -> None:
    # R5.3, R8: five borders secured, Maximian on Britannia with region II free of revolt.
    state = position(discs=BORDERS, emperors={"Maximian": "britannia"})
    hint = advise(state, count=2, games=4)
    advice = hint.advice
    assert advice[0].action == Secure(Emperor.MAXIMIAN, prov("britannia"))
    assert advice[0].chance == 1.0 and advice[0].estimate.games == 4
    assert [str(r.said(state.board)) for r in advice[0].reasons] == \
        ["wins the game (R8)", "secures the border of Britannia (R5.3)"]
    lines = " ".join(advice_lines(state, hint))
    # ending the phase instead is nearly as sure (five borders, R7.2): both would read 100%, said once
    assert "Every action listed leads to about the same chance: 100% (95% interval 100-100%)." in lines
    assert "1. Maximian secures Britannia; wins the game (R8); secures the border of Britannia" in lines
    assert explain(state, advice[0].action) == \
        "Maximian secures Britannia: wins the game (R8); secures the border of Britannia (R5.3)."


def test_ai_seats_by_name() -> None:
    seats = AiSeats("galerius, m, barbarian", "heuristic")
    assert sorted(seats.seats) == [1, 3, 4]
    with pytest.raises(OptionError, match="'nero' is no seat"):
        AiSeats("nero")


def test_the_weights_live_in_one_place() -> None:
    assert WEIGHTS.as_dict()["border"] == WEIGHTS.border


def test_the_weights_pickle_for_the_search_workers() -> None:
    """The search's process pool sends the weights to its workers: the compiled build (mypyc)
    rebuilds a frozen record through its constructor, not by setting its attributes."""
    weights = WEIGHTS.with_values(revolt=2 * WEIGHTS.revolt)
    assert pickle.loads(pickle.dumps(weights)) == weights
    assert pickle.loads(pickle.dumps(WEIGHTS)) == WEIGHTS


def test_the_search_on_both_cores_gives_the_same_answer() -> None:
    state = _midgame(6)
    legal = legal_actions(state)
    alone = SearchPlayer(1).think(state, legal, random.Random(2), Budget(simulations=3))
    pooled = SearchPlayer(1, workers=2)
    try:
        both = pooled.think(state, legal, random.Random(2), Budget(simulations=3))
    finally:
        pooled.close()
    assert [p.actions for p in both.plans] == [p.actions for p in alone.plans]
    assert [p.samples for p in both.plans] == [p.samples for p in alone.plans]


def test_the_search_refines_its_best_plans_with_the_same_further_dice() -> None:
    # more dice where it matters: after the first round the two best plans get ``refine``
    # further samples each (the same seeds: paired) and are ranked first, among themselves
    state = _midgame(4)
    legal = legal_actions(state)
    before = state.copy()
    thought = SearchPlayer(1, refine=4).think(state, legal, random.Random(9), Budget(simulations=3))
    assert state == before
    judged = [p for p in thought.plans if p.samples]
    assert len(judged) > 2
    top, others = judged[:2], judged[2:]
    assert [len(p.samples) for p in top] == [7, 7]
    assert all(len(p.samples) == 3 for p in others)
    assert top[0].mean >= top[1].mean
    again = SearchPlayer(1, refine=4).think(state, legal, random.Random(9), Budget(simulations=3))
    assert [p.samples for p in again.plans] == [p.samples for p in thought.plans]
    plain = SearchPlayer(1).think(state, legal, random.Random(9), Budget(simulations=3))
    first = {tuple(p.actions): p.samples[:3] for p in plain.plans if p.samples}
    assert all(first[tuple(p.actions)] == p.samples[:3] for p in judged)  # the same first round


def test_the_search_measures_its_budget_with_its_clock() -> None:
    # a clock that runs 1 s per reading: past a budget of 1.5 s after the first round of
    # samples, no further round (nor any refining) is begun, whatever the wall clock says
    ticks = iter(range(1_000_000))
    player = SearchPlayer(1, clock=lambda: float(next(ticks)), refine=8)
    state = _midgame(5)
    player.decide(state, legal_actions(state), random.Random(1), Budget(seconds=1.5, simulations=50))
    assert player.last is not None and player.last.simulations == 1
    assert all(len(p.samples) <= 1 for p in player.last.plans)
    with pytest.raises(ValueError, match="-1"):
        SearchPlayer(1, refine=-1)


# --- the search's risk of an army in Roma beyond its samples (R7.3, R8) ----------------------

def test_an_army_near_roma_counts_as_its_share_of_a_lost_game() -> None:
    facts = board_facts(default_board())
    # Etrvria -> Roma: 1 step, 1 phase expected: the excess risk measured, 0.78 of a lost game
    assert army_risk(position(armies=["etrvria"]), facts) == pytest.approx(RISK_NEAR)
    # Diocletian in Roma beats it 32 times in 36 with Maximian linked (the odds worked out in
    # test_the_odds_of_the_emperors_around_an_army): what is left is its 4 chances in 36
    held = position(armies=["etrvria"], emperors={"Maximian": "cisalpina", "Diocletian": "roma"},
                    discs={"II:6": "garrison Maximian"})
    assert army_risk(held, facts) == pytest.approx(RISK_NEAR * 4 / 36)
    # IV:6 => Lvcania -> Roma: 2 steps, a broken link (2 phases on average, R7.4): 3 phases
    assert army_risk(position(armies=["IV:6"]), facts) == pytest.approx(RISK_NEAR * RISK_DECAY ** 2)
    # Dacia is 6 steps away: no more risk than any army (RISK_STEPS)
    assert army_risk(position(armies=["IV:1"]), facts) == 0.0
    # two armies near Roma: at most one lost game
    assert army_risk(position(armies=["etrvria", "IV:6"]), facts) == 1.0
    assert army_risk(position(), facts) == 0.0


def test_the_search_with_the_army_risk_meets_the_army_instead_of_securing_far_away() -> None:
    # R7.3: an army in Africa marches on Roma (Africa => Sicilia => Lvcania -> Roma: 3 steps, 2
    # broken links, R7.4).  Diocletian in Cisalpina can reach Germania Magna and secure it
    # (R5.3), or walk to Roma, on the army's road.  The two turns sampled end in no lost game
    # either way; what their ends leave (the army nearer Roma, nobody in its way, or Diocletian
    # there) is what the risk term weighs: with it he goes to Roma.  (The risk was built for the
    # evaluation's values at a sample's end: measured with it, so judged with it, learned=0; and
    # the beam of 10 of that time: a wider one finds a better walk than the far Secure.)
    state = position(
        armies=["africa"], turn="Diocletian", level="4200",
        emperors={"Diocletian": "cisalpina", "Galerius": "tingitana", "Constantius": "mavretania",
                  "Maximian": "dacia"},
        discs={"germania_superior": "unrest", "carthaginensis": "revolt", "tripolitania": "unrest",
               "epirvs": "revolt", "moesia_inferior": "unrest", "cappadocia": "unrest",
               "etrvria": "revolt", "gaetvlia": "garrison Diocletian", "persia": "garrison Diocletian"})
    before = state.copy()
    legal = legal_actions(state)
    budget = Budget(simulations=8)
    def thought(risk: float) -> Plan:
        player = SearchPlayer(1, beam=10, risk=risk, learned=0.0)
        return player.think(state, legal, random.Random(1), budget).plans[0]

    blind, wary = thought(0.0), thought(0.5)
    assert Secure(Emperor.DIOCLETIAN, prov("germania_magna")) in blind.actions
    assert wary.end.emperor_at[Emperor.DIOCLETIAN] == prov("roma")
    assert state == before
    again = thought(0.5)
    assert again.actions == wary.actions and again.samples == wary.samples


def test_the_search_refuses_a_risk_weight_outside_0_to_1() -> None:
    with pytest.raises(ValueError, match=r"must be 0 to 1, not 1\.5"):
        SearchPlayer(1, risk=1.5)


def test_the_search_judges_the_plan_that_walks_to_each_army_near_roma() -> None:
    # R7.3: the army in Africa walks Africa => Sicilia => Lvcania -> Roma; the one in Dacia is
    # 6 steps away (RISK_STEPS: no road).  Whatever the beam's ranking, the plan that ends with
    # Maximian nearest that road is among the plans judged by the samples.
    state = position(armies=["africa", "IV:1"], emperors={"Maximian": "britannia"},
                     discs={"II:1": "revolt", "II:2": "unrest"})
    facts = board_facts(state.board)
    assert army_roads(state, facts) == [(prov("sicilia"), prov("lvcania"), prov("roma"))]
    plans = enumerate_plans(state, WEIGHTS, facts, beam=10)
    (guard,) = defensive_plans(plans, state, facts)
    road = army_roads(state, facts)[0]
    nearest = min(min(facts.distance[p.end.emperor_at[Emperor.MAXIMIAN]][q] for q in road)
                  for p in plans)
    assert min(facts.distance[guard.end.emperor_at[Emperor.MAXIMIAN]][q] for q in road) == nearest
    thought = SearchPlayer(1, beam=10, defend=1).think(state, legal_actions(state), random.Random(1),
                                                       Budget(simulations=2))
    assert any(p.actions == guard.actions and p.samples for p in thought.plans)
    # without it (the default: measured, no gain shown), the six best plans by the heuristic leave
    # that one out here
    alone = SearchPlayer(1).think(state, legal_actions(state), random.Random(1), Budget(simulations=2))
    assert not any(p.actions == guard.actions and p.samples for p in alone.plans)
    assert len([p for p in thought.plans if p.samples]) == len([p for p in alone.plans if p.samples]) + 1


def test_the_search_widens_its_plans_by_the_learned_chance_at_their_end() -> None:
    # widen=N: N more plans judged, the best ends of the phase by the learned chance of winning
    # (it reads the Emperors' distance to the armies' roads, R7.3), one per board and none the
    # candidates already judge; the same answer for the same seed and samples
    state = position(armies=["africa", "IV:1"], emperors={"Maximian": "britannia"},
                     discs={"II:1": "revolt", "II:2": "unrest"})
    facts = board_facts(state.board)
    plans = enumerate_plans(state, WEIGHTS, facts, beam=10)
    best = valued_plans(plans, facts, 3)
    assert len(best) == 3 and len({board_of(p) for p in best}) == 3
    values = [learned_value(p.end, facts) for p in best]
    assert values == sorted(values, reverse=True)
    assert values[0] == max(learned_value(p.end, facts) for p in plans)
    assert valued_plans(plans, facts, 3, {board_of(best[0])})[:2] == best[1:]
    assert valued_plans(plans, facts, 0) == []
    budget = Budget(simulations=2)
    alone = SearchPlayer(1).think(state, legal_actions(state), random.Random(1), budget)
    wide = SearchPlayer(1, widen=2).think(state, legal_actions(state), random.Random(1), budget)
    judged = [p for p in wide.plans if p.samples]
    assert len(judged) == len([p for p in alone.plans if p.samples]) + 2
    assert len({board_of(p) for p in judged}) == len(judged)
    again = SearchPlayer(1, widen=2).think(state, legal_actions(state), random.Random(1), budget)
    assert [(p.actions, p.samples) for p in again.plans] == [(p.actions, p.samples) for p in wide.plans]
    with pytest.raises(ValueError, match=r"must be 0 or more, not -1"):
        SearchPlayer(1, widen=-1)


def test_the_search_can_judge_the_best_plan_of_each_first_action_first() -> None:
    # diverse=B: past its first step the phase's beam keeps the best positions whatever their
    # first action (the other first steps end with EndPhase); a beam of B continues each of the
    # beam's first steps, and the candidates are the best plan of each first action, then the
    # rest in the heuristic's order, one per board
    state = _midgame(6)
    facts = board_facts(state.board)
    plans = enumerate_plans(state, WEIGHTS, facts, beam=10)
    assert len({p.actions[0] for p in candidate_plans(plans, 6)[0]}) <= 2
    more = first_action_plans(state, WEIGHTS, facts, count=10, beam=2)
    assert len({p.actions[0] for p in more}) == 10
    for plan in more:  # each a legal line of the phase, its end where its actions lead
        end = state.copy()
        for action in plan.actions:
            assert action in legal_actions(end)
            apply_trusted(end, action)
        assert state_key(end) == state_key(plan.end)
    every = sorted(plans + more, key=lambda p: -p.static)
    firsts = list(dict.fromkeys(p.actions[0] for p in every))
    varied, boards = candidate_plans(every, 6, diverse=1)
    assert [p.actions[0] for p in varied] == firsts[:6]
    taken: set[object] = set()
    for plan in varied:  # each the first plan of its first action on a board not yet judged
        assert plan is next(p for p in every if p.actions[0] == plan.actions[0] and board_of(p) not in taken)
        taken.add(board_of(plan))
    assert boards == {board_of(p) for p in varied} and len(boards) == 6
    plain, plain_boards = candidate_plans(every, 6)
    assert plain == [p for p in every if board_of(p) in plain_boards][:6]
    assert len({p.actions[0] for p in plain}) < 6  # the heuristic's six begin alike
    filled, _ = candidate_plans(every, len(firsts) + 2, diverse=1)  # then the rest, in order
    assert filled[:6] == varied and len({board_of(p) for p in filled}) == len(filled) == len(firsts) + 2
    distinct = len({p.actions[0] for p in filled})
    assert len({p.actions[0] for p in filled[:distinct]}) == distinct
    rest = filled[distinct:]
    assert rest == sorted(rest, key=lambda p: -p.static)
    extra, _ = candidate_plans(every, 6, diverse=1, firsts=3)  # the candidates kept, then more
    assert extra[:6] == plain and len(extra) == 9 and len({board_of(p) for p in extra}) == 9
    for plan in extra[6:]:
        assert plan.actions[0] not in {p.actions[0] for p in plain}
    assert len({p.actions[0] for p in extra[6:]}) == 3
    budget = Budget(simulations=2)
    thought = SearchPlayer(1, diverse=2).think(state, legal_actions(state), random.Random(1), budget)
    judged = [p for p in thought.plans if p.samples]
    assert len({p.actions[0] for p in judged}) >= 6
    again = SearchPlayer(1, diverse=2).think(state, legal_actions(state), random.Random(1), budget)
    assert [(p.actions, p.samples) for p in again.plans] == [(p.actions, p.samples) for p in thought.plans]
    with pytest.raises(ValueError, match=r"must be 0 or more, not -1"):
        SearchPlayer(1, firsts=-1)


def test_the_search_values_a_sample_by_the_learned_chance_of_winning() -> None:
    # learned=1 (the default): each sample's value is WIN x (2 x the chance - 1) at the position
    # its dice reached, so every sample lies in [-WIN, WIN] and their mean reads as a chance
    state = _midgame(5)
    thought = SearchPlayer(1).think(state, legal_actions(state), random.Random(1), Budget(simulations=4))
    judged = [p for p in thought.plans if p.samples]
    assert judged and all(-WIN <= s <= WIN for p in judged for s in p.samples)
    assert SearchPlayer(1).learned == 1.0
    with pytest.raises(ValueError, match=r"learned value must be 0 to 1, not 2"):
        SearchPlayer(1, learned=2)
    # odds=1: the same samples valued by the log-odds (value.odds_value), still within [-WIN, WIN],
    # the same answer for the same seed
    four = Budget(simulations=4)
    by_odds = SearchPlayer(1, odds=1).think(state, legal_actions(state), random.Random(1), four)
    again = SearchPlayer(1, odds=1).think(state, legal_actions(state), random.Random(1), four)
    assert [p.samples for p in by_odds.plans] == [p.samples for p in again.plans]
    odds = [p for p in by_odds.plans if p.samples]
    assert odds and all(-WIN <= s <= WIN for p in odds for s in p.samples)
    assert [p.samples for p in odds] != [p.samples for p in judged]


def test_the_search_can_play_its_samples_roman_phases_by_plans() -> None:
    # playout=B: in a sample, each Roman phase (R4, R5) is played by the best plan of a beam of
    # width B (enumerate_plans), not by the heuristic one action at a time; the dice are the
    # sample's, drawn only once the plan waits for them
    facts = board_facts(default_board())
    for seed in range(4, 12):
        state = _midgame(seed)
        if state.is_over:
            continue
        best = enumerate_plans(state, WEIGHTS, facts, 3)[0]
        after = state.copy()
        for action in best.actions:
            apply_trusted(after, action)
        played = play_on(state, 77, 1, WEIGHTS, 3, facts)
        assert played == play_on(after, 77, 1, WEIGHTS, 3, facts)  # the plan, then the same dice
        assert played == play_on(state, 77, 1, WEIGHTS, 3)  # the same sample again
    state = _midgame(5)
    budget = Budget(simulations=3)
    planned = SearchPlayer(1, playout=3).think(state, legal_actions(state), random.Random(1), budget)
    again = SearchPlayer(1, playout=3).think(state, legal_actions(state), random.Random(1), budget)
    assert [(p.actions, p.samples) for p in again.plans] == [(p.actions, p.samples) for p in planned.plans]
    alone = SearchPlayer(1).think(state, legal_actions(state), random.Random(1), budget)
    assert [p.samples for p in planned.plans if p.samples] != [p.samples for p in alone.plans if p.samples]
    with pytest.raises(ValueError, match=r"must be 0 or more, not -1"):
        SearchPlayer(1, playout=-1)


def test_the_plan_player_plays_the_beam_s_best_plan_without_dice() -> None:
    # PlanPlayer: step 1 alone, the best plan by the heuristic's value at its end, followed while
    # the phase goes as planned; no sample drawn
    state = _midgame(6)
    facts = board_facts(state.board)
    best = enumerate_plans(state, WEIGHTS, facts, 2)[0]
    player = PlanPlayer(1, beam=2)
    for expected in best.actions:
        action = player.decide(state, legal_actions(state), random.Random(1), Budget(simulations=3))
        assert action == expected
        apply_trusted(state, action)
    assert player.last is not None and player.last.simulations == 0
    assert all(not p.samples for p in player.last.plans)


def test_the_search_can_think_anew_before_every_action() -> None:
    # replan=1: a new thought at each action of the phase, where the default follows its plan
    # while the phase goes as planned (R5: no die between the actions of a plan); here the plan
    # has five actions (the beam of 10 this position was written for), none waiting for dice
    # before the last
    budget = Budget(simulations=2)
    for replan in (0, 1):
        state = _midgame(6)
        player = SearchPlayer(1, beam=10, replan=replan)
        first = player.decide(state, legal_actions(state), random.Random(1), budget)
        thought = player.last
        assert thought is not None and len(thought.plans[0].actions) == 5
        apply_trusted(state, first)
        second = player.decide(state, legal_actions(state), random.Random(1), budget)
        assert (player.last is thought) == (not replan)
        if not replan:
            assert second == thought.plans[0].actions[1]

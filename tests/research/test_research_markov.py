"""The observation is Markov (issue 29 item 1): in random games of every option set, no tensor
of a seat came with two different sets of legal action numbers.  Before issue 29, 141 of the
4,134 (seat, tensor) pairs of 60 random Barbaria games did (docs/research.md): the Barbarian
player's pending decision was not in the tensor, and the optional rules' actions were numbered
per state."""

from __future__ import annotations

import pytest

from research_helpers import every_option, markov_conflicts
from tetrarchia.core.settings import Level, Settings

pytestmark = pytest.mark.timeout(120)

# every option alone (at a level it accepts), and the rules with decisions and powers together
OPTION_SETS = [*every_option(),
               Settings(level=Level.parse("4211"), players=4,
                        options=("barbaria", "dux", "vicarius", "imperivm", "patres-patriae",
                                 "via-romana")),
               Settings(level=Level.parse("4211"), players=4,
                        options=("barbaria", "imperivm-1st", "pirates", "goths"))]


@pytest.mark.parametrize("settings", OPTION_SETS, ids=lambda s: "+".join(s.options))
def test_no_tensor_comes_with_two_different_legal_action_sets(settings: Settings) -> None:
    games = 40 if settings.has("barbaria") else 10
    conflicts, seen = markov_conflicts(settings, range(1, games + 1))
    assert seen > 100 * games // 10
    assert conflicts == 0, f"{conflicts} of {seen} tensors had two different legal action sets"

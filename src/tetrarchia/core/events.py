"""What happened, in plain words, for the terminal and the logs.

The rules append events only when the caller passes a list, so random playouts and AI search pay
nothing for the narration.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # a short tag: "roll", "unrest", "revolt", "uprising", "army", "battle", ...
    text: str


Events = list[Event] | None


class Purpose(IntEnum):
    """Why the game waits for dice (R1: Roman die = region / Roman combat; Barbarian die =
    province / Barbarian combat / broken links)."""

    INITIAL_REVOLT = 0  # R3.2: Barbarian die, a 1 is rerolled
    ADDITIONAL_REVOLT = 1  # R3.4: both dice
    INITIAL_ARMY = 2  # R3.5: Roman die
    ACTIVITY = 3  # R7.2: both dice
    UPRISING_REGION = 4  # R7.2 uprising step 2: Roman die
    UPRISING_PROVINCE = 5  # R7.2 uprising step 2: Barbarian die
    BROKEN_LINK = 6  # R7.4: Barbarian die
    BATTLE = 7  # R6: Roman die, then Barbarian die
    PIRATES = 8  # R11.3: Barbarian die until 2 or 3
    USURPER = 9  # R12.4: Barbarian die (province of the region)


PURPOSE_TEXT = {
    Purpose.INITIAL_REVOLT: "the Barbarian die for an initial revolt (a 1 is rerolled)",
    Purpose.ADDITIONAL_REVOLT: "both dice (region:province) for an additional revolt",
    Purpose.INITIAL_ARMY: "the Roman die (region) for an initial army",
    Purpose.ACTIVITY: "both dice (region:province) for the Barbarian activity",
    Purpose.UPRISING_REGION: "the Roman die (region) for the uprising's army",
    Purpose.UPRISING_PROVINCE: "the Barbarian die (province) for a new Barbarian activity",
    Purpose.BROKEN_LINK: "the Barbarian die for a broken link (4-6: linked)",
    Purpose.BATTLE: "the Roman die and the Barbarian die for a battle",
    Purpose.PIRATES: "the Barbarian die for the Pirates' sea zone (until 2 or 3)",
    Purpose.USURPER: "the Barbarian die (province) for a usurper",
}

DICE_NEEDED = {
    Purpose.INITIAL_REVOLT: 1,
    Purpose.ADDITIONAL_REVOLT: 2,
    Purpose.INITIAL_ARMY: 1,
    Purpose.ACTIVITY: 2,
    Purpose.UPRISING_REGION: 1,
    Purpose.UPRISING_PROVINCE: 1,
    Purpose.BROKEN_LINK: 1,
    Purpose.BATTLE: 2,
    Purpose.PIRATES: 1,
    Purpose.USURPER: 1,
}

"""The learned value's coefficients (players/value.py), written by ``bench/fit_value.py``:

    python bench/fit_value.py --games 5000 --levels 4200,4211,4222,3322 --seed 1000000 --l2 1 --write

262,110 positions of heuristic games fitted; do not edit by hand.
"""

COEFFICIENTS: tuple[float, ...] = (
    +3.222375,  # bias
    +0.438124,  # borders
    -0.003292,  # securable
    -0.256233,  # revolts
    -0.222959,  # blocking
    -0.177258,  # unrest
    -0.107855,  # dominoes
    -0.634949,  # new_revolts
    -1.993296,  # new_armies
    -1.088605,  # armies
    +0.000000,  # rebels
    -0.623486,  # army_1
    -0.059117,  # army_2
    +0.307554,  # army_3
    +0.301923,  # army_4
    -0.236888,  # army_6
    +1.372857,  # ready
    +0.103408,  # unrest_short
    -0.277261,  # unrest_short2
    +0.150517,  # revolt_short
    -0.208152,  # revolt_short2
    -0.076277,  # doomed
    +0.067582,  # off
    -0.017947,  # work_distance
    -3.000000,  # garrison_short (set by the rules: value.RULED)
    +0.000000,  # garrisons_left (set by the rules: value.RULED)
    +0.104962,  # protected
    +0.000000,  # dux
    -0.213852,  # guard_near
    -0.171617,  # guard_far
    -0.193370,  # no_army_left
)

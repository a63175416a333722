"""The learned value's coefficients (players/value.py), written by ``bench/fit_value.py``:

    python bench/fit_value.py --games 5000 --levels 4200,4211,4222,3322 --seed 1000000 --l2 1 --write

262,110 positions of heuristic games fitted; do not edit by hand.
"""

COEFFICIENTS: tuple[float, ...] = (
    +5.179224,  # bias
    +0.361320,  # borders
    -0.005883,  # securable
    -0.268917,  # revolts
    -0.230379,  # blocking
    -0.190562,  # unrest
    -0.105648,  # dominoes
    -0.811562,  # new_revolts
    -2.082652,  # new_armies
    -1.121672,  # armies
    +0.000000,  # rebels
    -0.576693,  # army_1
    -0.035949,  # army_2
    +0.341354,  # army_3
    +0.309954,  # army_4
    -0.203164,  # army_6
    +1.362390,  # ready
    +0.106323,  # unrest_short
    -0.238155,  # unrest_short2
    +0.153797,  # revolt_short
    -0.212228,  # revolt_short2
    -0.069414,  # doomed
    +0.076857,  # off
    -0.018613,  # work_distance
    +0.000000,  # garrison_short
    -0.095782,  # garrisons_left
    +0.004924,  # protected
    +0.000000,  # dux
    -0.209498,  # guard_near
    -0.166194,  # guard_far
    -0.195614,  # no_army_left
)

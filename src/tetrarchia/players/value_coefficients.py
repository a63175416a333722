"""The learned value's coefficients (players/value.py), written by ``bench/fit_value.py``:

    python bench/fit_value.py --games 5000 --levels 4200,4211,4222,3322 --seed 1000000 --l2 1 --write

262,110 positions of heuristic games fitted; do not edit by hand.
"""

COEFFICIENTS: tuple[float, ...] = (
    +5.191615,  # bias
    +0.364117,  # borders
    -0.007158,  # securable
    -0.270401,  # revolts
    -0.232035,  # blocking
    -0.190483,  # unrest
    -0.108105,  # dominoes
    -0.812774,  # new_revolts
    -1.927435,  # new_armies
    -1.124108,  # armies
    +0.000000,  # rebels
    -1.426891,  # army_1
    -0.711600,  # army_2
    -0.244480,  # army_3
    -0.139537,  # army_4
    -0.206190,  # army_6
    +1.374526,  # ready
    +0.102590,  # unrest_short
    -0.232063,  # unrest_short2
    +0.155898,  # revolt_short
    -0.212501,  # revolt_short2
    -0.069210,  # doomed
    +0.074387,  # off
    -0.019050,  # work_distance
    +0.000000,  # garrison_short
    -0.096117,  # garrisons_left
    +0.003834,  # protected
    +0.000000,  # dux
)

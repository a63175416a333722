"""Calibration (issue 12): how hard each of the 81 levels is, measured over many seeded games.

- :mod:`~tetrarchia.calibrate.setups`: what one measured setup is (level, options, player), its
  canonical text, and the tasks ``(setup, seed)`` of a run (paired seeds);
- :mod:`~tetrarchia.calibrate.store`: the results store, one SQLite file, one row per game;
- :mod:`~tetrarchia.calibrate.runner`: playing the tasks in this process or a pool of processes,
  every result stored as it comes;
- :mod:`~tetrarchia.calibrate.cluster`: the same run on a Dask distributed scheduler;
- :mod:`~tetrarchia.calibrate.report`: the store summed up (win rates with Wilson intervals,
  causes of loss, lengths) as docs/difficulty.md and .csv; :mod:`~tetrarchia.calibrate.heatmap`
  draws the 81 levels.

A game is played by :func:`tetrarchia.simulate.play_game`, the simulator's own loop, so a stored
row is exactly what ``tetrarchia simulate --seed S --games 1`` plays.
"""

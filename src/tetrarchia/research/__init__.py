"""The research API (issue 12): TETRARCHIA in the standard toolkits of game research.

- :mod:`tetrarchia.research.openspiel`: an OpenSpiel game, ``python_tetrarchia`` (importing the
  module registers it), with explicit chance nodes for the dice (R1);
- :mod:`tetrarchia.research.pettingzoo_env`: a PettingZoo AEC environment, one agent per seat (R10);
- :mod:`tetrarchia.research.gymnasium_env`: a Gymnasium environment for solo play, registered as
  ``tetrarchia/Solo-v0``;
- :mod:`tetrarchia.research.mcts`: OpenSpiel's Python MCTS bot as a player (``openspiel-mcts``).

They share one encoding of actions and observations (:mod:`tetrarchia.research.encoding`,
:mod:`tetrarchia.research.observation`) and one reading of the settings and seats
(:mod:`tetrarchia.research.table`); docs/research.md documents them.  Everything here is a thin
adapter over the public API (docs/api.md): the rules stay in ``tetrarchia.core``, which imports
nothing of this package.  The toolkits are the optional extra ``tetrarchia[research]``; this
package imports none of them until one of its toolkit modules is imported.
"""

"""Events into sentences, one catalogue per language (today: English, ``render.en``).

The rules report what happened as typed records (``tetrarchia.core.events``); every face of the
game (the terminal, the replay, the golden playthroughs, later the web board) turns them into
words here and nowhere else, so that a record can be told in another language by adding a
catalogue, and no program ever has to read a sentence back.

How an optional rule brings its own sentences.  An option module (``tetrarchia.options.*``)
defines its records beside its rules and declares their sentences as data on its
:class:`~tetrarchia.core.rulebook.RuleModule`: ``texts={"en": {RecordType: function}}``, each
function taking the record and the board.  A catalogue looks a record's type up in its own table
first (the core's records), then in the ``texts`` of every registered module for its language.
Adding an optional rule therefore touches only its own module; adding a language means a new
catalogue here plus one more key in each module's ``texts``.  The layers stay in order:
core <- options <- render <- cli.
"""

from tetrarchia.render.en import render, render_all

__all__ = ["render", "render_all"]

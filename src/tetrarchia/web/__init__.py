"""The browser board (issue 9): ``tetrarchia serve``.

``app`` (routes: HTTP and WebSocket, transport only) → ``authority`` (every check and change of a
game, committed before anyone is told) → ``storage`` (SQLAlchemy on SQLite, Alembic migrations in
``migrations/``); ``views`` turns the engine's state, legal actions and events into what the page
reads; ``geography`` places the provinces on the map; ``i18n`` holds the page's catalogues;
``static/`` is the page, which draws and sends intents and holds no rule.  The web layer imports
the core, the options, ``render``, ``seats`` and ``game``; nothing imports it.
"""

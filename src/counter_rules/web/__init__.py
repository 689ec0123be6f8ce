"""A table in the browser: the game server of ``counter-rules serve`` (the
optional extra ``web``: ``pip install 'counter-rules[web]'``).

:func:`~counter_rules.web.app.create_app` builds the ASGI app (Starlette);
:mod:`counter_rules.web.tables` holds the games, the seats and their links;
the page itself is plain HTML, CSS and JavaScript in ``static/``. See the
documentation page "A table in the browser".
"""

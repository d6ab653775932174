"""The headless network player: ``python -m game.client --help`` (see ``__main__``).

It is a desktop tool for tests and load, so the browser build leaves this package out; the
part a page needs, the session library, lives in :mod:`game.online`.
"""

"""Online play, the part every client needs (and the browser build ships).

* :mod:`game.online.protocol`: the JSON frames, their limits, the refusal codes;
* :mod:`game.online.views`: a seat's view and the public view, as JSON;
* :mod:`game.online.tablesetup`: what the host chooses when opening a table;
* :mod:`game.online.session`: a seat at a table, kept in step with the server (what the table
  scene drives), reconnecting over a list of servers with the seat's token;
* :mod:`game.online.transport`: the WebSocket, natively or the page's;
* :mod:`game.online.endpoints`: which server a build plays with.

The server itself is :mod:`game.server` (``python -m game.server``), desktop only.
"""

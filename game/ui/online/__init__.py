"""Online play in the game: the screens and the table that talk to a game server.

- `entry`         Play online: create a table, join or watch one by its code, quick match,
                  continue the seat kept on this device
- `code_entry`    typing a table's code (the keyboard, or an on-screen pad for a finger)
- `lobby`         a table before its match: the code and link, the rules, the seats, the host's
                  choices
- `table`         the online table: the table scene with the move timer, the seats' state,
                  the connection and quick messages
- `flow`          the table's flow fed by the server (`RemoteFlow`, the interface of
                  `game.ui.table.flow.TableFlow`)
- `seating`       who is who online ("You", "Player 2", "AI 3")
- `menus`         the online table's menu and the preset quick messages
- `server_entry`  typing the game server's address (the Online server setting)
- `link`          the screens' connection: the session's requests run as tasks, the seat kept
- `page`          the web page's ``?server=`` and ``?table=``, and a table's link
- `words`         a table's rules, timer and seats in words

Layers: built on `game.ui.table` and `game.ui.core`; the session itself is `game.online`.
"""

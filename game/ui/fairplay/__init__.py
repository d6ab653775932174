"""Fair play: proving a deal was fixed before play, replaying it, and the daily deal.

- `deal_check`   the deal check screen (the commitment checked on the spot, export,
                 replay) and the Deal check button it registers on the result panel
- `export`       saving a finished hand as the file ``python -m game.verify`` checks
- `deals`        the deal of a one-hand game: a given deck, or a finished hand's replayed
- `one_hand`     the table playing one hand dealt from a given deck, recorded nowhere
- `daily_deal`   the daily deal's table and its result screen
- `daily_share`  the daily deal's words: the result and the line a player shares

Layers: built on `game.ui.table` and `game.ui.core`.
"""

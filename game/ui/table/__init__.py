"""The table: a match played hand by hand, with the screens that only the table opens.

The table scene (`scene`) is a composition of parts that each see it through the Table
protocol (`protocols`), so none of them imports the scene:

- `flow`         the match and hand flow: whose turn, the AI seats, pacing, results, records
- `cards`        the cards as sprites: dealing, flying to where the layout puts them, lifting
- `moves`        the controller, the only way the hand changes (through the flow's submit)
- `controls`     the buttons, from the key bindings, shown only while their action is legal
- `input`        mouse, touch and keys turned into controller calls
- `reactions`    what the flow's news (an action applied, the hand over) does to the cards
- `narration`    the flow's news in sentences for a screen reader, the hand read aloud
- `passing`      pass and play: hiding the table while the device changes hands
- `draw`, `panel`   painting the table, and its scores and facts
- `layout`       where everything goes for any window (pure geometry)
- `hand_order`   the person's card order, sorting and meld grouping
- `seats`        AI players thinking a slice per frame; the hint
- `background`   a hand the AIs play away from the table (three or four players)
- `animated`     values animations move: the scores counting up, the shuffle's half-decks
- `outcome`      a finished hand as values (HandOutcome, PlayedDeal) and the result
                 panel's callbacks (ResultControls): what the screens after a hand read
- `after_hand`   the registry of buttons other parts add to the result panel
- `hand_result`, `away_game`, `privacy`   the table's own overlays: the hand result, a
                 hand the AIs play, the pass-the-device screen

Layers: this package uses only `game.ui.core`; fairplay, the tutorial and the coach build on it.
"""

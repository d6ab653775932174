"""The screens around the table: each reached by name, none importing another.

- `title`        continue, new match, the daily deal, learn, rules, statistics, settings, help
- `new_match`    every option of a match in plain words, then Start
- `pause`        the pause menu over the table or a result
- `settings_screen`   how the game plays, looks and reads, and the names at this device
                 (named so it is not taken for the stored settings, `game.storage.settings`)
- `name_entry`   typing a name (a one-line field with Save, Clear, Cancel)
- `statistics`   the player's record per variant, format and level
- `rules_screen`, `rules_text`   the rules of a variant, page by page, with example cards
- `help`         the rules in brief and every control (its keys from `game.ui.core.keys`)
- `notices`      dialogs: the data layer's notices, and yes-or-no questions
- `score_sheet`  the match hand by hand, the classic score pad
- `match_result` the end of a match: the scoreboard, the margins, play again
- `celebration`  a moment of confetti for a gin, a match won, a shutout

Layers: these use only `game.ui.core`; they open each other, and the table, by name.
"""

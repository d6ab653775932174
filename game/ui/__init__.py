"""The pygame-ce game: the render loop, the screens, the table, and what they are made of.

Data flows one way: input -> controller call -> engine action -> new state -> layout ->
tweens -> drawing. Nothing here decides a rule; every action goes through `game.rules`.

- `app`         the composition root: the window, the async loop that rests when idle,
                self-play, and the one registry of screens by name
- `core`        what every screen is made of: scenes and their protocols, the theme, the
                key bindings, drawing, widgets, layout helpers, art, text, sound, the page
- `table`       the table scene as a composition of its parts (flow, cards, moves, controls,
                input, view) and the overlays only it opens (hand result, away hand, privacy)
- `screens`     the screens around the table: title, new match, pause, settings,
                statistics, rules, help, notices, score sheet, match result, celebration
- `fairplay`    the deal check, the export, replaying a deal, the daily deal
- `coach`       the review of a finished hand against the expert
- `tutorial`    the guided first hand

The layers go one way: core <- table <- {fairplay, tutorial, coach}; core <- screens. No
screen imports another: they ask `app.screens` by name (tests/ui/test_architecture.py
holds this). docs/architecture.md draws it.
"""

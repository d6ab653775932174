"""The coach: a finished hand reviewed move by move against the expert.

- `review`       the review screen (the coach's engine is `game.ai.coach`) and the Review
                 button it registers on the result panel

Layers: built on `game.ui.table` and `game.ui.core`.
"""

"""The guided first hand: prepared hands on the real table, one prompt at a time.

- `scene`        the table with a tutor, and its result panel that keeps the prompt
- `lessons`      the prompts in order and the tutor that moves through them
- `deals`        the prepared deals and the scripted opponent (no pygame)
- `prompt`       the prompt box and the pointer that rings what to press

Layers: built on `game.ui.table` and `game.ui.core`.
"""

"""The pygame-ce table: render loop, scenes, layout, animation, card art, sound and input.

Data flows one way: input -> controller call -> engine action -> new state -> layout ->
tweens -> drawing. Nothing here decides a rule; every action goes through `game.rules`.

Where things are:

- `app`         the window, the letterboxed 1280x720 surface, the async loop, self-play
- `scene`       Scene (setup/update/draw/handle) and the SceneStack with modals
- `title`, `menus`, `results`   the title/settings screen, pause menu, hand and match results
- `table`       the table scene: dealing, the controller methods, AI pacing, hand flow
- `table_input` mouse, touch and keyboard turned into the table's controller calls
- `table_draw`  painting the table, and the draw list the tests read
- `layout`      where everything sits (pure geometry)
- `hand_order`  the human's card order, sorting and meld grouping
- `anim`        named easings, tweens, queued steps, speed and skipping
- `sprites`, `art`, `text`, `richtext`   card sprites, vector card art, cached text
- `seats`       AI players thinking a slice per frame; the hint's search
- `settings`, `sound`, `widgets`         saved settings and stats, effects, buttons
"""

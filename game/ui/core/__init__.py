"""What every screen is made of: the scene and its protocols, the theme, drawing and widgets.

Nothing here knows a screen, the table or the rules' flow; everything else in game/ui may
use it.

- `scene`        Scene (setup/update/draw/handle), the scene stack, and the GameApp and
                 Navigator protocols: what a screen may ask of the app
- `navigation`   the registry of screens by name: show, replace, back, close, find
- `theme`        every colour by what it is for (usual or high contrast, the felt's), and
                 the text sizes screens share
- `keys`         the key bindings, declared once (keys, button labels, the help's key lines)
- `drawing`      the felt, panels, the shade under a modal screen, wrapped and centred text
- `widgets`      buttons, rows of buttons, toasts, banners, a result panel's input
- `menu`         the list of choices every menu uses, and a scrolling body of text
- `text_field`   a one-line typed entry on a panel (Save, Clear, Cancel) that a screen holds
- `page`         pages of text and cards that scroll, bars of buttons with keys
- `column`       laying a screen out as a column of rows for the real window
- `layout`       card geometry: sizes, fans, meld rows, where a dropped card goes
- `viewport`     the window's real pixels, density and orientation
- `pointer`      fingers and the mouse as one pointer
- `scrolling`    drag to scroll
- `text`, `richtext`   cached text in the shipped font, and text with suit symbols
- `art`, `sprites`     the card faces and backs, and cards as moving sprites
- `anim`         named easings, tweens and queued steps advanced by time
- `sound`        the sound effects
- `seating`      who is who at a match, in words ("You", "AI West", "South & North")
- `dates`        dates in the game's words, and which day it is for the player
- `browser`      the web page around the game (a no-op on the desktop)
- `rest`         the loop's rest while nothing moves, which input or news ends at once
- `speech`       sentences for a screen reader (the page's live region), cards in words
"""

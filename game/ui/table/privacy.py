"""Pass and play: the screen that hides the table while the device changes hands.

When two people share one device, each must see only their own cards. Between their turns
the table is replaced by this screen ("Pass the device to West"), which shows no card at
all; the table comes back, with the next person's hand at the bottom, only when that
person says they are ready (the button, Enter or Space). Esc or Menu opens the pause menu.

It is an opaque scene, so the table underneath is neither drawn nor advanced meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.core import theme
from game.ui.core.column import Column, finger_row, panel_view, row_height
from game.ui.core.drawing import felt, panel
from game.ui.core.layout import card_size
from game.ui.core.scene import GameApp, Scene
from game.ui.core.text import blit_text, wrap
from game.ui.core.widgets import Button, ButtonRow

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class PrivacyScene(Scene):
    """ "Pass the device to `name`": nothing of the table shows until they are ready."""

    name = "privacy"

    def __init__(
        self,
        app: GameApp,
        name: str,
        on_ready: Callable[[], None],
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.person = name
        self.on_ready = on_ready
        self.on_menu = on_menu
        self.ready_button = Button(
            f"I'm {name}: show my cards", pygame.Rect(0, 0, 1, 1), self.ready, key="Enter", accent=theme.GOLD
        )
        self.menu_button = Button("Menu", pygame.Rect(0, 0, 1, 1), self.menu, key="Esc")
        self.buttons = ButtonRow([self.ready_button, self.menu_button])
        self.box = pygame.Rect(0, 0, 1, 1)
        self.title_y = 0
        self.draw_list: list[tuple[str, str]] = []

    def resized(self) -> None:
        """A panel in the middle: the message, a big Ready button, a smaller Menu button."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        edge = 12 if portrait else 10 if view.design else 90  # held sideways: little to spare
        column = Column(view, width=640 if view.design else 560, top=edge, bottom=edge)
        self.box = column.remaining()
        inner = column.inside(side=40, top=16, bottom=16)
        self.menu_button.rect = inner.take_bottom(finger_row(view, 40, 44), gap=12)
        self.ready_button.rect = inner.take_bottom(row_height(view, 64, 72), gap=8)
        self.title_y = view.px(inner.y)
        for button, size in ((self.ready_button, 26), (self.menu_button, 22)):
            button.size = view.font(size if not portrait else size - 6)
            button.show_key = not portrait

    def ready(self) -> None:
        """The person is holding the device: show the table with their cards."""
        self.app.screens.close(self)
        self.on_ready()

    def menu(self) -> None:
        """The pause menu, over this screen (the table stays hidden)."""
        if self.on_menu is not None:
            self.on_menu()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The two buttons."""
        return self.buttons.targets()

    def handle(self, event: pygame.event.Event) -> None:
        """Ready by button, Enter or Space; Esc opens the menu."""
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self.buttons.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.buttons.click(event.pos)  # on release, so the press that passed the device is not taken
        elif event.type == pygame.KEYDOWN:
            if event.key in READY_KEYS:
                self.ready()
            elif event.key == pygame.K_ESCAPE:
                self.menu()

    def autopilot(self) -> None:
        """Self-play takes the device at once."""
        self.ready()

    def spoken(self) -> tuple[str, ...]:
        """For a screen reader: whom to pass the device to, and how they say they are ready."""
        return (f"Pass the device to {self.person}. {self.person}: press Enter to see your cards.",)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the message, and the buttons: no card of anyone's."""
        view = panel_view(self.app.viewport)
        portrait = view.portrait
        surface.blit(felt(view.size), (0, 0))
        panel(surface, self.box, view.scale)
        width = self.box.width - view.px(48)
        y = self.title_y
        self.draw_list = []
        title = f"Pass the device to {self.person}"
        for line in wrap(title, view.font(theme.TITLE.of(view)), width):
            rect = blit_text(surface, line, view.font(theme.TITLE.of(view)), theme.GOLD, "midtop",
                             (self.box.centerx, y))  # fmt: skip
            y = rect.bottom + view.px(4)
        self.draw_list.append(("title", title))
        y += view.px(18)
        notes = (
            f"{self.person}: take the device, then press the button below.",
            "Your cards stay hidden until then, and the other player's stay hidden from you.",
        )
        size = view.font(24 if not portrait else 17)
        for note in notes:
            for line in wrap(note, size, width):
                rect = blit_text(surface, line, size, theme.INK if note is notes[0] else theme.DIM, "midtop",
                                 (self.box.centerx, y))  # fmt: skip
                y = rect.bottom + view.px(2)
            y += view.px(10)
            self.draw_list.append(("note", note))
        self._draw_backs(surface, y, self.ready_button.rect.top - view.px(12))
        self.buttons.draw(surface)

    def _draw_backs(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        """A small fan of face-down cards in the space left: the cards wait, hidden."""
        view = panel_view(self.app.viewport)
        height = bottom - top
        if height < view.px(60):
            return
        size = card_size(min(view.px(90), round(height * 0.7 / 1.4)))
        back = self.app.art.back(size)
        centre_x, centre_y = self.box.centerx, top + height // 2
        for index in range(5):
            turned = pygame.transform.rotozoom(back, (2 - index) * 9, 1.0)
            x = centre_x + (index - 2) * size[0] * 0.32
            surface.blit(turned, turned.get_rect(center=(round(x), centre_y + abs(index - 2) * view.px(4))))

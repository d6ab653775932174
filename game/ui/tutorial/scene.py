"""The guided first hand: three prepared hands on the real table, one prompt at a time.

The title's "Learn to play" (or `start_tutorial(app)`) replaces the scene stack with a
:class:`TutorialScene`: the table (:class:`~game.ui.table.scene.TableScene`) dealing the
prepared hands of :class:`~game.ui.tutorial.deals.PreparedDeals` against a scripted opponent, with a prompt box that says what to do and why, rings what to
press, and waits. Every move still goes through the table's controls and the engine; the
tutorial only refuses a legal move that is not the one asked for, saying why, so nothing
changes. Skip makes the move for the player; Leave (or Esc, then Leave in the menu) goes
back to the title screen, as does Finish at the end.

The tutorial is never saved and never counted: its flow keeps the player's saved match and
statistics untouched. It is a table with a tutor, and changes the table only at the table's
hooks (how the cards arrive, `vet` for the moves, its own result panel and pause menu).
"""

from __future__ import annotations

import math

import pygame

from game.rules import Action, Card, RuleSet
from game.storage.settings import MatchSetup
from game.ui.core.scene import GameApp
from game.ui.table.after_hand import AfterHand
from game.ui.table.flow import FlowOptions
from game.ui.table.hand_result import HandResultScene
from game.ui.table.outcome import HandOutcome, ResultControls, controls_of, outcome_of
from game.ui.table.protocols import TableApp
from game.ui.table.scene import TableScene
from game.ui.tutorial.deals import THEM, PreparedDeals, TutorialOpponent
from game.ui.tutorial.lessons import DO, FINISH, READ, RESULT, Lesson, Tutor, build_lessons
from game.ui.tutorial.prompt import PULSE_S, Prompt, PromptGeometry, draw_pointer, prompt_areas

SKIP_KEYS = (pygame.K_TAB,)
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def start_tutorial(app: GameApp) -> None:
    """Replace the scene stack with the guided first hand (it returns to the title at the end)."""
    app.screens.replace("tutorial")


def tutorial_setup(app: GameApp) -> MatchSetup:
    """The player against the computer, whatever seats the settings hold (no pass and play)."""
    return MatchSetup(("person", "ai"), app.settings.ai_level)


def tutorial_rules(app: GameApp) -> RuleSet:
    """Standard Gin with the player's bonus preset: the deals are made for a knock limit of 10."""
    return RuleSet.preset("standard", bonuses=app.settings.bonuses)


class TutorialScene(TableScene):
    """The table with a tutor: prompts, a pointer, and only the moves each lesson asks for."""

    name = "tutorial"

    def __init__(self, app: TableApp) -> None:
        self.tutorial_match = PreparedDeals(tutorial_rules(app))
        """The prepared hands and the match they are dealt into."""
        super().__init__(app, self.tutorial_match.match, tutorial_setup(app))
        self.tutor = Tutor(build_lessons())
        self.prompt = Prompt(self.next_lesson, self.skip, self.leave, self.open_rules)
        self.corrections = 0
        """How many moves the tutor turned down (tests read it)."""

    # --- setting up -------------------------------------------------------------------------

    def flow_options(self) -> FlowOptions:
        """The prepared hands, the scripted opponent; never saved, never counted, no deal check
        (the deals are prepared on purpose, and say so)."""
        deals = self.tutorial_match
        return FlowOptions(
            deal=deals.deal_next, players={THEM: TutorialOpponent(deals)}, records=False, checks_deal=False
        )

    def arriving_order(self) -> str | None:
        """Each prepared hand arrives sorted as its lessons need (the first by suit, so its
        first lesson can sort it by melds)."""
        deals = self.tutorial_match
        return deals.deals[deals.deal_index].sorted_by

    # --- the lessons --------------------------------------------------------------------------

    @property
    def lesson(self) -> Lesson:
        """The lesson on screen."""
        return self.tutor.current

    def next_lesson(self) -> None:
        """Next (a read lesson) or Finish (the last)."""
        self._settle_animation()
        kind = self.lesson.kind
        if kind == READ:
            self.tutor.next()
        elif kind == FINISH:
            self.tutor.next()
            self.leave()

    def skip(self) -> None:
        """Skip the prompt: make the move it asks for (or read on, or close the result)."""
        self._settle_animation()
        lesson = self.lesson
        if lesson.kind == DO:
            assert lesson.perform is not None
            lesson.perform(self)
            self.tutor.settle(self)
        elif lesson.kind in (READ, FINISH):
            self.next_lesson()
        elif lesson.kind == RESULT:
            panel = self.result_panel()
            if panel is not None and self.app.stack.top is panel:
                panel.next()

    def leave(self) -> None:
        """Back to the title screen (the tutorial can be started again from there)."""
        self.app.screens.replace("title")

    def open_rules(self) -> None:
        """The rules of the player's chosen game."""
        self.app.screens.show("rules", None)

    def _settle_animation(self) -> None:
        """A press while cards move first lands them, as a click on the table does."""
        if self.animator.busy or self.dealing:
            self.animator.finish_all()
            self.dealing = False

    # --- what the table does, checked by the tutor --------------------------------------------

    def vet(self, action: Action) -> bool:
        """The player's legal moves pass only when the lesson asks for them; others are
        explained and refused, with nothing changed (illegal ones get the engine's reason)."""
        reason = self.tutor.review(action)
        if reason is None:
            return True
        self.corrections += 1
        self.knock_mode = False
        self.toast.show(reason, seconds=5.0)
        self.relayout()
        return False

    def on_action(self, seat: int, action: Action, insert_at: int | None) -> None:
        """Move the cards, then let the tutor see the move."""
        super().on_action(seat, action, insert_at)
        if seat == self.me:
            self.tutor.applied(action)
        self.tutor.settle(self)

    def open_menu(self) -> None:
        """The pause menu without a match: no score sheet, restart or concede for a practice
        game (conceding would count it); Rules, Settings and Quit to title remain."""
        self.app.screens.show("pause", None)

    def show_hint(self) -> None:
        """The prompt is the hint here."""
        self.toast.show("No hints needed here: the note says what to do, and why.")

    def next_hand(self) -> None:
        """After a hand's result: the next prepared hand, or the closing words."""
        if self.lesson.kind == RESULT:
            self.tutor.next()
        if self.tutorial_match.deals_left > 0:
            self.start_hand()
        elif self.flow is not None:
            self.flow.result_wait = math.inf  # the last hand stays on the table, its result read
        self.invalidate()

    # --- the frame ----------------------------------------------------------------------------

    def open_result(self) -> None:
        """The tutorial's own result panel, which keeps the prompt working beside it."""
        outcome = outcome_of(self)
        self.app.screens.show(
            "tutorial_result", outcome, controls_of(self), self.app.after_hand.offered(outcome), self
        )

    def update(self, dt: float) -> None:
        """The table, then the tutor: lessons finished by what happened, the pointer's pulse."""
        super().update(dt)
        self.tutor.age += dt
        if self.tutor.settle(self):
            self.invalidate()

    def animating(self) -> bool:
        """The table's movement, and the pointer's pulse for a moment after each prompt."""
        return super().animating() or self.tutor.age < PULSE_S

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the pointer, then the prompt box."""
        super().draw(surface)
        geometry = self.arrange_prompt()
        rings = self.rings(table_only=True)
        # The arrow shows what to press; an explanation's rings only show what it is about.
        box = geometry.box if self.lesson.kind == DO or len(rings) == 1 else None
        view = self.layout.view  # the table's own scale (a phone held sideways has its own)
        draw_pointer(surface, view, rings, box, self.tutor.age, self.pointer_avoids(rings))
        self.prompt.draw(surface, view)
        self.draw_list.append(("prompt", self.lesson.key, geometry.box, self.lesson.kind))

    def arrange_prompt(self) -> PromptGeometry:
        """Where the prompt box goes now (away from what it points at, and any result panel)."""
        view = self.layout.view
        protected = [r.inflate(view.px(14), view.px(14)) for r in self.rings()]
        panel = self.result_panel()
        if panel is not None:
            protected.append(panel.rect)
        lesson = self.lesson
        progress = f"{self.tutor.number}/{self.tutor.total}"
        areas = prompt_areas(self.layout, self.laid_out)
        return self.prompt.arrange(view, areas, protected, lesson.words(self), lesson.kind, progress)

    def pointer_avoids(self, rings: list[pygame.Rect]) -> list[pygame.Rect]:
        """What the arrow must not cover: other live buttons and the lines of text."""
        buttons = [b.rect for b in self.panel_buttons.buttons + self.context_buttons.buttons if b.live]
        others = [r for r in buttons if not any(r.colliderect(ring) for ring in rings)]
        return [*others, self.layout.status, self.layout.log]

    def result_panel(self) -> TutorialResultScene | None:
        """The hand result panel over the table, if it is open."""
        panel = self.app.screens.find("tutorial_result")
        return panel if isinstance(panel, TutorialResultScene) and panel.tutorial is self else None

    # --- what the prompt points at ------------------------------------------------------------

    def rings(self, table_only: bool = False) -> list[pygame.Rect]:
        """The rectangles the current prompt rings (where the cards are heading, not where
        they are in flight, so the box does not jump about while they move)."""
        rects: list[pygame.Rect] = []
        if self.hand is None:
            return rects
        self.update_buttons()
        for name in self.lesson.targets(self):
            if not (table_only and name == "result"):
                rects += self._target_rects(name)
        return rects

    def _target_rects(self, name: str) -> list[pygame.Rect]:
        layout, hand = self.layout, self.hand
        assert hand is not None
        kind, _, rest = name.partition(":")
        found: list[pygame.Rect | None] = []
        if name == "stock":
            found = [layout.stock.copy() if self.stock_shown else None]
        elif name == "discard":
            top = hand.discard_pile[-1] if hand.discard_pile else None
            found = [self._card_rect(top) if top is not None else layout.discard.copy()]
        elif name == "result":
            panel = self.result_panel()
            found = [panel.next_button.rect.copy() if panel is not None else None]
        elif kind == "button":
            button = self.buttons.get(rest)
            found = [button.rect.copy() if button is not None and button.visible else None]
        elif kind == "card":
            card = Card.parse(rest)
            found = [self._card_rect(card) if card in hand.hands[self.me] else None]
        elif kind == "cards":
            cards = [Card.parse(text) for text in rest.split()]
            others = [self._card_rect(c) for c in self.row_cards(self.me) if c not in cards]
            rows = _rows([self._card_rect(c) for c in cards if c in hand.hands[self.me]])
            found = [_clip_to_uncovered(row, [r for r in others if r is not None]) for row in rows]
        elif kind == "meld":
            card = Card.parse(rest)
            meld = next((m for m in hand.knocker_melds if card in m), [])
            found = list(_rows([self._card_rect(c) for c in meld]))
        return [rect for rect in found if rect is not None]

    def _card_rect(self, card: Card | None) -> pygame.Rect | None:
        sprite = self.sprites.get(card) if card is not None else None
        if sprite is None:
            return None
        x, y = (sprite.target[0], sprite.target[1]) if sprite.target is not None else (sprite.x, sprite.y)
        rect = pygame.Rect((0, 0), sprite.size)
        rect.center = (round(x), round(y - sprite.lift))
        return rect

    # --- input --------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """The prompt's buttons and keys first; the table gets everything else."""
        if self.prompt_handles(event):
            return
        if event.type == pygame.KEYDOWN:
            kind = self.lesson.kind
            if event.key in NEXT_KEYS and kind in (READ, FINISH):
                self.next_lesson()
                return
            if event.key in SKIP_KEYS and kind == DO:
                self.skip()
                return
        super().handle(event)

    def prompt_handles(self, event: pygame.event.Event) -> bool:
        """Pointer events on the prompt box: press its buttons, and keep the rest from the
        table underneath. True when the event was the prompt's."""
        geometry = self.prompt.geometry
        if geometry is None or not hasattr(event, "pos"):
            return False
        inside = geometry.box.collidepoint(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if not getattr(event, "touch", False):
                self.prompt.row.hover(event.pos)
            return False  # a drag on the table goes on under the box
        if event.type == pygame.MOUSEBUTTONDOWN and inside:
            if event.button == 1:
                self.prompt.row.click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and inside:
            return self.input.drag is None  # a drag from the table still ends on the table
        return False

    def prompt_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The prompt's live buttons."""
        self.arrange_prompt()
        return self.prompt.targets()

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The prompt's buttons, and whatever of the table the box leaves uncovered."""
        mine = self.prompt_targets()
        geometry = self.prompt.geometry
        table = super().hit_targets()
        if geometry is not None:
            table = [(name, rect) for name, rect in table if not rect.colliderect(geometry.box)]
        return mine + table


def _rows(rects: list[pygame.Rect | None]) -> list[pygame.Rect]:
    """Cards ringed together: one ring round the cards of each row (a hand may take two)."""
    rows: list[list[pygame.Rect]] = []
    for rect in (r for r in rects if r is not None):
        row = next((row for row in rows if abs(row[0].centery - rect.centery) < rect.height // 2), None)
        if row is None:
            rows.append([rect])
        else:
            row.append(rect)
    return [row[0].unionall(row[1:]) for row in rows]


def _clip_to_uncovered(group: pygame.Rect, others: list[pygame.Rect]) -> pygame.Rect:
    """A group of fanned cards without the part the next card of the row lies on."""
    lefts = [r.left for r in others if abs(r.centery - group.centery) < group.height // 2]
    covering = [x for x in lefts if group.left < x < group.right]
    if covering:
        group = pygame.Rect(group.left, group.top, min(covering) - group.left, group.height)
    return group


class TutorialResultScene(HandResultScene):
    """The hand result panel, with the tutorial's prompt still working beside it."""

    name = "tutorial_result"

    def __init__(
        self,
        app: GameApp,
        outcome: HandOutcome,
        controls: ResultControls,
        after: list[AfterHand],
        table: TutorialScene,
    ) -> None:
        super().__init__(app, outcome, controls, after)
        self.tutorial = table
        if table.tutorial_match.deals_left <= 0:
            self.next_button.text = "Carry on"

    def hit_targets(self) -> list[tuple[str, pygame.Rect]]:
        """The panel's buttons, the prompt's, and the table's shortcuts the prompt leaves uncovered."""
        mine = self.tutorial.prompt_targets()
        box = self.tutorial.prompt.geometry.box if self.tutorial.prompt.geometry is not None else None
        theirs = [(n, r) for n, r in super().hit_targets() if box is None or not r.colliderect(box)]
        return theirs + mine

    def handle(self, event: pygame.event.Event) -> None:
        """The prompt's buttons, Esc for the menu, then the panel's own input."""
        if self.tutorial.prompt_handles(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.tutorial.open_menu()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, then the pointer at its button."""
        super().draw(surface)
        view = self.tutorial.layout.view
        rings = [self.next_button.rect] if self.tutorial.lesson.kind == RESULT else []
        geometry = self.tutorial.prompt.geometry
        box = geometry.box if geometry else None
        draw_pointer(surface, view, rings, box, self.tutorial.tutor.age)

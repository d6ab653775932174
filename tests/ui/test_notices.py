"""Storage notices reach the player once, over any screen; questions default to no."""

from __future__ import annotations

import pygame

from game.storage.store import StorageError
from game.ui.screens.notices import ConfirmScene, NoticeScene, deliver_notices
from game.ui.screens.title import TitleScene

from .harness import click, deck_for, frames, key, start_table
from .menu_helpers import bare_app, finger_tap, rests, storage_app
from .test_pause import DEAL


def _damage(tmp_path, key_name: str, text: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    (folder / f"{key_name}.json").write_text(text)


def test_damaged_records_found_at_start_are_told_once_over_the_title(tmp_path):
    _damage(tmp_path, "statistics", "{not json")
    _damage(tmp_path, "settings", '{"schema": 2, "speed": "warp"}')
    app = storage_app()
    title = TitleScene(app)
    app.stack.push(title)
    frames(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene) and len(notice.paragraphs) == 2
    assert any(text.startswith("Your statistics file was damaged") for text in notice.paragraphs)
    assert any(text.startswith("Your settings file was damaged") for text in notice.paragraphs)
    click(app, notice.ok_button.rect.center)
    assert app.stack.top is title
    frames(app, 5)
    assert app.stack.top is title and app.persistence.notices() == []


def test_a_failed_save_is_told_over_the_table(monkeypatch):
    app = storage_app()
    table = start_table(app, deck_for(**DEAL), dealer=1, script=[])

    def refuse(key_name, value):
        raise StorageError("the disk is full") from OSError(28, "No space left on device")

    monkeypatch.setattr(app.persistence._storage, "save", refuse)
    assert app.save_stats() is False
    frames(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.paragraphs == [
        "Your statistics could not be saved (the disk is full); the game goes on without saving them."
    ]
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert app.save_stats() is False
    frames(app)
    assert app.stack.top is table  # told once, not at every failing save


def test_notices_that_arrive_while_one_is_shown_join_it(monkeypatch):
    app = storage_app()
    app.stack.push(TitleScene(app))
    monkeypatch.setattr(
        app.persistence._storage, "save", lambda k, v: (_ for _ in ()).throw(StorageError("x"))
    )
    app.save_stats()
    frames(app)
    notice = app.stack.top
    app.save_settings()
    frames(app)
    assert app.stack.top is notice and len(notice.paragraphs) == 2
    assert len([s for s in app.stack.scenes if isinstance(s, NoticeScene)]) == 1


def test_notices_wait_until_a_screen_is_up(tmp_path):
    _damage(tmp_path, "statistics", "[]")
    app = storage_app()
    deliver_notices(app)  # nothing on the stack yet: the loop would end if a notice were all
    assert app.stack.top is None and app.persistence.notices()
    app.stack.push(TitleScene(app))
    frames(app)
    assert isinstance(app.stack.top, NoticeScene)


def test_a_long_notice_scrolls_on_a_small_phone_and_ok_is_a_finger_away():
    app = bare_app(size=(360, 640))
    app.stack.push(TitleScene(app))
    notice = NoticeScene(
        app, [f"Sentence number {i}: something about the saved data went wrong." for i in range(20)]
    )
    app.stack.push(notice)
    frames(app)
    assert notice.scroller.max_offset > 0 and notice.box.bottom <= 640
    key(app, pygame.K_DOWN)
    assert notice.scroller.offset > 0
    finger_tap(app, notice.ok_button.rect.center)
    assert isinstance(app.stack.top, TitleScene)


def _question(app, answers):
    app.stack.push(TitleScene(app))
    question = ConfirmScene(
        app,
        "Do it?",
        "It cannot be undone.",
        yes=("Do it", lambda: answers.append("yes")),
        no="Don't",
        on_no=lambda: answers.append("no"),
    )
    app.stack.push(question)
    frames(app)
    return question


def test_a_question_is_answered_no_by_default_esc_or_a_tap_outside():
    answers: list[str] = []
    app = bare_app()
    _question(app, answers)
    key(app, pygame.K_RETURN)  # the focus starts on "no"
    _question(app, answers)
    key(app, pygame.K_ESCAPE)
    question = _question(app, answers)
    click(app, (question.box.centerx, question.box.bottom + 20))
    assert answers == ["no", "no", "no"]


def test_a_question_is_answered_yes_by_y_by_moving_the_focus_or_by_the_button():
    answers: list[str] = []
    app = bare_app()
    _question(app, answers)
    key(app, pygame.K_y)
    _question(app, answers)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    question = _question(app, answers)
    click(app, question.yes_button.rect.center)
    assert answers == ["yes", "yes", "yes"]
    assert isinstance(app.stack.top, TitleScene)


def test_dialogs_rest_when_idle():
    app = bare_app()
    _question(app, [])
    assert rests(app)

"""The animation system: named easings, tweens by elapsed time, queues, speed and skipping."""

from __future__ import annotations

import pytest

from game.ui.core.anim import EASINGS, Animator, Tween


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 0.0


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_zero_and_ends_at_one(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_unknown_easing_is_refused():
    with pytest.raises(ValueError, match="unknown easing"):
        Tween(Thing(), {"x": 1.0}, easing="wobble")


def test_tweens_advance_by_elapsed_time_and_wait_for_their_delay():
    thing = Thing()
    animator = Animator()
    animator.add(Tween(thing, {"x": 100.0}, duration=1.0, easing="linear", delay=0.5))
    animator.update(0.5)
    assert thing.x == 0.0
    animator.update(0.25)
    assert thing.x == pytest.approx(25.0)
    animator.update(10.0)
    assert thing.x == 100.0 and not animator.busy


def test_a_new_tween_of_the_same_attribute_replaces_the_old_one():
    thing = Thing()
    animator = Animator()
    animator.add(Tween(thing, {"x": 100.0, "y": 50.0}, duration=1.0, easing="linear"))
    animator.update(0.5)
    animator.add(Tween(thing, {"x": -10.0}, duration=1.0, easing="linear"))
    animator.finish_all()
    assert thing.x == -10.0 and thing.y == 50.0


def test_queued_steps_run_after_everything_before_them_has_finished():
    thing = Thing()
    animator = Animator()
    order = []
    animator.add(Tween(thing, {"x": 1.0}, duration=0.2, on_done=lambda: order.append("moved")))
    animator.then(lambda: order.append("next"))
    animator.update(0.1)
    assert order == []
    animator.update(0.2)
    assert order == ["moved", "next"]


def test_speed_scales_time_and_zero_is_instant():
    thing = Thing()
    fast = Animator(speed=2.0)
    fast.add(Tween(thing, {"x": 10.0}, duration=1.0, easing="linear"))
    fast.update(0.25)
    assert thing.x == pytest.approx(5.0)
    instant = Animator(speed=0.0)
    instant.add(Tween(thing, {"y": 7.0}, duration=5.0))
    assert thing.y == 7.0 and not instant.busy


def test_finish_all_skips_tweens_and_queued_steps_with_callbacks():
    thing = Thing()
    animator = Animator()
    done = []
    animator.add(Tween(thing, {"x": 3.0}, duration=2.0, on_done=lambda: done.append(1)))
    animator.then(lambda: animator.add(Tween(thing, {"y": 4.0}, duration=2.0)))
    animator.wait(1.0)
    animator.finish_all()
    assert (thing.x, thing.y, done, animator.busy) == (3.0, 4.0, [1], False)

"""Every combination of the options that change how a hand is played."""

from __future__ import annotations

from itertools import product

from game.rules import RuleSet


def hand_rule_sets() -> list[RuleSet]:
    """Each variant with each combination of the play options (skipping refused ones)."""
    out: list[RuleSet] = []
    for variant, eleven, rediscard, last_chance, big_gin in product(
        ("standard", "simple", "oklahoma"), (False, True), (False, True), (False, True), (False, True)
    ):
        if variant == "oklahoma" and eleven:
            continue
        extra: dict[str, object] = {}
        if variant == "oklahoma":
            # Spread the Oklahoma-only options over the combinations.
            extra = {
                "oklahoma_ace_gin_only": rediscard,
                "oklahoma_extra_boxes": last_chance,
                "oklahoma_spade_double": not big_gin,
            }
        out.append(
            RuleSet.preset(
                variant,
                eleven_card_deal=eleven,
                allow_rediscard=rediscard,
                last_discard_chance=last_chance,
                big_gin=big_gin,
                **extra,  # type: ignore[arg-type]
            )
        )
    return out


def rules_id(rules: RuleSet) -> str:
    """A short test id naming the options that are on."""
    flags = [rules.variant.value]
    for name in ("eleven_card_deal", "allow_rediscard", "last_discard_chance", "big_gin",
                 "oklahoma_ace_gin_only", "oklahoma_extra_boxes"):  # fmt: skip
        if getattr(rules, name):
            flags.append(name)
    return "-".join(flags)


HAND_RULE_SETS = hand_rule_sets()

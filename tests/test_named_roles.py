"""A role set beside a name speaks by that name; a name inside the source that belongs to
someone else does not speak (stage 3 on frozen parses).

Found on real articles (thirty-fifth session's QA read): "The US envoy to the UN, Nikki Haley,
has predicted ..." and "a nurse practitioner at the jail wrote ..." were shown with no speaker:
"envoy" and "practitioner" were missing from the people-nouns, the model tagged the name as an
organisation, and the parser hung it on "the UN" instead of on the envoy.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("named_roles")


@pytest.mark.parametrize(
    ("text", "needle", "speaker"),
    [
        # the model tags the name an organisation
        ("The envoy, Nikki Marsh, said the talks would resume in March.", "would resume", "Nikki Marsh"),
        # the parser hangs the name on the organisation after "to"
        (
            "The Canadian envoy to the UN, Dana Whitfield, has predicted the vote would be close.",
            "vote would be close",
            "Dana Whitfield",
        ),
        (
            "A nurse practitioner at the clinic said the waiting list had doubled.",
            "waiting list",
            "a nurse practitioner at the clinic",
        ),
        # a group named by two words, of which the last names no one ("tank")
        (
            "A conservative think tank estimated Monday that the harbor plan would cost billions.",
            "cost billions",
            "a conservative think tank",
        ),
    ],
)
def test_a_role_beside_a_name_speaks_by_it(
    engine: FrozenEngine, text: str, needle: str, speaker: str
) -> None:
    assert engine.quote_with(text, needle)["speaker"] == speaker


@pytest.mark.parametrize(
    ("text", "needle", "speaker"),
    [
        # the people the speakers belong to, after "of" (whose family it is, in the group's name
        # since the forty-second session: family members of two prisoners are two groups)
        (
            "Family members of prisoner Tomas Hale said they thanked God for his return.",
            "thanked God",
            "family members of prisoner Tomas Hale",
        ),
        # a name in a relative clause of the source (not Dunmore; since the forty-seventh
        # session the group is its name, not "the donor group")
        (
            "The donor group Civic Trust, which has members including billionaire Ray Dunmore, "
            "said the fund would grow.",
            "fund would grow",
            "Civic Trust",
        ),
    ],
)
def test_a_name_someone_else_belongs_to_does_not_speak(
    engine: FrozenEngine, text: str, needle: str, speaker: str
) -> None:
    assert engine.quote_with(text, needle)["speaker"] == speaker


def test_an_untagged_full_name_is_not_a_relative_of_the_same_surname(engine: FrozenEngine) -> None:
    # Thirty-fifth session: "Alicia DeLaFosse said she ..." with the name untagged by the model
    # went to her son "Brandon DeLaFosse", whose surname the lone "DeLaFosse" matched. The model
    # tags this invented sentence's name, so its tag is taken off as the model left the real one.
    text = (
        "Brandon DeWitte was billed for his care at the county jail, and DeWitte said the bills kept "
        "coming.\n\n"
        "At her kitchen table last month, DeWitte's mother, Alicia, said she spends hours each week on "
        "the phone.\n\n"
        "Brandon DeWitte was moved to a state prison in July, and DeWitte still gets the bills.\n\n"
        'Alicia DeWitte said she "didn\'t renege" and paid for all of the costs she knew about.'
    )
    doc = engine.parses.parse(text)
    last = text.rindex("Alicia DeWitte")
    doc.set_ents([e for e in doc.ents if e.start_char != last], default="outside")
    (quote,) = [q for q in engine.nlp(doc)._.quotes if "renege" in q.content]
    assert quote.speaker is not None and quote.speaker.startswith("Alicia")  # not her son

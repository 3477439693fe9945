"""Faults the thirty-seventh session's QA read of real articles found, as mechanisms (stage 2 and
coreference on frozen parses): which of a family a bare surname is, and page furniture.

A bare "Khan" went to whichever Khan had been mentioned last, by any name: the son's first name
alone ("talked about their son Humayun") took his father's speech; a "Khan" whose given name the
parser split off at a paragraph's start went to the son too; and the rule that a bare surname
stays with the one it has stood for compared a character offset with a token index, so it held
only near the start of an article. A platform the model read as a person with the day after it
("took to Twitter Sunday") took a woman's "she added"; a video player's box ("Embed ... Copy this
code to your website or blog") was shown as quotes. Every text is invented.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.furniture import page_furniture


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("thirty_seventh_read")


def test_a_bare_surname_is_who_was_last_called_by_it_not_by_a_first_name(engine: FrozenEngine) -> None:
    text = (
        "Karim Baig, an army medic, died in Kandahar in 2004.\n\n"
        "At the rally on Thursday, his father Omar Baig talked about their son Karim.\n\n"
        "In the speech, Baig said the country had forgotten its medics."
    )
    assert engine.quote_with(text, "forgotten its medics")["speaker"] == "Omar Baig"


def test_a_bare_surname_says_which_namesake_by_the_he_after_it(engine: FrozenEngine) -> None:
    text = (
        "Omar Baig, a retired pilot, founded the flight school in 1990. His daughter, Nadia Baig, "
        "runs it now.\n\nBaig said he still flies to the school every Friday."
    )
    assert engine.quote_with(text, "flies to the school")["speaker"] == "Omar Baig"


def test_a_bare_surname_keeps_whom_it_has_stood_for_late_in_an_article(engine: FrozenEngine) -> None:
    # The rule held before only where a person's first mention's character offset was below the
    # bare name's token index: near an article's start, not after a long first paragraph.
    text = (
        "The water board met for six hours on Monday evening in the old gymnasium of the county "
        "school, and the meeting ran long past midnight as residents from three valleys lined up "
        "at the microphone to speak about the reservoir, the rates and the new pipeline that the "
        "board has been planning since the drought of the last summer.\n\n"
        "Former governor Tomas Varga spoke for the senator. Varga said the board had earned "
        "trust. Varga praised its record on water.\n\n"
        "The two made peace after the senator beat Ruth Varga in a bitter primary. "
        "But Varga said the valleys needed more than peace."
    )
    assert engine.quote_with(text, "needed more than peace")["speaker"] == "Tomas Varga"


def test_a_day_after_a_platform_makes_no_person(engine: FrozenEngine) -> None:
    text = (
        "Mayor Ana Reyes answered the governor in an essay published on Sunday.\n\n"
        "The governor took to Twitter Sunday to defend his plan for the port.\n\n"
        "She added: \u201cThe port belongs to the workers, not to the governor.\u201d"
    )
    speakers = {q.speaker for q in engine(text)._.quotes}
    assert not any(s and "Twitter" in s for s in speakers)


def test_a_video_players_embed_box_is_furniture() -> None:
    text = (
        "Play Facebook\n\nEmbed Reyes: Governor 'Has No Plan' for the Port 1:41 autoplay autoplay "
        "Copy this code to your website or blog\n\nThe mayor spoke on Monday."
    )
    ((a, b),) = page_furniture(text)
    assert text[a:b].startswith("Embed Reyes") and text[a:b].endswith("website or blog")


def test_a_link_blurb_whose_full_name_is_not_glued_starts_at_the_repeated_name() -> None:
    text = (
        "Both House Speaker Ann Ruiz Ann Marie Ruiz Voters should say 'no' to the port plan "
        "Governor signs water bill MORE (D-Ore.) and the governor spoke."
    )
    ((a, b),) = page_furniture(text)
    assert text[a:b].startswith("Ann Marie Ruiz Voters") and text[a:b].endswith("MORE")


def test_a_name_repeated_without_a_blurb_is_no_furniture() -> None:
    # a guard (passes without the change too): words between the two names are no blurb
    text = "Ann Ruiz said Ann Ruiz would run again, MORE than once."
    assert page_furniture(text) == []


def test_a_countrys_spokesman_is_not_the_man_named_last(engine: FrozenEngine) -> None:
    # news-5k: "Iraq's military spokesman said ..." went to the fallen dictator of the sentence before
    text = (
        "Protesters have gathered in the capital for weeks in the biggest wave of protests since the "
        "fall of Robert Hamdan in 2003.\n\nThe death toll came as Iraq's military spokesman said "
        "security forces were ordered not to use live fire on demonstrators."
    )
    assert engine.quote_with(text, "were ordered not to use")["speaker"] == "Iraq's military spokesman"


def test_an_untagged_organisation_that_says_what_it_is_speaks(engine: FrozenEngine) -> None:
    text = (
        "Passblocks, a civil society group that tracks closures of mountain passes, said traffic "
        "dropped by half overnight.\n\nPassblocks said on Wednesday that the pass \u201cremains closed.\u201d"
    )
    assert engine.quote_with(text, "traffic dropped")["speaker"] == "Passblocks"
    assert engine.quote_with(text, "remains closed")["speaker"] == "Passblocks"


def test_people_named_by_a_capitalised_plural_stay_people(engine: FrozenEngine) -> None:
    # a guard (passes without the change too): a first try made "Lawyers" on news-5k a firm
    text = "Lawyers for the families said the order would stand until at least next week."
    q = engine.quote_with(text, "order would stand")
    assert q["speaker"].lower() == "lawyers for the families"


def test_a_name_the_model_took_into_an_organisation_with_its_title_is_a_person(engine: FrozenEngine) -> None:
    text = "Virginia Delegate Kathy Tran said the bill would ease the limits."
    assert engine.quote_with(text, "ease the limits")["speaker"] == "Kathy Tran"


def test_a_name_glued_to_the_title_before_it_is_the_speaker(engine: FrozenEngine) -> None:
    text = "FBI Special Agent in Charge Richard Dunmore said that the devices had been found."
    assert engine.quote_with(text, "devices had been found")["speaker"] == "Richard Dunmore"


def test_the_person_a_spokesperson_speaks_for_is_not_the_speaker(engine: FrozenEngine) -> None:
    # a guard: the name after a role ("Speaker ...") is the one spoken for
    text = "A spokesperson for House Speaker Nancy Pelosi said that paychecks were her top priority."
    assert engine.quote_with(text, "paychecks were")["speaker"] != "Nancy Pelosi"


def test_a_speakers_name_ends_before_a_paragraph_break(engine: FrozenEngine) -> None:
    text = (
        "Governor Matt Bevin defended the plan on Monday.\n\nIt will let workers \u201crise up,\u201d "
        "according to Bevin\n\nWithout the plan, the costs would grow."
    )
    speakers = {q.speaker for q in engine(text)._.quotes}
    assert speakers and all(s is None or s == s.strip() for s in speakers)


def test_who_says_after_a_relative_pronoun_is_the_speaker(engine: FrozenEngine) -> None:
    text = "Officers arrested the woman who police say slashed a stranger on the subway platform on Friday."
    assert engine.quote_with(text, "slashed a stranger")["speaker"] == "police"


def test_the_person_described_by_age_is_the_one_named_before(engine: FrozenEngine) -> None:
    text = (
        "Yankees outfielder Clint Frazier homered in the fourth inning.\n\nThe 25-year-old, who says he "
        "feels fine now, returned to practice on Friday.\n\nDidi Gregorius signed with the Phillies in "
        "the winter. The 30-year-old Phillies newcomer has said he will wear a mask in the dugout."
    )
    assert engine.quote_with(text, "feels fine")["speaker"] == "Clint Frazier"
    assert engine.quote_with(text, "wear a mask")["speaker"] == "Didi Gregorius"


def test_a_name_in_a_list_of_programs_is_no_person(engine: FrozenEngine) -> None:
    text = (
        "Anne Stauffer of the Pew Center said that the largest grants would be cut first.\n\n"
        "Other programs -- education grants, Head Start, nutrition programs for children and public "
        "housing -- would also likely be cut.\n\n\u201cThose are the largest grants at stake,\u201d she said."
    )
    assert engine.quote_with(text, "largest grants at stake")["speaker"] == "Anne Stauffer"


def test_a_party_label_is_the_one_of_that_party_named_before(engine: FrozenEngine) -> None:
    text = (
        "Governor Tom Vale, a Republican, signed the insurance bill on Monday. The signing brought "
        "a quick retort from Senate Democratic Leader Chuck Schumer.\n\n"
        "\u201cPremiums will go up for millions,\u201d the New York Democrat said in a statement."
    )
    assert engine.quote_with(text, "Premiums will go up")["speaker"] == "Chuck Schumer"

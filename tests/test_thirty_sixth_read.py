"""Faults the thirty-sixth session's QA read of real articles found, as mechanisms (stage 2 on
frozen parses): where words were said is not what was said, and who is asked is not who asks.

An object content ran on into the day or the place its cue's words were said ("claimed victory
in a tweet", "praised the plan in an interview"), where PolNeAR's annotators stop at the
object; "Trump didn't jab when asked whether ..." and "Christie said when asked whether ..."
gave the question to the one asked; a participle clause the parser took for the subject
("Answering questions at a hearing, Secretary Ellen Park said ...") left a named speaker
unnamed; "his Sept. 1 tweet that said ..." was a cue of its own beside the clause's "said".
Every text is invented.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("thirty_sixth_read")


@pytest.mark.parametrize(
    ("text", "cue", "content"),
    [
        ("Mayor Ana Reyes claimed victory in a tweet.", "claimed", "victory"),
        ("Governor Hale blamed the port officials on Twitter.", "blamed", "the port officials"),
        ("Mayor Ana Reyes praised the plan in an interview published Saturday.", "praised", "the plan"),
    ],
)
def test_an_object_ends_before_where_it_was_said(
    engine: FrozenEngine, text: str, cue: str, content: str
) -> None:
    (q,) = engine.with_cue(text, cue)
    assert q.content == content


def test_what_the_object_is_called_after_the_occasion_stays(engine: FrozenEngine) -> None:
    # news-5k: "He rejected Swetnick's claim in a statement Wednesday as “ridiculous ...”" lost its
    # quoted words to the claim's author when the content stopped at "in a statement"
    text = "Mayor Ana Reyes rejected Dolan's claim in a statement Wednesday as \u201cridiculous, silly.\u201d"
    q = engine.quote_with(text, "ridiculous")
    assert "Reyes" in q["speaker"] and q["content"].startswith("Dolan's claim")


def test_a_clause_keeps_its_own_day(engine: FrozenEngine) -> None:
    text = "Mayor Ana Reyes said she would visit the harbor on Tuesday."
    assert engine.quote_with(text, "visit the harbor")["content"] == "she would visit the harbor on Tuesday"


def test_who_is_asked_does_not_ask(engine: FrozenEngine) -> None:
    text = (
        "After weeks of attacking his opponents, Senator Ray Dolan didn't flinch when asked whether he "
        "would debate a room full of rookies on Thursday."
    )
    assert engine.quote_with(text, "debate a room full")["speaker"] is None


def test_who_answers_after_being_asked_still_speaks(engine: FrozenEngine) -> None:
    text = '"You bet I would," Governor Ray Dolan said when asked whether he would close the bridge.'
    assert engine.quote_with(text, "You bet")["speaker"] == "Ray Dolan"
    assert engine.quote_with(text, "close the bridge")["speaker"] is None


def test_a_participle_before_the_name_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "Answering questions at a June council hearing, Parks and Water Commissioner Ellen Park said "
        "Brooks was in charge of the bridge project."
    )
    assert engine.quote_with(text, "in charge of the bridge")["speaker"] == "Ellen Park"


def test_a_relative_clause_that_says_is_no_content_of_its_noun(engine: FrozenEngine) -> None:
    text = "The mayor defended his Sept. 1 tweet that said the storm would hit the harbor."
    found = [q for q in engine(text)._.quotes if q.content.startswith(("that", "the storm"))]
    assert [(q.cue.text, q.content) for q in found] == [("said", "the storm would hit the harbor")]


CROWD = (
    "\u201cYou can do it. Do not back down,\u201d one man shouted as Dolan walked by.\n\n"
    "Amid the throngs of chanting supporters, some skeptics also emerged.\n\n"
    "{name} said that she was not sure whether she could support Dolan.\n\n"
    "\u201cIf he is a future mayor, that would be awesome, to see him,\u201d she said."
)


def test_a_she_is_not_a_man_described_before(engine: FrozenEngine) -> None:
    text = CROWD.format(name="Bryannah Slate")
    assert engine.quote_with(text, "future mayor")["speaker"] != "one man"


def test_an_unknown_first_name_beside_a_person_noun_is_a_person(engine: FrozenEngine) -> None:
    text = CROWD.format(name="Bryannah Slate, a sophomore at Iowa State University,")
    assert engine.quote_with(text, "future mayor")["speaker"] == "Bryannah Slate"


def test_a_she_before_is_no_antecedent_of_a_he(engine: FrozenEngine) -> None:
    # news-5k: "singer Ariana Grande “licking” donuts she did not buy ... Her accused killer is
    # Juan Lopez-Sanchez, ..., choosing San Francisco, he reportedly said, because ..." went to
    # the singer, whose first name the lexicon does not know, through the "she" resolved to her
    text = (
        "Anyone who reads the news, between stories about shark attacks or singer Ariana Vell "
        "\u201cmaliciously licking\u201d donuts she did not buy, has heard about 32-year-old Kathryn "
        "Moss shot by a drifter while walking on a harbor pier with her father. Her accused killer is "
        "Tomas Ferreira-Lind, a felon from the north, who had been jailed five times but always "
        "managed to sneak back in, choosing the harbor, he reportedly said, because he knew it was "
        "a \u201csafe city\u201d that would not jail him."
    )
    assert engine.quote_with(text, "accused killer")["speaker"] == "Tomas Ferreira-Lind"


def test_a_name_in_a_media_caption_is_no_antecedent(engine: FrozenEngine) -> None:
    text = (
        "Tom Dolan also called the board's inspectors \u201csome of the worst people on Earth\u201d.\n\n"
        "Media playback is unsupported on your device Media caption Victor Hale: \u201cNo confidence "
        "that there was no fault\u201d\n\n"
        "He claimed Mr Hale had approached him at the town hall in 2017 seeking his old job back."
    )
    assert engine.quote_with(text, "approached him")["speaker"] == "Tom Dolan"


def test_a_they_goes_on_with_the_they_before(engine: FrozenEngine) -> None:
    # QA read: "They also want assurances ... to help lower-income people ... And they are asking
    # McConnell" went to the lower-income people
    text = (
        "Centrist senators met in the leader's office on Thursday.\n\n"
        "They also want assurances from Mr. Lane on how $70 billion to help lower-income people buy "
        "insurance will be spent.\n\n"
        "And they are asking Mr. Lane to put billions of dollars more on the table."
    )
    assert engine.quote_with(text, "billions of dollars more")["speaker"] != "lower-income people"


def test_a_who_that_say_describes_the_people_not_the_thing(engine: FrozenEngine) -> None:
    # QA read: "a source of contention for some Republican lawmakers in those high-tax states, who
    # say ..." was shown as said by "a source"
    text = (
        "The measure has been a source of contention for some harbor commissioners in those coastal "
        "towns, who say the limit raises fees for many of their neighbors."
    )
    assert engine.quote_with(text, "raises fees")["speaker"] == "some harbor commissioners"


def test_the_words_before_a_speech_noun_can_name_its_speaker(engine: FrozenEngine) -> None:
    # QA read: "Witnesses claim that police shot ..., strongly denying police claims that he was
    # carrying a knife" gave the police's claim to the witnesses
    text = (
        "Witnesses claim that officers shot the man as he walked toward them, strongly denying "
        "police claims that he was carrying a knife."
    )
    assert [(q.content, q.speaker) for q in engine.with_cue(text, "claims")] == [
        ("that he was carrying a knife", "police")
    ]


def test_the_young_mayor_is_the_mayor_named_before(engine: FrozenEngine) -> None:
    text = (
        "South Bend Mayor Pete Vardy spoke at the forum on Sunday.\n\n"
        "Biden has led the race for months.\n\n"
        "\u201cLook, I was not there for the debate,\u201d the young mayor said."
    )
    assert engine.quote_with(text, "not there for the debate")["speaker"] == "Pete Vardy"


def test_the_paper_is_the_times_named_before(engine: FrozenEngine) -> None:
    text = (
        "The Harbor Times notes that Mayor Dana Lee has claimed the report is 700 pages long. "
        "The paper also reminds us that the last audit was 445 pages long."
    )
    assert engine.quote_with(text, "last audit")["speaker"] == "Harbor Times"


def test_a_clause_reported_by_said_is_no_frame_around_it(engine: FrozenEngine) -> None:
    # QA read: the pledge's content was shown as "He said would also be enough to cover ..."
    text = "He said leaders pledged the harbor fund would also be enough to cover the higher costs."
    assert all(not q.content.startswith("He said") for q in engine(text)._.quotes)


def test_a_quotes_own_said_keeps_its_closing_cue(engine: FrozenEngine) -> None:
    text = (
        "\u201cEurope has obviously stood up and said, \u2018We have a huge problem.\u2019 The prime "
        "minister came out and said, \u2018Here is my plan,\u2019\u201d Mr. Rogers told the Sunday show."
    )
    assert engine.quote_with(text, "Europe has obviously")["speaker"] == "Rogers"


def test_the_object_of_a_phrase_before_a_pronoun_is_not_its_referent(engine: FrozenEngine) -> None:
    text = (
        "The singer Tomas Vell changed his look every year.\n\n"
        "In a 1974 interview with the host Dick Carver, he said he started carrying a cane when "
        "he noticed his fans doing so."
    )
    assert engine.quote_with(text, "carrying a cane")["speaker"] == "Tomas Vell"


def test_the_owner_in_a_phrase_before_a_pronoun_still_is(engine: FrozenEngine) -> None:
    text = (
        "The old king spoke of the war.\n\n"
        "During Prince Harald's visit to the harbor, he joked with the sailors and asked them "
        "\u201cWho is your favourite?\u201d"
    )
    assert engine.quote_with(text, "your favourite")["speaker"] == "Harald"


def test_a_clause_before_a_cue_that_does_its_own_thing_is_not_its_content(engine: FrozenEngine) -> None:
    # QA read: "As the death toll rises — ... — the attack adds extra weight to the question" made
    # the narration before "adds" the attack's words
    text = (
        "As the toll rises \u2014 now 50 lives have been lost since Friday, making it one of the worst "
        "attacks in memory \u2014 the attack adds extra weight to the question that platforms must answer."
    )
    assert engine.with_cue(text, "adds") == []


@pytest.mark.parametrize(
    "text",
    [
        "The threat level could be raised to its highest in years, security sources told British paper "
        "The Harbor Times on Sunday.",
        "That one call dealt with four subjects, he said: a plane crash, Christmas and a conference.",
    ],
)
def test_a_listener_or_a_list_after_the_cue_keeps_the_clause_before(engine: FrozenEngine, text: str) -> None:
    assert [q.content for q in engine(text)._.quotes if q.cue and q.cue.text in ("told", "said")]


def test_whom_he_has_slammed_is_his_words_not_theirs(engine: FrozenEngine) -> None:
    # QA read: "his rivals, whom he's invariably slammed as “weak,” ..." went to the rivals: the
    # parser read "'s" (has) as a passive's "is"
    text = (
        "Mayor Tom Dolan spoke for an hour.\n\n"
        "Kind words rarely leave Dolan's mouth as he discusses his rivals, whom he's invariably "
        "slammed as \u201cweak,\u201d \u201cboring\u201d and a \u201cdisgrace.\u201d"
    )
    assert [q.source.text for q in engine.with_cue(text, "slammed") if q.source] == ["he"]

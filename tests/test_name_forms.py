"""Names spelt more than one way, and names the parse hid (stage 3 on the model's parse).

Raw attributions are written by hand on frozen parses, as in ``test_speakers.py``, so a failure
is one of coreference alone. Found on real news (QA read, twenty-second session; the 370
articles of the speakers check).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenParses
from test_speakers import raw, run

from sayso.quotes.coref import Coref


@pytest.fixture(scope="module")
def parses() -> Iterator[FrozenParses]:
    frozen = FrozenParses("name_forms")
    yield frozen
    frozen.save()  # only in record mode


def test_a_hyphenated_given_name_is_one_person_however_spelt(parses: FrozenParses) -> None:
    # "Kim Jong-un" stopped at the hyphen ("Kim Jong"), and "Kim Jong Un" in the same
    # article was another person.
    text = (
        "North Korean leader Kim Jong-un met the envoy in Pyongyang on Tuesday.\n\n"
        "\u201cWe are ready to talk,\u201d Kim Jong Un said after the meeting.\n\n"
        "Kim said the talks would go on in the spring."
    )
    quotes, speakers = run(
        parses,
        text,
        [
            raw(text, "We are ready to talk,", "Kim Jong Un"),
            raw(text, "the talks would go on in the spring", ("Kim", 2), kind="indirect"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Kim Jong-un", "Kim Jong-un"]
    assert [s.name for s in speakers] == ["Kim Jong-un"]


def test_a_name_with_a_lower_case_syllable_is_whole(parses: FrozenParses) -> None:
    # "South Korean President Moon Jae-in, who met ..." had no speaker at all.
    text = "South Korean President Moon Jae-in, who met the envoy last week, insists that talks can work."
    quotes, _ = run(
        parses,
        text,
        [
            raw(
                text,
                "that talks can work",
                "South Korean President Moon Jae-in, who met the envoy last week",
                kind="indirect",
            )
        ],
    )
    assert quotes[0].speaker == "Moon Jae-in"


def test_the_one_person_named_in_a_source_the_parse_hid(parses: FrozenParses) -> None:
    # "Antigua and Barbuda Prime Minister Gaston Browne estimates": the parser made the island
    # the head and the name its conjunct, and the source had no speaker.
    text = (
        "The storm hit the islands on Monday. Antigua and Barbuda Prime Minister Marla Quince "
        "estimates rebuilding will cost $90m."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(
                text,
                "rebuilding will cost $90m",
                "Antigua and Barbuda Prime Minister Marla Quince",
                kind="indirect",
            )
        ],
    )
    assert quotes[0].speaker == "Marla Quince"


def test_a_name_that_modifies_a_common_noun_is_not_the_source(parses: FrozenParses) -> None:
    # "Another high profile Bush financial backer, who ..." is not Bush.
    text = (
        "Jeb Bush spoke in Concord on Monday.\n\n"
        "Another Bush financial backer, who has known the family for years, said most donors "
        "would wait until the next primary."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(
                text,
                "most donors would wait until the next primary",
                "Another Bush financial backer, who has known the family for years",
                kind="indirect",
            )
        ],
    )
    assert quotes[0].speaker != "Jeb Bush"


def test_an_embedded_posts_signature_names_its_account(parses: FrozenParses) -> None:
    # "— Brit Hume (@brithume) July 8, 2019": the model saw no name, and the post had no speaker.
    text = (
        "The column drew replies within the hour.\n\n"
        "The fix is in the footnotes, not the headline.\n\n"
        "\u2014 Tess Orme (@tessorme) July 8, 2019\n\n"
        "Nobody reads the footnotes.\n\n"
        "\u2014 Free Ledger (@freeledger) July 8, 2019"
    )
    quotes, speakers = run(
        parses,
        text,
        [
            raw(text, "The fix is in the footnotes, not the headline.", "Tess Orme"),
            raw(text, "Nobody reads the footnotes.", "Free Ledger"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Tess Orme", "Free Ledger"]
    assert speakers[1].kind == "group"  # (the model read the first name as an organisation's)


def test_three_names_with_party_tags_are_one_group_and_its_they(parses: FrozenParses) -> None:
    # QA read, twenty-third session: "Sens. Rand Paul, R-Ky., Mike Lee, R-Utah, and Ted Cruz"
    # was shown as two of the three (the parser hangs the second on the first one's party tag),
    # and their "they" went to the state of a party tag.
    text = (
        "Republicans Tom Harlan, R-Ky., Mike Dorsey, R-Utah, and Ted Walsh, R-Texas, are vowing to block "
        'any new limits on the harbor fund. "We will oppose it," they wrote.'
    )
    source = "Republicans Tom Harlan, R-Ky., Mike Dorsey, R-Utah, and Ted Walsh, R-Texas"
    quotes, speakers = run(
        parses,
        text,
        [
            raw(text, "to block any new limits on the harbor fund", source, kind="indirect"),
            raw(text, "We will oppose it,", "they"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Tom Harlan, Mike Dorsey and Ted Walsh"] * 2
    assert [s.name for s in speakers] == ["Tom Harlan, Mike Dorsey and Ted Walsh"]


def test_a_list_of_names_offers_they_the_whole_list_not_its_tail(parses: FrozenParses) -> None:
    # QA read, twenty-third session: the parse also joins "Mike Lee and Ted Cruz" inside the
    # list of three, and that pair, as recent as the whole list, took the trio's "they".
    text = "Republicans Tom Harlan, R-Ky., Mike Dorsey, R-Utah, and Ted Walsh, R-Texas, wrote to the leader."
    coref = Coref(parses.parse(text))
    groups = [m.entity.name for m in coref.index.plural_antecedents if m.entity.members]
    assert groups == ["Tom Harlan, Mike Dorsey and Ted Walsh"]


def test_a_title_on_a_surname_picks_the_namesake_who_holds_it(parses: FrozenParses) -> None:
    # QA read, twenty-fourth session: "Rev. Scalia" and his homily went to his late father, the
    # justice, whom the bare surname had stood for until then.
    text = (
        "Justice Ada Marsh was remembered Saturday. Marsh served on the court for 30 years, "
        "and Marsh wrote many dissents.\n\n"
        "The Mass was led by the Rev. Paul Marsh, her son.\n\n"
        "\u201cShe loved the old hymns,\u201d Rev. Marsh said."
    )
    quotes, _ = run(parses, text, [raw(text, "She loved the old hymns,", "Rev. Marsh")])
    assert quotes[0].speaker == "Paul Marsh"


def test_a_bare_surname_beside_its_namesake_is_someone_else(parses: FrozenParses) -> None:
    # QA read, twenty-fourth session: "Trump and first lady Melania Trump are slated to ...";
    # every later "Trump said" went to her.
    text = (
        "The visit was announced Monday.\n\n"
        "Trump and first lady Melania Trump are slated to visit the city on Tuesday.\n\n"
        "\u201cI am going to the hospital,\u201d Trump said.\n\n"
        "\u201cWe grieve with the families,\u201d Mrs. Trump said in a statement."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "I am going to the hospital,", ("Trump", 2)),
            raw(text, "We grieve with the families,", "Mrs. Trump"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Trump", "Melania Trump"]


def test_a_former_title_is_the_former_holders_and_a_vice_presidents_is_another_office(
    parses: FrozenParses,
) -> None:
    # QA read six: "the former president" after "former President Bill Clinton" stayed a speaker
    # of its own; on news-5k "former Vice President Dick Cheney" held the role "president".
    text = (
        "Former President Ben Marsh praised his wife on Tuesday. Former Vice President Tom Lake "
        "and President Ida Quell spoke later.\n\n"
        "The former president recalled how she had pushed him into politics.\n\n"
        "The former vice president said the party was united.\n\n"
        "The president said the plan would pass."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "how she had pushed him into politics", "The former president", kind="indirect"),
            raw(text, "the party was united", "The former vice president", kind="indirect"),
            raw(text, "the plan would pass", "The president", kind="indirect"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Ben Marsh", "Tom Lake", "Ida Quell"]


def test_a_relative_named_in_full_late_is_not_the_bare_surname_in_use(parses: FrozenParses) -> None:
    # Thirtieth session (compare_check): an article that calls the president only "Trump" then
    # names "his father, Frederick Trump"; every "Trump said" went to the father.
    text = (
        "Dunn defended the harbor plan on Monday. \u201cWe will not wait for the county,\u201d Dunn "
        "said. Dunn added that the vote would come in May. \u201cThe pier is ours,\u201d Dunn told "
        "reporters. Dunn grew up in the town, where his father, Harold Dunn, was a sailor."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "We will not wait for the county,", ("Dunn", 1)),
            raw(text, "The pier is ours,", ("Dunn", 3)),
        ],
    )
    assert [q.speaker for q in quotes] == ["Dunn", "Dunn"]


def test_a_relative_named_in_full_first_keeps_the_bare_surname(parses: FrozenParses) -> None:
    text = (
        "His father, Harold Dunn, was a sailor in the town for forty years. \u201cThe sea was "
        "all we had,\u201d Dunn said on Monday."
    )
    quotes, _ = run(parses, text, [raw(text, "The sea was all we had,", ("Dunn", 1))])
    assert [q.speaker for q in quotes] == ["Harold Dunn"]

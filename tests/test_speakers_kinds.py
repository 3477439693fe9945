"""Speakers are people, groups, organisations or documents; phrases that name nobody are not.

The word-class tests build ``WordClasses`` by hand, so they need no model; the end-to-end test
parses an invented article with the installed model and writes the raw attributions by hand, so
a failure there is one of stage 3 alone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_speakers_unit import check_consistent

from sayso.quotes.coref.agents import WordClasses, is_common_words, noun_class
from sayso.quotes.speakers import resolve
from sayso.quotes.types import RawAttribution

WORDS = WordClasses(
    verbs=frozenset({"support", "organize", "consult", "reside", "run", "supply", "hide"}),
    words=frozenset({"hide", "caption", "read", "more", "watch", "support"}),
)


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("spokeswoman", "person"),  # gendered noun
        ("admiral", "person"),  # a rank used as a title
        ("economist", "person"),  # agentive ending on its own
        ("supporter", "person"),  # verb + -er
        ("organizer", "person"),  # verb + -e + -er
        ("runner", "person"),  # doubled consonant
        ("supplier", "person"),  # -y -> -ier
        ("resident", "person"),  # verb + -ent
        ("consultant", "person"),  # verb + -ant
        ("committee", "group"),
        ("statement", "document"),
        ("indictment", "document"),
        ("letter", "document"),
        ("polling", "document"),  # "exit polling showed": a survey, not a person
        ("side", "group"),  # "the other side warned": the people of one camp
        ("lid", None),  # an object
        ("frustration", None),  # an emotion
        ("hand", None),  # a body part
        ("excitement", None),  # -ment: an act or a state, not an agent
        ("agent", "person"),  # a people-noun with no agentive ending
        ("accident", None),  # -ent without a verb stem
        ("number", None),  # "survey numbers show": an amount; "a number of voters" are the voters
        ("handful", None),
    ],
)
def test_noun_classes(noun: str, expected: str | None) -> None:
    assert noun_class(noun, WORDS) == expected


def test_without_the_verb_list_morphology_needs_a_self_standing_ending() -> None:
    bare = WordClasses()
    assert noun_class("economist", bare) == "person"
    assert noun_class("consultant", bare) is None or noun_class("consultant", bare) == "person"
    assert noun_class("lid", bare) is None


def test_a_line_of_ordinary_words_is_no_name() -> None:
    assert is_common_words(["Hide", "Caption"], WORDS)
    assert is_common_words(["WATCHED"], WORDS)  # an inflected ordinary word
    assert not is_common_words(["Hilaria"], WORDS)
    assert not is_common_words(["Read", "Okonkwo"], WORDS)
    assert not is_common_words(["Hide"], WordClasses())  # no lists: nothing is ruled out


STORY = (
    "Engineers opened the old boiler at the Marlow pier on Monday. "
    "The lid of the boiler suggested that someone had tampered with it. "
    "Her frustration showed that the talks had failed. "
    "A statement from the Harbour Authority said the pier would close. "
    "The statement added that repairs would take a month. "
    "A report said the costs would double. "
    "Maria Jensen, a harbour engineer, said the pier was safe. "
    "I think the council got this wrong."
)


def _span(text: str, words: str) -> tuple[int, int]:
    m = re.search(r"(?<!\w)" + re.escape(words) + r"(?!\w)", text)
    assert m is not None, words
    return m.start(), m.end()


def _raw(content: str, source: str) -> RawAttribution:
    return RawAttribution("indirect", (_span(STORY, content),), None, _span(STORY, source), 0.9)


@pytest.mark.model
def test_speakers_are_people_groups_or_documents(nlp: Any) -> None:
    with nlp.select_pipes(disable=["sayso_quotes"]):  # the model's parse only
        doc = nlp(STORY)
    raws = [
        _raw("someone had tampered with it", "The lid of the boiler"),
        _raw("the talks had failed", "Her frustration"),
        _raw("the pier would close", "A statement from the Harbour Authority"),
        _raw("repairs would take a month", "The statement"),
        _raw("the costs would double", "A report"),
        _raw("the pier was safe", "Maria Jensen, a harbour engineer"),
        _raw("the council got this wrong", "I"),
    ]
    quotes, speakers = resolve(doc, raws, words=WordClasses.from_nlp(nlp))
    check_consistent(STORY, quotes, speakers)
    by_content = {q.content: q for q in quotes}
    assert by_content["someone had tampered with it"].speaker is None  # an object
    assert by_content["the talks had failed"].speaker is None  # an emotion
    # a document tied to its author, and "the statement" later goes back to the same author
    author = by_content["the pier would close"].speaker
    assert author is not None and "Harbour Authority" in author
    assert by_content["repairs would take a month"].speaker == author
    kinds = {s.name: s.kind for s in speakers}
    assert kinds[author] == "group"
    assert kinds["a report"] == "document"
    assert kinds["Maria Jensen"] == "person"
    assert kinds["the author"] == "author"  # the narrator, apart from the people quoted
    assert set(kinds.values()) <= {"person", "group", "document", "author"}


@pytest.mark.model
def test_the_people_of_a_partitive_amount_speak(nlp: Any) -> None:
    text = "A number of farmers said the tariff hurt. Fresh survey numbers show the tariff losing support."
    with nlp.select_pipes(disable=["sayso_quotes"]):
        doc = nlp(text)

    def raw(content: str, source: str) -> RawAttribution:
        c, s = text.index(content), text.index(source)
        return RawAttribution("indirect", ((c, c + len(content)),), None, (s, s + len(source)), 0.9)

    raws = [
        raw("the tariff hurt", "A number of farmers"),
        raw("the tariff losing support", "Fresh survey numbers"),
    ]
    quotes, _ = resolve(doc, raws, words=WordClasses.from_nlp(nlp))
    assert quotes[0].speaker == "a number of farmers"  # the farmers, not "a number"
    assert quotes[1].speaker is None  # numbers name nobody


@pytest.mark.model
def test_a_clause_the_model_read_as_one_name_is_cut_at_its_verb(nlp: Any) -> None:
    """Fourteenth session: in a heading in title case the model tags a whole clause as one ORG
    ("The Council Announced That Many Harbor Bridges Would Be Closed"); the speaker is the
    council, not a name running over the heading (``view._before_clause``)."""
    text = (
        "Years Ago, The Council Announced That Many Harbor Bridges Would Be Closed\n\n"
        "The council said on Monday that two bridges would reopen."
    )
    names = {s.name for s in nlp(text)._.speakers}
    assert names == {"the council"}


@pytest.mark.model
def test_the_authors_coordinated_with_a_title_speak_not_the_title(nlp: Any) -> None:
    """Fourteenth session: 'In their book The Public Wealth of Nations, Ada Brandt and Rhys
    Okafor argue that ...': the parser makes the title the subject and the authors its
    conjuncts; the authors speak (``sources._authors_of_title``)."""
    text = (
        "In their 2015 book The Public Wealth of Nations, Ada Brandt and Rhys Okafor argue that "
        "governments own far more than they know."
    )
    (quote,) = [q for q in nlp(text)._.quotes if "governments own" in q.content]
    assert quote.source is not None and quote.source.text == "Ada Brandt and Rhys Okafor"


def test_the_packaged_first_names_are_learned_counts() -> None:
    """scripts/learn_name_genders.py: counts per first name, one gender clearly ahead."""
    import json
    from importlib import resources

    from sayso.quotes.coref.lexicon import gender_of_first_name

    names = json.loads(resources.files("sayso").joinpath("data", "name_genders.json").read_text())["names"]
    assert names and all(m + f >= 2 and m != f for m, f in names.values())
    assert gender_of_first_name("Nancy") == "f" and gender_of_first_name("JOHN") == "m"
    assert gender_of_first_name("Zzyzx") is None


@pytest.mark.model
def test_a_first_name_tells_whom_she_is(nlp: Any) -> None:
    """Fourteenth session: with a man and a woman in reach and no title, "she" went to the man
    (the subject); the first names' usual genders tell them apart (``build.first_name_votes``)."""
    text = (
        "Mark Brandt had pushed the harbor plan for months, according to Maria Okafor. "
        "But she refused to sign it.\n\n“The plan is reckless,” she said."
    )
    (quote,) = [q for q in nlp(text)._.quotes if q.kind == "direct"]
    assert quote.speaker == "Maria Okafor"


@pytest.mark.model
def test_a_name_in_capitals_labelling_a_line_speaks_a_heading_does_not(nlp: Any) -> None:
    """Fifteenth session: in a transcript the tagger reads a name in capitals it does not know
    as a verb and an adverb ("ODALYS VANTERPOOL:"), so the turn had no speaker; a heading of
    ordinary words in capitals ("FILE PHOTO:") names nobody (``resolve._person_named``)."""
    text = (
        "This is a rush transcript.\n\n"
        "ODALYS VANTERPOOL: We begin with the harbor, which has become the largest bankrupt port.\n\n"
        "FILE PHOTO: The mayor speaks at the hall."
    )
    speakers = {q.content[:9]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["We begin "] == "Odalys Vanterpool"
    # A kicker heads a caption: no speaker, and since the seventeenth session no item at all.
    assert speakers.get("The mayor") is None


@pytest.mark.model
def test_an_agency_the_model_did_not_tag_speaks_by_its_acronym(nlp: Any) -> None:
    """Fifteenth session: "ICE said ..." (tagged a common noun, no entity) named nobody; an
    acronym in a sentence in ordinary case is an agency, unless it is a role ("the CEO")."""
    text = "ICE said on Monday that no employees were harmed.\n\nThe CEO said the plant would close."
    speakers = {q.content[:8]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["that no "] == "ICE"
    assert speakers["the plan"] == "the CEO"


def test_counsel_names_a_person() -> None:
    assert noun_class("counsel", WORDS) == "person"  # "the special counsel said"


@pytest.mark.parametrize("noun", ["affidavit", "datum", "evidence", "story", "tally", "headline"])
def test_records_and_texts_are_documents_not_people(noun: str) -> None:
    """Fifteenth session: nouns PolNeAR marks as sources that speak as a text or a record does
    ("the affidavit says", "data show") were people by the learned list; they are documents."""
    assert noun_class(noun, WORDS) == "document"


@pytest.mark.model
def test_a_name_that_takes_the_is_an_organisation(nlp: Any) -> None:
    """Sixteenth session: "The Westbrook Evening Ledger reports ..." (a paper the NER did not
    tag, whose words are ordinary ones) named nobody; a proper name after "the" is an
    organisation's, never a person's. A title after "the" stays a person ("The President")."""
    text = (
        "The Westbrook Evening Ledger reports that the district will close two schools.\n\n"
        "The President said the schools would stay open."
    )
    doc = nlp(text)
    speakers = {q.content[:12]: q.speaker for q in doc._.quotes}
    kinds = {s.name: s.kind for s in doc._.speakers}
    assert speakers["that the dis"] == "Westbrook Evening Ledger"
    assert kinds["Westbrook Evening Ledger"] == "group"
    assert kinds[speakers["the schools "]] == "person"


@pytest.mark.model
def test_a_documents_possessor_is_named_without_its_possessive(nlp: Any) -> None:
    """Sixteenth session: "The agency's report says" gave the speaker "the agency's"."""
    text = "The agency's latest report says that the river has risen by a metre since May."
    (quote,) = nlp(text)._.quotes
    assert quote.speaker == "the agency"


@pytest.mark.parametrize(
    ("noun", "expected"),
    [("database", "document"), ("contract", "document"), ("nonprofit", "group"), ("service", "group")],
)
def test_organisations_and_records_named_by_their_kind(noun: str, expected: str) -> None:
    """Sixteenth session: "The park service said", "The nonprofit says", "the database says"
    named nobody on real news (speaker None, shown "unattributed")."""
    assert noun_class(noun, WORDS) == expected


@pytest.mark.model
def test_who_after_a_name_set_off_by_a_comma_is_that_person(nlp: Any) -> None:
    """Sixteenth session: in "a furious response from Rep. Ada Okafor, who tweeted ..." the
    "who" was taken for the response (a preposition's object climbs to its noun, as "the head
    of the farm bureau, who" must) and the quote had no speaker. A name set off by a comma is
    the one described; without the comma the clause restricts the noun ("a critic of Donald
    Trump who denounced him" is the critic)."""
    text = (
        "The plan prompted a furious response from Rep. Ada Okafor, who tweeted at the mayor, "
        "“You can’t run this harbor alone.”\n\n"
        "Senator Maria Lentz, a harsh critic of Tom Brill who denounced him on Monday, said the "
        "ferry would run all summer."
    )
    speakers = {q.content[:12]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["You can’t ru"] == "Ada Okafor"
    assert "Tom Brill" not in speakers.values()


def test_signs_held_up_are_documents() -> None:
    """Sixteenth session: "a handmade sign that reads “...”" had no speaker."""
    assert noun_class("sign", WORDS) == "document"


@pytest.mark.model
def test_a_name_read_as_an_organisation_but_titled_as_a_person_is_a_person(nlp: Any) -> None:
    """Sixteenth session: the small model reads some two-word names as an organisation
    ("Eleanor Smeal" in "Eleanor Smeal, president of the Feminist Majority, said"), so she was a
    group and the next "she" found nobody. A person's title or a gendered noun in apposition
    makes the name a person's."""
    text = (
        "“We will win,” Eleanor Smeal, president of the Feminist Majority, said Friday in "
        "Baltimore.\n\n“We must get out the vote,” she told her cheering audience."
    )
    doc = nlp(text)
    speakers = {q.content[:7]: q.speaker for q in doc._.quotes}
    assert speakers["We must"] == "Eleanor Smeal"
    assert {s.name: s.kind for s in doc._.speakers}["Eleanor Smeal"] == "person"


@pytest.mark.model
def test_who_after_a_thing_speaks_of_the_people_before_it(nlp: Any) -> None:
    """Seventeenth session: in "allegations by several women who claim ..." the parser hangs the
    clause on "allegations", which names nobody; "who" is the women (``relatives.person_before_who``).
    A noun that can name someone stays the antecedent ("a critic of the mayor who ...")."""
    text = (
        "The council cited allegations by several women who claim that the harbor master "
        "harassed them.\n\n"
        "The council heard from a critic of the mayor who says that the ferry should close."
    )
    speakers = {q.content[:12]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["that the har"] == "several women"
    assert speakers["that the fer"] == "a critic"


@pytest.mark.model
def test_plural_records_are_documents_and_plural_things_are_nobody(nlp: Any) -> None:
    """Seventeenth session: plural subjects of the narration were made groups for a later "they"
    whatever they named, so "the records show" and "these estimates assume" spoke as groups;
    only people are groups now ("Officials said ... They added")."""
    text = (
        "The records show that the harbor master paid the fine. "
        "Officials said the pier would open in May. They added that the fee would rise."
    )
    doc = nlp(text)
    kinds = {s.name: s.kind for s in doc._.speakers}
    assert kinds["the records"] == "document"
    assert kinds["officials"] == "group"
    (added,) = [q for q in doc._.quotes if "fee would rise" in q.content]
    assert added.speaker == "officials"


@pytest.mark.model
def test_a_relative_that_speaks_for_the_record_it_stands_for(nlp: Any) -> None:
    """Eighteenth session: "a statement that said ..." gave its quote no speaker ("that" was read
    as a pronoun that names nobody, "which" was not). A relative "that" is its antecedent when
    that can speak (a person, a group, a record); a clause the parser hung on the object of a
    preposition after a record is the record's ("a banner over the pier that read"); a thing
    that cannot speak stays nobody."""
    text = (
        "The harbor board released a statement that said the ferry would run until May.\n\n"
        "Protesters flew a banner over the pier that read “Keep the ferry afloat.”\n\n"
        "It was the steep fare that suggested the board had given up on the ferry."
    )
    doc = nlp(text)
    speakers = {q.content[:12]: q.speaker for q in doc._.quotes}
    # (twenty-third session: a statement the board released is the board's words)
    assert speakers["the ferry wo"] == "the harbor board"
    assert speakers["Keep the fer"] == "a banner"
    assert speakers.get("the board ha") is None
    kinds = {s.name: s.kind for s in doc._.speakers}
    assert kinds["a banner"] == "document"


@pytest.mark.model
def test_a_paper_named_with_the_is_not_the_person_of_that_surname(nlp: Any) -> None:
    """Eighteenth session: "The Hill reported" beside "Rep. Ann Hill said" gave the paper's
    report to the congresswoman, twice over: coreference took the lone "Hill" for her short
    name, and the speakers' fuller-name rule joined the group "Hill" to her."""
    text = (
        "Rep. Ann Hill said the ferry vote would come on Friday. "
        "The Hill reported that a group of senators would meet on Monday."
    )
    speakers = {q.content[:12]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["the ferry vo"] == "Ann Hill"
    assert speakers["that a group"] not in (None, "Ann Hill")


@pytest.mark.model
def test_a_role_with_a_name_inside_is_no_holder_of_that_role_named_later(nlp: Any) -> None:
    """Eighteenth session: "said the President of NumbersUSA Roy Beck" went to the President
    Calvin Coolidge of a later paragraph: the role "President" matched him. Words that name a
    person of their own are not a holder of the role named only further on; one named before
    still is ("Lee Park, a spokesman for Tom Vale, ... the spokesman for Tom Vale")."""
    text = (
        "“We need firm limits on the harbor,” said the President of HarborWatch Tom Vale. "
        "Decades ago, President Calvin Marsh signed the first harbor law.\n\n"
        "Lee Park, a spokesman for the port, said the plan was sound. "
        "“It will pass,” said the spokesman for the port."
    )
    speakers = {q.content[:10]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["We need fi"] != "Calvin Marsh"
    assert speakers["It will pa"] == "Lee Park"


@pytest.mark.model
def test_the_people_a_video_shows_are_not_its_authors(nlp: Any) -> None:
    """Eighteenth session: "A 2013 video of Ryan and Gutierrez ... shows just how far Ryan is
    willing to go" gave the writer's claim to "Paul Ryan and Luis Gutierrez": the "of" of a
    document names its author ("a statement of the port authority"), not that of a picture."""
    text = (
        "A little-noticed video of Ann Pike and Tom Vale shows how far Pike will go on the deal. "
        "A statement of the port authority said the deal was off."
    )
    speakers = {q.content[:8]: q.speaker for q in nlp(text)._.quotes}
    assert speakers["how far "] not in ("Ann Pike", "Tom Vale", "Ann Pike and Tom Vale")
    assert speakers["the deal"] == "the port authority"


@pytest.mark.model
def test_an_embedded_tweet_is_its_authors_words(nlp: Any) -> None:
    """Eighteenth session: a tweet a page embeds ('... — Name (@handle) Month D, YYYY') has no
    quotation marks and no cue word, so it was not found at all (652 such lines in 307 of
    news-5k's 5,000 articles; 519 are found now). A report read off a cue inside it is part of
    it; a quote in marks inside it keeps its own speaker, and the tweet is not reported again."""
    text = (
        "The mayor answered online.\n\n"
        "I called the harbor board today. The ferry will run all winter! pic.twitter.com/AbC123 "
        "— Ann Pike (@AnnPikeMayor) December 3, 2026\n\n"
        'Port chief on the plan: "we will not close the pier" — Tom Vale (@TomValeNews) December 3, 2026\n\n'
        "The council meets on Monday."
    )
    quotes = nlp(text)._.quotes
    tweet = [q for q in quotes if q.content.startswith("I called the harbor board")]
    assert len(tweet) == 1 and tweet[0].kind == "direct" and tweet[0].speaker == "Ann Pike"
    assert tweet[0].content.endswith("all winter!")  # the picture link is the page's, not hers
    assert not any(q.content.startswith("Port chief") for q in quotes)
    assert [q.content for q in quotes if "close the pier" in q.content] == ["we will not close the pier"]

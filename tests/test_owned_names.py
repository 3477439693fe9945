"""People named after an outlet's possessive, an agency's office, an acronym that is also a
pronoun, a person the model tags an organisation, names the model cuts in two (stage 3 on
frozen parses).

Found on real articles (thirty-third session): the model reads "The Ledger’s Ana Pell" as one
organisation, or tags "National Gazette’s" and leaves the reporter's name untagged, so the
reporter was shown as the outlet's phrase or as nobody (``coref.ner._owned_people``); an
agency's "Office of Inspector General" lost the agency's name (``DocView.trim_group``); "WHO
recommends ..." was read as the relative pronoun and had no speaker; in "payments to film actress
Stormy Daniels, who said ..." the model tagged her an organisation, and her "who" climbed to the
payments (and from there to a man named before). The model tags "The Foundation for Individual
Rights in" and "Education" as two names, and "Donald Trump, Jr." as his father. "Those who knew
him" was shown as "those".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("owned_names")


UNTAGGED = "National Gazette’s Rich Lowell once declared that politicians who say so are wrong."
ONE_ORG = "The Ledger’s Ana Pell wrote that the plan was dead. Pell has covered the council for years."
OFFICE = "EPA’s Office of Inspector General announced in April that they were looking at the chief’s travel."
ACRONYM = "WHO recommends people limit the amount of time “you spend watching the news.”"
SPLIT = "The Alliance for Individual Rights in Education said the order was vague."
SON = (
    "Ronald Tramp said the plan was good. Ronald Tramp, Jr. wrote on Thursday that the order was a win. "
    "He said the colleges had failed."
)
TITLE_AS_NAME = (
    'Navy spokesman Rear Adm. Paul Dorne said, "We hit what we were aiming at." '
    'Reporters asked about the raid. "It was a blow to their network," the Navy spokesman said.'
)
THOSE = (
    "Those who knew him said he was quiet. "
    "The couple, who have been married since 2012, said they were happy."
)
SHOW = "Fox’s Sunday Morning Futures reported that the talks had stalled."


def test_a_name_after_an_outlets_possessive_is_a_person(engine: FrozenEngine) -> None:
    assert engine.quote_with(UNTAGGED, "politicians who say so")["speaker"] == "Rich Lowell"
    assert engine.quote_with(ONE_ORG, "the plan was dead")["speaker"] == "Ana Pell"


def test_a_title_after_a_possessive_is_no_person(engine: FrozenEngine) -> None:
    # no first name, no surname the article names anyone by: the show, not a person
    assert engine.quote_with(SHOW, "talks had stalled")["speaker"] == "Fox’s Sunday Morning Futures"


def test_an_agencys_office_keeps_the_agency(engine: FrozenEngine) -> None:
    assert engine.quote_with(OFFICE, "looking at")["speaker"] == "EPA’s Office of Inspector General"


def test_an_acronym_spelled_like_a_pronoun_is_a_name(engine: FrozenEngine) -> None:
    assert engine.quote_with(ACRONYM, "watching the news")["speaker"] == "WHO"


# "The firm paid money to film actress Mira Dane, who said she and Trump met.", parsed as the
# model parsed the real sentence: the name an organisation, the "who" clause on it.
ACTRESS = """
The 1 1 det DET DT the O
firm 1 2 nsubj NOUN NN firm O
paid 1 2 ROOT VERB VBD pay O
money 1 2 dobj NOUN NN money O
to 1 3 prep ADP IN to O
film 1 6 compound NOUN NN film O
actress 1 8 compound NOUN NN actress O
Mira 1 8 compound PROPN NNP Mira B-ORG
Dane 0 4 pobj PROPN NNP Dane I-ORG
, 1 8 punct PUNCT , , O
who 1 11 nsubj PRON WP who O
said 1 8 relcl VERB VBD say O
she 1 15 nsubj PRON PRP she O
and 1 12 cc CCONJ CC and O
Trump 1 12 conj PROPN NNP Trump B-PERSON
met 0 11 ccomp VERB VBD meet O
. 0 2 punct PUNCT . . O
"""


def test_a_name_after_a_persons_noun_is_the_one_who_speaks(engine: FrozenEngine) -> None:
    (quote,) = engine.hand_parsed(ACTRESS)
    assert quote["content"] == "she and Trump met"
    assert quote["speaker"] == "Mira Dane"


def test_a_name_never_ends_in_a_preposition(engine: FrozenEngine) -> None:
    assert engine.quote_with(SPLIT, "vague")["speaker"] == "Alliance for Individual Rights in Education"


def test_a_son_named_with_a_suffix_is_not_his_father(engine: FrozenEngine) -> None:
    father = engine.quote_with(SON, "plan was good")
    son = engine.quote_with(SON, "was a win")
    assert son["speaker"] == "Ronald Tramp, Jr."
    assert son["speaker_id"] != father["speaker_id"]
    assert engine.quote_with(SON, "colleges")["speaker_id"] == son["speaker_id"]


def test_a_title_the_model_tags_a_name_is_nobody(engine: FrozenEngine) -> None:
    # the model tags "Rear Adm." an organisation; with "spokesman" before it, it is still no name
    assert engine.quote_with(TITLE_AS_NAME, "blow to their network")["speaker"] == "Paul Dorne"


def test_a_pronoun_keeps_the_clause_that_names_the_people(engine: FrozenEngine) -> None:
    assert engine.quote_with(THOSE, "he was quiet")["speaker"] == "those who knew him"
    assert engine.quote_with(THOSE, "they were happy")["speaker"] == "the couple"

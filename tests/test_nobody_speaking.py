"""What evidence shows, what a share of those polled answered, what the writer's generic "one"
muses and what someone is asked to say is no quotation (stage 3 on frozen parses).

QA helpers (thirty-fourth session) read 689 items shown on 54 fresh news articles and found
27 that were a poll's, a survey's, data's or a video's: "Polling regularly shows that ...",
"Data this week showed ...", "video of the event showed that ...", "Fifty percent of owners
said they ...". They are stored with a confidence below the default (``caps.is_evidence``);
documents that speak ("the report found") keep theirs. "One hopes that ...", "one can
imagine how hard ...", "one has to think his career is over" were shown as the words of a
speaker "one" (``unasserted._generic_one``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("nobody_speaking")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Polling regularly shows that voters want a harbor deal.", "voters want"),
        ("Data this week showed that ferry fares fell.", "fares fell"),
        ("Video of the meeting showed that the mayor was booed.", "was booed"),
        ("According to many estimates, the new pier will create 900 jobs.", "900 jobs"),
        ("Fifty percent of boat owners said they expect higher fees.", "they expect"),
    ],
)
def test_evidence_and_shares_are_below_the_default(engine: FrozenEngine, text: str, needle: str) -> None:
    quote = engine.quote_with(text, needle)
    assert quote["confidence"] < 0.3


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("The audit report found that the harbor agency had failed.", "agency had failed"),
        ("Officials said the data showed a decline in ferry use.", "the data showed"),
        ("The harbor master said the video was fake.", "video was fake"),
        # a court's majority, a share of lawmakers: people who wrote or pledged something
        ("The majority wrote that the harbor board had exceeded its powers.", "exceeded its powers"),
        ("Nearly half of the council pledged to give up their pay.", "give up their pay"),
    ],
)
def test_documents_and_people_keep_their_words(engine: FrozenEngine, text: str, needle: str) -> None:
    assert engine.quote_with(text, needle)["confidence"] >= 0.3


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("One hopes that the next harbor master will do better.", "harbor master"),
        ("If the big ports could not comply, one can imagine how hard the rules hit small ones.", "how hard"),
        ("The mayor lost twice, and one has to think her career in city politics is over.", "career"),
        ("Given the raid, one would have to think the ferry company got off easy.", "got off easy"),
    ],
)
def test_the_generic_one_musing_is_below_the_default(engine: FrozenEngine, text: str, needle: str) -> None:
    assert engine.quote_with(text, needle)["confidence"] < 0.3


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("The council studied two ferries. One found that the old hull was sound.", "hull was sound"),
        ("Of the two aides, one says the harbor plan is dead.", "harbor plan is dead"),
        ("The crowd grew angry. “Shame on you,” one shouted at the mayor.", "Shame on you"),
    ],
)
def test_one_of_several_who_spoke_stays(engine: FrozenEngine, text: str, needle: str) -> None:
    assert engine.quote_with(text, needle)["confidence"] >= 0.3


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("The senator called on the mayor to urge harbor owners to pay the fee.", "harbor owners to pay"),
        ("The chief directed the agency to ask judges to cut the fines.", "judges to cut"),
        ("The mayor asked the governor to declare that the port was safe.", "that the port was safe"),
        # thirty-fifth session: a demand's clause in the subjunctive
        ('He demanded that his assistant call him "Master" in every email.', 'him "Master"'),
        ("The campaign demanded that the senator explain why he now opposes the fee.", "why he now"),
    ],
)
def test_what_someone_is_asked_to_say_is_below_the_default(
    engine: FrozenEngine, text: str, needle: str
) -> None:
    # thirty-fourth session (QA helper): shown as the asker's own words, beside the request
    quote = next(q for q in engine(text)._.quotes if q.content.startswith(needle))
    assert quote.confidence < 0.3


def test_the_request_itself_stays(engine: FrozenEngine) -> None:
    quote = engine.quote_with(
        "The mayor asked the governor to declare that the port was safe.", "the governor"
    )
    assert quote["confidence"] >= 0.3

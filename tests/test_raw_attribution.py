"""A quote's content pieces are sorted and disjoint, whichever rule built them."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from sayso.quotes.types import RawAttribution

spans = st.lists(
    st.tuples(st.integers(0, 200), st.integers(1, 40)).map(lambda t: (t[0], t[0] + t[1])), max_size=8
)


@given(pieces=spans)
def test_pieces_are_sorted_disjoint_and_cover_the_same_characters(pieces: list[tuple[int, int]]) -> None:
    raw = RawAttribution("mixed", tuple(pieces), None, None, 0.5)
    assert all(a < b for a, b in raw.content)
    assert all(x[1] < y[0] for x, y in itertools.pairwise(raw.content))
    covered = {i for a, b in pieces for i in range(a, b)}
    assert {i for a, b in raw.content for i in range(a, b)} == covered


def test_a_narration_piece_covering_the_marked_words_is_not_said_twice() -> None:
    raw = RawAttribution("mixed", ((40, 60), (40, 95), (120, 130)), (10, 14), (0, 5), 0.7)
    assert raw.content == ((40, 95), (120, 130))


def test_a_bracket_opened_in_the_content_closes_in_it() -> None:
    """Eighteenth session: the parser hangs a final ")" on the sentence's verb, so the content
    of 'said the vote was a win for all families (and friends).' ended at "friends" (and a mixed
    quote showed an unbalanced bracket before its closing mark)."""
    from sayso.quotes.attribution import _brackets_closed

    text = 'Pike said the vote was "a win for all (and friends)". It was [not] over (yet).'
    start = text.index("the vote")
    cut = RawAttribution("mixed", ((start, text.index(")")),), None, None, 0.9)
    # (and the quotation mark it opened: nineteenth session)
    assert text[slice(*_brackets_closed(text, cut).content[0])].endswith('(and friends)"')
    whole = RawAttribution("indirect", ((text.index("It was"), text.index(" over")),), None, None, 0.9)
    assert _brackets_closed(text, whole) == whole  # nothing left open: unchanged


def test_tweet_signatures_on_the_line_glued_to_a_link_or_on_a_line_of_their_own() -> None:
    """Embedded tweets as pages render them (``layout.tweet_attributions``): the signature after
    the text, glued to the picture link before it, or alone on the next line; never a hyphen
    inside a word."""
    from sayso.quotes.attribution.layout import tweet_attributions
    from sayso.quotes.rules import DEFAULT_RULES

    def found(text: str) -> list[tuple[str, str]]:
        return [
            (text[a.content[0][0] : a.content[0][1]], text[a.source[0] : a.source[1]])  # type: ignore[index]
            for a in tweet_attributions(text, DEFAULT_RULES)
        ]

    assert found("Great job on the pier! — Ann Pike (@AnnPike) June 5, 2019") == [
        ("Great job on the pier!", "Ann Pike")
    ]
    assert found("Fares rise. pic.twitter.com/AbC12— Jay Kowal (@jaycola) December 19, 2019") == [
        ("Fares rise", "Jay Kowal")  # ends trimmed as every content is
    ]
    assert found("The pier opens soon. #Harbor\n\n— Nancy Vale (@SpeakerVale) January 26, 2019") == [
        ("The pier opens soon. #Harbor", "Nancy Vale")
    ]
    assert found("a well-known man (@someone) June 1, 2019") == []


def test_a_quotation_mark_opened_in_the_content_closes_in_it() -> None:
    """QA, nineteenth session: 'called the project “reckless”' ended before the closing mark and
    was shown as reported speech with a stray one; straight marks alike."""
    from sayso.quotes.attribution import _brackets_closed

    for text in (
        "Solberg called the project \u201creckless\u201d on Monday.",
        'Solberg called the project "reckless" on Monday.',
    ):
        start = text.index("the project")
        cut = RawAttribution(
            "indirect", ((start, text.index("reckless") + len("reckless")),), None, None, 0.9
        )
        assert text[slice(*_brackets_closed(text, cut).content[0])].endswith(
            "reckless" + text[text.index("reckless") + 8]
        )

"""Background document frequencies: a small batch weighs words as a big pile of news would."""
# ruff: noqa: E501  (article texts read better unwrapped)

from __future__ import annotations

from sayso.compare.stories import StoryIndex, features
from sayso.compare.story_weights import (
    NO_BACKGROUND,
    Background,
    RunningCounts,
    count_background,
    shipped_background,
)
from sayso.model import ArticleInput


def test_background_counts_are_rates_weighted_as_a_fixed_number_of_articles() -> None:
    bg = Background(n_docs=100, terms={"said": 100, "mayor": 10}, names={}, min_df=5, weight=1000)
    assert bg.term_docs("said") == 1000  # on every article of the pile: on all 1,000
    assert bg.term_docs("mayor") == 100
    assert bg.term_docs("estuary") == 1000 * 2 / 100  # under min_df: half of it
    assert NO_BACKGROUND.term_docs("said") == 0 and NO_BACKGROUND.docs == 0


def test_a_common_word_weighs_less_than_a_rare_one_even_when_the_batch_cannot_tell() -> None:
    batch = {"said": 1, "avalanche": 1}
    alone = RunningCounts(batch, 2, {})
    assert alone.idf("said") == alone.idf("avalanche")
    bg = Background(n_docs=50, terms={"said": 50}, names={}, min_df=5)
    informed = RunningCounts(batch, 2, {}, bg)
    assert informed.idf("said") < informed.idf("avalanche")


def test_count_background_keeps_only_keys_on_min_df_articles() -> None:
    pile = [(["said", "glacier"], ["Ana Ruiz"]), (["said"], ["Ana Ruiz"]), (["said", "said"], [])]
    bg = count_background(pile, min_df=2)
    assert bg.n_docs == 3
    assert bg.terms == {"said": 3}
    assert bg.names == {"Ana Ruiz": 2}


def test_the_shipped_background_knows_the_common_words_of_news() -> None:
    bg = shipped_background()
    assert bg.n_docs >= 1000
    assert bg.term_docs("president") > bg.term_docs("county") > bg.term_docs("mudslide")


SLIDE = [
    ArticleInput(
        doc="herald-slide",
        title="Mudslide buries road to Kestrel Pass, officials said",
        outlet="Kestrel Herald",
        published="2031-05-02",
        text="A mudslide buried the road to Kestrel Pass on Friday, officials said. Crews with bulldozers worked through the night, the county said, and the pass will stay shut for a week. The president of the county board said residents should stay home.",
    ),
    ArticleInput(
        doc="post-slide",
        title="Kestrel Pass road shut by mudslide for a week",
        outlet="Valley Post",
        published="2031-05-02",
        text="The county said on Friday that a mudslide had buried the Kestrel Pass road, and bulldozers cleared mud all night. The pass stays shut for a week, officials said, and the county board president said people should stay home.",
    ),
    ArticleInput(
        doc="herald-budget",
        title="County president plans a vote on the new budget",
        outlet="Kestrel Herald",
        published="2031-05-02",
        text="The president of the county board wants a vote on the budget next week, officials said on Friday. Residents will be able to speak before the vote, the president said, and the board expects to approve it.",
    ),
]


def test_two_reports_of_one_event_score_higher_against_news_wide_counts() -> None:
    """Over three articles "county", "officials" and "president" are as rare as "mudslide"; with the
    background they are the common words of news they are, and what the two reports of the
    mudslide share counts for more than what a report of the budget shares with them."""

    def scores(background: Background | None) -> tuple[float, float]:
        index = StoryIndex(background=background)
        for article in SLIDE:
            index.add(features(article))
        return index.score(0, 1), index.score(0, 2)

    same_alone, other_alone = scores(NO_BACKGROUND)
    same_informed, other_informed = scores(None)
    assert same_informed > same_alone
    assert same_informed - other_informed > same_alone - other_alone

"""Story grouping on invented articles: same event together, different events apart, stable ids."""
# ruff: noqa: E501  (article texts read better unwrapped)

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.compare.stories import StoryIndex, features, group_stories, story_id
from sayso.model import ArticleInput

BRIDGE = [
    ArticleInput(
        doc="gazette-bridge",
        title="Port Alder closes Harbor Bridge after inspectors find cracks",
        outlet="Port Alder Gazette",
        published="2031-03-04",
        text=(
            "Mayor Elena Marsh closed the Harbor Bridge on Tuesday after inspectors found cracks in two "
            "support beams. Commuters face long detours around the estuary while engineers check every bolt. "
            '"The bridge will stay closed until every bolt has been checked," Marsh said.'
        ),
    ),
    ArticleInput(
        doc="ledger-bridge",
        title="Cracked beams shut Harbor Bridge; commuters face detours",
        outlet="Coastal Ledger",
        published="2031-03-05",
        text=(
            "Port Alder shut the Harbor Bridge after inspectors discovered cracked support beams, Mayor Elena "
            "Marsh said. Engineers will check every bolt, and commuters must take detours around the estuary. "
            '"The bridge will stay closed until every bolt has been checked," she said.'
        ),
    ),
    ArticleInput(
        doc="wire-bridge",
        title="Harbor Bridge in Port Alder closed indefinitely over cracks",
        outlet="Valley Wire",
        published=None,
        text=(
            "Inspectors found cracks in the support beams of the Harbor Bridge in Port Alder, and Mayor Elena "
            "Marsh ordered it closed. Engineers are checking every bolt; commuters face detours around the estuary."
        ),
    ),
]
FESTIVAL = [
    ArticleInput(
        doc="gazette-festival",
        title="Lantern festival draws record crowds to Greenhill",
        outlet="Port Alder Gazette",
        published="2031-03-05",
        text=(
            "The Greenhill lantern festival drew a record crowd of families on Saturday, with paper lanterns "
            "floating down the canal and food stalls lining the square until midnight."
        ),
    ),
    ArticleInput(
        doc="ledger-festival",
        title="Record crowds at Greenhill lantern festival",
        outlet="Coastal Ledger",
        published="2031-03-06",
        text=(
            "Families packed Greenhill for the lantern festival, launching paper lanterns on the canal while food "
            "stalls around the square stayed open until midnight, organisers said."
        ),
    ),
]
# Same topic words as the bridge story, but a different event two months later.
LATER = ArticleInput(
    doc="gazette-bridge-reopens",
    title="Harbor Bridge reopens in Port Alder after repairs to cracked beams",
    outlet="Port Alder Gazette",
    published="2031-05-20",
    text=(
        "Mayor Elena Marsh reopened the Harbor Bridge after engineers replaced the cracked support beams and "
        "checked every bolt. Commuters no longer face detours around the estuary."
    ),
)


def _story_of(stories: list, doc: str) -> str:
    return next(s.id for s in stories if doc in s.docs)


def test_same_event_groups_and_other_events_stay_apart() -> None:
    stories = group_stories([*BRIDGE, *FESTIVAL, LATER])
    bridge = {_story_of(stories, a.doc) for a in BRIDGE}
    festival = {_story_of(stories, a.doc) for a in FESTIVAL}
    assert len(bridge) == 1 and len(festival) == 1
    assert bridge != festival
    assert _story_of(stories, LATER.doc) not in bridge, "two months apart is another event"


def test_republished_wire_copy_joins_its_story() -> None:
    copy = ArticleInput(doc="reprint", title=BRIDGE[0].title, text=BRIDGE[0].text, outlet="Daily Reprint")
    stories = group_stories([*BRIDGE, copy, *FESTIVAL])
    assert _story_of(stories, "reprint") == _story_of(stories, "gazette-bridge")


def test_story_ids_do_not_depend_on_input_order() -> None:
    items = [*BRIDGE, *FESTIVAL, LATER]
    forward = {d: s.id for s in group_stories(items) for d in s.docs}
    backward = {d: s.id for s in group_stories(list(reversed(items))) for d in s.docs}
    assert forward == backward
    # The founder is the earliest published article.
    assert forward["ledger-bridge"] == story_id("gazette-bridge")


def test_incremental_index_matches_one_at_a_time() -> None:
    index = StoryIndex()
    ids = [index.add(a) for a in [*BRIDGE, *FESTIVAL]]
    assert ids[0] == ids[1] == ids[2]
    assert ids[3] == ids[4] != ids[0]
    assert index.add(BRIDGE[0]) == ids[0], "adding a doc again is a no-op"
    assert len(index) == 5
    assert {s.id for s in index.stories()} == {ids[0], ids[3]}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=0, max_size=80), min_size=0, max_size=6))
def test_every_article_is_in_exactly_one_story(texts: list[str]) -> None:
    items = [ArticleInput(doc=f"d{i}", text=t) for i, t in enumerate(texts)]
    stories = group_stories(items)
    docs = [d for s in stories for d in s.docs]
    assert sorted(docs) == sorted(a.doc for a in items)


def test_features_read_quotes_and_names() -> None:
    f = features(BRIDGE[0])
    assert "elena marsh" in f.names
    assert "bridge will stay closed" in f.quotes

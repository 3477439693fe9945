"""Story grouping on invented articles: same event together, different events apart, stable ids."""
# ruff: noqa: E501  (article texts read better unwrapped)

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.compare.stories import StoryFeatures, StoryIndex, features, group_stories, story_id
from sayso.compare.story_weights import DayCounts, local_discount
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


# --- events: one week of invented news around one governor ------------------------------------
# Three outlets report the signing of a water bill in their own words; the same governor makes
# other news the same week (a veto); a wire copy is republished verbatim; a second water bill is
# signed months later; unrelated stories give the IDF something to compare against.
WATER = [
    ArticleInput(
        doc="tribune-water",
        title="Okafor signs Dunmore water-sharing law after year of drought",
        outlet="Lakeshore Tribune",
        published="2031-06-02",
        text=(
            "Governor Ruth Okafor signed the Dunmore water-sharing law on Monday at the foot of the Dunmore "
            "dam, ending a year of fights between farmers and towns over the shrinking reservoir. The law "
            "caps irrigation draws during drought and sets aside a reserve for drinking water. "
            '"Nobody gets everything, but everybody gets water," Okafor said, as irrigation district '
            "managers and mayors looked on."
        ),
    ),
    ArticleInput(
        doc="courier-water",
        title="Farmers and towns share Dunmore reservoir under new law",
        outlet="Valley Courier",
        published="2031-06-02",
        text=(
            "Irrigation districts will have to cut their draws from the Dunmore reservoir in dry years under "
            "a water-sharing law Governor Ruth Okafor put her name to at the dam on Monday. A reserve of "
            "drinking water for the towns comes first. Farm groups grumbled about the caps, but the "
            "governor said the drought left no other way."
        ),
    ),
    ArticleInput(
        doc="wire-water",
        title="Governor caps irrigation from drought-hit Dunmore dam",
        outlet="Northern Wire",
        published="2031-06-03",
        text=(
            "DUNMORE (Northern Wire) - A new state law signed by Governor Ruth Okafor caps how much the "
            "irrigation districts may take from the Dunmore reservoir during a drought and keeps a drinking "
            "water reserve for towns. The signing at the dam followed a year of drought and of lawsuits "
            "between farmers and mayors."
        ),
    ),
]
# The same governor, the same legislature, the same week: another event.
VETO = [
    ArticleInput(
        doc="tribune-veto",
        title="Okafor vetoes teacher pay rise, citing budget gap",
        outlet="Lakeshore Tribune",
        published="2031-06-05",
        text=(
            "Governor Ruth Okafor vetoed the teacher pay bill on Thursday, saying the state cannot afford a "
            "six percent raise while the budget gap widens. The teachers' union called the veto a betrayal "
            "and promised to press legislators to override it before the school year."
        ),
    ),
    ArticleInput(
        doc="courier-veto",
        title="Teachers' union vows override after governor's veto",
        outlet="Valley Courier",
        published="2031-06-05",
        text=(
            "The teachers' union will ask legislators to override Governor Ruth Okafor's veto of the pay "
            "bill, which would have raised teacher salaries six percent. Okafor said the raise would deepen "
            "the budget gap; union leaders said classrooms are losing teachers to neighbouring states."
        ),
    ),
]
WIRE_COPY = ArticleInput(
    doc="hilltop-water",
    title=WATER[2].title,
    outlet="Hilltop Daily",
    published="2031-06-03",
    text=WATER[2].text,
)
WATER_LATER = ArticleInput(
    doc="tribune-water-2",
    title="Okafor signs second Dunmore water law as drought eases",
    outlet="Lakeshore Tribune",
    published="2031-09-15",
    text=(
        "Governor Ruth Okafor signed a second Dunmore water-sharing law on Monday at the dam, loosening the "
        "irrigation caps now that the reservoir has recovered from the drought. The drinking water reserve "
        "for towns stays in place, and farmers and mayors both welcomed the change."
    ),
)
OTHER = [
    ArticleInput(
        doc="courier-marathon",
        title="Record field runs the Lakeshore marathon in cool weather",
        outlet="Valley Courier",
        published="2031-06-01",
        text="More than nine thousand runners finished the Lakeshore marathon on Sunday under cloud and a cool breeze.",
    ),
    ArticleInput(
        doc="tribune-zoo",
        title="Zoo welcomes twin snow leopard cubs",
        outlet="Lakeshore Tribune",
        published="2031-06-04",
        text="Keepers at the city zoo are caring for twin snow leopard cubs born to a mother on loan from abroad.",
    ),
    ArticleInput(
        doc="wire-rail",
        title="Rail strike halts freight across the north",
        outlet="Northern Wire",
        published="2031-06-04",
        text="Freight trains stood idle across the north on Wednesday as rail workers struck over shift rules.",
    ),
]
WEEK = [*WATER, *VETO, *OTHER]


def _stories_by_doc(items: list) -> dict[str, str]:
    return {d: s.id for s in group_stories(items) for d in s.docs}


def test_one_event_in_three_outlets_wordings_is_one_story() -> None:
    story = _stories_by_doc(WEEK)
    assert len({story[a.doc] for a in WATER}) == 1


def test_same_governor_same_week_different_event_is_another_story() -> None:
    story = _stories_by_doc(WEEK)
    assert len({story[a.doc] for a in VETO}) == 1
    assert story["tribune-veto"] != story["tribune-water"]
    others = {story[a.doc] for a in OTHER}
    assert len(others) == len(OTHER) and not others & {story["tribune-water"], story["tribune-veto"]}


def test_wire_copy_republished_verbatim_joins_the_story() -> None:
    story = _stories_by_doc([*WEEK, WIRE_COPY])
    assert story["hilltop-water"] == story["wire-water"] == story["tribune-water"]


def test_same_wording_months_later_is_a_separate_story() -> None:
    story = _stories_by_doc([*WEEK, WATER_LATER])
    assert story["tribune-water-2"] not in {story[a.doc] for a in WEEK}


# --- the linkage rules, on hand-made features -----------------------------------------------------
def _feats(
    doc: str, terms: str, published: str | None = "2031-06-02", names: str = "", outlet: str | None = None
) -> StoryFeatures:
    return StoryFeatures(
        doc=doc,
        terms=dict.fromkeys(terms.split(), 1),
        names=frozenset(n for n in names.split(",") if n),
        quotes=frozenset(),
        published=date.fromisoformat(published) if published else None,
        outlet=outlet,
    )


def _flat_index(n_terms: int = 40) -> StoryIndex:
    """An index where every term has the same IDF, so cosines are |shared| / sqrt(|a| |b|)."""
    df = {f"t{i}": 1 for i in range(n_terms)}
    return StoryIndex(df=df, n_docs=100, name_df={"common name": 60, "rare name": 1})


def test_no_chaining_through_a_middle_article() -> None:
    index = _flat_index()
    a = _feats("a", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9")
    b = _feats("b", "t5 t6 t7 t8 t9 t10 t11 t12 t13 t14")  # half of a: cosine 0.5
    c = _feats("c", "t10 t11 t12 t13 t14 t15 t16 t17 t18 t19")  # half of b, nothing of a
    ids = [index.add(f) for f in (a, b, c)]
    assert index.score(1, 2) >= index.threshold, "c alone would link to b"
    assert ids[0] == ids[1] != ids[2], "but c is unlike the story as a whole"


def test_days_apart_raise_the_bar() -> None:
    base = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9"
    near = "t0 t1 t2 t3 t4 t20 t21 t22 t23 t24"  # cosine 0.5 with base
    for published, together in [("2031-06-02", True), ("2031-06-03", True), ("2031-06-05", False)]:
        index = _flat_index()
        first = index.add(_feats("x", base))
        assert (index.add(_feats("y", near, published)) == first) is together, published


def test_unknown_date_needs_more_similarity() -> None:
    base, similar = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25"  # 0.4
    dated = _flat_index()
    assert dated.add(_feats("x", base)) == dated.add(_feats("y", similar))
    undated = _flat_index()
    first = undated.add(_feats("x", base))
    assert undated.add(_feats("y", similar, published=None)) != first
    assert undated.add(_feats("z", "t0 t1 t2 t3 t4 t5 t6 t7 t25 t26", published=None)) == first  # 0.8


def test_one_outlet_next_day_needs_more_similarity() -> None:
    base, similar = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25"  # 0.4
    for outlet, published, together in [
        ("Other Post", "2031-06-03", True),
        ("Daily", "2031-06-02", True),  # the same day: a second article on the same event
        ("Daily", "2031-06-03", False),  # the next day: usually a follow-up
    ]:
        index = _flat_index()
        first = index.add(_feats("x", base, outlet="Daily"))
        assert (index.add(_feats("y", similar, published, outlet=outlet)) == first) is together, outlet


def test_rare_shared_names_count_more_than_common_ones() -> None:
    def score(name: str) -> float:
        index = _flat_index()
        index.add(_feats("x", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", names=name))
        index.add(_feats("y", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25", names=name))  # cosine 0.4
        return index.score(0, 1)

    assert score("rare name") > score("common name") > score("") > 0


def test_a_name_on_many_articles_of_the_same_days_counts_less() -> None:
    base, similar = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25"  # 0.4

    def score(others: int, published: str = "2031-06-02", name: str = "rare name") -> float:
        index = _flat_index()
        index.add(_feats("x", base, names=name))
        for k in range(others):  # other events of those days that name the same person
            index.add(_feats(f"o{k}", f"t3{k} t26 t27 t28", published, names=name))
        index.add(_feats("y", similar, names=name))
        return index.score(0, len(index) - 1)

    alone, saga = score(0), score(5)
    assert alone > saga, "a saga's name is shared by many articles of the same days"
    assert saga > score(0, name=""), "it still counts, only less"
    assert score(5, published="2031-05-20") == alone, "articles outside the pair's dates do not count"


def test_grouping_counts_names_over_the_whole_batch() -> None:
    """The batch knows the articles still to come: the count covers them too."""
    x, y = (
        _feats("x", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", names="rare name"),
        _feats("y", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25", names="rare name"),
    )
    day = date(2031, 6, 2).toordinal()

    def score(name_days: dict[str, list[int]] | None) -> float:
        df = {f"t{i}": 1 for i in range(40)}
        index = StoryIndex(df=df, n_docs=100, name_df={"rare name": 1}, name_days=name_days)
        index.add(x)
        index.add(y)
        return index.score(0, 1)

    assert score({"rare name": [day] * 2}) == score(None)
    assert score({"rare name": [day] * 8}) < score(None)


def test_an_article_that_fits_two_stories_as_a_whole_merges_them() -> None:
    index = _flat_index()
    left = index.add(_feats("l", "t0 t1 t2 t3 t4 t5 t6 t7"))
    right = index.add(_feats("r", "t4 t5 t6 t7 t8 t9 t10 t11"))  # cosine 0.5 with l: joins it
    assert left == right
    index = _flat_index()
    left = index.add(_feats("l", "t0 t1 t2 t3 t4 t5 t6 t7"))
    right = index.add(_feats("r", "t8 t9 t10 t11 t12 t13 t14 t15"))
    assert left != right
    both = index.add(_feats("m", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 t13 t14 t15"))  # 0.71 to each
    assert both == left == index.story_of("r")
    assert index.merges == [(right, left)]


def test_a_story_republished_many_times_stays_one_story() -> None:
    copies = [
        ArticleInput(doc=f"copy-{n:03d}", title=WATER[2].title, text=WATER[2].text, published="2031-06-03")
        for n in range(150)  # more than the members average linkage looks at
    ]
    stories = group_stories([*WEEK, *copies])
    story = {d: s.id for s in stories for d in s.docs}
    assert {story[c.doc] for c in copies} == {story["wire-water"]}
    assert story["tribune-veto"] != story["wire-water"]


# --- leads: a few sentences per outlet, wording that differs ------------------------------------------
# One morning in one city: the ferry strike and the budget vote, three outlets each, as the short
# leads an aggregator shows. They share the city, the council and the day, and little else.
def _lead(doc: str, outlet: str, title: str, text: str) -> ArticleInput:
    return ArticleInput(doc=doc, title=title, outlet=outlet, published="2031-10-07", text=text)


FERRY_LEADS = [
    _lead(
        "ferry-left",
        "Harbour Voice",
        "Ferry crews walk out, stranding Kessock commuters",
        "Ferry crews in Kessock walked off the job at dawn on Tuesday, leaving thousands of commuters on the "
        "quay as the union demanded safer rosters after two crew members collapsed on long shifts...",
    ),
    _lead(
        "ferry-centre",
        "Kessock Standard",
        "Kessock ferry strike halts crossings",
        "No ferries crossed the firth on Tuesday after the deckhands' union called a one-day strike over "
        "shift lengths. The operator said it would meet union officials on Wednesday...",
    ),
    _lead(
        "ferry-right",
        "The Firth Courier",
        "Union strike leaves ferry passengers stuck on the quay",
        "Passengers were stuck on the Kessock quay on Tuesday morning as ferry deckhands struck, the third "
        "stoppage this year. The operator called the walkout reckless...",
    ),
]
BUDGET_LEADS = [
    _lead(
        "budget-left",
        "Harbour Voice",
        "Kessock council passes budget with library cuts",
        "Kessock's council approved next year's budget on Tuesday night by seven votes to five, closing two "
        "branch libraries to fund road repairs...",
    ),
    _lead(
        "budget-centre",
        "Kessock Standard",
        "Councillors back spending plan; two libraries to close",
        "Councillors voted seven to five for a spending plan that shuts the Millbank and Ardross branch "
        "libraries and moves the money to potholes and road repairs...",
    ),
    _lead(
        "budget-right",
        "The Firth Courier",
        "Road repairs win out as council approves budget",
        "The council approved a budget on Tuesday that puts road repairs first. Two branch libraries, "
        "Millbank and Ardross, will close next spring...",
    ),
]
OTHER_LEADS = [
    _lead(
        "seal-centre", "Kessock Standard", "Rescued seal pup returned to the firth",
        "A grey seal pup found tangled in netting on the beach in August was returned to the firth on "
        "Tuesday by volunteers from the marine rescue centre...",
    ),
    _lead(
        "match-right", "The Firth Courier", "Kessock Rovers win derby in stoppage time",
        "Kessock Rovers beat their neighbours two goals to one with a header in stoppage time on Tuesday "
        "night, lifting the club to third in the league...",
    ),
]  # fmt: skip


def test_leads_of_one_event_in_three_wordings_are_one_story() -> None:
    story = _stories_by_doc([*FERRY_LEADS, *BUDGET_LEADS, *OTHER_LEADS])
    ferry, budget = {story[a.doc] for a in FERRY_LEADS}, {story[a.doc] for a in BUDGET_LEADS}
    assert len(ferry) == 1 and len(budget) == 1 and ferry != budget
    others = {story[a.doc] for a in OTHER_LEADS}
    assert len(others) == 2 and not others & (ferry | budget)


def test_leads_need_less_similarity_than_full_articles() -> None:
    base, similar = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t2 t20 t21 t22 t23 t24 t25 t26"  # cosine 0.3
    for length, together in [(400, True), (3000, False)]:
        index = _flat_index()
        x, y = _feats("x", base), _feats("y", similar)
        first = index.add(StoryFeatures(**{**_asdict(x), "length": length}))
        assert (index.add(StoryFeatures(**{**_asdict(y), "length": length})) == first) is together, length


def test_reciprocal_leads_link_on_little_overlap_full_articles_do_not() -> None:
    base, weak = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t20 t21 t22 t23 t24 t25 t26 t27"  # cosine 0.2
    for length, together in [(400, True), (3000, False)]:
        index = _flat_index()
        first = index.add(StoryFeatures(**{**_asdict(_feats("x", base)), "length": length}))
        second = index.add(StoryFeatures(**{**_asdict(_feats("y", weak)), "length": length}))
        assert (second == first) is together, length
    # Between leads, 0.2 is below the bar of a pair that is not each other's best match.
    short = {**_asdict(_feats("x", base)), "length": 400}
    assert _flat_index()._bar(StoryFeatures(**short), StoryFeatures(**short)) > 0.2


def _asdict(f: StoryFeatures) -> dict[str, object]:
    return {k: getattr(f, k) for k in StoryFeatures.__slots__}


def _sized(f: StoryFeatures, length: int) -> StoryFeatures:
    return StoryFeatures(**{**_asdict(f), "length": length})


def test_leads_join_a_story_only_if_they_link_to_every_member() -> None:
    a = _feats("a", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11")
    b = _feats("b", "t0 t1 t2 t3 t4 t5 t12 t13 t14 t15 t16 t17")  # cosine 0.5 with a
    c = _feats("c", "t6 t7 t8 t9 t10 t11")  # 0.71 with a, nothing of b: on average it fits
    for length, joins in [(3000, True), (400, False)]:
        index = _flat_index()
        first, second = index.add(_sized(a, length)), index.add(_sized(b, length))
        assert first == second
        assert index._margin(_sized(c, length), index._vector(c), 0) > 0, "c links to a"
        assert (index.add(_sized(c, length)) == first) is joins, length


def test_copies_of_a_lead_join_its_story() -> None:
    """Between leads the earlier copies take the best-match places reciprocity needs; a copy
    joins where its original is all the same."""
    index = _flat_index()
    first = index.add(_sized(_feats("a", "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9"), 400))
    weak = "t0 t1 t20 t21 t22 t23 t24 t25 t26 t27"  # cosine 0.2: links only as reciprocal leads
    assert index.add(_sized(_feats("b", weak), 400)) == first
    copies = [index.add(_sized(_feats(f"copy{k}", weak), 400)) for k in range(4)]
    assert set(copies) == {first}


def test_local_term_weighting_discounts_a_days_common_words() -> None:
    base, similar = "t0 t1 t2 t3 t4 t5 t6 t7 t8 t9", "t0 t1 t2 t3 t20 t21 t22 t23 t24 t25"  # 0.4
    df = {f"t{i}": 1 for i in range(40)}

    def score(others: int, published: str = "2031-06-02", local: float = 3.0, batch: bool = False) -> float:
        feats = [_feats("x", base)]
        feats += [_feats(f"o{k}", f"t0 t1 t2 t3 t3{k}", published) for k in range(others)]  # other events
        feats.append(_feats("y", similar))
        days: dict[str, list[int]] = {}
        for f in feats:
            for t in f.terms:
                days.setdefault(t, []).append(f.published.toordinal() if f.published else 0)
        index = StoryIndex(df=df, n_docs=100, term_local_full=local, term_days=days if batch else None)
        for f in feats:
            index.add(f)
        return index.score(0, len(feats) - 1)

    alone = score(0)
    assert alone == score(6, local=0.0), "off, nothing changes"
    for batch in (False, True):
        assert score(6, batch=batch) < alone, "words on many articles of those days weigh less"
        assert score(6, published="2031-05-20", batch=batch) == alone, "other days do not count"
        assert score(1, batch=batch) == alone, "three articles (one story's worth) are no saga"


def test_day_counts_and_local_discount() -> None:
    fixed = DayCounts({"k": [5, 1, 3]})
    assert (fixed.count("k", 1, 3), fixed.count("k", 4, 9), fixed.count("other", 0, 9)) == (2, 1, 0)
    fixed.add(["k"], 2)
    assert fixed.count("k", 1, 3) == 2, "fixed counts do not move"
    running = DayCounts()
    for day in (3, 1, 2):
        running.add(["k"], day)
    assert running.count("k", 2, 3) == 2
    assert local_discount(3, 3) == 1.0 and local_discount(6, 3) == 0.5 and local_discount(9, 0) == 1.0

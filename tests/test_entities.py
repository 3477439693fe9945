"""Speaker entities across the database: name variants join, ambiguous names stay apart, manual
merges and splits survive re-indexing. Invented articles only, no model."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from test_store_helpers import quoted_article

import sayso.store.db as store_db
from sayso.errors import NotFoundError, UsageError
from sayso.model import Article, Entity
from sayso.store import SearchQuery, index_inputs, open_db, search
from sayso.store.db import schema_version
from sayso.store.entities import find_entity, list_entities, speaker_entities, speaker_profile
from sayso.store.index import IndexStats, write_batch
from sayso.store.queries import list_speakers, speaker_condition
from sayso.store.rebuild import merge_entities, rebuild_entities, split_entity
from sayso.store.resolve import Resolution, Unit, resolve, why_compatible
from sayso.store.schema import LATEST


@pytest.fixture
def conn() -> sqlite3.Connection:
    c = open_db(":memory:")
    yield c
    c.close()


def art(
    doc: str,
    said: list[tuple[str, str]],
    *,
    outlet: str = "Harbor Gazette",
    published: str = "2024-03-05",
    kinds: dict[str, str] | None = None,
    persons: tuple[str, ...] = (),
) -> Article:
    """An invented article; ``kinds`` overrides speaker kinds, ``persons`` adds PERSON entities
    (names the article gives without quoting them)."""
    a = quoted_article(doc, said, outlet=outlet, published=published)
    speakers = tuple(replace(s, kind=(kinds or {}).get(s.name, s.kind)) for s in a.speakers)  # type: ignore[arg-type]
    text, entities = a.text, []
    for name in persons:
        text += f" {name} was also there."
        start = text.index(name, len(text) - len(name) - 16)
        entities.append(Entity(start, start + len(name), name, "PERSON"))
    return replace(a, text=text, speakers=speakers, entities=tuple(entities))


def entity_of(conn: sqlite3.Connection, doc: str, name: str) -> str:
    row = conn.execute(
        "SELECT se.entity FROM speakers s JOIN articles a ON a.id = s.article_id "
        "JOIN speaker_entity se ON se.speaker_row = s.id WHERE a.doc = ? AND s.name = ?",
        (doc, name),
    ).fetchone()
    assert row is not None, (doc, name)
    return str(row[0])


# --- name rules ------------------------------------------------------------------------------
def test_full_name_rules_and_their_vetoes() -> None:
    assert why_compatible(("adam", "b", "schiff"), ("adam", "schiff"))
    assert (
        why_compatible(("mike", "bloomberg"), ("michael", "bloomberg")) == "nickname of the same given name"
    )
    assert why_compatible(("trump", "donald"), ("donald", "trump")) == "same names in another order"
    assert why_compatible(("hilary", "clinton"), ("hillary", "clinton")) == "near-identical spelling"
    # Stricter than inside one story: different middle initials, short words that differ.
    assert why_compatible(("george", "w", "bush"), ("george", "h", "w", "bush")) is None
    assert why_compatible(("mark", "kelly"), ("mary", "kelly")) is None
    assert why_compatible(("jeb", "bush"), ("george", "bush")) is None


def test_resolution_is_independent_of_unit_order() -> None:
    units = [
        Unit(1, "a", "Donald Trump", "donald trump", "person", 3),
        Unit(2, "b", "Donald J. Trump", "donald j trump", "person", 1),
        Unit(3, "c", "Trump", "trump", "person", 2),
        Unit(4, "d", "Melania Trump", "melania trump", "person", 1),
    ]

    def groups(res: Resolution) -> list[list[int]]:
        by: dict[int, list[int]] = {}
        for key, r in sorted(res.units.items()):
            by.setdefault(r.entity, []).append(key)
        return sorted(by.values())

    assert groups(resolve(units)) == groups(resolve(list(reversed(units)))) == [[1, 2], [3], [4]]


# --- joining across articles -----------------------------------------------------------------
def test_variants_of_one_name_are_one_entity(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("a1", [("Adam B. Schiff", "The hearing is set for May.")]),
            art("a2", [("Adam Schiff", "We will call more witnesses.")], outlet="Valley Times"),
            art("a3", [("Rep. Adam Schiff", "The record speaks for itself.")], outlet="Coastal Post"),
            art("a4", [("Schiff Adam", "No comment on the memo.")]),
            art("a5", [("Mike Bloomberg", "The plan costs less than you think.")]),
            art("a6", [("Michael Bloomberg", "We will fund it ourselves.")], outlet="Valley Times"),
        ],
    )
    schiff = {entity_of(conn, d, n) for d, n in [("a1", "Adam B. Schiff"), ("a2", "Adam Schiff"),
              ("a3", "Rep. Adam Schiff"), ("a4", "Schiff Adam")]}  # fmt: skip
    assert len(schiff) == 1
    assert entity_of(conn, "a5", "Mike Bloomberg") == entity_of(conn, "a6", "Michael Bloomberg")
    (row,) = list_entities(conn, name="schiff")
    assert (row["quotes"], row["articles"], row["outlets"], row["aliases"]) == (4, 4, 3, 4)
    aliases = {a["alias"]: a["evidence"] for a in speaker_profile(conn, row["id"])["entity"]["aliases"]}
    assert "titles dropped" in aliases["rep adam schiff"]
    assert "another order" in aliases["schiff adam"]


def test_two_bushes_stay_apart_and_a_bare_bush_joins_neither(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("b1", [("George W. Bush", "We will not tire.")]),
            art("b2", [("George H. W. Bush", "Read my lips.")]),
            art("b3", [("Jeb Bush", "I am my own man.")]),
            art("b4", [("Jeb Bush", "Florida leads the way.")]),
            art("b5", [("Bush", "The economy is strong.")]),
        ],
    )
    ids = {
        entity_of(conn, d, n)
        for d, n in [("b1", "George W. Bush"), ("b2", "George H. W. Bush"), ("b3", "Jeb Bush")]
    }
    assert len(ids) == 3
    assert entity_of(conn, "b3", "Jeb Bush") == entity_of(conn, "b4", "Jeb Bush")
    bare = entity_of(conn, "b5", "Bush")
    assert bare not in ids and bare.endswith("@b5")  # kept in its article


def test_a_bare_surname_joins_only_on_evidence(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("c1", [("Ana Ruiz", "The pier opens in June.")]),
            art("c2", [("Tomas Ruiz", "The ferry is late again.")]),
            # Its own article names Tomas Ruiz (not quoted): that is who "Ruiz" is here.
            art("c3", [("Ruiz", "Tickets will cost more.")], persons=("Tomas Ruiz",)),
            # No full name in the article, and two Ruizes in the database: no guess.
            art("c4", [("Ruiz", "Nothing changes this year.")]),
        ],
    )
    assert entity_of(conn, "c3", "Ruiz") == entity_of(conn, "c2", "Tomas Ruiz")
    assert entity_of(conn, "c4", "Ruiz").endswith("@c4")


def test_a_bare_surname_joins_the_one_person_who_dominates(conn: sqlite3.Connection) -> None:
    said = [art(f"d{i}", [("Elena Marsh", f"The budget passes in week {i}.")]) for i in range(6)]
    said.append(art("d9", [("Marsh", "We will see.")]))
    said.append(art("e1", [("Paul Marsh", "I run the bakery.")]))
    index_inputs(conn, said)
    assert entity_of(conn, "d9", "Marsh") == entity_of(conn, "d0", "Elena Marsh")
    evidence = {a["alias"]: a["evidence"] for a in speaker_profile(conn, "elena-marsh")["entity"]["aliases"]}
    assert "Elena Marsh 6" in evidence["marsh"] and "Paul Marsh, 1" in evidence["marsh"]


def test_no_chaining_through_a_bare_name(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("f1", [("Jane Doe", "The vote is tomorrow.")]),
            art("f2", [("Doe", "We have the votes.")], persons=("Jane Doe",)),
            art("f3", [("John Doe", "I oppose the bill.")]),
            art("f4", [("Doe", "It will fail.")], persons=("John Doe",)),
        ],
    )
    jane, john = entity_of(conn, "f1", "Jane Doe"), entity_of(conn, "f3", "John Doe")
    assert jane != john
    assert entity_of(conn, "f2", "Doe") == jane and entity_of(conn, "f4", "Doe") == john


def test_generational_suffixes_are_different_people_once_an_article_names_both(
    conn: sqlite3.Connection,
) -> None:
    index_inputs(
        conn,
        [
            art("g1", [("Hal Brandt", "We built this firm.")]),
            art("g2", [("Hal Brandt Jr.", "I will run it now.")]),
            art("g4", [("Hal Brandt Jr.", "I said it already.")]),
            art("g5", [("Hal Brandt", "My son leads now."), ("Hal Brandt Jr.", "Thanks, dad.")]),
            art("g3", [("Brandt Jr.", "Expect changes.")]),
            # Never named beside a second generation: a dropped "Jr." is the same person.
            art("g6", [("Ora B. Lind Jr.", "The court is in session.")]),
            art("g7", [("Ora Lind", "Objection overruled.")]),
            # Nothing but the suffix tells the names apart: never one person (nineteenth session).
            art("g8", [("Cal Vance", "I built the company.")]),
            art("g9", [("Cal Vance Jr.", "I will run it.")]),
        ],
    )
    assert entity_of(conn, "g8", "Cal Vance") != entity_of(conn, "g9", "Cal Vance Jr.")
    assert entity_of(conn, "g1", "Hal Brandt") != entity_of(conn, "g2", "Hal Brandt Jr.")
    assert entity_of(conn, "g3", "Brandt Jr.") == entity_of(conn, "g2", "Hal Brandt Jr.")
    assert entity_of(conn, "g6", "Ora B. Lind Jr.") == entity_of(conn, "g7", "Ora Lind")


def test_descriptions_and_anonymous_sources_never_merge_across_articles(conn: sqlite3.Connection) -> None:
    kinds = {"a spokesman": "anonymous", "officials": "group"}
    index_inputs(
        conn,
        [
            art("h1", [("a spokesman", "No comment."), ("the author", "I stand by it.")], kinds=kinds),
            art("h2", [("a spokesman", "We are reviewing it."), ("officials", "It is safe.")], kinds=kinds),
            art("h3", [("the author", "Read the book."), ("officials", "Stay home.")], kinds=kinds),
        ],
    )
    for name, docs in [
        ("a spokesman", ("h1", "h2")),
        ("the author", ("h1", "h3")),
        ("officials", ("h2", "h3")),
    ]:
        a, b = (entity_of(conn, d, name) for d in docs)
        assert a != b and a.endswith(f"@{docs[0]}")
    named = list_entities(conn, named_only=True)
    assert named == []
    assert all(r["local"] for r in list_entities(conn))


def test_the_articles_own_narrator_is_listed_apart(conn: sqlite3.Connection) -> None:
    kinds = {"the author": "author"}
    index_inputs(
        conn,
        [
            art(
                "n1", [("the author", "I went back the next day."), ("Ida Marsh", "Fees rise.")], kinds=kinds
            ),
            art("n2", [("the author", "I had never seen it.")], kinds=kinds),
        ],
    )
    listed = list_entities(conn)
    assert [r["name"] for r in listed] == ["Ida Marsh"]
    narrators = list_entities(conn, authors=True)
    assert len(narrators) == 2 and {r["kind"] for r in narrators} == {"author"}
    assert all(r["local"] for r in narrators)


def test_named_groups_join_on_their_normalised_name(conn: sqlite3.Connection) -> None:
    kinds = {"The Harbor Authority": "group", "Harbor Authority": "group"}
    index_inputs(
        conn,
        [
            art("i1", [("The Harbor Authority", "Fees rise in May.")], kinds=kinds),
            art("i2", [("Harbor Authority", "The dock is closed.")], kinds=kinds),
        ],
    )
    assert entity_of(conn, "i1", "The Harbor Authority") == entity_of(conn, "i2", "Harbor Authority")


def test_a_one_word_group_short_for_several_stays_in_its_article() -> None:
    """ "The Gazette" is whichever Gazette the article means: with two well-attested Gazettes in
    the database it joins the one its article names, or none; with one, it is just a name."""
    units = [
        *(Unit(i, f"h{i}", "Harbor Gazette", "harbor gazette", "group", 1) for i in range(1, 4)),
        *(Unit(i, f"v{i}", "Valley Gazette", "valley gazette", "group", 1) for i in range(4, 7)),
        Unit(7, "h1", "The Gazette", "the gazette", "group", 1),  # its article names one Gazette
        Unit(8, "x", "Gazette", "gazette", "group", 1),  # names none
        Unit(9, "y", "Gazette", "gazette", "group", 1),
        *(Unit(i, f"p{i}", "Harbor Port", "harbor port", "group", 1) for i in range(10, 13)),
        Unit(13, "z", "Port", "port", "group", 1),
        Unit(14, "w", "Port", "port", "group", 1),
    ]
    res = resolve(units)
    entity = {k: r.entity for k, r in res.units.items()}
    assert entity[7] == entity[1] != entity[4]
    assert "kept in its article" in res.units[8].evidence
    assert entity[8] != entity[9] and res.clusters[entity[8]].local
    # Only one longer name ends with "Port": the short name is one entity of its own.
    assert entity[13] == entity[14] != entity[10] and not res.clusters[entity[13]].local


def test_a_name_two_fuller_names_share_stays_apart_whatever_the_order() -> None:
    """QA, nineteenth session: "George Bush" was placed before "George H.W. Bush" (it had more
    quotes), found only George W. Bush to fit, and joined him: the elder Bush's words under the
    younger. A name without a middle that two fuller names share is placed after them."""
    units = [
        Unit(1, "a", "George W. Bush", "george w bush", "person", 5),
        Unit(2, "b", "George W. Bush", "george w bush", "person", 3),
        Unit(3, "c", "George Bush", "george bush", "person", 2),
        Unit(4, "d", "George H.W. Bush", "george h w bush", "person", 1),
    ]
    for order in (units, list(reversed(units))):
        res = resolve(order)
        entity = {k: r.entity for k, r in res.units.items()}
        assert len({entity[1], entity[3], entity[4]}) == 3 and entity[1] == entity[2]
        assert "fits several people" in res.units[3].evidence


def test_an_inverted_name_is_not_the_son_with_a_suffix() -> None:
    """Twentieth session, on the QA helper's database: once Donald Trump Jr. was his own entity,
    "Trump Donald" (a name written surname first) fitted both him and his father, so it and the
    bare "Trump" of its article were kept apart from the father. The suffix tells the two apart
    in any word order."""
    units = [
        Unit(1, "a", "Donald Trump", "donald trump", "person", 9),
        Unit(2, "b", "Donald Trump", "donald trump", "person", 3),
        Unit(3, "c", "Donald Trump Jr.", "donald trump jr", "person", 2),
        Unit(4, "d", "Trump Donald", "trump donald", "person", 1),
    ]
    res = resolve(units)
    entity = {k: r.entity for k, r in res.units.items()}
    assert entity[4] == entity[1] != entity[3]


def test_a_bare_surname_beside_the_only_full_name_with_a_suffix_is_that_person() -> None:
    """QA, nineteenth session: "Shaw" in an article that names only "James Shaw Jr." became a
    "Shaw" of its own, which every later bare "Shaw" in the database would join. It is him,
    unless another person with the surname dominates the database: a bare "Trump" beside
    "Donald Trump Jr." is the father."""
    units = [
        Unit(1, "a", "James Shaw Jr.", "james shaw jr", "person", 2),
        Unit(2, "a", "Shaw", "shaw", "person", 3, ("James Shaw Jr.",)),
        *(Unit(i, f"t{i}", "Donald Trump", "donald trump", "person", 5) for i in range(3, 9)),
        Unit(9, "j", "Donald Trump Jr.", "donald trump jr", "person", 2),
        Unit(10, "j", "Trump", "trump", "person", 1, ("Donald Trump Jr.",)),
    ]
    res = resolve(units)
    entity = {k: r.entity for k, r in res.units.items()}
    assert entity[2] == entity[1]
    assert entity[10] == entity[3] != entity[9]


def test_an_acronym_joins_the_name_its_article_spells_out() -> None:
    """Twentieth session (QA helper's database of 300 real articles): "CBO" and "Congressional
    Budget Office" in one article were two speakers; so were the NTSB, the IAEA and the DNC. An
    acronym joins the one name with its initials that its articles spell out, in every article
    it is in; a word in capitals that is no one's initials, or initials two names share, stay."""
    units = [
        Unit(1, "a", "CBO", "cbo", "group", 2),
        Unit(2, "a", "Congressional Budget Office", "congressional budget office", "group", 1),
        Unit(3, "b", "CBO", "cbo", "group", 1),  # its article spells out nothing
        Unit(4, "c", "NFL", "nfl", "group", 1),
        Unit(5, "c", "National Football League", "national football league", "group", 1),
        Unit(6, "d", "NFL", "nfl", "group", 1),
        Unit(7, "d", "National Fishing League", "national fishing league", "group", 1),
        Unit(8, "e", "Apple", "apple", "group", 1),
        Unit(9, "e", "Association of Pear Producers and Library Educators", "association of pear "
             "producers and library educators", "group", 1),
    ]  # fmt: skip
    res = resolve(units)
    entity = {k: r.entity for k, r in res.units.items()}
    assert entity[1] == entity[2] == entity[3]
    assert "initials of Congressional Budget Office" in res.units[1].evidence
    assert len({entity[4], entity[5], entity[7]}) == 3, "two names with the initials: no guess"
    assert entity[8] != entity[9]


# --- search and the speaker page -------------------------------------------------------------
def test_speaker_search_matches_any_alias(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("j1", [("Michael Bloomberg", "The plan is paid for.")]),
            art("j2", [("Mike Bloomberg", "We start in April.")], outlet="Valley Times"),
            art("j3", [("Sara Bloom", "Not my plan.")]),
        ],
    )
    assert speaker_entities(conn, "Mike Bloomberg") == ["michael-bloomberg"]
    condition = speaker_condition(conn, "Mike Bloomberg")
    assert condition is not None
    hits = search(conn, SearchQuery(speaker="Mike Bloomberg"))
    assert sorted(h["doc"] for h in hits) == ["j1", "j2"]
    assert sorted(h["doc"] for h in search(conn, SearchQuery(speaker="Mr. Bloomberg"))) == ["j1", "j2"]
    assert speaker_condition(conn, "Nobody Atall") is None


def test_speaker_profile(conn: sqlite3.Connection) -> None:
    index_inputs(
        conn,
        [
            art("k1", [("Ana Ruiz", "One."), ("Ana Ruiz", "Two.")], published="2024-03-05"),
            art("k2", [("Mayor Ana Ruiz", "Three.")], outlet="Valley Times", published="2024-06-01"),
            art("k3", [("Ana Ruiz", "Four.")], outlet="Valley Times", published="2024-06-02"),
        ],
    )
    p = speaker_profile(conn, "ana-ruiz", limit=2)
    assert p["entity"]["name"] == "Ana Ruiz" and p["total"] == 4 and len(p["quotes"]) == 2
    assert [q["doc"] for q in p["quotes"]] == ["k3", "k2"]  # newest first
    assert speaker_profile(conn, "ana-ruiz", limit=2, offset=2)["quotes"][0]["doc"] == "k1"
    assert p["outlets"] == [
        {"outlet": "Harbor Gazette", "quotes": 2},
        {"outlet": "Valley Times", "quotes": 2},
    ]
    assert sum(r["quotes"] for r in p["relations"]) == 4
    assert p["timeline_unit"] == "month"
    assert p["timeline"] == [{"period": "2024-03", "quotes": 2}, {"period": "2024-06", "quotes": 2}]
    with pytest.raises(NotFoundError):
        speaker_profile(conn, "nobody")


# --- manual control --------------------------------------------------------------------------
def _hand_corpus(text: str = "We build.") -> list[Article]:
    return [
        art("m1", [("Dana Whitlock", text)]),
        art("m2", [("D. Whitlock", "Later.")]),
        art("m3", [("Whitlock", "Soon.")], persons=("Dana Whitlock",)),
        art("m4", [("Lee Park", "The city pays.")]),
        art("m5", [("Park Lee", "It does.")]),
    ]


def test_merge_split_and_reindex(tmp_path: Path) -> None:
    path = tmp_path / "q.db"
    conn = open_db(path)
    corpus = [*_hand_corpus(), art("m6", [("Dana Whit", "A nickname?")])]
    index_inputs(conn, corpus)
    dana = entity_of(conn, "m1", "Dana Whitlock")
    whit = entity_of(conn, "m6", "Dana Whit")
    assert whit != dana
    merge_entities(conn, dana, "Dana Whit")
    split_entity(conn, dana, "whitlock")

    def check(c: sqlite3.Connection) -> None:
        assert entity_of(c, "m6", "Dana Whit") == entity_of(c, "m1", "Dana Whitlock") == dana
        assert entity_of(c, "m3", "Whitlock") != dana
        assert entity_of(c, "m2", "D. Whitlock") == dana

    check(conn)
    # Re-index a changed article (its rows are deleted and written again) ...
    index_inputs(conn, [art("m6", [("Dana Whit", "A nickname, again.")])])
    index_inputs(conn, [art("m3", [("Whitlock", "Soon, again.")], persons=("Dana Whitlock",))])
    check(conn)
    # ... delete an article (its speakers and quotes cascade) and index it again ...
    conn.execute("DELETE FROM articles WHERE doc = 'm6'")
    assert conn.execute("SELECT COUNT(*) FROM quote_entity").fetchone()[0] == 5
    index_inputs(conn, [art("m6", [("Dana Whit", "A nickname?")])])
    check(conn)
    conn.close()
    # ... and rebuild the database from scratch from the same sources, overrides copied over.
    fresh = open_db(tmp_path / "fresh.db")
    index_inputs(fresh, list(reversed(corpus)))
    fresh.executemany(
        "INSERT INTO entity_overrides (action, alias, target, created_at) VALUES (?, ?, ?, ?)",
        [
            tuple(r)
            for r in sqlite3.connect(path).execute(
                "SELECT action, alias, target, created_at FROM entity_overrides"
            )
        ],
    )
    rebuild_entities(fresh)
    check(fresh)


def test_manual_commands_refuse_what_makes_no_sense(conn: sqlite3.Connection) -> None:
    index_inputs(conn, _hand_corpus())
    with pytest.raises(NotFoundError):
        find_entity(conn, "Nobody Atall")
    with pytest.raises(UsageError):
        merge_entities(conn, "Dana Whitlock", "D. Whitlock")  # the same entity
    with pytest.raises(UsageError):
        split_entity(conn, "lee-park", "whitlock")  # not one of its aliases


def test_rebuild_keeps_ids_and_changes_nothing_when_nothing_changed(conn: sqlite3.Connection) -> None:
    index_inputs(conn, _hand_corpus())
    before = conn.execute("SELECT * FROM speaker_entity ORDER BY speaker_row").fetchall()
    rebuild_entities(conn)
    assert conn.execute("SELECT * FROM speaker_entity ORDER BY speaker_row").fetchall() == before


# --- schema ----------------------------------------------------------------------------------
def test_a_version_3_database_migrates_and_gets_entities(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "v3.db"
    monkeypatch.setattr(store_db, "LATEST", 3)
    old = open_db(path)
    assert schema_version(old) == 3
    write_batch(old, _hand_corpus(), IndexStats())  # the write path of the time: no entities
    assert "entities" not in {r[0] for r in old.execute("SELECT name FROM sqlite_master")}
    old.close()
    monkeypatch.setattr(store_db, "LATEST", LATEST)
    conn = open_db(path)
    assert schema_version(conn) == LATEST
    rows = list_speakers(conn)  # the first read fills the entities
    assert {r["id"] for r in rows} >= {"dana-whitlock", "lee-park"}
    assert (
        conn.execute("SELECT COUNT(*) FROM quote_view WHERE entity_id = 'dana-whitlock'").fetchone()[0] == 3
    )
    conn.close()


def test_an_article_naming_a_relative_is_no_evidence_against_the_dominant_person(
    conn: sqlite3.Connection,
) -> None:
    corpus = [art(f"p{i}", [("Elena Marsh", f"Week {i} went well.")]) for i in range(6)]
    # Mentions Tom Marsh in full, quotes only a bare "Marsh": most likely still Elena, so no guess.
    corpus.append(art("p9", [("Marsh", "We are proud of him.")], persons=("Tom Marsh",)))
    corpus.append(art("q1", [("Marsh", "Another week.")]))  # no full name at all: the dominant one
    index_inputs(conn, corpus)
    assert entity_of(conn, "p9", "Marsh").endswith("@p9")
    assert entity_of(conn, "q1", "Marsh") == entity_of(conn, "p0", "Elena Marsh")


def test_a_bare_given_name_joins_only_through_its_article(conn: sqlite3.Connection) -> None:
    corpus = [art(f"r{i}", [("Elena Marsh", f"Day {i}.")]) for i in range(6)]
    corpus.append(art("r8", [("Elena", "Call me Elena.")]))
    corpus.append(art("r9", [("Elena", "Me again.")], persons=("Elena Marsh",)))
    index_inputs(conn, corpus)
    assert entity_of(conn, "r8", "Elena").endswith("@r8")
    assert entity_of(conn, "r9", "Elena") == entity_of(conn, "r0", "Elena Marsh")


def test_a_bare_word_that_is_mostly_a_given_name_joins_no_surname(conn: sqlite3.Connection) -> None:
    corpus = [art(f"s{i}", [("Paul Ryan", f"Vote {i} is today.")]) for i in range(6)]
    corpus += [art(f"t{i}", [("Rand Paul", f"Filibuster {i}.")]) for i in range(2)]
    corpus += [art(f"u{i}", [("Ida Warren", f"Tax plan {i}.")]) for i in range(5)]
    corpus += [
        art("v1", [("Warren Hale", "I invest.")]),
        art("v2", [("Paul", "No.")]),
        art("v3", [("Warren", "Yes.")]),
    ]
    index_inputs(conn, corpus)
    assert entity_of(conn, "v2", "Paul").endswith("@v2")  # Paul Ryan is named far more often
    assert entity_of(conn, "v3", "Warren") == entity_of(conn, "u0", "Ida Warren")


def test_a_headline_word_before_a_known_name_is_no_new_person(conn: sqlite3.Connection) -> None:
    corpus = [art(f"w{i}", [("Ida Warren", f"Plan {i}.")]) for i in range(3)]
    corpus += [
        art("x1", [("Slams Ida Warren", "Plan four.")]),
        art("x2", [("Ida Warren Jones", "Plan five.")]),
    ]
    corpus += [art("x3", [("Lea Jones", "Hello.")]), art("x4", [("Lea Ida Warren", "Her formal name.")])]
    corpus += [art("x5", [("Ana Warren", "Hello.")]), art("x6", [("Ana Ida Warren", "Different woman.")])]
    index_inputs(conn, corpus)
    ida = entity_of(conn, "w0", "Ida Warren")
    assert entity_of(conn, "x1", "Slams Ida Warren") == ida
    # a formal first name ("Alexandra Tara Reade" = "Tara Reade"), though "Lea" is someone else's
    assert entity_of(conn, "x4", "Lea Ida Warren") == ida
    # but someone goes by "Ana Warren": "Ana Ida Warren" may be her, not Ida
    assert entity_of(conn, "x6", "Ana Ida Warren") != ida


def test_a_shouted_name_the_recogniser_took_for_an_organisation_is_the_person() -> None:
    units = [
        Unit(1, "a", "Nora Quill", "nora quill", "person", 2),
        Unit(2, "b", "Nora Quill", "nora quill", "person", 1),
        Unit(3, "c", "WITNESS NORA QUILL", "witness nora quill", "group", 1),
        Unit(4, "d", "NORA QUILL", "nora quill", "group", 1),
        Unit(5, "e", "Quill Foundation", "quill foundation", "group", 1),
    ]
    res = resolve(units)
    entity = {k: r.entity for k, r in res.units.items()}
    assert entity[1] == entity[2] == entity[3] == entity[4] != entity[5]
    assert res.clusters[entity[1]].kind == "person"


def test_a_title_of_the_other_gender_keeps_a_bare_name_from_the_full_name(conn: sqlite3.Connection) -> None:
    """QA, nineteenth session: "Mr. Clinton" in an article naming only Hillary Clinton in full
    went to her entity (and so Bill Clinton's words)."""
    index_inputs(
        conn,
        [
            art("c1", [("Hillary Clinton", "We will win."), ("Mr. Clinton", "I am proud of her.")]),
            art("c2", [("Hillary Clinton", "Thank you."), ("Mrs. Clinton", "Onward.")]),
        ],
    )
    hillary = entity_of(conn, "c1", "Hillary Clinton")
    assert entity_of(conn, "c1", "Mr. Clinton") != hillary
    assert entity_of(conn, "c2", "Mrs. Clinton") == hillary

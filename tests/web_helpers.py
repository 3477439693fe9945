"""Invented articles for the web tests: several stories, each told by three outlets, built by hand
(no model), so a database for the API and browser tests is made in a second.

Every text here is invented. One article carries markup in every field (title, outlet, speaker,
quote) to prove the pages and charts show it as text; one story has a mixed quote (narration
around quoted words) beside the same words quoted directly, to prove the pages never put the
narration inside quotation marks.
"""

from __future__ import annotations

from pathlib import Path

from sayso.model import Article, Quote, Span, Speaker

ATTACK = '<script>window.__pwned = 1; alert(1)</script><img src=x onerror="window.__pwned = 2; alert(2)">'
OUTLETS = ("Harbour News", "Coast Herald", "Valley Times")
#: A quote a spreadsheet would run as a formula if a CSV download did not defuse it.
FORMULA = "=HYPERLINK(1) is what the sign said"

#: (topic words for the lead, speaker, what they said) — one story each.
TOPICS: tuple[tuple[str, str, str], ...] = (
    (
        "harbour bridge repairs council vote",
        "Lena Okafor",
        "We will reopen the bridge before the summer festival",
    ),
    (
        "school lunch prices parents board",
        "Piet Varga",
        "No child should pay more for a hot meal this winter",
    ),
    (
        "river flood barrier engineers delay",
        "Amara Lindqvist",
        "The barrier will hold back a hundred year flood",
    ),
    (
        "rail strike drivers union wages",
        "Tomas Oyelaran",
        "Our drivers have not had a fair raise in six years",
    ),
    (
        "library opening hours funding cuts",
        "Greta Mbeki",
        "Closing the library on Sundays hurts students most",
    ),
    (
        "stadium roof design football club",
        "Ivo Castellanos",
        "The new roof keeps every seat dry without blocking views",
    ),
    (
        "hospital waiting times emergency ward",
        "Noor Haddad",
        "Nobody should wait eight hours in an emergency ward",
    ),
    (
        "tram line extension airport residents",
        "Bruno Kowalczyk",
        "The tram will reach the airport within three years",
    ),
)


def article(
    doc: str,
    outlet: str,
    published: str,
    title: str,
    lead: str,
    said: list[tuple[str, str]],
    kind: str = "direct",
) -> Article:
    """An article of ``lead`` and one quote per ``(words, speaker)``, offsets computed: direct
    quotes in quotation marks (confidence 0.9), or with ``kind="indirect"`` reported speech
    ("X said that …", confidence 0.5)."""
    text = lead
    quotes: list[Quote] = []
    speakers: dict[str, Speaker] = {}
    for n, (words, who) in enumerate(said, start=1):
        if kind == "indirect":
            text += "\n\n"
            src = len(text)
            text += who + " said that "
            cue = text.rindex("said")
            start = len(text)
            text += words
            end = len(text)
            text += "."
        else:
            text += "\n\n\u201c"
            start = len(text)
            text += words
            end = len(text)
            text += "\u201d "
            src = len(text)
            text += who
            text += " said."
            cue = text.rindex("said")
        sid = speakers[who].id if who in speakers else f"s{len(speakers) + 1}"
        speakers.setdefault(who, Speaker(sid, who, "person", ()))
        quotes.append(
            Quote(
                id=f"q{n}",
                kind="indirect" if kind == "indirect" else "direct",
                content=words,
                content_spans=(Span.of(text, start, end),),
                cue=Span.of(text, cue, cue + 4),
                source=Span.of(text, src, src + len(who)),
                speaker=who,
                speaker_id=sid,
                confidence=0.5 if kind == "indirect" else 0.9,
            )
        )
    spk = tuple(
        Speaker(s.id, s.name, s.kind, tuple(q.source for q in quotes if q.speaker == s.name and q.source))
        for s in speakers.values()
    )
    return Article(
        doc=doc,
        text=text,
        title=title,
        outlet=outlet,
        published=published,
        quotes=tuple(quotes),
        speakers=spk,
    )


#: The mixed quote's speaker, what the article says, and the quote as a reader must see it: the
#: outlet's own marks around the quoted words, the narration before and after them outside.
MIXED_SPEAKER = "Odile Brandt"
MIXED_QUOTED = "punishes island families for living offshore,"
MIXED_CONTENT = f"that the fare plan \u201c{MIXED_QUOTED}\u201d meaning the port authority should drop it"
MIXED_LEAD = "The ferry fares review for island families reached the port authority on Monday."


def mixed_articles() -> list[Article]:
    """One story told twice: a mixed quote ("X argued that the plan “…,” meaning …") and the
    same words as a direct quote in another outlet."""
    text = f"{MIXED_LEAD}\n\n{MIXED_SPEAKER} argued {MIXED_CONTENT}."
    start = text.index(MIXED_CONTENT)
    src = text.index(MIXED_SPEAKER)
    cue = text.index("argued")
    mixed = Article(
        doc="harbour-ferry",
        text=text,
        title="Harbour News: ferry fares review",
        outlet=OUTLETS[0],
        published="2026-03-02",
        quotes=(
            Quote(
                id="q1",
                kind="mixed",
                content=MIXED_CONTENT,
                content_spans=(Span.of(text, start, start + len(MIXED_CONTENT)),),
                cue=Span.of(text, cue, cue + len("argued")),
                source=Span.of(text, src, src + len(MIXED_SPEAKER)),
                speaker=MIXED_SPEAKER,
                speaker_id="s1",
                confidence=0.8,
            ),
        ),
        speakers=(Speaker("s1", MIXED_SPEAKER, "person", (Span.of(text, src, src + len(MIXED_SPEAKER)),)),),
    )
    direct = article(
        "coast-ferry",
        OUTLETS[1],
        "2026-03-03",
        "Coast Herald: ferry fares review",
        MIXED_LEAD,
        [("The fare plan " + MIXED_QUOTED.rstrip(","), MIXED_SPEAKER)],
    )
    return [mixed, direct]


def invented_articles() -> list[Article]:
    """Three outlets per topic; the second outlet changes one word, the third quotes a part; plus
    one article with markup in every field."""
    out: list[Article] = []
    for t, (words, who, said) in enumerate(TOPICS):
        lead = f"The {words} dominated the {['morning', 'evening'][t % 2]} session on day {t + 1}."
        variants = [
            said,
            said.replace(" the ", " a ", 1) if " the " in said else said + " now",
            " ".join(said.split()[:5]),
        ]
        for o, outlet in enumerate(OUTLETS):
            extra = [(f"Story {t} detail {o}: the {words.split()[0]} plan is on schedule", who)]
            out.append(
                article(
                    f"{outlet.split()[0].lower()}-{t}",
                    outlet,
                    f"2026-0{1 + (t % 6)}-{10 + o:02d}",
                    f"{outlet}: {words.split()[0]} {words.split()[1]} update",
                    lead,
                    [(variants[o], who), *extra],
                )
            )
    out.append(
        article(
            "evil-1",
            f"Outlet {ATTACK}",
            "2026-02-20",
            f"Title {ATTACK}",
            f"Breaking {ATTACK} news about the harbour bridge repairs council vote.",
            [(f"Said {ATTACK} loudly", f"Mara {ATTACK} Quist"), (FORMULA, f"Mara {ATTACK} Quist")],
        )
    )
    out.append(
        article(
            "valley-extra",
            OUTLETS[2],
            "2026-01-15",
            "Valley Times: council briefing",
            "The harbour bridge repairs council vote was briefed to residents.",
            [("the bridge would reopen before the festival", "Lena Okafor")],
            kind="indirect",
        )
    )
    out.extend(mixed_articles())
    return out


def build_db(path: Path) -> Path:
    """A database holding ``invented_articles()`` (stories and relations computed as in production)."""
    from sayso.store import index_inputs, open_db

    conn = open_db(path)
    try:
        index_inputs(conn, invented_articles())
    finally:
        conn.close()
    return path

"""One group of aligned quotes made into an ``Alignment``: speakers, relations, diffs, alarms.

``align`` decides which quotes are one utterance; this module names how each outlet renders it
(relations defined in docs/compare.md, "Relations"): the reference is the group's fullest direct
rendering, each occurrence and each pair of outlets gets its relation, and ``misattributed``
needs evidence, two outlets whose source words name two people ``SpeakerLinks.distinct`` tells
apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from sayso.compare.relations import relation_of, word_diff
from sayso.compare.speakers import SpeakerLinks, _is_name, name_tokens, names_compatible
from sayso.compare.units import Unit, unit_tokens
from sayso.model import Alignment, Article, Occurrence, Quote, QuoteKind, Relation, Span, WordDiff

#: Severity of the wording relations: a group's relation is the most severe of its direct
#: renderings against the reference (``misattributed`` and ``single_source`` are decided first,
#: ``paraphrase`` only when at most one outlet quoted directly).
_SEVERITY: dict[str, int] = {"verbatim": 0, "punctuation": 1, "partial": 2, "altered": 3}

_TRAILING = frozenset(".,!?;:\u2026'\"\u2019\u201d)]")


def _spans(article: Article, u: Unit) -> tuple[Span, ...]:
    """The quoted character ranges of a unit, clipped to the words it covers (with the
    punctuation right after its last word) when it is a part of a cut quote."""
    if u.whole:
        return tuple(Span.of(article.text, s, e) for s, e in u.pieces)
    start, end = u.offsets[0][0], u.offsets[-1][1]
    limit = max(e for _, e in u.pieces)
    while end < limit and article.text[end] in _TRAILING:
        end += 1
    out = []
    for s, e in u.pieces:
        a, b = max(s, start), min(e, end)
        if a < b:
            out.append(Span.of(article.text, a, b))
    return tuple(out)


def _text(article: Article, u: Unit) -> tuple[str, tuple[Span, ...]]:
    if u.offsets[0][0] < 0:
        q = article.quotes[u.quote]
        return q.content, q.content_spans
    spans = _spans(article, u)
    return " ".join(sp.text for sp in spans), spans


def _named(article: Article, quote: Quote, speaker: str | None, links: SpeakerLinks) -> bool:
    """Do the quote's source words name its speaker (not a pronoun, role, group or document)?"""
    src = quote.source
    name = _source_name(src.text) if src is not None else None
    if name is None or speaker is None:
        return False
    toks = name_tokens(name)
    return any(names_compatible(toks, n) for n in links.names.get(speaker, ()))


def _names_another(quote: Quote, speaker: str, links: SpeakerLinks) -> bool:
    """Whether the quote's source words hold a name that is not ``speaker``'s: "The county's
    executive, Grace Obi," is not the Paul Dunmore another outlet calls county executive, even
    when the extraction kept the role as the speaker (the recogniser read "Grace Obi" as an
    organisation)."""
    name = _source_name(quote.source.text) if quote.source is not None else None
    if name is None:
        return False
    toks = name_tokens(name)
    return bool(toks) and not any(names_compatible(toks, n) for n in links.names.get(speaker, ()))


#: Words after which a name in the source words is not the speaker's ("a spokesman for X").
_NOT_THE_SPEAKER = frozenset({"for", "of", "to", "from", "with", "by", "about", "at", "on", "and", "or"})


def _source_name(text: str) -> str | None:
    """The name source words give the speaker: all of them when they are a name, else the first
    run of capitalised words that is a name, before any preposition. A role may come first ("said
    councillor Maria Lopez", "Former mayor Tomas Reyes", "The county's executive, Grace Obi"),
    and a name is as much evidence with a role as without (without it, the other outlet's
    different name was no evidence, and the quote's speaker "unknown"). One capitalised word
    running into a lowercase noun modifies it and is no name: a sentence's first word ("Former
    mayor", "Police chief"), a party or a nation ("the Republican candidate", "an Israeli
    military spokesman"). Not a name after a preposition, nor one with a possessive ("a spokesman
    for Maria Lopez", "Lopez's aide")."""
    if _is_name(text):
        return text
    words = text.split()
    k = 0
    while k < len(words):
        if not words[k][:1].isupper():
            if words[k].lower().strip(",") in _NOT_THE_SPEAKER:
                return None
            k += 1
            continue
        end = k + 1
        while end < len(words) and words[end][:1].isupper() and not words[end - 1].endswith(","):
            end += 1
        run = " ".join(words[k:end]).rstrip(",")
        possessive = run.endswith(("'s", "’s")) or (end < len(words) and words[end] in ("'s", "’s"))
        modifier = end == k + 1 and not run.endswith(",") and end < len(words) and _modifies(words[end])
        if not possessive and not modifier and _is_name(run):
            return run
        k = end
    return None


def _modifies(word: str) -> bool:
    """Whether a lowercase word after an opening capitalised one makes that one a modifier of it
    ("Former *mayor*"), not a name followed by a phrase ("Reyes *of* ...", "Reyes *who* ...")."""
    return word[:1].islower() and word.lower().strip(",") not in _NOT_THE_SPEAKER | _FUNCTION_WORDS


_FUNCTION_WORDS = frozenset({"the", "a", "an", "who", "which", "that", "said", "says", "told", "added"})


def build_group(gid: str, units: list[Unit], articles: Sequence[Article], links: SpeakerLinks) -> Alignment:
    texts: list[tuple[str, tuple[Span, ...]]] = [_text(articles[u.article], u) for u in units]
    quotes = [articles[u.article].quotes[u.quote] for u in units]
    docs = [articles[u.article].doc for u in units]
    kinds: list[QuoteKind] = [
        q.kind if u.kind == "direct" or q.kind == "indirect" else "indirect"
        for u, q in zip(units, quotes, strict=True)
    ]
    single = len(set(docs)) == 1
    direct = [k for k, u in enumerate(units) if u.kind == "direct"]
    pool = direct or list(range(len(units)))
    ref = max(pool, key=lambda k: (len(units[k].words), -k))

    # Speakers: the group's speaker is the person most occurrences give (the reference's on a
    # tie); a document or a group is the speaker only when no occurrence names a person.
    given = [u.speaker for u in units if u.speaker is not None]
    counts = {s: given.count(s) for s in given}
    speaker = (
        max(counts, key=lambda s: (s in links.persons, s in links.names, counts[s], s == units[ref].speaker))
        if counts
        else None
    )
    named = [_named(articles[u.article], q, u.speaker, links) for u, q in zip(units, quotes, strict=True)]
    contradicted = {
        (k, m)
        for k in range(len(units))
        for m in range(k + 1, len(units))
        if docs[k] != docs[m] and named[k] and named[m] and links.distinct(units[k].speaker, units[m].speaker)
    }
    evidenced = {k for pair in contradicted for k in pair}
    speakers: list[str | None] = []
    claimed: list[str | None] = []
    for k, u in enumerate(units):
        s = u.speaker
        if s is None or s == speaker or speaker is None or k in evidenced:
            speakers.append(s)
            claimed.append(None)
        elif links.compatible(s, speaker) and not links.distinct(s, speaker):
            speakers.append(speaker)  # a compatible name ("Trump" / "Donald Trump"): linked here
            claimed.append(s)
        elif (
            (s in links.roles or s in links.unnamed)
            and speaker in links.persons
            and not _names_another(quotes[k], speaker, links)
        ) or (s in links.documents and speaker in links.names):
            # "the Republican candidate" (or "an army spokesman") beside "Mitt Romney" (or "Jon
            # Conricus") for the same words: the outlets quote one person, one by name and one by
            # role; "the order" beside "Greg Abbott",
            # "the press release" beside the agency: whose document it is
            speakers.append(speaker)
            claimed.append(s)
        elif s not in links.persons or speaker not in links.persons:
            speakers.append(s)  # a group or a document beside a person: no contradiction
            claimed.append(None)
        else:
            speakers.append(None)  # contradicts the group without evidence: unknown
            claimed.append(s)

    quoted_docs = {docs[k] for k in direct}
    inside = {id(u): _inside_passage(articles[u.article].text, u) for u in units}
    rels: list[Relation] = []
    for k, u in enumerate(units):
        if u.kind == "indirect" and not single:
            rels.append("paraphrase")
        elif len(quoted_docs) < 2:
            rels.append("single_source")
        elif k == ref:
            rels.append("verbatim")
        elif (min(k, ref), max(k, ref)) in contradicted:
            rels.append("misattributed")  # the reference's outlet names someone else
        else:
            rels.append(_wording(texts[ref][0], texts[k][0], units[ref], u, inside))
    occs = tuple(
        Occurrence(
            doc=docs[k], quote_id=quotes[k].id, content=texts[k][0], content_spans=texts[k][1],
            speaker=speakers[k], kind=kinds[k], relation=rels[k], reference=(k == ref and not single),
            source=quotes[k].source, claimed_speaker=claimed[k],
        )
        for k in range(len(units))
    )  # fmt: skip
    if single:
        return Alignment(gid, speaker, "single_source", occs, ())

    # Each other outlet by its fullest rendering: an outlet's teaser beside its own full quote
    # is not a cut of the utterance (nor is the reference outlet's own teaser). Of two renderings
    # neither of which is a fragment of the other (a line and its repetition with "No," in
    # front, as in ../shared/examples), the one closest to the reference speaks for the outlet:
    # the other outlet quoted the line, not the repetition (twentieth session).
    def rel_of(k: int) -> Relation:
        if rels[k] == "misattributed":
            return _wording(texts[ref][0], texts[k][0], units[ref], units[k], inside)
        return rels[k]

    by_outlet: dict[str, list[int]] = {}
    for k in direct:
        if docs[k] != docs[ref]:
            by_outlet.setdefault(docs[k], []).append(k)
    wording = []
    for ks in by_outlet.values():
        whole = [k for k in ks if not any(_fragment(units[k], units[m]) for m in ks if m != k)]
        best = min(whole, key=lambda k: (_SEVERITY[rel_of(k)], -len(units[k].words), k))
        wording.append(rel_of(best))
    relation: Relation = max(wording, key=_SEVERITY.__getitem__) if wording else "single_source"
    confidence: float | None = None
    evidence: tuple[Occurrence, ...] = ()
    if contradicted:
        relation = "misattributed"
        evidence = tuple(occs[k] for k in sorted(evidenced))
        # The words of each contradicted pair against each other, whoever said them: the
        # misattributing occurrence's own relation is "misattributed", which says nothing of them.
        agree = all(
            _wording(*_fuller_first(texts, units, k, m), inside) in ("verbatim", "punctuation", "partial")
            for k, m in contradicted
        )
        confidence = _confidence(quotes, contradicted, agree)
    diff: list[WordDiff] = []
    if relation != "verbatim" or any(r == "paraphrase" for r in rels):
        for k in range(len(units)):
            for m in range(k + 1, len(units)):
                if docs[k] == docs[m]:
                    continue  # an outlet's teaser and its full quote are not two outlets
                a, b = (k, m) if _fuller(units, k, m) else (m, k)
                if units[a].kind == "indirect" or units[b].kind == "indirect":
                    pair_wording: Relation = "paraphrase"
                else:
                    pair_wording = _wording(texts[a][0], texts[b][0], units[a], units[b], inside)
                pair: Relation = "misattributed" if (min(k, m), max(k, m)) in contradicted else pair_wording
                d = word_diff(docs[a], units[a].words, docs[b], units[b].words, pair, pair_wording)
                diff.append(replace(d, quote_a=quotes[a].id, quote_b=quotes[b].id))
    return Alignment(gid, speaker, relation, occs, tuple(diff), evidence, confidence)


def _wording(fuller: str, other: str, a: Unit, b: Unit, inside: dict[int, bool]) -> Relation:
    """The relation of two renderings, where a part of a quote cut inside one quoted passage
    (``_cut``, at a sentence end) is still part of that longer passage: the same words as the
    other outlet's whole passage are ``partial``, not ``verbatim`` ("My decision is final."
    against the same words opening a longer statement, as "Oh my God. When I'm talking ..."
    against "When I'm talking ..." is partial). ``inside`` maps ``id`` of a unit to that."""
    rel = relation_of(fuller, other, unit_tokens(b))
    if rel in ("verbatim", "punctuation") and inside[id(a)] != inside[id(b)]:
        return "partial"
    return rel


_WORD_CHAR = re.compile(r"\w")


def _inside_passage(text: str, u: Unit) -> bool:
    """Whether ``u`` is a cut part with words of its own quoted passage before or after it."""
    if u.whole or not u.offsets or u.offsets[0][0] < 0:
        return False
    first, last = u.offsets[0][0], u.offsets[-1][1]
    for lo, hi in u.pieces:
        if lo <= first < hi and _WORD_CHAR.search(text, lo, first):
            return True
        if lo < last <= hi and _WORD_CHAR.search(text, last, hi):
            return True
    return False


#: A teaser is a fragment of its outlet's full quote: its words in a row inside it, which says
#: at least this many words more (a line said again with "No," in front is no fuller quote).
FRAGMENT_MIN_EXTRA = 3


def _fragment(short: Unit, long_: Unit) -> bool:
    n, words = len(short.words), long_.words
    return n + FRAGMENT_MIN_EXTRA <= len(words) and any(
        words[i : i + n] == short.words for i in range(len(words) - n + 1)
    )


def _fuller(units: list[Unit], k: int, m: int) -> bool:
    """Is unit ``k`` the fuller side of the pair (direct before reported, then more words)?"""
    rk = (units[k].kind == "direct", len(units[k].words), -k)
    rm = (units[m].kind == "direct", len(units[m].words), -m)
    return rk >= rm


def _fuller_first(
    texts: list[tuple[str, tuple[Span, ...]]], units: list[Unit], k: int, m: int
) -> tuple[str, str, Unit, Unit]:
    a, b = (k, m) if _fuller(units, k, m) else (m, k)
    return texts[a][0], texts[b][0], units[a], units[b]


def _confidence(quotes: list[Quote], pairs: set[tuple[int, int]], words_agree: bool) -> float:
    """How sure a misattribution alarm is: 0.6, plus 0.2 when every source names a full name
    ("Victor Hale", not "Hale"), 0.1 when the words agree (verbatim, punctuation or partial), 0.1
    when the engine was confident of each attribution (0.8 or more). Documented in docs/compare.md."""
    involved = sorted({k for p in pairs for k in p})
    score = 0.6
    if all(quotes[k].source is not None and len(name_tokens(quotes[k].source.text)) >= 2 for k in involved):  # type: ignore[union-attr]
        score += 0.2
    if words_agree:
        score += 0.1
    if all(quotes[k].confidence >= 0.8 for k in involved):
        score += 0.1
    return round(min(score, 0.99), 2)

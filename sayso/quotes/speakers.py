"""Stage 3: who said it. Turns stage 2's raw attributions into frozen ``Quote``s and ``Speaker``s.

The reading of each source ("she", "the mum-of-seven", "a second") lives in ``coref.py``; this
module orders the work and freezes the result:

* sources are resolved in text order, so every resolved source becomes a mention that later
  pronouns can refer back to (a quote's "she" usually means the last person quoted);
* quotes with no source in a back-and-forth are given, turn by turn, to the two people of the
  exchange, with lower confidence, because transcripts of interviews drop the cue once the
  reader knows who is talking;
* ids are stable and readable: ``q1``... in text order of the content, ``s1``... in order of
  the speaker's first mention in the article.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sayso.model import Quote, Span, Speaker
from sayso.quotes.coref import Coref, Entity, WordClasses
from sayso.quotes.coref.lexicon import FEMALE_PRONOUNS, MALE_PRONOUNS, PLURAL_PRONOUNS, SPEECH_PRONOUNS
from sayso.quotes.glyphs import original_text
from sayso.quotes.rules import DEFAULT_RULES, Rules
from sayso.quotes.types import CharSpan, RawAttribution

if TYPE_CHECKING:
    from spacy.tokens import Doc


def _clamp(spans: Sequence[CharSpan], n: int) -> tuple[CharSpan, ...]:
    out = []
    for a, b in spans:
        a, b = max(0, min(a, n)), max(0, min(b, n))
        if a < b:
            out.append((a, b))
    return tuple(out)


def _zones(
    doc: Doc, raws: Sequence[RawAttribution], rules: Rules
) -> tuple[list[CharSpan], list[CharSpan], list[CharSpan], list[CharSpan]]:
    """Character ranges of quoted speech (the contents of direct quotes and every marked quote
    stage 1 found), of reported speech (the contents of mixed quotes, whose narration is the
    writer's, and of shown indirect ones), the sources of quotes in marks, and labelled turns
    ("Stahl: I want to read you his resume ..."): see ``DocView``."""
    zones: list[CharSpan] = []
    reported: list[CharSpan] = []
    speaking: list[CharSpan] = []
    turns: list[CharSpan] = []
    text = original_text(doc)
    for r in raws:
        if r.cue is not None and text[r.cue[0] : r.cue[1]] == ":":
            turns.extend(r.content)
        if r.kind == "direct":
            zones.extend(r.content)
        elif r.kind == "mixed" or r.confidence >= rules.min_confidence:
            reported.extend(r.content)
        if r.kind != "indirect" and r.source is not None and r.confidence >= rules.min_confidence:
            speaking.append(r.source)
    marks = doc._.sayso_marks if doc.has_extension("sayso_marks") else None
    for mark in marks or ():
        zones.extend(mark.spans)
    return zones, reported, speaking, turns


def _standalone(text: str, content: tuple[CharSpan, ...]) -> bool:
    """True if the quote is a paragraph of its own, as the turns of a transcript are.

    A cue-less quote that shares its paragraph with narration was most likely attributed in a
    way stage 2 did not recognise; guessing from turn-taking there would do more harm than good.
    """
    start, end = content[0][0], content[-1][1]
    before = text.rfind("\n", 0, start) + 1
    after = text.find("\n", end)
    after = len(text) if after < 0 else after
    outside = text[before:start] + text[end:after]
    return not any(c.isalnum() for c in outside)


def alternate(
    previous: Sequence[tuple[int, int, Entity | None]], start: int, rules: Rules = DEFAULT_RULES
) -> Entity | None:
    """The speaker of a cue-less quote at ``start`` in an exchange, or None if there is none.

    ``previous`` holds (start, end, speaker) of the quotes before, in text order. The exchange is
    the run of recent quotes each close to the next; its two most recent distinct speakers take
    turns, so the quote goes to whichever of the two did not speak last.
    """
    speakers: list[Entity] = []
    cursor = start
    for q_start, q_end, who in reversed(previous[-rules.dialogue_lookback :]):
        if cursor - q_end > rules.dialogue_gap:
            break
        cursor = q_start
        if who is not None and who not in speakers:
            speakers.append(who)
            if len(speakers) == 2:
                break
    if len(speakers) < 2 or previous[-1][2] is None:
        return None
    return speakers[1]


def resolve(
    doc: Doc, raws: list[RawAttribution], rules: Rules = DEFAULT_RULES, words: WordClasses | None = None
) -> tuple[tuple[Quote, ...], tuple[Speaker, ...]]:
    """Quotes with canonical speakers, and the article's speakers with all their mentions.

    ``words`` (WordNet's lists from the pipeline's lemmatizer) let coreference tell sources that
    can speak from "the lid of a pressure cooker"; without them only its word lists decide.
    """
    zones, reported, quoting, turns = _zones(doc, raws, rules)
    coref = Coref(doc, zones, rules, words, reported, quoting, turns)
    text = coref.text
    items = []
    for r in raws:
        content = _clamp(r.content, len(text))
        if content:
            items.append((r, content))
    items.sort(key=lambda it: it[1][0])

    # Resolve sources in the order they appear, so each one is salient for the next.
    who: list[Entity | None] = [None] * len(items)
    conf = [r.confidence for r, _ in items]
    sources: list[tuple[int, int] | None] = [None] * len(items)
    named: list[tuple[int, int] | None] = [None] * len(items)  # the mention each source makes
    order = sorted(
        (i for i, (r, _) in enumerate(items) if r.source is not None),
        key=lambda i: items[i][0].source or (0, 0),
    )
    starts = [content[0][0] for _, content in items]
    for i in order:
        clamped = _clamp([items[i][0].source or (0, 0)], len(text))
        if not clamped:
            continue
        start, end = clamped[0]
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start == end:
            continue
        sources[i] = (start, end)
        speaking = _first_person_turn(text, start, end, starts, items, who, rules)
        if speaking is not None:
            # "DANA BELL: Let me tell you ...": the "me" of a turn is its labelled speaker
            who[i] = speaking
            named[i] = (start, end)
            coref.note(speaking, start, end)
            continue
        res = coref.resolve_interrupting(start, end, items[i][1])
        if res.entity is not None:
            who[i] = res.entity
            conf[i] *= res.confidence
            mention = res.mention or (start, end)
            named[i] = mention
            coref.note(res.entity, *mention)

    # Dialogue: cue-less direct quotes take turns between the two people of the exchange.
    # A quote paragraph right after "X said (that) ..." is X going on, not the other party's turn.
    previous: list[tuple[int, int, Entity | None]] = []
    for i, (r, content) in enumerate(items):
        if r.source is None and who[i] is None and r.kind == "direct" and _standalone(text, content):
            last = items[i - 1][0] if i else None
            guess: Entity | None
            if (
                last is not None
                and last.kind == "indirect"
                and previous[-1][2] is not None
                and content[0][0] - previous[-1][1] <= rules.dialogue_gap
            ):
                guess = previous[-1][2]
            else:
                guess = alternate(previous, content[0][0], rules)
            if guess is not None:
                who[i] = guess
                conf[i] *= rules.dialogue_confidence
        previous.append((content[0][0], content[-1][1], who[i]))

    extra = list(coref.pronoun_mentions(rules.pronoun_mention_min_confidence))
    fuller = _fuller_names(who, coref.persons, text)
    who = [fuller.get(id(e), e) if e is not None else None for e in who]
    extra = [(fuller.get(id(e), e), a, b) for e, a, b in extra]
    text = original_text(doc)  # what is shown is cut from the text as given (same offsets)
    speakers, ids = _freeze_speakers(text, who, named, extra)
    quotes = []
    for i, (r, content) in enumerate(items):
        spans = tuple(Span.of(text, a, b) for a, b in content)
        cue_spans = _clamp([r.cue], len(text)) if r.cue else ()
        e = who[i]
        src = sources[i]
        quotes.append(
            Quote(
                id=f"q{i + 1}",
                kind=r.kind,
                content=" ".join(s.text for s in spans),
                content_spans=spans,
                cue=Span.of(text, *cue_spans[0]) if cue_spans else None,
                source=Span.of(text, *src) if src else None,
                speaker=speakers[ids[id(e)]].name if e is not None else None,
                speaker_id=speakers[ids[id(e)]].id if e is not None else None,
                confidence=max(0.0, min(1.0, conf[i])),
            )
        )
    return tuple(quotes), tuple(speakers)


_FIRST_PERSON = frozenset({"i", "me"})


def _first_person_turn(
    text: str,
    start: int,
    end: int,
    starts: list[int],
    items: list[tuple[RawAttribution, tuple[CharSpan, ...]]],
    who: list[Entity | None],
    rules: Rules,
) -> Entity | None:
    """The speaker already found for the attribution whose words hold this "I" or "me".

    A first person inside someone's attributed words is that someone, not the writer: the
    turns of a transcript ("NAME: Let me say ...") are attributions whose content holds the
    next cue's source. Only the few attributions starting just before are looked at.
    """
    if text[start:end].lower() not in _FIRST_PERSON:
        return None
    k = bisect.bisect_right(starts, start) - 1
    for j in range(k, max(-1, k - rules.quoted_lookback), -1):
        content = items[j][1]
        if who[j] is not None and any(a <= start and end <= b for a, b in content):
            return who[j]
    return None


def _fuller_names(
    who: Sequence[Entity | None], persons: Sequence[Entity], text: str = ""
) -> dict[int, Entity]:
    """Speakers known by one word that are the one speaker whose fuller name ends in it.

    Coreference joins "Ms. Conway" to "Kellyanne Conway" when the NER tags both as persons; when
    it misses one ("Brent Schutte" untagged, a later "Schutte" read as an organisation), one
    person would be listed as two speakers. A bare capitalised word joins the person speaker
    whose name ends in it, if that speaker is the only one (and no other person of the article
    has that surname). A phrase ("a source close to Ivanka", "Biden and Sanders") is no name.
    Of groups, only a name of three words or more ("the Wall Street Journal" -> "the Journal"), or
    one the article writes with "The" as part of it, inside a sentence ("... according to The
    Washington Post"): a paper or a title, whose last word alone is its short name; "the White
    House" is written with neither, and "the House" is not it. Returns
    ``id(short entity) -> full entity``.
    """
    used: dict[int, Entity] = {}
    for e in who:
        if e is not None:
            used.setdefault(id(e), e)
    by_last: dict[str, list[Entity]] = {}
    for e in used.values():
        words = e.name.split()
        proper = words[1:] if words and not words[0][:1].isupper() else words  # "spokeswoman X Y"
        if e.kind == "person" and len(proper) >= 2 and all(w[:1].isupper() for w in proper):
            by_last.setdefault(words[-1], []).append(e)
        elif e.kind == "group" and len(words) >= 2 and all(w[:1].isupper() for w in words):
            named = " ".join(words[1:]) if words[0] == "The" else e.name
            if len(words) >= 3 or re.search(r"[a-z0-9,;:]\s+The\s+" + re.escape(named) + r"\b", text):
                by_last.setdefault(words[-1], []).append(e)
    namesakes: dict[str, set[int]] = {}  # surname -> the full-named persons who bear it
    for p in persons:
        if len(p.parts) > 1:
            namesakes.setdefault(p.parts[-1], set()).add(id(p))
    out: dict[int, Entity] = {}
    for key, e in used.items():
        word = e.name
        if (
            e.kind not in ("person", "group")
            or " " in word
            or not word[:1].isupper()
            or word.isupper()
            or e.apart
        ):
            continue
        full = by_last.get(word, [])
        if full and full[0].kind == "person" and any(_with_the(text, m.start) for m in e.mentions):
            continue  # "The Hill reported" beside "Rep. Katie Hill": a name with "the" is a paper's
        if len(full) == 1 and namesakes.get(word, set()) <= {id(full[0])}:
            out[key] = full[0]
            for m in e.mentions:
                full[0].add(m)
    return out


def _with_the(text: str, start: int) -> bool:
    """Whether the mention starting at ``start`` is written with "the" ("The Hill", "the Hill")."""
    return text[start : start + 4].lower() == "the " or text[max(0, start - 4) : start].lower() == "the "


def _freeze_speakers(
    text: str,
    who: list[Entity | None],
    named: list[tuple[int, int] | None],
    extra: list[tuple[Entity, int, int]],
) -> tuple[list[Speaker], dict[int, int]]:
    """Speakers attributed at least one quote, ``s1``... in order of first mention."""
    used: dict[int, Entity] = {}
    for e in who:
        if e is not None:
            used.setdefault(id(e), e)
    mentions: dict[int, set[tuple[int, int]]] = {}
    for key, e in used.items():
        mentions[key] = {(m.start, m.end) for m in e.mentions}
    for e, span in zip(who, named, strict=True):
        if e is not None and span is not None:
            mentions[id(e)].add(span)
    for e, start, end in extra:  # "he" and "her" of the narration, when clear
        if id(e) in mentions:
            mentions[id(e)].add((start, end))
    ordered = sorted(used, key=lambda k: min(mentions[k]) if mentions[k] else (len(text), len(text)))
    speakers = []
    index: dict[int, int] = {}
    for n, key in enumerate(ordered):
        e = used[key]
        spans = tuple(Span.of(text, a, b) for a, b in sorted(_drop_nested(mentions[key])))
        name = e.name or _name_from_mentions(text, e) or "unknown"
        speakers.append(Speaker(id=f"s{n + 1}", name=name, kind=e.kind, mentions=spans))
        index[key] = n
    return speakers, index


def _name_from_mentions(text: str, e: Entity) -> str | None:
    """A name for a person whose every naming mention the NER left untyped ("Scott said", where
    the one full "Sen. Tim Scott" sat beside a related-story link and is furniture): the longest
    capitalised mention, not a pronoun. Without it such a speaker was shown as "unknown"."""
    words = [text[m.start : m.end] for m in e.mentions]
    named = [w for w in words if w[:1].isupper() and w.lower() not in _PRONOUN_WORDS]
    return max(named, key=len) if named else None


_PRONOUN_WORDS = MALE_PRONOUNS | FEMALE_PRONOUNS | PLURAL_PRONOUNS | SPEECH_PRONOUNS


def _drop_nested(spans: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """One mention per place: "Alec" inside the source "her husband, actor Alec Baldwin" is dropped."""
    out: set[tuple[int, int]] = set()
    reach = -1
    for a, b in sorted(spans, key=lambda s: (s[0], -s[1])):
        if b > reach:
            out.add((a, b))
            reach = b
    return out

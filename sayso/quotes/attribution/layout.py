"""Attributions marked by layout rather than by a cue word: 'NAME: text' lines (transcripts,
headlines) and '"..." ― NAME' signatures. Stage 2 proposes them beside the parse's candidates
(``candidates.candidates``); they read the text line by line, not the parse, except to tell a
section label ("READ MORE:") from a speaker's name.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.frames import unfront
from sayso.quotes.attribution.spans import overlaps, trim
from sayso.quotes.coref.agents import LABEL_FUNCTION_WORDS, MEDIA_KICKERS, WordClasses, is_section_label
from sayso.quotes.coref.turns import TURN_LABEL
from sayso.quotes.glyphs import CLOSING_MARKS, QUOTE_MARK_CHARS
from sayso.quotes.rules import Rules
from sayso.quotes.types import Candidate, CharSpan, RawAttribution


@functools.lru_cache(maxsize=8)
def _colon_re(name_max_chars: int) -> re.Pattern[str]:
    """'NAME: text' with a name of up to ``name_max_chars`` characters (compiled once per value),
    a party label after it ('Rep. Tom Harlan (R-Ohio): ...') and, before a quotation mark, no
    space after the colon (transcripts pasted as 'Harlan:"...'). Groups: name, label, text."""
    opening = re.escape(QUOTE_MARK_CHARS)
    name = rf"([A-Z][\w.'’\- ]{{0,{name_max_chars - 1}}}?)"
    return re.compile(rf"^{name}(\s*\([^()\n]{{1,15}}\))?\s*:(?:\s+|(?=[{opening}]))(\S.*)$")


@functools.lru_cache(maxsize=8)
def _inline_colon_re(name_max_chars: int) -> re.Pattern[str]:
    """'... credible?” Mulroney: “I believe ...”': a name and a colon right after the end of a
    sentence and right before a quotation mark, inside a line (a transcript or a digest run
    together in one paragraph). Not after an abbreviation ("to Ms. Vroom: “...”": "Ms." ends no
    sentence, and Vroom is whom it was written to; "at 10:21 a.m. ET: “...”"). A leading "Via"
    is no part of the name ("Via National Journal: “...”"). A video's "Media caption" label
    ends what comes before it like a sentence end ("... Media caption Donald Trump: “...”"), and
    so does a turn broken off ("... Office of Management and Budget–” Mitchell: “...”": QA
    helper, forty-ninth session, the interviewer's label was glued to the answer before it).
    Group: the name."""
    opening = re.escape(QUOTE_MARK_CHARS)
    closing = re.escape(CLOSING_MARKS)
    name = rf"([A-Z][\w.'’\- ]{{0,{name_max_chars - 1}}}?)"
    end = rf"(?:(?<!\b[A-Z][a-z])(?<!\b\w)[.!?][{closing}]?|[—–-][{closing}]|\bMedia caption)[ \t]+"
    return re.compile(rf"{end}(?:(?:Via|Per|From)[ \t]+)?{name}:[ \t]*(?=[{opening}])")


@functools.lru_cache(maxsize=8)
def _dash_re(source_max_chars: int) -> re.Pattern[str]:
    """'"..." ― NAME' with a source of up to ``source_max_chars`` characters."""
    return re.compile(rf"^(.*\S)\s*[―—–]\s*(@?[A-Z][^\n―—–(]{{1,{source_max_chars - 1}}})")


def _looks_like_name(words: str, max_words: int) -> bool:
    """'PENCE', 'Rush Limbaugh', 'Poll': a short run of capitalised words, not a clause."""
    parts = words.split()
    return 0 < len(parts) <= max_words and all(
        p[:1].isupper() or p[:1].isdigit() or p in _NAME_JOINERS for p in parts
    )


_NAME_JOINERS = frozenset({"of", "the", "and", "de", "van", "von", "for", "in", "on", "to", "a"})


#: Entities that name someone: a label word inside one of them anywhere in the article is a name.
_NAMING_ENTS = frozenset({"PERSON", "ORG", "NORP", "GPE", "FAC", "LOC", "WORK_OF_ART"})


def _names_a_section(
    doc: Doc, text: str, label: str, at: int, named: dict[str, list[int]] | None
) -> tuple[bool, dict[str, list[int]] | None]:
    """Whether a 'LABEL: text' line's label (at character ``at``) is a section of the page
    ("READ MORE", "Step 2", "The Latest", "Reality Check"), not a speaker; ``named`` caches the
    article's words that stand inside a named entity, with where ("Brooks", "Nevada" and
    "Hillary" are ordinary words too). The own words of a label ending in a page's kicker do not
    count: the model tags the "STORY" of "ORIGINAL STORY:" a person (seventh QA read: the story
    was shown as a speaker), but "MARK SHIELDS:" tagged so at its label is the man."""
    words = label.split()
    if not is_section_label(words, WordClasses.default()):
        return False, named
    if len(words) == 1 and words[0].lower() in MEDIA_KICKERS:
        return True, named  # "STORY: Egypt calls for ...", whatever the model made of another one
    if named is None:
        named = {}
        for ent in doc.ents:
            if ent.label_ in _NAMING_ENTS:
                for t in ent:
                    named.setdefault(t.lower_, []).append(t.idx)
    own = range(at, at + len(label)) if words[-1].lower() in MEDIA_KICKERS else range(0)
    content = [w for w in words if w.lower() not in LABEL_FUNCTION_WORDS]  # ("The" of "THE FACTS")
    if len(content) == 1 and all(
        _labels_a_line(text, i, content[0]) for i in named.get(content[0].lower(), ())
    ):
        return True, named  # a one-word section ("Snags:") the model names wherever it opens a line
    return not any(i not in own for w in content for i in named.get(w.lower(), ())), named


def _labels_a_line(text: str, at: int, word: str) -> bool:
    """Whether ``word`` at character ``at`` is a line's 'LABEL:' (an outlook's "Snags:", each
    read as an organisation: QA helper, forty-second session)."""
    return (at == 0 or text[at - 1] == "\n") and text[at + len(word) : at + len(word) + 1] == ":"


def line_candidates(doc: Doc, text: str, rules: Rules) -> Iterator[Candidate]:
    """Attributions marked by layout: 'NAME: text' transcripts and headlines, '"..." ― NAME'.
    A section label before a colon introduces nobody's words (``_names_a_section``)."""
    colon_re = _colon_re(rules.colon_name_max_chars)
    dash_re = _dash_re(rules.dash_source_max_chars)
    named: dict[str, list[int]] | None = None
    surnames = {ent[-1].lower_ for ent in doc.ents if ent.label_ == "PERSON"}  # "Mitchell", not "Note"
    turns = _turn_labels(doc, text, colon_re, rules.name_max_words, surnames)
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        m = colon_re.match(line)
        if m and (
            _looks_like_name(m.group(1), rules.name_max_words)
            or _described_name(doc, m.group(1), start + m.start(1), m.group(3), rules.name_max_words)
        ):
            section, named = _names_a_section(doc, text, m.group(1), start + m.start(1), named)
            section = section or m.group(1).split()[0].lower() in _TOPIC_WORDS
            inner = list(turns.finditer(line, m.start(3))) if turns is not None else []
            first_end = inner[0].start(1) if inner else len(line)
            if not section and not _about_the_label(m.group(1), line[m.start(3) : first_end]):
                colon = start + line.index(":", m.end(1))
                source = trim(text, start + m.start(1), start + max(m.end(1), m.end(2)))
                source = unfront(doc, source) if source else None  # "Said Wray: ..."
                yield from _turns_of_line(text, start, line, (colon, m.start(3), source), inner)
        yield from _inline_labels(doc, text, line, start, rules, surnames)
        d = dash_re.match(line)
        if d and len(d.group(1)) > rules.dash_quote_over_chars and d.group(1).rstrip()[-1:] in CLOSING_MARKS:
            dash = start + d.end(1) + (len(line[d.end(1) :]) - len(line[d.end(1) :].lstrip()))
            source = trim(text, start + d.start(2), start + d.end(2))
            content = trim(text, start + d.start(1), start + d.end(1))
            if source and content:
                yield Candidate("dash", "―", (dash, dash + 1), [content], source)
        start = end + 1


#: Words of a speaker who says "I", "we" or "you": a turn of talk, not a profile.
_FIRST_AND_SECOND = re.compile(r"\b(?:I|I'm|I’m|me|my|we|We|our|Our|us|you|You|your|Your)\b")
_THIRD_SINGULAR = re.compile(r"\b(?:[Hh]e|[Ss]he|[Hh]is|[Hh]er|him)\b")
#: A profile runs on; a short turn ("He's wrong.") may be a transcript's.
_PROFILE_MIN_CHARS = 100


def _about_the_label(label: str, after: str) -> bool:
    """Whether the text after a 'NAME: ' label speaks of that person, not in their voice: a
    guide's entries ("Sen. Amy Klobuchar (D-MN): She will look to blend ... Klobuchar is also
    known for ...") were each shown as the senator's words (QA helper, forty-second session: 21
    items of one article). Text in the third person that names the label's surname, or says
    "he"/"she" at length and never "I", "we" or "you"; a quotation after the label is theirs.
    A label in capitals is a transcript's turn ("GONYEA: He's perhaps the party's biggest star
    right now."), whoever it speaks of."""
    if not after or after[:1] in QUOTE_MARK_CHARS or label.isupper():
        return False
    narration = _QUOTED.sub(" ", after)
    surname = label.split()[-1] if label.split() else ""
    if len(surname) > 2 and re.search(rf"\b{re.escape(surname)}\b", narration):
        return True
    if _FIRST_AND_SECOND.search(narration):
        return False
    return len(narration) >= _PROFILE_MIN_CHARS and _THIRD_SINGULAR.search(narration) is not None


#: A span in quotation marks, whoever's words they are.
_QUOTED = re.compile(r"[“\"][^“”\"\n]*[”\"]")


#: Words that open a heading about something, not a speaker's label: "About Rockwell: I did not
#: mention it above ..." was the columnist's own note (QA helper, thirty-ninth session).
_TOPIC_WORDS = frozenset({"about", "on", "regarding", "re", "concerning"})


def _described_name(doc: Doc, words: str, at: int, after: str, max_words: int) -> bool:
    """'Former secretary of state Ada Ruiz: “...”': a role in lower case before a name the model
    found, labelling a quotation (PolNeAR train: such a line's quote had no source). Only before
    a quotation mark, so a sentence's own colon ('The mayor said this: ...') stays out."""
    parts = words.split()
    if not (2 < len(parts) <= max_words + 3) or after[:1] not in QUOTE_MARK_CHARS:
        return False
    if not all(p[:1].isupper() for p in (parts[0], parts[-1], parts[-2])):
        return False
    name_at = at + len(words) - len(" ".join(parts[-2:]))
    span = doc.char_span(name_at, at + len(words), alignment_mode="expand")
    label = doc.char_span(at, at + len(words), alignment_mode="expand")
    if span is None or label is None or any(t.pos_ in ("VERB", "AUX") or t.is_sent_start for t in label[1:]):
        return False  # 'The plans would make it longer. Said Ellis: “...”' is a sentence and a cue
    return all(t.ent_type_ == "PERSON" for t in span)


def _inline_labels(
    doc: Doc, text: str, line: str, start: int, rules: Rules, surnames: set[str]
) -> Iterator[Candidate]:
    """'NAME: “...”' turns inside a line, each up to the next one (``_inline_colon_re``)."""
    # (a surname the model tags elsewhere counts, not only where it tags it: "Mitchell: “...”")
    found = [
        m
        for m in _inline_colon_re(rules.colon_name_max_chars).finditer(line)
        if _looks_like_name(m.group(1), rules.name_max_words)
        and (
            _holds_a_name(doc, start + m.start(1), start + m.end(1))
            or m.group(1).split()[-1].lower() in surnames
        )
    ]
    for k, m in enumerate(found):
        after = found[k + 1] if k + 1 < len(found) else None
        colon = start + m.end(1) + line[m.end(1) :].index(":")
        source = trim(text, start + m.start(1), start + m.end(1))
        content = trim(text, colon + 1, start + (after.start(1) if after is not None else len(line)))
        if source and content:
            yield Candidate("colon", ":", (colon, colon + 1), [content], source)


def _turn_labels(
    doc: Doc, text: str, colon_re: re.Pattern[str], max_words: int, surnames: set[str]
) -> re.Pattern[str] | None:
    """Labels that open lines of the article, and names that label turns twice inside lines,
    found inside a line after a sentence's end or a dash: an interview printed as prose runs
    several turns into one paragraph ("President Trump: Well, I don't know. ... I have — Stahl: Do
    you want him to — President Trump: — a very good relationship with him."). Such a line was
    one turn of the first label, or none at all when the label's name came again after it (QA
    helper, forty-seventh session: the turns' "he" and "his" counted as narration, and made the
    interviewer a man). A name counts when a person the article names has its last word, as in
    ``coref.turns``, or when it is in capitals and no ordinary words ("BRZEZINSKI", not "NOTE").
    None when no label opens a line, or fewer than two speakers' are found."""
    found = {
        m.group(1)
        for line in text.split("\n")
        if (m := colon_re.match(line)) and _looks_like_name(m.group(1), max_words)
    }
    if not found:
        return None
    inline = Counter(m.group(1) for m in _INNER_LABEL.finditer(text))
    found |= {
        label
        for label, n in inline.items()
        # once is enough for a name in capitals the article gives someone ("... got left.
        # ASSANGE: Curious eyes ...": a chat log's second speaker; fifty-first session)
        if (n >= 2 or (label.isupper() and label.split()[-1].lower() in surnames))
        and _looks_like_name(label, max_words)
        and (
            label.split()[-1].lower() in surnames
            or (label.isupper() and not is_section_label(label.split(), WordClasses.default()))
        )
    }
    if len(found) < 2:
        return None
    names = "|".join(re.escape(n) for n in sorted(found, key=len, reverse=True))
    return re.compile(rf"{_AFTER_TURN}({names}):[ \t]")


#: Where a turn may end inside a line: after a sentence's end or a dash, and after a stage
#: direction or a closing mark that follows a sentence's end (a White House transcript's "...
#: do this? (Laughter.) THE PRESIDENT: Because ...": the President's turns ran into the
#: translator's; forty-ninth session).
_AFTER_TURN = r"(?:(?<=[.?!])|(?<=[.?!—–-][)”\"’])|(?<=[—–-]))[ \t]+"
#: A label inside a line: a name that labels two turns is a speaker's, as are the labels opening
#: lines ("... I'm not a child. — Pell: But you trust him. — Senator Harwood: Okay.").
_INNER_LABEL = re.compile(_AFTER_TURN + r"([A-Z][\w.'’\-]*(?: [A-Z][\w.'’\-]*){0,3}):[ \t]")


def _turns_of_line(
    text: str, start: int, line: str, first: tuple[int, int, CharSpan | None], inner: list[re.Match[str]]
) -> Iterator[Candidate]:
    """The turns of one labelled line: the first label's words up to the next label found inside
    the line (``_turn_labels``), then each inner label's up to the one after it."""
    colon, at, source = first
    for k in range(len(inner) + 1):
        stop = inner[k].start(1) if k < len(inner) else len(line)
        while (direction := _STAGE_DIRECTION.search(line, at, stop)) is not None:
            stop = direction.start()  # "... want to do this? (Laughter.)": the room's, not words
        content = trim(text, start + at, start + stop)
        if source and content:
            yield Candidate("colon", ":", (colon, colon + 1), [content], source)
        if k < len(inner):
            colon = start + inner[k].end(1)
            at = inner[k].end()
            source = trim(text, start + inner[k].start(1), start + inner[k].end(1))


#: A transcript's note of what the room did, at the end of a turn: "(Laughter.)", "(Laughter
#: and applause.)", "(Crosstalk)".
_STAGE_DIRECTION = re.compile(r"[ \t]*\([A-Z][a-z]+(?: [a-z]+){0,3}\.?\)[ \t]*$")


def _holds_a_name(doc: Doc, a: int, b: int) -> bool:
    """Whether the model found a name in ``a..b``: inside a line, "And:" or "Crowd:" before a
    quote is no speaker, unlike a line's label, which the layout itself sets apart."""
    span = doc.char_span(a, b, alignment_mode="expand")
    return span is not None and any(t.ent_type_ in _NAMING_ENTS for t in span)


#: An embedded tweet as news pages render it: its text, then "— Name (@handle) Month D, YYYY"
#: on the same line (the dash glued to a link before it: "pic.twitter.com/x— Name"), or that
#: signature alone on the line after the text. Groups: text, dash (or glued, or alone), name.
_TWEET = re.compile(
    r"^[^\S\n]*(?:(?P<text>\S.*?\S)(?:[^\S\n]+(?P<dash>[—–―-])|(?P<glued>[—–―])))?"
    r"(?(text)|(?P<alone>[—–―-]))[^\S\n]*(?P<name>[^—–―(\n]{1,60}?)[^\S\n]*"
    r"\(@\w{1,15}\)[^\S\n]+(?:January|February|March|April|May|June|July|August|September|"
    r"October|November|December)[^\S\n]+\d{1,2},[^\S\n]+\d{4}[^\S\n]*$",
    re.MULTILINE,
)
#: Links a tweet ends with ("pic.twitter.com/...", "https://t.co/..."): the page's, not words.
_TRAILING_LINKS = re.compile(r"(?:[^\S\n]*(?:pic\.twitter\.com/\S+|https?://\S+))+$")


def tweet_attributions(text: str, rules: Rules) -> Iterator[RawAttribution]:
    """Embedded tweets: each is its author's words, verbatim, with no quotation marks and no
    cue word ('Great job! — Donald J. Trump (@realDonaldTrump) February 12, 2017'). They were
    not found at all: in news-5k, 652 such lines in 307 of the 5,000 articles."""
    for m in _TWEET.finditer(text):
        if m.group("text") is not None:
            start, end = m.start("text"), m.end("text")
        else:  # the signature on a line of its own: the tweet is the paragraph before it
            end = len(text[: m.start()].rstrip())
            start = text.rfind("\n", 0, end) + 1
        links = _TRAILING_LINKS.search(text, start, end)
        if links is not None:
            end = links.start()
        content = trim(text, start, end)
        source = trim(text, m.start("name"), m.end("name"))
        if content and source and any(c.isalpha() for c in text[content[0] : content[1]]):
            dash = next(m.start(g) for g in ("dash", "glued", "alone") if m.group(g) is not None)
            listed = _listed_before(text, content[0])
            content = (listed[0][0], content[1]) if listed else content  # (one passage: one piece)
            # the post's earlier paragraphs, as pieces a quote in them may still claim (``attribute``)
            pieces = [] if listed else _embedded_before(text, content[0])
            yield RawAttribution(
                "direct", (*pieces, content), (dash, dash + 1), source, rules.signature_confidence
            )


#: A numbered item opening a paragraph: "1) Forgot to score ...", "2. Assumed ...".
_LIST_ITEM = re.compile(r"\d{1,2}[.)][ \t]")
#: Longest line that introduces a post's numbered list ("The study claiming X, that:").
_LIST_INTRO_MAX_CHARS = 300


def _listed_before(text: str, start: int) -> list[CharSpan]:
    """The paragraphs of a post's numbered list that the signed paragraph at ``start`` ends, and
    the line ending in a colon that introduces them: a thread's "The study ..., that:" / "1)
    ..." / "2) ..." / "3) ... — Name (@handle) date" was shown as its last item alone (QA helper,
    forty-ninth session). Nothing when the signed paragraph is no numbered item."""
    pieces: list[CharSpan] = []
    if not _LIST_ITEM.match(text, start):
        return pieces
    at = start
    while True:
        end = at
        while end > 0 and text[end - 1].isspace():
            end -= 1
        if end == 0 or at - end > 4:
            break  # (the article's start, or more than a blank line between)
        begin = text.rfind("\n", 0, end) + 1
        if _LIST_ITEM.match(text, begin):
            pieces.insert(0, (begin, end))
            at = begin
            continue
        if text[end - 1] == ":" and end - begin <= _LIST_INTRO_MAX_CHARS:
            pieces.insert(0, (begin, end))
        break
    return pieces


#: Most paragraphs of an embedded post before its signed one (``_embedded_before``).
_EMBED_MAX_PARAGRAPHS = 6


def _embedded_before(text: str, start: int) -> list[CharSpan]:
    """The paragraphs of an embedded post before its signed one: pages set a post's paragraphs
    apart with two blank lines or more, the article's own with one ('"Go get 'em, Roy!" -
    President Trump' / 'Just got off the phone ...' / 'I look forward ... — Judge Roy Moore
    (@MooreSenate) December 4, 2017' was shown as its last paragraph alone: QA helper, fifty-
    first session; 53 signed posts of news-5k are set so). Nothing when the article sets all its
    paragraphs so (a transcript's turns), or the paragraph before is another signed post."""
    pieces: list[CharSpan] = []
    at = start
    for _ in range(_EMBED_MAX_PARAGRAPHS + 1):
        end = at
        while end > 0 and text[end - 1].isspace():
            end -= 1
        breaks = text.count("\n", end, at)
        if end == 0 or breaks == 2:
            return pieces  # the article's own paragraph break above the post
        begin = text.rfind("\n", 0, end) + 1
        if breaks < 2 or _TWEET.match(text, begin) or TURN_LABEL.match(text, begin):
            return []  # (a transcript's turns keep their speakers: "POMPEO: We did.")
        pieces.insert(0, (begin, end))
        at = begin
    return []  # (every paragraph so far set apart the same way: the article's own layout)


_CREDIT_WORD = r"[A-Z][\w.'’\-]*"
#: A credit line under a quoted excerpt, as digests of opinion columns print them: "Name,
#: Outlet" ("Ana Ruiz and Tom Lee, Harbor Weekly", "Editorial Board, Coast Ledger"), alone on
#: the next line or right after the closing mark at the end of the paragraph, a dash before it
#: or none. Every word capitalised, no verb, nothing after it on the line. Groups: names, where.
_CREDIT = re.compile(
    rf"[^\S\n]*(?:\n\s*)?(?:[-–—―][^\S\n]*)?"
    rf"(?P<names>{_CREDIT_WORD}(?:,?[^\S\n]+(?:{_CREDIT_WORD}|and|&|de|van|von|der|la|le|bin|al))*)"
    rf",[^\S\n]+(?P<where>{_CREDIT_WORD}(?:[^\S\n]+(?:{_CREDIT_WORD}|of|the|and|&|on))*)"
    rf"[^\S\n]*(?:\n|$)"
)
#: A party and state after a name ("D-Ore.", "R-Texas"), as headings over a lawmaker's words give.
_PARTY_TAG = re.compile(r"[DRI]-[A-Z]")
#: Most words a credit line's names and its outlet take.
_CREDIT_MAX_WORDS = (12, 6)
#: Who writes in a paper's own name: the paper is the source.
_EDITORS = frozenset({"editorial board", "the editorial board", "the editors", "editors", "staff"})
#: Entities by which a source names someone itself ...
_NAMED_SOURCE_ENTS = frozenset({"PERSON", "ORG", "NORP", "GPE"})
#: ... and pronouns that name nobody: a digest's lead-in to an excerpt ("Others note, “...”").
_SOME = frozenset({"some", "others", "many", "few", "several"})


def credited(doc: Doc, text: str, attributions: list[RawAttribution], rules: Rules) -> list[RawAttribution]:
    """Quoted excerpts signed by a credit line: "“...”" then "Ana Ruiz, Harbor Weekly".

    Digests of opinion ("From the Left: ...") quote a column's words with no cue and name the
    columnist and the paper on the line after; the excerpt went to nobody, or to the "Some
    argue" or "Others note" that led into it (news-5k: 264 such excerpts in 37 articles, none
    shown with their writer). The credit names the writer unless the quote's source already
    names someone outside the quote. A line that heads what follows ("Sen. Ada Ruiz, D-Ore."
    above a paragraph about Ruiz) is a section heading, not a credit."""
    out = []
    for a in attributions:
        credit = _credit_after(text, a) if a.kind != "indirect" and a.content else None
        if credit is None or _names_someone(doc, a):
            out.append(a)
            continue
        names, where = credit
        comma = (names[1], names[1] + 1)  # the cue, as a dash is a signature's
        if text[names[0] : names[1]].lower() in _EDITORS:
            names = where  # the paper speaks: "Editorial Board, Coast Ledger"
        conf = max(a.confidence, rules.signature_confidence)
        out.append(RawAttribution(a.kind, a.content, comma, names, conf))
    return out


def _credit_after(text: str, a: RawAttribution) -> tuple[CharSpan, CharSpan] | None:
    """The names and outlet of the credit line right after ``a``'s last closing mark."""
    end = pos = a.content[-1][1]
    while pos < len(text) and text[pos] in ".,!?…" + CLOSING_MARKS:
        pos += 1
    if not any(c in CLOSING_MARKS for c in text[end - 1 : pos]):
        return None  # the quote did not end at a closing mark
    m = _CREDIT.match(text, pos)
    if m is None:
        return None
    max_names, max_where = _CREDIT_MAX_WORDS
    names, where = m.group("names"), m.group("where")
    if len(names.split()) > max_names or len(where.split()) > max_where or (names + where).isupper():
        return None  # too long for a credit, or a headline in capitals ("SENATE PASSES BILL, ...")
    if _PARTY_TAG.match(where):
        return None  # "Sen. Ada Ruiz, D-Ore.": a heading over what she said, not a paper
    surname = names.replace(",", " ").split()[-1]
    following = text[m.end() : m.end() + 300].lstrip().split("\n", 1)[0]
    if re.search(rf"\b{re.escape(surname)}\b", following):
        return None  # a heading over a paragraph about its person
    return (m.start("names"), m.end("names")), (m.start("where"), m.end("where"))


def _names_someone(doc: Doc, a: RawAttribution) -> bool:
    """Whether ``a``'s source is a name or a pronoun outside its quote, which a credit does not
    overrule; "Some", "Others", "the left" and no source at all it does."""
    if a.source is None or any(overlaps(a.source, c) for c in a.content):
        return False
    span = doc.char_span(a.source[0], a.source[1], alignment_mode="expand")
    return span is not None and any(
        (t.pos_ in ("PROPN", "PRON") and t.lower_ not in _SOME and not _bare_plural(t))
        or t.ent_type_ in _NAMED_SOURCE_ENTS
        for t in span
    )


def _bare_plural(t: Token) -> bool:
    """ "Critics note that “...”": a plural noun the tagger read as a name at a sentence's start
    names nobody either (QA helper, forty-first session: the excerpt signed by a columnist below
    it went to "Critics")."""
    return t.tag_ in ("NNS", "NNPS") and not t.ent_type_ and t.lower_.endswith("s")

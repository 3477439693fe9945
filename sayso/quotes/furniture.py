"""Page furniture left inside article text: widgets and link blurbs that are nobody's words.

Text extracted from news pages keeps some of the page around the article, and two kinds of it
look like speech to the rules. Video widgets put a line "JUST WATCHED <clip title> Replay More
Videos ... MUST WATCH <clip title> 01:22" between paragraphs; the clip titles hold quotes and
cues ("Biden regrets saying 'allies helped ISIS'"). Link blurbs glue a person's full name to
the headlines of related stories, inside the sentence that mentions the person: "Senator Lisa
Ortiz Lisa Ann OrtizGOP senators balk at the plan Flake tells GOP: 'no' MORE told reporters";
the headlines become quotes and the glued words a speaker. (In news-5k, 189 of 5,000 articles
carry such widgets and 150 such blurbs.)

A third kind is a live blog's time label ("11:55 a.m. ET:"), whose zone the model reads as a
person and the parser as the next verb's subject (``is_time_zone``), and the dateline that
opens a wire story ("CLEVELAND -"), which the parser takes for a subject (``dateline_dash``).

``page_furniture`` finds the first two by their layout alone; stage 2 (``clear_of_furniture``) drops
what lies inside them, cuts a source that runs into one, and finds the subject a blurb tore
from its verb. The text is never changed: offsets stay those of the article. (Handing the
model the text with furniture blanked out was tried: on news-5k it lost a quote after a blanked
widget and misresolved a pronoun, so the parse sees the page as it came.)
"""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

from spacy.tokens import Token

from sayso.quotes.types import CharSpan, RawAttribution, merge_spans

#: A widget line: "JUST WATCHED ... Replay More Videos ..." or "... MUST WATCH ...".
_WIDGET = re.compile(r"(?m)^[ \t]*JUST WATCHED\b[^\n]*?(?:Replay More Videos|MUST WATCH)[^\n]*$")
#: A photo gallery run into one paragraph: "Photos: TITLE caption ... Hide Caption 1 of 12 ...":
#: a 2,700-character gallery was shown as one mixed quote (QA helper, twenty-first session; 57
#: of the 5,000 news-5k articles carry one).
#: A gallery's link on a line of its own ("Slideshow (17 Images)", 55 in news-5k): the model
#: read "Slideshow" as a person, and "She" after it went to "Slideshow" (fifty-first session).
_GALLERY = re.compile(
    r"(?m)^[^\n]*\bHide Caption \d+ of \d+\b[^\n]*$|^[ \t]*Slideshow \(\d+ (?:Images?|Photos?)\)[ \t]*$"
)
#: A newsletter sign-up box's line ("I can confirm I have read and accept the Terms Of Use",
#: "By signing up, you agree to ..."): 247 such lines in news-5k; one was shown as a quote.
_SIGN_UP = re.compile(r"(?m)^[^\n]*\b(?:I have read and accept|By clicking|By signing up)\b[^\n]*$")
#: A related story's headline on a line of its own, closed by its link: "Easter tirade: Trump
#: attacks Nafta and says 'No more Daca deal' Read more" (118 such lines in 75 news-5k
#: articles; QA read, twenty-second session: one was shown as Putin's words).
_READ_MORE = re.compile(r"(?m)^[^\n]{1,300}\bRead more[ \t]*$")
#: A related story's headline after a label of its own line: "SEE ALSO: Cruz to Trump: ...",
#: "More:Trump calls ...", "Related: ...", "READ MORE: ..." (366 such lines in 264 news-5k
#: articles; seventh QA read: a "he" after one went to the senator its headline named).
_RELATED = re.compile(
    r"(?m)^[ \t]*(?:SEE ALSO|See also|More|MORE|Related|RELATED|Read more|READ MORE|Read|READ|Also read)"
    r"[ \t]*:(?![ \t]*https?://)[^\n]*$"  # not a post's "Read more: https://t.co/..."
    # a wire's box with no colon: "Related Coverage White House says Trump did not ..." (QA
    # helper, forty-third session: shown as the White House's; 9 such lines in news-5k)
    r"|^[ \t]*Related Coverage\b[^\n]*$"
)
#: A video or photo box's boilerplate before its caption: "Media playback is unsupported on your
#: device Media caption ...", "Image copyright Getty Images Image caption ..." (350 such lines
#: in 118 news-5k articles; a caption's quote was shown starting with the boilerplate). The
#: caption itself is left to the rules: it may quote someone. A photo's share buttons too
#: ("Facebook Twitter Pinterest Sam Ruiz on the square. Photograph: ...": 59 lines in news-5k;
#: a QA helper, forty-first session, saw the "she added" after one given to the town it named).
_MEDIA_BOX = re.compile(
    r"(?m)^[ \t]*(?:Media playback is unsupported on your device(?: Media caption)?"
    r"|Image copyright [^\n]{0,80}? Image caption|Facebook Twitter Pinterest\b)"
)
#: A video player's box, its clip title between "Embed" and the player's own words: "Embed Khan:
#: Trump 'Void' of a 'Moral Compass' 1:41 autoplay autoplay Copy this code to your website or
#: blog" (QA helper, thirty-seventh session: two shown as quotes, "Copy" a person who took "she").
_EMBED = re.compile(r"(?m)^[^\n]*\bCopy this code to your website or blog\b[^\n]*$")
#: An audio player's line, a clip's title closed by its button: "From 'Morning Edition': Scott
#: Horsley reports on the G-20 Summit Listen" (9 such lines in news-5k; QA helper, forty-fifth
#: session: one after "It added:" was shown as the association's words).
_AUDIO = re.compile(r"(?m)^[^\n]{1,300}[^.!?\s][ \t]+Listen[ \t]*$")
#: A photo's credit box: "Enlarge this image toggle caption Kristian Thacker for NPR Kristian
#: Thacker for NPR" (QA helper, thirty-eighth session: the photographer took a veteran's two
#: "he says"; 305 such lines in 219 news-5k articles, every one a credit).
_PHOTO_CREDIT = re.compile(r"(?m)^[ \t]*(?:Enlarge this image[ \t]+)?toggle caption\b[^\n]*$")
#: An editor's note: the outlet's word on its own article (a correction, a sponsor, the author's
#: biography), nobody's quote: "Editor's note: This story originally reported that X is an FBI
#: agent" was shown as a claim of "this story" (thirty-fourth session).
_EDITORS_NOTE = re.compile(r"(?m)^[ \t]*(?:Editor['’]s [Nn]ote|EDITOR['’]S NOTE)\b[^\n]*$")
#: A related story's headline set in parentheses within a paragraph: "(RELATED: Fauci Says Virus
#: ‘Not A Major Threat’)" was shown as Fauci's, "(RELATED: ‘Endangers The Lives Of The Public’:
#: Trump Goes On Rant ...)" as a mayor's quoted in the paragraph (thirty-fourth session).
_RELATED_INLINE = re.compile(r"\((?:RELATED|SEE ALSO|WATCH|READ MORE|READ)[ \t]*:[^()\n]{1,200}\)")
#: A related story's link on a line of its own, its kicker glued to the headline by a colon with
#: no space: "Analysis:Tougher than Teflon? Trump shows ...", "'He's changed':Jill Biden says
#: 'it's hard' to ..." (QA helper, thirty-fifth session: shown as Trump's and as Biden's words;
#: 120 such lines in 5,000 news-5k articles besides "More:"). The kicker is one word or has a
#: word in lower case: "German Lopez:You've called ..." is an interview's turn, kept.
_GLUED_LINK = re.compile(r"(?m)^[ \t]*(?P<kicker>[^\n:]{1,100}?[\w'’\"”)]):(?=[A-Z'‘\"“])[^\n]*$")
#: The word that closes a link blurb.
_MORE = re.compile(r"(?<=\S) MORE\b")
#: A lower-case letter right before a capital or a year inside a word ("OrtizGOP",
#: "McConnellSenate", "Harris2020"): where a blurb's name may meet its first headline.
_GLUE = re.compile(r"[a-z'’](?=[A-Z]|\d{4}\b)")  # a headline may open with a year: "Harris2020 Democrats"
#: How far before "MORE" a blurb may start, and how far before its glued name the mention whose
#: last name it repeats may stand ("Senator Lisa Ortiz Lisa Ann Ortiz...").
_BLURB_MAX_CHARS = 600
#: A word of a full name in a blurb: "Ann", "(Bob)", "J.".
_FULL_NAME_WORD = re.compile(r"\(?[A-Z][\w.'’-]*\)?")
_NAME_MAX_CHARS = 60


def page_furniture(text: str) -> list[CharSpan]:
    """Sorted, non-overlapping character spans of widget lines, photo galleries, newsletter
    sign-up boxes, related stories' "Read more" and "SEE ALSO:" lines, media boxes' boilerplate,
    photo credits, video players' embed boxes, audio players' lines, link blurbs, "Story
    highlights" boxes, editors' notes, related headlines in parentheses and related links glued
    to their kicker ("Analysis:Tougher ...")."""
    found = [(m.start(), m.end()) for m in _WIDGET.finditer(text)]
    found += [(m.start(), m.end()) for m in _GALLERY.finditer(text)]
    found += [(m.start(), m.end()) for m in _SIGN_UP.finditer(text)]
    found += [(m.start(), m.end()) for m in _READ_MORE.finditer(text)]
    found += [(m.start(), m.end()) for m in _RELATED.finditer(text)]
    found += [(m.start(), m.end()) for m in _MEDIA_BOX.finditer(text)]
    found += [(m.start(), m.end()) for m in _PHOTO_CREDIT.finditer(text)]
    found += [(m.start(), m.end()) for m in _EMBED.finditer(text)]
    found += [(m.start(), m.end()) for m in _AUDIO.finditer(text)]
    found += [(m.start(), m.end()) for m in _EDITORS_NOTE.finditer(text)]
    found += [(m.start(), m.end()) for m in _RELATED_INLINE.finditer(text)]
    found += [(m.start(), m.end()) for m in _GLUED_LINK.finditer(text) if _link_kicker(m)]
    return list(merge_spans(found + _blurbs(text) + _highlights(text)))


#: The page lines a quote's introducing colon reaches across ("It added:" / an audio player's
#: line / the quote): a widget, gallery, sign-up box, photo credit, embed box or audio player.
_BETWEEN_COLON_AND_QUOTE = (_WIDGET, _GALLERY, _SIGN_UP, _PHOTO_CREDIT, _EMBED, _AUDIO)


def page_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is one line of a page's furniture that may stand between a
    colon and the quote it introduces (forty-sixth session: "It added:", an audio player's
    line, then the association's paragraph in quotes had no speaker; "Among the editorial's
    points:", a sign-up box, then the editorial's words)."""
    return any(p.fullmatch(text, start, end) for p in _BETWEEN_COLON_AND_QUOTE)


def media_captions(text: str) -> list[CharSpan]:
    """The captions after a media box's boilerplate, to the end of their line: a name in one
    ("Media caption Robert Mueller: “...”") is no antecedent of the narration's next "he"; nor
    is a name in a photo's caption line signed by its credit ("President Donald Trump speaks
    during a meeting with Guatemala's President Jimmy Morales ... Kevin Lamarque/Reuters": six
    of Trump's "the president writes" went to Morales; QA helper, forty-third session)."""
    boxes = [
        (m.end(), end if (end := text.find("\n", m.end())) >= 0 else len(text))
        for m in _MEDIA_BOX.finditer(text)
    ]
    return boxes + [(m.start(), m.end()) for m in _CREDITED_CAPTION.finditer(text)]


#: A photo's caption on a line of its own, ending with its credit: "... Dec. 17, 2019. Kevin
#: Lamarque/Reuters", "... (AP Photo/Evan Vucci)", "... (Bria Webb/Reuters)".
_CREDITED_CAPTION = re.compile(
    r"(?m)^[^\n]{20,600}?[.)][ \t]+\(?[A-Z][\w.'’-]*(?:[ \t]+[A-Z][\w.'’-]*){0,3}[ \t]?/[ \t]?"
    r"[A-Z][\w.&'’-]*(?:[ \t]+[A-Z][\w.&'’-]*){0,3}\)?[ \t]*$"
)


def _link_kicker(m: re.Match[str]) -> bool:
    """Whether a glued kicker heads a link: one word or words in lower case, but no label or
    clause introducing a quotation ('Former secretary Ann Ruiz:“We learned ...”', 'He said:“We
    will win.”' in text that lost its spaces), nor the start of a quotation that goes on past the
    colon ('“Trump:You base your statements on ...?” tweeted the prince')."""
    kicker = m.group("kicker").strip()
    words = kicker.split()
    quoting = m.string[m.end("kicker") + 1] in "'‘\"“"
    opened = kicker[:1] in "'‘\"“" and not any(c in kicker[1:] for c in "'’\"”")
    linked = len(words) == 1 or any(w[:1].islower() for w in words)
    return linked and "http" not in kicker and not quoting and not opened


#: A box of one-line summaries ("Story highlights") or of related stories' headlines under a
#: heading of its own line ("READ MORE:", "Related:", "Also see:"; 59 such lists in news-5k: a
#: QA helper, thirty-ninth session, saw "Poll: Romney takes lead in Florida" shown as a poll's words).
_HIGHLIGHTS = re.compile(
    r"(?m)^[ \t]*(?:Story highlights\b|(?:READ MORE|Read [Mm]ore|Related|RELATED|Also see|See also|SEE ALSO"
    r"|Also read|Related [Cc]overage|Related [Ss]tories)[ \t]*:[ \t]*$)"
)
#: A highlight is a short line that is no sentence: the article's first paragraph ends the box.
_HIGHLIGHT_MAX_CHARS = 160


def _highlights(text: str) -> list[CharSpan]:
    """A "Story highlights" box: the outlet's one-line summaries above the article ('"I think
    most people are leaning towards human error," union representative says'). They repeat the
    article's quotes in headline form, and the speakers read off them were wrong three times in
    four (a QA read of real news, thirty-third session: a source carried over from the bullet
    before, a tally of the outlet's own). The box runs on over short lines that end in no full
    stop; the first sentence of the article ends it."""
    out: list[CharSpan] = []
    for m in _HIGHLIGHTS.finditer(text):
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        while True:
            start = end
            while start < len(text) and text[start] in "\n \t":
                start += 1
            stop = text.find("\n", start)
            stop = len(text) if stop < 0 else stop
            line = text[start:stop].rstrip()
            if not line or len(line) > _HIGHLIGHT_MAX_CHARS or line.endswith((".", "?", "!")):
                break
            end = start + len(line)
        out.append((m.start(), end))
    return out


def _blurbs(text: str) -> list[CharSpan]:
    """'... Lisa Ortiz Lisa Ann OrtizGOP senators balk ... MORE ...': from the repeated full
    name to "MORE". Only when the glued name's last word repeats the one of the mention right
    before it, so an ordinary "MORE" or a camel-cased brand is never taken for a blurb."""
    out: list[CharSpan] = []
    done = 0
    for more in _MORE.finditer(text):
        lo = max(done, more.start() - _BLURB_MAX_CHARS)
        lo = max(lo, text.rfind("\n", lo, more.start()) + 1)  # a blurb stays in its paragraph
        start = _blurb_start(text, lo, more.start())
        if start is not None:
            out.append((start, more.end()))
            done = more.end()
    return out


def _blurb_start(text: str, lo: int, hi: int) -> int | None:
    """Where the full name of a blurb ending at ``hi`` starts: after the mention whose last name
    the glued word repeats, at the first glue point that has one."""
    for glue in _GLUE.finditer(text, lo, hi):
        end = glue.end()  # the glued word is text[word:end], its headline starts at end
        word = max(text.rfind(" ", lo, end), text.rfind("(", lo, end)) + 1
        last = text[word:end]
        if not last[:1].isupper():
            continue
        mention = text.rfind(f"{last} ", max(lo, word - _NAME_MAX_CHARS), word)
        if mention < 0:
            continue
        start = mention + len(last) + 1
        # between the mention and the glued word only the rest of the full name ("Lisa Ann")
        if all(_FULL_NAME_WORD.fullmatch(w) for w in text[start:word].split()):
            return start
    return _repeated_name(text, lo, hi)


def _repeated_name(text: str, lo: int, hi: int) -> int | None:
    """Where a blurb starts whose full name is not glued to its first headline: "Speaker Paul
    Ryan Paul Davis Ryan Retirees should say ... MORE (R-Wis.)", "Joe Biden Joe Biden Parnas:
    ... MORE" (49 "MORE"s of news-5k left in the text, a dozen such; a QA helper, thirty-seventh
    session, saw one shown as Trump's words). A name of two to four words is repeated at once
    in full, its first word first and its last word last: the blurb starts at the repeat."""
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", text[lo:hi])]
    for i, (_, first) in enumerate(words):
        if not _FULL_NAME_WORD.fullmatch(first):
            continue
        for j in range(i + 2, min(i + 5, len(words))):
            if words[j][1] != first or not all(_FULL_NAME_WORD.fullmatch(w) for _, w in words[i:j]):
                continue
            last = words[j - 1][1]
            for k in range(j + 1, min(j + 5, len(words))):
                if not _FULL_NAME_WORD.fullmatch(words[k][1]):
                    break
                if words[k][1] == last:
                    return lo + words[j][0]
    return None


class Furniture:
    """The furniture spans of one text, for lookups by bisection (linear in the article)."""

    def __init__(self, spans: list[CharSpan]) -> None:
        self.spans = spans
        self._starts = [a for a, _ in spans]

    def near(self, a: int, b: int) -> list[CharSpan]:
        """The furniture spans overlapping ``a..b``, in text order."""
        i = max(0, bisect.bisect_right(self._starts, a) - 1)
        j = bisect.bisect_left(self._starts, b)
        return [f for f in self.spans[i:j] if f[0] < b and f[1] > a]

    def chars_in(self, span: CharSpan) -> int:
        """How many characters of ``span`` lie inside furniture."""
        a, b = span
        return sum(min(b, f1) - max(a, f0) for f0, f1 in self.near(a, b))

    def without(self, text: str, span: CharSpan) -> list[CharSpan]:
        """``span`` without the furniture it starts or ends with, trimmed of space; a span
        with furniture inside it stays whole (cut in two, a content lost its confidence); a
        span inside furniture is gone (a piece "asks Trump administration to relax rules on
        loan program" of a blurb was shown as the rest of a health official's words)."""
        pieces: list[CharSpan] = []
        at = span[0]
        for f0, f1 in [*self.near(*span), (span[1], span[1])]:
            a, b = at, min(f0, span[1])
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if a < b:
                pieces.append((a, b))
            at = max(at, f1)
        return pieces if len(pieces) < 2 else [span]

    def cut(self, text: str, span: CharSpan) -> CharSpan | None:
        """``span`` up to the first furniture inside it, trimmed; None if nothing is left."""
        near = self.near(*span)
        if not near:
            return span
        end = max(span[0], near[0][0])
        while end > span[0] and (text[end - 1].isspace() or text[end - 1] in ",;:"):
            end -= 1
        return (span[0], end) if end > span[0] else None


def clear_of_furniture(
    text: str, found: list[RawAttribution], furniture: Furniture | None = None
) -> list[RawAttribution]:
    """``found`` without attributions whose cue or most of whose content is furniture, and
    with a source that runs into furniture cut before it ("Senator Lisa Ortiz" of "Senator Lisa
    Ortiz Lisa Ann OrtizGOP senators balk ... MORE"). ``furniture``: the text's, if found already."""
    furniture = furniture if furniture is not None else Furniture(page_furniture(text))
    if not furniture.spans:
        return found
    out: list[RawAttribution] = []
    for attr in found:
        if any(furniture.chars_in(c) for c in attr.content):  # "Media caption “...”"
            attr = replace(attr, content=tuple(p for c in attr.content for p in furniture.without(text, c)))
            if not attr.content:
                continue
        size = sum(b - a for a, b in attr.content)
        if attr.cue is not None and furniture.chars_in(attr.cue):
            continue
        if size and 2 * sum(furniture.chars_in(c) for c in attr.content) >= size:
            continue
        if attr.source is not None and furniture.chars_in(attr.source):
            attr = replace(attr, source=furniture.cut(text, attr.source))
        if attr.cue is not None:
            attr = _named_subject(text, furniture, attr)
        out.append(attr)
    return out


#: What may stand between a blurb and the cue of its sentence: a party tag, a comma, an aside
#: set off by commas ("MORE (I-Vt.), who regularly polls in the top three, said"), a short time
#: or an adverb ("MORE (R-Ohio) at the time called ...").
_TO_CUE = re.compile(
    r"\s*(?:\([^()\n]{1,30}\))?(?:,\s*[^,()\n“”\"]{1,160},)?,?\s*"
    r"(?:(?:at the time|on \w+day|last week|also|later|then|previously|has|had|have)\s+){0,2}"
)
_NAME_WORD = re.compile(r"[A-Z][\w.'’-]*")
#: The longest abbreviation before a name: "Sen.", "Capt.", "Msgr.".
_TITLE_MAX_CHARS = 5


def _named_subject(text: str, furniture: Furniture, attr: RawAttribution) -> RawAttribution:
    """The speaker a blurb tore from its cue, and the content without the words between them.

    With no source, one read after the cue or one between the blurb and the cue ("Sen. Bernie
    Sanders Bernie SandersWarren to Sanders: ... MORE (I-Vt.), who regularly polls ..., said
    Trump has “lied”" was shown as Trump's, with the senator's aside for content; "MORE
    (R-Wis.) said" as "R-Wis."'s: QA helper, forty-eighth session), the name before the blurb
    is the subject."""
    assert attr.cue is not None
    source, cue = attr.source, attr.cue[0]
    if source is None and (after := _named_after_cue(text, furniture, attr.cue[1])) is not None:
        return replace(attr, source=after)
    named = _named_before_blurb(text, furniture, cue)
    if named is not None and source is not None and source[0] <= named[0] and source[1] == named[1]:
        return replace(attr, source=named)  # the name without its title (the model lost it)
    if named is None or (source is not None and source[0] < named[1]):
        return attr  # (a subject of its own before the blurb)
    # what the parser read into the name, the blurb and the aside is no part of what was said
    content = tuple(c for c in attr.content if not (named[0] < c[1] <= cue or named[1] <= c[0] < cue))
    return replace(attr, source=named, content=content) if content else attr


def _named_after_cue(text: str, furniture: Furniture, end: int) -> CharSpan | None:
    """'“...,” said Sen. Cory Gardner Cory Scott GardnerThe ... MORE (R-Colo.).': the name
    between a cue put first and the blurb glued to it, which the parser lost (QA helper,
    fifty-first session: the quote had no source, and went to the aide quoted before)."""
    near = furniture.near(end, end + _NAME_MAX_CHARS)
    if not near or near[0][0] <= end:
        return None
    start, stop = end, near[0][0]
    while start < stop and text[start] in " \t":
        start += 1
    while stop > start and text[stop - 1] in " \t":
        stop -= 1
    words = text[start:stop].split()
    if (
        "\n" in text[start:stop]
        or not 1 <= len(words) <= 6
        or not all(_NAME_WORD.fullmatch(w) for w in words)
        or _CLAUSE_GOES_ON.match(text, near[0][1])
    ):
        return None
    return (_untitled(text, start, stop), stop)


#: After a blurb, a clause going on: "said Rep. Adam Schiff [blurb] MORE (D-Calif.) did a “good
#: job,”" names who was spoken of, not who spoke (fifty-second session: shown as Schiff's).
_CLAUSE_GOES_ON = re.compile(r"\s*(?:\([^()\n]{1,30}\))?\s*[a-z]")


def _untitled(text: str, start: int, end: int) -> int:
    """Where the name ``text[start:end]`` starts without its title: "Sen. Ron Johnson" is Ron
    Johnson (not "J. Smith"'s J.)."""
    first = text.find(" ", start, end)
    return first + 1 if first - start >= 3 and text[first - 1] == "." else start


def _named_before_blurb(text: str, furniture: Furniture, cue: int) -> CharSpan | None:
    """'Sen. Lisa Ortiz Lisa Ann OrtizGOP ... MORE (R-Maine) told ...': the parser lost the
    subject in the blurb; the capitalised words right before the blurb are the mention."""
    near = furniture.near(max(0, cue - 200), cue)
    if not near or not _TO_CUE.fullmatch(text, near[-1][1], cue):
        return None
    end = near[-1][0]
    while end > 0 and text[end - 1] == " ":
        end -= 1
    start, stop = end, end  # the name so far starts at ``start``; the next word ends at ``stop``
    for _ in range(6):
        word = text.rfind(" ", max(0, stop - _NAME_MAX_CHARS), stop) + 1
        if word >= stop or not _NAME_WORD.fullmatch(text, word, stop) or "\n" in text[word:stop]:
            break
        if text[stop - 1] == "." and stop - word > _TITLE_MAX_CHARS:
            break  # a sentence's last word ("Tuesday."), not a title or an initial
        start, stop = word, word - 1
    k = start
    while k > 0 and text[k - 1] == " ":
        k -= 1
    if k > 0 and text[k - 1] not in '.!?\n"”,' and not _leaves_a_subject(text, k):
        return None  # 'to win over Sen. Lisa Ortiz ... MORE, said': an object, not the subject
    # (after a comma: an opening phrase, "Asked about the vote, Sen. Ron Johnson ... said")
    start = _untitled(text, start, end)  # the title goes
    return (start, end) if start < end else None


#: Words before a name that leave it a subject: a sentence's opening conjunction ("And Sen.
#: ..."), or a cue the name follows ('“...,” said Sen. Lamar Alexander ... MORE (R-Tenn.), adding').
_BEFORE_SUBJECT = frozenset({"And", "But", "Yet", "So", "said", "says", "added", "asked", "wrote", "tweeted"})


def _leaves_a_subject(text: str, k: int) -> bool:
    """Whether the word ending at ``k`` leaves the name after it a subject (``_BEFORE_SUBJECT``)."""
    word = max(text.rfind(" ", 0, k), text.rfind("\n", 0, k)) + 1
    if text[word:k] not in _BEFORE_SUBJECT:
        return False
    return text[word].islower() or word < 2 or text[word - 1] == "\n" or text[word - 2] in ".!?"


def is_time_zone(tok: Token) -> bool:
    """ "12:03 p.m. ET": capitals right after a time are its zone, which the model may read as a
    person and the parser as the subject of the next verb (a live blog's quotes were given to
    "ET")."""
    if tok.i == 0 or not tok.text.isupper() or len(tok) > 4 or not tok.text.isalpha():
        return False
    before = tok.doc[tok.i - 1]
    return before.ent_type_ == "TIME" or before.lower_ in ("a.m.", "p.m.", "am", "pm", "noon", "midnight")


#: The dash that closes a dateline ("MYRTLE BEACH, S.C. - Sen. ...").
_DASHES = frozenset({"-", "--", "\u2013", "\u2014"})


def dateline_dash(tok: Token) -> int | None:
    """The index of the dash closing the dateline ``tok`` stands in or ends at ("WASHINGTON --",
    "BUENA PARK, Calif. -", "HOUSTON (Reuters) -"), else None: a paragraph opening with a place
    in capitals, maybe a state after a comma and the agency in brackets, then a dash (548 in the
    5,000 articles of news-5k). The parser makes the place the subject of the sentence's
    verb or a part of its subject; it is where the story was filed, never who speaks."""
    doc = tok.doc
    start = tok.i
    while start > 0 and "\n" not in doc[start - 1].whitespace_ and "\n" not in doc[start - 1].text:
        start -= 1
        if tok.i - start > 6:
            return None
    k = start
    while k < len(doc) and doc[k].text.isupper() and doc[k].text[:1].isalpha():
        k += 1
    if k == start:
        return None
    if k < len(doc) and doc[k].text == ",":  # the state: "Calif.", "S.C.", "N.H."
        k += 1
        while k < len(doc) and k - start < 8 and (doc[k].text[:1].isupper() or doc[k].text == "."):
            k += 1
    if k + 2 < len(doc) and doc[k].text == "(" and doc[k + 2].text == ")":  # "WASHINGTON (AP) —"
        k += 3
    spaced = doc[k - 1].whitespace_ != "" if k < len(doc) else False  # "AFL-CIO", "G-III" are names
    if k < len(doc) and doc[k].text in _DASHES and (spaced or doc[k].text != "-") and tok.i <= k:
        return k
    return None


def dated_name(tok: Token) -> bool:
    """A name whose last word the model took for a date: "USA Today reported" (thirty-eighth
    session: the paper was no source, or a source with no speaker)."""
    return tok.pos_ == "PROPN" and any(
        c.dep_ == "compound" and c.pos_ == "PROPN" and not c.ent_type_ for c in tok.lefts
    )


def past_label(subject: Token) -> Token | None:
    """The subject the parser gave a verb, unless it took a label for one (a live blog's time
    zone, a dateline's place: nobody): then the noun it set after the label ("11:55 a.m. ET:
    U.S. Attorney in New Jersey confirms", "RANGOON, Burma - Aung San Suu Kyi's allies ...
    predicted") or None, so that the verb's other subject is read ("WASHINGTON -- President
    Obama ... nominated")."""
    if subject.ent_type_ in ("DATE", "TIME") and not dated_name(subject) and not _share_of(subject):
        return None  # "Monday said ...": a parse of a date, no one
    dash = dateline_dash(subject)
    if dash is None and not is_time_zone(subject):
        return subject
    after = subject.i if dash is None else dash  # not the agency: "NEW YORK (Reuters) -"
    return next((c for c in subject.children if c.dep_ == "appos" and c.i > after), None)


def _share_of(subject: Token) -> bool:
    """ "only about a quarter of this group (24%) say": a share of people the model tagged as a
    date (fortieth session: such survey findings had no source)."""
    if subject.lower_.split("-")[-1] not in _SHARES:
        return False  # not "two minutes of testimony", "years of research"
    return any(
        c.dep_ == "prep"
        and c.lower_ == "of"
        and any(g.dep_ == "pobj" and not g.ent_type_ for g in c.children)
        for c in subject.children
    )


_SHARES = frozenset({"quarter", "quarters", "half", "third", "thirds", "fifth", "fifths"})


#: A photographer's credit around a name: "(Photo: Evan Vucci, AP)", "Carlos Barria/File Photo",
#: "AP Photo/Evan Vucci", "Photo by Ana Ruiz", "REUTERS/Carlos Barria" (closing a caption
#: paragraph: a "He called" after one went to the photographer, thirty-ninth session; 160 such
#: credits in news-5k), and closing a caption, "... she says. Daniella Ruiz for TIME" on a line's end.
_CREDIT_BEFORE = re.compile(
    r"(?:\bPhoto(?:graph)?\s*(?:by|credit)?\s*[:/]\s*|\bPhoto(?:graph)?\s+by\s+"
    r"|\b(?:REUTERS|Reuters|AFP|EPA|UPI|Xinhua)\s?/\s?)$",
    re.IGNORECASE,
)
_CREDIT_AFTER = re.compile(r"(?:/\s?[A-Z]|,\s*(?:AP|AFP|Reuters|Getty Images|EPA|Bloomberg|USA TODAY)\b)")
_SENTENCE_BEFORE = re.compile(r"(?:[.!?][\"”’]?[ \t]+|\n)$")
_FOR_OUTLET = re.compile(r"[ \t]+for[ \t]+[A-Z][\w.&'’]*(?:[ \t]+[A-Z][\w.&'’]*){0,3}[ \t]*(?:\n|$)")


def photo_credit(text: str, start: int, end: int) -> bool:
    """Whether the person's name at ``text[start:end]`` is a photographer's credit: no one in the
    story, yet the nearest man before a "he" (QA, nineteenth session: a protester's words went
    to the photographer) or woman before a "she" (seventh QA read, a portrait's sitter's)."""
    before = text[max(0, start - 20) : start]
    after = text[end : end + 20]
    if _CREDIT_AFTER.search(text, start, end):
        return True  # the model's name holds the agency: "(Bria Webb/Reuters)" (forty-third session)
    if _SENTENCE_BEFORE.search(before) and _FOR_OUTLET.match(text, end, end + 50):
        return True
    return bool(_CREDIT_AFTER.match(after)) or (
        bool(_CREDIT_BEFORE.search(before)) and (not after or after[0] in ",)/\n")
    )

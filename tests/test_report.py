"""The HTML report and the terminal table, on hand-built articles (no model needed)."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

from compare_helpers import make_article

from sayso.compare.api import compare
from sayso.compare.report import outlet_summary, render_html, render_table
from sayso.model import Comparison

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


class _Elements(HTMLParser):
    """Every start tag with its attributes, and the text of the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.text).append(data)


def _hostile() -> Comparison:
    a = make_article(
        "a",
        f'Intro {SCRIPT} text. "We will {IMG} win the vote," Mayor Elena Marsh said.',
        [(f"We will {IMG} win the vote,", "Elena Marsh")],
        outlet=f"Evil {SCRIPT} Times",
    )
    b = make_article(
        "b",
        '"We will win the vote," Marsh said. "Taxes stay low." Marsh added.',
        [("We will win the vote,", "Marsh"), ("Taxes stay low.", "Marsh")],
        outlet="Fair & Square </script>",
    )
    return compare([a, b])


def test_article_text_is_escaped_and_no_element_is_injected() -> None:
    html = render_html(_hostile())
    page = _Elements()
    page.feed(html)
    tags = [t for t, _ in page.tags]
    assert "img" not in tags
    # Only the two script elements of the report itself: the JSON data and the code.
    assert [a.get("type") for t, a in page.tags if t == "script"] == ["application/json", None]
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    text = "".join(page.text)
    assert SCRIPT in text and IMG in text, "hostile markup must be shown as text"


def test_embedded_json_cannot_close_its_script_and_round_trips() -> None:
    cmp = _hostile()
    html = render_html(cmp)
    block = re.search(r'<script type="application/json" id="sayso-data">(.*?)</script>', html, re.S)
    assert block is not None
    raw = block.group(1)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    data = json.loads(raw)
    from sayso.render import with_comparison_display

    assert data["comparison"] == json.loads(json.dumps(with_comparison_display(cmp.to_dict(), cmp)))


def test_quotes_are_highlighted_per_group_and_the_page_is_offline() -> None:
    cmp = _hostile()
    html = render_html(cmp)
    page = _Elements()
    page.feed(html)
    marks = [a for t, a in page.tags if t == "mark"]
    assert {m["data-group"] for m in marks} == {g.id for g in cmp.groups}
    assert len(marks) == sum(len(o.content_spans) for g in cmp.groups for o in g.occurrences)
    # Self-contained: nothing is fetched from anywhere.
    for _, attrs in page.tags:
        for key in ("src", "href"):
            assert attrs.get(key) is None
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html


def test_summary_counts_each_outlet() -> None:
    cmp = _hostile()
    summary = outlet_summary(cmp)
    assert summary["a"]["altered"] == 1
    assert summary["b"]["altered"] == 1 and summary["b"]["single_source"] == 1


def test_table_lists_groups_relations_and_facts() -> None:
    from rich.console import Console

    a = make_article(
        "a",
        'Marsh, 52, spoke at City Hall. "We are ready to open the bridge," Marsh said.',
        [("We are ready to open the bridge,", "Marsh")],
    )
    b = make_article(
        "b",
        'Marsh, 53, spoke. "We are not ready to open the bridge," Marsh said.',
        [("We are not ready to open the bridge,", "Marsh")],
    )
    out = io.StringIO()
    render_table(compare([a, b]), Console(file=out, width=200))
    text = out.getvalue()
    assert "altered" in text
    assert "not → ∅" in text, "b has the word a lacks (b is the fuller rendering)"
    assert "conflict" in text and "52" in text and "53" in text


def test_table_shows_an_outlets_teaser_and_full_quote_on_lines_of_their_own() -> None:
    """Twentieth session, on ../shared/examples: one outlet's two renderings in a group were
    printed end to end in its cell ('…not talking.”“No, when…'), one invented quotation."""
    from rich.console import Console

    full = "We will rebuild the harbor bridge by May, whatever it costs the city."
    a = make_article(
        "a",
        f'Marsh vowed to rebuild "whatever it costs the city" on Monday. Later: "{full}" Marsh said.',
        [("whatever it costs the city", "Marsh"), (full, "Marsh")],
    )
    b = make_article("b", f'"{full}" Marsh said.', [(full, "Marsh")])
    out = io.StringIO()
    render_table(compare([a, b]), Console(file=out, width=400))
    text = out.getvalue()
    assert "”“" not in text
    lines = [line.split("│")[4].strip() for line in text.splitlines() if line.count("│") >= 6]
    assert "“whatever it costs the city”" in lines and f"“{full}”" in lines


def test_summary_charges_each_outlet_with_its_own_rendering() -> None:
    """QA helper, twentieth session: the per-outlet summary counted every outlet of a group
    under the group's relation. Of three outlets, two quoting alike were "altered" for the
    third's changed word; the outlet quoting a line whole was "partial" for another's cut."""
    line = "We will rebuild the harbor bridge by May, whatever it costs the city."
    changed = line.replace("rebuild", "repair")
    a, b, c = (
        make_article(d, f'"{q}" Marsh said.', [(q, "Marsh")])
        for d, q in (("a", line), ("b", line), ("c", changed))
    )
    summary = outlet_summary(compare([a, b, c]))
    assert [summary[d]["corroborated"] for d in "abc"] == [1, 1, 0] and summary["c"]["altered"] == 1
    cut = "We will rebuild the harbor bridge by May"
    d = make_article("d", f'"{cut}," Marsh said.', [(cut, "Marsh")])
    summary = outlet_summary(compare([a, d]))
    assert summary["a"]["corroborated"] == 1 and summary["d"]["partial"] == 1
    two = outlet_summary(compare([a, c]))  # two outlets, one word apart: neither is confirmed
    assert two["a"]["altered"] == two["c"]["altered"] == 1


def test_report_chart_draws_the_summary_table_it_sits_above() -> None:
    """QA helper, twentieth session: the chart counted each occurrence under its own relation
    (the reference's as verbatim), the table beneath each outlet by its own rendering, so under
    one heading the chart said "verbatim" and the table "altered" for the same outlet."""
    line = "We will rebuild the harbor bridge by May, whatever it costs the city."
    a, c = (
        make_article(d, f'"{q}" Marsh said.', [(q, "Marsh")])
        for d, q in (("a", line), ("c", line.replace("rebuild", "repair")))
    )
    bars = set(re.findall(r'id="bar-([a-z_]+)-(\d+)"', _chart_of(render_html(compare([a, c])))))
    assert bars == {("altered", "0"), ("altered", "1")}


def _with_reported_speech() -> Comparison:
    from utterance_helpers import said, with_kinds

    line = "We will not reopen the bridge before the spring thaw."
    reported = "the city would not reopen the bridge before the spring thaw"
    a = said("a", [(line, "Elena Marsh", "Marsh")])
    c = with_kinds(make_article("c", f"Marsh said {reported}.", [(reported, "Elena Marsh")]), ["indirect"])
    return compare([a, c])


def test_reported_speech_is_never_shown_in_quotation_marks() -> None:
    from rich.console import Console

    cmp = _with_reported_speech()
    out = io.StringIO()
    render_table(cmp, Console(file=out, width=250))
    text = out.getvalue()
    assert "the city would not reopen" in text and "(reported)" in text
    assert "“the city would not reopen" not in text
    assert "“We will not reopen" in text
    assert outlet_summary(cmp)["c"]["paraphrase"] == 1
    # QA helper, twentieth session: no word diff between a quote and reported speech, which read
    # as evidence of misquoting ("we → the city"); the pair is there, with its relation.
    assert any(d.relation == "paraphrase" and d.changes for g in cmp.groups for d in g.diff)
    assert "→ the city" not in text and "we → " not in text


def test_a_mixed_rendering_is_shown_as_its_quoted_pieces_never_glued_into_one_quote() -> None:
    """QA, nineteenth session: 'would “destroy the grounds” that families “have fished there”'
    was printed as one quotation, “destroy the grounds have fished there”, which nobody said."""
    from rich.console import Console
    from utterance_helpers import said, with_kinds

    text = (
        "The group said the dam would \u201cdestroy the spawning grounds\u201d "
        "that families \u201chave fished for a century.\u201d"
    )
    a = with_kinds(
        make_article("a", text, [(text[text.index("the dam") :], "Ines Varga")]),
        ["mixed"],
    )
    b = said(
        "b", [("It will destroy the spawning grounds we have fished for a century.", "Ines Varga", "Varga")]
    )
    cmp = compare([a, b])
    shown = "\u201cdestroy the spawning grounds\u201d \u2026 \u201chave fished for a century.\u201d"
    glued = "destroy the spawning grounds have fished"
    out = io.StringIO()
    render_table(cmp, Console(file=out, width=250))
    assert shown in out.getvalue() and glued not in out.getvalue()
    html = render_html(cmp)
    block = re.search(r'<script type="application/json" id="sayso-data">(.*?)</script>', html, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    displays = [
        o["display"] for g in data["comparison"]["groups"] for o in g["occurrences"] if o["doc"] == "a"
    ]
    assert displays == [shown]
    assert "o.display" in html and '"\\u201c" + o.content' not in html


def test_html_marks_carry_the_kind() -> None:
    cmp = _with_reported_speech()
    page = _Elements()
    page.feed(render_html(cmp))
    kinds = {a["data-kind"] for t, a in page.tags if t == "mark"}
    assert kinds == {"direct", "indirect"}
    indirect = [a for t, a in page.tags if t == "mark" and a["data-kind"] == "indirect"]
    assert all("kind-indirect" in (a["class"] or "") and "paraphrase" in (a["title"] or "") for a in indirect)


def _chart_of(html: str) -> str:
    block = re.search(r'<figure class="chart" id="chart">(.*?)</figure>', html, re.S)
    assert block is not None, "the report embeds the per-outlet chart"
    return block.group(1)


def test_report_embeds_the_per_outlet_chart_as_inline_svg_with_escaped_labels() -> None:
    cmp = _hostile()
    html = render_html(cmp)
    svg = _chart_of(html)
    assert svg.lstrip().startswith("<svg") and "viewBox" in svg
    # One bar segment per outlet and relation that has quotes: a's quote is altered, b has an
    # altered and a single-source one.
    bars = set(re.findall(r'id="bar-([a-z_]+)-(\d+)"', svg))
    assert ("altered", "0") in bars and ("single_source", "0") in bars
    # The hostile outlet names are text in the SVG (``svg.fonttype = none``), escaped.
    texts = [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    assert any("&lt;script&gt;" in t for t in texts)
    assert any("&lt;/script&gt;" in t and "&amp;" in t for t in texts)
    page = _Elements()
    page.feed(html)
    assert [a.get("type") for t, a in page.tags if t == "script"] == ["application/json", None]
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)


def test_report_lists_facts_that_differ_first_and_folds_the_rest() -> None:
    a = make_article(
        "a",
        'Marsh, 52, spoke on Tuesday. "We are ready to open the bridge," Marsh said. 40 people came.',
        [("We are ready to open the bridge,", "Marsh")],
    )
    b = make_article(
        "b",
        'Marsh, 53, spoke on Tuesday. "We are ready to open the bridge," Marsh said.',
        [("We are ready to open the bridge,", "Marsh")],
    )
    cmp = compare([a, b])
    differ = [f for f in cmp.facts if f.differs]
    shared = [f for f in cmp.facts if not f.differs]
    assert any(f.status == "conflict" for f in differ) and shared, "the example needs both kinds"
    html = render_html(cmp)
    top = re.search(r'<table id="facts">(.*?)</table>', html, re.S)
    folded = re.search(r'<details id="shared-facts">(.*?)</details>', html, re.S)
    assert top is not None and folded is not None
    assert top.group(1).count("<tr") == len(differ) + 1  # plus the header row
    assert folded.group(1).count("<tr") == len(shared) + 1
    assert "shared" not in re.findall(r"<tr[^>]*><td>([^<]*)</td>", top.group(1))
    assert html.index('<table id="facts">') < html.index('<details id="shared-facts">')


def test_the_highlights_and_the_chart_share_one_colour_per_relation() -> None:
    """Eighteenth session: the page's key said "yellow: partial; purple: altered" over a chart
    whose partial was blue and altered orange (``charts.RELATION_COLOURS``, the web's)."""
    from sayso.charts import RELATION_COLOURS

    html = render_html(_hostile())
    for relation in ("verbatim", "partial", "altered", "misattributed"):
        css = re.search(rf"mark\.q\.rel-{relation}\b[^{{]*\{{[^}}]*border-bottom-color: (#[0-9a-f]+)", html)
        assert css is not None and css.group(1) == RELATION_COLOURS[relation], relation
    assert "yellow" not in html and "purple" not in html

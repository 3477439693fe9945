"""Render a ``Comparison``: a self-contained HTML report and a Rich terminal table.

The HTML report is one file with inline CSS and JS and no network access at all, so it can be
mailed or archived. Article text is untrusted: it goes through Jinja2 autoescaping (the
highlighted text is built here from escaped pieces with ``markupsafe``), and the data the script
needs is embedded as JSON in a ``<script type="application/json">`` block with ``<``, ``>`` and
``&`` written as ``\\u003c``-style escapes, so no article can close the script element. The script
only ever writes text with ``textContent``, never ``innerHTML``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from sayso.compare.facts import differences_first
from sayso.model import Alignment, Article, Comparison, Fact
from sayso.render import occurrence_display, with_comparison_display

#: Summary columns per outlet, in display order; ``corroborated`` = verbatim or punctuation only;
#: ``paraphrase`` counts the outlet's indirect speech of an utterance another outlet quotes.
SUMMARY_COLUMNS = ("corroborated", "partial", "altered", "paraphrase", "misattributed", "single_source")
_SUMMARY_OF = {
    "verbatim": "corroborated",
    "punctuation": "corroborated",
    "partial": "partial",
    "altered": "altered",
    "paraphrase": "paraphrase",
    "misattributed": "misattributed",
    "single_source": "single_source",
}
RELATION_STYLES = {
    "verbatim": "green",
    "punctuation": "cyan",
    "partial": "yellow",
    "altered": "magenta",
    "paraphrase": "blue",
    "misattributed": "red",
    "single_source": "bright_black",
}
SPEAKER_COLOURS = (
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
    "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
)  # fmt: skip


def outlet_summary(comparison: Comparison) -> dict[str, Counter[str]]:
    """Per article doc: how many of its quote groups fall in each ``SUMMARY_COLUMNS`` bucket.

    An outlet's bucket in a group is how its own rendering stands against the other outlets':
    ``corroborated`` when another outlet quotes the same words (or fewer of them: it is the
    fuller side of a ``partial`` pair), ``partial`` when it cut what another quotes whole,
    ``altered`` when every other rendering differs in words. The group's relation, the most
    severe of any pair, charged every outlet with it (QA helper, twentieth session: of three
    outlets, the two quoting alike were counted "altered" for the third's change, and the
    outlet quoting in full "partial" for another's cut). A misattributed or single-source
    group counts as such for each of its outlets; an outlet's reported speech as ``paraphrase``."""
    out: dict[str, Counter[str]] = {a.doc: Counter() for a in comparison.articles}
    for g in comparison.groups:
        reported = {o.doc for o in g.occurrences if o.relation == "paraphrase"}
        for doc in {o.doc for o in g.occurrences}:
            if doc in reported:
                bucket = "paraphrase"
            elif g.relation in ("misattributed", "single_source", "verbatim", "punctuation"):
                bucket = _SUMMARY_OF[g.relation]
            else:
                bucket = _own_bucket(g, doc)
            out.setdefault(doc, Counter())[bucket] += 1
    return out


def _own_bucket(g: Alignment, doc: str) -> str:
    """``doc``'s least severe standing against any other outlet of ``g`` (see ``outlet_summary``)."""
    order = ("corroborated", "partial", "altered")
    best: str | None = None
    for d in g.diff:
        if doc not in (d.a, d.b) or d.a == d.b or "paraphrase" in (d.relation, d.wording):
            continue
        wording = d.wording or d.relation
        if wording in ("verbatim", "punctuation") or (wording == "partial" and d.a == doc):
            side = "corroborated"  # the same words, or the fuller side of a cut (``d.a`` is fuller)
        else:
            side = "partial" if wording == "partial" else "altered"
        best = side if best is None else min(best, side, key=order.index)
    return best or _SUMMARY_OF[g.relation]


def differing_facts(comparison: Comparison) -> list[Fact]:
    """The facts a reader should look at: conflicts first, then those only one outlet gives
    (``Fact.differs``, the rule the web page's story view uses too)."""
    return differences_first(comparison.facts)[0]


def outlet_chart(comparison: Comparison) -> Any:
    """The per-outlet chart of the HTML report, as inline SVG: the summary table's counts drawn
    (``outlet_summary``, outlets in the table's order). It used to count every occurrence under
    its own relation, so under one heading the chart said "verbatim 1" and the table "altered 1"
    for one outlet (QA helper, twentieth session). matplotlib escapes every label, so the markup
    is safe to embed as it is."""
    from markupsafe import Markup

    from sayso.charts import outlet_relations_svg

    summary = outlet_summary(comparison)
    counts: dict[str, dict[str, int]] = {}
    for a in comparison.articles:
        row = counts.setdefault(_label(a), {})
        for bucket in SUMMARY_COLUMNS:
            row[bucket] = row.get(bucket, 0) + summary[a.doc][bucket]
    return Markup(outlet_relations_svg(counts, title="Quote groups per outlet"))


def _label(article: Article) -> str:
    return article.outlet or article.doc


def _speaker_names(comparison: Comparison) -> dict[str, str]:
    return {s.id: s.name for s in comparison.speakers}


# --- HTML ------------------------------------------------------------------------------------
def _json_for_script(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element whatever strings it holds."""
    text = json.dumps(data, ensure_ascii=False)
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _highlighted(article: Article, comparison: Comparison, colour_of: dict[str, int]) -> Any:
    """The article text, escaped, with each quote occurrence wrapped in a ``<mark>``."""
    from markupsafe import Markup, escape

    marks: list[tuple[int, int, str, str | None, str, str, str]] = []
    for g in comparison.groups:
        for o in g.occurrences:
            if o.doc == article.doc:
                mine: str = o.relation or g.relation
                marks.extend(
                    (sp.start, sp.end, g.id, o.speaker, g.relation, o.kind, mine) for sp in o.content_spans
                )
    marks.sort()
    parts: list[str] = []
    pos = 0
    text = article.text
    for start, end, gid, speaker, relation, kind, own in marks:
        start = max(start, pos)
        if end <= start:
            continue  # overlapping quotes: the earlier one keeps the characters
        parts.append(str(escape(text[pos:start])))
        colour = colour_of.get(speaker or "", -1)
        parts.append(
            str(
                Markup(
                    '<mark class="q rel-{} kind-{}" data-group="{}" data-speaker="{}" data-kind="{}" '
                    'tabindex="0" title="{}">'
                ).format(relation, kind, gid, speaker or "", kind, f"{own.replace('_', ' ')} · {kind}")
            )
            + (f'<span class="sp sp{colour}"></span>' if colour >= 0 else "")
            + str(escape(text[start:end]))
            + "</mark>"
        )
        pos = end
    parts.append(str(escape(text[pos:])))
    return Markup("".join(parts))


def render_html(comparison: Comparison) -> str:
    """The comparison as one self-contained HTML page (see the module docstring on escaping)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(
        loader=FileSystemLoader(str(Path(__file__).parent / "templates")),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    names = _speaker_names(comparison)
    colour_of = {s.id: n % len(SPEAKER_COLOURS) for n, s in enumerate(comparison.speakers)}
    labels = {a.doc: _label(a) for a in comparison.articles}
    summary = outlet_summary(comparison)
    data = {
        "comparison": with_comparison_display(comparison.to_dict(), comparison),
        "labels": labels,
        "speakerNames": names,
    }
    template = env.get_template("report.html.j2")
    return template.render(
        articles=[
            {"doc": a.doc, "label": labels[a.doc], "title": a.title, "published": a.published,
             "body": _highlighted(a, comparison, colour_of)}
            for a in comparison.articles
        ],
        summary=[(labels[a.doc], summary[a.doc]) for a in comparison.articles],
        columns=SUMMARY_COLUMNS,
        facts=differences_first(comparison.facts)[0],
        shared_facts=differences_first(comparison.facts)[1],
        chart=outlet_chart(comparison),
        labels=labels,
        speakers=[(s.id, s.name, colour_of[s.id]) for s in comparison.speakers],
        colours=SPEAKER_COLOURS,
        relations=[(r, sum(g.relation == r for g in comparison.groups)) for r in RELATION_STYLES],
        data_json=_json_for_script(data),
    )  # fmt: skip


# --- terminal --------------------------------------------------------------------------------
def render_table(comparison: Comparison, console: Any) -> None:
    """Print the comparison with Rich: outlet summary, quote groups, differing facts."""
    from rich.table import Table
    from rich.text import Text

    labels = {a.doc: _label(a) for a in comparison.articles}
    names = _speaker_names(comparison)
    summary = outlet_summary(comparison)

    head = Table(title="Quotes per outlet", title_justify="left")
    head.add_column("outlet")
    for col in SUMMARY_COLUMNS:
        head.add_column(col.replace("_", " "), justify="right")
    for a in comparison.articles:
        head.add_row(labels[a.doc], *(str(summary[a.doc][c]) for c in SUMMARY_COLUMNS))
    console.print(head)

    groups = Table(title="Quote groups", title_justify="left", show_lines=True)
    groups.add_column("group")
    groups.add_column("relation", min_width=13)
    groups.add_column("speaker")
    for a in comparison.articles:
        groups.add_column(labels[a.doc], overflow="fold")
    for g in comparison.groups:
        cells: list[Text] = []
        for a in comparison.articles:
            occs = [o for o in g.occurrences if o.doc == a.doc]
            cell = Text()
            for n, o in enumerate(occs):
                if n:
                    cell.append("\n")  # an outlet's teaser and its full quote: one line each
                who = names.get(o.speaker or "", "?")
                cell.append(occurrence_display(o), style="bold" if g.relation == "verbatim" else "")
                if o.kind == "indirect":
                    cell.append(" (reported)", style="blue")
                if g.relation == "misattributed":
                    cell.append(f" — {who}", style="red")
                elif o.speaker is None and o.claimed_speaker:
                    cell.append(" — speaker unknown", style="bright_black")
            cells.append(cell)
        groups.add_row(
            g.id,
            Text(g.relation, style=RELATION_STYLES[g.relation]),
            names.get(g.speaker or "", "?"),
            *cells,
        )
    console.print(groups)
    for g in comparison.groups:
        if g.relation == "misattributed" and g.evidence:
            said = "; ".join(
                f"{labels.get(o.doc, o.doc)}: {o.source.text if o.source else '?'}"
                f" = {names.get(o.speaker or '', '?')}"
                for o in g.evidence
            )
            console.print(Text(f"{g.id} misattributed (confidence {g.confidence}): {said}", style="red"))
        for d in g.diff:
            # Reported speech words a statement its own way: a word diff against the quote would
            # read as evidence of misquoting (QA helper, twentieth session).
            if d.changes and "paraphrase" not in (d.relation, d.wording):
                changes = "; ".join(f"{c.a or '∅'} → {c.b or '∅'}" for c in d.changes)
                console.print(Text(f"{g.id} {labels.get(d.a, d.a)} → {labels.get(d.b, d.b)}: {changes}"))

    facts = differing_facts(comparison)
    if facts:
        table = Table(title="Facts that differ", title_justify="left")
        table.add_column("status")
        table.add_column("kind")
        table.add_column("about")
        for a in comparison.articles:
            table.add_column(labels[a.doc], overflow="fold")
        for f in facts:
            style = "red" if f.status == "conflict" else "bright_black"
            table.add_row(
                Text(f.status.replace("_", " "), style=style),
                f.kind,
                f.key,
                *(", ".join(f.values_of().get(a.doc, ())) for a in comparison.articles),
            )
        console.print(table)

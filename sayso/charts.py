"""Charts as SVG, drawn on the server with matplotlib: quotes per outlet per relation, a timeline.

Why matplotlib and SVG: a well-kept library draws the charts (no chart code of our own, nothing
from a CDN), and SVG text stays text, so a chart scales to a phone and can be searched.

Safety and reproducibility, set for every chart (``_STYLE``):

* ``text.parse_math = False``: an outlet called ``$5 News`` is text, never mathtext;
* ``svg.fonttype = "none"``: labels are ``<text>`` elements, XML-escaped by matplotlib, so a
  label ``<script>`` is the characters ``&lt;script&gt;``, never markup;
* ``svg.hashsalt`` fixed and no date in the metadata: the same data gives the same bytes.

Only the chart endpoints and the HTML report import this module (matplotlib takes a few hundred
milliseconds to import; ``sayso search`` never pays for it). Figures are built with the
object-oriented API (``Figure``), not ``pyplot``, so no global figure state is shared between the
server's threads; a lock serialises drawing because ``rc_context`` changes global settings.
"""

from __future__ import annotations

import io
import re
import textwrap
import threading
from collections.abc import Mapping, Sequence
from typing import Any

#: Relation buckets in stacking order, with their colours (the web page's relation colours).
RELATION_COLOURS: dict[str, str] = {
    "verbatim": "#2f9e44",
    "corroborated": "#2f9e44",  # the HTML report's summary bucket: verbatim or punctuation
    "punctuation": "#8ce99a",
    "partial": "#4dabf7",
    "altered": "#f59f00",
    "paraphrase": "#9775fa",
    "misattributed": "#e03131",
    "single_source": "#adb5bd",
    "none": "#dee2e6",
}
#: Most outlets drawn in one chart: more would not be readable on a phone.
MAX_BARS = 25
#: Longest label drawn; longer outlet names are cut with an ellipsis (the page lists them in full).
MAX_LABEL = 26

_STYLE: Any = {  # matplotlib types rc keys as a Literal; these are checked by rc_context
    "text.parse_math": False,
    "svg.fonttype": "none",
    "svg.hashsalt": "sayso",
    "font.size": 13,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_METADATA = {"Date": None, "Creator": "sayso (matplotlib)"}
_LOCK = threading.Lock()


def _label(text: str) -> str:
    text = " ".join(text.split()) or "(no outlet)"
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "\u2026"


def _wrapped(title: str) -> str:
    """A title in lines of at most 44 characters, so it fits the chart's width."""
    return "\n".join(textwrap.wrap(title, 44)) or title


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    # No "tight" bounding box: the constrained layout fits everything in the figure's fixed
    # width, so a long label or title never makes the chart wider (and smaller on a phone).
    fig.savefig(buf, format="svg", metadata=_METADATA)
    return _responsive(buf.getvalue())


_SIZE = re.compile(r'<svg([^>]*?) width="[^"]*" height="[^"]*"')
_METADATA_BLOCK = re.compile(r"\s*<metadata>.*?</metadata>", re.S)


def _responsive(svg: str) -> str:
    """Drop the XML prolog, the RDF metadata and the fixed size: with only its ``viewBox`` the
    chart scales to the width it is given (a phone) and can be inlined in HTML."""
    svg = _METADATA_BLOCK.sub("", svg[svg.index("<svg") :], count=1)
    return _SIZE.sub(r'<svg\1 preserveAspectRatio="xMinYMin meet"', svg, count=1)


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def outlet_relations_svg(counts: Mapping[str, Mapping[str, int]], *, title: str) -> str:
    """Stacked horizontal bars: per outlet, its quotes by cross-outlet relation.

    ``counts`` is ``outlet -> relation -> n`` (``sayso.store.pages.outlet_relations``, or the
    HTML report's summary buckets), drawn in the given order; at most ``MAX_BARS`` outlets are
    drawn, and the title says when some were left out. Each bar segment has the id
    ``bar-<relation>-<row>`` so tests and readers can find it.
    """
    import matplotlib
    from matplotlib.ticker import MaxNLocator

    outlets = list(counts)[:MAX_BARS]
    shown = title if len(counts) <= MAX_BARS else f"{title} (top {MAX_BARS} of {len(counts)} outlets)"
    relations = [r for r in RELATION_COLOURS if any(counts[o].get(r) for o in outlets)]
    with _LOCK, matplotlib.rc_context(_STYLE):
        fig = _figure(4.8, 1.4 + 0.32 * max(len(outlets), 1))
        ax = fig.add_subplot()
        rows = list(range(len(outlets)))
        left = [0] * len(outlets)
        for relation in relations:
            values = [counts[o].get(relation, 0) for o in outlets]
            bars = ax.barh(
                rows, values, left=left, color=RELATION_COLOURS[relation], label=relation.replace("_", " ")
            )
            for i, bar in enumerate(bars):
                bar.set_gid(f"bar-{relation}-{i}")
            left = [a + b for a, b in zip(left, values, strict=True)]
        ax.set_yticks(rows, [_label(o) for o in outlets])
        ax.invert_yaxis()
        ax.xaxis.set_major_locator(MaxNLocator(nbins=4, integer=True))
        ax.set_xlabel("quotes")
        fig.suptitle(_wrapped(shown), x=0.01, ha="left", fontsize="medium")
        if not outlets:
            ax.text(0.5, 0.5, "no quotes", transform=ax.transAxes, ha="center", va="center")
        if relations:
            fig.legend(loc="outside lower center", ncols=min(len(relations), 3), frameon=False, fontsize=10)
        return _svg(fig)


def timeline_svg(points: Sequence[tuple[str, int]], *, title: str) -> str:
    """Bars of quotes per period (``[("2024-05", 12), ...]``, oldest first), one per period,
    each with the id ``bar-time-<i>``; labels are thinned so about a dozen show."""
    import matplotlib
    from matplotlib.ticker import MaxNLocator

    with _LOCK, matplotlib.rc_context(_STYLE):
        fig = _figure(4.8, 2.8)
        ax = fig.add_subplot()
        xs = list(range(len(points)))
        bars = ax.bar(xs, [n for _, n in points], color="#2f5bd3")
        for i, bar in enumerate(bars):
            bar.set_gid(f"bar-time-{i}")
        step = max(1, len(points) // 12)
        ax.set_xticks(xs[::step], [_label(p) for p, _ in points][::step], rotation=45, ha="right")
        ax.yaxis.set_major_locator(MaxNLocator(nbins=5, integer=True))
        ax.set_ylabel("quotes")
        fig.suptitle(_wrapped(title), x=0.01, ha="left", fontsize="medium")
        if not points:
            ax.text(0.5, 0.5, "no dated quotes", transform=ax.transAxes, ha="center", va="center")
        return _svg(fig)


def reliability_svg(
    predicted: Sequence[float], observed: Sequence[float], counts: Sequence[int], *, title: str
) -> str:
    """A reliability diagram: per confidence bin, the mean confidence given (x) against the share
    of those items the annotators marked (y), with the diagonal a calibrated scorer follows and
    the number of items per bin beneath. The bins come from the caller (``scripts/train_scorer.py``
    takes them from scikit-learn's ``calibration_curve``); each point has the id ``bin-<i>``."""
    import matplotlib

    with _LOCK, matplotlib.rc_context(_STYLE):
        fig = _figure(4.8, 5.6)
        ax, below = fig.subplots(2, 1, height_ratios=(3, 1), sharex=True)
        ax.plot([0, 1], [0, 1], linestyle="--", color="#adb5bd", label="calibrated")
        (line,) = ax.plot(predicted, observed, marker="o", color="#2f5bd3", label="sayso")
        line.set_gid("bins")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_ylabel("share marked by annotators")
        ax.legend(loc="upper left", frameon=False, fontsize=10)
        bars = below.bar(predicted, counts, width=0.06, color="#868e96")
        for i, bar in enumerate(bars):
            bar.set_gid(f"bin-{i}")
        below.set_xlabel("confidence given")
        below.set_ylabel("items")
        fig.suptitle(_wrapped(title), x=0.01, ha="left", fontsize="medium")
        return _svg(fig)


__all__ = ["MAX_BARS", "RELATION_COLOURS", "outlet_relations_svg", "reliability_svg", "timeline_svg"]

"""The SVG charts (``sayso.charts``): text stays escaped text, no mathtext, same bytes for the same
data, scalable, and matplotlib is only imported by the code that draws."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from sayso.charts import MAX_BARS, outlet_relations_svg, reliability_svg, timeline_svg

SVG = "{http://www.w3.org/2000/svg}"
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    for node in root.iter():
        assert node.tag.removeprefix(SVG) not in {"script", "foreignObject", "image", "a"}
        assert not any(k.lower().startswith("on") for k in node.attrib)
    return root


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def _bars(root: ET.Element, prefix: str = "bar-") -> list[str]:
    return [g.get("id", "") for g in root.iter(f"{SVG}g") if g.get("id", "").startswith(prefix)]


COUNTS = {
    SCRIPT: {"verbatim": 3, "partial": 1},
    "$5 News $x^2$": {"single_source": 2},
    IMG: {"none": 4, "altered": 1},
}


def test_outlet_names_are_escaped_text_never_markup_or_math() -> None:
    svg = outlet_relations_svg(COUNTS, title="Quotes per outlet")
    assert "<script" not in svg and "<img" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    texts = _texts(_parse(svg))
    assert SCRIPT in texts
    # Long names are cut with an ellipsis (MAX_LABEL), still as text.
    assert any(t.startswith("<img src=x onerror=") for t in texts) and "&lt;img src=x" in svg
    assert "$5 News $x^2$" in texts, "dollar signs stay text (text.parse_math is off)"


def test_one_bar_segment_per_outlet_and_relation_with_quotes() -> None:
    root = _parse(outlet_relations_svg(COUNTS, title="t"))
    want = {f"bar-{r}-{i}" for i, counts in enumerate(COUNTS.values()) for r, n in counts.items() if n}
    # Every relation present draws one segment per outlet (zero-width where the outlet has none).
    drawn = set(_bars(root))
    assert want <= drawn
    assert {b.split("-")[1] for b in drawn} == {r for c in COUNTS.values() for r in c}


def test_same_data_same_bytes_and_the_chart_scales() -> None:
    a = outlet_relations_svg(COUNTS, title="t")
    assert a == outlet_relations_svg(COUNTS, title="t")
    root = _parse(a)
    assert root.get("viewBox") and root.get("width") is None and root.get("height") is None
    assert not a.startswith("<?xml") and "<metadata" not in a


def test_many_outlets_are_cut_to_the_biggest_and_the_title_says_so() -> None:
    counts = {f"Outlet {i:02d}": {"verbatim": 100 - i} for i in range(MAX_BARS + 5)}
    root = _parse(outlet_relations_svg(counts, title="Quotes"))
    assert len(_bars(root)) == MAX_BARS
    assert any(f"top {MAX_BARS} of {MAX_BARS + 5}" in t for t in _texts(root))
    assert "Outlet 00" in _texts(root) and f"Outlet {MAX_BARS:02d}" not in _texts(root)


def test_timeline_has_one_bar_per_period_and_handles_no_data() -> None:
    points = [("2026-01", 3), ("2026-02", 0), ("2026-03", 7)]
    root = _parse(timeline_svg(points, title=f"Quotes of {SCRIPT}"))
    assert len(_bars(root, "bar-time-")) == 3
    assert f"Quotes of {SCRIPT}" in _texts(root)
    empty = _parse(timeline_svg([], title="nothing"))
    assert "no dated quotes" in _texts(empty)
    assert "no quotes" in _texts(_parse(outlet_relations_svg({}, title="nothing")))


def test_reliability_diagram_has_one_count_bar_per_bin() -> None:
    svg = reliability_svg([0.1, 0.45, 0.9], [0.05, 0.5, 0.8], [40, 12, 90], title="scorer on dev")
    root = _parse(svg)
    assert len(_bars(root, "bin-")) == 3
    assert "scorer on dev" in _texts(root)
    assert {"calibrated", "sayso"} <= set(_texts(root))


def test_searching_and_serving_never_import_matplotlib(tmp_path: Path) -> None:
    """Charts are drawn on demand: the app, the store and a search leave matplotlib unloaded."""
    code = (
        "import sys\n"
        "from sayso.store import open_db, search, SearchQuery\n"
        "import sayso.web.app\n"
        f"conn = open_db({str(tmp_path / 'x.db')!r})\n"
        "search(conn, SearchQuery(text='bridge'))\n"
        "assert 'matplotlib' not in sys.modules, 'matplotlib was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)

"""The terminal view of an evaluation: one Rich table of metrics and the counts behind them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.evaluate.score import PRF, Scores

if TYPE_CHECKING:
    from rich.table import Table


def scores_table(scores: Scores, *, title: str = "sayso evaluation") -> Table:
    """Metrics with their counts, so a reader sees how many quotes a percentage stands for."""
    from rich.table import Table

    c = scores.counts
    table = Table(title=title, title_justify="left")
    table.add_column("metric")
    table.add_column("P", justify="right")
    table.add_column("R", justify="right")
    table.add_column("F1", justify="right")
    table.add_column("counts", style="dim")

    def row(name: str, prf: PRF, counts: str) -> None:
        table.add_row(name, f"{prf.precision:.3f}", f"{prf.recall:.3f}", f"{prf.f1:.3f}", counts)

    row("content (overlap)", scores.content_overlap, f"{c.matched} matched / {c.pred} pred / {c.gold} gold")
    row("content (exact span)", scores.content_exact, f"{c.exact} exact")
    row("quote with correct source", scores.source, f"{c.correct_source} correct")
    table.add_section()
    table.add_row(
        "recall, direct quotes", "", f"{scores.recall_direct:.3f}", "", f"{c.direct_found}/{c.gold_direct}"
    )
    table.add_row(
        "recall, indirect", "", f"{scores.recall_indirect:.3f}", "", f"{c.indirect_found}/{c.gold_indirect}"
    )
    table.add_row(
        "direct found with correct source",
        "",
        f"{scores.direct_with_source:.3f}",
        "",
        f"{c.direct_correct_source}/{c.gold_direct}",
    )
    table.add_row(
        "precision, predicted direct quotes",
        f"{scores.precision_direct:.3f}",
        "",
        "",
        f"{c.pred_direct_matched}/{c.pred_direct}",
    )
    caption = [f"{c.docs} documents"]
    if scores.missing_docs:
        caption.append(f"{len(scores.missing_docs)} without predictions")
    if scores.unknown_docs:
        caption.append(f"{len(scores.unknown_docs)} predicted documents not in the gold set (ignored)")
    if scores.skipped:
        lines = sum(len(s) for _, s in scores.skipped)
        caption.append(
            f"gold: {lines} annotation line(s) or file(s) skipped in {len(scores.skipped)} "
            "document(s), see --json 'skipped'"
        )
    table.caption = "; ".join(caption)
    table.caption_justify = "left"
    return table


def curve_table(scores: Scores) -> Table:
    """Precision and recall at each confidence threshold: where a user can pick their own."""
    from rich.table import Table

    table = Table(title="by minimum confidence", title_justify="left")
    for col in (
        "min conf",
        "quotes",
        "content P",
        "content R",
        "content F1",
        "source P",
        "source R",
        "source F1",
    ):
        table.add_column(col, justify="right")
    for point in scores.curve:
        table.add_row(
            f"{point['min_confidence']:.1f}",
            str(point["quotes"]),
            *(f"{point[k]:.3f}" for k in ("content_overlap_p", "content_overlap_r", "content_overlap_f1")),
            *(f"{point[k]:.3f}" for k in ("source_p", "source_r", "source_f1")),
        )
    return table


def _clip(value: str | None, width: int = 80) -> str:
    if value is None:
        return "—"
    value = " ".join(value.split())
    return value if len(value) <= width else value[: width - 1] + "…"


def errors_table(scores: Scores) -> Table:
    """Every missed, spurious and wrongly sourced quote, to see what to fix next."""
    from rich.table import Table

    table = Table(title="errors", title_justify="left", show_lines=False)
    for col in ("doc", "error", "content", "gold source", "predicted source"):
        table.add_column(col, overflow="fold")
    styles = {"spurious": "yellow", "wrong source": "magenta"}
    for e in scores.errors:
        table.add_row(
            e["doc"],
            e["error"] + (" (direct)" if e.get("direct") else ""),
            _clip(e["content"]),
            _clip(e.get("gold_source"), 40),
            _clip(e.get("source"), 40),
            style=styles.get(e["error"], "red"),
        )
    return table

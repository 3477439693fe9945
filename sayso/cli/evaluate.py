"""CLI command: evaluate — score sayso (or a prediction file) against brat gold annotations."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from sayso.errors import EXIT_INPUT_FAILED, EXIT_OK, UsageError
from sayso.evaluate.score import CURVE_THRESHOLDS
from sayso.settings import DEFAULT_MIN_CONFIDENCE


def evaluate_cmd(
    gold_dir: Path = typer.Argument(
        ..., help="Gold directory with text/NAME.txt and attributions/NAME_*.ann."
    ),
    pred: Path | None = typer.Option(
        None, "--pred", "-p", help="Output of 'sayso extract' (JSON Lines) to score; default: extract now."
    ),
    as_json: bool = typer.Option(False, "--json", help="Same as --format json."),
    fmt: str = typer.Option("table", "--format", "-f", help="table or json."),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write here instead of stdout.", dir_okay=False, show_default=False
    ),
    limit: int | None = typer.Option(
        None, "--limit", "-n", help="Only the first N gold documents (by name)."
    ),
    per_doc: bool = typer.Option(False, "--per-doc", help="With --json: add the counts of every document."),
    errors: bool = typer.Option(
        False, "--errors", help="Also list missed, spurious and wrongly sourced quotes."
    ),
    model: str | None = typer.Option(
        None, "--model", help="spaCy model package when extracting (default: as for 'sayso extract')."
    ),
    min_confidence: float = typer.Option(
        DEFAULT_MIN_CONFIDENCE,
        "--min-confidence",
        help="Score only quotes at this confidence or above, as users see them.",
    ),
    curve: bool = typer.Option(
        False, "--curve", help="Also report precision and recall at each confidence threshold."
    ),
) -> int:
    """Score quote extraction against hand-annotated attributions (brat, PolNeAR layout).

    Reports content P/R/F1 by overlap and by exact span, quotes with the correct source, and
    recall of direct and indirect quotes.

    Example: sayso evaluate ../shared/polnear/dev --limit 10 --errors
    """
    from sayso.cli.common import Reporter, check_at_least_one, check_format, open_output
    from sayso.evaluate import evaluate

    check_format(fmt, ("table", "json"))
    as_json = as_json or fmt == "json"

    if limit is not None:
        check_at_least_one("--limit", limit)
    if pred is not None and not pred.is_file():
        raise UsageError(f"--pred {str(pred)!r}: no such file")
    if pred is not None and model is not None:
        raise UsageError("--model only applies when sayso extracts the gold texts itself, not with --pred")
    nlp = None
    if pred is None and model is not None:
        from sayso.nlp import load_nlp

        nlp = load_nlp(model)
    if not 0.0 <= min_confidence <= 1.0:
        raise UsageError(f"--min-confidence must be between 0 and 1, not {min_confidence}")
    scores = evaluate(
        gold_dir,
        pred=pred,
        limit=limit,
        nlp=nlp,
        min_confidence=min_confidence,
        curve=CURVE_THRESHOLDS if curve else (),
    )
    reporter = Reporter()
    for failure in scores.failures:
        reporter.fail(failure)
    with open_output(output) as fh:
        if as_json:
            fh.write(json.dumps(scores.to_dict(per_doc=per_doc, errors=errors), indent=2, ensure_ascii=False))
            fh.write("\n")
        else:
            import sys

            from sayso.cli.common import terminal_console
            from sayso.evaluate.report import curve_table, errors_table, scores_table

            # gold text and paths are data, never markup
            console = terminal_console(None if fh is sys.stdout else fh)
            title = f"sayso evaluation: {gold_dir} (min confidence {scores.min_confidence:g})"
            console.print(scores_table(scores, title=title))
            if scores.curve:
                console.print(curve_table(scores))
            if errors:
                console.print(errors_table(scores))
    return EXIT_INPUT_FAILED if scores.failures else EXIT_OK


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("evaluate")(evaluate_cmd)

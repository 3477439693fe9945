"""Publication dates as sayso keeps them: ISO 8601 text, or nothing.

Articles arrive with dates in whatever form their source used: ISO dates and date-times from
page metadata, "12/30/17" from a spreadsheet export, RFC 2822 from a feed, or a word ("soon").
Search filters, newest-first lists and the date window of story grouping all compare dates as
text, which is only right for ISO forms: "12/30/17" sorted after "2030" and fell inside no
window. So every date is read once, where an article enters (``ArticleInput``): an ISO form is
kept (a date as ``YYYY-MM-DD``, a date-time in Python's ``isoformat``), the two other common
forms are converted, and anything else makes the article undated, with a warning, rather than
a value that sorts as a date and is none.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from email.utils import parsedate_to_datetime

#: "12/30/17", "3/5/2024": month first, as US newsrooms and spreadsheets write it.
_US_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})")


def iso_published(value: str) -> str | None:
    """``value`` as an ISO date or date-time, or None when it is no date sayso can read."""
    text = value.strip()
    if not text:
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        pass
    else:
        has_time = len(text) > 10 and not text.isdigit()
        return parsed.isoformat() if has_time else parsed.date().isoformat()
    m = _US_DATE.fullmatch(text)
    if m is not None:
        month, day, year = (int(g) for g in m.groups())
        if year < 100:  # two-digit years as strptime's %y reads them
            year += 2000 if year < 69 else 1900
        try:
            return date(year, month, day).isoformat()
        except ValueError:
            return None
    try:
        return parsedate_to_datetime(text).isoformat()  # "Tue, 05 Mar 2024 10:00:00 GMT"
    except (TypeError, ValueError, IndexError):
        return None

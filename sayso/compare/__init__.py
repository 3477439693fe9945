"""Cross-outlet comparison: one story told by several outlets, quote by quote and fact by fact.

``api.compare`` aligns the quotes of articles about one event; ``stories.group_stories`` finds
which articles of a pile report the same event. Nothing heavy is imported here.
"""

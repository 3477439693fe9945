"""``python -m sayso`` is the same as the ``sayso`` command."""

from sayso.cli import run

if __name__ == "__main__":
    run()

"""The Typer app of ``sayso``: the group whose commands are built when first looked up.

Kept out of ``sayso.cli`` itself so that ``sayso search``, which ``sayso.cli.main`` runs without
Typer (``sayso.cli.fast``), does not import it; every other command, ``--help`` and ``--version``
come here. ``sayso.cli.app`` and ``sayso.cli.LazyGroup`` still name these objects.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, MutableMapping
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from sayso.cli import COMMANDS


class _LazyCommands(MutableMapping[str, Any]):
    """The group's ``commands`` mapping, filled one module at a time on first access.

    Click looks commands up through ``Group.commands`` (``get_command``, ``list_commands``), so
    the laziness lives here and Typer builds each command exactly as if it had been registered
    up front: same options, same help.
    """

    def __init__(self, loaders: dict[str, Callable[[], ModuleType]]) -> None:
        self._loaders = dict(loaders)
        self._loaded: dict[str, Any] = {}

    def _load(self, name: str) -> None:
        """Build the one command ``name`` from its module's ``register`` (the module's other
        commands are built when they are looked up: each costs a few ms of signature reading)."""
        module = self._loaders[name]()
        sub = typer.Typer(add_completion=False)
        module.register(sub)
        sub.registered_commands = [c for c in sub.registered_commands if c.name == name]
        sub.registered_groups = [g for g in sub.registered_groups if g.name == name]
        built = typer.main.get_command(sub)
        found = getattr(built, "commands", None)
        self._loaded[name] = found[name] if found is not None else built

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded and name in self._loaders:
            self._load(name)
        return self._loaded[name]

    def __setitem__(self, name: str, cmd: Any) -> None:
        self._loaders.setdefault(name, lambda: sys.modules[__name__])
        self._loaded[name] = cmd

    def __delitem__(self, name: str) -> None:
        self._loaders.pop(name, None)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def __contains__(self, name: object) -> bool:
        return name in self._loaders


class LazyGroup(TyperGroup):
    """The ``sayso`` group: its commands are built when first looked up (see ``_LazyCommands``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lazy = _LazyCommands(COMMANDS)
        for name, cmd in self.commands.items():
            lazy[name] = cmd
        self.commands = lazy


app = typer.Typer(
    name="sayso",
    cls=LazyGroup,
    help=("Who said what, and who reported it how.\n\nExample: sayso extract article.txt --format table"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        import sayso

        typer.echo(f"sayso {sayso.__version__}")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Who said what, and who reported it how."""

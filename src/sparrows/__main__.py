"""``python -m sparrows`` runs the command line."""

from .cli.main import entry

entry()

"""The ``sparrows`` command line."""

"""The version of ttools, in a module of its own so that any part can name it without importing
the package's public API."""

__version__ = "0.1.0"

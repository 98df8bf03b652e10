"""ttools: tournament workbooks in, standings, draws and printable appendices out.

The Python API (see the README's "Python API")::

    event = ttools.load("event.xlsx")      # Unreadable when ttools run would refuse it
    results = event.run()
    results.summary, results.frame("standings"), results.write("event.out.xlsx")

Its names are imported on first use (PEP 562), so that ``ttools --help`` and ``ttools check``
load none of the writers, pandas or the site.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ttools.version import __version__

if TYPE_CHECKING:
    from ttools.api import Event, FrameKeyError, PandasUnavailable, ProblemRecord, Results, load
    from ttools.files import CannotWrite, OutputRefused
    from ttools.pdf import PdfUnavailable
    from ttools.problems import Unreadable
    from ttools.publish.build import PublishError

# public name -> the module that defines it
_LAZY = {
    "load": "ttools.api",
    "Event": "ttools.api",
    "Results": "ttools.api",
    "ProblemRecord": "ttools.api",
    "PandasUnavailable": "ttools.api",
    "FrameKeyError": "ttools.api",
    "Unreadable": "ttools.problems",
    "OutputRefused": "ttools.files",
    "CannotWrite": "ttools.files",
    "PdfUnavailable": "ttools.pdf",
    "PublishError": "ttools.publish.build",
}

# written out (not derived from _LAZY) so that type checkers and linters see the public names
__all__ = [
    "__version__",
    "load",
    "Event",
    "Results",
    "ProblemRecord",
    "PandasUnavailable",
    "FrameKeyError",
    "Unreadable",
    "OutputRefused",
    "CannotWrite",
    "PdfUnavailable",
    "PublishError",
]


def __getattr__(name: str) -> Any:
    # anything else must raise AttributeError: ``from ttools import cli`` relies on it to fall
    # back to importing the submodule
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ttools' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})

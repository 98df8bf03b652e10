"""The sample generator (samples/make_samples.py), loaded once for the tests that use it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _load():
    spec = importlib.util.spec_from_file_location("make_samples", SAMPLES / "make_samples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gen = _load()

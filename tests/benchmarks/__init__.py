"""Benchmarks (not tests): ``python -m tests.benchmarks`` prints time and peak memory of
``ttools run`` beside the read+write floor for every competition. pytest does not collect this
folder (``norecursedirs`` in pyproject.toml)."""

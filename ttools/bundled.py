"""The sample workbooks that ship with ttools (samples/ of the source, ttools/samples/ of an
installed wheel): their names, where they are, and one copied out for ``ttools sample``."""

from __future__ import annotations

import os
from pathlib import Path

SUFFIX = ".xlsx"


def samples_folder() -> Path:
    """ttools/samples/ when installed from a wheel (setup.py puts them there); samples/ beside
    the package in a source checkout (an editable install)."""
    inside = Path(__file__).resolve().parent / "samples"
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / "samples"


def sample_names() -> list[str]:
    folder = samples_folder()
    return sorted(p.name[: -len(SUFFIX)] for p in folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def sample_path(name: str) -> Path:
    """The bundled sample ``name`` (with or without .xlsx); KeyError naming the samples there are."""
    stem = name[: -len(SUFFIX)] if name.lower().endswith(SUFFIX) else name
    if stem not in sample_names():
        raise KeyError(f"no sample {name!r}; the samples are: {', '.join(sample_names()) or 'none installed'}")
    return samples_folder() / f"{stem}{SUFFIX}"


def sample_target(name: str, dest: str | None) -> str:
    """Where ``ttools sample NAME DEST`` writes: DEST/NAME.xlsx when DEST is a folder (an existing
    one, or a path ending in a separator), DEST itself otherwise, ./NAME.xlsx without DEST."""
    file = sample_path(name).name
    if dest is None:
        return file
    if os.path.isdir(dest) or dest.endswith(("/", os.sep)):
        return os.path.normpath(os.path.join(dest, file))
    return dest


def write_sample(name: str, target: str) -> None:
    """Copy the sample ``name`` to ``target``, atomically (its folder made when missing)."""
    from ttools.files import write_atomic

    data = sample_path(name).read_bytes()
    folder = os.path.dirname(os.path.abspath(target))
    os.makedirs(folder, exist_ok=True)

    def write(tmp: str) -> None:
        with open(tmp, "wb") as fh:
            fh.write(data)

    write_atomic(target, write, suffix=SUFFIX)

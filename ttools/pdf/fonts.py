"""The typeface a printed page is set in: the regional CJK face of the page's script (TC for
zh-Hant, SC for zh-Hans) found on the machine, or the one ``TTOOLS_PDF_FONT`` names.

The faces are looked for where Windows, macOS and the Linux distributions install them first
(a handful of file checks), and only then in the system's whole font list (a scan of every
installed font, slower on a machine with many). Only the chosen files are given to the
typesetter, linked into a folder of their own: scanning a system font folder on every print
would cost more than the print itself, and nothing else can slip into the pages.
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
import tempfile
from dataclasses import dataclass, field
from typing import BinaryIO

ENV = "TTOOLS_PDF_FONT"

# family names of the regional faces, best first; the Noto / Source Han collections hold one
# face per region (JP, KR, SC, TC, HK), of which the family name selects one
REGIONAL = {
    "zh-Hant": (
        "Noto Sans CJK TC",
        "Source Han Sans TC",
        "Noto Sans TC",
        "Microsoft JhengHei",
        "PingFang TC",
        "Heiti TC",
    ),
    "zh-Hans": ("Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC", "Heiti SC"),
}
# a Latin face for English pages (a CJK face follows it, for names typed in Chinese)
LATIN = ("Noto Sans", "DejaVu Sans", "Liberation Sans", "Arial", "Helvetica", "Segoe UI", "Calibri")

# where each system installs them: (folder, file names); checked before any font scan
_LINUX = (
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto-cjk",
    "/usr/share/fonts/google-noto-cjk",
    "/usr/share/fonts/opentype/noto-cjk",
    "/usr/share/fonts/noto",
    "/usr/local/share/fonts",
)
_CJK_FILES = (
    "NotoSansCJK-Regular.ttc",
    "NotoSansCJK-Bold.ttc",
    "NotoSansCJK.ttc",
    "SourceHanSans-Regular.ttc",
    "SourceHanSans-Bold.ttc",
)
_LATIN_LINUX = (
    ("/usr/share/fonts/truetype/dejavu", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")),
    ("/usr/share/fonts/dejavu", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")),
    ("/usr/share/fonts/TTF", ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")),
    ("/usr/share/fonts/truetype/liberation", ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf")),
)
_WINDOWS = (
    "msjh.ttc",
    "msjhbd.ttc",
    "msyh.ttc",
    "msyhbd.ttc",
    "arial.ttf",
    "arialbd.ttf",
    "segoeui.ttf",
    "segoeuib.ttf",
)
_MACOS = (
    ("/System/Library/Fonts", ("PingFang.ttc", "Helvetica.ttc")),
    ("/System/Library/Fonts/Supplemental", ("Arial.ttf", "Arial Bold.ttf")),
    ("/Library/Fonts", ("Arial.ttf", "Arial Bold.ttf")),
)

INSTALL = {
    "zh-Hant": "a Traditional Chinese font: Noto Sans CJK TC ('apt-get install fonts-noto-cjk' on Debian/Ubuntu; "
    "Microsoft JhengHei on Windows, PingFang TC on macOS)",
    "zh-Hans": "a Simplified Chinese font: Noto Sans CJK SC ('apt-get install fonts-noto-cjk' on Debian/Ubuntu; "
    "Microsoft YaHei on Windows, PingFang SC on macOS)",
    "en": "a sans-serif font such as DejaVu Sans or Noto Sans ('apt-get install fonts-dejavu-core')",
}


class FontMissing(Exception):
    """No face for the page's script; the message names the font to install."""


@dataclass
class Faces:
    """The families a document is set in (first choice first) and the files that hold them."""

    families: list[str]
    files: list[str] = field(default_factory=list)


def _known_files() -> list[str]:
    """The font files of the usual places that exist on this machine."""
    found: list[str] = []
    if sys.platform == "win32":
        windir = os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts")
        local = os.path.join(os.environ.get("LOCALAPPDATA", ""), "Microsoft", "Windows", "Fonts")
        found += [os.path.join(d, f) for d in (windir, local) for f in _WINDOWS + _CJK_FILES]
    elif sys.platform == "darwin":
        home = os.path.expanduser("~/Library/Fonts")
        found += [os.path.join(d, f) for d, names in _MACOS for f in names]
        found += [os.path.join(home, f) for f in _CJK_FILES]
    else:
        home = os.path.expanduser("~/.local/share/fonts")
        found += [os.path.join(d, f) for d in (*_LINUX, home) for f in _CJK_FILES]
        found += [os.path.join(d, f) for d, names in _LATIN_LINUX for f in names]
    return [p for p in found if os.path.isfile(p)]


def _families(files: list[str]) -> dict[str, list[str]]:
    """family -> the files holding it (each face of a collection by its own family name), read
    from the files' name tables (a few kilobytes each; the typesetter's own scan reads every
    face's whole character map, a good part of a one-page print); a file that cannot be read so
    is left to the typesetter."""
    out: dict[str, list[str]] = {}
    unread = []
    for path in files:
        try:
            names = face_families(path)
        except (OSError, ValueError, struct.error):
            names = []
        if not names:
            unread.append(path)
        for family in names:
            if path not in out.setdefault(family, []):
                out[family].append(path)
    for family, paths in _scanned(unread).items():
        out.setdefault(family, []).extend(p for p in paths if p not in out.get(family, ()))
    return out


# style words a family name may end with where the font has no typographic family (name 16)
_STYLES = ("Regular", "Book", "Normal", "Bold", "Italic", "Oblique", "Light", "Medium", "Semibold", "SemiBold", "Black")


def face_families(path: str) -> list[str]:
    """The family of each face in a font file (.ttf, .otf, or a .ttc collection), as the
    typesetter names it: the typographic family (name 16), else the family (name 1) less a style
    word; [] when the file is no font."""
    with open(path, "rb") as fh:
        head = fh.read(12)
        if head[:4] == b"ttcf":
            count = struct.unpack(">I", head[8:12])[0]
            offsets = list(struct.unpack(f">{count}I", fh.read(4 * count)))
        elif head[:4] in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
            offsets = [0]
        else:
            return []
        found = []
        for offset in offsets:
            name = _name_table(fh, offset)
            family = name.get(16) or name.get(1)
            if family and 16 not in name:
                words = family.split(" ")
                while len(words) > 1 and words[-1] in _STYLES:
                    words.pop()
                family = " ".join(words)
            if family and family not in found:
                found.append(family)
        return found


def _name_table(fh: BinaryIO, offset: int) -> dict[int, str]:
    """Names 1 and 16 of the face at ``offset``, in English where the font has several."""
    fh.seek(offset + 4)
    (tables,) = struct.unpack(">H", fh.read(2))
    fh.seek(offset + 12)
    directory = fh.read(16 * tables)
    for k in range(tables):
        tag, _, start, _ = struct.unpack(">4sIII", directory[16 * k : 16 * k + 16])
        if tag == b"name":
            break
    else:
        return {}
    fh.seek(start)
    _, count, strings = struct.unpack(">HHH", fh.read(6))
    records = fh.read(12 * count)
    best: dict[int, tuple[int, str]] = {}
    for k in range(count):
        platform, encoding, language, name_id, length, at = struct.unpack(">6H", records[12 * k : 12 * k + 12])
        if name_id not in (1, 16) or platform not in (1, 3):
            continue
        fh.seek(start + strings + at)
        raw = fh.read(length)
        if platform == 3:
            text, rank = raw.decode("utf-16-be", "replace"), 0 if language == 0x409 else 1
        elif encoding == 0:  # Macintosh Roman
            text, rank = raw.decode("mac_roman", "replace"), 2 if language == 0 else 3
        else:
            continue
        if name_id not in best or rank < best[name_id][0]:
            best[name_id] = (rank, text)
    return {n: text for n, (_, text) in best.items()}


def _scanned(files: list[str]) -> dict[str, list[str]]:
    """family -> files, as the typesetter's own scan of ``files`` finds them."""
    if not files:
        return {}
    import typst

    links = linked(files)
    with links as folder:
        fonts = typst.Fonts(include_system_fonts=False, include_embedded_fonts=False, font_paths=[folder]).fonts()
        out: dict[str, list[str]] = {}
        for info in fonts:
            # the typesetter reports a linked file by the path it links to, a copy by its own
            path = info.path if info.path in files else links.origin.get(os.path.basename(info.path or ""))
            if path and path not in out.setdefault(info.family, []):
                out[info.family].append(path)
    return out


def _system_families() -> dict[str, list[str]]:
    """Every installed family with its files (the slow way: a scan of the system's fonts)."""
    import typst

    out: dict[str, list[str]] = {}
    for info in typst.Fonts(include_system_fonts=True, include_embedded_fonts=False).fonts():
        if info.path and info.path not in out.setdefault(info.family, []):
            out[info.family].append(info.path)
    return out


def _choose(available: dict[str, list[str]], lang: str) -> Faces | None:
    if lang in REGIONAL:
        family = next((f for f in REGIONAL[lang] if f in available), None)
        if family is None:
            return None
        latin = next((f for f in LATIN if f in available), None)
        families = [family] + ([latin] if latin else [])
    else:
        latin = next((f for f in LATIN if f in available), None)
        cjk = next((f for f in REGIONAL["zh-Hant"] + REGIONAL["zh-Hans"] if f in available), None)
        families = [f for f in (latin, cjk) if f]
        if not families:
            return None
    files = [p for f in families for p in available[f]]
    return Faces(families, list(dict.fromkeys(files)))


def _override(setting: str, lang: str) -> Faces:
    """``TTOOLS_PDF_FONT``: a font file (of a collection, the face of the page's script when it
    holds one) or an installed family name."""
    if (
        os.path.sep in setting
        or (os.altsep and os.altsep in setting)
        or os.path.splitext(setting)[1].lower() in (".ttf", ".otf", ".ttc", ".otc")
    ):
        if not os.path.isfile(setting):
            raise FontMissing(f"{ENV} names the font file {setting}, which does not exist")
        available = _families([setting])
        if not available:
            raise FontMissing(f"{ENV} names {setting}, which is not a font file the typesetter can read")
        regional = [f for f in REGIONAL.get(lang, ()) if f in available]
        family = regional[0] if regional else sorted(available)[0]
        return Faces([family], [setting])
    available = _system_families()
    if setting not in available:
        raise FontMissing(f"{ENV} names the font {setting!r}, which is not installed")
    return Faces([setting], available[setting])


def find_faces(lang: str) -> Faces:
    """The faces for pages in ``lang``: ``TTOOLS_PDF_FONT`` when set, else the regional face from
    the usual places, else from the system's font list. FontMissing names what to install."""
    setting = os.environ.get(ENV, "").strip()
    if setting:
        return _override(setting, lang)
    chosen = _choose(_families(_known_files()), lang) or _choose(_system_families(), lang)
    if chosen is None:
        raise FontMissing(
            f"no font for {_SCRIPT.get(lang, lang)} pages: install {INSTALL.get(lang, INSTALL['en'])}, "
            f"or set {ENV} to a font file"
        )
    return chosen


_SCRIPT = {"zh-Hant": "Traditional Chinese", "zh-Hans": "Simplified Chinese", "en": "English"}


class linked:
    """A temporary folder holding only ``files`` (linked where the system allows, else copied):
    the typesetter reads every font of the folders it is given."""

    def __init__(self, files: list[str]) -> None:
        self.files = files
        self.origin: dict[str, str] = {}  # name in the folder -> the file it stands for
        self._tmp: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> str:
        self._tmp = tempfile.TemporaryDirectory(prefix="ttools-fonts-")
        for i, path in enumerate(self.files):
            # the file's own name kept (families are matched back to files by it), numbered so
            # that two files of one name in different folders do not collide
            name = f"{i}-{os.path.basename(path)}"
            _link(path, os.path.join(self._tmp.name, name))
            self.origin[name] = path
        return self._tmp.name

    def __exit__(self, *exc: object) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()


def _link(path: str, target: str) -> None:
    for make in (os.symlink, os.link):
        try:
            make(path, target)
            return
        except (OSError, NotImplementedError):
            continue
    shutil.copyfile(path, target)

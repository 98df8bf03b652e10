"""Build the hostile TSH event folders that a repository cannot hold: FIFOs, sockets, links to
devices and out of the folder, files larger than ttools reads. Each case makes its folder under
a root and returns the path to give ``ttools import-tsh``; every case beside a file ``secret.t``
outside the event folder whose first line must never be printed.

    python tests/data/hostile/tsh/make_hostile_tsh.py DIR          # every case, a folder each
    python tests/data/hostile/tsh/make_hostile_tsh.py --names FILE # the hostile-names workbook

The README beside this file says what each case is; tests/scrabble/test_tsh_folder.py says
what each must give (exit 2, one line naming the file and why) and bounds its time and memory.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
SECRET = "SECRET-first-line never to be printed"
GOOD_T = "Ann Able             1500 2; 400\nBob Baker            1400 1; 350\n"
LIMIT = 20 * 1024 * 1024  # what import-tsh reads of one file at most
LINE_LIMIT = 64 * 1024  # and of one line


def _event(root: Path, config: str | None = "division a a.t\n", t: str | None = GOOD_T) -> Path:
    """``root/event`` with a config.tsh and a.t (None: not written), and ``root/secret.t``."""
    (root / "secret.t").write_text(SECRET + "\n" + GOOD_T, encoding="utf-8")
    folder = root / "event"
    folder.mkdir()
    if config is not None:
        (folder / "config.tsh").write_text(config, encoding="utf-8")
    if t is not None:
        (folder / "a.t").write_text(t, encoding="utf-8")
    return folder


def config_names_dev_zero(root: Path) -> Path:
    return _event(root, "division a /dev/zero\n", None)


def config_names_absolute_path(root: Path) -> Path:
    return _event(root, f"division a {root / 'secret.t'}\n", None)


def config_names_dotdot(root: Path) -> Path:
    return _event(root, "division a ../secret.t\n", None)


def t_links_to_dev_zero(root: Path) -> Path:
    folder = _event(root, t=None)
    os.symlink("/dev/zero", folder / "a.t")
    return folder


def t_links_out_of_the_folder(root: Path) -> Path:
    folder = _event(root, t=None)
    os.symlink("../secret.t", folder / "a.t")
    return folder


def folder_links_out_of_the_folder(root: Path) -> Path:
    folder = _event(root, "division a sub/secret.t\n", None)
    os.symlink("..", folder / "sub")
    return folder


def config_links_to_dev_zero(root: Path) -> Path:
    folder = _event(root, None)
    os.symlink("/dev/zero", folder / "config.tsh")
    return folder


def config_links_out_of_the_folder(root: Path) -> Path:
    folder = _event(root, None)
    (root / "config.tsh").write_text(SECRET + "\ndivision a a.t\n", encoding="utf-8")
    os.symlink("../config.tsh", folder / "config.tsh")
    return folder


def t_is_a_fifo(root: Path) -> Path:
    folder = _event(root, t=None)
    os.mkfifo(folder / "a.t")
    return folder


def config_is_a_fifo(root: Path) -> Path:
    folder = _event(root, None)
    os.mkfifo(folder / "config.tsh")
    return folder


def t_is_a_directory(root: Path) -> Path:
    folder = _event(root, t=None)
    (folder / "a.t").mkdir()
    return folder


def t_is_a_socket(root: Path) -> Path:
    folder = _event(root, t=None)
    here = os.getcwd()
    os.chdir(folder)  # a socket's path is short (108 bytes): bind it by its name alone
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind("a.t")
        sock.close()
    finally:
        os.chdir(here)
    return folder


def t_larger_than_the_limit(root: Path) -> Path:
    folder = _event(root, t=None)
    with open(folder / "a.t", "wb") as fh:  # sparse: it takes no room on disk
        fh.write(GOOD_T.encode())
        fh.truncate(LIMIT + 1)
    return folder


def t_with_a_line_longer_than_the_limit(root: Path) -> Path:
    return _event(root, t=GOOD_T + "Cy " + "x" * LINE_LIMIT + " 1300 0; 50\n")


def t_holding_nul_bytes(root: Path) -> Path:
    folder = _event(root, t=None)
    (folder / "a.t").write_bytes(GOOD_T.encode() + b"\0" * 64 + SECRET.encode() + b"\n")
    return folder


def loose_dev_zero(root: Path) -> Path:
    return Path("/dev/zero")


def loose_fifo(root: Path) -> Path:
    _event(root, None, None)
    os.mkfifo(root / "event" / "a.t")
    return root / "event" / "a.t"


def loose_link_out_of_the_folder(root: Path) -> Path:
    _event(root, None, None)
    os.symlink("../secret.t", root / "event" / "a.t")
    return root / "event" / "a.t"


CASES: dict[str, Callable[[Path], Path]] = {
    f.__name__.replace("_", "-"): f
    for f in (
        config_names_dev_zero,
        config_names_absolute_path,
        config_names_dotdot,
        t_links_to_dev_zero,
        t_links_out_of_the_folder,
        folder_links_out_of_the_folder,
        config_links_to_dev_zero,
        config_links_out_of_the_folder,
        t_is_a_fifo,
        config_is_a_fifo,
        t_is_a_directory,
        t_is_a_socket,
        t_larger_than_the_limit,
        t_with_a_line_longer_than_the_limit,
        t_holding_nul_bytes,
        loose_dev_zero,
        loose_fifo,
        loose_link_out_of_the_folder,
    )
}

# Typed text that must stay text in config.tsh (Perl), .t and .tou files: code Perl runs inside a
# double-quoted string, quotes and backslashes, and every kind of line break.
HOSTILE_EVENT_NAME = (
    'Open @{[ system("touch PWNED") ]} "q" \'s\' \\ $x @y ${\\ `touch PWNED`}'
    "\nconfig event_date = '1999-01-01'\r\ndivision z /dev/zero\u2028x\u2029y\x85z\x0b\x0c\x00."
)
HOSTILE_PLAYER_NAMES = [
    "Ann\nBob 1500 2; 400",
    "Cy\r\nDi",
    "Ed\u2028Flo\u2029Gus",
    "Hal\x00\x1b[31m\x7f\x85",
    "Ivy \\; ' \" @{[ 1 ]}",
]


def write_hostile_names(path: Path) -> None:
    """A two-division Scrabble workbook whose event, player and club names carry the text above."""
    from ttools.competitions.scrabble.competition import write_input_workbook

    players = [
        {"id": f"A{i}", "name": n, "division": "A", "club": n, "rating": 1500 + i}
        for i, n in enumerate(HOSTILE_PLAYER_NAMES, 1)
    ]
    players += [{"id": "B1", "name": "Plain One", "division": "B"}, {"id": "B2", "name": "Plain Two", "division": "B"}]
    results = [
        {"round": 1, "player1": "A1", "score1": 400, "player2": "A2", "score2": 350},
        {"round": 1, "player1": "A3", "score1": 380, "player2": "A4", "score2": 390},
        {"round": 1, "player1": "B1", "score1": 300, "player2": "B2", "score2": 301},
    ]
    write_input_workbook(
        str(path),
        players,
        {"Results": results},
        event={"name": HOSTILE_EVENT_NAME, "date": "2025-01-02"},
        rules={"spread_cap": "300"},
        lang="en",
    )


def main(argv: list[str]) -> None:
    if argv[:1] == ["--names"]:
        write_hostile_names(Path(argv[1]))
        return
    root = Path(argv[0])
    for name, build in CASES.items():
        (root / name).mkdir(parents=True)
        print(name, build(root / name))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Australian Draw pairings recorded from woogles' liwords implementation, kept as golden cases.

How the golden file tests/data/liwords/australian_draw.json was made: liwords at commit
b790d24693831a2e0b0ee19f708100ab094c5332 cannot be built whole here (its go.mod asks for Go
1.26.4 and modules from the Go module proxy, which is not reachable; Debian's golang-go is
1.19). So its Australian Draw was built on its own with Debian's Go 1.19: pkg/pair/australian.go
unchanged, GetRepeatKey and pairable copied unchanged from pkg/pair/pair.go, the PoolMember and
UnpairedPoolMembers types copied unchanged from pkg/entity/pair.go, and a stand-in for the
generated protobuf RoundControl with the three fields the draw reads (Round, MaxRepeats,
ResetRound; ResetRound left 0, liwords' default). A small main read the cases as JSON, called
pairAustralianDraw with PoolMembers in standings order (strictly decreasing wins, as liwords'
own tests build them) and RepeatRounds from the "met" lists, and printed the pairings:

    go build -o au ./cmd/au && ./au < cases.json > liwords.json

That build also ran liwords' own pkg/pair/australian_test.go (33 tests, all passing; with
Debian's golang-github-matryer-is-dev, equalPairings from pair_test.go, IntArrayToString from
pkg/utilities, and Pair reduced to its Australian Draw branch), so the draw built is liwords'.

The cases are the rulebook's example, round 1 casements, and seeded random histories of 4 to
24 players over 1 to n+2 earlier rounds with 0 or 1 repeats allowed (8 of them need the
oldest rounds forgiven). Rounds in the file are liwords' 0-based ones ("round0"; a meeting
in round0 r is ttools' round r + 1). Only even fields are compared: with an odd field liwords
gives the bye to whoever its phantom bottom player is drawn against (the middle player in
round 1), ttools to the lowest-ranked of those with the fewest byes, as the rulebook says.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttools.core import pairing as PA

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "liwords" / "australian_draw.json"
CASES = json.loads(GOLDEN.read_text(encoding="utf-8"))["cases"]


def test_the_golden_file_has_the_cases_it_should():
    assert len(CASES) >= 150
    assert CASES[0]["name"] == "seed-example"
    assert all(len(c["standings"]) % 2 == 0 for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_australian_draw_matches_liwords(case):
    order = case["standings"]
    if case["round0"] == 0:
        drawn = PA.top_half_vs_bottom_half(order)
    else:
        history = [(r + 1, *key.split("::")) for key, rounds in case["met"].items() for r in rounds]
        drawn = PA.australian_draw(order, history, case["max_repeats"])
    assert drawn.bye is None
    mine = sorted(tuple(sorted(p, key=order.index)) for p in drawn.pairs)
    assert mine == sorted(tuple(p) for p in case["liwords_pairs"])


def test_the_seed_example_as_liwords_draws_it():
    # Chan and Wong Siu Ki met (round 1): Chan–Wong Wai Ho, Wong Siu Ki–Cheung, Lee–Ho.
    assert CASES[0]["liwords_pairs"] == [["chan", "wongwh"], ["wongsk", "cheung"], ["lee", "ho"]]

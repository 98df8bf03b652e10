"""The PDF figures of ``python -m tests.benchmarks``: the time ttools takes to print each sample
(the PDF step alone, from the processed workbook's report rows), and for Scrabble 500 x 30 and
Shengji 400 x 30 the PDF step's time and the peak memory of the whole print, beside LibreOffice
converting the same results workbook when ``soffice`` happens to be installed (the engine ttools
printed with before). Every figure comes from a fresh child process.

    python tests/benchmarks/bench_pdf.py print RESULTS.xlsx OUT.pdf TIMES.json   # one print (the child)
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = os.path.join(HERE, "measure.py")
SAMPLE_TARGET = 0.5  # seconds, every sample
LARGE_FACTOR = 10  # at least this many times faster than LibreOffice
LARGE_MEMORY = 1024  # MB


def _print_one(workbook: str, pdf: str, times: str) -> None:
    """The child: process ``workbook`` and print its reports, timing the two apart."""
    from ttools.pdf import print_outcome, recorded_hash
    from ttools.pipeline import process_file

    start = time.perf_counter()
    outcome = process_file(workbook, one_shot=True)
    processed = time.perf_counter()
    print_outcome(outcome, pdf, recorded_hash(workbook))
    done = time.perf_counter()
    with open(times, "w", encoding="utf-8") as fh:
        json.dump({"process_s": processed - start, "pdf_s": done - processed}, fh)


def _measured(args: list[str]) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, MEASURE, *args], capture_output=True, text=True, check=True, env=env)
    got = json.loads(out.stdout)
    if got["code"] != 0:
        raise SystemExit(f"{' '.join(args)} failed ({got['code']}):\n{got['stderr']}")
    return got


def ttools_print(workbook: str, tmp: str) -> dict:
    """PDF seconds (the step alone) and peak RSS (MB, the whole child) of one print."""
    times = os.path.join(tmp, "times.json")
    got = _measured([sys.executable, os.path.abspath(__file__), "print", workbook, os.path.join(tmp, "out.pdf"), times])
    with open(times, encoding="utf-8") as fh:
        return {**json.load(fh), "rss_mb": got["rss_mb"]}


def libreoffice_print(workbook: str, tmp: str) -> dict | None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        return None
    profile = os.path.join(tmp, "lo-profile")
    got = _measured(
        [
            soffice,
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--norestore",
            "--convert-to",
            "pdf",
            "--outdir",
            tmp,
            workbook,
        ]
    )
    return {"pdf_s": got["wall"], "rss_mb": got["rss_mb"]}


def _results(make, tmp: str, name: str) -> str:
    """The results workbook of a generated event (what both engines print)."""
    source = make(os.path.join(tmp, f"{name}.xlsx"))
    target = os.path.join(tmp, f"{name}.out.xlsx")
    subprocess.run([sys.executable, "-m", "ttools", "run", source, "-o", target], capture_output=True)
    return target


def pdf_figures(repeat: int) -> list[dict]:
    """Print the figures; returns them (for --json)."""
    from . import events

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        print(f"PDF of every sample (the PDF step, median of {repeat}; target < {SAMPLE_TARGET} s):", flush=True)
        for sample in sorted(os.listdir(events.SAMPLES)):
            if not sample.endswith(".xlsx"):
                continue
            book = _results(lambda p, s=sample: events.sample(s, p), tmp, sample[:-5])
            t = statistics.median(ttools_print(book, tmp)["pdf_s"] for _ in range(repeat))
            print(f"  {sample:<30} {t:6.3f} s  {'ok' if t < SAMPLE_TARGET else 'OVER'}", flush=True)
            rows.append({"case": sample, "pdf_s": t})
        large = [("Scrabble 500 x 30", lambda p: events.scrabble(500, 30, p)), ("Shengji 400 x 30", events.shengji)]
        print(f"Large events (target: {LARGE_FACTOR} x faster than LibreOffice, <= {LARGE_MEMORY} MB):", flush=True)
        for label, make in large:
            book = _results(make, tmp, label.split()[0].lower())
            ours = [ttools_print(book, tmp) for _ in range(repeat)]
            t, mb = statistics.median(o["pdf_s"] for o in ours), max(o["rss_mb"] for o in ours)
            lo = libreoffice_print(book, tmp)
            beside = (
                f"LibreOffice {lo['pdf_s']:6.2f} s {lo['rss_mb']:5.0f} MB  {lo['pdf_s'] / t:4.1f} x faster"
                if lo
                else "LibreOffice: not installed"
            )
            print(f"  {label:<20} ttools {t:6.2f} s {mb:5.0f} MB   {beside}", flush=True)
            rows.append({"case": label, "pdf_s": t, "rss_mb": mb, "libreoffice": lo})
    return rows


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "print":
        _print_one(*sys.argv[2:])
    else:
        sys.exit(__doc__)

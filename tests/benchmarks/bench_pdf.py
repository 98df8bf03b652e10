"""The PDF figures of ``python -m tests.benchmarks``: what ``ttools run EVENT --pdf`` costs in its
PDF step (the report rows set and compiled by the typesetter, from the processed workbook) and
in all (reading and processing the input too), and the peak memory of that process, for every
bundled sample and for Scrabble 500 x 30 and Shengji 400 x 30. Beside the large cases,
LibreOffice converting the same event's results workbook (the engine ttools printed with
before) when ``soffice`` happens to be installed; else the times it took when it was measured on
the benchmark machine (45 s and 43.5 s), against which the target (10 x faster) is checked.

Every figure comes from a fresh child process. The CPU seconds beside the times (the process's
own, every thread's) tell a slow run of a shared machine from a slow print. A print's peak memory is the child's own high-water
mark (VmHWM of /proc/self/status, read by the child as it ends), not the launcher's ru_maxrss,
which on Linux counts the process image a child was started from.

    python -m tests.benchmarks.bench_pdf [--repeat N]                  # these figures alone
    python tests/benchmarks/bench_pdf.py print INPUT.xlsx OUT.pdf TIMES.json   # one print (the child)
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURE = os.path.join(HERE, "measure.py")
SAMPLE_TARGET = 0.5  # seconds, every sample's PDF step
LARGE_FACTOR = 10  # at least this many times faster than LibreOffice
LARGE_MEMORY = 1024  # MB
# LibreOffice converting the results workbook, one run each on a quiet machine (issue 20)
RECORDED_LIBREOFFICE = {"Scrabble 500 x 30": 45.0, "Shengji 400 x 30": 43.5}


def _own_peak_mb() -> float:
    """This process's peak resident memory (MB); 0 where /proc is not there."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration, ValueError):
        return 0.0


def _print_one(workbook: str, pdf: str, times: str) -> None:
    """The child: what ``ttools run WORKBOOK --pdf`` does for its PDF (process the workbook, print
    its reports), timing the two apart, with this process's peak memory."""
    start = time.perf_counter()
    from ttools.pdf import print_outcome
    from ttools.pipeline import file_hash, process_file

    outcome = process_file(workbook, one_shot=True)
    processed, cpu = time.perf_counter(), time.process_time()
    print_outcome(outcome, pdf, file_hash(workbook))
    done = time.perf_counter()
    figures = {
        "process_s": processed - start,
        "pdf_s": done - processed,
        "pdf_cpu_s": time.process_time() - cpu,  # every thread's, the typesetter's too
        "cpu_s": time.process_time(),
        "peak_mb": _own_peak_mb(),
    }
    with open(times, "w", encoding="utf-8") as fh:
        json.dump(figures, fh)


def _measured(args: list[str]) -> dict:
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, MEASURE, *args], capture_output=True, text=True, check=True, env=env)
    got = json.loads(out.stdout)
    if got["code"] != 0:
        raise SystemExit(f"{' '.join(args)} failed ({got['code']}):\n{got['stderr']}")
    return got


def ttools_print(workbook: str, tmp: str) -> dict:
    """One print in a fresh child: the PDF step's seconds, the whole child's, and its peak (MB)."""
    times = os.path.join(tmp, "times.json")
    got = _measured([sys.executable, os.path.abspath(__file__), "print", workbook, os.path.join(tmp, "out.pdf"), times])
    with open(times, encoding="utf-8") as fh:
        child = json.load(fh)
    return {**child, "wall_s": got["wall"], "rss_mb": child["peak_mb"] or got["rss_mb"]}


def soffice() -> str | None:
    """LibreOffice's command when it is installed (on PATH, or where Windows and macOS put it)."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found:
        return found
    for path in (
        r"C:\Program Files\LibreOffice\program\soffice.exe",
        "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    ):
        if os.path.isfile(path):
            return path
    return None


def libreoffice_print(workbook: str, tmp: str) -> dict | None:
    """LibreOffice converting ``workbook`` to PDF (a fresh profile, headless): seconds and the
    peak of the launcher's largest waited-for process (soffice runs soffice.bin as its child)."""
    command = soffice()
    if command is None:
        return None
    profile = pathlib.Path(tmp, "lo-profile").resolve().as_uri()  # a file URL on every system
    got = _measured(
        [command, f"-env:UserInstallation={profile}", "--headless", "--norestore", "--convert-to", "pdf"]
        + ["--outdir", tmp, workbook]
    )
    return {"pdf_s": got["wall"], "rss_mb": got["rss_mb"]}


def _results(source: str, tmp: str, name: str) -> str:
    """The results workbook of an event (what LibreOffice prints)."""
    target = os.path.join(tmp, f"{name}.out.xlsx")
    subprocess.run([sys.executable, "-m", "ttools", "-q", "run", source, "-o", target], capture_output=True, check=True)
    return target


def _samples(repeat: int, tmp: str, events) -> list[dict]:
    print(
        f"PDF of every sample, ttools run SAMPLE --pdf (median of {repeat}; PDF step target < {SAMPLE_TARGET} s):",
        flush=True,
    )
    print(f"  {'sample':<30} {'PDF s':>6} {'cpu s':>6} {'all s':>6} {'peak MB':>8}", flush=True)
    rows = []
    for sample in sorted(os.listdir(events.SAMPLES)):
        if not sample.endswith(".xlsx"):
            continue
        source = events.sample(sample, os.path.join(tmp, sample))
        runs = [ttools_print(source, tmp) for _ in range(repeat)]
        t = statistics.median(r["pdf_s"] for r in runs)
        cpu = statistics.median(r["pdf_cpu_s"] for r in runs)
        whole = statistics.median(r["wall_s"] for r in runs)
        mb = max(r["rss_mb"] for r in runs)
        mark = "ok" if t < SAMPLE_TARGET else "OVER"
        print(f"  {sample:<30} {t:6.3f} {cpu:6.3f} {whole:6.3f} {mb:8.0f}  {mark}", flush=True)
        rows.append({"case": sample, "pdf_s": t, "pdf_cpu_s": cpu, "wall_s": whole, "rss_mb": mb})
    return rows


def _large(repeat: int, tmp: str, events) -> list[dict]:
    print(
        f"Large events, ttools run EVENT --pdf (median of {repeat}; target {LARGE_FACTOR} x faster than "
        f"LibreOffice, <= {LARGE_MEMORY} MB):",
        flush=True,
    )
    large = [
        ("Scrabble 500 x 30", lambda p: events.scrabble(500, 30, p)),
        ("Shengji 400 x 30", lambda p: events.shengji(p)),
    ]
    rows = []
    for label, make in large:
        name = label.split()[0].lower()
        source = make(os.path.join(tmp, f"{name}.xlsx"))
        ours = [ttools_print(source, tmp) for _ in range(repeat)]
        t = statistics.median(o["pdf_s"] for o in ours)
        cpu = statistics.median(o["pdf_cpu_s"] for o in ours)
        whole = statistics.median(o["wall_s"] for o in ours)
        mb = max(o["rss_mb"] for o in ours)
        lo = libreoffice_print(_results(source, tmp, name), tmp)
        if lo:
            against, beside = lo["pdf_s"], f"LibreOffice {lo['pdf_s']:6.2f} s {lo['rss_mb']:5.0f} MB"
        else:
            against = RECORDED_LIBREOFFICE[label]
            beside = f"LibreOffice not installed (recorded: {against:.1f} s)"
        ok = whole * LARGE_FACTOR <= against and mb <= LARGE_MEMORY
        print(
            f"  {label:<18} ttools PDF {t:5.2f} s (cpu {cpu:5.2f}), all {whole:5.2f} s, peak {mb:4.0f} MB   {beside}   "
            f"{against / whole:4.1f} x faster  {'ok' if ok else 'OVER'}",
            flush=True,
        )
        rows.append(
            {
                "case": label,
                "pdf_s": t,
                "pdf_cpu_s": cpu,
                "wall_s": whole,
                "rss_mb": mb,
                "libreoffice": lo,
                "against_s": against,
            }
        )
    return rows


def pdf_figures(repeat: int) -> list[dict]:
    """Print the figures; returns them (for --json)."""
    from . import events

    with tempfile.TemporaryDirectory() as tmp:
        return _samples(repeat, tmp, events) + _large(repeat, tmp, events)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "print":
        _print_one(*sys.argv[2:])
    elif __package__:
        import argparse

        ap = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_pdf", description=__doc__.splitlines()[0])
        ap.add_argument("--repeat", type=int, default=3, help="runs per case (the median is shown)")
        pdf_figures(ap.parse_args().repeat)
    else:
        sys.exit(__doc__)

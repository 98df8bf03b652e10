"""Run one command and print its wall time, peak RSS and exit code as JSON (used by
``python -m tests.benchmarks``). The command is started from this small process rather than
from the benchmark driver: a child's peak RSS counts the memory of the process it was forked
from, and the driver holds the generated events.

    python tests/benchmarks/measure.py CMD [ARG …]
"""

import json
import os
import subprocess
import sys
import time


def main() -> None:
    start = time.perf_counter()
    proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    print(
        json.dumps(
            {
                "wall": wall,
                "rss_mb": usage.ru_maxrss / 1024,
                "code": os.waitstatus_to_exitcode(status),
                "stderr": err.decode(errors="replace")[-2000:],
            }
        )
    )


if __name__ == "__main__":
    main()

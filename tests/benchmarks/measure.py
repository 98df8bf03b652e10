"""Run one command and print its wall time, peak RSS and exit code as JSON (used by
``python -m tests.benchmarks``).

    python tests/benchmarks/measure.py CMD [ARG …]

The peak is the command's own. ``ru_maxrss`` of a child is not: on Linux, exec keeps the peak of
the process image it replaces, and Python starts its children with vfork, whose image is the
parent's (the driver, grown large with the generated events). So a Python command (CMD is this
interpreter) is run through a wrapper that reads the process's own high-water mark (``VmHWM`` of
/proc/self/status) as it exits; another command falls back on ``ru_maxrss`` from this small
launcher, which holds nothing of the driver's.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

# runs ``-m MODULE`` or a script as python would, and writes VmHWM (kB) to the file it is given
_WRAPPER = """\
import atexit, runpy, sys
report = sys.argv.pop(1)
def peak():
    with open('/proc/self/status') as fh:
        kb = next(int(line.split()[1]) for line in fh if line.startswith('VmHWM:'))
    with open(report, 'w') as out:
        out.write(str(kb))
atexit.register(peak)
if sys.argv[1] == '-m':
    module = sys.argv[2]
    sys.argv = [module] + sys.argv[3:]
    runpy.run_module(module, run_name='__main__', alter_sys=True)
else:
    sys.argv = sys.argv[1:]
    sys.path.insert(0, __import__('os').path.dirname(sys.argv[0]))
    runpy.run_path(sys.argv[0], run_name='__main__')
"""


def main() -> None:
    cmd = sys.argv[1:]
    own = os.path.exists("/proc/self/status") and cmd and cmd[0] == sys.executable and len(cmd) > 1
    fd, report = tempfile.mkstemp(prefix="ttools-peak-")
    os.close(fd)
    if own:
        cmd = [cmd[0], "-c", _WRAPPER, report, *cmd[1:]]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    try:
        with open(report) as fh:
            kb = int(fh.read() or 0)
    except (OSError, ValueError):
        kb = 0
    finally:
        os.unlink(report)
    print(
        json.dumps(
            {
                "wall": wall,
                "rss_mb": (kb or usage.ru_maxrss) / 1024,
                "own_peak": bool(kb),
                "code": os.waitstatus_to_exitcode(status),
                "stderr": err.decode(errors="replace")[-2000:],
            }
        )
    )


if __name__ == "__main__":
    main()

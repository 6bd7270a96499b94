#!/usr/bin/python3
"""What a small sweep pays outside the integration (issue 42: a 144-point default job may spend at
most 10 % of its time there, and its cost per point must stay within 15 % of a 576-point job's).

Usage: tools/bench/fixed_costs.py BUILD_DIR [--repeat N]   (prints a Markdown section)

The job is the benchmark's as a user writes it: golf λ_max at rest states over θ1 ∈ [0.3, 2.5] ×
θ2 ∈ [−2, 2], T = 100 s, renormalisation every 1 s, rtol = atol = 1e-9, no stepper named (rkf78 on
the default vector path), one thread. Every figure is the whole process's wall time, the best of
N runs (the machine may be shared; the minimum is the least disturbed run):

- start-up: `chaoskit --version` (loading the program and its 40-odd shared libraries, HDF5's
  included, and building the command line);
- reading: `chaoskit sweep JOB --dry-run` minus start-up (the job, the model, the checks);
- the 144- and 576-point jobs; the straight line through them gives the cost per point and the
  fixed cost (its intercept), which is the time outside the integration: start-up, reading, the
  results file's creation, lane set-up, the writes and the compressed copy at the end, exit.
The sweep's own --json summary splits the rest: `seconds` is the sweep from opening the results
file to closing it, `write_seconds` its HDF5 writes and the final compressed copy.
"""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

JOB = """[model]
name = "golf"
params = "golf_manufactured"
[grid]
th1 = {{ linspace = [0.3, 2.5, {n}] }}
th2 = {{ linspace = [-2.0, 2.0, {n}] }}
dth1 = 0.0
dth2 = 0.0
[compute]
lambda_max = {{ time = 100, renorm = 1 }}
[integrator]
rtol = 1e-9
atol = 1e-9
"""


def best_run(args, repeat):
    """(best wall time, the --json summary of that run or None)."""
    best = (float("inf"), None)
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        wall = time.perf_counter() - t0
        if wall < best[0]:
            best = (wall, json.loads(out) if "--json" in args else None)
    return best


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: tools/bench/fixed_costs.py BUILD_DIR [--repeat N]")
    exe = str(Path(sys.argv[1]) / "chaoskit")
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 15
    with tempfile.TemporaryDirectory() as tmp:
        jobs = {}
        for n in (12, 24):
            jobs[n] = Path(tmp) / f"golf{n * n}.toml"
            jobs[n].write_text(JOB.format(n=n))

        def sweep(n, *extra):
            out = str(Path(tmp) / f"golf{n * n}.h5")
            return [exe, "sweep", str(jobs[n]), "--out", out, "--threads", "1", "--force", "--progress", "quiet",
                    *extra]

        start, _ = best_run([exe, "--version"], repeat)
        dry, _ = best_run(sweep(12, "--dry-run"), repeat)
        w144, s144 = best_run(sweep(12, "--json"), repeat)
        w576, s576 = best_run(sweep(24, "--json"), max(3, repeat // 3))
    per_point = (w576 - w144) / (576 - 144)
    fixed = w144 - 144 * per_point
    inside_sweep = fixed - (w144 - s144["seconds"])  # the sweep's own share of the fixed cost
    ms = lambda s: f"{1000 * s:.1f} ms"
    pct = lambda a, b: f"{100 * a / b:.1f} %"
    ratio = (w144 / 144) / (w576 / 576)
    print("| | 144 points | 576 points |")
    print("|---|---:|---:|")
    print(f"| whole process, wall | {ms(w144)} | {ms(w576)} |")
    print(f"| per point | {1e3 * w144 / 144:.3f} ms | {1e3 * w576 / 576:.3f} ms |")
    print(f"| the sweep (results file opened to closed; --json seconds) | {ms(s144['seconds'])} | "
          f"{ms(s576['seconds'])} |")
    print(f"| of which HDF5 writes and the compressed copy (write_seconds) | {ms(s144['write_seconds'])} | "
          f"{ms(s576['write_seconds'])} |")
    print()
    print("| fixed cost of a job (intercept of the line through both) | share of the 144-point job |")
    print("|---|---:|")
    print(f"| all: {ms(fixed)} | {pct(fixed, w144)} |")
    print(f"| start-up (`chaoskit --version`): {ms(start)} | {pct(start, w144)} |")
    print(f"| reading the job and the model (`--dry-run` − start-up): {ms(dry - start)} | {pct(dry - start, w144)} |")
    print(f"| in the sweep: file creation, lane set-up, writes, compressed copy: {ms(inside_sweep)} | "
          f"{pct(inside_sweep, w144)} |")
    print(f"| the rest (exit, and what the line does not separate): {ms(fixed - dry - inside_sweep)} | "
          f"{pct(fixed - dry - inside_sweep, w144)} |")
    print()
    print(f"Cost per point at 144 points ÷ at 576: {ratio:.3f} (target ≤ 1.15); time outside the integration "
          f"at 144 points: {pct(fixed, w144)} (target ≤ 10 %). Best of {repeat} runs ({max(3, repeat // 3)} for "
          f"576 points), one thread.")


if __name__ == "__main__":
    main()

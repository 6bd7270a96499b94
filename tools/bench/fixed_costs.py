#!/usr/bin/python3
"""What a small sweep pays outside the integration (issue 42: a 144-point default job may spend at
most 10 % of its time there, and its cost per point must stay within 15 % of a 576-point job's).

Usage: tools/bench/fixed_costs.py BUILD_DIR [--repeat N]   (prints a Markdown section)

The job is the benchmark's as a user writes it: golf λ_max at rest states over θ1 ∈ [0.3, 2.5] ×
θ2 ∈ [−2, 2], T = 100 s, renormalisation every 1 s, rtol = atol = 1e-9, no stepper named (rkf78 on
the default vector path), one thread. Every figure is the whole process's wall time, the best of
N runs (the machine may be shared; the minimum is the least disturbed run):

- start-up: `chaoskit --version` (loading the program and its shared libraries, and building the
  command line; 11 libraries where HDF5 is linked statically, tools/CMakeLists.txt, else 42);
- reading: `chaoskit sweep JOB --dry-run` minus start-up (the job, the model, the checks);
- the 144- and 576-point jobs, each split by its own --json summary: `compute_seconds` is the time
  computing the points (compute_batches: the lane engines, their set-up and refills, every point's
  integration and bookkeeping), `seconds` the sweep from opening the results file to closing it,
  `write_seconds` its HDF5 writes and the final compressed copy. Outside the integration is the
  whole process minus compute_seconds: start-up, reading, the results file's creation, writes and
  compression, exit. (The straight line through both jobs' wall times, whose intercept an earlier
  version reported as the fixed cost, is given too; it moves by milliseconds with the noise of the
  576-point runs, the direct split does not.)
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
    repeat_large = max(3, repeat // 3)  # the 576-point job takes four times as long
    small, large = 12, 24  # points per axis: 144 and 576 points
    n_small, n_large = small * small, large * large
    with tempfile.TemporaryDirectory() as tmp:
        jobs = {}
        for n in (small, large):
            jobs[n] = Path(tmp) / f"golf{n * n}.toml"
            jobs[n].write_text(JOB.format(n=n))

        def sweep(n, *extra):
            out = str(Path(tmp) / f"golf{n * n}.h5")
            return [exe, "sweep", str(jobs[n]), "--out", out, "--threads", "1", "--force", "--progress", "quiet",
                    *extra]

        start, _ = best_run([exe, "--version"], repeat)
        dry, _ = best_run(sweep(small, "--dry-run"), repeat)
        w_small, s_small = best_run(sweep(small, "--json"), repeat)
        w_large, s_large = best_run(sweep(large, "--json"), repeat_large)
    per_point = (w_large - w_small) / (n_large - n_small)
    intercept = w_small - n_small * per_point
    ms = lambda s: f"{1000 * s:.1f} ms"
    pct = lambda a, b: f"{100 * a / b:.1f} %"
    ratio = (w_small / n_small) / (w_large / n_large)
    outside = {n: w - s["compute_seconds"] for n, w, s in ((n_small, w_small, s_small), (n_large, w_large, s_large))}
    print("| | 144 points | 576 points |")
    print("|---|---:|---:|")
    print(f"| whole process, wall | {ms(w_small)} | {ms(w_large)} |")
    print(f"| per point | {1e3 * w_small / n_small:.3f} ms | {1e3 * w_large / n_large:.3f} ms |")
    print(f"| computing the points (--json compute_seconds) | {ms(s_small['compute_seconds'])} | "
          f"{ms(s_large['compute_seconds'])} |")
    print(f"| outside the integration (wall − computing) | {ms(outside[n_small])}, {pct(outside[n_small], w_small)} | "
          f"{ms(outside[n_large])}, {pct(outside[n_large], w_large)} |")
    print(f"| of which start-up (`chaoskit --version`) | {ms(start)} | {ms(start)} |")
    print(f"| of which reading the job and the model (`--dry-run` − start-up) | {ms(dry - start)} | {ms(dry - start)} |")
    print(f"| of which the results file: creation, writes, compressed copy (seconds − compute_seconds) | "
          f"{ms(s_small['seconds'] - s_small['compute_seconds'])} | {ms(s_large['seconds'] - s_large['compute_seconds'])} |")
    print(f"| of which HDF5 writes and the compressed copy (write_seconds; partly while computing) | "
          f"{ms(s_small['write_seconds'])} | {ms(s_large['write_seconds'])} |")
    print(f"| of which the rest: exit, and the time no clock of the run sees (wall − --dry-run − seconds) | "
          f"{ms(w_small - dry - s_small['seconds'])} | {ms(w_large - dry - s_large['seconds'])} |")
    print()
    print(f"Time outside the integration at 144 points: {pct(outside[n_small], w_small)} (target ≤ 10 %); cost "
          f"per point at 144 points ÷ at 576: {ratio:.3f} (target ≤ 1.15); the line through both wall times "
          f"gives {ms(intercept)} of fixed cost ({pct(intercept, w_small)} of the 144-point job). Best of "
          f"{repeat} runs ({repeat_large} for 576 points), one thread.")

if __name__ == "__main__":
    main()

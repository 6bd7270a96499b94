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
    fixed = w_small - n_small * per_point
    inside_sweep = fixed - (w_small - s_small["seconds"])  # the sweep's own share of the fixed cost
    ms = lambda s: f"{1000 * s:.1f} ms"
    pct = lambda a, b: f"{100 * a / b:.1f} %"
    ratio = (w_small / n_small) / (w_large / n_large)
    print("| | 144 points | 576 points |")
    print("|---|---:|---:|")
    print(f"| whole process, wall | {ms(w_small)} | {ms(w_large)} |")
    print(f"| per point | {1e3 * w_small / n_small:.3f} ms | {1e3 * w_large / n_large:.3f} ms |")
    print(f"| the sweep (results file opened to closed; --json seconds) | {ms(s_small['seconds'])} | "
          f"{ms(s_large['seconds'])} |")
    print(f"| of which HDF5 writes and the compressed copy (write_seconds) | {ms(s_small['write_seconds'])} | "
          f"{ms(s_large['write_seconds'])} |")
    print()
    print("| fixed cost of a job (intercept of the line through both) | share of the 144-point job |")
    print("|---|---:|")
    print(f"| all: {ms(fixed)} | {pct(fixed, w_small)} |")
    print(f"| start-up (`chaoskit --version`): {ms(start)} | {pct(start, w_small)} |")
    print(f"| reading the job and the model (`--dry-run` − start-up): {ms(dry - start)} | {pct(dry - start, w_small)} |")
    print(f"| in the sweep: file creation, lane set-up, writes, compressed copy: {ms(inside_sweep)} | "
          f"{pct(inside_sweep, w_small)} |")
    print(f"| the rest (exit, and what the line does not separate): {ms(fixed - dry - inside_sweep)} | "
          f"{pct(fixed - dry - inside_sweep, w_small)} |")
    print()
    print(f"Cost per point at 144 points ÷ at 576: {ratio:.3f} (target ≤ 1.15); time outside the integration "
          f"at 144 points: {pct(fixed, w_small)} (target ≤ 10 %). Best of {repeat} runs ({repeat_large} for "
          f"576 points), one thread.")


if __name__ == "__main__":
    main()

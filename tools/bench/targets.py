#!/usr/bin/env python3
"""Issue 21's targets, computed from the tables of one benchmark run (tools/bench/run).

    targets.py BENCH_TABLE LANES_TABLE DEFAULT_PATH

BENCH_TABLE is chaoskit_bench's Markdown (its throughput table holds the Boost.Odeint peer and
chaoskit's scalar rkf78 driver, the configuration before the lanes), LANES_TABLE is
chaoskit_bench_lanes' (every vector path on sweep jobs as users write them), DEFAULT_PATH the
vector path `chaoskit --version` names on this machine (e.g. "avx512"). Prints a Markdown table:
each target, the ratio measured in this run, the goal, and whether it is met. Every ratio divides
figures of the same run, so the machine's speed and load cancel as far as they can.
"""
import re
import sys


def table_rows(text, first_cell_pattern):
    """The rows of the Markdown tables in text whose first cell matches the pattern, as cell lists."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if re.search(first_cell_pattern, cells[0]):
            rows.append(cells)
    return rows


def number(cell):
    return float(cell.replace("%", "").replace("*", "").strip())


def main():
    bench_path, lanes_path, default_path = sys.argv[1:4]
    bench = open(bench_path, encoding="utf-8").read()
    lanes = open(lanes_path, encoding="utf-8").read()

    peer = table_rows(bench, r"^Boost\.Odeint peer \(grid\)$")
    scalar_driver = [r for r in table_rows(bench, r"^chaoskit \(grid\)$") if r[1] == "rkf78"]
    if not peer or not scalar_driver:
        sys.exit("targets.py: the benchmark table has no Boost.Odeint peer or chaoskit rkf78 row")
    peer_per_core = number(peer[0][3])
    scalar_per_core = number(scalar_driver[0][3])

    threads_match = re.search(r"\| (\d+) threads \[s\] \|", lanes)
    threads = int(threads_match.group(1)) if threads_match else 1
    # workload -> path name -> (traj/s per core, traj/s all cores)
    by_workload = {}
    for cells in table_rows(lanes, r"^(λ_max|orbit_class|ftle|stm|spectrum|sali|megno)"):
        path = cells[1].split()[0]
        by_workload.setdefault(cells[0], {})[path] = (number(cells[4]), number(cells[5]))

    out = []
    def row(target, measured, goal, met):
        out.append(f"| {target} | {measured} | {goal} | {'yes' if met else '**no**'} |")

    for workload, paths in by_workload.items():
        if default_path not in paths or "scalar" not in paths:
            continue
        per_core, all_cores = paths[default_path]
        scalar = paths["scalar"][0]
        if workload.startswith("λ_max golf"):
            r = per_core / peer_per_core
            row(f"{workload}, {default_path} (default) ÷ Boost.Odeint peer, per core", f"{r:.2f} ×", "≥ 8 ×", r >= 8)
            if "avx2" in paths and default_path != "avx2":
                r2 = paths["avx2"][0] / peer_per_core
                row(f"{workload}, avx2 (forced) ÷ Boost.Odeint peer, per core", f"{r2:.2f} ×", "≥ 8 × on an AVX2 machine",
                    r2 >= 8)
            best_before = max(scalar_per_core, scalar)
            r3 = per_core / best_before
            row(f"{workload}, {default_path} ÷ chaoskit's best configuration before the lanes (scalar rkf78), per core",
                f"{r3:.2f} ×", "≥ 1.8 ×", r3 >= 1.8)
        elif workload.startswith("orbit_class"):
            r = per_core / scalar
            row(f"{workload}, {default_path} ÷ scalar driver, per core", f"{r:.2f} ×", "≥ 2 ×", r >= 2)
        if threads > 1:
            eff = all_cores / (threads * per_core)
            row(f"{workload}, {default_path}: parallel efficiency on {threads} cores", f"{100 * eff:.0f} %", "≥ 90 %",
                eff >= 0.9)

    print("| target | this run | goal | met |")
    print("|---|---:|---|---|")
    print("\n".join(out))
    print()
    print(f"Peer: {peer_per_core:g} traj/s on one core (Boost.Odeint dopri5, built -O3 -march=native); chaoskit's "
          f"scalar rkf78 driver {scalar_per_core:g} traj/s; default vector path on this machine: {default_path}.")


if __name__ == "__main__":
    main()

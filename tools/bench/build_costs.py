#!/usr/bin/python3
"""Where a build's compile time goes (issue 42, short builds): the CPU-seconds of every compiled
file of a ninja build tree, summed by part of chaoskit, with the dearest files.

Usage: tools/bench/build_costs.py BUILD_DIR [--top N]   (prints a Markdown section)
       tools/bench/build_costs.py --self-test            (checks itself on a made-up log)

It reads BUILD_DIR/.ninja_log, where ninja records the start and end of every command it ran
(milliseconds since the build started; the latest run of each output wins). A compile is one
process, so with no more parallel jobs than free cores its duration is its CPU time; on a busier
machine the figures grow, and only their ratios within one log mean something. Build the tree from
nothing (a fresh build directory, ccache off: CCACHE_DISABLE=1) for a whole picture: a partly
rebuilt tree shows only what was rebuilt. The parts:

- model instances: src/generated/instances, one unity unit per model of models/model_list.hpp
  (its integrate, indicators and sweep instance files);
- lane engines: src/generated/lanes, per instruction set;
- library, the rest: every other file of the chaoskit library (and the MPI transport);
- CLI: tools/chaoskit (the chaoskit program); Python module: src/python;
- test binary: tests/ (chaoskit_tests);
- other: benchmarks, the downstream test's programs and anything not above (links are not
  compiles and are left out).
"""
import re
import sys
import tempfile
from pathlib import Path

PARTS = [
    ("model instances", re.compile(r"Unity/unity_instances_|generated/instances/")),
    ("lane engines", re.compile(r"generated/lanes/")),
    ("library, the rest", re.compile(r"^src/CMakeFiles/chaoskit(_mpi_sweep)?\.dir/")),
    ("CLI", re.compile(r"^tools/CMakeFiles/chaoskit_(cli|mpi)[a-z_]*\.dir/")),
    ("Python module", re.compile(r"^src/python/")),
    ("test binary", re.compile(r"^tests/CMakeFiles/chaoskit_tests\.dir/")),
]
OTHER = "other"


def read_log(path):
    """{output: (start_ms, end_ms)} of the compiled objects and precompiled headers in a
    .ninja_log, the latest entry of each output."""
    lines = path.read_text().splitlines()
    if not lines or not lines[0].startswith("# ninja log v"):
        raise ValueError(f"{path}: not a ninja log (its first line is not '# ninja log v...')")
    entries = {}
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != 5:
            raise ValueError(f"{path}:{number}: expected 5 tab-separated fields, found {len(fields)}")
        start, end, _, output, _ = fields
        if output.endswith((".o", ".gch")):
            entries[output] = (int(start), int(end))
    return entries


def part_of(output):
    for name, pattern in PARTS:
        if pattern.search(output):
            return name
    return OTHER


def short_name(output):
    """The source a compile came from, as a reader would name it."""
    name = re.sub(r"^.*?CMakeFiles/[^/]+\.dir/", "", output)
    name = re.sub(r"^Unity/unity_instances_(.*)_cxx\.cxx\.o$", r"instances of \1", name)
    return re.sub(r"\.o$", "", name)


def summarise(entries):
    """(per-part rows, the whole: CPU-s, wall span s) from read_log's entries."""
    parts = {}
    for output, (start, end) in entries.items():
        seconds = (end - start) / 1000.0
        row = parts.setdefault(part_of(output), {"seconds": 0.0, "files": 0, "dearest": ("", 0.0)})
        row["seconds"] += seconds
        row["files"] += 1
        if seconds > row["dearest"][1]:
            row["dearest"] = (short_name(output), seconds)
    total = sum(row["seconds"] for row in parts.values())
    span = (max(e for _, e in entries.values()) - min(s for s, _ in entries.values())) / 1000.0 if entries else 0.0
    return parts, total, span


def report(build_dir, top):
    entries = read_log(build_dir / ".ninja_log")
    if not entries:
        raise ValueError(f"{build_dir / '.ninja_log'}: no compiled file in it (nothing built yet?)")
    parts, total, span = summarise(entries)
    out = [f"## Build costs: {build_dir}", ""]
    out.append(f"{len(entries)} compiled files, {total:.0f} CPU-s in all, {span:.0f} s from the first "
               f"compile's start to the last one's end.")
    out += ["", "| part | files | CPU-s | share | dearest file (CPU-s) |", "|---|---:|---:|---:|---|"]
    order = [name for name, _ in PARTS] + [OTHER]
    for name in order:
        if name in parts:
            row = parts[name]
            out.append(f"| {name} | {row['files']} | {row['seconds']:.0f} | {100 * row['seconds'] / total:.0f} % "
                       f"| {row['dearest'][0]} ({row['dearest'][1]:.0f}) |")
    out += ["", f"The {top} dearest files:", "", "| CPU-s | part | file |", "|---:|---|---|"]
    ranked = sorted(entries.items(), key=lambda kv: kv[1][0] - kv[1][1])
    for output, (start, end) in ranked[:top]:
        out.append(f"| {(end - start) / 1000.0:.1f} | {part_of(output)} | {short_name(output)} |")
    return "\n".join(out)


def self_test():
    log = ("# ninja log v5\n"
           "0\t20000\t0\tsrc/CMakeFiles/chaoskit.dir/Unity/unity_instances_GolfModel_cxx.cxx.o\t1\n"
           "0\t5000\t0\tsrc/CMakeFiles/chaoskit.dir/generated/lanes/lane_models_avx2.cpp.o\t2\n"
           "20000\t23000\t0\tsrc/CMakeFiles/chaoskit.dir/chaoskit/core/units.cpp.o\t3\n"
           "5000\t9000\t0\ttools/CMakeFiles/chaoskit_cli_objects.dir/chaoskit/cmd_inspect.cpp.o\t4\n"
           "9000\t10000\t0\tsrc/python/CMakeFiles/chaoskit_python.dir/bindings/module.cpp.o\t5\n"
           "10000\t12000\t0\ttests/CMakeFiles/chaoskit_tests.dir/core/test_units.cpp.o\t6\n"
           "12000\t19000\t0\ttests/CMakeFiles/chaoskit_tests.dir/core/test_units.cpp.o\t7\n"
           "23000\t24000\t0\ttools/chaoskit\t8\n")
    with tempfile.TemporaryDirectory() as d:
        Path(d, ".ninja_log").write_text(log)
        entries = read_log(Path(d, ".ninja_log"))
        assert "tools/chaoskit" not in entries, "a link is not a compile"
        assert entries["tests/CMakeFiles/chaoskit_tests.dir/core/test_units.cpp.o"] == (12000, 19000), "latest wins"
        parts, total, span = summarise(entries)
        expect = {"model instances": 20, "lane engines": 5, "library, the rest": 3, "CLI": 4, "Python module": 1,
                  "test binary": 7}
        got = {name: row["seconds"] for name, row in parts.items()}
        assert got == expect, got
        assert total == 40 and span == 23, (total, span)
        text = report(Path(d), 3)
        assert "| model instances | 1 | 20 | 50 % | instances of GolfModel (20) |" in text, text
        assert text.count("\n| ") == 6 + 1 + 3 + 1, text  # header rows, six parts, three files
        Path(d, ".ninja_log").write_text("not a log\n")
        try:
            read_log(Path(d, ".ninja_log"))
        except ValueError as e:
            assert "not a ninja log" in str(e)
        else:
            raise AssertionError("a file that is not a ninja log was read")
    print("build_costs self-test: ok")


def main(argv):
    if argv[1:] == ["--self-test"]:
        self_test()
        return 0
    args = argv[1:]
    top = 15
    if "--top" in args:
        i = args.index("--top")
        if i + 1 >= len(args) or not args[i + 1].isdigit():
            print("build_costs: --top needs a count", file=sys.stderr)
            return 2
        top = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        print("usage: tools/bench/build_costs.py BUILD_DIR [--top N] | --self-test", file=sys.stderr)
        return 2
    build_dir = Path(args[0])
    if not (build_dir / ".ninja_log").is_file():
        print(f"build_costs: {build_dir}: no .ninja_log (a ninja build directory, built at least once)", file=sys.stderr)
        return 2
    try:
        print(report(build_dir, top))
    except ValueError as e:
        print(f"build_costs: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/python3
"""Check that chaoskit's C++ files are laid out as the committed .clang-format says.

    check_format.py [ROOT]

Runs `clang-format --dry-run` on every C++ file (.cpp, .hpp, .h) tracked by git under ROOT (default:
the repository holding this script) and prints one line per file that clang-format would change,
`FILE: not formatted (clang-format -i FILE)`, exiting 1 if there was any. The layout is pinned to
the clang-format release that .clang-format names (its first line, "clang-format N"), because
releases lay out the same code differently; with another release, or none installed, it prints
why and exits 77, which ctest reports as skipped (tools/bootstrap installs Debian's clang-format).
Standard library only.
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = 77


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    wanted = re.search(r"clang-format (\d+)", (root / ".clang-format").read_text(encoding="utf-8"))
    if not wanted:
        print(".clang-format: its first comment line must name the clang-format release (\"clang-format N\")")
        return 1
    tool = shutil.which("clang-format")
    if tool is None:
        print("check_format: clang-format is not installed (tools/bootstrap installs it); skipped")
        return SKIP
    version = subprocess.run([tool, "--version"], capture_output=True, text=True, check=True).stdout
    have = re.search(r"version (\d+)", version)
    if not have or have.group(1) != wanted.group(1):
        print(f"check_format: .clang-format is written for clang-format {wanted.group(1)}, this is "
              f"'{version.strip()}'; skipped")
        return SKIP
    files = subprocess.run(["git", "-C", str(root), "ls-files", "*.cpp", "*.hpp", "*.h"], capture_output=True,
                           text=True, check=True).stdout.split()
    bad = 0
    # In groups, so one clang-format process checks many files.
    for i in range(0, len(files), 50):
        group = files[i:i + 50]
        out = subprocess.run([tool, "--dry-run", "--style=file"] + group, cwd=root, capture_output=True,
                             text=True).stderr
        for rel in sorted({m.group(1) for m in re.finditer(r"^(\S+?):\d+:\d+: (?:warning|error)", out, re.M)}):
            print(f"{rel}: not formatted (clang-format -i {rel})")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

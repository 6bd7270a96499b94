#!/usr/bin/python3
"""Check that every long C++ source file of chaoskit says at its top why it is long.

    check_long_files.py [ROOT]

Reads every C++ file (.cpp, .hpp, .inc) tracked by git under ROOT (default: the repository holding
this script). A file over 500 lines must say so, with the reason, in the comment block before its
first line of code: the words "over 500 lines" in one of its leading comment lines. Prints one line
per file that does not, `FILE: N lines, no reason at its top`, and exits 1 if there was any.
Standard library only.
"""
import subprocess
import sys
from pathlib import Path

LIMIT = 500


def leading_comment(lines):
    """The comment lines before the first line of code (blank lines included)."""
    out = []
    for line in lines:
        s = line.strip()
        if s and not s.startswith("//") and not s.startswith("/*") and not s.startswith("*"):
            break
        out.append(s)
    return " ".join(out)


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    files = subprocess.run(["git", "-C", str(root), "ls-files", "*.cpp", "*.hpp", "*.inc"], capture_output=True,
                           text=True, check=True).stdout.split()
    bad = 0
    for rel in files:
        lines = (root / rel).read_text(encoding="utf-8", errors="replace").splitlines()
        if len(lines) <= LIMIT:
            continue
        # Comment lines may wrap the phrase: compare with single spaces and no comment markers.
        text = " ".join(leading_comment(lines).replace("//", " ").split())
        if "over 500 lines" not in text:
            print(f"{rel}: {len(lines)} lines, no reason at its top")
            bad += 1
    sys.exit(1 if bad else 0)


main()

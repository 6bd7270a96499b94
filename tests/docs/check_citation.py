#!/usr/bin/python3
"""CITATION.cff's version is the project's: `version:` equals CMakeLists.txt's project(... VERSION).

    check_citation.py [ROOT]

Prints one line naming both values when they differ and exits 1. Standard library only.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
    project = re.search(r"project\(\s*chaoskit\b[^)]*\bVERSION\s+([0-9][0-9.]*)", f.read())
with open(os.path.join(root, "CITATION.cff"), encoding="utf-8") as f:
    cff = f.read()
cited = re.search(r"^version:\s*[\"']?([^\"'\s]+)", cff, re.MULTILINE)
if not project or not cited:
    print("CITATION.cff or CMakeLists.txt: no version found (project(chaoskit VERSION x.y.z), version: x.y.z)")
    sys.exit(1)
if project.group(1) != cited.group(1):
    print("CITATION.cff:%d: version %s, but CMakeLists.txt's project() says %s"
          % (cff[:cited.start()].count("\n") + 1, cited.group(1), project.group(1)))
    sys.exit(1)
print("CITATION.cff: version %s, as CMakeLists.txt" % cited.group(1))

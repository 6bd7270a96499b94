#!/usr/bin/python3
"""Sums the calls into libm's sin, cos and sincos (any IFUNC variant: __sin_fma, __sincos_fma, ...)
recorded in a callgrind output file. Used by tools/bench/run: prints `sin N`, `cos N`, `sincos N`."""
import re
import sys

names = {}
counts = {"sin": 0, "cos": 0, "sincos": 0}
pat = re.compile(r"^(?:__)?(sin|cos|sincos)(?:_fma|_fma4|_avx2|_avx|_sse2)?$")
current_cfn = None
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
    if m:
        kind, ident, name = m.groups()
        if name is not None:
            names[ident] = name
        current_cfn = names.get(ident) if kind == "cfn" else None
        continue
    if line.startswith("calls=") and current_cfn is not None:
        base = pat.match(current_cfn)
        if base:
            counts[base.group(1)] += int(line.split("=")[1].split()[0])
        current_cfn = None
for k, v in counts.items():
    print(k, v)

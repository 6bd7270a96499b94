#!/usr/bin/python3
"""Check that chaoskit's library includes in one direction only.

    check_include_order.py [ROOT]        check the library under ROOT/src/chaoskit
    check_include_order.py --self-test   check this checker on small trees it builds itself

Two rules, each printed as one line per breach, exit 1 if there was any:

1. sweep/ is built in wings, each including only the wings before it (src/chaoskit/sweep/README.md):
   job (job types) -> quantities (quantities and their buffers) -> engine (computing points) ->
   reading (reading job files) -> runs (results files and runners). A file of src/chaoskit/sweep
   that includes a file of a later wing, or that lies in no wing, is a breach.
2. The library's include graph has no cycle. Nodes are files of src/chaoskit named without their
   extension, so that a header and the source of the same name count as one node (a header's
   implementation may include what the header may), as the project's before-stop check counts
   them; an edge is an `#include "chaoskit/..."`. Every cycle (a strongly connected set of more
   than one node) is a breach unless it is listed in KNOWN_CYCLES below with the reason it stays;
   a listed cycle that no longer exists is a breach too, so that the list cannot go stale.

Standard library only (run by ctest with /usr/bin/python3, like the other tests/docs scripts).
"""
import os
import re
import sys
import tempfile
from pathlib import Path

EXTENSIONS = (".hpp", ".cpp", ".inc", ".in")
INCLUDE = re.compile(r'^\s*#\s*include\s+"chaoskit/([^"]+)"', re.MULTILINE)

# The wings of sweep/, in order: a wing's files include only their own wing and those before it.
# sweep/instances/ holds the template of the point evaluator's explicit instances (compiled once
# per model by src/CMakeLists.txt): it belongs to the engine.
SWEEP_WINGS = [
    ("job", "job types"),
    ("quantities", "quantities and their buffers"),
    ("engine", "computing points"),
    ("reading", "reading job files"),
    ("runs", "results files and runners"),
]
SWEEP_FOLDER_WING = {"instances": "engine"}

# Cycles that stay for now, each with why. A set of node names (file paths under src/chaoskit
# without extension).
KNOWN_CYCLES = [
    # None today. An entry is a set of nodes, {"a/x", "b/y"}, with a comment saying why it stays.
]


def node_of(path, root):
    """The node a file belongs to: its path under root without the extension (.cpp.in: both)."""
    rel = os.path.relpath(path, root).replace(os.sep, "/")
    for ext in (".cpp.in", ".hpp.in"):
        if rel.endswith(ext):
            return rel[: -len(ext)]
    return os.path.splitext(rel)[0]


def include_graph(root):
    """{node: set of nodes it includes} and {node: [files]} over the library under root."""
    graph, files = {}, {}
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(EXTENSIONS):
                continue
            path = os.path.join(folder, name)
            node = node_of(path, root)
            files.setdefault(node, []).append(path)
            edges = graph.setdefault(node, set())
            text = Path(path).read_text(encoding="utf-8", errors="replace")
            for target in INCLUDE.findall(text):
                other = node_of(os.path.join(root, target), root)
                if other != node:
                    edges.add(other)
    return graph, files


def strongly_connected(graph):
    """The strongly connected sets of more than one node (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(component)
    return out


def wing_of(node):
    """The wing of a node of sweep/ ("sweep/<wing>/..."), or None if it lies in none."""
    parts = node.split("/")
    if len(parts) < 3 or parts[0] != "sweep":
        return None
    folder = SWEEP_FOLDER_WING.get(parts[1], parts[1])
    return folder if folder in dict(SWEEP_WINGS) else None


def sweep_breaches(graph):
    order = {wing: k for k, (wing, _) in enumerate(SWEEP_WINGS)}
    out = []
    for node in sorted(graph):
        if not node.startswith("sweep/"):
            continue
        wing = wing_of(node)
        if wing is None:
            out.append(f"sweep: {node} lies in no wing (put it in one of: "
                       + ", ".join(f"sweep/{w}/" for w, _ in SWEEP_WINGS) + ")")
            continue
        for target in sorted(graph[node]):
            other = wing_of(target)
            if other is not None and order[other] > order[wing]:
                out.append(f"sweep: {node} ({wing}) includes {target}, of the later wing {other}")
    return out


def cycle_breaches(graph, known):
    out = []
    found = strongly_connected(graph)
    for component in found:
        if component in known:
            continue
        out.append("cycle: " + " <-> ".join(sorted(component)) + " include each other")
    for cycle in known:
        if cycle not in found:
            out.append("cycle: " + " <-> ".join(sorted(cycle)) + " is listed in KNOWN_CYCLES but is gone: remove it")
    return out


def check(root, known):
    graph, _ = include_graph(root)
    return sweep_breaches(graph) + cycle_breaches(graph, known)


def self_test():
    """Builds small trees with and without each breach and checks what check() says of them."""
    def tree(files):
        d = tempfile.TemporaryDirectory()
        for rel, includes in files.items():
            p = Path(d.name) / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text("".join(f'#include "chaoskit/{i}"\n' for i in includes))
        return d

    good = {
        "core/errors.hpp": [],
        "sweep/job/job.hpp": ["core/errors.hpp"],
        "sweep/job/job.cpp": ["sweep/job/job.hpp"],
        "sweep/quantities/unit.hpp": ["sweep/job/job.hpp"],
        "sweep/runs/runner.cpp": ["sweep/quantities/unit.hpp", "sweep/job/job.hpp"],
        "sweep/instances/instances.cpp.in": ["sweep/quantities/unit.hpp"],
    }
    failures = []

    def expect(files, known, wanted):
        with tree(files) as d:
            got = check(d, known)
        if [any(w in line for line in got) for w in wanted] != [True] * len(wanted) or (not wanted and got):
            failures.append(f"expected {wanted or 'nothing'}, got {got}")

    expect(good, [], [])
    expect({**good, "sweep/job/job.cpp": ["sweep/job/job.hpp", "sweep/quantities/unit.hpp"]}, [],
           ["includes sweep/quantities/unit, of the later wing quantities", "cycle: "])
    expect({**good, "sweep/loose.hpp": []}, [], ["sweep/loose lies in no wing"])
    # A header and a source of one name are one node: a.cpp -> b, b.hpp -> a is a cycle.
    two_way = {**good, "io/a.hpp": [], "io/a.cpp": ["io/b.hpp"], "io/b.hpp": ["io/a.hpp"]}
    expect(two_way, [], ["cycle: io/a <-> io/b"])
    expect(two_way, [{"io/a", "io/b"}], [])
    expect(good, [{"io/a", "io/b"}], ["is listed in KNOWN_CYCLES but is gone"])
    three = {**good, "io/a.hpp": ["io/b.hpp"], "io/b.hpp": ["io/c.hpp"], "io/c.cpp": ["io/a.hpp"]}
    expect(three, [], ["cycle: io/a <-> io/b <-> io/c"])
    for f in failures:
        print("self-test:", f)
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    breaches = check(str(root / "src" / "chaoskit"), KNOWN_CYCLES)
    for line in breaches:
        print(line)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Check the relative links of chaoskit's documentation.

    check_links.py [ROOT] [FILE ...]

Reads every README.md tracked by git under ROOT (default: the repository holding this script) and
data/SOURCES.md, or the FILEs given (paths relative to ROOT), and checks each Markdown link and
image (inline `[text](target)`, reference definitions `[id]: target`, and HTML `href`/`src`
attributes) outside code blocks and code spans:

  - http(s) links are external: allowed, never fetched; `mailto:` too;
  - any other scheme, and absolute paths, are refused;
  - a relative target must stay inside ROOT and name a file or folder that git tracks (so a
    build product that exists only on this machine does not count); without git, one that exists;
  - an anchor (`#part`, alone or after a Markdown file) must match a heading of that file, with
    GitHub's rule for heading anchors (lower case, punctuation dropped, spaces to hyphens, -1, -2
    for repeats) or an explicit `<a name=...>`/`id=...`.

Prints one line per bad link, `FILE:LINE: TARGET: why`, and exits 1 if there was any (0 if none,
2 on a usage error). Standard library only.
"""
import os
import re
import subprocess
import sys
import urllib.parse

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# [text](target) or ![alt](target), target optionally in <...>, optionally followed by a title.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTMLATTR = re.compile(r"<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*(\"[^\"]*\"|'[^']*')", re.IGNORECASE)
HTMLANCHOR = re.compile(r"<[a-z]+\b[^>]*?\b(?:name|id)\s*=\s*(\"[^\"]*\"|'[^']*')", re.IGNORECASE)
ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")


def strip_code_spans(line):
    """The line with the contents of `code spans` blanked (same length, so columns stay)."""
    out, i = [], 0
    while i < len(line):
        if line[i] == "`":
            j = i
            while j < len(line) and line[j] == "`":
                j += 1
            ticks = line[i:j]
            end = line.find(ticks, j)
            if end < 0:
                out.append(line[i:j])
                i = j
                continue
            out.append(" " * (end + len(ticks) - i))
            i = end + len(ticks)
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def prose_lines(text):
    """(line number, raw line, line with code spans blanked) for each line outside fenced code."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and line.strip() == m.group(1):
                fence = None
            continue
        yield number, line, strip_code_spans(line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(text):
    """Every anchor a Markdown file defines: its headings' and explicit name/id attributes."""
    found, seen = set(), {}
    for _, raw, prose in prose_lines(text):
        m = ATX.match(raw)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else "%s-%d" % (base, n))
        for a in HTMLANCHOR.finditer(prose):
            found.add(a.group(1)[1:-1])
    return found


def links(text):
    """(line number, target) of each link in the prose of a Markdown file."""
    for number, _, line in prose_lines(text):
        for m in INLINE.finditer(line):
            yield number, m.group(1)
        m = REFDEF.match(line)
        if m:
            yield number, m.group(1)
        for m in HTMLATTR.finditer(line):
            yield number, m.group(1)[1:-1]


class Tree:
    """The files of the repository: git's tracked files, or the file system without git."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        try:
            out = subprocess.run(["git", "-C", self.root, "ls-files", "-z"], capture_output=True, check=True)
            self.files = set(p for p in out.stdout.decode("utf-8", "surrogateescape").split("\0") if p)
        except (OSError, subprocess.CalledProcessError):
            self.files = None
        if self.files is not None:
            self.dirs = {""}
            for f in self.files:
                parts = f.split("/")
                for k in range(1, len(parts)):
                    self.dirs.add("/".join(parts[:k]))

    def kind(self, rel):
        """'file', 'dir' or None for a path relative to the root ('' is the root)."""
        if self.files is not None:
            if rel in self.files:
                return "file"
            return "dir" if rel in self.dirs else None
        full = os.path.join(self.root, rel)
        if os.path.isfile(full):
            return "file"
        return "dir" if os.path.isdir(full) else None

    def documents(self):
        if self.files is not None:
            docs = [f for f in self.files if f == "README.md" or f.endswith("/README.md")]
        else:
            docs = []
            for top, dirnames, filenames in os.walk(self.root):
                dirnames[:] = [d for d in dirnames if not d.startswith((".git", "build"))]
                if "README.md" in filenames:
                    docs.append(os.path.relpath(os.path.join(top, "README.md"), self.root))
        if self.kind("data/SOURCES.md") == "file":
            docs.append("data/SOURCES.md")
        return sorted(docs)


def check(tree, doc, anchor_cache):
    """The problems of one document: (line, target, why)."""
    with open(os.path.join(tree.root, doc), encoding="utf-8") as f:
        text = f.read()
    base = os.path.dirname(doc)
    problems = []
    for number, raw in links(text):
        target = raw[1:-1] if raw.startswith("<") and raw.endswith(">") else raw
        if not target:
            problems.append((number, raw, "empty link target"))
            continue
        scheme = SCHEME.match(target)
        if scheme:
            if scheme.group(1).lower() not in ("http", "https", "mailto"):
                problems.append((number, raw, "scheme '%s:' is neither http(s) nor mailto" % scheme.group(1)))
            continue
        if target.startswith("//"):
            problems.append((number, raw, "protocol-relative URL: write https://"))
            continue
        path, _, fragment = target.partition("#")
        path = urllib.parse.unquote(path.split("?", 1)[0])
        if path.startswith("/"):
            problems.append((number, raw, "absolute path: write it relative to %s" % doc))
            continue
        if path:
            rel = os.path.normpath(os.path.join(base, path))
            if rel == os.pardir or rel.startswith(os.pardir + os.sep):
                problems.append((number, raw, "leaves the repository"))
                continue
            rel = "" if rel == "." else rel
            kind = tree.kind(rel)
            if kind is None:
                here = os.path.exists(os.path.join(tree.root, rel))
                problems.append((number, raw, ("%s exists here but git does not track it" if here else
                                               "no such file or folder in the repository: %s") % (rel or ".")))
                continue
        else:
            rel, kind = doc, "file"
        if fragment and kind == "file" and rel.endswith(".md"):
            if rel not in anchor_cache:
                with open(os.path.join(tree.root, rel), encoding="utf-8") as f:
                    anchor_cache[rel] = anchors(f.read())
            if urllib.parse.unquote(fragment) not in anchor_cache[rel]:
                problems.append((number, raw, "no heading '#%s' in %s" % (fragment, rel)))
    return problems


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if not os.path.isdir(root):
        print("check_links.py: %s is not a folder" % root, file=sys.stderr)
        return 2
    tree = Tree(root)
    docs = argv[2:] or tree.documents()
    cache, bad, count = {}, 0, 0
    for doc in docs:
        if not os.path.isfile(os.path.join(tree.root, doc)):
            print("%s: no such document" % doc)
            bad += 1
            continue
        for number, target, why in check(tree, doc, cache):
            print("%s:%d: %s: %s" % (doc, number, target, why))
            bad += 1
        count += 1
    if bad:
        print("check_links.py: %d bad link%s in %d documents" % (bad, "" if bad == 1 else "s", count), file=sys.stderr)
        return 1
    print("check_links.py: every relative link of %d documents resolves in the repository" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

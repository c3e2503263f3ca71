#!/bin/sh
# walk.sh - follow the git repository handle from a function through the
# static call graph of src/ and say how far it wanders:
#   tests/dev/walk.sh [FUNCTION]        (default pr_run; -v lists the walk)
#
# The graph is read from the source (clang-formatted C, as STYLE.md keeps
# it): a function is a definition whose body opens with `{` at column 0;
# a call is NAME( inside a body, NAME defined in src/ (a static one in the
# same file first). A call is followed when it passes the handle on: one
# of its arguments, once the calls nested in it are taken out, is a
# variable of a type that holds the handle (git_repository, or a struct
# with a member of such a type, as run_ctx), with & or * before it, or a
# member chain on one ending in such a member (rc->repo; rc->spec is not).
# Calls through function pointers are not seen.
#
# The walk is a depth-first search from FUNCTION, calls in source order,
# each function expanded once (its first path from FUNCTION is its path).
#   stay   a function the walk reaches (counted once)
#   room   a source file holding a stay
#   climb  a call, at any call site, from a function in room A into
#          another room B that the caller's path from FUNCTION has already
#          been in and left (B is on the path above A): the walk goes back
#          up into a room it came out of
#   re-entry  a call, at any call site, into a room other than the
#          caller's that the walk (in the order it goes, returns included)
#          has been in and left before: the same room asked again and again
# Two walks are printed. "handle": the calls that pass the handle on, as
# above. "wide": every call made by a function the handle was passed to is
# a stay too (what it asks of other rooms while it holds the handle); the
# walk still goes on only into callees the handle is passed to.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
exec python3 - "$here/src" "${1:-pr_run}" "$verbose" <<'EOF'
import os, re, sys

src, start, verbose = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
files = []
for d, _, names in os.walk(src):
    for n in names:
        if n.endswith((".c", ".h")):
            files.append(os.path.join(d, n))
files.sort()

def strip(text):
    """Comments and string/char literals blanked, lengths kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (j - i - 1) + c); i = j + 1
        else:
            out.append(c); i += 1
    return "".join(out)

texts = {f: strip(open(f, encoding="utf-8", errors="replace").read())
         for f in files}

# types that hold the handle: git_repository, then every struct with a
# member of such a type, to a fixpoint
structs = {}  # type name -> body
for f, t in texts.items():
    for m in re.finditer(r"typedef\s+struct\s*\w*\s*\{(.*?)\}\s*(\w+)\s*;", t,
                         re.S):
        structs[m.group(2)] = m.group(1)
    for m in re.finditer(r"\bstruct\s+(\w+)\s*\{(.*?)\}\s*;", t, re.S):
        structs.setdefault(m.group(1), m.group(2))
holding, members = {"git_repository"}, set()
changed = True
while changed:
    changed = False
    for name, body in structs.items():
        for ty in list(holding):
            for m in re.finditer(r"\b%s\s*\**\s*(\w+)\s*;" % ty, body):
                members.add(m.group(1))
                if name not in holding:
                    holding.add(name); changed = True

# function definitions: NAME( ... ) at the start of a line or after the
# return type, then a line "{" ... a line "}"
defs = {}  # (file, name) -> (head, body)
static = {}
for f, t in texts.items():
    for m in re.finditer(r"^(?!static\s+const\b)([A-Za-z_][^;{}()#]*?\b(\w+)"
                         r"\s*\(([^;{}]*?)\))\s*\n\{\n(.*?)^\}", t,
                         re.S | re.M):
        name = m.group(2)
        if name in ("if", "for", "while", "switch", "return", "sizeof"):
            continue
        defs[(f, name)] = (m.group(3), m.group(4))
        if re.match(r"\s*static\b", m.group(1)):
            static[(f, name)] = True
by_name = {}
for (f, name) in defs:
    if (f, name) not in static:
        by_name.setdefault(name, []).append(f)

def resolve(f, name):
    if (f, name) in defs:
        return (f, name)
    fs = [g for g in by_name.get(name, []) if g.endswith(".c")] or \
         by_name.get(name, [])
    return (fs[0], name) if len(fs) == 1 else None

def holders(head, body):
    """Variables of a holding type among the parameters and locals."""
    names = set()
    tys = "|".join(sorted(holding))
    for text in (head + ")", body):
        for m in re.finditer(r"\b(?:%s)\b\s*((?:\*\s*)*)(\w+)\s*[,;=)\[]"
                             % tys, text):
            names.add(m.group(2))
    return names

def args_of(body, i):
    """The arguments of the call whose '(' is at i, and the end."""
    depth, cur, out, j = 0, [], [], i
    while j < len(body):
        c = body[j]
        if c in "([{":
            depth += 1
            if depth > 1:
                cur.append(c)
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                out.append("".join(cur)); return out, j
            cur.append(c)
        elif c == "," and depth == 1:
            out.append("".join(cur)); cur = []
        else:
            cur.append(c)
        j += 1
    return out, j

def no_calls(a):
    prev = None
    while prev != a:
        prev = a
        a = re.sub(r"\b\w+\s*\([^()]*\)", "0", a)
    return a

def passes(a, vars_):
    a = no_calls(a).strip()
    m = re.fullmatch(r"[&*(\s]*(\w+)((?:\s*(?:->|\.)\s*\w+)*)[\s)]*", a)
    if not m or m.group(1) not in vars_:
        return False
    chain = re.findall(r"\w+", m.group(2))
    return not chain or chain[-1] in members

def calls(fn):
    """(callee, passes the handle) for each call site of fn, in order."""
    f, _ = fn
    head, body = defs[fn]
    vars_ = holders(head, body)
    out = []
    for m in re.finditer(r"\b(\w+)\s*\(", body):
        callee = resolve(f, m.group(1))
        if not callee:
            continue
        args, _ = args_of(body, m.end() - 1)
        out.append((callee, any(passes(a, vars_) for a in args)))
    return out

root = resolve(None, start) if start in by_name else None
if not root:
    root = next((k for k in defs if k[1] == start), None)
if not root:
    sys.exit("walk.sh: no function '%s' in src/" % start)
rel = lambda f: os.path.relpath(f, os.path.dirname(src))
sys.setrecursionlimit(10000)

def run_walk(wide):
    seen, climbs, reentries, lines, tour = {root}, [], [], [], [root[0]]

    def walk(fn, path, depth):
        for callee, passed in calls(fn):
            if not passed and not wide:
                continue
            here, there = fn[0], callee[0]
            if there != here and there in path[:-1]:
                climbs.append((fn, callee))
                lines.append("%sclimb %s -> %s (%s)" % (
                    "  " * depth, fn[1], callee[1], rel(there)))
            if there != here and there in tour:
                reentries.append((fn, callee))
            tour.append(there)
            if callee not in seen:
                seen.add(callee)
                lines.append("%s%s (%s)%s" % ("  " * depth, callee[1],
                             rel(there), "" if passed else " -"))
                if passed:
                    walk(callee, path + [there] if there != here else path,
                         depth + 1)
            tour.append(here)

    walk(root, [root[0]], 1)
    rooms = sorted({f for f, _ in seen})
    if verbose:
        print("\n".join(lines))
        for r in rooms:
            print("  %s: %d" % (rel(r), sum(1 for f, _ in seen if f == r)))
    print("from %s (%s): %d stays in %d rooms, %d climbs back up, "
          "%d re-entries" % (start, "wide" if wide else "handle", len(seen),
                             len(rooms), len(climbs), len(reentries)))

run_walk(0)
run_walk(1)
EOF

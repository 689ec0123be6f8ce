"""A small mutation-testing runner for the pure-Python sources.

It copies the project into a scratch directory, then, one mutant at a time,
rewrites a single node of one source file and runs a fast test command against
the copy (the copy's ``src`` comes first on ``PYTHONPATH``). A mutant is *killed*
when the tests fail (or time out), and *survives* when they pass.

The mutations are simple and classic:

- a comparison operator flipped (``<`` to ``<=``, ``==`` to ``!=``, ``in`` to
  ``not in``, ``is`` to ``is not`` and back);
- an integer constant changed by +1 and by -1;
- ``and`` swapped with ``or``;
- the condition of an ``if``, ``while`` or conditional expression negated;
- ``+`` swapped with ``-``, ``*`` with ``//`` (and ``+=`` with ``-=``);
- a statement (expression, assignment, augmented assignment, ``return`` with a
  value, ``raise``) replaced by ``pass``.

Docstrings (attribute docstrings too), annotations without a value inside
functions, ``__all__`` and ``from __future__`` lines are left alone: deleting
them changes nothing a test can observe.

Usage::

    python tools/mutate.py --out mutation.json \\
        src/counter_rules/effects src/counter_rules/scoring \\
        -- python -m pytest -x -q -o addopts='' -p no:cacheprovider tests/effects

``--retest mutation.json`` runs again only the mutants that survived in an
earlier run (after new tests are written). The score is printed at the end
(killed / total) with every surviving mutant's file, line and change, and
written to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

_COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_FLIPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
}
_DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.Return, ast.Raise, ast.AnnAssign)


def _span(node: ast.stmt) -> range:
    return range(node.lineno, (node.end_lineno or node.lineno) + 1)


def _skipped_lines(tree: ast.Module) -> set[int]:
    """Lines of docstrings, bare annotations in functions, ``__all__`` and
    ``from __future__``: not mutated."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        # A string on its own (a docstring, or an attribute's docstring that
        # Sphinx reads from the source) does nothing when it runs.
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            lines.update(_span(node))
        # ``name: type`` without a value declares a local for the type checker
        # only (in a class body it may declare a field: those are mutated).
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.AnnAssign) and inner.value is None:
                    lines.update(_span(inner))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            lines.add(node.lineno)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            lines.update(_span(node))
    return lines


def _mutations(tree: ast.Module) -> Iterator[tuple[int, int, str]]:
    """Yield ``(node index, variant, description)`` for every mutation of ``tree``."""
    skipped = _skipped_lines(tree)
    for index, node in enumerate(ast.walk(tree)):
        line = getattr(node, "lineno", None)
        if line is None or line in skipped:
            continue
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                flip = _COMPARE_FLIPS.get(type(op))
                if flip is not None:
                    yield index, k, f"{type(op).__name__} -> {flip.__name__}"
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield index, 0, f"{node.value} -> {node.value + 1}"
            yield index, 1, f"{node.value} -> {node.value - 1}"
        elif isinstance(node, ast.BoolOp):
            yield index, 0, "and <-> or"
        elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
            yield index, 0, "condition negated"
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _BINOP_FLIPS:
            flip_op = _BINOP_FLIPS[type(node.op)]
            yield index, 0, f"{type(node.op).__name__} -> {flip_op.__name__}"
        if isinstance(node, _DELETABLE) and not (
            isinstance(node, ast.Return) and node.value is None
        ):
            yield index, 9, "statement deleted"


def _apply(tree: ast.Module, index: int, variant: int) -> ast.Module:
    """A copy of ``tree`` with mutation ``(index, variant)`` applied."""
    mutant = copy.deepcopy(tree)
    node = next(n for i, n in enumerate(ast.walk(mutant)) if i == index)
    if variant == 9:
        # Replace the statement by ``pass`` in whatever body holds it.
        for parent in ast.walk(mutant):
            for field in ("body", "orelse", "finalbody", "handlers"):
                body = getattr(parent, field, None)
                if isinstance(body, list) and any(s is node for s in body):
                    body[body.index(node)] = ast.copy_location(ast.Pass(), node)
                    return mutant
        raise AssertionError("statement not found")
    if isinstance(node, ast.Compare):
        node.ops[variant] = _COMPARE_FLIPS[type(node.ops[variant])]()
    elif isinstance(node, ast.Constant):
        node.value = node.value + (1 if variant == 0 else -1)
    elif isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif isinstance(node, (ast.BinOp, ast.AugAssign)):
        node.op = _BINOP_FLIPS[type(node.op)]()
    return ast.fix_missing_locations(mutant)


def _line(tree: ast.Module, index: int) -> int:
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == index)
    return int(getattr(node, "lineno", 0))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="source files or folders to mutate")
    parser.add_argument("--out", default="mutation.json", help="where to write the results")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per test run")
    parser.add_argument(
        "--limit", type=int, default=0, help="run only the first N mutants of the shuffled list"
    )
    parser.add_argument(
        "--retest", help="a results file: run again only the mutants that survived in it"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the shuffle")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1 :]
    if not command:
        parser.error("give the test command after --")
    root = Path.cwd()
    files: list[Path] = []
    for raw in args.paths:
        path = Path(raw)
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])

    work = Path(tempfile.mkdtemp(prefix="mutate-"))
    for name in ("src", "tests", "pyproject.toml", "README.md", "docs"):
        source = root / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy2(source, work / name)
    env = dict(os.environ, PYTHONPATH=str(work / "src"), PYTHONDONTWRITEBYTECODE="1")

    def run_tests() -> tuple[bool, float]:
        start = time.monotonic()
        try:
            done = subprocess.run(
                command, cwd=work, env=env, capture_output=True, timeout=args.timeout
            )
        except subprocess.TimeoutExpired:
            return False, time.monotonic() - start
        return done.returncode == 0, time.monotonic() - start

    passed, seconds = run_tests()
    if not passed:
        print("the tests fail on the unmutated code; stopping", file=sys.stderr)
        return 2
    print(f"baseline: tests pass in {seconds:.1f} s", flush=True)

    plan: list[tuple[Path, int, int, str]] = []
    trees: dict[Path, tuple[str, ast.Module]] = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        trees[path] = (text, tree)
        plan.extend((path, i, v, d) for i, v, d in _mutations(tree))
    # Random order: a run stopped early has still tested a uniform sample.
    random.Random(args.seed).shuffle(plan)
    if args.retest:
        old = json.loads(Path(args.retest).read_text(encoding="utf-8"))
        wanted = {(r["file"], r["line"], r["mutation"]) for r in old if not r["killed"]}
        plan = [p for p in plan if (str(p[0]), _line(trees[p[0]][1], p[1]), p[3]) in wanted]
    if args.limit:
        plan = plan[: args.limit]
    print(f"{len(plan)} mutants in {len(files)} files", flush=True)

    results: list[dict[str, object]] = []
    killed = 0
    for number, (path, index, variant, description) in enumerate(plan, 1):
        text, tree = trees[path]
        mutant = _apply(tree, index, variant)
        node = next(n for i, n in enumerate(ast.walk(tree)) if i == index)
        target = work / path
        target.write_text(ast.unparse(mutant), encoding="utf-8")
        try:
            passed, seconds = run_tests()
        finally:
            target.write_text(text, encoding="utf-8")
        killed += not passed
        line = getattr(node, "lineno", 0)
        results.append(
            {
                "file": str(path),
                "line": line,
                "mutation": description,
                "source": text.splitlines()[line - 1].strip() if line else "",
                "killed": not passed,
                "seconds": round(seconds, 1),
            }
        )
        status = "killed" if not passed else "SURVIVED"
        print(f"[{number}/{len(plan)}] {status} {path}:{line} {description}", flush=True)
        Path(args.out).write_text(json.dumps(results, indent=1), encoding="utf-8")

    total = len(results)
    print(f"score: {killed} / {total} killed ({100 * killed / max(total, 1):.1f} %)")
    for row in results:
        if not row["killed"]:
            print(f"  survived: {row['file']}:{row['line']} {row['mutation']}: {row['source']}")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Reading the checkout's source in tests: what the compiled build does not
keep with its classes (attribute docstrings)."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

SOURCE = Path(__file__).parents[1] / "src" / "counter_rules"


def documented_attributes(module: str, class_name: str) -> set[str]:
    """The annotated attributes of ``class_name`` in ``src/counter_rules/<module>``
    that an attribute docstring follows."""
    tree = ast.parse((SOURCE / module).read_text(encoding="utf-8"))
    body = next(
        node.body
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name == class_name
    )
    return {
        node.target.id
        for node, after in itertools.pairwise(body)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and isinstance(after, ast.Expr)
        and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    }

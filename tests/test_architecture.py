"""The package's layering, read from the source with :mod:`ast`.

- No circle of imports among the package's modules, counting every import
  (those only for type checking and those inside functions too): the modules
  form floors, each importing only from the floors below it. ``Ruleset``
  states the rules alone: it has at most 25 public members, and what views,
  sampling and bots ask is on its companions.
- The modules that run every game alike (the engine room, the search board,
  the rules of the play, the state, views, sampling, the general search)
  name no game and read no ruleset's ``advice``.
- Outside :mod:`counter_rules.rulesets` no module asks a ruleset its class
  (``isinstance``, ``issubclass`` or ``type(x) is C`` naming a ruleset class):
  it asks the ruleset a question instead. Nor does it read a ruleset's
  option by name with ``getattr(rules, "option", default)``, which would
  hide a question the ruleset cannot answer. The base class
  :class:`~counter_rules.Ruleset` is not a ruleset class here: checking that an
  argument is a ruleset at all is validation, not a branch on the game.
- No module imports a private name (a module or name with a leading
  underscore) owned by another package. The packages are the direct
  subpackages of ``counter_rules`` (with everything inside them) and the
  top-level modules together.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import counter_rules
import counter_rules.rulesets
from counter_rules import Ruleset

SRC = Path(counter_rules.__file__).parent
RULESETS = SRC / "rulesets"

RULESET_CLASSES = frozenset(
    name
    for module in (counter_rules, counter_rules.rulesets)
    for name, value in vars(module).items()
    if inspect.isclass(value) and issubclass(value, Ruleset) and value is not Ruleset
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> Iterator[tuple[str, Path, ast.Module]]:
    for path in sorted(SRC.rglob("*.py")):
        yield _module_name(path), path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _package(module: str) -> str:
    """The package a module belongs to: ``counter_rules.X`` for anything in
    the subpackage ``X``, ``counter_rules`` for the top-level modules."""
    parts = module.split(".")
    if len(parts) > 1 and (SRC / parts[1] / "__init__.py").exists():
        return ".".join(parts[:2])
    return "counter_rules"


def _ruleset_aliases(tree: ast.Module) -> set[str]:
    """Local names that stand for ruleset classes (``import ... as`` included)."""
    names = set(RULESET_CLASSES)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("counter_rules"):
            try:
                module = importlib.import_module(node.module or "")
            except ModuleNotFoundError as exc:
                if (exc.name or "").startswith("counter_rules"):
                    raise
                continue  # an adapter whose optional framework is not installed
            for alias in node.names:
                value = getattr(module, alias.name, None)
                if inspect.isclass(value) and issubclass(value, Ruleset) and value is not Ruleset:
                    names.add(alias.asname or alias.name)
    return names


def _named_classes(node: ast.expr) -> Iterator[str]:
    """The class names an ``isinstance`` second argument names."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.Tuple):
        for item in node.elts:
            yield from _named_classes(item)
    elif isinstance(node, ast.BinOp):  # X | Y
        yield from _named_classes(node.left)
        yield from _named_classes(node.right)


def _class_checks(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every ``isinstance``/``issubclass`` call and ``type(x) is C`` test, with
    the classes it names."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
        ):
            for name in _named_classes(node.args[1]):
                yield node.lineno, name
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(
                isinstance(s, ast.Call) and isinstance(s.func, ast.Name) and s.func.id == "type"
                for s in sides
            ):
                for side in sides:
                    if not isinstance(side, ast.Call):
                        for name in _named_classes(side):
                            yield node.lineno, name


def _option_reads(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every ``getattr(<something naming rules>, "literal", ...)``: a ruleset
    option read by name, with the name read."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and "rules" in ast.unparse(node.args[0])
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            yield node.lineno, node.args[1].value


def _private_imports(module: str, tree: ast.Module) -> Iterator[tuple[int, str, str]]:
    """Every import of a private module or name of ``counter_rules``: the line,
    the dotted path imported and the package that owns its private part."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{module}:{node.lineno}: relative imports are not used")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("counter_rules"):
            paths = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            paths = [a.name for a in node.names if a.name.startswith("counter_rules")]
        else:
            continue
        for path in paths:
            parts = path.split(".")
            private = [i for i, part in enumerate(parts) if part.startswith("_")]
            if private and not parts[private[0]].startswith("__"):
                yield node.lineno, path, _package(".".join(parts[: private[0]]) or "counter_rules")


def test_the_ruleset_classes_are_found() -> None:
    """The check knows every built-in ruleset class (so it cannot pass by
    knowing none)."""
    assert {"Counter", "OhHell", "UpAndDown", "Blackout"} <= RULESET_CLASSES


def test_no_module_outside_the_rulesets_asks_a_ruleset_its_class() -> None:
    """Bots, the engine, records, the command line and the adapters ask a
    ruleset questions (``rules.advice.target_score``, ``rules.advice.trick_power(...)``),
    never its class."""
    found = []
    for module, path, tree in _modules():
        if path.is_relative_to(RULESETS):
            continue
        aliases = _ruleset_aliases(tree)
        found += [
            f"{module}:{line}: {name}" for line, name in _class_checks(tree) if name in aliases
        ]
    assert found == []


def test_the_class_check_finds_an_isinstance_on_a_ruleset() -> None:
    """The scan sees ``isinstance`` on a ruleset class, in a tuple or a union,
    and under another name."""
    tree = ast.parse(
        "from counter_rules.rulesets.counter import Counter as C\n"
        "isinstance(r, C)\n"
        "isinstance(r, (int, OhHell))\n"
        "isinstance(r, str | Blackout)\n"
        "type(r) is UpAndDown\n"
        "isinstance(r, Ruleset)\n"
    )
    aliases = _ruleset_aliases(tree)
    assert [n for _, n in _class_checks(tree) if n in aliases] == [
        "C",
        "OhHell",
        "Blackout",
        "UpAndDown",
    ]


def test_no_module_outside_the_rulesets_reads_a_ruleset_option_by_name() -> None:
    """Outside the rulesets, an option is reached through a ruleset question
    (``rules.advice.one_team``), never ``getattr(rules, "cooperative", False)``."""
    found = []
    for module, path, tree in _modules():
        if not path.is_relative_to(RULESETS):
            found += [f"{module}:{line}: {name}" for line, name in _option_reads(tree)]
    assert found == []


def test_the_option_check_finds_a_getattr_on_a_ruleset() -> None:
    """The scan sees a literal option name read from anything named like a
    ruleset, and leaves other ``getattr`` calls alone."""
    tree = ast.parse(
        'getattr(state.rules, "cooperative", False)\n'
        'getattr(rules, "hook")\n'
        'getattr(bot, "choose", None)\n'
        "getattr(rules, name)\n"
    )
    assert [name for _, name in _option_reads(tree)] == ["cooperative", "hook"]


def test_no_module_imports_a_private_name_of_another_package() -> None:
    """A private module or name is used only inside the package that owns it."""
    found = []
    for module, _, tree in _modules():
        for line, path, owner in _private_imports(module, tree):
            if owner == _package(module):
                continue
            found.append(f"{module}:{line}: {path} (private to {owner})")
    assert found == []


def test_the_import_check_finds_a_private_name_of_another_package() -> None:
    """The scan sees private modules and names and the package that owns them."""
    tree = ast.parse(
        "from counter_rules.rulesets._validate import check_int\n"
        "from counter_rules.cards import _intern\n"
        "from counter_rules import _core\n"
        "from counter_rules.bots.ismcts import ISMCTSBot\n"
    )
    assert [(p, o) for _, p, o in _private_imports("counter_rules.bots.x", tree)] == [
        ("counter_rules.rulesets._validate.check_int", "counter_rules.rulesets"),
        ("counter_rules.cards._intern", "counter_rules"),
        ("counter_rules._core", "counter_rules"),
    ]


# -- circles of imports ------------------------------------------------------------
def _imports(module_names: set[str], tree: ast.Module) -> set[str]:
    """The package's modules that ``tree`` imports anywhere: at the top, under
    ``if TYPE_CHECKING``, inside functions. ``from counter_rules.x import y``
    imports the module ``counter_rules.x.y`` when there is one, else
    ``counter_rules.x``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("counter_rules"):
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in module_names:
                    found.add(submodule)
                elif node.module in module_names:
                    found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in module_names)
    return found


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm), and the modules that import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def _import_graph() -> dict[str, set[str]]:
    modules = list(_modules())
    names = {module for module, _, _ in modules}
    return {module: _imports(names, tree) for module, _, tree in modules}


def test_no_circle_of_imports_among_the_packages_modules() -> None:
    """Every import counts, type-only ones included: a circle hidden at the
    bottom of a module or under ``TYPE_CHECKING`` is still a circle."""
    graph = _import_graph()
    assert sum(len(edges) for edges in graph.values()) > 100  # the scan sees the imports
    assert _circles(graph) == []


def test_the_circle_check_finds_circles_of_every_kind() -> None:
    """A circle through a type-only import, one inside a function, and a long
    one are all found; a plain chain is not a circle."""
    names = {"counter_rules.a", "counter_rules.b", "counter_rules.c", "counter_rules.d"}
    sources = {
        "counter_rules.a": "from counter_rules.b import X\n",
        "counter_rules.b": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from counter_rules.a import Y\n"
        ),
        "counter_rules.c": "def f():\n    import counter_rules.d\n",
        "counter_rules.d": "from counter_rules import c\n",
    }
    graph = {name: _imports(names, ast.parse(source)) for name, source in sources.items()}
    assert graph["counter_rules.d"] == {"counter_rules.c"}
    assert _circles(graph) == [
        ["counter_rules.a", "counter_rules.b"],
        ["counter_rules.c", "counter_rules.d"],
    ]
    chain = {"x": {"y"}, "y": {"z"}, "z": set()}
    assert _circles(chain) == []


def test_the_ruleset_interface_states_the_rules_alone() -> None:
    """``Ruleset`` has at most 25 public members; the questions of views and
    sampling are on ``information``, those of bots on ``advice``, and the
    rules of the play reach the engine and the search as one value
    (``play_rules``)."""
    from counter_rules.rulesets.base import _MOVED  # deprecated, removed in 0.3.0

    public = {name for name in dir(Ruleset) if not name.startswith("_")} - set(_MOVED)
    public |= {name for name in Ruleset.__annotations__ if not name.startswith("_")}
    assert len(public) <= 25, sorted(public)
    assert {"information", "advice"} <= public
    moved = {"voids_shown", "counts_toward_void", "own_hand_hidden", "trick_power", "one_team"}
    assert not moved & public
    assert moved <= set(_MOVED)


# The modules that run every game alike: the engine room, the search board and
# the rules of the play it reads, the state and the values it holds, views, the
# world sampler, the solver's general search and its loop over sampled worlds.
# None of them names a game: each ruleset hands them its own rules
# (Ruleset.play_rules).
GAME_BLIND = (
    "counter_rules.engine",
    "counter_rules.engine.transitions",
    "counter_rules.engine.lookup_tables",
    "counter_rules.board",
    "counter_rules.play_rules",
    "counter_rules.state",
    "counter_rules.phase",
    "counter_rules.deal",
    "counter_rules.hand_result",
    "counter_rules.position",
    "counter_rules.views",
    "counter_rules.sampling",
    "counter_rules.analysis._general",
    "counter_rules.analysis._solving",
    "counter_rules.analysis._worlds",
)
# The names of the games and of the modules that state one game's rules.
GAME_NAMES = frozenset(
    {
        *RULESET_CLASSES,
        "counter",
        "counter_tricks",
        "plain_tricks",
        "oh_hell",
        "oh_hell_tricks",
        "blackout",
        "up_and_down",
        "effects",
    }
)


def _game_names(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every import, name or attribute of ``tree``'s code (not its strings)
    that names a game, and every read of a ruleset's ``advice``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            modules += [alias.name for alias in node.names]
            for module in modules:
                for part in module.split("."):
                    if part in GAME_NAMES:
                        yield node.lineno, module
        elif isinstance(node, ast.Name) and node.id in GAME_NAMES:
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute) and node.attr in (*GAME_NAMES, "advice"):
            yield node.lineno, node.attr


def test_the_modules_that_run_every_game_name_none() -> None:
    """The engine room, the board, the rules of the play, the state, views,
    sampling and the general search import no game's module, name no ruleset
    class and read no ruleset's ``advice`` (which bots ask, not the rules): a
    ruleset hands them its rules of the play."""
    found = []
    for module, _, tree in _modules():
        if module in GAME_BLIND:
            found += [f"{module}:{line}: {name}" for line, name in _game_names(tree)]
    assert found == []
    assert {module for module, _, _ in _modules()} >= set(GAME_BLIND)


def test_the_game_name_check_finds_a_game_and_advice() -> None:
    """The scan sees an import of a game's module, a ruleset class and a read
    of ``advice``, and leaves strings alone."""
    tree = ast.parse(
        "from counter_rules.rulesets import counter_tricks\n"
        "import counter_rules.rulesets.plain_tricks\n"
        "x = isinstance(rules, Counter)\n"
        "y = rules.advice.jokers_called\n"
        "z = 'Counter and OhHell in a string'\n"
    )
    assert [line for line, _ in _game_names(tree)] == [1, 2, 3, 4]

"""The pages' examples, error messages included, say what the library does."""

from __future__ import annotations

import ast
import doctest
import importlib.util
import io
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1


def _conf_value(name: str) -> object:
    """The value ``docs/conf.py`` assigns to ``name`` (evaluated with ``doctest``)."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            code = compile(ast.Expression(node.value), "conf.py", "eval")
            return eval(code, {"doctest": doctest})
    raise AssertionError(f"docs/conf.py does not set {name}")


def test_the_doctest_builder_compares_exception_messages() -> None:
    """Sphinx's doctest builder compares an example's exception message (its
    default flags ignore it), keeping ELLIPSIS and DONT_ACCEPT_TRUE_FOR_1."""
    flags = _conf_value("doctest_default_flags")
    assert flags == FLAGS


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.rst")))
def test_the_pages_examples_give_the_librarys_messages(page: str) -> None:
    """Every ``>>>`` example of a page gives its written output, the messages of
    the errors it shows included."""
    text = (DOCS / page).read_text(encoding="utf-8")
    needs = _conf_value("_ADAPTER_NEEDS")
    assert isinstance(needs, dict)
    for module, packages in needs.items():
        absent = [p for p in packages if importlib.util.find_spec(p) is None]
        if absent and module in text:
            # As the doctest builder does (docs/conf.py skips these examples).
            pytest.skip(f"{page} imports {module}, which needs {', '.join(absent)}")
    test = doctest.DocTestParser().get_doctest(text, {}, page, str(DOCS / page), 0)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(test, out=out.write)
    assert result.failed == 0, out.getvalue()


def test_researchers_have_a_page_of_their_own_linked_from_the_index() -> None:
    """As app developers and bot authors do: a page gathering the solver, the
    adapters, the records and the benchmarks, in the index's contents."""
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    toctree = index.split(".. toctree::", 1)[1].split()
    assert {"app_developers", "bot_authors", "researchers"} <= set(toctree)
    page = (DOCS / "researchers.rst").read_text(encoding="utf-8")
    for link in (":doc:`analysis`", ":doc:`adapters`", ":doc:`records`", "benchmarks/"):
        assert link in page


def test_the_bots_page_counts_the_bots_it_describes() -> None:
    """The bots page's first sentence counts the bots it then describes: the
    kinds of the table of names that play by themselves (not the levels)."""
    from counter_rules.bots import BOTS

    numbers = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    intro = (DOCS / "bots.rst").read_text(encoding="utf-8").split("\n\n")[1]
    players = [kind for kind in BOTS if kind.name != "level"]
    assert f"has {numbers[len(players)]} bots" in intro
    for kind in players:
        assert kind.name.replace("ismcts", "IS-MCTS").replace("pimc", "PIMC") in intro

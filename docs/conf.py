"""Sphinx configuration for the counter_rules documentation.

Build the site and run every example on it::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

if TYPE_CHECKING:
    from sphinx.application import Sphinx

# Build from the source tree, so the docs work without installing the package.
_SRC = Path(__file__).resolve().parent.parent / "src"
sys.path.insert(0, str(_SRC))

import counter_rules  # noqa: E402

# -- Project ------------------------------------------------------------------
project = "counter_rules"
author = "The counter_rules developers"
copyright = "the counter_rules developers"
release = counter_rules.__version__
version = ".".join(release.split(".")[:2])

# -- General ------------------------------------------------------------------
# Sphinx's own extensions, plus myst-parser for the changelog (Markdown); the
# docs extra installs everything this needs, and the build needs no network.
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
# _measured.rst is pulled into performance.rst with ``.. include::``; it is not
# a page of its own. _inventories holds the intersphinx inventories.
exclude_patterns = ["_build", "_inventories", "_measured.rst", "Thumbs.db", ".DS_Store"]
# Every cross-reference must resolve: a broken one is a warning (an error
# under -W).
nitpicky = True
nitpick_ignore_regex = [
    # Types of the optional frameworks, named in the adapters' signatures: their
    # documentation is not linked (no inventory of theirs is kept offline).
    ("py:class", r"(numpy|np|gymnasium|pettingzoo|pyspiel|starlette)(\..*)?"),
    ("py:class", r"NDArray"),
]
nitpick_ignore = [
    # The standard library's own path of the class documented there as
    # concurrent.futures.Executor.
    ("py:class", "concurrent.futures._base.Executor"),
    # The type variables of the internal per-ruleset cache.
    ("py:class", "counter_rules.per_ruleset._R"),
    ("py:class", "counter_rules.per_ruleset._T"),
    # The type variable of the answers of analysis.solve_worlds.
    ("py:class", "counter_rules.analysis._worlds._Answer"),
    # The type variable of what FieldReader's readers give.
    ("py:class", "counter_rules.input_limits._T"),
    # The internal table aliases of counter_rules.moves, named in the types of
    # PlayRules' attributes.
    ("py:class", "PlayTable"),
    ("py:class", "PassTable"),
]
default_role = "py:obj"

# -- intersphinx --------------------------------------------------------------
# Links into the Python and attrs documentation. Each inventory is read from
# the copy under _inventories first, so the build works offline (CI has no
# network) and gives the same result everywhere; only if that file is missing
# does Sphinx download the inventory. python.inv is the inventory of the
# Python 3.11 documentation (the oldest Python supported), attrs.inv that of
# attrs 25.4; _inventories/README.md says where they come from and how to
# refresh them.
_INVENTORIES = Path(__file__).resolve().parent / "_inventories"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (str(_INVENTORIES / "python.inv"), None)),
    "attrs": ("https://www.attrs.org/en/stable", (str(_INVENTORIES / "attrs.inv"), None)),
}
intersphinx_timeout = 10

# -- Optional frameworks ------------------------------------------------------
# The research adapters need numpy, OpenSpiel or PettingZoo, and the web
# table Starlette, which the docs extra does not install. Without them,
# autodoc imports the adapter modules with stand-ins for the missing packages
# (their pages still document every name), and the doctest builder skips the
# examples that import an adapter whose packages are missing; with them
# installed (as in CI), every example runs.
_ADAPTER_NEEDS = {
    "counter_rules.adapters.observation": ("numpy",),
    "counter_rules.adapters.openspiel": ("numpy", "pyspiel"),
    "counter_rules.adapters.pettingzoo": ("numpy", "pettingzoo", "gymnasium"),
    "counter_rules.web.app": ("starlette",),
}
_MISSING = sorted(
    {
        package
        for needs in _ADAPTER_NEEDS.values()
        for package in needs
        if importlib.util.find_spec(package) is None
    }
)
autodoc_mock_imports = list(_MISSING)

# -- autodoc / napoleon -------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autoclass_content = "class"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_include_init_with_doc = False
napoleon_use_rtype = False

# -- doctest ------------------------------------------------------------------
# Every ``>>>`` example in the pages and in the docstrings pulled in by autodoc
# runs under ``-b doctest``; each example imports what it uses.
doctest_test_doctest_blocks = "default"
# Exception messages are compared as written (Sphinx's default flags add
# IGNORE_EXCEPTION_DETAIL, under which a stale message would still pass).
doctest_default_flags = doctest.DONT_ACCEPT_TRUE_FOR_1 | doctest.ELLIPSIS

# -- HTML ---------------------------------------------------------------------
html_theme = "furo"
# The wire's JSON Schemas, served where their "$id" says (see wire.rst).
html_static_path = ["../src/counter_rules/schemas"]
html_title = f"counter_rules {release}"

# -- MyST (the changelog) -----------------------------------------------------
# Headings of CHANGELOG.md get anchors, so its sections can be linked.
myst_heading_anchors = 2


# -- Docstring fixes ----------------------------------------------------------
def _source_attribute_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Use the ``#:``/string docstring written under a re-exported constant.

    ``counter_rules.Move`` and ``counter_rules.SUITS`` are documented where they
    are defined (``counter_rules.moves``, ``counter_rules.cards``), and
    ``counter_rules.bots.BOTS`` in ``counter_rules.bots.names``; autodoc
    looks for attribute docstrings only in the module named in the directive and
    would fall back to the docstring of the value's type (``tuple``, ``UnionType``).
    """
    if what != "data" or not name.startswith("counter_rules."):
        return
    from sphinx.errors import PycodeError
    from sphinx.pycode import ModuleAnalyzer

    short = name.rsplit(".", 1)[1]
    for modname in sorted(sys.modules):
        module = sys.modules[modname]
        if not modname.startswith("counter_rules.") or getattr(module, short, None) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except PycodeError:
            continue
        if ("", short) in docs:
            lines[:] = list(docs[("", short)])
            return


_ATTRIBUTE_KINDS = ("attribute", "property", "data")
_before_napoleon: dict[str, list[str]] = {}


def _remember_attribute_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Keep an attribute docstring as written, before napoleon sees it."""
    if what in _ATTRIBUTE_KINDS:
        _before_napoleon[name] = list(lines)


def _undo_inline_attribute_type(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Undo napoleon's reading of "Words: more words" as "type: description".

    For attributes and properties napoleon takes the text before a colon on the
    first line as the type. The types here come from the annotations, and many
    docstrings begin with a sentence that contains a colon ("The seats that may
    act now: one in ..."). When napoleon invented a type, parse the docstring
    again as ordinary text, which keeps its Example sections working.
    """
    original = _before_napoleon.pop(name, None) if what in _ATTRIBUTE_KINDS else None
    if original is None:
        return
    invented = any(line.lstrip().startswith(":type:") for line in lines)
    if invented and not any(":type:" in line for line in original):
        from sphinx.ext.napoleon.docstring import GoogleDocstring

        lines[:] = GoogleDocstring(original, app.config, app, "object", name, obj).lines()


# -- Keep the API page complete -----------------------------------------------
def _check_api_page(app: Sphinx) -> None:
    """Warn (an error under ``-W``) when a name of ``counter_rules.__all__`` has no
    entry on the API page, so a new public name cannot go undocumented."""
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    api = (Path(__file__).resolve().parent / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto\w+:: counter_rules\.(\w+)\s*$", api, re.MULTILINE))
    for name in counter_rules.__all__:
        if name not in documented:
            logger.warning(
                "counter_rules.%s is in __all__ but has no autodoc entry in api.rst", name
            )


# -- Examples of the optional adapters ----------------------------------------
def _skip_examples_without_frameworks(app: Sphinx, doctree: nodes.document) -> None:
    """Mark the examples that import an adapter whose packages are missing as
    skipped (the doctest builder's ``skipif``), so the docs build with the
    docs extra alone; nothing is skipped when the packages are installed."""
    unavailable = [
        module
        for module, needs in _ADAPTER_NEEDS.items()
        if any(package in _MISSING for package in needs)
    ]
    if not unavailable:
        return
    for node in doctree.findall(nodes.Element):
        is_example = isinstance(node, nodes.doctest_block) or "testnodetype" in node
        if is_example and any(module in node.astext() for module in unavailable):
            node["skipif"] = "True"


# -- The table of bot names --------------------------------------------------
def _bot_names_table() -> list[str]:
    """The bot names of :data:`counter_rules.bots.BOTS` as a list table, so
    that the pages read the one table the parser and the help read."""
    from counter_rules.bots import BOTS

    lines = [
        ".. list-table:: Bot names (:data:`counter_rules.bots.BOTS`)",
        "   :header-rows: 1",
        "",
        "   * - name",
        "     - the bot",
        "     - N",
        "     - options after N",
    ]
    for kind in BOTS:
        options = ", ".join(f"``{name}``" for name in kind.option_names()) or "none"
        lines += [
            f"   * - ``{kind.usage}``",
            f"     - {kind.summary}",
            f"     - {kind.help or 'none'}",
            f"     - {options}",
        ]
    return lines


class _BotNames(Directive):
    """``.. bot-names::``: the table of bot names."""

    def run(self) -> list[nodes.Node]:
        holder = nodes.section()
        self.state.nested_parse(StringList(_bot_names_table()), self.content_offset, holder)
        return list(holder.children)


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("bot-names", _BotNames)
    app.connect("builder-inited", _check_api_page)
    app.connect("doctree-read", _skip_examples_without_frameworks)
    # Napoleon rewrites docstrings at the default priority, 500.
    app.connect("autodoc-process-docstring", _source_attribute_doc, priority=400)
    app.connect("autodoc-process-docstring", _remember_attribute_doc, priority=450)
    app.connect("autodoc-process-docstring", _undo_inline_attribute_type, priority=550)
    return {"parallel_read_safe": True}

"""Sphinx configuration for the counter_rules documentation.

Build the site and run every example on it::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

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
# Only Sphinx's own extensions: the docs build offline with nothing but Sphinx.
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

root_doc = "index"
# _measured.rst is pulled into performance.rst with ``.. include::``; it is not
# a page of its own.
exclude_patterns = ["_build", "_measured.rst", "Thumbs.db", ".DS_Store"]
nitpicky = False
default_role = "py:obj"

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

# -- HTML ---------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"counter_rules {release}"
html_theme_options = {
    "description": "The exact rules of Counter, as a typed Python library",
    "fixed_sidebar": True,
    "show_relbars": True,
}


# -- Docstring fixes ----------------------------------------------------------
def _source_attribute_doc(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Use the ``#:``/string docstring written under a re-exported constant.

    ``counter_rules.Move`` and ``counter_rules.SUITS`` are documented where they
    are defined (``counter_rules.moves``, ``counter_rules.cards``); autodoc
    looks for attribute docstrings only in the module named in the directive and
    would fall back to the docstring of the value's type (``tuple``, ``UnionType``).
    """
    if what != "data" or name.count(".") != 1:
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


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("builder-inited", _check_api_page)
    # Napoleon rewrites docstrings at the default priority, 500.
    app.connect("autodoc-process-docstring", _source_attribute_doc, priority=400)
    app.connect("autodoc-process-docstring", _remember_attribute_doc, priority=450)
    app.connect("autodoc-process-docstring", _undo_inline_attribute_type, priority=550)
    return {"parallel_read_safe": True}

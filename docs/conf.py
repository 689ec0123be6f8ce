"""Sphinx configuration for the counter_rules documentation.

Build the site and run every example on it::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

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
autodoc_default_options = {"show-inheritance": False}
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


# -- Keep the API page complete -----------------------------------------------
def _check_api_page(app: object) -> None:
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


def setup(app: object) -> dict[str, object]:
    app.connect("builder-inited", _check_api_page)  # type: ignore[attr-defined]
    return {"parallel_read_safe": True}

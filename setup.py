"""Build script for the compiled engine.

The project's metadata lives in ``pyproject.toml``; this file only adds the
extension modules. A wheel build compiles the modules in ``COMPILED_MODULES``
to C with mypyc (which comes with mypy), and builds the solver's native
kernel (``NATIVE_MODULES``, plain C), unless ``COUNTER_RULES_COMPILE=0``;
when that is impossible (no C compiler, or compilation fails) it warns and
builds the pure-Python package instead, unless ``COUNTER_RULES_COMPILE=1``
demands the compiled build. Editable installs are pure Python unless
``COUNTER_RULES_COMPILE=1``. The rules for the variable live in
``_build/backend.py``. Both builds behave the same: the test suite runs on each.
"""

from __future__ import annotations

import glob
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

_HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(_HERE / "_build"))

from backend import compile_mode  # noqa: E402

# The modules mypyc compiles: the engine's hot path, plain and fully typed.
# Glob patterns are allowed (for example "src/counter_rules/effects/*.py").
# This list is the only place that names them.
COMPILED_MODULES = [
    "src/counter_rules/board.py",
    "src/counter_rules/cards.py",
    "src/counter_rules/_value.py",
    "src/counter_rules/trick.py",
    "src/counter_rules/fast_values.py",
    "src/counter_rules/bots/policy.py",
    "src/counter_rules/bots/_race.py",
    "src/counter_rules/bots/_tree.py",
    "src/counter_rules/dealing.py",
    "src/counter_rules/engine/lookup_tables.py",
    "src/counter_rules/engine/transitions.py",
    "src/counter_rules/per_ruleset.py",
    "src/counter_rules/play_rules.py",
    "src/counter_rules/state.py",
    "src/counter_rules/rulesets/bids_in_turn.py",
    "src/counter_rules/rulesets/plain_tricks.py",
    "src/counter_rules/rulesets/counter_tricks.py",
    "src/counter_rules/effects/base.py",
    "src/counter_rules/analysis/_general.py",
    "src/counter_rules/analysis/_questions.py",
    "src/counter_rules/analysis/_maxn.py",
    "src/counter_rules/analysis/_plain.py",
    "src/counter_rules/analysis/_plain_search.py",
    *(
        f"src/counter_rules/effects/{rank}.py"
        for rank in (
            "ace", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "jack", "queen", "king",
        )
    ),
]  # fmt: skip

# Extension modules written in C, built with the compiled build: the solver's
# kernel for the plain family (its pure-Python twin is _plain_search.py),
# which also holds the general search for rulesets whose tricks have effects
# (its twin is GeneralSearch.search in _general.py), the bots' playouts
# (their twin is Policy.play_out in bots/policy.py), and the deal's order
# from its random bytes (its twin is dealing.order_from_digest).
NATIVE_MODULES = {
    "counter_rules.analysis._plain_kernel": "src/counter_rules/analysis/_plain_kernel.c",
    "counter_rules.bots._playout": "src/counter_rules/bots/_playout.c",
    "counter_rules._shuffle": "src/counter_rules/_shuffle.c",
}
# The headers they include: the bit masks of cards, the rules of the play of
# rulesets whose tricks have effects as native code reads them, and the memory
# kept from one search for the next.
NATIVE_HEADERS = [
    "src/counter_rules/_native_bits.h",
    "src/counter_rules/_effect_play.h",
    "src/counter_rules/_kept_memory.h",
]

# mypyc links the compiled modules through one shared extension module named
# after the group: "counter_rules._engine" puts it inside the package, as
# counter_rules/_engine__mypyc.*, instead of a top-level module named by a hash.
GROUP_NAME = "counter_rules._engine"

# Stands in for the extension modules until build_ext knows whether it
# compiles, so that wheel builds are tagged for the platform; mypyc runs only
# when extensions are built, never for metadata or an sdist.
_PLACEHOLDER = Extension("counter_rules._engine__mypyc", sources=[])


# The wheel's build tag when the build falls back to pure Python (it must start
# with a digit; a wheel built pure on purpose, COUNTER_RULES_COMPILE=0, has none).
FALLBACK_BUILD_TAG = "0_pure_python_fallback"


def _compiled_paths() -> list[str]:
    paths: list[str] = []
    for pattern in COMPILED_MODULES:
        found = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        if not found:
            raise SystemExit(f"setup.py: COMPILED_MODULES pattern {pattern!r} matches no file")
        paths.extend(p for p in found if p not in paths)
    return paths


def _warn(message: str) -> None:
    print(f"WARNING (counter_rules build): {message}", file=sys.stderr, flush=True)


def _announce(message: str) -> None:
    """Say ``message`` where the person building sees it: on standard error
    and, when that is not a terminal (pip keeps a build's output to itself
    unless ``-v``), on the terminal the build runs from, if there is one."""
    line = f"counter_rules build: {message}"
    print(line, file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write(f"\n{line}\n")
    except OSError:  # no terminal (CI, a service), or not a POSIX system
        pass


class BuildEngine(build_ext):
    """Compiles the engine with mypyc, or falls back to the pure-Python package."""

    def run(self) -> None:
        mode = compile_mode(editable=bool(self.editable_mode or self.inplace))
        if mode != "pure":
            if mode == "auto" and not self._c_compiler_works():
                _warn("no working C compiler; building the pure-Python package")
            elif self._compile(required=mode == "compiled"):
                return
            self._tag_fallback()
        self._pure()

    def _tag_fallback(self) -> None:
        """Name the fallback in the wheel's file name, as a build tag.

        pip shows a build's output only with ``-v``, so the warning above is
        not seen; its normal output does show the wheel's file name ("Created
        wheel for counter-rules: filename=...-0_pure_python_fallback-py3-none-any.whl").
        """
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.build_number = FALLBACK_BUILD_TAG  # type: ignore[attr-defined]

    def _compile(self, *, required: bool) -> bool:
        """Build the extensions; on failure, warn and return False (or raise if required)."""
        extensions: list[Extension] = []
        _announce(
            "compiling the engine with mypyc, about a minute "
            "(COUNTER_RULES_COMPILE=0 builds the pure-Python package at once)"
        )
        try:
            from mypyc.build import mypycify

            extensions = list(mypycify(_compiled_paths(), opt_level="3", group_name=GROUP_NAME))
            extensions += [
                Extension(name, sources=[path], depends=NATIVE_HEADERS)
                for name, path in NATIVE_MODULES.items()
            ]
            self._use(extensions)
            super().run()
        except (Exception, SystemExit) as error:
            if required:
                raise
            for extension in extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            _warn(f"compiling the engine failed ({error!r}); building the pure-Python package")
            return False
        return True

    def _use(self, extensions: list[Extension]) -> None:
        """Build these extensions instead of the placeholder.

        setuptools' ``finalize_options`` gives each extension some build data;
        this gives the same to the extensions that replace the placeholder
        (mypyc's never link to a shared library built here, so need no stub).
        """
        self.extensions = self.distribution.ext_modules = extensions
        for extension in extensions:
            fullname = self.get_ext_fullname(extension.name)
            extension._full_name = fullname  # type: ignore[attr-defined]
            extension._links_to_dynamic = False  # type: ignore[attr-defined]
            extension._needs_stub = False  # type: ignore[attr-defined]
            extension._file_name = self.get_ext_filename(fullname)  # type: ignore[attr-defined]
            self.ext_map[fullname] = extension

    def _c_compiler_works(self) -> bool:
        """Whether the configured C compiler compiles a file that includes Python.h."""
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler

        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "probe.c")
            source.write_text("#include <Python.h>\nint counter_rules_probe(void) { return 0; }\n")
            try:
                compiler = new_compiler(compiler=self.compiler, force=True)
                customize_compiler(compiler)
                compiler.compile([str(source)], output_dir=tmp, include_dirs=self.include_dirs)
            except Exception:
                return False
        return True

    def _pure(self) -> None:
        """No extension modules: the wheel is the pure-Python package, tagged py3-none-any."""
        self.extensions = self.distribution.ext_modules = []
        wheel = self.distribution.command_obj.get("bdist_wheel")
        if wheel is not None:
            wheel.root_is_pure = True  # type: ignore[attr-defined]


_EXT_MODULES = [] if compile_mode(editable=False) == "pure" else [_PLACEHOLDER]

setup(ext_modules=_EXT_MODULES, cmdclass={"build_ext": BuildEngine})

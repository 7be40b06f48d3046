"""Sphinx configuration of the ddz_fast documentation.

Build it against the installed package (autodoc imports ``ddz_fast``, never the source tree
beside this file) with warnings as errors, so that a broken reference fails the build::

    pip install ".[docs]"
    sphinx-build -n -W --keep-going -b html docs docs/_build/html
"""
from __future__ import annotations

import importlib
import inspect
import typing

from sphinx.pycode import ModuleAnalyzer
from sphinx.util.inspect import object_description
from sphinx.util.nodes import make_refnode

import ddz_fast

project = "ddz_fast"
author = "The ddz_fast authors"
copyright = "the ddz_fast authors, MIT licence"
release = ddz_fast.__version__
version = release

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.autosummary"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]   # the rule book's headings are its own, kept as written

html_theme = "furo"
html_title = f"ddz_fast {release}"

# The API reference: every public module's __all__, in its order, documented or not.
autodoc_default_options = {"members": True, "undoc-members": True, "member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "both"
autosummary_generate = False

# Nitpicky: every cross-reference must resolve, or the build fails. Other projects' names
# (NumPy, PettingZoo, Gymnasium, Ray...) and the standard library's have no inventory here (the
# build runs offline), so references to them are shown as plain text; so are the private
# modules (``ddz_fast.moves._api`` and the like), which the reference does not document.
nitpicky = True
_OTHER = (r"numpy|np|npt|gymnasium|pettingzoo|ray|rlcard|douzero|pyspiel|matplotlib|typing|"
          r"collections|enum|dataclasses|concurrent|argparse|random|io|os|pathlib|json|"
          r"multiprocessing|types|array|threading|fractions|abc|contextlib")
nitpick_ignore_regex = [
    (r"py:.*", rf"({_OTHER})(\..*)?"),
    (r"py:.*", r"(.*\.)?_[A-Za-z].*"),   # private names and modules
]


_MISSING = object()
#: Values that many names share (small ints, strings): their identity says nothing.
_PLAIN = (int, float, str, bytes, bool, tuple, frozenset, type(None))


def _lookup(name: str):
    """The object a dotted name names (module, then attributes), or _MISSING."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except Exception:
            continue
        for part in parts[cut:]:
            found = getattr(found, part, _MISSING)
            if found is _MISSING:
                return _MISSING
        return found
    return _MISSING


def _documented(env) -> dict:
    """Every object the Python domain documents, by the identity of the object it names."""
    cache = getattr(env, "_ddz_documented", None)
    if cache is None:
        cache = {}
        for name, entry in env.get_domain("py").objects.items():
            found = _lookup(name)
            if not entry.aliased and found is not _MISSING and not isinstance(found, _PLAIN):
                cache.setdefault(id(found), []).append(name)
        env._ddz_documented = cache
    return cache


def _is_type_alias(found) -> bool:
    return isinstance(found, (typing.TypeVar, type(typing.Union[int, str]),
                              type(typing.Tuple[int, ...]), type(typing.List[int])))


def resolve_by_object(app, env, node, contnode):
    """Resolve a reference that names a documented object by another of its names.

    ``ddz_fast.Hand`` is ``ddz_fast.hand.Hand``; ``ddz_fast.engine.bidding.Bid`` (an
    annotation, read in the module that imports it) is ``ddz_fast.actions.Bid``; ``Rules`` in
    a docstring of ``ddz_fast.engine`` is ``ddz_fast.rules.Rules``; ``State.run_auto_play`` is
    the method ``State`` inherits. Each resolves to the one place its object is documented.
    A name that names nothing documented, or several different objects, stays unresolved, and
    the build fails on it. An undocumented type alias or TypeVar of a signature is text.
    """
    if node.get("refdomain") != "py":
        return None
    objects = env.get_domain("py").objects
    target = node["reftarget"].lstrip("~.")
    module, klass = node.get("py:module"), node.get("py:class")
    # First the names the reference means where it stands (its class, its module, the
    # package's top level), then any documented name that ends with it.
    near = [target]
    if module:
        if klass:
            near.append(f"{module}.{klass}.{target}")
        near.append(f"{module}.{target}")
    near.append(f"ddz_fast.{target}")
    head, _, rest = target.partition(".")
    far = [f"{name}.{rest}" if rest else name for name in objects if name.endswith("." + head)]
    for candidates in (near, far):
        documented, alias = _documented_names(env, candidates)
        if len(documented) == 1:
            name, = documented
            entry = objects[name]
            return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id,
                                contnode, name)
        if documented:
            return None                    # several objects: ambiguous, the build fails
        if alias:
            return contnode
    return None


def _documented_names(env, candidates):
    """The documented names of the objects the candidates name, one per object, and whether
    one of them is a type alias."""
    objects = env.get_domain("py").objects
    by_object, alias = {}, False
    for candidate in candidates:
        if candidate in objects and not objects[candidate].aliased:
            found = _lookup(candidate)
            key = candidate if isinstance(found, _PLAIN) or found is _MISSING else id(found)
            by_object.setdefault(key, set()).add(candidate)
            continue
        found = _lookup(candidate)
        if found is _MISSING:
            continue
        if _is_type_alias(found):
            alias = True
        elif not isinstance(found, _PLAIN):
            names = _documented(env).get(id(found), [])
            if names:
                by_object.setdefault(id(found), set()).update(names)
    shortest = {min(names, key=lambda n: (n.count("."), n)) for names in by_object.values()}
    return shortest, alias


def document_constants(app, what, name, obj, options, lines):
    """Constants of a module's ``__all__`` with no doc comment are listed with their value.

    autodoc documents a module's data only when its source gives it a ``#:`` comment or a
    docstring; every other public name (a number, a table, a type alias) is added here to the
    end of the module's docstring, so that the reference names every public name.
    """
    if what != "module":
        return
    try:
        attr_docs = ModuleAnalyzer.for_module(name).find_attr_docs()
    except Exception:
        attr_docs = {}
    added = []
    for member in getattr(obj, "__all__", ()):
        value = getattr(obj, member, None)
        if inspect.isclass(value) or inspect.isroutine(value) or ("", member) in attr_docs:
            continue
        if member.startswith("__"):
            continue
        added += ["", f".. py:data:: {member}"]
        if inspect.ismodule(value):
            added += [f"   :type: types.ModuleType", "", f"   The module ``{value.__name__}``."]
            continue
        text = object_description(value)
        if len(text) <= 100 and "\n" not in text:
            added.append(f"   :value: {text}")
        else:
            added.append(f"   :type: {type(value).__name__}")
    if added:
        lines += ["", ".. rubric:: Constants", *added]


def _quiet_second_reexport(app) -> None:
    """A class re-exported by two documented modules (``MoveList``, of the private
    ``ddz_fast.moves._api``, in ``ddz_fast.moves`` and ``ddz_fast.moves.native``) is noted twice
    under its canonical name; both notes are aliases of one object, not a duplicate."""
    from sphinx.domains.python import PythonDomain
    note_object = PythonDomain.note_object

    def note(self, name, objtype, node_id, aliased=False, location=None):
        other = self.objects.get(name)
        if aliased and other is not None and other.aliased:
            return
        note_object(self, name, objtype, node_id, aliased=aliased, location=location)

    PythonDomain.note_object = note


def setup(app):
    _quiet_second_reexport(app)
    app.connect("missing-reference", resolve_by_object)
    app.connect("autodoc-process-docstring", document_constants)

"""Sphinx configuration for rulebook's documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

import rulebook  # noqa: E402

project = "rulebook"
author = "the rulebook developers"
copyright = "2026, the rulebook developers"
release = rulebook.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "rulebook_docs",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"undoc-members": False}
nitpicky = False
html_theme = "alabaster"
html_static_path: list[str] = []
html_theme_options = {"description": "Trick-taking games, stated formally and executed exactly."}
suppress_warnings = ["myst.xref_missing"] if False else []

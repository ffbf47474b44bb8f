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
    "sphinx_design",
    "rulebook_docs",
    "replay_pages",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "amsmath"]
#: formulas as MathML, drawn by the browser: no script, nothing fetched (docs/_ext)
html_math_renderer = "mathml"
myst_heading_anchors = 3
exclude_patterns = ["_build", "locale"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"undoc-members": False}
nitpicky = True
#: Names Sphinx cannot resolve without network access (no intersphinx): the standard
#: library and hypothesis; the type variables of the generic contract; and a few short
#: or private names in game-module docstrings (to be qualified by the game owners).
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:func", "_encode_layout"),
    ("py:class", "rulebook.games.gods_and_humans.state.Gaps"),
    ("py:class", "rulebook.games.gods_and_humans.state.DealFacts"),
    ("py:class", "Gaps"),  # internal bundles of gods-and-humans, named in GodsState.replace's docstring
    ("py:class", "DealFacts"),
    ("py:class", "Path"),  # pathlib.Path, as a string annotation names it
]
nitpick_ignore_regex: list[tuple[str, str]] = [
    (r"py:(class|func|meth|data|obj|exc)",
     r"(random|collections|concurrent|pathlib|typing|enum|abc|io|os|types|array|datetime)\..+"),
    (r"py:class", r"(rulebook\.[\w.]+\.)?[RSA]"),
    (r"py:meth", r"(State|\w*Game|SevenProphecies)\.\w+"),
]
# The Japanese edition: the same sources, translated through Sphinx's gettext workflow.
#   python -m sphinx -b gettext docs docs/_build/gettext            # the templates (.pot)
#   sphinx-intl update -p docs/_build/gettext -l ja -d docs/locale  # update the .po files
#   python -m sphinx -W --keep-going -q -b html -D language=ja docs docs/_build/html/ja
# One catalog per page (locale/ja/LC_MESSAGES/<docname>.po), no UUIDs, and no source
# locations (they change with every edit above a message, and the messages come in page
# order anyway). html_search_language follows `language`: the Japanese site's search
# index uses Sphinx's Japanese splitter.
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_uuid = False
gettext_location = False
templates_path = ["_templates"]

html_theme = "furo"
html_title = f"rulebook {release}"
html_static_path = ["_static"]
html_css_files = ["rulebook.css"]
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": True,
    # not shown as such: _templates/page.html puts the language switch in its place
    "announcement": "language",
}

"""Check the built HTML docs in a real browser (headless Chromium through selenium).

Builds nothing: run it after ``python -m sphinx -b html docs docs/_build/html``::

    python docs/check_site.py docs/_build/html --screenshots docs/_build/screenshots

For every page, at 1280 px and at 390 px wide, it fails on:

* JavaScript errors (browser log entries of level SEVERE);
* broken internal links: a link to a page that does not exist, or to an anchor that no
  element of the target page has (checked from the HTML files, once per link);
* horizontal overflow: the page is wider than the window
  (``document.documentElement.scrollWidth > innerWidth``), or a table, code block or
  figure sticks out of the window or is clipped; at 1280 px a table or code block that
  needs its own scroll bar is an overflow too (nothing should be clipped at desktop
  width), at 390 px a scroll bar inside the element is fine;
* a board picture (``boards/*.svg``) drawn smaller than 90% of its own size: its text (10 to 15 px as
  drawn) would be too small to read; on a phone it scrolls sideways in its frame instead.

The Japanese edition (built into ``ja/`` inside the English site) is checked with it, and
for both languages:

* every page carries the language switch (``nav.rulebook-lang-switch``), whose link is
  checked like any other; in the browser, following it from the front page lands on the
  other language's front page (``<html lang>``), and back;
* Japanese search: ``ja/search.html?q=切り札`` lists results.

The replay pages (``_static/replays/*.html``, written by ``docs/_ext/replay_pages.py``
with :mod:`rulebook.reference.replay_html`) are checked at both widths too, by :func:`check_replays`:

* no JavaScript error, no horizontal overflow at the first, a middle and the last step;
* the pictures unpack (a board is drawn), text is at least 14 px; at 390 px the board is laid out for
  the phone: nothing of it is cut off (no scrolling inside its frame);
* the keys step: → goes to step 1 (the counter, the address ``#step-1`` and the board
  change), ← back, End to the last step, Home to the first; the "next" button steps too;
  opening ``#step-3`` shows step 3.

Screenshots of every page at both widths go into the ``--screenshots`` folder.
Exit status 0 when every check passes, 1 otherwise (each problem is printed).
"""

from __future__ import annotations

import argparse
import functools
import html.parser
import sys
import urllib.parse
from pathlib import Path
from typing import Any

WIDTHS = (1280, 390)
CHROME_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)
#: generated pages that are not worth a browser visit (viewcode sources are checked for links only)
SKIP_BROWSER = ("_modules/", "_sources/", "_static/", "ja/_modules/", "ja/_sources/", "ja/_static/")

OVERFLOW_JS = """
const strict = arguments[0];
const out = [];
const doc = document.documentElement;
if (doc.scrollWidth > window.innerWidth) {
  out.push(`page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
}
const scrollable = (el) => {
  for (let a = el.parentElement; a; a = a.parentElement) {
    const o = getComputedStyle(a).overflowX;
    if (o === 'auto' || o === 'scroll') return a;
  }
  return null;
};
const describe = (el) => {
  const id = el.id || (el.closest('[id]') || {}).id || '';
  const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
  return `${el.tagName.toLowerCase()}${id ? '#' + id : ''} "${text}"`;
};
for (const el of document.querySelectorAll('article table, article pre, article svg, article img')) {
  if (el.closest('.sidebar-drawer, .toc-drawer')) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0) continue;
  const box = scrollable(el);
  const own = getComputedStyle(el).overflowX;
  if (!box && r.right > window.innerWidth + 1) {
    out.push(`${describe(el)} ends at ${Math.round(r.right)}px, past the ${window.innerWidth}px window`);
  }
  if ((own === 'hidden' || own === 'clip') && el.scrollWidth > el.clientWidth + 1) {
    out.push(`${describe(el)} is clipped (${el.scrollWidth}px of content in ${el.clientWidth}px)`);
  }
  if (el.tagName === 'IMG' && /boards\\/[^/]*\\.svg$/.test(el.getAttribute('src') || '') && el.naturalWidth
      && r.width < 0.9 * el.naturalWidth) {
    out.push(`${describe(el)} (${el.getAttribute('src')}) is drawn at ${Math.round(100 * r.width / el.naturalWidth)}% `
             + 'of its size: its text is too small to read');
  }
  const scroller = (own === 'auto' || own === 'scroll') ? el : box;
  if (strict && scroller && scroller.scrollWidth > scroller.clientWidth + 1
      && (el.tagName === 'TABLE' || el.tagName === 'PRE')) {
    out.push(`${describe(el)} needs a scroll bar (${scroller.scrollWidth}px in ${scroller.clientWidth}px)`);
  }
}
return out;
"""


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.switch = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = dict(attrs)
        for key in ("id", "name"):
            if d.get(key):
                self.ids.add(d[key] or "")
        if "rulebook-lang-switch" in (d.get("class") or "").split():
            self.switch = True
        if tag == "a" and d.get("href"):
            self.links.append(d["href"] or "")


def _parse(path: Path, cache: dict[Path, _Links]) -> _Links:
    if path not in cache:
        parser = _Links()
        parser.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = parser
    return cache[path]


def check_links(root: Path, pages: list[Path]) -> list[str]:
    """Broken internal links and anchors of ``pages`` (paths inside ``root``)."""
    cache: dict[Path, _Links] = {}
    problems = []
    seen: set[tuple[Path, str]] = set()
    for page in pages:
        for href in _parse(page, cache).links:
            url = urllib.parse.urlsplit(href)
            if url.scheme or url.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / urllib.parse.unquote(url.path)).resolve() if url.path else page
            if target.is_dir():
                target = target / "index.html"
            key = (target, url.fragment)
            if key in seen:
                continue
            seen.add(key)
            where = page.relative_to(root)
            if not target.exists():
                problems.append(f"{where}: link to missing page {href}")
            elif url.fragment and target.suffix == ".html":
                if urllib.parse.unquote(url.fragment) not in _parse(target, cache).ids:
                    problems.append(f"{where}: link to missing anchor {href}")
    return problems


def check_switch(root: Path, pages: list[Path]) -> list[str]:
    """Pages without the language switch."""
    cache: dict[Path, _Links] = {}
    return [f"{p.relative_to(root)}: no language switch" for p in pages if not _parse(p, cache).switch]


SEARCH_WORD = "切り札"


def check_languages(root: Path) -> list[str]:
    """In the browser: the switch goes English -> 日本語 -> English; Japanese search finds pages."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    problems: list[str] = []
    if not (root / "ja" / "index.html").exists():
        return ["ja/index.html is missing: build the Japanese site into ja/ first"]
    driver = _driver(WIDTHS[0])
    try:
        driver.get((root / "index.html").as_uri())
        for want in ("ja", "en"):
            link = driver.find_element(By.CSS_SELECTOR, f".rulebook-lang-switch a[hreflang={want}]")
            link.click()
            lang = driver.execute_script("return document.documentElement.lang")
            if not str(lang).startswith(want):
                problems.append(f"language switch to {want}: landed on {driver.current_url} (lang={lang!r})")
        url = (root / "ja" / "search.html").as_uri() + "?q=" + urllib.parse.quote(SEARCH_WORD)
        driver.get(url)
        try:
            WebDriverWait(driver, 20).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results ul.search li")
                or "0" == d.execute_script("return (document.querySelector('#search-results p') || {}).textContent")
            )
        except Exception:
            pass
        hits = driver.find_elements(By.CSS_SELECTOR, "#search-results ul.search li")
        if not hits:
            problems.append(f"Japanese search for {SEARCH_WORD} found nothing (ja/search.html)")
        else:
            print(f"Japanese search for {SEARCH_WORD}: {len(hits)} results")
    finally:
        driver.quit()
    return problems


def _driver(width: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in CHROME_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--window-size={width},900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    # the window size includes no browser chrome in headless mode; make innerWidth exact
    driver.set_window_size(width, 900)
    inner = driver.execute_script("return window.innerWidth")
    if inner != width:
        driver.set_window_size(width + (width - inner), 900)
    return driver


def check_browser(root: Path, pages: list[Path], shots: Path | None) -> list[str]:
    problems = []
    for width in WIDTHS:
        driver = _driver(width)
        try:
            for page in pages:
                rel = page.relative_to(root)
                driver.get(page.resolve().as_uri())
                for entry in driver.get_log("browser"):
                    if entry.get("level") == "SEVERE":
                        problems.append(f"{rel} @{width}px: JavaScript error: {entry.get('message')}")
                for issue in driver.execute_script(OVERFLOW_JS, width >= 1000):
                    problems.append(f"{rel} @{width}px: {issue}")
                if shots is not None:
                    name = str(rel.with_suffix("")).replace("/", "__")
                    driver.save_screenshot(str(shots / f"{name}@{width}.png"))
        finally:
            driver.quit()
    return problems


REPLAY_DIRS = ("_static/replays/", "ja/_static/replays/")

REPLAY_STATE_JS = """
const svg = document.querySelector('#stage svg');
return {
  counter: document.getElementById('counter').textContent,
  hash: location.hash,
  board: svg ? svg.outerHTML.length + ':' + svg.outerHTML.slice(0, 400) + svg.textContent : '',
  unpacked: !!svg && !document.querySelector('#board .msg'),
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  cut: (() => { const b = document.getElementById('board'); return b ? b.scrollWidth - b.clientWidth : 0; })(),
  small: Array.from(document.querySelectorAll('body, #counter, #now, .steps li, .facts, .note, button'))
    .map((el) => [el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''), parseFloat(getComputedStyle(el).fontSize)])
    .filter(([, size]) => size < 14),
};
"""


def _replay_state(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(REPLAY_STATE_JS)
    return state


def _press(driver: Any, key: str) -> dict[str, Any]:
    """Press ``key`` on the page and return its state after."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()
    return _replay_state(driver)


def check_replays(pages: list[Path], shots: Path | None, root: Path | None = None) -> list[str]:
    """Open each replay page at every width: errors, overflow, text size, and stepping by keys and buttons."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    problems: list[str] = []
    for width in WIDTHS:
        driver = _driver(width)
        try:
            for page in pages:
                rel = page.relative_to(root) if root is not None else page.name
                where = f"{rel} @{width}px"
                uri = page.resolve().as_uri()
                driver.get(uri)
                try:
                    WebDriverWait(driver, 20).until(lambda d: _replay_state(d)["unpacked"])
                except Exception:
                    problems.append(f"{where}: the board pictures did not unpack")
                total = int(driver.find_element(By.ID, "slider").get_attribute("max") or 0)
                press = functools.partial(_press, driver)

                first = _replay_state(driver)
                problems += [f"{where}: {name} text is {size}px (under 14px)" for name, size in first["small"]]
                after = press(Keys.ARROW_RIGHT)
                if after["counter"] == first["counter"] or after["hash"] != "#step-1":
                    problems.append(f"{where}: → did not step forward (counter {after['counter']!r}, "
                                    f"address {after['hash']!r})")
                if after["board"] == first["board"]:
                    problems.append(f"{where}: → did not change the board")
                back = press(Keys.ARROW_LEFT)
                if back["counter"] != first["counter"] or back["hash"] != "#step-0":
                    problems.append(f"{where}: ← did not step back to the first step ({back['counter']!r})")
                end = press(Keys.END)
                if end["hash"] != f"#step-{total}" or str(total) not in end["counter"]:
                    problems.append(f"{where}: End did not go to step {total} ({end['counter']!r})")
                if end["overflow"] > 0:
                    problems.append(f"{where}: the last step is {end['overflow']}px wider than the window")
                home = press(Keys.HOME)
                if home["counter"] != first["counter"]:
                    problems.append(f"{where}: Home did not go to the first step ({home['counter']!r})")
                driver.find_element(By.ID, "next").click()
                if _replay_state(driver)["hash"] != "#step-1":
                    problems.append(f"{where}: the next button did not step forward")
                middle = max(0, min(total, total // 3))
                driver.get("about:blank")
                driver.get(f"{uri}#step-{middle}")
                try:
                    WebDriverWait(driver, 20).until(lambda d: _replay_state(d)["unpacked"])
                except Exception:
                    pass
                shown = _replay_state(driver)
                if f" {middle} " not in f" {shown['counter']} ":
                    problems.append(f"{where}: opening #step-{middle} shows {shown['counter']!r}")
                for state, step in ((first, 0), (shown, middle)):
                    if state["overflow"] > 0:
                        problems.append(f"{where}: step {step} is {state['overflow']}px wider than the window")
                    if width < 600 and state["cut"] > 1:  # a phone: the board is laid out to fit, never cut off
                        problems.append(f"{where}: step {step}'s board is cut off ({state['cut']}px of it hidden)")
                for entry in driver.get_log("browser"):
                    if entry.get("level") == "SEVERE":
                        problems.append(f"{where}: JavaScript error: {entry.get('message')}")
                if shots is not None:
                    name = str(rel).replace("/", "__").removesuffix(".html")
                    driver.save_screenshot(str(shots / f"{name}@{width}.png"))
        finally:
            driver.quit()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("site", type=Path, help="the built HTML folder (docs/_build/html)")
    parser.add_argument("--screenshots", type=Path, default=None, help="folder for the screenshots")
    parser.add_argument("--only", nargs="*", default=None, help="check only these pages (paths in the site)")
    args = parser.parse_args(argv)
    root: Path = args.site.resolve()
    if not (root / "index.html").exists():
        parser.error(f"{root} has no index.html: build the docs first")
    every = sorted(root.rglob("*.html"))
    pages = [p for p in every if not str(p.relative_to(root)).startswith(SKIP_BROWSER)]
    if args.only:
        pages = [root / p for p in args.only]
    if args.screenshots is not None:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    problems = check_links(root, every if not args.only else pages)
    problems += check_switch(root, [p for p in pages if not str(p.relative_to(root)).startswith(("ja/_modules/",))])
    problems += check_browser(root, pages, args.screenshots)
    replays = [p for p in every if str(p.relative_to(root)).startswith(REPLAY_DIRS)]
    if args.only:
        replays = [p for p in pages if str(p.relative_to(root)).startswith(REPLAY_DIRS)]
    problems += check_replays(replays, args.screenshots, root)
    if (root / "ja").exists() or not args.only:
        problems += check_languages(root)
    for p in problems:
        print(p)
    print(f"checked {len(pages)} pages and {len(replays)} replay pages at {', '.join(f'{w}px' for w in WIDTHS)}: "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

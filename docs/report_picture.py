"""Draw ``docs/_static/report-annotated.png``: a real balance report with numbered callouts.

The picture on the balance and verifying pages ("How to read a report") is made from a
real run, so it shows what ``rulebook simulate --report`` writes today. From the
repository root, with the ``plot`` and ``balance`` extras and Debian's chromium and
chromedriver installed::

    PYTHONPATH=$PWD python docs/report_picture.py

It runs the command in ``COMMAND`` into a temporary folder, opens the report in headless
Chromium (as ``docs/check_site.py`` does), cuts out the parts named in ``PARTS``, stacks
them with a grey band where something was left out, and draws a numbered circle at each
element of ``CALLOUTS``. The numbers are the legend's in ``docs/balance.md``; when the
report changes, run this again and check that the legend still matches.
"""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: the run shown: the Witches without trump replacement, against the printed rules
COMMAND = ["simulate", "witches-of-blackmore", "--set", "trump_replacement=false", "--compare", "--games", "200"]
WIDTH = 820
#: the parts of the page shown, top to bottom: (first element, last element), CSS selectors
PARTS = (
    ("h1", "main > details"),
    ("h2:nth-of-type(5)", "main > figure:nth-of-type(1)"),
    ("footer", "footer"),
)
#: numbered callouts, in the legend's order: a CSS selector (its first match) and the side
#: the number stands on (right for a row inside a table, so the line crosses no text)
CALLOUTS = (
    ("h1", "left"),
    ("ul.summary", "left"),
    ("main > div.scroll:nth-of-type(1) table", "left"),
    ("main > div.scroll:nth-of-type(2) table", "left"),
    ("tr.sig", "right"),
    ("main > details summary", "left"),
    ("main > div.scroll:nth-of-type(4) table", "left"),
    ("main > figure:nth-of-type(1) img", "left"),
    ("footer dd code", "left"),
)
MARGIN = 46  # room on either side for the numbers
GAP = 30  # the grey band between two parts
RED = (192, 41, 43)

RECTS_JS = """
const out = [];
for (const sel of arguments[0]) {
  const el = document.querySelector(sel);
  if (!el) { out.push(null); continue; }
  const r = el.getBoundingClientRect();
  out.push([r.left + scrollX, r.top + scrollY, r.width, r.height]);
}
return out;
"""


def run_report(folder: Path) -> Path:
    report = folder / "report.html"
    subprocess.run([sys.executable, "-m", "rulebook", *COMMAND, "--report", str(report)],
                   check=True, cwd=folder, stdout=subprocess.DEVNULL)
    return report


def capture(report: Path) -> tuple[list[Any], list[Any], list[bytes]]:
    from check_site import _driver

    driver = _driver(WIDTH)
    try:
        driver.get(report.resolve().as_uri())
        starts = driver.execute_script(RECTS_JS, [a for a, _ in PARTS])
        ends = driver.execute_script(RECTS_JS, [b for _, b in PARTS])
        callouts = driver.execute_script(RECTS_JS, [sel for sel, _ in CALLOUTS])
        missing = [sel for sel, r in zip([*PARTS, *CALLOUTS], [*zip(starts, ends), *callouts])
                   if r is None or (isinstance(r, tuple) and None in r)]
        if missing:
            raise SystemExit(f"the report has no element for {missing}: update PARTS and CALLOUTS")
        parts = []
        spans = []
        for start, end in zip(starts, ends):
            top = max(0, start[1] - 14)
            bottom = end[1] + end[3] + 14
            spans.append((top, bottom))
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": top, "width": WIDTH, "height": bottom - top, "scale": 1},
            })
            parts.append(base64.b64decode(shot["data"]))
    finally:
        driver.quit()
    return spans, callouts, parts


def compose(spans: list[Any], callouts: list[Any], parts: list[bytes]) -> Any:
    from matplotlib import font_manager
    from PIL import Image, ImageDraw, ImageFont

    images = [Image.open(io.BytesIO(p)).convert("RGB") for p in parts]
    height = sum(im.height for im in images) + GAP * (len(images) - 1)
    out = Image.new("RGB", (WIDTH + 2 * MARGIN, height), "white")
    draw = ImageDraw.Draw(out)
    font = ImageFont.truetype(font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans",
                                                                                 weight="bold")), 17)
    small = ImageFont.truetype(font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans")), 13)
    y = 0
    offsets = []
    for i, im in enumerate(images):
        out.paste(im, (MARGIN, y))
        offsets.append(y)
        y += im.height
        if i < len(images) - 1:
            draw.rectangle([0, y, WIDTH + 2 * MARGIN, y + GAP - 1], fill=(236, 236, 236))
            draw.text(((WIDTH + 2 * MARGIN) / 2, y + GAP / 2), "… (parts of the report left out) …",
                      fill=(90, 90, 90), font=small, anchor="mm")
            y += GAP

    def place(rect: Any) -> tuple[float, float, float, float] | None:
        x, top, w, h = rect
        for (a, b), off in zip(spans, offsets):
            if a <= top < b:
                return x + MARGIN, top - a + off, w, h
        return None

    for number, rect in enumerate(callouts, 1):
        where = place(rect)
        if where is None:
            raise SystemExit(f"callout {number} ({CALLOUTS[number - 1][0]}) lies outside the parts shown")
        x, top, w, h = where
        draw.rectangle([x - 3, top - 3, x + w + 3, top + h + 3], outline=RED, width=2)
        cy = top + min(h, 40) / 2
        r = 14
        if CALLOUTS[number - 1][1] == "left":
            cx = MARGIN / 2
            draw.line([cx + r, cy, x - 3, cy], fill=RED, width=2)
        else:
            cx = WIDTH + 1.5 * MARGIN
            draw.line([x + w + 3, cy, cx - r, cy], fill=RED, width=2)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=RED)
        draw.text((cx, cy), str(number), fill="white", font=font, anchor="mm")
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        report = run_report(Path(tmp))
        spans, callouts, parts = capture(report)
    picture = compose(spans, callouts, parts)
    target = HERE / "_static" / "report-annotated.png"
    picture.save(target, optimize=True)
    print(f"{target.relative_to(HERE.parent)}: {picture.width}x{picture.height}")


if __name__ == "__main__":
    main()

"""The core keeps attrs as its only runtime dependency: importing rulebook loads no framework."""

from __future__ import annotations

import subprocess
import sys


def test_import_rulebook_loads_no_framework() -> None:
    code = (
        "import sys, rulebook\n"
        "for slug in rulebook.GAMES: rulebook.get_game(slug).new_game()\n"
        "import rulebook.adapters\n"
        "bad = sorted({m.split('.')[0] for m in sys.modules}"
        " & {'pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium', 'numpy'})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_missing_framework_gives_a_clear_import_error() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "sys.modules['pettingzoo'] = None\n"
        "for name in ('openspiel', 'pettingzoo'):\n"
        "    try:\n"
        "        __import__('rulebook.adapters.' + name)\n"
        "    except ImportError as exc:\n"
        "        print(exc)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert "pip install -e '.[openspiel]' (in your clone of rulebook)" in lines[0]
    assert "pip install -e '.[pettingzoo]' (in your clone of rulebook)" in lines[1]

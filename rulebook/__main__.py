"""``python -m rulebook``: the command line (the same as ``rulebook``)."""

import sys

from rulebook.cli.app import main

if __name__ == "__main__":
    sys.exit(main())

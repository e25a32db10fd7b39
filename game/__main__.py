"""`python -m game`: the same as the `escarmouche` command."""

import sys

from game.cli import main

sys.exit(main())

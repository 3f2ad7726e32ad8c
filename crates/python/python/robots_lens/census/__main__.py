"""``python -m robots_lens.census``: the ``robots-lens-census`` command."""

import sys

from . import main

sys.exit(main())

"""``python -m robots_lens.census``: the ``robots-lens-census`` command. Also the file to hand
``spark-submit`` (it imports the package by its absolute name, so it runs as a script too)."""

import sys

from robots_lens.census import main

sys.exit(main())

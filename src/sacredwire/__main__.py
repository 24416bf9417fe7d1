"""``python -m sacredwire`` is ``sw28``."""

import sys

from .cli import main

sys.exit(main())

"""The ``robots-lens`` command: ``python -m robots_lens …`` and the ``robots-lens`` console script.

It is the native command (the Rust CLI, linked into the extension module), run in this process
with the same arguments, files and standard streams, so it prints the same bytes and ends with
the same exit status: ``robots-lens --help`` lists the commands.
"""

from __future__ import annotations

import signal
import sys
from typing import Optional, Sequence

from ._native import run_cli

__all__ = ["main"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs ``robots-lens`` with ``argv`` (default: this process's arguments); returns its status.

    As a console script the status becomes the process's exit status.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    # The command writes to file descriptors 1 and 2 itself: what Python buffered must go first.
    sys.stdout.flush()
    sys.stderr.flush()
    # Ctrl-C ends the command as it ends the native one; Python's own handler would only set a
    # flag that the running command never looks at.
    if argv is None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    return run_cli(args)


if __name__ == "__main__":
    sys.exit(main())

"""``python -m counter_rules`` runs the command line."""

from counter_rules.cli import main

raise SystemExit(main())

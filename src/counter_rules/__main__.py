"""``python -m counter_rules`` runs the command line."""

try:
    from counter_rules.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python is still starting the command
    raise SystemExit(130) from None

raise SystemExit(main())

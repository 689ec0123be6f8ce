"""Exact analysis: what is best, with every hand open (double dummy).

See :doc:`analysis`.
"""

from counter_rules.analysis._batch import TrickTable, dd_table, dd_tables, solve_many
from counter_rules.analysis._hint import Hint, MoveHint, hint
from counter_rules.analysis._outcome import Outcome, OutcomePoints, outcome, outcome_values
from counter_rules.analysis._plain import BoardTables, board_tables, release_memory
from counter_rules.analysis._report import Analysis, AnalysisStopped, Decision, analyse
from counter_rules.analysis._solving import Solver, can_make, fast_search, move_values, solve
from counter_rules.analysis._worlds import solve_worlds
from counter_rules.errors import SearchLimitReached

__all__ = [
    "Analysis",
    "AnalysisStopped",
    "BoardTables",
    "Decision",
    "Hint",
    "MoveHint",
    "Outcome",
    "OutcomePoints",
    "SearchLimitReached",
    "Solver",
    "TrickTable",
    "analyse",
    "board_tables",
    "can_make",
    "dd_table",
    "dd_tables",
    "fast_search",
    "hint",
    "move_values",
    "outcome",
    "outcome_values",
    "release_memory",
    "solve",
    "solve_many",
    "solve_worlds",
]

import random, time
from counter_rules import Counter, apply_move, legal_moves, new_game
from counter_rules.state import Phase
rules = Counter(players=4)
rng = random.Random(1)
n = dec = 0
t = time.perf_counter()
seed = 0
while time.perf_counter() - t < 3:
    seed += 1
    s = new_game(rules, seed)
    h = s.hand_number
    while s.hand_number == h and not s.is_over:
        s = apply_move(s, rng.choice(legal_moves(s))); dec += 1
    n += 1
el = time.perf_counter() - t
print(n / el, "hands/s", dec / el, "dec/s")

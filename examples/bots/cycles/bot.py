#!/usr/bin/env python3
"""A light-cycles ("cycles") bot in Python 3, as a contestant writes one.

Each turn it reads "N P C" and the N*C lines "X0 Y0 X1 Y1" (-1 -1 -1 -1: a dead
cycle), and prints one move (UP, DOWN, LEFT or RIGHT) per alive cycle of its
own, in cycle order, flushed. It keeps its own copy of the grid: a cycle's
trail is every cell it was shown at since its start, and a dead cycle's trail
is free again. For each of its cycles it takes, among the moves onto a free
cell, the one that leaves the most room (a flood fill), then the one with the
most free neighbours. Debug output goes to stderr only; it exits at the end
of its input.

usage: bot.py [--defect NAME]
  With --defect it is a broken bot of a kind contests see:
    unflushed    writes its answers with sys.stdout.write and never flushes
                 (its fast-output template reopens stdout with a 64 KiB buffer,
                 so PYTHONUNBUFFERED does not save it)
    late         on its 12th turn it plans for 400 ms before answering
    crash        on its 40th turn it writes past the end of its timing list
                 (IndexError)
    extra-lines  from its 5th turn on it prints "debug: turn T" on stdout
    one-line     answers one line per turn, written for the 1-cycle league
"""
import sys
import time

WIDTH, HEIGHT = 30, 20
MAX_TURNS = 200
MOVES = (("UP", 0, -1), ("DOWN", 0, 1), ("LEFT", -1, 0), ("RIGHT", 1, 0))
DELTA = {name: (dx, dy) for name, dx, dy in MOVES}
DEFECTS = ("unflushed", "late", "crash", "extra-lines", "one-line")


def free(cell, blocked):
    x, y = cell
    return 0 <= x < WIDTH and 0 <= y < HEIGHT and cell not in blocked


def room(cell, blocked):
    """How many free cells can be reached from `cell` (itself not counted)."""
    seen = {cell}
    todo = [cell]
    while todo:
        x, y = todo.pop()
        for _, dx, dy in MOVES:
            n = (x + dx, y + dy)
            if n not in seen and free(n, blocked):
                seen.add(n)
                todo.append(n)
    return len(seen) - 1


def choose(head, blocked):
    """The best move for a cycle at `head`; None when every move is fatal."""
    best, best_score = None, None
    for name, dx, dy in MOVES:
        cell = (head[0] + dx, head[1] + dy)
        if not free(cell, blocked):
            continue
        blocked.add(cell)
        exits = sum(free((cell[0] + ex, cell[1] + ey), blocked) for _, ex, ey in MOVES)
        score = (room(cell, blocked), exits)
        blocked.discard(cell)
        if best_score is None or score > best_score:
            best, best_score = name, score
    return best


def plan(heads, blocked, budget):
    """The mid-game plan: how much room each cycle has, refined until the budget is spent."""
    until = time.perf_counter() + budget
    total = 0
    while time.perf_counter() < until:
        for head in heads:
            total += room(head, blocked)
    return total


def main():
    defect = None
    if len(sys.argv) == 3 and sys.argv[1] == "--defect" and sys.argv[2] in DEFECTS:
        defect = sys.argv[2]
    elif len(sys.argv) != 1:
        sys.stderr.write("usage: bot.py [--defect %s]\n" % "|".join(DEFECTS))
        return 2

    if defect == "unflushed":  # the fast-output template
        sys.stdout = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)

    trails = {}  # cycle index -> the cells of its trail
    # Milliseconds spent on each turn, for the summary at the end. (The crash
    # defect sizes it for the practice arena, where no game went past turn 39.)
    think_ms = [0.0] * (39 if defect == "crash" else MAX_TURNS)
    turn = 0
    while True:
        header = sys.stdin.readline().split()
        if len(header) != 3:
            break  # end of input
        n, me, cycles = map(int, header)
        rows = [sys.stdin.readline().split() for _ in range(n * cycles)]
        if any(len(r) != 4 for r in rows):
            break
        turn += 1
        started = time.perf_counter()

        heads = {}
        for i, row in enumerate(rows):
            x0, y0, x1, y1 = map(int, row)
            if x0 < 0:
                trails.pop(i, None)  # dead: its trail is free again
            else:
                trails.setdefault(i, set()).update({(x0, y0), (x1, y1)})
                heads[i] = (x1, y1)
        blocked = set().union(*trails.values())

        answers = []
        for i in range(me * cycles, (me + 1) * cycles):
            if i in heads:
                word = choose(heads[i], blocked)
                if word is None:  # boxed in: it dies and its trail is erased
                    word = "UP"
                    blocked -= trails[i]
                else:  # my next cycle must not go there
                    dx, dy = DELTA[word]
                    blocked.add((heads[i][0] + dx, heads[i][1] + dy))
                answers.append(word)

        if defect == "late" and turn == 12:
            plan(list(heads.values()), blocked, 0.4)
        if defect == "extra-lines" and turn >= 5:
            print("debug: turn %d" % turn)
        if defect == "one-line":
            answers = answers[:1]
        think_ms[turn - 1] = (time.perf_counter() - started) * 1000
        if defect == "unflushed":
            sys.stdout.write("\n".join(answers) + "\n")
        else:
            print("\n".join(answers), flush=True)

    if turn:
        sys.stderr.write("bot.py: %d turns, slowest %.1f ms\n" % (turn, max(think_ms[:turn])))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""A Wondev Woman example bot (any league): reads the initialisation input
(size, units per player), then on each turn the grid, the units and the
legal actions, and prints the legal action that climbs highest, preferring
to build where the opponent cannot climb. With no legal action it still
prints a line (ACCEPT-DEFEAT), as the protocol requires. Every line is
flushed at once."""
import sys

DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
        "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}


def read_line():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)  # the referee closed our input: the game is over
    return line.rstrip("\n")


def height(rows, x, y):
    if 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] != ".":
        return int(rows[y][x])
    return -1


def score(action, rows, mine):
    kind, index, d1, d2 = action.split()
    ux, uy = mine[int(index)]
    dx, dy = DIRS[d1]
    if kind == "PUSH&BUILD":
        return 1  # pushing never scores; keep it as a fallback
    tx, ty = ux + dx, uy + dy
    bx, by = tx + DIRS[d2][0], ty + DIRS[d2][1]
    here, built = height(rows, tx, ty), height(rows, bx, by)
    # Climb first; then build up to our next step, never to level 4.
    return 10 * here + (3 if built + 1 <= here + 1 and built < 3 else 0)


def main():
    size = int(read_line())
    units = int(read_line())
    while True:
        rows = [read_line() for _ in range(size)]
        mine = [tuple(map(int, read_line().split())) for _ in range(units)]
        for _ in range(units):
            read_line()  # the opponent's units
        actions = [read_line() for _ in range(int(read_line()))]
        if actions:
            best = max(actions, key=lambda a: score(a, rows, mine))
            print(best, flush=True)
        else:
            print("ACCEPT-DEFEAT", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Wondev Woman referee for a local tournament, in CodinGame's runner protocol.

The runner writes "###Seed N" (optional) and "###Start 2" on our stdin. For
each turn we print "###Input P", the player's init lines before its first
turn (size, unitsPerPlayer), the turn input, "###Output P 1", and read the
player's answer line. At the end: "###End 0 1", "###End 1 0" or "###End 01".

Leagues: 0 one unit, the first on level 3 wins; 1 points; 2 two units and
PUSH&BUILD; 3 fog of war. Maps are our own: a 5x5 square, a 7x7 diamond or a
mirrored random map in a 6x6 box, all flat.

usage: referee.py [--league N] [--bugs LIST|none] [--seeded]
"""
import argparse
import random
import re
import sys
import time

DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
DX = [0, 1, 1, 1, 0, -1, -1, -1]
DY = [-1, -1, 0, 1, 1, 1, 0, -1]
HOLE = -1
TOP = 3          # moving onto it scores
REMOVED = 4      # out of play, still printed as 4
MAX_ROUNDS = 200
KNOWN_BUGS = {"drop-one", "push-no-step", "score-climb-only", "build-on-left-cell", "rounds-199",
              "push-builds-where-pushed"}


def connected(grid, size):
    """Whether the floor cells form one 8-connected group."""
    floors = [(x, y) for y in range(size) for x in range(size) if grid[y][x] != HOLE]
    if not floors:
        return False
    seen = {floors[0]}
    todo = [floors[0]]
    while todo:
        x, y = todo.pop()
        for d in range(8):
            nx, ny = x + DX[d], y + DY[d]
            if 0 <= nx < size and 0 <= ny < size and grid[ny][nx] != HOLE and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return len(seen) == len(floors)


def make_map(rng):
    kind = rng.randrange(3)
    if kind == 0:
        return [[0] * 5 for _ in range(5)]
    if kind == 1:
        return [[0 if abs(x - 3) + abs(y - 3) <= 3 else HOLE for x in range(7)] for y in range(7)]
    while True:
        grid = [[HOLE] * 6 for _ in range(6)]
        for y in range(6):
            for x in range(3):
                if rng.random() < 0.75:
                    grid[y][x] = grid[y][5 - x] = 0
        if sum(row.count(0) for row in grid) >= 12 and connected(grid, 6):
            return grid


class Game:
    def __init__(self, league, bugs, rng):
        self.league = league
        self.bugs = bugs
        self.per = 2 if league >= 2 else 1
        self.grid = make_map(rng)
        self.size = len(self.grid)
        free = [(x, y) for y in range(self.size) for x in range(self.size) if self.grid[y][x] == 0]
        rng.shuffle(free)
        # units[p][i] = [x, y]
        self.units = [[list(free[p * self.per + i]) for i in range(self.per)] for p in range(2)]
        self.score = [0, 0]
        self.out = [False, False]
        self.started = [False, False]
        self.round = 0
        if "rounds-199" in bugs:  # planted: rounds-199 (rounds numbered from 1, like the viewer)
            self.round = 1

    # --- board helpers ---
    def height(self, x, y):
        return self.grid[y][x]

    def playable(self, x, y):
        if not (0 <= x < self.size and 0 <= y < self.size):
            return False
        return self.grid[y][x] != HOLE and self.grid[y][x] < REMOVED

    def unit_at(self, x, y):
        for p in range(2):
            for i in range(self.per):
                if self.units[p][i] == [x, y]:
                    return (p, i)
        return None

    def sees(self, viewer, p, i):
        if self.league < 3 or p == viewer:
            return True
        ux, uy = self.units[p][i]
        return any(max(abs(ux - x), abs(uy - y)) <= 1 for x, y in self.units[viewer])

    def seen_unit_at(self, viewer, x, y, skip=None):
        u = self.unit_at(x, y)
        return u is not None and u != skip and self.sees(viewer, *u)

    # --- rules ---
    def allowed(self, player, push, i, d1, d2):
        fx, fy = self.units[player][i]
        tx, ty = fx + DX[d1], fy + DY[d1]
        if not self.playable(tx, ty):
            return False
        if not push:
            if self.unit_at(tx, ty) is not None:
                return False
            climb = self.height(tx, ty) - self.height(fx, fy)
            if "drop-one" in self.bugs:  # planted: drop-one
                if abs(climb) > 1:
                    return False
            elif climb > 1:
                return False
            bx, by = tx + DX[d2], ty + DY[d2]
            # the unit has left its cell by then, so it does not block its own build
            skip = (player, i)
            if "build-on-left-cell" in self.bugs:  # planted: build-on-left-cell
                skip = None
            return self.playable(bx, by) and not self.seen_unit_at(player, bx, by, skip)
        if self.league < 2:
            return False
        target = self.unit_at(tx, ty)
        if target is None or target[0] == player:
            return False
        if (d2 - d1) % 8 not in (0, 1, 7):
            return False
        px, py = tx + DX[d2], ty + DY[d2]
        if not self.playable(px, py):
            return False
        if "push-no-step" not in self.bugs:  # planted: push-no-step
            if self.height(px, py) > self.height(tx, ty) + 1:
                return False
        return not self.seen_unit_at(player, px, py)

    def legal_actions(self, player):
        acts = []
        for push in (False, True):
            for i in range(self.per):
                for d1 in range(8):
                    for d2 in range(8):
                        if self.allowed(player, push, i, d1, d2):
                            kind = "PUSH&BUILD" if push else "MOVE&BUILD"
                            acts.append(f"{kind} {i} {DIRS[d1]} {DIRS[d2]}")
        acts.sort()
        return acts

    def apply(self, player, push, i, d1, d2):
        fx, fy = self.units[player][i]
        tx, ty = fx + DX[d1], fy + DY[d1]
        if not push:
            self.units[player][i] = [tx, ty]
            if "score-climb-only" in self.bugs:  # planted: score-climb-only
                scores = self.height(tx, ty) == TOP and self.height(fx, fy) < TOP
            else:
                scores = self.height(tx, ty) == TOP
            if scores:
                self.score[player] += 1
            bx, by = tx + DX[d2], ty + DY[d2]
            if self.unit_at(bx, by) is None:  # an unseen enemy there cancels the build
                self.grid[by][bx] += 1
            return
        px, py = tx + DX[d2], ty + DY[d2]
        if self.unit_at(px, py) is not None:  # pushed onto an unseen unit: nothing happens
            return
        p, j = self.unit_at(tx, ty)
        self.units[p][j] = [px, py]
        if "push-builds-where-pushed" in self.bugs:  # planted: push-builds-where-pushed
            self.grid[py][px] += 1
        else:
            self.grid[ty][tx] += 1

    # --- protocol ---
    def turn_input(self, player, legal):
        lines = ["".join("." if h == HOLE else str(h) for h in row) for row in self.grid]
        for p in (player, 1 - player):
            for i in range(self.per):
                if self.sees(player, p, i):
                    lines.append("%d %d" % tuple(self.units[p][i]))
                else:
                    lines.append("-1 -1")
        lines.append(str(len(legal)))
        lines.extend(legal)
        return "\n".join(lines) + "\n"

    def play_turn(self, player):
        legal = self.legal_actions(player)
        out = sys.stdout
        out.write("###Input %d\n" % player)
        if not self.started[player]:
            out.write("%d\n%d\n" % (self.size, self.per))
            self.started[player] = True
        out.write(self.turn_input(player, legal))
        out.write("###Output %d 1\n" % player)
        out.flush()
        raw = sys.stdin.buffer.readline()
        if not raw:
            self.out[player] = True
            return
        # trimmed like Java's trim(), tokens split on blanks; the rest is a message
        words = re.split(rb"[ \t]+", raw.strip(bytes(range(33))))
        if len(words) < 4:
            self.out[player] = True
            return
        text = b" ".join(words[:4]).decode("latin-1")
        if text not in legal:  # covers ACCEPT-DEFEAT, garbage and illegal moves
            self.out[player] = True
            return
        kind, idx, a, b = text.split(" ")
        self.apply(player, kind == "PUSH&BUILD", int(idx), DIRS.index(a), DIRS.index(b))

    def over(self):
        if self.out[0] and self.out[1]:
            return True
        if self.out[0] and self.score[1] > self.score[0]:
            return True
        if self.out[1] and self.score[0] > self.score[1]:
            return True
        if self.league == 0 and sum(self.score) > 0:
            return True
        return self.round >= MAX_ROUNDS

    def run(self):
        player = 0
        while not self.over():
            if not self.out[player]:
                self.play_turn(player)
            player = 1 - player
            if player == 0:
                self.round += 1
        if self.score[0] == self.score[1]:
            return "01"
        return "0 1" if self.score[0] > self.score[1] else "1 0"


def main():
    ap = argparse.ArgumentParser(description="Wondev Woman referee (CodinGame runner protocol)")
    ap.add_argument("--league", type=int, choices=range(4), default=1)
    ap.add_argument("--bugs", default="none", help="comma separated planted bugs, or none")
    ap.add_argument("--seeded", action="store_true", help="seed our map generator with ###Seed")
    args = ap.parse_args()
    bugs = set() if args.bugs == "none" else set(filter(None, args.bugs.split(",")))
    if bugs - KNOWN_BUGS:
        ap.error("unknown bug(s): " + ", ".join(sorted(bugs - KNOWN_BUGS)))

    seed = None
    for raw in iter(sys.stdin.buffer.readline, b""):
        line = raw.decode("latin-1").strip()
        if line.startswith("###Seed "):
            seed = int(line.split()[1])
        elif line.startswith("###Start"):
            break
    if args.seeded and seed is not None:
        rng = random.Random(seed)
    else:
        rng = random.Random(time.time_ns())

    game = Game(args.league, bugs, rng)
    ranking = game.run()
    sys.stdout.write("###End %s\n" % ranking)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""cycles, as a community port of a CodinGame referee for cg-brutaltester.

Written the way those ports are (Ghost in the Cell's, Code4Life's): it reads
exactly one line before the game, whatever it says, and takes it for the
start line; the game is always 2 players and drawn from the clock. Errors go
to stderr in the runner protocol's words ("###Error P InvalidInput Invalid
action : TEXT"). See README.md beside this file.
"""
import random
import sys

WIDTH, HEIGHT, CYCLES, MAX_ROUNDS = 30, 20, 2, 200
MOVES = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


class Game:
    def __init__(self, rng):
        self.grid = [[-1] * WIDTH for _ in range(HEIGHT)]
        self.start, self.head, self.trail = [], [], []
        for i in range(2 * CYCLES):
            while True:
                x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
                if self.grid[y][x] < 0:
                    break
            self.grid[y][x] = i
            self.start.append((x, y))
            self.head.append((x, y))
            self.trail.append([(x, y)])

    def own(self, p):
        return [i for i in range(p * CYCLES, (p + 1) * CYCLES) if self.head[i] is not None]

    def kill(self, i):
        for x, y in self.trail[i]:
            self.grid[y][x] = -1
        self.trail[i] = []
        self.head[i] = None

    def move(self, i, word):
        dx, dy = MOVES[word]
        x, y = self.head[i][0] + dx, self.head[i][1] + dy
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT) or self.grid[y][x] >= 0:
            self.kill(i)
            return
        self.grid[y][x] = i
        self.head[i] = (x, y)
        self.trail[i].append((x, y))

    def send(self, p):
        out = ["###Input %d" % p, "2 %d %d" % (p, CYCLES)]
        for i in range(2 * CYCLES):
            if self.head[i] is None:
                out.append("-1 -1 -1 -1")
            else:
                out.append("%d %d %d %d" % (self.start[i] + self.head[i]))
        out.append("###Output %d %d" % (p, len(self.own(p))))
        print("\n".join(out), flush=True)


def main():
    sys.stdin.readline()  # the start line ("###Start 2"): 2 players, always
    game = Game(random.Random())
    out_round = [None, None]
    rounds = 0
    while rounds < MAX_ROUNDS and out_round.count(None) > 1:
        rounds += 1
        for p in range(2):
            if out_round[p] is not None:
                continue
            game.send(p)
            lines = [sys.stdin.readline() for _ in game.own(p)]
            bad = None
            for line in lines:
                text = line.rstrip("\n")
                word = text.split()[0] if text.split() else ""
                if not line:
                    bad = "###Error %d Timeout" % p
                elif word not in MOVES:
                    bad = "###Error %d InvalidInput Invalid action : %s" % (p, text)
                if bad:
                    break
            if bad:
                sys.stderr.write(bad + "\n")
                sys.stderr.flush()
                for i in game.own(p):
                    game.kill(i)
                out_round[p] = rounds
            else:
                for i, line in zip(game.own(p), lines):
                    game.move(i, line.split()[0])
                if not game.own(p):
                    out_round[p] = rounds
            if out_round.count(None) <= 1:
                break
    keys = []
    for p in range(2):
        if out_round[p] is None:
            own = game.own(p)
            keys.append((1, 0, len(own), sum(len(game.trail[i]) for i in own)))
        else:
            keys.append((0, out_round[p], 0, 0))
    if keys[0] == keys[1]:
        print("###End 01", flush=True)
    else:
        print("###End %s" % ("0 1" if keys[0] > keys[1] else "1 0"), flush=True)


if __name__ == "__main__":
    main()

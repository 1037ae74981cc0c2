#!/usr/bin/env python3
"""cycles (light cycles, after CodinGame's Tron Battle): a referee that launches its bots.

Written the way an organiser writes a quick referee for a local contest: one
Python 3 file, standard library only, its own random start.

usage: referee.py [--seed N] [--cycles C] [--bugs LIST] BOT0 BOT1 [BOT2 [BOT3]]

Each BOT is a command line (split with shlex, started without a shell); the
bot reads its turns on stdin and answers on stdout, its stderr goes to ours.

Rules:
  - a 30x20 grid (x 0..29, y 0..19, UP is y - 1); P players (2 to 4), each
    with C cycles (default 2), every cycle on its own random free cell; a
    cycle's cell is part of its trail;
  - a round gives each player still in the game one turn, in player order. The
    player is sent "N P C" and then N*C lines "X0 Y0 X1 Y1" (start cell and
    current cell of every cycle, player 0's first), "-1 -1 -1 -1" for a dead
    cycle, and answers one line per alive cycle of its own, in cycle order:
    UP, DOWN, LEFT or RIGHT (the first word of the line; the rest is an
    ignored message);
  - the moves are applied one by one in cycle order; a cycle that leaves the
    grid or moves onto any trail cell dies and its whole trail is erased;
  - a player with no cycle left is out; so is one whose answer is late (2000
    ms per line on its first turn, 500 ms later), invalid, or never comes
    because the bot exited: all its cycles die, their trails are erased;
  - the game ends when at most one player is left or after 200 rounds.
    Ranking: players still in first (at the round limit by alive cycles, then
    by total trail length), then the others, later out ranked better; players
    out in the same round tie.

At the end: "Game over after R rounds", "RESULT W" (W the winner, -1 for a tie
at the top) and {"ranks": [...], "errors": [...]} on stdout; exit 0.
"""
import argparse
import json
import os
import random
import select
import shlex
import subprocess
import sys
import time

WIDTH, HEIGHT = 30, 20
MAX_ROUNDS = 200
FIRST_LIMIT = 2.0  # seconds per answer line on a player's first turn
LIMIT = 0.5        # ... and on its later turns
MOVES = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
KNOWN_BUGS = {"crash-on-empty", "hang-on-silence", "clock-seed", "leak-viewer"}


class Bot:
    """One bot process, and what it wrote that we have not read yet."""

    def __init__(self, player, command):
        self.player = player
        self.pending = b""
        try:
            self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, bufsize=0)
        except (OSError, ValueError) as e:
            sys.stderr.write("Cannot start player %d: %s\n" % (player, e))
            self.proc = None

    def send(self, text):
        """Writes a turn input; False if the bot is gone."""
        if self.proc is None:
            return False
        data = memoryview(text.encode())
        try:
            while data:
                data = data[os.write(self.proc.stdin.fileno(), data):]
        except OSError:  # BrokenPipeError: it exited
            return False
        return True

    def read_line(self, limit, blocking=False):
        """One answer line (bytes, without the newline), None at end of file,
        or raises TimeoutError when no full line came within `limit` seconds."""
        if blocking:  # planted: hang-on-silence
            line = self.proc.stdout.readline()
            return line.rstrip(b"\n") if line else None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + limit
        while b"\n" not in self.pending:  # an answer may come in pieces
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError()
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    return None  # exited or closed its stdout
                self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line

    def stop(self):
        """Closes its stdin, gives it 1 s to exit, then kills it."""
        if self.proc is None:
            return
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.proc = None


class Game:
    def __init__(self, players, cycles, rng):
        self.players, self.cycles = players, cycles
        self.grid = [[-1] * WIDTH for _ in range(HEIGHT)]  # the cycle whose trail it is, or -1
        self.start, self.head, self.trail = [], [], []
        for i in range(players * cycles):
            while True:
                x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
                if self.grid[y][x] < 0:
                    break
            self.grid[y][x] = i
            self.start.append((x, y))
            self.head.append((x, y))
            self.trail.append([(x, y)])

    def own(self, p):
        """p's alive cycles, in cycle order."""
        return [i for i in range(p * self.cycles, (p + 1) * self.cycles) if self.head[i] is not None]

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

    def turn_input(self, p):
        lines = ["%d %d %d" % (self.players, p, self.cycles)]
        for i in range(self.players * self.cycles):
            if self.head[i] is None:
                lines.append("-1 -1 -1 -1")
            else:
                lines.append("%d %d %d %d" % (self.start[i] + self.head[i]))
        return "\n".join(lines) + "\n"


def play(game, bots, bugs):
    """Plays the game; returns (rounds played, round each player went out or None, errors)."""
    players = game.players
    out_round = [None] * players
    errors = [0] * players
    turns = [0] * players
    rounds = 0

    def put_out(p, error):
        for i in game.own(p):
            game.kill(i)
        out_round[p] = rounds
        errors[p] = error
        bots[p].stop()

    while rounds < MAX_ROUNDS and out_round.count(None) > 1:
        rounds += 1
        for p in range(players):
            if out_round[p] is not None:
                continue
            limit = FIRST_LIMIT if turns[p] == 0 else LIMIT
            turns[p] += 1
            bot = bots[p]
            if not bot.send(game.turn_input(p)):
                sys.stderr.write("Player %d crashed\n" % p)
                put_out(p, 1)
            else:
                words = []
                for _ in game.own(p):
                    try:
                        raw = bot.read_line(limit, "hang-on-silence" in bugs)
                    except TimeoutError:
                        sys.stderr.write("Timeout: player %d did not answer in time\n" % p)
                        put_out(p, 1)
                        break
                    if raw is None:
                        sys.stderr.write("Player %d crashed\n" % p)
                        put_out(p, 1)
                        break
                    text = raw.decode("utf-8", "replace").rstrip("\r")
                    if "crash-on-empty" in bugs:  # planted: crash-on-empty
                        word = text.split()[0]
                    else:
                        parts = text.split()
                        word = parts[0] if parts else ""
                    if word not in MOVES:
                        sys.stderr.write("Invalid action from player %d: '%s'\n" % (p, text))
                        put_out(p, 1)
                        break
                    words.append(word)
                else:
                    for i, word in zip(game.own(p), words):
                        game.move(i, word)
                    if not game.own(p):
                        put_out(p, 0)
            if out_round.count(None) <= 1:
                break
    return rounds, out_round, errors


def ranks(game, out_round):
    """0 = best; equal keys share a rank (the number of players strictly better)."""
    keys = []
    for p in range(game.players):
        if out_round[p] is None:
            own = game.own(p)
            keys.append((1, 0, len(own), sum(len(game.trail[i]) for i in own)))
        else:
            keys.append((0, out_round[p], 0, 0))
    return [sum(1 for k in keys if k > key) for key in keys]


def main():
    ap = argparse.ArgumentParser(description="cycles referee: launches the bots and plays one game")
    ap.add_argument("--seed", type=int, help="seed of the start (default: the clock)")
    ap.add_argument("--cycles", type=int, default=2, help="cycles per player (default 2)")
    ap.add_argument("--bugs", default="", help="comma-separated planted bugs (default: none)")
    ap.add_argument("bots", nargs="+", metavar="BOT", help="bot command lines, 2 to 4")
    args = ap.parse_args()
    bugs = set(filter(None, args.bugs.split(","))) - {"none"}
    if bugs - KNOWN_BUGS:
        ap.error("unknown bug(s): " + ", ".join(sorted(bugs - KNOWN_BUGS)))
    if not 2 <= len(args.bots) <= 4:
        ap.error("2 to 4 bots")
    if not 1 <= args.cycles <= 10:
        ap.error("--cycles: 1 to 10")

    if args.seed is None or "clock-seed" in bugs:  # planted: clock-seed ignores --seed
        rng = random.Random(time.time_ns())
    else:
        rng = random.Random(args.seed)
    game = Game(len(args.bots), args.cycles, rng)
    if "leak-viewer" in bugs:  # planted: leak-viewer starts a helper it never stops
        subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL)
    bots = [Bot(p, command) for p, command in enumerate(args.bots)]
    rounds, out_round, errors = play(game, bots, bugs)
    for bot in bots:
        bot.stop()

    rank = ranks(game, out_round)
    winner = rank.index(0) if rank.count(0) == 1 else -1
    print("Game over after %d rounds" % rounds)
    print("RESULT %d" % winner)
    print(json.dumps({"ranks": rank, "errors": errors}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Save The Island referee for a local tournament, in CodinGame's runner protocol.

The runner writes "###Seed N" (optional) and "###Start 2" on our stdin. Each
turn only the player to move (P = 0 for player 1, 1 for player 2) gets a
board: we print "###Input P", the board "P;TTTTT;IIIIIIIIIIIIIII" (player
number 1 or 2, five tiles, 15 island cells), "###Output P 1", and read the
player's answer line. At the end: "###End 0 1", "###End 1 0" or "###End 01"
(a draw at the turn limit).

Rules as we play them (save-the-island.txt and the organisers' notes):
player 1 starts on cell 0, player 2 on cell 14, five random tiles 1..4 each;
move;x (x < distance), retreat;x (falling off your own edge loses),
shuffle (20 a game), attack;x...x (x = distance). The defender defends with
its matching tiles, at most as many as the attack has; each hit left knocks
it back 3 cells, after the attacker has stepped next to it. Used tiles are
the leftmost ones and are dealt again when their owner is next to move (an
empty slot cannot defend). Anything else disqualifies. 200 turns, then a draw.

usage: referee.py [--bugs LIST|none] [--seeded]
"""
import argparse
import random
import re
import sys
import time

CELLS = 15             # cells 0..14
HAND = 5               # five tiles
EMPTY = 0              # a used slot, dealt again on its owner's next turn
KNOCK = 3              # cells per hit
SHUFFLES = 20          # per player per game
MAX_TURNS = 200        # both players' turns together, then a draw
KNOWN_BUGS = {"tiles-from-right", "defence-uncapped", "retreat-edge-ignored", "attacker-stays"}

# The four answers, nothing else: no blanks, lower case, tiles '1'..'4'.
ANSWER = re.compile(rb"(move|retreat);([1-4])|shuffle|attack;(([1-4])\4*)")


class Game:
    def __init__(self, bugs, rng):
        self.bugs = bugs
        self.rng = rng
        self.pos = [0, CELLS - 1]
        self.hands = [[self.tile() for _ in range(HAND)] for _ in range(2)]
        self.shuffles = [0, 0]
        self.turn = 0
        self.winner = None      # None: still playing; -1: a draw
        self.why = ""

    def tile(self):
        return self.rng.randint(1, 4)

    # --- helpers ---
    def distance(self):
        return self.pos[1] - self.pos[0]

    @staticmethod
    def forward(p):
        return 1 if p == 0 else -1

    def has(self, p, value):
        return self.hands[p].count(value)

    def take(self, p, value, count):
        """Uses `count` tiles of `value` from p's hand: their slots become empty."""
        slots = range(HAND)
        if "tiles-from-right" in self.bugs:  # planted: tiles-from-right
            slots = range(HAND - 1, -1, -1)
        for i in slots:
            if count == 0:
                break
            if self.hands[p][i] == value:
                self.hands[p][i] = EMPTY
                count -= 1

    def end(self, winner, why):
        if self.winner is None:
            self.winner = winner
            self.why = why

    def board(self, p):
        for i in range(HAND):  # used tiles are dealt when their owner is next to move
            if self.hands[p][i] == EMPTY:
                self.hands[p][i] = self.tile()
        island = ["0"] * CELLS
        island[self.pos[0]] = "1"
        island[self.pos[1]] = "2"
        return "%d;%s;%s" % (p + 1, "".join(map(str, self.hands[p])), "".join(island))

    # --- one answer ---
    def play(self, p, line):
        o = 1 - p
        who = "player %d" % (p + 1)
        m = ANSWER.fullmatch(line)
        if not m:
            return self.end(o, "%s answered %r, not a move" % (who, line))
        d = self.distance()
        if m.group(1):
            kind, x = m.group(1), int(m.group(2))
            if not self.has(p, x):
                return self.end(o, "%s has no tile %d" % (who, x))
            if kind == b"move":
                if x >= d:
                    return self.end(o, "%s moves to or past the opponent" % who)
                self.take(p, x, 1)
                self.pos[p] += self.forward(p) * x
                return
            to = self.pos[p] - self.forward(p) * x
            if not 0 <= to < CELLS and "retreat-edge-ignored" in self.bugs:
                return  # planted: retreat-edge-ignored (nobody retreats into the sea)
            self.take(p, x, 1)
            self.pos[p] = to
            if not 0 <= to < CELLS:
                self.end(o, "%s retreated off the island" % who)
            return
        if line == b"shuffle":
            if self.shuffles[p] >= SHUFFLES:
                return self.end(o, "%s has no shuffle left" % who)
            self.shuffles[p] += 1
            self.hands[p] = [EMPTY] * HAND
            return
        x, a = int(m.group(4)), len(m.group(3))
        if x != d:
            return self.end(o, "%s attacks from distance %d with %d" % (who, d, x))
        if a > self.has(p, x):
            return self.end(o, "%s attacks with tiles it does not hold" % who)
        k = min(a, self.has(o, x))
        if "defence-uncapped" in self.bugs:  # planted: defence-uncapped
            k = self.has(o, x)  # "the number of matching tiles in the defender's tile array"
        hits = max(0, a - k)
        self.take(p, x, a)
        self.take(o, x, k)
        if hits == 0:
            return  # fully defended: nobody moves
        if "attacker-stays" not in self.bugs:  # planted: attacker-stays
            self.pos[p] = self.pos[o] - self.forward(p)
        self.pos[o] += self.forward(p) * KNOCK * hits
        if not 0 <= self.pos[o] < CELLS:
            self.end(p, "player %d was knocked off the island" % (o + 1))

    # --- protocol ---
    def run(self):
        out = sys.stdout
        while self.winner is None:
            p = self.turn % 2
            out.write("###Input %d\n%s\n###Output %d 1\n" % (p, self.board(p), p))
            out.flush()
            raw = sys.stdin.buffer.readline()
            if not raw:
                self.end(1 - p, "player %d gave no answer" % (p + 1))
                break
            line = raw[:-1] if raw.endswith(b"\n") else raw
            if line.endswith(b"\r"):  # a Windows line end is still a line end
                line = line[:-1]
            self.play(p, line)
            self.turn += 1
            if self.winner is None and self.turn >= MAX_TURNS:
                self.end(-1, "the turn limit")
        sys.stderr.write("island-py: %s after %d turns\n" % (self.why, self.turn))
        if self.winner < 0:
            return "01"
        return "%d %d" % (self.winner, 1 - self.winner)


def main():
    ap = argparse.ArgumentParser(description="Save The Island referee (CodinGame runner protocol)")
    ap.add_argument("--bugs", default="none", help="comma separated planted bugs, or none")
    ap.add_argument("--seeded", action="store_true", help="seed our tile dealer with ###Seed")
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

    ranking = Game(bugs, rng).run()
    sys.stdout.write("###End %s\n" % ranking)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

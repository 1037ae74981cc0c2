#!/usr/bin/env python3
"""JavaChallenge2015 referee for a local tournament, in CodinGame's runner protocol.

The runner writes "###Seed N" (optional) and "###Start 4" on our stdin. Turn
T = 0, 1, 2, ... belongs to player T % 4; if that player is still on the
board we print "###Input P", its turn input (its id, T, the 6x6 block timers,
the four lines "R C D S", EOD), "###Output P 1", and read its answer line.
At the end: "###End W ..." (the winner first, then the others, those who
fell later first, players who fell together in one group) or "###End 0123"
(a draw).

Rules as we play them (the JavaChallenge2015 rule text):
  - 18x18 squares, 6x6 blocks of 3x3; four players placed at random, every
    two more than 3 apart (Manhattan), each facing a random way;
  - every turn but the first starts with a tick: a block timer above 0 counts
    down and the block falls at 0 (shown -20 then, whoever stands on it falls
    with it); one below 0 counts up and the block is back at 0;
  - U R D L move one square and turn the player that way; the move is
    cancelled (the player still turns) off the board, into a fallen block, or
    to 3 or less from another player still on the board;
  - A schedules each block of the faced line, from the neighbour of the
    attacker's own block to the edge: n blocks away falls 4n turns later;
    a block already falling or fallen keeps its timer. The attacker cannot
    act until its second next turn has ended (it acts again on T + 12); it
    is still asked on its turns in between (S > 0) and its answer is ignored;
  - an answer is trimmed; anything but U R D L A N does nothing;
  - a fallen player's turn is not asked but still counts (T goes on, the
    blocks tick); it is shown as "-1 -1 <last direction> 0";
  - the game ends when one player is left (it wins), when none is (the last
    ones fell together: a draw), or after turn T = 999 (a draw).

usage: referee.py [--bugs LIST|none] [--seeded]
"""
import argparse
import random
import sys
import time

PLAYERS = 4
SQUARES = 18          # squares per side ...
BLOCK = 3             # ... in blocks of 3x3 squares
BLOCKS = 6            # 6x6 blocks
TURNS = 1000          # T = 0 .. 999
PER_BLOCK = 4         # a block n blocks away falls 4n turns later
RESTORE = 20          # a fallen block is back 20 turns later
STUN = 12             # an attack on T: the attacker acts again on T + 12
TOO_CLOSE = 3         # a move to 3 or less from another player is cancelled
DIRS = "URDL"
DR = [-1, 0, 1, 0]
DC = [0, 1, 0, -1]
BLANKS = bytes(range(33))  # what Java's trim() takes off
KNOWN_BUGS = {"cancel-under-three", "attack-resets-timers", "skip-fallen-turns", "plays-on-alone",
              "attack-axes-swapped"}


class RunnerGone(Exception):
    """The runner closed our stdin or stdout: nobody is left to referee for."""


def manhattan(r1, c1, r2, c2):
    return abs(r1 - r2) + abs(c1 - c2)


class Game:
    def __init__(self, bugs, rng):
        self.bugs = bugs
        self.turn_ms = 0
        self.blocks = [[0] * BLOCKS for _ in range(BLOCKS)]
        self.row = [0] * PLAYERS
        self.col = [0] * PLAYERS
        self.dir = [0] * PLAYERS
        self.alive = [True] * PLAYERS
        self.acts_at = [0] * PLAYERS     # first turn on which the player may act again
        self.fell_at = [None] * PLAYERS  # the turn a player fell on, for the ranking
        self.turn = 0
        for p in range(PLAYERS):
            while True:
                r, c = rng.randrange(SQUARES), rng.randrange(SQUARES)
                if all(manhattan(r, c, self.row[q], self.col[q]) > TOO_CLOSE for q in range(p)):
                    break
            self.row[p], self.col[p] = r, c
            self.dir[p] = rng.randrange(4)

    def left(self):
        return sum(self.alive)

    # --- rules ---
    def tick(self):
        fell = set()
        for r in range(BLOCKS):
            for c in range(BLOCKS):
                b = self.blocks[r][c]
                if b > 0:
                    b -= 1
                    if b == 0:
                        b = -RESTORE
                        fell.add((r, c))
                elif b < 0:
                    b += 1
                self.blocks[r][c] = b
        for p in range(PLAYERS):
            if self.alive[p] and (self.row[p] // BLOCK, self.col[p] // BLOCK) in fell:
                self.alive[p] = False
                self.fell_at[p] = self.turn
                sys.stderr.write("jc2015-py: turn %d: player %d falls\n" % (self.turn, p))

    def move(self, p, d):
        self.dir[p] = d  # a move turns the player, cancelled or not
        r, c = self.row[p] + DR[d], self.col[p] + DC[d]
        if not (0 <= r < SQUARES and 0 <= c < SQUARES):
            return  # off the board
        if self.blocks[r // BLOCK][c // BLOCK] < 0:
            return  # into a fallen block (one only scheduled to fall is still there)
        limit = TOO_CLOSE
        if "cancel-under-three" in self.bugs:  # planted: cancel-under-three
            limit = TOO_CLOSE - 1  # "the others must stay 3 away": < 3 refused
        for q in range(PLAYERS):
            if q != p and self.alive[q] and manhattan(r, c, self.row[q], self.col[q]) <= limit:
                return  # too close to another player
        self.row[p], self.col[p] = r, c

    def attack(self, p):
        self.acts_at[p] = self.turn + STUN
        d = self.dir[p]
        dr, dc = DR[d], DC[d]
        if "attack-axes-swapped" in self.bugs:  # planted: attack-axes-swapped
            dr, dc = dc, dr  # the line walked with row and column steps crossed
        br, bc = self.row[p] // BLOCK + dr, self.col[p] // BLOCK + dc
        n = 1
        while 0 <= br < BLOCKS and 0 <= bc < BLOCKS:
            b = self.blocks[br][bc]
            if "attack-resets-timers" in self.bugs:  # planted: attack-resets-timers
                hit = b >= 0  # a hole cannot be dropped again; the rest is put on the new timer
            else:
                hit = b == 0  # falling or fallen already: its timer stays
            if hit:
                self.blocks[br][bc] = PER_BLOCK * n
            br, bc, n = br + dr, bc + dc, n + 1

    # --- protocol ---
    def turn_input(self, p):
        lines = [str(p), str(self.turn)]
        for r in range(BLOCKS):
            lines.append(" ".join(str(b) for b in self.blocks[r]))
        for q in range(PLAYERS):
            if self.alive[q]:
                stun = max(0, self.acts_at[q] - self.turn)
                lines.append("%d %d %s %d" % (self.row[q], self.col[q], DIRS[self.dir[q]], stun))
            else:
                lines.append("-1 -1 %s 0" % DIRS[self.dir[q]])
        lines.append("EOD")
        return "\n".join(lines) + "\n"

    def play_turn(self, p):
        if self.turn_ms:
            time.sleep(self.turn_ms / 1000.0)  # a slow referee: its own work before each turn
        out = sys.stdout
        out.write("###Input %d\n%s###Output %d 1\n" % (p, self.turn_input(p), p))
        out.flush()
        raw = sys.stdin.buffer.readline()
        if not raw:
            raise RunnerGone()
        if self.turn < self.acts_at[p]:
            return  # stunned: the answer is read and ignored
        cmd = raw.strip(BLANKS)
        if cmd in (b"U", b"R", b"D", b"L"):
            self.move(p, DIRS.index(cmd.decode()))
        elif cmd == b"A":
            self.attack(p)
        # "N" and anything else: nothing

    def run(self):
        over = 1  # one player left: it has won
        if "plays-on-alone" in self.bugs:  # planted: plays-on-alone
            over = 0  # the game runs while someone is on the board to play it
        while self.turn < TURNS:
            p = self.turn % PLAYERS
            if "skip-fallen-turns" in self.bugs and not self.alive[p]:  # planted: skip-fallen-turns
                self.turn += 1  # nobody to ask: on to the next player
                continue
            if self.turn > 0:
                self.tick()
            if self.left() <= over:
                break
            if self.alive[p]:
                self.play_turn(p)
            self.turn += 1
        return self.ranking()

    def fallen_groups(self):
        """Fallen players, those who fell later first, those who fell together in one group."""
        groups = []
        for t in sorted({t for t in self.fell_at if t is not None}, reverse=True):
            groups.append("".join(str(q) for q in range(PLAYERS) if self.fell_at[q] == t))
        return groups

    def ranking(self):
        if self.left() != 1:
            sys.stderr.write("jc2015-py: a draw after %d turns\n" % self.turn)
            if self.draw_ranking == "survivors":
                # The players the draw is among tied first, then the fallen.
                survivors = "".join(str(q) for q in range(PLAYERS) if self.alive[q])
                return " ".join(([survivors] if survivors else []) + self.fallen_groups())
            return "".join(str(p) for p in range(PLAYERS))
        winner = self.alive.index(True)
        sys.stderr.write("jc2015-py: player %d wins after %d turns\n" % (winner, self.turn))
        return " ".join([str(winner)] + self.fallen_groups())


def main():
    ap = argparse.ArgumentParser(description="JavaChallenge2015 referee (CodinGame runner protocol)")
    ap.add_argument("--bugs", default="none", help="comma separated planted bugs, or none")
    ap.add_argument("--seeded", action="store_true", help="seed our start with ###Seed")
    ap.add_argument("--draw-ranking", choices=("all", "survivors"), default="all",
                    help="a draw: every player in one group, or the survivors tied first")
    ap.add_argument("--turn-ms", type=int, default=0,
                    help="work this many milliseconds before each turn (a slow referee)")
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

    try:
        game = Game(bugs, rng)
        game.draw_ranking = args.draw_ranking
        game.turn_ms = max(0, args.turn_ms)
        ranking = game.run()
        sys.stdout.write("###End %s\n" % ranking)
        sys.stdout.flush()
    except (RunnerGone, BrokenPipeError):
        sys.stderr.write("jc2015-py: the runner is gone\n")
        try:
            sys.stdout.close()
        except BrokenPipeError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())

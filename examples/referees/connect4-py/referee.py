#!/usr/bin/env python3
"""Connect Four, as an organiser writes a referee for a local tournament.

It launches its two bots itself, gives the player to move its id and the
board, reads a column, and prints "RESULT W" at the end (W the winner, -1 a
draw). Planted bugs, off by default (--bugs a,b): see README.md.
"""
import argparse
import os
import random
import select
import shlex
import subprocess
import sys

COLS, ROWS = 7, 6
LIMIT = 1.0  # seconds per answer


class Bot:
    def __init__(self, command):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.buf = b""

    def send(self, text):
        try:
            self.proc.stdin.write(text.encode())
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def readline(self, limit):
        """A line (without its newline), None at end of file; TimeoutError."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            if limit is not None:
                ready, _, _ = select.select([fd], [], [], limit)
                if not ready:
                    raise TimeoutError
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace")

    def stop(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def wins(board, p):
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + k * dr < ROWS and 0 <= c + k * dc < COLS and
                       board[r + k * dr][c + k * dc] == str(p) for k in range(4)):
                    return True
    return False


def play(bots, bugs, rng):
    board = [["."] * COLS for _ in range(ROWS)]
    first = rng.randrange(2)  # who starts: the referee's own draw
    for turn in range(COLS * ROWS):
        p = (first + turn) % 2
        if not bots[p].send("%d\n%s\n" % (p, "\n".join("".join(r) for r in board))):
            sys.stderr.write("player %d crashed\n" % p)
            return 1 - p, p
        try:
            line = bots[p].readline(LIMIT)
        except TimeoutError:
            sys.stderr.write("player %d timed out\n" % p)
            return 1 - p, p
        if line is None:
            sys.stderr.write("player %d crashed\n" % p)
            return 1 - p, p
        text = line.rstrip("\r")
        if "crash-on-empty" in bugs:
            col = int(text)  # planted: an empty line raises ValueError
        else:
            try:
                col = int(text)
            except ValueError:
                col = -1
        if "hang-on-sign" in bugs and col >= 0 and text != str(col):
            # planted: a column not written as the referee writes it ("+3",
            # "03", " 3 ") is taken for a part of the answer, the rest read
            # with no time limit
            bots[p].readline(None)
        if not 0 <= col < COLS or board[0][col] != ".":
            sys.stderr.write("player %d disqualified: illegal move: %r\n" % (p, text[:40]))
            return 1 - p, p
        row = max(r for r in range(ROWS) if board[r][col] == ".")
        board[row][col] = str(p)
        if wins(board, p):
            return p, None
    return -1, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int)
    ap.add_argument("--bugs", default="none")
    ap.add_argument("bots", nargs=2)
    args = ap.parse_args()
    bugs = set() if args.bugs == "none" else set(args.bugs.split(","))
    rng = random.Random(args.seed)
    bots = [Bot(c) for c in args.bots]
    winner, out = play(bots, bugs, rng)
    if "winner-disqualified" in bugs and out is not None:
        winner = out  # planted: the player it put out is named the winner
    for b in bots:
        b.stop()
    print("RESULT %d" % winner, flush=True)


if __name__ == "__main__":
    main()

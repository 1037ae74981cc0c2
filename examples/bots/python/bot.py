#!/usr/bin/env python3
"""A sample JavaChallenge2015 (jc2015) bot in Python 3, for contestants to start from.

Protocol: it prints READY at once, then answers every 13-line turn input (id,
T, six rows of block values, four players 'R C D S', EOD) with exactly one
command line (U R D L A N), flushed; it answers N when stunned or when the
input is malformed, exits when standard input closes, and never writes
anything else to standard output. Strategy (simpler than the C++ example):
never step onto or stay on a block that falls before its next own turn or the
one after, attack when an opponent's stable block lies in the facing line,
otherwise move to line up with the nearest opponent's block row or column.
"""
import sys

BLOCKS, BLOCK_SQUARES, SQUARES, PLAYERS = 6, 3, 18, 4
CANCEL_DISTANCE = 3  # a move this close to another player is cancelled
ROUND = 4  # global turns between two own turns
FALLEN_TURNS = 20  # a fallen block comes back 20 turns later
MAX_TIMER = 1000  # |B| and S beyond this are malformed input
DIRS = "URDL"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)


def sign(x):
    return (x > 0) - (x < 0)


def parse(lines):
    """Returns (id, blocks, players) or None; players are [row, col, dir, stun]."""
    tokens = " ".join(lines).split()
    if len(tokens) != 2 + BLOCKS * BLOCKS + 4 * PLAYERS:
        return None
    try:
        me = int(tokens[0])
        values = [int(t) for t in tokens[2:2 + BLOCKS * BLOCKS]]
        blocks = [values[r * BLOCKS:(r + 1) * BLOCKS] for r in range(BLOCKS)]
        players = []
        for q in range(PLAYERS):
            r, c, d, s = tokens[38 + 4 * q:42 + 4 * q]
            if d not in DIRS:
                return None
            players.append([int(r), int(c), DIRS.index(d), int(s)])
    except ValueError:
        return None
    if not 0 <= me < PLAYERS or players[me][0] < 0:
        return None
    if any(abs(v) > MAX_TIMER for v in values) or any(not 0 <= p[3] <= MAX_TIMER for p in players):
        return None
    for r, c, _, _ in players:
        if (r, c) != (-1, -1) and not (0 <= r < SQUARES and 0 <= c < SQUARES):
            return None
    return me, blocks, players


def down_at(b, dt):
    """Whether a block whose value is b now has fallen dt global turns from now."""
    if b > 0:
        return b <= dt < b + FALLEN_TURNS
    return dt < -b


def holds(b, first, last):
    return not any(down_at(b, dt) for dt in range(first, last + 1))


def choose(me, blocks, players):
    row, col, facing, stun = players[me]
    if stun > 0:
        return "N"
    others = [p for q, p in enumerate(players) if q != me and p[0] >= 0]
    block = lambda r, c: blocks[r // BLOCK_SQUARES][c // BLOCK_SQUARES]

    def step(r, c, d, dt):
        nr, nc = r + DR[d], c + DC[d]
        if not (0 <= nr < SQUARES and 0 <= nc < SQUARES) or down_at(block(nr, nc), dt):
            return r, c
        if any(abs(nr - o[0]) + abs(nc - o[1]) <= CANCEL_DISTANCE for o in others):
            return r, c
        return nr, nc

    def safe(r, c):
        """Survives this round and can survive the next one (standing or moving)."""
        if not holds(block(r, c), 1, ROUND):
            return False
        for d in (None, 0, 1, 2, 3):
            nr, nc = (r, c) if d is None else step(r, c, d, ROUND)
            if holds(block(nr, nc), ROUND + 1, 2 * ROUND):
                return True
        return False

    mbr, mbc = row // BLOCK_SQUARES, col // BLOCK_SQUARES
    # Attack an opponent on a stable block in the facing line, if we can wait here stunned.
    if holds(block(row, col), 1, 3 * ROUND):
        for o in others:
            dr, dc = o[0] // BLOCK_SQUARES - mbr, o[1] // BLOCK_SQUARES - mbc
            if (dr == 0) != (dc == 0) and (sign(dr), sign(dc)) == (DR[facing], DC[facing]) \
                    and block(o[0], o[1]) == 0:
                return "A"

    target = min(others, key=lambda o: abs(o[0] - row) + abs(o[1] - col), default=None)

    def value(r, c, d):
        v = 0 if safe(r, c) else -1000
        if block(r, c) != 0:
            v -= 60
        if target is not None:
            dr = target[0] // BLOCK_SQUARES - r // BLOCK_SQUARES
            dc = target[1] // BLOCK_SQUARES - c // BLOCK_SQUARES
            v -= 40 * (1 if dr == dc == 0 else min(abs(dr), abs(dc)))
            if (dr == 0) != (dc == 0) and (sign(dr), sign(dc)) == (DR[d], DC[d]):
                v += 30
        return v

    best, best_value = "N", value(row, col, facing)
    for d in range(4):
        nr, nc = step(row, col, d, 0)
        v = value(nr, nc, d)
        if v > best_value:
            best, best_value = DIRS[d], v
    return best


def main():
    print("READY", flush=True)
    lines = []
    while True:
        raw = sys.stdin.buffer.readline()  # bytes: stray non-ASCII input cannot raise
        if not raw:
            return  # standard input closed: the game is over
        line = raw.decode("ascii", "replace").strip()
        if line != "EOD":
            if line and len(lines) < 64:
                lines.append(line)
            continue
        turn = parse(lines)
        lines = []
        print(choose(*turn) if turn else "N", flush=True)


if __name__ == "__main__":
    main()

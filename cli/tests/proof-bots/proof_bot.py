#!/usr/bin/env python3
"""A proof bot for arbiter check-bot's tests, written the way a contestant
writes a Python bot: print() on sys.stdout, which is fully buffered when
standard output is a pipe, and lines read from sys.stdin.

It plays all three games (--game jc2015|wondev|island) and misbehaves only as
its --mode says, on its own turn K (--turn K, 1-based, default 1):

  ok              a correct bot that keeps its own counts and uses them: its
                  own turns (jc2015, every game), its units' previous cells
                  (wondev), its shuffles (island: one on own turns 1, 4, 7, ...
                  while it has used fewer than 20, never after its 20th). It never
                  attacks in jc2015 and never pushes the opponent towards an
                  end in island, so that a whole game against players that
                  never end it lasts to the turn limit. Flushes every line.
  crash-at        as ok, but exits with status 3 on its own turn K
  late-at         as ok, but sleeps 1500 ms (jc2015, wondev) or 3500 ms
                  (island) before answering its own turn K
  ready-unflushed (jc2015) print("READY") without a flush, then as ok, never
                  flushing
  never-flush     every answer with print() and no flush (jc2015: READY is
                  flushed); the runtime flushes the buffer when the bot exits
                  at the end of its input
  reads-extra     as ok, but on its own turn K reads one line more with
                  input() before answering: it blocks, and dies of EOFError
                  when its stdin is closed (a beginner's miscount)
  reads-before-ready (jc2015) reads a line with input() before it prints
                  READY
  debug-stdout    as ok, but on its own turn K prints a debug line to stdout
                  (flushed) before its answer
  lower-case      as ok, but its answer of own turn K in lower case
  fail-league3    (wondev) as ok, but crashes (exit 3) on its first own turn
                  from its 3rd on where an enemy unit is hidden by the fog
                  (-1 -1): only league 3 has a fog. A bot cannot single out
                  league 0: leagues 0 and 1 send the same initialisation
                  (size, then unitsPerPlayer 1) and the same turn input, and
                  differ only in when the game ends (wondev.league,
                  wondev.league.units, wondev.fog.visibility).

It exits 0 at the end of its input.
"""
import argparse
import sys
import time

GAMES = ("jc2015", "wondev", "island")
MODES = ("ok", "crash-at", "late-at", "ready-unflushed", "never-flush", "fail-league3",
         "reads-extra", "reads-before-ready", "debug-stdout", "lower-case")
MODE_GAMES = {"ready-unflushed": ("jc2015",), "fail-league3": ("wondev",),
              "reads-before-ready": ("jc2015",)}


class Bot:
    """What every game shares: the mode, the own-turn count and the output."""

    def __init__(self, args):
        self.game = args.game
        self.mode = args.mode
        self.k = args.turn
        self.own_turns = 0
        self.flush = args.mode not in ("ready-unflushed", "never-flush")

    def say(self, line):
        if self.own_turns == self.k and self.mode == "debug-stdout":
            print("debug: own turn %d" % self.k, flush=True)
        if self.own_turns == self.k and self.mode == "lower-case":
            line = line.lower()
        if self.flush:
            print(line, flush=True)
        else:
            print(line)  # stays in the buffer until it fills or the bot exits

    def begin_turn(self):
        """Counts an own turn and plays the mode's misbehaviour on turn K."""
        self.own_turns += 1
        if self.own_turns != self.k:
            return
        if self.mode == "crash-at":
            print("proof_bot: exiting with status 3 on own turn %d" % self.k,
                  file=sys.stderr, flush=True)
            sys.exit(3)
        if self.mode == "late-at":
            time.sleep(3.5 if self.game == "island" else 1.5)
        if self.mode == "reads-extra":
            input()  # one line too many: EOFError once stdin is closed


def read_line():
    """The next line without its end, or None at the end of the input."""
    raw = sys.stdin.buffer.readline()
    if not raw:
        return None
    return raw.decode("latin-1").rstrip("\r\n")


# ---------------------------------------------------------------- jc2015 --

BLOCKS, BLOCK_SQUARES, SQUARES, PLAYERS = 6, 3, 18, 4
ROUND = 4  # global turns between two own turns
FALLEN_TURNS = 20  # a fallen block comes back 20 turns later
CANCEL_DISTANCE = 3  # a move this close to another player is cancelled
HORIZON = 4  # own turns of look-ahead
MAX_TIMER = 1000
DIRS = "URDL"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
OPENING_TURNS = 10  # own turns spent walking towards the centre


def jc_parse(lines):
    """(id, T, blocks, players) of a turn, players [row, col, dir, stun], or None."""
    tokens = " ".join(lines).split()
    if len(tokens) != 2 + BLOCKS * BLOCKS + 4 * PLAYERS:
        return None
    try:
        me, t = int(tokens[0]), int(tokens[1])
        values = [int(v) for v in tokens[2:2 + BLOCKS * BLOCKS]]
        players = []
        for q in range(PLAYERS):
            r, c, d, s = tokens[38 + 4 * q:42 + 4 * q]
            if len(d) != 1 or d not in DIRS:
                return None
            players.append([int(r), int(c), DIRS.index(d), int(s)])
    except ValueError:
        return None
    if not 0 <= me < PLAYERS or any(abs(v) > MAX_TIMER for v in values):
        return None
    for r, c, _, s in players:
        if not 0 <= s <= MAX_TIMER:
            return None
        if (r, c) != (-1, -1) and not (0 <= r < SQUARES and 0 <= c < SQUARES):
            return None
    blocks = [values[r * BLOCKS:(r + 1) * BLOCKS] for r in range(BLOCKS)]
    return me, t, blocks, players


def down_at(b, dt):
    """Whether a block of value b now is down dt global turns from now."""
    if b > 0:
        return b <= dt < b + FALLEN_TURNS
    return dt < -b


def holds(b, first, last):
    return not any(down_at(b, dt) for dt in range(first, last + 1))


def sign(x):
    return (x > 0) - (x < 0)


class Jc2015Planner:
    """Never attacks: it stays on blocks that hold for HORIZON own turns and
    out of the opponents' lines of fire, and walks to the centre at first."""

    def __init__(self, me, blocks, players, own_turns):
        self.me, self.blocks, self.players = me, blocks, players
        self.own_turns = own_turns
        self.others = [p for q, p in enumerate(players) if q != me and p[0] >= 0]
        self.memo = {}

    def block(self, r, c):
        return self.blocks[r // BLOCK_SQUARES][c // BLOCK_SQUARES]

    def step(self, r, c, d, dt):
        nr, nc = r + DR[d], c + DC[d]
        if not (0 <= nr < SQUARES and 0 <= nc < SQUARES) or down_at(self.block(nr, nc), dt):
            return r, c
        if any(abs(nr - o[0]) + abs(nc - o[1]) <= CANCEL_DISTANCE for o in self.others):
            return r, c
        return nr, nc

    def survival(self, r, c, k):
        """Own turns (up to HORIZON) the best walk from (r, c) on own turn k survives."""
        if k >= HORIZON:
            return HORIZON
        key = (r, c, k)
        if key in self.memo:
            return self.memo[key]
        best = k
        for d in (None, 0, 1, 2, 3):
            nr, nc = (r, c) if d is None else self.step(r, c, d, k * ROUND)
            if holds(self.block(nr, nc), k * ROUND + 1, (k + 1) * ROUND):
                best = max(best, self.survival(nr, nc, k + 1))
                if best == HORIZON:
                    break
        self.memo[key] = best
        return best

    def place_value(self, r, c):
        value = 0
        if self.block(r, c) != 0:
            value -= 20  # scheduled: it will have to run again
        br, bc = r // BLOCK_SQUARES, c // BLOCK_SQUARES
        for o in self.others:
            dr, dc = br - o[0] // BLOCK_SQUARES, bc - o[1] // BLOCK_SQUARES
            if (dr == 0) != (dc == 0):
                value -= 10  # in its block row or column: it can turn to us
                if (sign(dr), sign(dc)) == (DR[o[2]], DC[o[2]]):
                    value -= 60 // (abs(dr) + abs(dc))  # it faces us
        if self.own_turns <= OPENING_TURNS:
            value -= 2 * (abs(2 * r - 17) + abs(2 * c - 17))
        return value

    def choose(self):
        row, col, _, stun = self.players[self.me]
        if row < 0 or stun > 0:
            return "N"  # fallen (some servers still ask) or stunned: ignored anyway
        best, best_score = "N", None
        for d in (None, 0, 1, 2, 3):
            r, c = (row, col) if d is None else self.step(row, col, d, 0)
            depth = self.survival(r, c, 1) if holds(self.block(r, c), 1, ROUND) else 0
            score = 1000 * depth + self.place_value(r, c)
            if best_score is None or score > best_score:
                best, best_score = "N" if d is None else DIRS[d], score
        return best


def play_jc2015(bot):
    if bot.mode == "reads-before-ready":
        input()  # the first input comes only after READY: EOFError once stdin is closed
    if bot.mode == "ready-unflushed":
        print("READY")  # no flush: a pipe keeps it in the buffer
    else:
        print("READY", flush=True)
    lines = []
    while True:
        line = read_line()
        if line is None:
            return
        line = line.strip()
        if line != "EOD":
            if line and len(lines) < 64:
                lines.append(line)
            continue
        bot.begin_turn()
        turn = jc_parse(lines)
        lines = []
        if turn is None:
            bot.say("N")
            continue
        me, _, blocks, players = turn
        # Its own count, not T, drives the opening: a bot started in the
        # middle of a game has not walked to the centre yet.
        bot.say(Jc2015Planner(me, blocks, players, bot.own_turns).choose())


# ---------------------------------------------------------------- wondev --

WONDEV_DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
               "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}


def to_int(text, default):
    try:
        return int(text)
    except ValueError:
        return default


def wondev_value(action, rows, mine, previous):
    """Worth of a listed action: climb, do not step back where the unit came from."""
    parts = action.split()
    if len(parts) < 4 or parts[0] != "MOVE&BUILD" or parts[2] not in WONDEV_DIRS:
        return 0  # pushes and anything unexpected: still listed, so legal
    unit = to_int(parts[1], -1)
    if not 0 <= unit < len(mine):
        return 0

    def height(x, y):
        if 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] in "0123":
            return int(rows[y][x])
        return -1

    (ux, uy), (dx, dy) = mine[unit], WONDEV_DIRS[parts[2]]
    tx, ty = ux + dx, uy + dy
    value = 10 + 10 * height(tx, ty)
    if previous.get(unit) == (tx, ty):
        value -= 15  # back and forth gets nowhere
    return value


def play_wondev(bot):
    size, units = to_int(read_line() or "", -1), to_int(read_line() or "", -1)
    if not 1 <= size <= 64 or not 1 <= units <= 8:
        print("proof_bot: not a wondev initialisation", file=sys.stderr, flush=True)
        return
    previous = {}  # unit -> the cell it stood on before its last move
    while True:
        rows = [read_line() for _ in range(size)]
        unit_lines = [read_line() for _ in range(2 * units)]
        count_line = read_line()
        if count_line is None or None in rows or None in unit_lines:
            return
        actions = [read_line() for _ in range(max(0, to_int(count_line.strip(), 0)))]
        if None in actions:
            return
        cells = []
        for text in unit_lines:
            xy = text.split()
            cells.append((to_int(xy[0], -1), to_int(xy[1], -1)) if len(xy) == 2 else (-1, -1))
        mine, theirs = cells[:units], cells[units:]
        bot.begin_turn()
        if bot.mode == "fail-league3" and bot.own_turns >= 3 and (-1, -1) in theirs:
            print("proof_bot: an enemy unit at -1 -1 (fog): exiting with status 3",
                  file=sys.stderr, flush=True)
            sys.exit(3)
        actions = [a.strip() for a in actions]
        if not actions:
            bot.say("ACCEPT-DEFEAT")  # a line is due even with nothing listed
            continue
        best = max(actions, key=lambda a: wondev_value(a, rows, mine, previous))
        parts = best.split()
        if len(parts) >= 2 and parts[0] == "MOVE&BUILD" and to_int(parts[1], -1) in range(len(mine)):
            previous[int(parts[1])] = mine[int(parts[1])]
        bot.say(best)


# ---------------------------------------------------------------- island --

ISLAND_SIZE = 15
SHUFFLE_LIMIT = 20
SHUFFLE_EVERY = 3  # own turns
REACH = 4  # attacks happen at distance 1..4
HOME = 3  # cells from its own edge where it likes to stand


def island_parse(line):
    """(player, tiles, pos1, pos2) of a board line, or None."""
    line = line.strip()
    if len(line) != 23 or line[1] != ";" or line[7] != ";" or line[0] not in "12":
        return None
    tiles, island = line[2:7], line[8:]
    if any(c not in "1234" for c in tiles) or any(c not in "012" for c in island):
        return None
    if island.count("1") != 1 or island.count("2") != 1:
        return None
    pos1, pos2 = island.index("1"), island.index("2")
    if pos1 > pos2:
        return None
    return int(line[0]), [int(c) for c in tiles], pos1, pos2


def island_choose(me, tiles, pos1, pos2, own_turns, shuffles_used):
    """The answer; every branch is legal: a held tile, move x < distance,
    attack at the distance, shuffle only below the limit."""
    distance = pos2 - pos1
    room = pos1 if me == 1 else ISLAND_SIZE - 1 - pos2  # cells behind it
    held = sorted(set(tiles))
    if shuffles_used < SHUFFLE_LIMIT and own_turns > SHUFFLE_EVERY * shuffles_used:
        return "shuffle"  # own turns 1, 4, 7, ..., 58: its 20 shuffles, then never again
    if distance <= REACH and distance in tiles:
        return "attack;%d" % distance  # one tile: a poke, it never throws the opponent far
    if distance <= REACH:  # in reach without an attack: step out of it, staying on
        for x in held:
            if x <= room and distance + x > REACH:
                return "retreat;%d" % x
        for x in held:
            if x <= room:
                return "retreat;%d" % x
    forward = [x for x in held if x < distance and distance - x > REACH]
    if room < HOME and forward:
        return "move;%d" % forward[0]
    back = [x for x in held if x <= room]
    if room >= HOME and back:
        return "retreat;%d" % back[0]
    if forward:
        return "move;%d" % forward[0]
    if back:
        return "retreat;%d" % back[0]
    if shuffles_used < SHUFFLE_LIMIT:
        return "shuffle"
    closer = [x for x in held if x < distance]
    if closer:
        return "move;%d" % closer[0]
    return "retreat;%d" % held[0]  # nothing else is legal: off the island


def play_island(bot):
    shuffles_used = 0  # one process plays one game; no board shows this count
    while True:
        line = read_line()
        if line is None:
            return
        board = island_parse(line)
        if board is None:
            print("proof_bot: skipped a line that is not a board", file=sys.stderr, flush=True)
            continue
        bot.begin_turn()
        answer = island_choose(*board, bot.own_turns, shuffles_used)
        if answer == "shuffle":
            shuffles_used += 1
        bot.say(answer)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--mode", choices=MODES, default="ok")
    parser.add_argument("--turn", type=int, default=1, help="own turn K, 1-based")
    args = parser.parse_args()
    if args.mode in MODE_GAMES and args.game not in MODE_GAMES[args.mode]:
        parser.error("--mode %s is for %s only" % (args.mode, "/".join(MODE_GAMES[args.mode])))
    if args.turn < 1:
        parser.error("--turn is 1-based")
    bot = Bot(args)
    {"jc2015": play_jc2015, "wondev": play_wondev, "island": play_island}[args.game](bot)


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass

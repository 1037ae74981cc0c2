#!/usr/bin/env python3
"""A Save The Island (island) example bot in Python 3, for contestants to
start from.

Protocol: every turn it reads one line "P;TTTTT;IIIIIIIIIIIIIII" (P is 1 or
2, five tiles '1'..'4', the 15 cells of the island with one '1' and one '2')
and answers one line, flushed at once: "move;x", "retreat;x", "shuffle" or
"attack;x..x". It loops until standard input closes, then exits 0. A line it
cannot read is skipped with a note on standard error; standard output carries
nothing but answers.

Player 1 stands left of player 2; forward is +1 for player 1 and -1 for
player 2; the distance is pos('2') - pos('1').

Strategy, one ply, never an invalid move: attack with every tile equal to
the distance when it holds one; else move forward with a tile x < distance
that lands out of reach (distance > 4) or where it keeps a tile equal to the
new distance (to defend and to attack back); else shuffle (at most 20 times
a game); else retreat with the smallest tile that keeps it on the island;
else any forward move; else retreat off the island (no legal choice left).
"""
import sys

ISLAND_SIZE = 15
SHUFFLE_LIMIT = 20


def parse(line):
    """The board (player, tiles, pos1, pos2) of a line, or a reason string."""
    line = line.rstrip("\r\n \t")
    if len(line) != 23:
        return "not 23 characters"
    player, sep1, tiles, sep2, island = line[0], line[1], line[2:7], line[7], line[8:]
    if player not in ("1", "2"):
        return "player is not 1 or 2"
    if sep1 != ";" or sep2 != ";":
        return "separators are not at 1 and 7"
    if any(c not in "1234" for c in tiles):  # not isdigit(): ASCII digits only
        return "a tile is not 1..4"
    if any(c not in "012" for c in island):
        return "an island cell is not 0, 1 or 2"
    if island.count("1") != 1 or island.count("2") != 1:
        return "the island does not hold exactly one 1 and one 2"
    pos1, pos2 = island.index("1"), island.index("2")
    if pos1 > pos2:
        return "player 1 is right of player 2"
    return int(player), [int(c) for c in tiles], pos1, pos2


def choose(me, tiles, pos1, pos2, shuffles_used):
    """The answer line, and whether it is a shuffle."""
    distance = pos2 - pos1
    held = tiles.count(distance)
    if held:
        return "attack;" + str(distance) * held, False

    # Forward moves: score each landing, keep the best (ties: the longer move).
    best, best_score = 0, -1
    for x in (4, 3, 2, 1):
        if x >= distance or x not in tiles:
            continue
        left = distance - x
        if left > 4:
            score = 1  # out of reach of any attack
        else:
            keep = tiles.count(left) - (1 if left == x else 0)
            score = 1 + keep if keep else 0  # 0: it could be hit with no defence
        if score > best_score:
            best, best_score = x, score
    if best_score > 0:
        return "move;%d" % best, False

    if shuffles_used < SHUFFLE_LIMIT:
        return "shuffle", True
    room = pos1 if me == 1 else ISLAND_SIZE - 1 - pos2  # cells behind it
    for x in (1, 2, 3, 4):
        if x <= room and x in tiles:
            return "retreat;%d" % x, False
    if best:
        return "move;%d" % best, False
    return "retreat;%d" % min(tiles), False


def main():
    shuffles_used = 0  # one process plays one game
    # Bytes, decoded leniently: a stray non-UTF-8 byte must not end the bot.
    for raw in sys.stdin.buffer:
        board = parse(raw.decode("latin-1"))
        if isinstance(board, str):
            print("island-bot: skipped a line that is not a board (%s)" % board,
                  file=sys.stderr, flush=True)
            continue
        answer, shuffled = choose(*board, shuffles_used)
        shuffles_used += shuffled
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass

#!/usr/bin/env python3
"""A Connect Four bot that plays a random legal column, unseeded (every run
differs), for connect4-py: reads its id and six rows, prints a column."""
import random
import sys

rng = random.Random()
while True:
    me = sys.stdin.readline()
    if not me:
        break
    rows = [sys.stdin.readline().rstrip("\n") for _ in range(6)]
    legal = [c for c in range(7) if rows[0][c] == "."]
    print(rng.choice(legal), flush=True)

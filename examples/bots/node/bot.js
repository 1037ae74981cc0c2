#!/usr/bin/env node
// A sample JavaChallenge2015 (jc2015) bot in JavaScript (node), for contestants
// to start from; the same strategy as the Python example (../python/bot.py).
//
// Protocol: it prints READY at once, then answers every 13-line turn input
// (id, T, six rows of block values, four players 'R C D S', EOD) with exactly
// one command line (U R D L A N); it answers N when stunned or when the input
// is malformed, exits when standard input closes, and never writes anything
// else to standard output. Strategy: never step onto or stay on a block that
// falls before its next own turn or the one after, attack when an opponent's
// stable block lies in the facing line, otherwise move to line up with the
// nearest opponent's block row or column.
'use strict';

const BLOCKS = 6, BLOCK_SQUARES = 3, SQUARES = 18, PLAYERS = 4;
const CANCEL_DISTANCE = 3;  // a move this close to another player is cancelled
const ROUND = 4;            // global turns between two own turns
const FALLEN_TURNS = 20;    // a fallen block comes back 20 turns later
const MAX_TIMER = 1000;     // |B| and S beyond this are malformed input
const DIRS = 'URDL';
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];

const sign = (x) => (x > 0) - (x < 0);
const isInt = (t) => /^-?\d+$/.test(t);

// {me, blocks, players} or null; players are [row, col, dir, stun].
function parse(lines) {
  const tokens = lines.join(' ').split(/\s+/).filter((t) => t.length > 0);
  if (tokens.length !== 2 + BLOCKS * BLOCKS + 4 * PLAYERS) return null;
  if (!isInt(tokens[0])) return null;
  const me = Number(tokens[0]);
  const values = tokens.slice(2, 2 + BLOCKS * BLOCKS);
  if (!values.every(isInt)) return null;
  const v = values.map(Number);
  const blocks = [];
  for (let r = 0; r < BLOCKS; r++) blocks.push(v.slice(r * BLOCKS, (r + 1) * BLOCKS));
  const players = [];
  for (let q = 0; q < PLAYERS; q++) {
    const [r, c, d, s] = tokens.slice(38 + 4 * q, 42 + 4 * q);
    if (d.length !== 1 || !DIRS.includes(d) || ![r, c, s].every(isInt)) return null;
    players.push([Number(r), Number(c), DIRS.indexOf(d), Number(s)]);
  }
  if (!(me >= 0 && me < PLAYERS) || players[me][0] < 0) return null;
  if (v.some((x) => Math.abs(x) > MAX_TIMER)) return null;
  if (players.some((p) => p[3] < 0 || p[3] > MAX_TIMER)) return null;
  for (const [r, c] of players) {
    if (!(r === -1 && c === -1) && !(r >= 0 && r < SQUARES && c >= 0 && c < SQUARES)) return null;
  }
  return { me, blocks, players };
}

// Whether a block whose value is b now has fallen dt global turns from now.
function downAt(b, dt) {
  if (b > 0) return b <= dt && dt < b + FALLEN_TURNS;
  return dt < -b;
}

function holds(b, first, last) {
  for (let dt = first; dt <= last; dt++) if (downAt(b, dt)) return false;
  return true;
}

function choose({ me, blocks, players }) {
  const [row, col, facing, stun] = players[me];
  if (stun > 0) return 'N';
  const others = players.filter((p, q) => q !== me && p[0] >= 0);
  const block = (r, c) => blocks[Math.floor(r / BLOCK_SQUARES)][Math.floor(c / BLOCK_SQUARES)];

  const step = (r, c, d, dt) => {
    const nr = r + DR[d], nc = c + DC[d];
    if (!(nr >= 0 && nr < SQUARES && nc >= 0 && nc < SQUARES) || downAt(block(nr, nc), dt)) {
      return [r, c];
    }
    if (others.some((o) => Math.abs(nr - o[0]) + Math.abs(nc - o[1]) <= CANCEL_DISTANCE)) {
      return [r, c];
    }
    return [nr, nc];
  };

  // Survives this round and can survive the next one (standing or moving).
  const safe = (r, c) => {
    if (!holds(block(r, c), 1, ROUND)) return false;
    for (const d of [null, 0, 1, 2, 3]) {
      const [nr, nc] = d === null ? [r, c] : step(r, c, d, ROUND);
      if (holds(block(nr, nc), ROUND + 1, 2 * ROUND)) return true;
    }
    return false;
  };

  const mbr = Math.floor(row / BLOCK_SQUARES), mbc = Math.floor(col / BLOCK_SQUARES);
  // Attack an opponent on a stable block in the facing line, if we can wait here stunned.
  if (holds(block(row, col), 1, 3 * ROUND)) {
    for (const o of others) {
      const dr = Math.floor(o[0] / BLOCK_SQUARES) - mbr, dc = Math.floor(o[1] / BLOCK_SQUARES) - mbc;
      if ((dr === 0) !== (dc === 0) && sign(dr) === DR[facing] && sign(dc) === DC[facing] &&
          block(o[0], o[1]) === 0) {
        return 'A';
      }
    }
  }

  let target = null;
  for (const o of others) {
    const dist = Math.abs(o[0] - row) + Math.abs(o[1] - col);
    if (target === null || dist < target.dist) target = { o, dist };
  }

  const value = (r, c, d) => {
    let v = safe(r, c) ? 0 : -1000;
    if (block(r, c) !== 0) v -= 60;
    if (target !== null) {
      const dr = Math.floor(target.o[0] / BLOCK_SQUARES) - Math.floor(r / BLOCK_SQUARES);
      const dc = Math.floor(target.o[1] / BLOCK_SQUARES) - Math.floor(c / BLOCK_SQUARES);
      v -= 40 * (dr === 0 && dc === 0 ? 1 : Math.min(Math.abs(dr), Math.abs(dc)));
      if ((dr === 0) !== (dc === 0) && sign(dr) === DR[d] && sign(dc) === DC[d]) v += 30;
    }
    return v;
  };

  let best = 'N', bestValue = value(row, col, facing);
  for (let d = 0; d < 4; d++) {
    const [nr, nc] = step(row, col, d, 0);
    const v = value(nr, nc, d);
    if (v > bestValue) {
      best = DIRS[d];
      bestValue = v;
    }
  }
  return best;
}

// Reads standard input as bytes and splits lines itself: stray non-ASCII
// input cannot throw, and every answer is written at once (process.stdout
// to a pipe is asynchronous in node, but never held back).
function main() {
  process.stdout.write('READY\n');
  let pending = '';
  let lines = [];
  process.stdin.on('data', (chunk) => {
    pending += chunk.toString('latin1');
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl).trim();
      pending = pending.slice(nl + 1);
      if (line !== 'EOD') {
        if (line.length > 0 && lines.length < 64) lines.push(line);
        continue;
      }
      const turn = parse(lines);
      lines = [];
      process.stdout.write((turn ? choose(turn) : 'N') + '\n');
    }
    if (pending.length > 1 << 16) pending = '';  // no line is that long
  });
  process.stdin.on('end', () => process.exit(0));  // the game is over
}

main();

#!/usr/bin/env node
// Wondev Woman referee (first league rules), CodinGame runner protocol
// as driven by cg-brutaltester. Plain node, no dependencies.
//
//   node referee.js [--seed S] [--bugs dome-climb,score-build,off-by-one-end] [--verbose]
//
// stdout carries only the protocol; all debug text goes to stderr.
'use strict';

// ---------------------------------------------------------------- options
const KNOWN_BUGS = ['dome-climb', 'score-build', 'off-by-one-end'];
const opts = { seed: null, bugs: new Set(), verbose: false };
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i], v = null;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) { v = a.slice(eq + 1); a = a.slice(0, eq); }
    const val = () => (v !== null ? v : argv[++i]);
    if (a === '--seed') {
      const s = val();
      if (s === undefined || !/^-?\d+$/.test(s)) { die('--seed needs an integer'); }
      opts.seed = Number(BigInt.asUintN(32, BigInt(s)));
    } else if (a === '--bugs') {
      const s = val();
      if (s === undefined) die('--bugs needs a comma separated list');
      for (const b of s.split(',').map(x => x.trim()).filter(Boolean)) {
        if (!KNOWN_BUGS.includes(b)) die(`unknown bug "${b}" (known: ${KNOWN_BUGS.join(', ')})`);
        opts.bugs.add(b);
      }
    } else if (a === '--verbose' || a === '-v') {
      opts.verbose = true;
    } else {
      die(`unknown argument "${argv[i]}"`);
    }
  }
}
function die(msg) { process.stderr.write(`referee: ${msg}\n`); process.exit(2); }
const BUG = name => opts.bugs.has(name);
const log = msg => process.stderr.write(msg + '\n');
const vlog = msg => { if (opts.verbose) log(msg); };

// ---------------------------------------------------------------- random
// mulberry32: small, fast, good enough for map generation.
function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: n => Math.floor(next() * n) };
}
if (opts.seed === null) {
  opts.seed = ((Date.now() & 0xffffffff) ^ Math.floor(Math.random() * 4294967296)) >>> 0;
}
const rng = makeRng(opts.seed);

// ---------------------------------------------------------------- geometry
const DIRS = [
  ['N', 0, -1], ['NE', 1, -1], ['E', 1, 0], ['SE', 1, 1],
  ['S', 0, 1], ['SW', -1, 1], ['W', -1, 0], ['NW', -1, -1],
];
const DIR_BY_NAME = new Map(DIRS.map(d => [d[0], d]));
const HOLE = -1;   // '.' : outside the playable area from the start
const DOME = 4;    // height 4: removed from play (printed as 4)

// ---------------------------------------------------------------- state
let size = 0;
let grid = [];              // grid[y][x] = HOLE | 0..4
const units = [null, null]; // units[p] = {x, y}  (one unit per player)
const score = [0, 0];
const active = [true, true];
const UNITS_PER_PLAYER = 1;

const inside = (x, y) => x >= 0 && y >= 0 && x < size && y < size;
const occupiedByOther = (p, x, y) => {
  const o = units[1 - p];
  return o.x === x && o.y === y;
};

// Faithful legality: the list offered to players is always built from this.
function legalActions(p) {
  const u = units[p];
  const h0 = grid[u.y][u.x];
  const out = [];
  for (const [mName, mdx, mdy] of DIRS) {
    const mx = u.x + mdx, my = u.y + mdy;
    if (!inside(mx, my)) continue;
    const mh = grid[my][mx];
    if (mh === HOLE || mh >= DOME) continue;
    if (mh > h0 + 1) continue;
    if (occupiedByOther(p, mx, my)) continue;
    for (const [bName, bdx, bdy] of DIRS) {
      const bx = mx + bdx, by = my + bdy;
      if (!inside(bx, by)) continue;
      const bh = grid[by][bx];
      if (bh === HOLE || bh >= DOME) continue;
      if (occupiedByOther(p, bx, by)) continue; // own old cell is free again
      out.push(`MOVE&BUILD 0 ${mName} ${bName}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------- map
function generate() {
  for (let attempt = 0; ; attempt++) {
    size = 5 + rng.int(3); // 5..7
    grid = [];
    for (let y = 0; y < size; y++) grid.push(new Array(size).fill(0));
    // point-symmetric holes, ~12% of the cells, never the centre
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const mx = size - 1 - x, my = size - 1 - y;
        if (y * size + x >= my * size + mx) continue; // handle each pair once
        if (rng.next() < 0.12) { grid[y][x] = HOLE; grid[my][mx] = HOLE; }
      }
    }
    // starting cells: random floor cell for one player, mirror for the other
    const floors = [];
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
      if (grid[y][x] !== HOLE && !(x === size - 1 - x && y === size - 1 - y)) floors.push([x, y]);
    }
    if (floors.length < 8) continue;
    for (let t = 0; t < 20; t++) {
      const [x, y] = floors[rng.int(floors.length)];
      const a = { x, y }, b = { x: size - 1 - x, y: size - 1 - y };
      if (rng.next() < 0.5) { units[0] = a; units[1] = b; } else { units[0] = b; units[1] = a; }
      if (legalActions(0).length > 0 && legalActions(1).length > 0) return;
    }
    if (attempt > 1000) die('could not generate a map');
  }
}

// ---------------------------------------------------------------- stdin
const pending = [];
let stdinEnded = false;
let waiter = null;
let partial = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => {
  partial += chunk;
  let i;
  while ((i = partial.indexOf('\n')) >= 0) {
    pending.push(partial.slice(0, i));
    partial = partial.slice(i + 1);
  }
  wake();
});
process.stdin.on('end', () => {
  if (partial.length) pending.push(partial);
  partial = '';
  stdinEnded = true;
  wake();
});
process.stdin.on('error', () => { stdinEnded = true; wake(); });
function wake() {
  if (!waiter) return;
  if (pending.length) { const w = waiter; waiter = null; w(pending.shift()); }
  else if (stdinEnded) { const w = waiter; waiter = null; w(null); }
}
function readLine() {
  return new Promise(res => { waiter = res; wake(); });
}

// ---------------------------------------------------------------- protocol out
process.stdout.on('error', e => { log(`referee: stdout closed (${e.code}), stopping`); process.exit(1); });
function send(lines) { process.stdout.write(lines.join('\n') + '\n'); }

function turnInput(p, legal, first) {
  const lines = [];
  if (first) { lines.push(String(size), String(UNITS_PER_PLAYER)); }
  for (let y = 0; y < size; y++) {
    lines.push(grid[y].map(h => (h === HOLE ? '.' : String(h))).join(''));
  }
  lines.push(`${units[p].x} ${units[p].y}`);
  const o = units[1 - p];            // no fog in this league: always visible
  lines.push(`${o.x} ${o.y}`);
  lines.push(String(legal.length));
  for (const a of legal) lines.push(a);
  return lines;
}

// ---------------------------------------------------------------- answers
// Returns {ok:true, move, build, msg} or {ok:false, why}.
function parseAnswer(raw) {
  if (raw === null) return { ok: false, why: 'no answer (end of input)' };
  const line = raw.replace(/^\s+|\s+$/g, '');     // drops \r and outer blanks
  if (line === '') return { ok: false, why: 'empty answer' };
  const tok = line.split(/[ \t]+/);
  if (tok[0].toUpperCase() !== 'MOVE&BUILD') return { ok: false, why: `unknown command "${tok[0]}"` };
  if (tok.length < 4) return { ok: false, why: 'MOVE&BUILD needs index dir1 dir2' };
  if (!/^\d+$/.test(tok[1])) return { ok: false, why: `bad unit index "${tok[1]}"` };
  const idx = Number(tok[1]);
  if (idx !== 0) return { ok: false, why: `no unit with index ${idx}` };
  const move = DIR_BY_NAME.get(tok[2].toUpperCase());
  const build = DIR_BY_NAME.get(tok[3].toUpperCase());
  if (!move) return { ok: false, why: `bad direction "${tok[2]}"` };
  if (!build) return { ok: false, why: `bad direction "${tok[3]}"` };
  return { ok: true, move, build, msg: tok.slice(4).join(' ') };
}

// Checks the action against the rules (independently of the offered list).
function checkAction(p, move, build) {
  const u = units[p];
  const h0 = Math.min(grid[u.y][u.x], 3);
  const mx = u.x + move[1], my = u.y + move[2];
  if (!inside(mx, my)) return 'moves off the grid';
  let mh = grid[my][mx];
  if (mh === HOLE) return 'moves into a hole';
  if (mh >= DOME) {
    if (!BUG('dome-climb')) return 'moves onto a removed (level 4) cell';
    mh = 3; // BUG dome-climb: the dome is climbed as if it were level 3
  }
  if (mh > h0 + 1) return `climbs from ${h0} to ${mh}`;
  if (occupiedByOther(p, mx, my)) return 'moves onto the opponent unit';
  const bx = mx + build[1], by = my + build[2];
  if (!inside(bx, by)) return 'builds off the grid';
  const bh = grid[by][bx];
  if (bh === HOLE) return 'builds on a hole';
  if (bh >= DOME) return 'builds on a removed (level 4) cell';
  if (occupiedByOther(p, bx, by)) return 'builds on the opponent unit';
  return null;
}

function apply(p, move, build) {
  const u = units[p];
  u.x += move[1]; u.y += move[2];
  const h = grid[u.y][u.x];
  if (h === 3 || (h === DOME && BUG('dome-climb'))) score[p] += 1;
  const bx = u.x + build[1], by = u.y + build[2];
  const before = grid[by][bx];
  grid[by][bx] = before + 1;
  if (BUG('score-build') && before === 2) score[p] += 1; // BUG score-build
}

// ---------------------------------------------------------------- game
const SAFETY_CAP = 1000; // never reached: each action raises a cell, <= 4*49 actions

async function main() {
  const first = await readLine();
  const m = first === null ? null : first.trim().match(/^###Start\s+(\d+)$/);
  if (!m) { log(`referee: expected "###Start N", got ${JSON.stringify(first)}`); process.exit(1); }
  if (Number(m[1]) !== 2) { log(`referee: Wondev Woman is a 2 player game, got ${m[1]}`); process.exit(1); }

  generate();
  log(`referee: seed=${opts.seed} size=${size} bugs=[${[...opts.bugs].join(',')}] ` +
      `start p0=(${units[0].x},${units[0].y}) p1=(${units[1].x},${units[1].y})`);

  const seenInput = [false, false];
  let cur = 0;
  let actions = 0;
  // off-by-one-end bookkeeping
  let extraGranted = false, extraPlayed = false;

  const gameOver = () => {
    if (!active[0] && !active[1]) return true;
    if (active[0] !== active[1]) {
      const a = active[0] ? 0 : 1;
      if (score[a] > score[1 - a]) {
        if (!BUG('off-by-one-end')) return true;
        // BUG off-by-one-end: the leader still gets one more turn.
        if (!extraGranted) { extraGranted = true; return false; }
        return extraPlayed;
      }
    }
    return false;
  };

  while (!gameOver() && actions < SAFETY_CAP) {
    const p = cur;
    cur = 1 - cur;
    if (!active[p]) continue;
    if (extraGranted) extraPlayed = true;

    const legal = legalActions(p);
    if (legal.length === 0) {
      active[p] = false;
      log(`referee: player ${p} cannot act, out of the game (keeps ${score[p]} points)`);
      continue;
    }
    send([`###Input ${p}`, ...turnInput(p, legal, !seenInput[p]), `###Output ${p} 1`]);
    seenInput[p] = true;
    const raw = await readLine();
    const ans = parseAnswer(raw);
    let why = ans.ok ? checkAction(p, ans.move, ans.build) : ans.why;
    if (why) {
      active[p] = false;
      log(`referee: player ${p} invalid action ${JSON.stringify(raw)}: ${why}; out of the game (keeps ${score[p]} points)`);
      continue;
    }
    apply(p, ans.move, ans.build);
    actions++;
    vlog(`turn ${actions}: p${p} ${ans.move[0]} ${ans.build[0]} -> (${units[p].x},${units[p].y}) score ${score[0]}-${score[1]}`);
  }

  let ranking;
  if (score[0] > score[1]) ranking = '0 1';
  else if (score[1] > score[0]) ranking = '1 0';
  else ranking = '01';
  log(`referee: end after ${actions} actions, score ${score[0]}-${score[1]}, ranking "${ranking}"`);
  process.stdout.write(`###End ${ranking}\n`, () => process.exit(0));
}

main().catch(e => { log(`referee: internal error ${e && e.stack}`); process.exit(1); });

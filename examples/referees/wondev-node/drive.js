#!/usr/bin/env node
// Tiny runner stand-in: starts referee.js, sends "###Start 2", answers every
// "###Output p 1" with an action taken from the legal list of that player's
// input, and echoes the whole protocol exchange on stdout
// (referee lines as-is, runner lines prefixed with "> ").
//
//   node drive.js [--pick first|last|random] [--crlf] [-- referee args...]
'use strict';
const { spawn } = require('child_process');
const path = require('path');

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const mine = sep >= 0 ? argv.slice(0, sep) : argv;
const refArgs = sep >= 0 ? argv.slice(sep + 1) : [];
let pick = 'first', crlf = false;
for (let i = 0; i < mine.length; i++) {
  if (mine[i] === '--pick') pick = mine[++i];
  else if (mine[i] === '--crlf') crlf = true;
}

const ref = spawn(process.execPath, [path.join(__dirname, 'referee.js'), ...refArgs],
  { stdio: ['pipe', 'pipe', 'inherit'] });
const say = s => { process.stdout.write('> ' + s + '\n'); ref.stdin.write(s + (crlf ? '  \r\n' : '\n')); };

process.stdout.on('error', () => { ref.kill(); process.exit(0); }); // e.g. piped into head
let buf = '', block = [];
ref.stdout.setEncoding('utf8');
ref.stdout.on('data', d => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1);
    process.stdout.write(line + '\n');
    if (line.startsWith('###Input')) block = [];
    else if (line.startsWith('###Output')) {
      const acts = block.filter(l => l.startsWith('MOVE&BUILD'));
      let a = acts[0];
      if (pick === 'last') a = acts[acts.length - 1];
      if (pick === 'random') a = acts[Math.floor(Math.random() * acts.length)];
      say(a === undefined ? '' : a);
    } else block.push(line);
  }
});
ref.on('exit', code => { process.stdout.write(`[referee exit status ${code}]\n`); process.exit(code === 0 ? 0 : 1); });
say('###Start 2');

// The HTML report's inline script: the board replays. It reads the JSON the
// writer embedded (html_data.cc), draws each turn's board view as SVG with
// the generic view schema only (cells as rectangles with label and class,
// pieces as circles with label and a direction pointer), so any game's views
// draw, and steps turn by turn (buttons, arrow keys, Home/End, "f", a
// slider), with the failing turn outlined and the bytes sent and received
// and the turn's events beside the board. At a referee divergence's failing
// turn, the referee's board and the reference board are drawn side by side,
// the differing cells and pieces marked. Data only ever reaches the page via
// textContent and setAttribute, never as markup. With the URL hash
// "#selftest" the script also steps each replay itself through real DOM
// events and writes what was shown into <pre id="selftest-result"> (for the
// headless-browser test); otherwise that code does nothing.
#include "report/html_internal.h"

namespace arbiter::report::html {

const char* const kScript = R"JS(
'use strict';
(function () {
  const errors = [];
  window.addEventListener('error', (e) => errors.push(String(e.message)));
  const SVG = 'http://www.w3.org/2000/svg';
  let data = {};
  try {
    data = JSON.parse(document.getElementById('arbiter-data').textContent);
  } catch (e) {
    errors.push('data: ' + e.message);
  }
  const pool = Array.isArray(data.pool) ? data.pool : [];
  const tracks = Array.isArray(data.tracks) ? data.tracks : [];
  const specs = Array.isArray(data.replays) ? data.replays : [];
  const ANGLES = {U: 0, N: 0, R: 90, E: 90, D: 180, S: 180, L: 270, W: 270, UR: 45, NE: 45,
                  DR: 135, RD: 135, SE: 135, DL: 225, LD: 225, SW: 225, UL: 315, LU: 315, NW: 315};

  const num = (x, d) => (typeof x === 'number' && isFinite(x) ? x : d);
  const str = (x) => (x === null || x === undefined ? '' : String(x));
  // Class names from data: only plain words.
  const classes = (s) => str(s).split(/\s+/).filter((c) => /^[A-Za-z0-9_-]+$/.test(c)).join(' ');
  // Control characters made visible (the line breaks of a message are kept).
  const visible = (s) => str(s).replace(/[\x00-\x09\x0b-\x1f\x7f]/g, (c) =>
      c === '\t' ? '\\t' : c === '\r' ? '\\r' : '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0'));
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, String(attrs[k]));
    return e;
  }
  function expand(v) {
    if (!v || typeof v !== 'object') return null;
    const items = (a) => (Array.isArray(a) ? a : []).map((i) => (typeof i === 'number' ? pool[i] : i))
        .filter((o) => o && typeof o === 'object');
    return Object.assign({}, v, {cells: items(v.cells), pieces: items(v.pieces)});
  }

  // One board view as an SVG (30 units per square).
  function drawBoard(view, diffCells, diffPieces) {
    const S = 30;
    const rows = Math.min(200, Math.max(1, num(view.rows, 1)));
    const cols = Math.min(200, Math.max(1, num(view.cols, 1)));
    const svg = svgEl('svg', {class: 'board', viewBox: `-4 -4 ${cols * S + 8} ${rows * S + 8}`,
                              role: 'img', 'aria-label': str(view.caption)});
    svg.appendChild(svgEl('rect', {class: 'board-bg', x: 0, y: 0, width: cols * S, height: rows * S}));
    view.cells.forEach((c, i) => {
      const x = num(c.c, 0) * S, y = num(c.r, 0) * S;
      const w = num(c.w, 1) * S, h = num(c.h, 1) * S;
      const cls = classes(c.cls);
      const rect = svgEl('rect', {class: `cell ${cls}${diffCells.has(i) ? ' diff' : ''}`,
                                  x: x, y: y, width: w, height: h});
      const title = svgEl('title', {});
      title.textContent = str(c.title);
      rect.appendChild(title);
      svg.appendChild(rect);
      if (str(c.label) !== '') {
        const t = svgEl('text', {class: `cell-label ${cls}`, x: x + w / 2, y: y + h / 2,
                                 'text-anchor': 'middle', 'dominant-baseline': 'central',
                                 'font-size': Math.max(9, Math.min(w, h) * 0.4)});
        t.textContent = str(c.label);
        svg.appendChild(t);
      }
    });
    for (let r = 1; r < rows; ++r)
      svg.appendChild(svgEl('line', {class: 'grid', x1: 0, y1: r * S, x2: cols * S, y2: r * S}));
    for (let c = 1; c < cols; ++c)
      svg.appendChild(svgEl('line', {class: 'grid', x1: c * S, y1: 0, x2: c * S, y2: rows * S}));
    view.pieces.forEach((p, i) => {
      const g = svgEl('g', {class: `piece ${classes(p.cls)}${diffPieces.has(i) ? ' diff' : ''}`,
                            transform: `translate(${(num(p.c, 0) + 0.5) * S} ${(num(p.r, 0) + 0.5) * S})`});
      const angle = ANGLES[str(p.dir).toUpperCase()];
      if (angle !== undefined)
        g.appendChild(svgEl('path', {class: 'dir', d: `M 0 ${-S * 0.68} L ${S * 0.24} ${-S * 0.38} ` +
                                     `L ${-S * 0.24} ${-S * 0.38} Z`, transform: `rotate(${angle})`}));
      g.appendChild(svgEl('circle', {r: S * 0.42}));
      const t = svgEl('text', {'text-anchor': 'middle', 'dominant-baseline': 'central'});
      t.textContent = str(p.label);
      g.appendChild(t);
      const title = svgEl('title', {});
      title.textContent = str(p.title);
      g.appendChild(title);
      svg.appendChild(g);
    });
    return svg;
  }

  // A figure: the board of `view`, or the raw text when there is no view.
  function figure(caption, view, text, diff) {
    const fig = el('figure', 'board-fig');
    fig.appendChild(el('figcaption', '', caption));
    const v = expand(view);
    if (v) {
      fig.appendChild(drawBoard(v, new Set(diff ? diff.cells : []), new Set(diff ? diff.pieces : [])));
      if (v.caption !== undefined) fig.appendChild(el('div', 'legend', str(v.caption)));
    } else {
      fig.appendChild(el('div', 'legend', data.has_view
          ? 'no board view of this message (not a turn input of ' + str(data.game) + '); the raw text:'
          : 'the game ' + str(data.game) + ' has no board view; the raw text:'));
      fig.appendChild(el('pre', 'raw', text ? visible(text) : '(nothing was sent this turn)'));
    }
    return fig;
  }

  function Replay(root, spec) {
    const track = tracks[spec.track] || {turns: [], offset: 0, total: 0};
    const turns = Array.isArray(track.turns) ? track.turns : [];
    const q = (s) => root.querySelector(s);
    const slider = q('.slider'), label = q('.turn-label'), area = q('.board-area');
    const referee = data.tool === 'fuzz-referee';
    const self = {root: root, spec: spec, turns: turns, index: 0, slider: slider};
    const div = spec.divergence;
    slider.max = String(Math.max(0, turns.length - 1));
    const marker = q('.slider-marker');
    if (spec.failing >= 0 && turns.length > 1) marker.style.left = `${spec.failing / (turns.length - 1) * 100}%`;
    else marker.hidden = true;
    if (spec.failing < 0) {
      const button = q('[data-act="failing"]');
      button.disabled = button.hidden = marker.hidden = true;
    }
    if (!turns.length) q('.replay-controls').hidden = slider.parentNode.hidden = q('.turn-io').hidden = true;

    function showDivergence(wrap) {
      const d = div.diff || {};
      wrap.appendChild(figure('the referee’s board (what it sent)', div.referee, div.referee_text,
                              {cells: d.referee_cells, pieces: d.referee_pieces}));
      wrap.appendChild(figure('the reference board (what the reference engine sends)', div.reference,
                              div.reference_text, {cells: d.reference_cells, pieces: d.reference_pieces}));
      const texts = q('.divergence-texts');
      texts.hidden = false;
      q('.referee-text').textContent = visible(div.referee_text);
      q('.reference-text').textContent = visible(div.reference_text);
    }

    self.show = function (i) {
      area.textContent = '';
      q('.divergence-texts').hidden = true;
      const wrap = el('div', 'board-wrap');
      area.appendChild(wrap);
      if (!turns.length) {
        if (div) showDivergence(wrap);
        return;
      }
      i = Math.max(0, Math.min(turns.length - 1, Number.isFinite(i) ? Math.trunc(i) : 0));
      self.index = i;
      slider.value = String(i);
      const t = turns[i] || {};
      const failing = i === spec.failing;
      root.classList.toggle('at-failing', failing);
      wrap.classList.toggle('failing', failing);
      label.textContent = `turn ${str(t.t)} · player ${str(t.p)} · step ${track.offset + i + 1} of ` +
                          `${track.total}` + (failing ? ' · the failing turn' : '');
      if (failing && div) showDivergence(wrap);
      else wrap.appendChild(figure(`the board player ${str(t.p)} was sent`, t.v, t.in, null));
      const me = t.p === spec.seat && spec.seat >= 0;
      q('.sent-title').textContent = (referee ? `the referee sent player ${str(t.p)}` :
                                      `sent to player ${str(t.p)}${me ? ' (the bot)' : ''}`);
      q('.sent').textContent = t.in ? visible(t.in) : '(nothing was sent this turn)';
      q('.received-title').textContent = `player ${str(t.p)} answered (escaped)` +
                                         (typeof t.ms === 'number' ? ` after ${t.ms} ms` : '');
      q('.received').textContent = t.silent ? '(no answer)' : str(t.ans);
      const err = typeof t.err === 'string' ? t.err : '';
      q('.stderr-title').hidden = q('.stderr').hidden = !err;
      q('.stderr').textContent = err;
      const body = q('.events tbody');
      body.textContent = '';
      for (const e of Array.isArray(t.ev) ? t.ev : []) {
        const tr = el('tr');
        for (const cell of Array.isArray(e) ? e : [e]) tr.appendChild(el('td', '', str(cell)));
        body.appendChild(tr);
      }
      if (!body.children.length) body.appendChild(el('tr')).appendChild(el('td', '', 'no events'));
    };
    self.act = function (a) {
      const n = turns.length;
      if (a === 'first') self.show(0);
      else if (a === 'prev') self.show(self.index - 1);
      else if (a === 'next') self.show(self.index + 1);
      else if (a === 'last') self.show(n - 1);
      else if (a === 'failing' && spec.failing >= 0) self.show(spec.failing);
    };
    root.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-act]');
      if (b && root.contains(b)) self.act(b.getAttribute('data-act'));
    });
    slider.addEventListener('input', () => self.show(Number(slider.value)));
    const KEYS = {ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', f: 'failing'};
    root.addEventListener('keydown', (e) => {
      if (e.target === slider && e.key.startsWith('Arrow')) return;  // the slider steps itself
      const a = KEYS[e.key];
      if (!a || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      self.act(a);
    });
    self.show(spec.failing >= 0 ? spec.failing : turns.length - 1);
    return self;
  }

  const replays = [];
  document.querySelectorAll('.replay[data-replay]').forEach((root) => {
    const spec = specs[Number(root.getAttribute('data-replay'))];
    if (!spec) return;
    try {
      replays.push(Replay(root, spec));
    } catch (e) {
      errors.push('replay: ' + e.message);
    }
  });

  // The self-test of the headless-browser check (URL hash #selftest only).
  if (location.hash !== '#selftest') return;
  function observe(r, action) {
    const area = r.root.querySelector('.board-area');
    const boards = Array.from(area.querySelectorAll('svg.board'));
    const wrap = area.querySelector('.board-wrap');
    const style = wrap ? getComputedStyle(wrap) : null;
    const m = /^turn (-?\d+)/.exec(r.root.querySelector('.turn-label').textContent);
    return {action: action, turn: m ? Number(m[1]) : null, index: r.index, slider: Number(r.slider.value),
            boards: boards.length,
            cells: boards.map((b) => b.querySelectorAll('rect.cell').length),
            pieces: boards.map((b) => b.querySelectorAll('g.piece').length),
            diff: area.querySelectorAll('.diff').length,
            raw: area.querySelectorAll('pre.raw').length,
            highlight: !!wrap && wrap.classList.contains('failing') && style.outlineStyle !== 'none' &&
                       parseFloat(style.outlineWidth) > 0,
            outline_color: style ? style.outlineColor : '',
            sent: r.root.querySelector('.sent').textContent,
            received: r.root.querySelector('.received').textContent,
            stderr: r.root.querySelector('.stderr').textContent,
            events: r.root.querySelectorAll('.events tbody tr').length};
  }
  const click = (b) => b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const key = (r, k) => r.root.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
  const result = {errors: errors, replays: []};
  for (const r of replays) {
    const steps = [observe(r, 'open')];
    try {
      for (const a of ['next', 'next', 'prev', 'failing', 'last', 'first']) {
        click(r.root.querySelector(`button[data-act="${a}"]`));
        steps.push(observe(r, a));
      }
      for (const k of ['ArrowRight', 'End', 'ArrowLeft', 'Home']) {
        key(r, k);
        steps.push(observe(r, 'key ' + k));
      }
      r.slider.value = String(Math.max(0, r.spec.failing));
      r.slider.dispatchEvent(new Event('input', {bubbles: true}));
      steps.push(observe(r, 'slider'));
    } catch (e) {
      errors.push('selftest: ' + e.message);
    }
    result.replays.push({replay: Number(r.root.getAttribute('data-replay')), check: r.spec.check,
                         failing: r.spec.failing, turn: r.spec.turn, turns: r.turns.length, steps: steps});
  }
  document.getElementById('selftest-result').textContent = JSON.stringify(result);
})();
)JS";

}  // namespace arbiter::report::html

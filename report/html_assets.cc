// The HTML report's inline style sheet (no fonts, no external assets). The
// board classes of the games' views are styled here: jc2015's blocks
// (stable, scheduled, fallen) and players (p0..p3, me, stunned), and the
// height classes of grid games (h0..h4, hole, removed); a class a game adds
// later still draws, in the neutral default colours. Two colours are
// reserved: crimson (#dc143c) for the failing turn, magenta (#e0119d) for
// what differs between the referee's board and the reference board; the
// browser test looks for crimson in its screenshot. The script is in
// html_script.cc.
#include "report/html_internal.h"

namespace arbiter::report::html {

const char* const kStyle = R"CSS(
:root { --fail: #b3261e; --pass: #1b7f3b; --warn: #9a6700; --failing: #dc143c; --diff: #e0119d;
  --ink: #1d2330; --muted: #5b6577; --line: #d5dae3; --bg: #ffffff; --panel: #f5f7fa; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; padding: 20px 28px 60px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI",
  sans-serif; color: var(--ink); background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 18px; margin: 28px 0 10px;
  border-bottom: 1px solid var(--line); padding-bottom: 4px; } h3 { font-size: 16px; margin: 0 0 6px; }
h4 { font-size: 13px; margin: 10px 0 4px; color: var(--muted); }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 6px 8px;
  margin: 4px 0 8px; white-space: pre-wrap; word-break: break-all; max-height: 320px; overflow: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--panel); }
header.top { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
.verdict { display: inline-block; font-size: 30px; font-weight: 800; letter-spacing: 2px; color: #fff; padding: 10px 22px;
  border-radius: 8px; background: #666; }
.verdict.fail { background: var(--fail); } .verdict.pass { background: var(--pass); }
.verdict.error { background: #7a1fa2; } .verdict.not-run { background: #666; }
.verdict.inconclusive, .verdict.not-reproduced { background: #8a5a00; }
.verdict-summary { font-size: 15px; font-weight: 600; margin: 6px 0 0; }
table.facts th { width: 130px; }
.harness-error { color: var(--fail); font-weight: 700; }
.st { display: inline-block; min-width: 64px; text-align: center; border-radius: 10px; padding: 0 8px;
  font-size: 12px; font-weight: 700; color: #fff; background: #777; white-space: nowrap; }
.st-pass { background: var(--pass); } .st-fail { background: var(--fail); }
.st-warn { background: #c28a00; } .st-uncovered { background: #6a3d9a; }
.st-info { background: #3d6a9a; }
table.clauses { width: 100%; } table.clauses td:nth-child(4) { min-width: 340px; }
tr.row-fail td { background: #fdf0ef; } tr.row-uncovered td { background: #f5effa; }
ul.proofs { margin: 0; padding-left: 0; list-style: none; } ul.proofs li { margin: 2px 0; }
.proof-msg { margin: 2px 0 4px 0; word-break: normal; overflow-wrap: anywhere; max-width: 360px; }
details.texts summary { cursor: pointer; color: var(--muted); }
details.texts dl { margin: 4px 0; } details.texts dt { font-weight: 700; }
details.texts dd { margin: 0 0 6px 12px; }
svg.histogram { max-width: 100%; height: auto; background: var(--panel); border: 1px solid var(--line); }
svg.histogram .bar { fill: #4a78b5; } svg.histogram .axis, svg.histogram .tick { stroke: #333; }
svg.histogram .limit { stroke: var(--fail); stroke-width: 2; stroke-dasharray: 6 4; }
svg.histogram text { font-size: 11px; fill: #333; } svg.histogram .limit-label { fill: var(--fail); }
.finding { border: 1px solid var(--line); border-left: 6px solid #777; border-radius: 6px;
  padding: 12px 16px; margin: 16px 0; }
.finding.sev-fail { border-left-color: var(--fail); } .finding.sev-warn { border-left-color: #c28a00; }
.finding.sev-info { border-left-color: #3d6a9a; }
.finding dl.evidence { display: grid; grid-template-columns: 120px 1fr; gap: 2px 12px; margin: 8px 0; }
.finding dl.evidence dt { color: var(--muted); } .finding dl.evidence dd { margin: 0; }
.replay { margin-top: 12px; border-top: 1px dashed var(--line); padding-top: 10px; outline: none; }
.replay:focus-visible { box-shadow: 0 0 0 2px #4a78b5; }
.replay-controls { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.replay-controls button { font: inherit; padding: 3px 10px; border: 1px solid #9aa3b2;
  border-radius: 4px; background: #fff; cursor: pointer; }
.replay-controls button:hover { background: var(--panel); }
.replay-controls button.go-failing { border-color: var(--failing); color: var(--failing); font-weight: 700; }
.turn-label { margin-left: 10px; font-weight: 700; }
.replay.at-failing .turn-label { color: var(--failing); }
.slider-wrap { position: relative; max-width: 560px; margin: 8px 0 4px; }
.slider-wrap input { width: 100%; margin: 0; }
.slider-marker { position: absolute; top: -6px; width: 4px; height: 8px; margin-left: -2px;
  background: var(--failing); pointer-events: none; }
.replay-note { color: var(--muted); margin: 4px 0; }
.replay-stage { display: flex; gap: 20px; align-items: flex-start; flex-wrap: wrap; margin-top: 8px; }
.board-wrap { display: flex; gap: 16px; flex-wrap: wrap; padding: 4px; }
.board-wrap.failing { outline: 4px solid var(--failing); outline-offset: 3px; border-radius: 2px; }
figure.board-fig { margin: 0; } figure.board-fig figcaption { font-weight: 600; margin-bottom: 4px; }
svg.board { width: 432px; max-width: 100%; height: auto; display: block; background: #fff; }
.turn-io { flex: 1 1 320px; min-width: 280px; }
.turn-io table.events { width: 100%; font-size: 12.5px; }
.divergence-texts { display: flex; gap: 16px; flex-wrap: wrap; }
.divergence-texts > div { flex: 1 1 300px; }
pre.raw { max-width: 432px; }
.board-bg { fill: #fafbfc; stroke: #8a94a6; stroke-width: 2; }
.grid { stroke: rgba(0, 0, 0, 0.13); stroke-width: 0.6; pointer-events: none; }
rect.cell { fill: #e9edf3; stroke: #8a94a6; stroke-width: 1.5; }
rect.cell.stable { fill: #eef2f7; } rect.cell.scheduled { fill: #ffc75a; }
rect.cell.fallen { fill: #3b3f47; }
rect.cell.h0 { fill: #eef6ec; } rect.cell.h1 { fill: #cfe6c8; } rect.cell.h2 { fill: #a9d39c; }
rect.cell.h3 { fill: #7fb26f; } rect.cell.h4, rect.cell.removed { fill: #5b4636; }
rect.cell.hole { fill: #1c1f24; }
text.cell-label { fill: #1d2330; font-weight: 700; pointer-events: none; }
text.cell-label.fallen, text.cell-label.hole, text.cell-label.removed, text.cell-label.h4 { fill: #fff; }
rect.cell.diff { stroke: var(--diff); stroke-width: 6; }
g.piece circle { fill: #777; stroke: #1d2330; stroke-width: 2; }
g.piece path.dir { fill: #1d2330; }
g.piece.p0 circle, g.piece.p0 path.dir { fill: #1f5fb4; } g.piece.p1 circle, g.piece.p1 path.dir { fill: #23863a; }
g.piece.p2 circle, g.piece.p2 path.dir { fill: #7b4fc0; } g.piece.p3 circle, g.piece.p3 path.dir { fill: #8c5a2b; }
g.piece.me circle { stroke: #000; stroke-width: 4; }
g.piece.stunned circle { stroke-dasharray: 4 3; opacity: 0.7; }
g.piece text { fill: #fff; font-size: 10px; font-weight: 700; pointer-events: none; }
g.piece.diff circle { stroke: var(--diff); stroke-width: 6; }
.legend { color: var(--muted); font-size: 12px; }
#selftest-result { display: none; }
)CSS";

}  // namespace arbiter::report::html

// The pieces of the HTML report (WriteHtml, report/html_writer.cc), shared by
// its files and its tests: HTML escaping, the latency histogram drawn as an
// inline SVG on the server side (html_svg.cc), the replay data embedded in
// the page as JSON (html_data.cc), and the page's inline CSS and JavaScript
// (html_assets.cc). Not part of the report API: only the writer and its tests
// include this header.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "report/run_report.h"

namespace arbiter::report::html {

// Text for HTML content or a quoted attribute: & < > " ' as entities.
std::string Escape(std::string_view text);

// JSON for a <script type="application/json"> element: '<', '>' and '&' as
// \u003c \u003e \u0026, so that no data can close the element or open a
// comment; invalid UTF-8 is replaced, never thrown on.
std::string ScriptJson(const nlohmann::json& data);

// The bins of a latency histogram: bin i counts the values in
// [i * width, (i + 1) * width); the bins reach past the largest value and
// the limit. Widths are 1, 2 or 5 times a power of ten, at most kMaxBins bins.
struct Histogram {
  static constexpr int kMaxBins = 24;
  double width = 1;
  std::vector<int> counts;
};
Histogram BinLatencies(const std::vector<double>& latencies_ms, double limit_ms);

// The histogram as an inline <svg>: one <rect class="bar"> per bin with
// data-lo, data-hi (ms) and data-count, the limit as a dashed line, axis
// ticks and labels. Empty when there are no latencies.
std::string LatencyHistogramSvg(const std::vector<double>& latencies_ms, int limit_ms);

// At most this many turns of a match are embedded in the page (around its
// failing turns); the page says when a match was cut.
inline constexpr int kMaxEmbeddedTurns = 400;

// The replay data embedded in the page: {"pool": [cell and piece objects],
// "tracks": [one per match with turns: {"match", "offset", "total",
// "truncated", "turns": [{"t", "p", "in", "ans", "silent", "ms", "ev",
// "v"}]}], "replays": [one per finding of such a match: {"track", "finding",
// "failing" (index into the track's turns, -1 if not embedded), "turn",
// "seat", "divergence"}]}. Views ("v") are the game's board views with their
// cells and pieces replaced by indices into "pool" (identical cells repeat
// from turn to turn), or null when the game has no view of the input.
// `replay_of` gets, per match and finding, the replay index or -1;
// `passing_replay_of`, per match, the replay of a passing match that kept
// its transcript (the first of each kind: RunReport::keep_passing_replays),
// or -1. Such a replay has "finding" and "failing" -1.
nlohmann::json ReplayData(const RunReport& report, std::vector<std::vector<int>>& replay_of,
                          std::vector<int>& passing_replay_of);

// Where two board views differ: on each side, the indices of the cells with
// no cell at the same place (r, c, h, w) with the same label and class on the
// other side, and of the pieces with no identical piece (matched by their
// first class, else by index) on the other side.
struct ViewDiff {
  std::vector<int> cells_a, cells_b, pieces_a, pieces_b;
};
ViewDiff DiffViews(const nlohmann::json& a, const nlohmann::json& b);

// The page's inline style sheet (html_assets.cc) and script (html_script.cc).
extern const char* const kStyle;
extern const char* const kScript;

}  // namespace arbiter::report::html

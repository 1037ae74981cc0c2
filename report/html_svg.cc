// The HTML report's latency histogram, drawn on the server side as an inline
// SVG (no script needed to see it): the bot's answer times of every match in
// bins of a round width, one bar per bin with its range and count (also as a
// tooltip), the action limit as a dashed red line, ticks on both axes and
// the axis titles. Also HTML escaping, used by every part of the page.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "report/html_internal.h"

namespace arbiter::report::html {
namespace {

// A number for labels and attributes: up to 3 decimals, no trailing zeros.
std::string Num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// Plot geometry, in SVG user units.
constexpr double kWidth = 720, kHeight = 240;
constexpr double kLeft = 52, kRight = 16, kTop = 22, kBottom = 46;
constexpr double kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;

}  // namespace

std::string Escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

Histogram BinLatencies(const std::vector<double>& latencies_ms, double limit_ms) {
  Histogram h;
  double top = std::max(limit_ms, 0.0);
  for (double v : latencies_ms) top = std::max(top, v);
  if (top <= 0) top = 1;
  // The smallest round width that covers [0, top] in at most kMaxBins bins.
  for (double scale = 0.001;; scale *= 10) {
    bool found = false;
    for (double m : {1.0, 2.0, 5.0}) {
      if (std::floor(top / (m * scale)) + 1 <= Histogram::kMaxBins) {
        h.width = m * scale;
        found = true;
        break;
      }
    }
    if (found) break;
  }
  const int bins = static_cast<int>(std::floor(top / h.width)) + 1;
  h.counts.assign(bins, 0);
  for (double v : latencies_ms) {
    // The small epsilon keeps a value on a bin edge in the upper bin despite
    // inexact widths (0.1 * 3 / 0.1 < 3).
    const int i = static_cast<int>(std::floor(std::max(v, 0.0) / h.width + 1e-9));
    ++h.counts[std::clamp(i, 0, bins - 1)];
  }
  return h;
}

std::string LatencyHistogramSvg(const std::vector<double>& latencies_ms, int limit_ms) {
  if (latencies_ms.empty()) return {};
  const Histogram h = BinLatencies(latencies_ms, limit_ms);
  const int bins = static_cast<int>(h.counts.size());
  const int max_count = std::max(1, *std::max_element(h.counts.begin(), h.counts.end()));
  const double bar_w = kPlotW / bins;
  const double span = bins * h.width;
  auto x_of = [&](double ms) { return kLeft + ms / span * kPlotW; };
  auto y_of = [&](double count) { return kTop + kPlotH - count / max_count * kPlotH; };
  std::ostringstream s;
  s << "<svg class=\"histogram\" viewBox=\"0 0 " << Num(kWidth) << ' ' << Num(kHeight)
    << "\" width=\"" << Num(kWidth) << "\" height=\"" << Num(kHeight)
    << "\" role=\"img\" aria-label=\"histogram of " << latencies_ms.size()
    << " answer times in bins of " << Num(h.width) << " ms\">\n";
  // Axes.
  s << "<line class=\"axis\" x1=\"" << Num(kLeft) << "\" y1=\"" << Num(kTop + kPlotH) << "\" x2=\""
    << Num(kLeft + kPlotW) << "\" y2=\"" << Num(kTop + kPlotH) << "\"/>\n";
  s << "<line class=\"axis\" x1=\"" << Num(kLeft) << "\" y1=\"" << Num(kTop) << "\" x2=\""
    << Num(kLeft) << "\" y2=\"" << Num(kTop + kPlotH) << "\"/>\n";
  // Bars.
  for (int i = 0; i < bins; ++i) {
    const double lo = i * h.width, hi = (i + 1) * h.width;
    const double y = y_of(h.counts[i]);
    s << "<rect class=\"bar\" data-lo=\"" << Num(lo) << "\" data-hi=\"" << Num(hi)
      << "\" data-count=\"" << h.counts[i] << "\" x=\"" << Num(kLeft + i * bar_w + 1) << "\" y=\""
      << Num(y) << "\" width=\"" << Num(std::max(bar_w - 2, 1.0)) << "\" height=\""
      << Num(kTop + kPlotH - y) << "\"><title>" << Num(lo) << "–" << Num(hi)
      << " ms: " << h.counts[i] << " answer(s)</title></rect>\n";
  }
  // X ticks: about 6 labelled bin edges.
  const int every = std::max(1, (bins + 5) / 6);
  for (int i = 0; i <= bins; i += every) {
    const double x = kLeft + i * bar_w;
    s << "<line class=\"tick\" x1=\"" << Num(x) << "\" y1=\"" << Num(kTop + kPlotH) << "\" x2=\""
      << Num(x) << "\" y2=\"" << Num(kTop + kPlotH + 5) << "\"/><text class=\"tick-label\" x=\""
      << Num(x) << "\" y=\"" << Num(kTop + kPlotH + 18) << "\" text-anchor=\"middle\">"
      << Num(i * h.width) << "</text>\n";
  }
  // Y ticks: 0, half and the largest count.
  for (int c : {0, max_count / 2, max_count}) {
    if (c == max_count / 2 && (c == 0 || c == max_count)) continue;
    s << "<line class=\"tick\" x1=\"" << Num(kLeft - 5) << "\" y1=\"" << Num(y_of(c)) << "\" x2=\""
      << Num(kLeft) << "\" y2=\"" << Num(y_of(c)) << "\"/><text class=\"tick-label\" x=\""
      << Num(kLeft - 8) << "\" y=\"" << Num(y_of(c) + 4) << "\" text-anchor=\"end\">" << c
      << "</text>\n";
  }
  // The limit.
  if (limit_ms > 0) {
    const double x = x_of(limit_ms);
    s << "<line class=\"limit\" x1=\"" << Num(x) << "\" y1=\"" << Num(kTop - 6) << "\" x2=\""
      << Num(x) << "\" y2=\"" << Num(kTop + kPlotH) << "\"/><text class=\"limit-label\" x=\""
      << Num(x - 4) << "\" y=\"" << Num(kTop + 4) << "\" text-anchor=\"end\">limit " << limit_ms
      << " ms</text>\n";
  }
  // Axis titles.
  s << "<text class=\"axis-title\" x=\"" << Num(kLeft + kPlotW / 2) << "\" y=\"" << Num(kHeight - 6)
    << "\" text-anchor=\"middle\">answer time (ms), bins of " << Num(h.width) << " ms</text>\n";
  s << "<text class=\"axis-title\" transform=\"translate(14 " << Num(kTop + kPlotH / 2)
    << ") rotate(-90)\" text-anchor=\"middle\">answers</text>\n";
  s << "</svg>\n";
  return s.str();
}

}  // namespace arbiter::report::html

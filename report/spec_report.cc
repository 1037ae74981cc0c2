// Reading test results and building the spec report (spec_report.h). The XML
// reader is deliberately small: it understands the JUnit shape GoogleTest and
// CTest write (testcase elements with name/classname/status attributes and
// failure/error/skipped/system-out children), not XML in general.
#include "report/spec_report.h"

#include <algorithm>

#include "checks/findings.h"
#include "report/spec_render.h"

namespace arbiter::report {
namespace {

int Rank(const std::string& status) {
  if (status == "fail") return 4;
  if (status == "warn") return 3;
  if (status == "pass") return 2;
  if (status == "skipped") return 1;
  return 0;
}

void Merge(std::map<std::string, TestResult>& into, const std::string& key, TestResult r) {
  auto [it, added] = into.emplace(key, r);
  if (!added && Rank(r.status) > Rank(it->second.status)) it->second = std::move(r);
}

std::string Unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    const size_t semi = s.find(';', i);
    if (semi == std::string_view::npos) {
      out += s[i];
      continue;
    }
    const std::string_view ent = s.substr(i + 1, semi - i - 1);
    if (ent == "amp")
      out += '&';
    else if (ent == "lt")
      out += '<';
    else if (ent == "gt")
      out += '>';
    else if (ent == "quot")
      out += '"';
    else if (ent == "apos")
      out += '\'';
    else if (ent.size() > 1 && ent[0] == '#') {
      const bool hex = ent[1] == 'x' || ent[1] == 'X';
      const long code =
          std::strtol(std::string(ent.substr(hex ? 2 : 1)).c_str(), nullptr, hex ? 16 : 10);
      out += code > 0 && code < 128 ? static_cast<char>(code) : '?';
    } else {
      out += std::string(s.substr(i, semi - i + 1));
    }
    i = semi;
  }
  return out;
}

// The value of attribute `key` in the start tag `tag` ("<testcase a="1" ...>").
std::string Attr(std::string_view tag, std::string_view key) {
  size_t p = 0;
  while ((p = tag.find(key, p)) != std::string_view::npos) {
    const bool boundary = p > 0 && (tag[p - 1] == ' ' || tag[p - 1] == '\t' || tag[p - 1] == '\n');
    const size_t eq = p + key.size();
    if (boundary && eq + 1 < tag.size() && tag[eq] == '=' &&
        (tag[eq + 1] == '"' || tag[eq + 1] == '\'')) {
      const size_t end = tag.find(tag[eq + 1], eq + 2);
      if (end == std::string_view::npos) return {};
      return Unescape(tag.substr(eq + 2, end - eq - 2));
    }
    p = eq;
  }
  return {};
}

std::string Tail(const std::string& text, size_t max_chars) {
  return text.size() <= max_chars ? text : "..." + text.substr(text.size() - max_chars);
}

std::string Cdata(std::string_view body) {
  std::string out;
  size_t p = 0;
  while (p < body.size()) {
    const size_t c = body.find("<![CDATA[", p);
    if (c == std::string_view::npos) {
      out += Unescape(body.substr(p));
      break;
    }
    out += Unescape(body.substr(p, c - p));
    const size_t e = body.find("]]>", c);
    out += std::string(body.substr(c + 9, (e == std::string_view::npos ? body.size() : e) - c - 9));
    p = e == std::string_view::npos ? body.size() : e + 3;
  }
  return out;
}

// The tool of an arbiter run report's JUnit test case, from its classname
// "<game>.<tool>" (junit_writer.cc), or "" for any other test case.
std::string RunTool(const std::string& classname) {
  for (const char* tool : {"check-bot", "play", "fuzz-referee"}) {
    const std::string suffix = std::string(".") + tool;
    if (classname.size() > suffix.size() &&
        classname.compare(classname.size() - suffix.size(), suffix.size(), suffix) == 0)
      return tool;
  }
  return "";
}

bool LoadJunit(std::string_view text, const std::string& game, TestResults& results,
               std::string& error) {
  size_t p = 0;
  int cases = 0;
  while ((p = text.find("<testcase", p)) != std::string_view::npos) {
    const size_t tag_end = text.find('>', p);
    if (tag_end == std::string_view::npos) break;
    const std::string_view tag = text.substr(p, tag_end - p + 1);
    std::string_view body;
    size_t next = tag_end + 1;
    if (tag.size() < 2 || tag[tag.size() - 2] != '/') {
      const size_t close = text.find("</testcase>", tag_end);
      if (close == std::string_view::npos) {
        error = "a <testcase> element is not closed";
        return false;
      }
      body = text.substr(tag_end + 1, close - tag_end - 1);
      next = close + 11;
    }
    ++cases;
    TestResult r{"pass", ""};
    const std::string status = Attr(tag, "status"), result = Attr(tag, "result");
    auto child = [&](std::string_view name) { return body.find("<" + std::string(name)); };
    if (child("failure") != std::string_view::npos || child("error") != std::string_view::npos ||
        status == "fail") {
      r.status = "fail";
      const size_t f = std::min(child("failure"), child("error"));
      if (f != std::string_view::npos) {
        const size_t fe = body.find('>', f);
        const std::string_view ftag = body.substr(f, fe == std::string_view::npos ? 0 : fe - f + 1);
        r.message = Attr(ftag, "message");
        const size_t close = body.find("</", fe);
        if (fe != std::string_view::npos && ftag.size() > 1 && ftag[ftag.size() - 2] != '/' &&
            close != std::string_view::npos) {
          const std::string detail = Cdata(body.substr(fe + 1, close - fe - 1));
          if (!detail.empty()) r.message = detail;
        }
      }
      const size_t out = body.find("<system-out>");
      if ((r.message.empty() || r.message == "Failed") && out != std::string_view::npos) {
        const size_t end = body.find("</system-out>", out);
        r.message =
            Tail(Cdata(body.substr(out + 12, end == std::string_view::npos ? std::string_view::npos
                                                                           : end - out - 12)),
                 1500);
      }
    } else if (child("skipped") != std::string_view::npos || status == "notrun" ||
               status == "disabled" || result == "skipped" || result == "suppressed") {
      r.status = "skipped";
      const size_t s = child("skipped");
      if (s != std::string_view::npos)
        r.message = Attr(body.substr(s, body.find('>', s) - s + 1), "message");
    }
    const std::string name = Attr(tag, "name"), cls = Attr(tag, "classname");
    // A test case of a check-bot, play or fuzz-referee JUnit report is the
    // result of one check ("<check id>: <title> (<clause>)"), read as from its
    // JSON report: a failure fails the clauses of the check; a warning
    // (its evidence under "WARN:", or "warn:" from an older arbiter) warns.
    if (const std::string tool = RunTool(cls); !tool.empty()) {
      const std::string report_game = cls.substr(0, cls.size() - tool.size() - 1);
      if (game != "arbiter" && report_game != game) {
        error = "a report of game '" + report_game + "', not '" + game + "'";
        return false;
      }
      const size_t out = body.find("<system-out>");
      if (r.status == "pass" && out != std::string_view::npos &&
          (body.substr(out + 12).starts_with("WARN:") ||
           body.substr(out + 12).starts_with("warn:"))) {
        r.status = "warn";
        const size_t end = body.find("</system-out>", out);
        r.message =
            Tail(Cdata(body.substr(out + 12, end == std::string_view::npos ? std::string_view::npos
                                                                           : end - out - 12)),
                 1500);
      }
      Merge(results.checks, name.substr(0, name.find(": ")), std::move(r));
    } else {
      Merge(results.tests, NormaliseTestName(name.find('.') == std::string::npos ? cls : "", name),
            std::move(r));
    }
    p = next;
  }
  if (cases == 0) error = "no <testcase> elements (not a JUnit XML file)";
  return cases > 0;
}

bool LoadGtestJson(const nlohmann::json& doc, TestResults& results) {
  for (const auto& suite : doc["testsuites"]) {
    if (!suite.contains("testsuite")) continue;
    for (const auto& t : suite["testsuite"]) {
      TestResult r{"pass", ""};
      if (t.contains("failures") && !t["failures"].empty()) {
        r.status = "fail";
        for (const auto& f : t["failures"]) r.message += JsonString(f, "failure") + "\n";
      } else if (JsonString(t, "status") == "NOTRUN" || JsonString(t, "result") == "SKIPPED" ||
                 JsonString(t, "result") == "SUPPRESSED") {
        r.status = "skipped";
      }
      Merge(results.tests, NormaliseTestName(JsonString(suite, "name"), JsonString(t, "name")),
            std::move(r));
    }
  }
  return true;
}

bool LoadRunReport(const nlohmann::json& doc, const std::string& game, TestResults& results,
                   std::string& error) {
  if (game != "arbiter" && JsonString(doc, "game") != game) {
    error = "a report of game '" + JsonString(doc, "game") + "', not '" + game + "'";
    return false;
  }
  for (const auto& c : doc["checks"]) {
    std::string status = JsonString(c, "status");
    if (status == "info") status = "pass";
    // The message of the check's first finding, matched as the writers do.
    harness::CheckInfo check;
    check.id = JsonString(c, "id");
    check.clause = JsonString(c, "clause");
    std::string message;
    for (const auto& f : doc["findings"]) {
      harness::Finding finding;
      finding.check = JsonString(f, "check");
      finding.clause = JsonString(f, "clause");
      if (harness::Belongs(finding, check)) {
        message = JsonString(f, "message");
        break;
      }
    }
    Merge(results.checks, check.id, {status, status == "pass" ? "" : message});
  }
  return true;
}

}  // namespace

std::string NormaliseTestName(std::string_view suite, std::string_view name) {
  std::string full =
      suite.empty() ? std::string(name) : std::string(suite) + "." + std::string(name);
  const size_t dot = full.find('.');
  if (dot == std::string::npos) return full;
  std::string s = full.substr(0, dot), n = full.substr(dot + 1);
  if (const size_t slash = n.find('/'); slash != std::string::npos) n = n.substr(0, slash);
  return s + "." + n;
}

bool LoadResults(const std::string& name, std::string_view text, const std::string& game,
                 TestResults& results, std::string& error) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) {
    error = name + ": empty file";
    return false;
  }
  bool ok = false;
  if (text[first] == '<') {
    ok = LoadJunit(text, game, results, error);
  } else {
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
      error = name + ": neither XML nor valid JSON: " + e.what();
      return false;
    }
    if (doc.is_object() && JsonString(doc, "schema") == kJsonSchema) {
      ok = LoadRunReport(doc, game, results, error);
    } else if (doc.is_object() && doc.contains("testsuites") && doc["testsuites"].is_array()) {
      ok = LoadGtestJson(doc, results);
    } else {
      error =
          "JSON that is neither GoogleTest output (\"testsuites\") nor an arbiter report "
          "(\"schema\": \"" +
          std::string(kJsonSchema) + "\")";
    }
  }
  if (!ok) {
    error = name + ": " + error;
    return false;
  }
  results.files.push_back(name);
  return true;
}

RunReport BuildSpecReport(const nlohmann::json& reg, const TestResults& results) {
  RunReport r;
  r.tool = "spec";
  r.game = JsonString(reg, "game");
  r.results_files = results.files;
  const harness::CheckCatalog catalog = harness::CatalogFromRegister(reg);
  if (reg.contains("checks"))
    for (const auto& c : reg["checks"])
      if (const auto* info = catalog.Find(JsonString(c, "id"))) r.checks.push_back(*info);
  auto result_of = [](const std::map<std::string, TestResult>& m, const std::string& key) {
    const auto it = m.find(key);
    return it == m.end() ? TestResult{"not-run", ""} : it->second;
  };
  for (const auto& c : reg["clauses"]) {
    ClauseRow row = ClauseRowOf(c);
    if (c.contains("tests"))
      for (const auto& t : c["tests"]) {
        const TestResult tr = result_of(results.tests, t.get<std::string>());
        row.proofs.push_back({t.get<std::string>(), "test", tr.status, tr.message});
      }
    for (const auto& check : r.checks) {
      if (check.clause != row.id) continue;
      const TestResult tr = result_of(results.checks, check.id);
      row.proofs.push_back({check.id, "check", tr.status, tr.message});
    }
    if (results.checks.count(row.id)) {  // fuzz-referee's per-clause check
      const TestResult tr = result_of(results.checks, row.id);
      row.proofs.push_back({row.id, "check", tr.status, tr.message});
    }
    row.status = RowStatus(row.proofs);
    r.clauses.push_back(std::move(row));
  }
  return r;
}

}  // namespace arbiter::report

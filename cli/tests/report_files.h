// The four report files of one run (--json, --junit, --markdown, --html) for
// the integration tests: the options that ask for them, and checks that each
// file holds every finding of the JSON report and names what produced it
// (clause arbiter.report.formats).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

namespace arbiter::testing {

class ReportFiles {
 public:
  explicit ReportFiles(const std::string& name)
      : base_(::testing::TempDir() + "/" + name + "-" + std::to_string(getpid())) {
    for (const char* ext : {".json", ".xml", ".md", ".html"}) std::remove((base_ + ext).c_str());
  }
  std::string Options() const {
    return "--json " + base_ + ".json --junit " + base_ + ".xml --markdown " + base_ +
           ".md --html " + base_ + ".html";
  }
  std::string Read(const char* ext) const {
    std::ifstream in(base_ + ext, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  nlohmann::json Json() const {
    const std::string text = Read(".json");
    return text.empty() ? nlohmann::json() : nlohmann::json::parse(text);
  }

  // Every finding of the JSON report (its check id and clause) appears in
  // the JUnit, Markdown and HTML reports; each names the version and command.
  void ExpectTheSameFindingsEverywhere(const std::string& version) const {
    const nlohmann::json j = Json();
    ASSERT_FALSE(j.is_null()) << "no JSON report";
    ASSERT_FALSE(j["findings"].empty());
    const std::string junit = Read(".xml"), md = Read(".md"), html = Read(".html");
    EXPECT_EQ(junit.rfind("<?xml", 0), 0u) << junit.substr(0, 200);
    EXPECT_NE(junit.find("<failure"), std::string::npos);
    EXPECT_EQ(md.rfind("# arbiter ", 0), 0u) << md.substr(0, 200);
    EXPECT_NE(md.find("**FAIL**"), std::string::npos);
    std::string head = html.substr(0, 15);
    for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(head, "<!doctype html>") << html.substr(0, 200);
    for (const auto& f : j["findings"]) {
      const std::string check = f["check"], clause = f["clause"];
      EXPECT_NE(junit.find(check), std::string::npos) << check << " missing from the JUnit report";
      EXPECT_NE(md.find("`" + check + "`"), std::string::npos) << check << " missing from Markdown";
      EXPECT_NE(md.find(clause), std::string::npos) << clause << " missing from Markdown";
      EXPECT_NE(html.find(check), std::string::npos) << check << " missing from the HTML report";
      EXPECT_NE(html.find(clause), std::string::npos) << clause << " missing from the HTML report";
    }
    for (const std::string* text : {&junit, &md, &html})
      EXPECT_NE(text->find(version), std::string::npos) << "the version is missing";
    const std::string command = j["command"];
    const std::string tool = command.substr(0, command.find(" --"));  // "arbiter check-bot"
    EXPECT_NE(md.find(tool), std::string::npos);
    EXPECT_NE(html.find(tool), std::string::npos);
  }

 private:
  std::string base_;
};

}  // namespace arbiter::testing

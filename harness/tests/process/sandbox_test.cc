// Containment (sandbox.h, arbiter.process.contained): what a contained bot's
// stderr is taken as evidence of, and a contained bot's pipes and fate as
// arbiter sees them, the same as uncontained.
#include "process/sandbox.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "process/elf_runpath.h"
#include "tests/process/process_test_support.h"

namespace arbiter::harness::testing {
namespace {

// What the program of `argv` sees, with `shared` shown as it is.
SandboxView ViewFor(const std::vector<std::string>& argv,
                    const std::vector<std::string>& shared = {}) {
  std::string error;
  SandboxView view = PlanSandbox(argv, argv[0], shared, error);
  EXPECT_EQ(error, "");
  return view;
}

// ContainmentEvidence for a bot, with the bots' advice.
// A folder of this test's own under the test temporary folder, normalised
// as the containment's paths are: <TempDir>/<name>-<pid>.
std::string ScratchDir(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / (name + "-" + std::to_string(getpid())))
      .lexically_normal()
      .string();
}

std::string Evidence(const std::vector<std::string>& argv, const std::string& stderr_tail) {
  return ContainmentEvidence(ViewFor(argv), Containment{}.undo, stderr_tail);
}

TEST(ContainmentEvidence, AMissingFileOutsideTheBotsFoldersIsNamedWithTheOption) {
  const std::string why = Evidence(
      {"/bin/sh"}, "FileNotFoundError: [Errno 2] No such file or directory: '/root/data.txt'\n");
  EXPECT_NE(why.find("'/root/data.txt'"), std::string::npos) << why;
  EXPECT_NE(why.find("--no-sandbox"), std::string::npos) << why;
}

TEST(ContainmentEvidence, ACrashTraceNamingASourceFileIsNoEvidence) {
  // The path exists outside and is not shown inside, but nothing says it
  // was wanted and refused.
  EXPECT_EQ(Evidence({"/bin/sh"}, "Segmentation fault at /root/src/bot.cc:42\n"), "");
}

TEST(ContainmentEvidence, ARefusedConnectionIsTheMissingNetwork) {
  const std::string why =
      Evidence({"/bin/sh"}, "ConnectionRefusedError: [Errno 111] Connection refused\n");
  EXPECT_NE(why.find("without a network"), std::string::npos) << why;
}

TEST(ContainmentEvidence, AFileInsideTheSystemIsNoEvidence) {
  EXPECT_EQ(Evidence({"/bin/sh"}, "cannot open /usr/share/missing.txt: not found\n"), "");
}

// A contained referee reaches arbiter's relays as they are: a path under
// what is shared is inside its view, and the advice is the one it was given.
TEST(ContainmentEvidence, WhatIsSharedAsItIsIsNoEvidenceAndTheAdviceIsTheCallers) {
  const std::string missing = "cannot open /root/s0: No such file or directory\n";
  const std::string why =
      ContainmentEvidence(ViewFor({"/bin/sh"}, {"/usr/lib/x"}),
                          "without --sandbox-referee it runs uncontained", missing);
  EXPECT_NE(why.find("'/root/s0'"), std::string::npos) << why;
  EXPECT_NE(why.find("; without --sandbox-referee it runs uncontained"), std::string::npos) << why;
  EXPECT_EQ(why.find("--no-sandbox"), std::string::npos) << why;
  EXPECT_EQ(ContainmentEvidence(ViewFor({"/bin/sh"}, {"/root"}), "x", missing), "");
}

// A file in the bot's own fresh HOME is one it sees: npm, finding no
// package.json, names its debug log there. Before, that log was the advice
// ("outside what the containment shows"), not the missing package.json.
TEST(ContainmentEvidence, AFileInTheBotsOwnHomeIsNoEvidence) {
  const std::string home = ScratchDir("bothome");
  std::filesystem::create_directories(home + "/.npm/_logs");
  SandboxView v = ViewFor({"/bin/sh"});
  v.home = home;
  const std::string npm =
      "npm error enoent Could not read package.json: Error: ENOENT: no such file or directory\n"
      "npm error A complete log of this run can be found in: " +
      home + "/.npm/_logs/debug-0.log\n";
  EXPECT_EQ(ContainmentEvidence(v, "x", npm), "");
  v.home.clear();  // the same text, the folder not the bot's: named
  EXPECT_NE(ContainmentEvidence(v, "x", npm).find(home + "/.npm/_logs"), std::string::npos);
  std::filesystem::remove_all(home);
}

// A file the bot opens by a relative name, in the folder arbiter runs in
// but not shown (a project's config.json beside src/bot.py), and a path
// through ".." (src/../data.json): both named, with what to do. Before,
// neither had any advice.
TEST(ContainmentEvidence, ARelativeNameOrAPathThroughDotDotOutsideTheBotsFolderIsNamed) {
  const std::string p = ScratchDir("relname");
  std::filesystem::create_directories(p + "/src");
  std::ofstream(p + "/config.json") << "{}\n";
  SandboxView v;
  v.cwd = p;
  v.folders.push_back({p + "/src", "", false, ""});
  const std::string relative = ContainmentEvidence(
      v, "x", "FileNotFoundError: [Errno 2] No such file or directory: 'config.json'\n");
  EXPECT_NE(relative.find("its stderr names 'config.json', which is in " + p), std::string::npos)
      << relative;
  EXPECT_NE(relative.find("only those the bot's command names); x"), std::string::npos) << relative;
  const std::string dotdot =
      ContainmentEvidence(v, "x", "No such file or directory: '" + p + "/src/../config.json'\n");
  EXPECT_NE(dotdot.find("'" + p + "/config.json', which is outside"), std::string::npos) << dotdot;
  std::filesystem::remove_all(p);
}

// A bot folder over the copy limit is shown read-only: a bot that writes
// its log there is told that, not that "the system is read-only".
TEST(ContainmentEvidence, AWriteRefusedInAFolderShownReadOnlyForItsSizeSaysSo) {
  SandboxView v;
  v.folders.push_back({"/x/big", "", true, "more than 256.0 MB, the most arbiter copies"});
  const std::string why =
      ContainmentEvidence(v, "x", "OSError: [Errno 30] Read-only file system: 'bot.log'\n");
  EXPECT_NE(why.find("its folder /x/big is shown read-only (more than 256.0 MB"), std::string::npos)
      << why;
}

class ContainedBot : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!SandboxAvailable(why)) GTEST_SKIP() << why;
  }
  SpawnOptions Contained() {
    SpawnOptions o;
    o.containment.sandbox = true;
    return o;
  }
  EventLoop loop_;
};

TEST_F(ContainedBot, ClosingItsStdoutIsTheEndOfItsOutputAsUncontained) {
  // bubblewrap's own processes must not hold the bot's stdout open.
  auto bot = Sh(loop_, "echo hi; exec 1>&-; sleep 5", Contained());
  ASSERT_TRUE(bot);
  EXPECT_TRUE(
      loop_.RunUntil(Clock::now() + std::chrono::seconds(5), [&] { return bot->stdout_eof(); }));
  EXPECT_FALSE(bot->exited());
  bot->Terminate(std::chrono::milliseconds(200));
}

TEST_F(ContainedBot, ABotKilledByASignalIsSaidKilledByIt) {
  auto bot = Sh(loop_, "kill -SEGV $$", Contained());
  ASSERT_TRUE(bot);
  ASSERT_TRUE(
      loop_.RunUntil(Clock::now() + std::chrono::seconds(5), [&] { return bot->exited(); }));
  EXPECT_EQ(bot->term_signal(), std::optional<int>(SIGSEGV));
  EXPECT_FALSE(bot->exit_code().has_value());
}

TEST_F(ContainedBot, ItSeesNoHomeAndNoNetworkButItsOwnPidNamespace) {
  // A file of the user's home, made for the test.
  const char* home = std::getenv("HOME");
  ASSERT_NE(home, nullptr);
  const std::string mark = std::string(home) + "/.arbiter-sandbox-test-" + std::to_string(getpid());
  ASSERT_EQ(std::system(("touch '" + mark + "'").c_str()), 0);
  auto bot = Sh(loop_,
                "test -e '" + mark +
                    "' && echo home; echo ifaces $(grep -c : /proc/net/dev); "
                    "echo pid $$",
                Contained());
  std::remove(mark.c_str());
  ASSERT_TRUE(bot);
  std::string out;
  loop_.RunUntil(Clock::now() + std::chrono::seconds(5), [&] {
    while (bot->HasLine()) out += bot->PopLine().line.text + "\n";
    return bot->stdout_eof();
  });
  EXPECT_EQ(out.find("home"), std::string::npos) << out;
  EXPECT_NE(out.find("ifaces 1\n"), std::string::npos) << out;  // loopback alone
  EXPECT_NE(out.find("pid "), std::string::npos) << out;
  EXPECT_LT(std::atoi(out.substr(out.find("pid ") + 4).c_str()), 10) << out;
  bot->Terminate(std::chrono::milliseconds(200));
}

// What is shared (a contained referee's relays) is there as it is, and
// read-only: the program reads it and cannot change it. The home folder the
// shared file lies in stays hidden.
TEST_F(ContainedBot, WhatIsSharedIsSeenAsItIsAndReadOnly) {
  const char* home = std::getenv("HOME");
  ASSERT_NE(home, nullptr);
  const std::string dir = std::string(home) + "/.arbiter-shared-test-" + std::to_string(getpid());
  const std::string other = dir + "-other";
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "' '" + other + "' && echo original > '" + dir +
                         "/f' && touch '" + other + "/g'")
                            .c_str()),
            0);
  // The script lies in the shared folder: the other folder is named only
  // inside it (a path on the command line would be shown as the bot's own).
  {
    std::ofstream(dir + "/run.sh")
        << "cat '" << dir << "/f'; echo changed > '" << dir << "/f' || echo refused; test -e '"
        << other << "/g' && echo other; exit 0\n";
  }
  SpawnOptions o = Contained();
  o.containment.shared = {dir};
  auto bot = Spawn(loop_, {"/bin/sh", dir + "/run.sh"}, o);
  ASSERT_TRUE(bot);
  std::string out;
  loop_.RunUntil(Clock::now() + std::chrono::seconds(5), [&] {
    while (bot->HasLine()) out += bot->PopLine().line.text + "\n";
    return bot->stdout_eof();
  });
  bot->Terminate(std::chrono::milliseconds(200));
  std::string after;
  if (FILE* f = std::fopen((dir + "/f").c_str(), "r")) {
    char buf[64] = {};
    after = std::fgets(buf, sizeof buf, f) ? buf : "";
    std::fclose(f);
  }
  std::system(("rm -rf '" + dir + "' '" + other + "'").c_str());
  EXPECT_EQ(out, "original\nrefused\n");
  EXPECT_EQ(after, "original\n");
}

// A folder of the user's home made for one test, removed at its end.
class HomeFolder {
 public:
  explicit HomeFolder(const std::string& name) {
    const char* home = std::getenv("HOME");
    path_ =
        std::string(home ? home : "/tmp") + "/.arbiter-" + name + "-" + std::to_string(getpid());
    std::system(("rm -rf '" + path_ + "' && mkdir -p '" + path_ + "'").c_str());
  }
  ~HomeFolder() { std::system(("rm -rf '" + path_ + "'").c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Its output until it closes its stdout, waiting at most `wait` (a JVM
// under a loaded machine's ctest takes its time).
std::string OutputOf(EventLoop& loop, BotProcess& bot,
                     std::chrono::seconds wait = std::chrono::seconds(5)) {
  std::string out;
  loop.RunUntil(Clock::now() + wait, [&] {
    while (bot.HasLine()) out += bot.PopLine().line.text + "\n";
    return bot.stdout_eof();
  });
  bot.Terminate(std::chrono::milliseconds(200));
  return out;
}

// arbiter.process.contained: a path the user gives through ".." or a link
// resolves inside as it does outside.
TEST_F(ContainedBot, AScriptGivenThroughDotDotOrALinkRunsAsUncontained) {
  HomeFolder dir("dotdot");
  ASSERT_EQ(std::system(("mkdir -p '" + dir.path() + "/bars' '" + dir.path() +
                         "/other' && ln -s '" + dir.path() + "/other' '" + dir.path() + "/link'")
                            .c_str()),
            0);
  std::ofstream(dir.path() + "/other/run.sh") << "echo ran\n";
  for (const std::string& via :
       {dir.path() + "/bars/../other/run.sh", dir.path() + "/link/run.sh"}) {
    auto bot = Spawn(loop_, {"/bin/sh", via}, Contained());
    ASSERT_TRUE(bot) << via;
    EXPECT_EQ(OutputOf(loop_, *bot), "ran\n") << via;
  }
}

// A path through a link in /tmp (the bot's fresh /tmp holds nothing of the
// user's): the link is made in that fresh /tmp, not hidden by it.
TEST_F(ContainedBot, AScriptGivenThroughALinkInTheTemporaryFolderRunsAsUncontained) {
  HomeFolder dir("tmplink");
  const std::string link = "/tmp/arbiter-link-" + std::to_string(getpid());
  ASSERT_EQ(std::system(("mkdir -p '" + dir.path() + "/other' && rm -f '" + link + "' && ln -s '" +
                         dir.path() + "/other' '" + link + "'")
                            .c_str()),
            0);
  std::ofstream(dir.path() + "/other/run.sh") << "echo ran\n";
  auto bot = Spawn(loop_, {"/bin/sh", link + "/run.sh"}, Contained());
  ASSERT_TRUE(bot);
  EXPECT_EQ(OutputOf(loop_, *bot), "ran\n") << bot->stderr_tail();
  std::remove(link.c_str());
}

// arbiter.process.contained: a bot run with its project's virtual
// environment (`.venv/bin/python src/bot.py`, the venv made by python3 -m
// venv beside the bot's folder) sees the venv whole: its python, a link to
// "python3" beside it, and the packages in its lib/. Contained, the venv was
// not there: "exec: .../.venv/bin/python: not found", or with
// .venv/bin/python3 (a link out of it) a bot that could not import its
// package.
TEST_F(ContainedBot, ABotRunWithItsProjectsVirtualEnvironmentSeesItsPythonAndPackages) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0) << "scripts/setup installs python3";
  HomeFolder dir("venv");
  const std::string venv = dir.path() + "/.venv";
  ASSERT_EQ(std::system(("mkdir -p '" + dir.path() + "/src' && /usr/bin/python3 -m venv " +
                         "--without-pip '" + venv + "'")
                            .c_str()),
            0);
  std::string site;  // lib/python3.N/site-packages
  for (const auto& e : std::filesystem::directory_iterator(venv + "/lib"))
    site = e.path().string() + "/site-packages";
  ASSERT_TRUE(std::filesystem::is_directory(site)) << site;
  std::ofstream(site + "/arbiter_venv_mark.py") << "MARK = 'ran'\n";
  std::ofstream(dir.path() + "/src/bot.py") << "import arbiter_venv_mark\n"
                                               "print(arbiter_venv_mark.MARK)\n";
  for (const std::string python : {"/.venv/bin/python", "/.venv/bin/python3"}) {
    auto bot = Spawn(loop_, {dir.path() + python, dir.path() + "/src/bot.py"}, Contained());
    ASSERT_TRUE(bot) << python;
    EXPECT_EQ(OutputOf(loop_, *bot), "ran\n") << python << ": " << bot->stderr_tail();
  }
}

// A node bot in its project's src/ whose package is in the project's
// node_modules (node looks for it beside the script and in every folder
// above): contained, that node_modules is there too. Before, the bot
// failed with MODULE_NOT_FOUND.
TEST_F(ContainedBot, ANodeBotInSrcFindsThePackagesOfItsProjectsNodeModules) {
  ASSERT_EQ(access("/usr/bin/node", X_OK), 0) << "scripts/setup installs nodejs";
  HomeFolder dir("nodeproject");
  ASSERT_EQ(std::system(
                ("mkdir -p '" + dir.path() + "/src' '" + dir.path() + "/node_modules/arbiter-mark'")
                    .c_str()),
            0);
  std::ofstream(dir.path() + "/node_modules/arbiter-mark/index.js") << "module.exports = 'ran';\n";
  std::ofstream(dir.path() + "/src/bot.js") << "console.log(require('arbiter-mark'));\n";
  auto bot = Spawn(loop_, {"/usr/bin/node", dir.path() + "/src/bot.js"}, Contained());
  ASSERT_TRUE(bot);
  EXPECT_EQ(OutputOf(loop_, *bot), "ran\n") << bot->stderr_tail();
}

// Run from its project's folder, as users run them: a wrapper shell's bare
// file name (`sh -c 'sh run.sh'`) and a Java class path's bare folder and
// folder of jars (`java -cp 'lib/*:out' Main`) are the paths they name
// there. Before, only words with a '/' were, so contained each bot found
// neither its script nor its classes.
TEST_F(ContainedBot, BareNamesAndAClassPathsFolderOfJarsAreThePathsTheyNameHere) {
  ASSERT_EQ(access("/usr/bin/javac", X_OK), 0) << "scripts/setup installs default-jdk-headless";
  HomeFolder dir("barenames");
  const std::string p = dir.path();
  std::filesystem::create_directories(p + "/libsrc/h");
  std::filesystem::create_directories(p + "/src");
  std::ofstream(p + "/run.sh") << "echo ran\n";
  std::ofstream(p + "/libsrc/h/Helper.java")
      << "package h;\npublic class Helper { public static String word() { return \"ran\"; } }\n";
  std::ofstream(p + "/src/Main.java")
      << "public class Main { public static void main(String[] a) { "
         "System.out.println(h.Helper.word()); } }\n";
  ASSERT_EQ(std::system(("cd '" + p + "' && mkdir -p lib out libout && javac -d libout " +
                         "libsrc/h/Helper.java && jar cf lib/helper.jar -C libout . && javac -cp " +
                         "lib/helper.jar -d out src/Main.java")
                            .c_str()),
            0);
  const std::filesystem::path was = std::filesystem::current_path();
  std::filesystem::current_path(p);
  for (const std::vector<std::string>& argv : std::vector<std::vector<std::string>>{
           {"/bin/sh", "-c", "sh run.sh"}, {"java", "-cp", "lib/*:out", "Main"}}) {
    auto bot = Spawn(loop_, argv, Contained());
    ASSERT_TRUE(bot) << argv[0];
    EXPECT_EQ(OutputOf(loop_, *bot, std::chrono::seconds(60)), "ran\n")
        << argv.back() << ": " << bot->stderr_tail();
  }
  std::filesystem::current_path(was);
}

// A project runner run from its project's folder, naming no file of it
// (`cargo run`, `npm start`), as users run them: that folder is the bot's,
// and the install its version manager finds under the user's HOME
// (rustup's ~/.rustup, named by no PATH entry) is there, read-only, and
// named to the bot (RUSTUP_HOME), whose own HOME is a fresh one. Before, the
// bot ran in an empty folder and rustup found no toolchain: a working bot
// failed before its handshake. A command that is no project runner still
// does not see the folder it starts in.
TEST_F(ContainedBot, AProjectRunnerSeesItsProjectAndTheToolchainItsManagerFindsUnderHome) {
  HomeFolder dir("runner");
  const std::string p = dir.path();
  std::filesystem::create_directories(p + "/home/.rustup");
  std::filesystem::create_directories(p + "/tools/bin");
  std::filesystem::create_directories(p + "/project");
  std::ofstream(p + "/home/.rustup/settings.toml") << "default_toolchain = \"stable\"\n";
  std::ofstream(p + "/project/Cargo.toml") << "[package]\n";
  std::ofstream(p + "/tools/bin/cargo")
      << "#!/bin/sh\ncat Cargo.toml \"$RUSTUP_HOME/settings.toml\" && touch Cargo.lock\n";
  std::filesystem::permissions(p + "/tools/bin/cargo", std::filesystem::perms::owner_all);
  const std::string path = std::getenv("PATH"), home = std::getenv("HOME");
  ::setenv("PATH", (p + "/tools/bin:" + path).c_str(), 1);
  ::setenv("HOME", (p + "/home").c_str(), 1);
  ::unsetenv("RUSTUP_HOME");
  const std::filesystem::path was = std::filesystem::current_path();
  std::filesystem::current_path(p + "/project");
  std::string out, shell, why;
  auto bot = Spawn(loop_, {"cargo", "run"}, Contained());
  if (bot) out = OutputOf(loop_, *bot), why = bot->stderr_tail();
  auto other = Spawn(loop_, {"/bin/sh", "-c", "ls -A; echo end"}, Contained());
  if (other) shell = OutputOf(loop_, *other);
  std::filesystem::current_path(was);
  ::setenv("PATH", path.c_str(), 1);
  ::setenv("HOME", home.c_str(), 1);
  EXPECT_EQ(out, "[package]\ndefault_toolchain = \"stable\"\n") << why;
  EXPECT_FALSE(std::filesystem::exists(p + "/project/Cargo.lock")) << "it wrote in its copy";
  EXPECT_EQ(shell, "end\n") << "the folder it starts in, empty";
}

// A Python bot importing a package the user installed with `pip install
// --user` (in ~/.local/lib/pythonX.Y/site-packages): contained, the user's
// site-packages are there read-only, and nothing else of ~/.local is.
// Before, "No module named" failed a bot that works in the user's shell.
TEST_F(ContainedBot, APythonBotFindsThePackagesPipInstalledForTheUserAndNoMoreOfItsHome) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0) << "scripts/setup installs python3";
  HomeFolder dir("userbase");
  const std::string p = dir.path();
  FILE* f = ::popen(
      "/usr/bin/python3 -c \"import sys; print('python%d.%d' % sys.version_info[:2])\"", "r");
  ASSERT_NE(f, nullptr);
  char version[32] = {};
  ASSERT_NE(std::fgets(version, sizeof version, f), nullptr);
  ::pclose(f);
  const std::string site = p + "/.local/lib/" +
                           std::string(version).substr(0, std::strlen(version) - 1) +
                           "/site-packages";
  std::filesystem::create_directories(site);
  std::filesystem::create_directories(p + "/.local/share");
  std::ofstream(site + "/arbiter_user_mark.py") << "MARK = 'ran'\n";
  std::ofstream(p + "/.local/share/secret") << "x\n";
  const std::string home = std::getenv("HOME");
  ::setenv("HOME", p.c_str(), 1);
  auto bot = Spawn(loop_,
                   {"/usr/bin/python3", "-c",
                    "import os, arbiter_user_mark; print(arbiter_user_mark.MARK, "
                    "os.path.exists(os.environ['PYTHONUSERBASE'] + '/share/secret'))"},
                   Contained());
  ::setenv("HOME", home.c_str(), 1);
  ASSERT_TRUE(bot);
  EXPECT_EQ(OutputOf(loop_, *bot), "ran False\n") << bot->stderr_tail();
}

// Python's `-m module`, run from the folder that holds the module, as
// `python3 -m bot` and `python3 -m src.bot` are: contained, the module is
// there. Before, the word was no path, and Python said "No module named".
TEST_F(ContainedBot, APythonModuleRunWithDashMFromItsFolderIsThere) {
  ASSERT_EQ(access("/usr/bin/python3", X_OK), 0) << "scripts/setup installs python3";
  HomeFolder dir("dashm");
  const std::string p = dir.path();
  std::filesystem::create_directories(p + "/src");
  std::ofstream(p + "/single.py") << "print('ran')\n";
  std::ofstream(p + "/src/bot.py") << "print('ran too')\n";
  const std::filesystem::path was = std::filesystem::current_path();
  std::filesystem::current_path(p);
  std::vector<std::string> out;
  for (const std::string module : {"single", "src.bot"}) {
    auto bot = Spawn(loop_, {"/usr/bin/python3", "-m", module}, Contained());
    out.push_back(bot ? OutputOf(loop_, *bot) + bot->stderr_tail() : "not started");
  }
  std::filesystem::current_path(was);
  EXPECT_EQ(out, (std::vector<std::string>{"ran\n", "ran too\n"}));
}

// A C++ bot of a build tree linked to its project's own shared library
// (CMake writes the build's lib/ into the program's RUNPATH): contained, the
// loader finds it there, as outside; and a library folder the user gives in
// LD_LIBRARY_PATH (--env) is there too. Before, the loader failed with
// status 127 ("cannot open shared object file") in every match.
TEST_F(ContainedBot, ABuildTreesProgramFindsTheLibrariesItsRunpathOrLibraryPathNames) {
  HomeFolder dir("runpath");
  const std::string p = dir.path();
  std::filesystem::create_directories(p + "/lib");
  std::filesystem::create_directories(p + "/bin");
  std::ofstream(p + "/lib/word.cc") << "const char* Word() { return \"ran\"; }\n";
  std::ofstream(p + "/bot.cc") << "#include <cstdio>\nconst char* Word();\n"
                                  "int main() { std::puts(Word()); }\n";
  const std::string cd = "cd '" + p + "' && ";
  ASSERT_EQ(std::system((cd +
                         "g++ -shared -fPIC -o lib/libword.so lib/word.cc && "
                         "g++ -o bin/bot bot.cc -Llib -lword -Wl,-rpath," +
                         p + "/lib && " + "g++ -o bin/bare bot.cc -Llib -lword")
                            .c_str()),
            0);
  auto bot = Spawn(loop_, {p + "/bin/bot"}, Contained());
  ASSERT_TRUE(bot);
  EXPECT_EQ(OutputOf(loop_, *bot), "ran\n") << bot->stderr_tail();
  SpawnOptions given = Contained();
  given.env.extra = {"LD_LIBRARY_PATH=" + p + "/lib"};
  auto bare = Spawn(loop_, {p + "/bin/bare"}, given);
  ASSERT_TRUE(bare);
  EXPECT_EQ(OutputOf(loop_, *bare), "ran\n") << bare->stderr_tail();
}

// Run as contestants run them, from the folder arbiter runs in: a script
// whose path has a space (`sh "my bot/run.sh"`), a Java bot given no class
// path (`java Bot`: the JVM loads its classes from the folder it starts
// in), and a pyenv .python-version above the bot's folder, which chooses
// the runtime its command starts; nothing else of that folder is shown.
// Before, the first two failed before their handshake ("can't open",
// "Could not find or load main class"), and the third ran another Python.
TEST_F(ContainedBot, APathWithASpaceAJavaBotWithNoClassPathAndAVersionFileAboveAreThere) {
  ASSERT_EQ(access("/usr/bin/javac", X_OK), 0) << "scripts/setup installs default-jdk-headless";
  HomeFolder dir("asgiven");
  const std::string p = dir.path();
  std::filesystem::create_directories(p + "/my bot");
  std::filesystem::create_directories(p + "/java");
  std::filesystem::create_directories(p + "/project/src");
  std::ofstream(p + "/my bot/run.sh") << "echo ran\n";
  std::ofstream(p + "/java/Bot.java") << "public class Bot { public static void main(String[] a) { "
                                         "System.out.println(\"ran\"); } }\n";
  ASSERT_EQ(std::system(("cd '" + p + "/java' && javac Bot.java").c_str()), 0);
  std::ofstream(p + "/project/.python-version") << "3.12.1\n";
  std::ofstream(p + "/project/secret.txt") << "not the bot's\n";
  std::ofstream(p + "/project/src/run.sh")
      << "cat .python-version; test -e secret.txt || echo hidden\n";
  const std::filesystem::path was = std::filesystem::current_path();
  std::vector<std::string> out;
  for (const auto& [folder, argv] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {p, {"/bin/sh", "my bot/run.sh"}},
           {p + "/java", {"java", "Bot"}},
           {p + "/project", {"/bin/sh", "src/run.sh"}}}) {
    std::filesystem::current_path(folder);
    auto bot = Spawn(loop_, argv, Contained());
    out.push_back(bot ? OutputOf(loop_, *bot, std::chrono::seconds(60)) + bot->stderr_tail()
                      : "not started");
  }
  std::filesystem::current_path(was);
  EXPECT_EQ(out, (std::vector<std::string>{"ran\n", "ran\n", "3.12.1\nhidden\n"}));
}

TEST(ElfRunpath, TheFoldersAProgramsRunpathNamesWithItsOriginReplaced) {
  const std::string p = ::testing::TempDir() + "/elf-" + std::to_string(getpid());
  std::filesystem::create_directories(p);
  std::ofstream(p + "/main.cc") << "int main() {}\n";
  ASSERT_EQ(
      std::system(("cd '" + p + "' && g++ -o with main.cc '-Wl,-rpath,$ORIGIN/../lib:/opt/x' " +
                   "&& g++ -o without main.cc")
                      .c_str()),
      0);
  const std::string real = std::filesystem::canonical(p).string();
  EXPECT_EQ(ElfRunpath(p + "/with"),
            (std::vector<std::string>{std::filesystem::path(real).parent_path().string() + "/lib",
                                      "/opt/x"}));
  EXPECT_TRUE(ElfRunpath(p + "/without").empty());
  EXPECT_TRUE(ElfRunpath(p + "/main.cc").empty()) << "not an ELF file";
  EXPECT_TRUE(ElfRunpath(p + "/missing").empty());
  std::filesystem::remove_all(p);
}

// The evidence is read from the bot's whole stderr: a missing file it named
// before 64 KB more of stderr is still named.
TEST_F(ContainedBot, ContainmentEvidenceAboveTheStderrTailIsStillRead) {
  HomeFolder dir("clue");
  ASSERT_EQ(std::system(("touch '" + dir.path() + "/notes.txt'").c_str()), 0);
  // The path is put together inside: named on the command line, its folder
  // would be shown as the bot's own.
  const std::string path = dir.path() + "/notes.txt";
  auto bot = Sh(loop_,
                "d=" + path.substr(0, path.size() - 6) + "; d=${d}" + path.substr(path.size() - 6) +
                    "; echo \"cannot open $d: No such file or directory\" >&2; i=0; while [ $i -lt "
                    "1200 ]; do "
                    "echo 'debug: a line of the bots own chatter, long enough to fill the tail' "
                    ">&2; i=$((i+1)); done; exit 1",
                Contained());
  ASSERT_TRUE(bot);
  ASSERT_TRUE(
      loop_.RunUntil(Clock::now() + std::chrono::seconds(10), [&] { return bot->exited(); }));
  loop_.RunUntil(Clock::now() + std::chrono::milliseconds(200), [] { return false; });
  EXPECT_GT(bot->stderr_bytes(), 64u * 1024);
  EXPECT_EQ(bot->stderr_tail().find("notes.txt"), std::string::npos) << "above the tail";
  const std::string why = bot->ContainmentEvidence();
  EXPECT_NE(why.find(dir.path() + "/notes.txt"), std::string::npos) << why;
}

TEST(ContainmentEvidence, NodesRelativeModuleIsLookedForBesideItsRequireStack) {
  HomeFolder dir("node");
  ASSERT_EQ(std::system(("mkdir -p '" + dir.path() + "/lib' '" + dir.path() + "/bots'").c_str()),
            0);
  const std::string why =
      Evidence({"/bin/sh"},
               "Error: Cannot find module '../lib/util'\nRequire stack:\n- " + dir.path() +
                   "/bots/run.js\n    at Module._resolveFilename\n  code: 'MODULE_NOT_FOUND'\n");
  EXPECT_NE(why.find("'" + dir.path() + "/lib/util'"), std::string::npos) << why;
}

}  // namespace
}  // namespace arbiter::harness::testing

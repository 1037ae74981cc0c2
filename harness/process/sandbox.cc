// Containment under bubblewrap (sandbox.h): which folders a bot sees, the
// per-run copies of its own folders, the bwrap command line, and the reading
// of a failed contained bot's stderr.
#include "process/sandbox.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "process/bot_environment.h"
#include "process/elf_runpath.h"
#include "process/launcher_watch.h"
#include "process/path_list.h"
#include "process/process_posix.h"

namespace arbiter::harness {
namespace fs = std::filesystem;
namespace {

constexpr const char* kSystem[] = {"/usr", "/etc",   "/opt",   "/bin",   "/sbin",
                                   "/lib", "/lib32", "/lib64", "/libx32"};

bool IsUnder(const std::string& path, const std::string& dir) {
  if (dir == "/") return true;
  return path == dir || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
                         path[dir.size()] == '/');
}

std::string Absolute(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return "";
  std::string s = p.lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

// A folder that holds people's files as a whole: never shown whole.
bool IsHomeFolder(const std::string& dir) {
  const char* home = std::getenv("HOME");
  return dir == "/" || dir == "/root" || dir == "/home" || fs::path(dir).parent_path() == "/home" ||
         (home != nullptr && Absolute(home) == dir);
}

std::string TempRoot() {
  const char* tmp = std::getenv("TMPDIR");
  return Absolute(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp");
}

std::string SizeText(uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / (1 << 20));
  return buf;
}

// The copies of bots' folders, made once per run and removed at exit.
class FolderCopies {
 public:
  ~FolderCopies() {
    std::error_code ignored;
    if (!base_.empty()) fs::remove_all(base_, ignored);
  }
  // The folder `path` as the bot sees it: a copy, or read-only with why.
  SandboxFolder Get(const std::string& path, std::string& error) {
    std::lock_guard lock(mu_);
    if (const auto it = done_.find(path); it != done_.end()) return it->second;
    SandboxFolder f{path, "", false, ""};
    uint64_t bytes = 0;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(
             path, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code size_ec;
      if (it->is_regular_file(size_ec) && !it->is_symlink(size_ec)) bytes += it->file_size(size_ec);
      if (bytes > kMaxFolderCopyBytes) break;
    }
    if (bytes > kMaxFolderCopyBytes) {
      f.read_only = true;
      f.why_read_only = "more than " + SizeText(kMaxFolderCopyBytes) + ", the most arbiter copies";
    } else if (IsUnder(TempRoot(), path)) {
      f.read_only = true;
      f.why_read_only = "it holds the temporary folder of every bot";
    } else {
      if (base_.empty()) {
        std::string pattern = TempRoot() + "/arbiter-folders.XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr) {
          error = "cannot create a folder for the bots' copies in " + TempRoot();
          return f;
        }
        base_ = pattern;
      }
      f.copy = base_ + "/" + std::to_string(done_.size());
      fs::copy(path, f.copy, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
      if (ec) {
        error = "cannot copy the bot's folder '" + path + "': " + ec.message();
        return f;
      }
    }
    return done_[path] = f;
  }

 private:
  std::mutex mu_;
  std::string base_;
  std::map<std::string, SandboxFolder> done_;
};

FolderCopies& Copies() {
  static FolderCopies copies;
  return copies;
}

// The Python environment whose bin folder holds `program` as the user named
// it (a virtual environment's `.venv/bin/python`, often a link to an
// interpreter elsewhere, with its pyvenv.cfg; a conda environment's, with
// its conda-meta): seen whole, its lib/ holds the bot's packages. "" for
// any other folder: a bot's own bin/ stays a folder of its own.
std::string PythonEnvironmentOf(const std::string& program) {
  const fs::path named = fs::path(Absolute(program)).parent_path();
  const fs::path env = named.parent_path();
  std::error_code ec;
  if (named.filename() != "bin" || IsHomeFolder(env.string())) return "";
  if (fs::exists(env / "pyvenv.cfg", ec) || fs::is_directory(env / "conda-meta", ec))
    return env.string();
  return "";
}

// The node_modules folders node looks in for a bare require() of `script`:
// beside it and in every folder above it, short of a home folder or /
// (a bot in src/ whose packages are in the project's node_modules).
std::vector<std::string> NodeModulesAbove(const std::string& script) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(script, ec), ec).parent_path();
  for (; !ec && !dir.empty() && !IsHomeFolder(dir.string()); dir = dir.parent_path()) {
    std::error_code missing;  // most folders have none
    if (fs::is_directory(dir / "node_modules", missing))
      out.push_back((dir / "node_modules").string());
    if (dir == dir.parent_path()) break;
  }
  return out;
}

// A command that runs the project of the folder it starts in, naming no
// file of it (`cargo run`, `npm start`, `dotnet run`, `make run`).
bool IsProjectRunner(const std::string& program) {
  static constexpr std::string_view kRunners[] = {"cargo",  "npm",    "npx",  "pnpm", "yarn",
                                                  "dotnet", "go",     "make", "mvn",  "gradle",
                                                  "poetry", "pipenv", "uv"};
  const std::string name = fs::path(program).filename().string();
  return std::find(std::begin(kRunners), std::end(kRunners), name) != std::end(kRunners);
}

// `java Bot`: a JVM given no class path (-cp, -classpath, --class-path), no
// jar (-jar) and no source file (Bot.java) loads its classes from the
// folder it starts in.
bool UsesJavasDefaultClassPath(const std::vector<std::string>& argv, const std::string& name) {
  if (name != "java") return false;
  return std::none_of(argv.begin() + 1, argv.end(), [](const std::string& a) {
    return a == "-cp" || a == "-classpath" || a.starts_with("--class-path") || a == "-jar" ||
           a.starts_with("--module-path") || a == "-p" || a.ends_with(".java");
  });
}

// The files by which a version manager chooses the runtime of the folder a
// bot starts in, there or above (pyenv's .python-version, asdf's
// .tool-versions, rustup's rust-toolchain.toml): shown read-only as they
// are, so that the bot's command starts the same runtime inside as in the
// user's shell. Nothing else of those folders.
std::vector<std::string> VersionFiles(const std::string& cwd) {
  static constexpr const char* kNames[] = {
      ".python-version", ".ruby-version",  ".node-version",  ".java-version",
      ".go-version",     ".tool-versions", "rust-toolchain", "rust-toolchain.toml"};
  std::vector<std::string> out;
  for (fs::path dir = cwd; !dir.empty(); dir = dir.parent_path()) {
    for (const char* name : kNames) {
      struct stat st {};
      const std::string file = (dir / name).string();
      if (::stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode)) out.push_back(file);
    }
    if (dir == dir.parent_path()) break;
  }
  return out;
}

// The runtimes a bot may start, read-only: those its PATH names outside the
// system (a pyenv or cargo install: the folder above its bin/ or shims/),
// the installs a version manager's variable names (RUSTUP_HOME, which no
// PATH entry does: rustup's proxies are in ~/.cargo/bin) and the
// site-packages of Python's user base (PYTHONUSERBASE); never a home
// folder.
void AddRuntimes(SandboxView& v) {
  const auto tool = [&v](const std::string& root) {
    std::erase_if(v.tools, [&](const std::string& t) { return IsUnder(t, root); });
    v.tools.push_back(root);
  };
  const char* path_env = std::getenv("PATH");
  const std::string path = path_env != nullptr ? path_env : "";
  for (const std::string& entry : SplitPathList(path)) {
    struct stat st {};
    if (entry.empty() || entry[0] != '/' || ::stat(entry.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      continue;
    std::string root = Absolute(entry);
    const std::string base = fs::path(root).filename().string();
    if (base == "bin" || base == "shims" || base == "sbin") root = fs::path(root).parent_path();
    if (IsHomeFolder(root)) root = Absolute(entry);
    if (!IsHomeFolder(root) && !v.Visible(root)) tool(root);
  }
  for (const std::string& kv : RuntimeChoices()) {
    const std::string key = kv.substr(0, kv.find('='));
    // Python's user base: its lib/pythonX.Y/site-packages alone, not the
    // rest of ~/.local (the user's data under share/).
    if (key == "PYTHONUSERBASE") {
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(kv.substr(key.size() + 1) + "/lib", ec))
        if (e.path().filename().string().starts_with("python") &&
            fs::is_directory(e.path() / "site-packages", ec) && !v.Visible(e.path().string()))
          tool((e.path() / "site-packages").string());
      continue;
    }
    if (!key.ends_with("_HOME") && !key.ends_with("_ROOT") && !key.ends_with("_DIR")) continue;
    const std::string root = Absolute(kv.substr(key.size() + 1));
    struct stat st {};
    if (!root.empty() && ::stat(root.c_str(), &st) == 0 && S_ISDIR(st.st_mode) &&
        !IsHomeFolder(root) && !v.Visible(root))
      tool(root);
  }
}

// The view without its copies.
SandboxView ViewOf(const std::vector<std::string>& argv, const std::string& program,
                   const std::vector<std::string>& shared) {
  SandboxView v;
  for (const std::string& s : shared)
    if (const std::string abs = Absolute(s); !abs.empty()) v.shared.push_back(abs);
  for (const char* dir : kSystem) {
    struct stat st {};
    if (::lstat(dir, &st) != 0) continue;
    if (S_ISLNK(st.st_mode)) {
      char target[4096];
      const ssize_t n = ::readlink(dir, target, sizeof target - 1);
      if (n > 0) v.links.emplace_back(dir, std::string(target, n));
    } else if (S_ISDIR(st.st_mode)) {
      v.system.push_back(dir);
    }
  }
  auto visible = [&v](const std::string& p) { return v.Visible(p); };
  AddRuntimes(v);
  v.cwd = Absolute(".");
  std::vector<std::string> folders;
  auto add = [&](const std::string& abs, bool is_dir) {
    std::string folder = is_dir ? abs : fs::path(abs).parent_path().string();
    if (folder.empty() || folder == "/" || visible(folder)) return;
    folders.push_back(folder);
  };
  // A path as the user gave it (arbiter.process.contained): its folder is
  // the one it names once ".." and links are resolved, and the path itself
  // must resolve inside as outside ("/x/bars/../other/bot.py" walks through
  // /x/bars, which must be there; a link on the way is made again).
  auto add_path = [&](const std::string& word, bool is_dir) {
    std::error_code ec;
    const fs::path literal = fs::absolute(word, ec);
    if (ec) return;
    const fs::path real = fs::weakly_canonical(literal, ec);
    if (ec || real == literal) return add(Absolute(word), is_dir);
    add(real.string(), is_dir);
    fs::path at = "/";
    for (const fs::path& part : literal.relative_path()) {
      if (part == "." || part.empty()) continue;
      if (part == "..") {
        if (at != "/" && !visible(at.string())) v.steps.push_back(at.string());
        at = at.parent_path();
        continue;
      }
      const fs::path next = at / part;
      struct stat st {};
      if (::lstat(next.c_str(), &st) == 0 && S_ISLNK(st.st_mode) && !visible(next.string())) {
        char target[4096];
        const ssize_t n = ::readlink(next.c_str(), target, sizeof target - 1);
        if (n > 0) v.links.emplace_back(next.string(), std::string(target, n));
        at = fs::weakly_canonical(next, ec);
        if (ec) return;
        continue;
      }
      at = next;
    }
  };
  if (program.find('/') != std::string::npos) {
    if (const std::string env = PythonEnvironmentOf(program); !env.empty()) add(env, true);
    add_path(program, false);
  }
  // The folders its RUNPATH names, where its loader finds the libraries
  // of its own build (a CMake build tree's lib/): copied like its own.
  for (const std::string& dir : ElfRunpath(program)) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && !IsHomeFolder(dir)) add(dir, true);
  }
  std::vector<std::string> scripts;  // the files the command names
  // Every word of the command that names a file or folder here: an
  // argument, or a path inside one (`sh -c 'exec ./bot'`, `-cp a.jar:b.jar`).
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    // The whole argument first: a path with spaces is one path.
    if (struct stat st{}; !a.empty() && a[0] != '-' && ::stat(a.c_str(), &st) == 0) {
      add_path(a, S_ISDIR(st.st_mode));
      if (S_ISREG(st.st_mode)) scripts.push_back(a);
      continue;
    }
    for (size_t begin = 0; begin < a.size();) {
      size_t end = a.find_first_of(" \t\n'\";:=&|()<>`", begin);
      if (end == std::string::npos) end = a.size();
      std::string word = a.substr(begin, end - begin);
      begin = end + 1;
      if (word.empty() || word[0] == '-') continue;
      // A class path's folder of jars (`-cp 'lib/*:.'`): that folder. A
      // bare name is a path when it is one here (`sh -c 'python3 bot.py'`,
      // `-cp lib/x.jar:out`).
      if (word == "*") word = ".";
      if (word.ends_with("/*")) word.pop_back();
      struct stat st {};
      if (::stat(word.c_str(), &st) != 0) continue;
      add_path(word, S_ISDIR(st.st_mode));
      if (S_ISREG(st.st_mode)) scripts.push_back(word);
    }
  }
  const std::string name = fs::path(program).filename().string();
  if (name == "node" || name == "nodejs")
    for (const std::string& script : scripts)
      for (const std::string& modules : NodeModulesAbove(script)) add(modules, true);
  // Python's `-m module` looks for the module in the folder it starts in
  // first: `python3 -m bot` runs ./bot.py, `-m src.bot` ./src/bot.py.
  const auto m = std::find(argv.begin() + 1, argv.end(), "-m");
  if ((name.starts_with("python") || name.starts_with("pypy")) && m != argv.end() &&
      m + 1 != argv.end()) {
    const std::string top = m[1].substr(0, m[1].find('.'));
    struct stat st {};
    if (!top.empty() && top.find('/') == std::string::npos) {
      if (::stat((top + ".py").c_str(), &st) == 0 && S_ISREG(st.st_mode))
        add_path(top + ".py", false);
      else if (::stat(top.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        add_path(top, true);
    }
  }
  // A project runner that names no file of its own runs the project of the
  // folder it starts in, and Java's class path is that folder when none is
  // given (`java Bot`): that folder is the bot's (never a home folder).
  if (((folders.empty() && IsProjectRunner(program)) || UsesJavasDefaultClassPath(argv, name)) &&
      !IsHomeFolder(v.cwd))
    add(v.cwd, true);
  for (std::string& file : VersionFiles(v.cwd))
    if (!visible(file)) v.version_files.push_back(std::move(file));
  std::sort(folders.begin(), folders.end());
  for (const std::string& f : folders) {
    if (!v.folders.empty() && IsUnder(f, v.folders.back().path)) continue;
    v.folders.push_back({f, "", false, ""});
  }
  return v;
}

// Where bwrap is (looked up once), or "".
const std::string& BwrapPath() {
  static const std::string kPath = [] {
    int err = 0;
    return posix::ResolveExecutable("bwrap", err);
  }();
  return kPath;
}

bool Contains(const std::string& text, const char* what) {
  return text.find(what) != std::string::npos;
}

}  // namespace

bool SandboxView::Visible(const std::string& path) const {
  for (const std::string& s : system)
    if (IsUnder(path, s)) return true;
  for (const auto& [link, target] : links)
    if (IsUnder(path, link)) return true;
  for (const std::string& t : tools)
    if (IsUnder(path, t)) return true;
  for (const SandboxFolder& f : folders)
    if (IsUnder(path, f.path)) return true;
  for (const std::string& s : shared)
    if (IsUnder(path, s)) return true;
  for (const std::string& f : version_files)
    if (path == f) return true;
  if (!home.empty() && IsUnder(path, home)) return true;
  // /tmp is a fresh one: what /tmp holds outside is not there.
  return IsUnder(path, "/proc") || IsUnder(path, "/dev");
}

SandboxView PlanSandbox(const std::vector<std::string>& argv, const std::string& program,
                        const std::vector<std::string>& shared, std::string& error) {
  SandboxView v = ViewOf(argv, program, shared);
  for (SandboxFolder& f : v.folders) {
    f = Copies().Get(f.path, error);
    if (!error.empty()) break;
  }
  return v;
}

std::vector<std::string> SandboxArgv(const SandboxView& view, const std::vector<std::string>& argv,
                                     const std::string& program, const std::string& home) {
  std::vector<std::string> out = {BwrapPath(), "--unshare-all", "--die-with-parent", "--cap-drop",
                                  "ALL"};
  auto add = [&out](std::initializer_list<std::string> args) {
    out.insert(out.end(), args.begin(), args.end());
  };
  for (const std::string& s : view.system) add({"--ro-bind", s, s});
  add({"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
  // After the fresh /tmp: a link the user's path walks through there is
  // made in it, not hidden by it.
  for (const auto& [link, target] : view.links) add({"--symlink", target, link});
  for (const std::string& t : view.tools) add({"--ro-bind", t, t});
  bool cwd_exists = false;
  for (const std::string& s : view.system) cwd_exists |= IsUnder(view.cwd, s);
  for (const std::string& t : view.tools) cwd_exists |= IsUnder(view.cwd, t);
  if (!cwd_exists) add({"--dir", view.cwd});
  for (const SandboxFolder& f : view.folders) {
    if (f.read_only) {
      add({"--ro-bind", f.path, f.path});
    } else {
      add({"--bind", f.copy, f.path});
    }
  }
  for (const std::string& f : view.version_files) add({"--ro-bind", f, f});
  for (const std::string& s : view.shared) add({"--ro-bind", s, s});  // over the copies
  for (const std::string& d : view.steps) add({"--dir", d});
  if (!home.empty()) add({"--bind", home, home});
  // bubblewrap's own processes (outside and as the namespace's init) keep
  // their stdin and stdout, and close every other descriptor: the bot's
  // pipes come in as 3 and 4 (kSandboxStdin, kSandboxStdout) and a shell
  // makes them its stdin and stdout, so that the bot closing its stdout is
  // the end of it, as uncontained.
  add({"--chdir", view.cwd, "--", "/bin/sh", "-c", std::string(kSandboxTrampoline),
       Absolute(program)});
  out.insert(out.end(), argv.begin() + 1, argv.end());
  return out;
}

bool SandboxAvailable(std::string& why) {
  static const std::string kWhy = [] {
    const std::string& bwrap = BwrapPath();
    if (bwrap.empty())
      return std::string("bubblewrap is not installed (Debian's package bubblewrap)");
    const std::string probe =
        "'" + bwrap +
        "' --unshare-all --as-pid-1 --die-with-parent --cap-drop ALL --ro-bind / / --proc /proc "
        "--dev /dev --tmpfs /tmp -- /bin/true </dev/null >/dev/null 2>&1";
    // --as-pid-1: no init of bubblewrap's own, which would outlive the
    // probe's bwrap and be left to arbiter (a child subreaper) to reap.
    if (std::system(probe.c_str()) != 0)
      return std::string(
          "bubblewrap cannot create its namespaces here (it needs unprivileged user "
          "namespaces, or root)");
    return std::string();
  }();
  why = kWhy;
  return kWhy.empty();
}

std::string SandboxVersion() {
  static const std::string kVersion = [] {
    std::string why;
    if (!SandboxAvailable(why)) return std::string();
    std::string out;
    if (FILE* p = ::popen("bwrap --version 2>/dev/null", "r")) {
      char buf[128];
      while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
      ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out.empty() ? std::string("bubblewrap") : out;
  }();
  return kVersion;
}

std::vector<std::string> DescribeSandbox() {
  return {"containment: " + SandboxVersion() + " (--no-sandbox turns it off)",
          "files: the system read-only; the bot's own folder as a copy made for the run (its "
          "writes never reach the original); HOME, TMPDIR and /tmp fresh; nothing else",
          "no network; a PID namespace of its own; killed with arbiter"};
}

namespace {

constexpr const char* kNetwork[] = {"Network is unreachable",
                                    "Temporary failure in name resolution",
                                    "Name or service not known",
                                    "Connection refused",
                                    "Cannot assign requested address",
                                    "UnknownHostException",
                                    "ENETUNREACH",
                                    "ECONNREFUSED",
                                    "EAI_AGAIN"};
// A path alone is no evidence (a crash's trace names source files): the
// stderr must also say that something could not be found or opened.
constexpr const char* kDenied[] = {"No such file or directory",
                                   "Permission denied",
                                   "Read-only file system",
                                   "not found",
                                   "FileNotFoundException",
                                   "NoSuchFileException",
                                   "AccessDeniedException",
                                   "ENOENT",
                                   "EACCES",
                                   "EROFS",
                                   "cannot open",
                                   "can't open",
                                   "Cannot open",
                                   "Could not open",
                                   "Cannot find module",
                                   "MODULE_NOT_FOUND"};

// node's "Cannot find module '../lib/x'" with its "Require stack:" line
// "- /bots/run.js" after it: the module's path as node looked for it
// ("/lib/x"); "" when the text has no such pair.
std::string NodeModulePath(const std::string& text) {
  const std::string said = "Cannot find module '";
  const size_t at = text.find(said);
  const std::string stack_said = "Require stack:\n- ";
  const size_t stack = text.find(stack_said);
  if (at == std::string::npos || stack == std::string::npos) return "";
  const size_t begin = at + said.size(), end = text.find('\'', begin);
  if (end == std::string::npos) return "";
  const std::string module = text.substr(begin, end - begin);
  if (!module.starts_with("./") && !module.starts_with("../")) return "";
  const size_t file = stack + stack_said.size(), file_end = text.find('\n', file);
  const fs::path from(
      text.substr(file, file_end == std::string::npos ? std::string::npos : file_end - file));
  if (!from.is_absolute()) return "";
  return (from.parent_path() / module).lexically_normal().string();
}

}  // namespace

bool ContainmentClue(std::string_view line) {
  if (line.starts_with("Require stack:") || line.starts_with("- /")) return true;
  for (const char* n : kNetwork)
    if (line.find(n) != std::string_view::npos) return true;
  for (const char* d : kDenied)
    if (line.find(d) != std::string_view::npos) return true;
  return false;
}

// A relative name the stderr quotes ('config.json', "../lib/x") that is a
// file or folder of the folder arbiter runs in which the bot does not see:
// the name as quoted, or "".
std::string RelativeNameOutside(const SandboxView& view, const std::string& text) {
  for (size_t open = text.find_first_of("'\""); open != std::string::npos;
       open = text.find_first_of("'\"", open + 1)) {
    const size_t close = text.find_first_of("'\"\n", open + 1);
    if (close == std::string::npos) break;
    const std::string name = text.substr(open + 1, close - open - 1);
    if (name.empty() || name[0] == '/' || name.size() > 255 || view.cwd.empty()) continue;
    const fs::path there = (fs::path(view.cwd) / name).lexically_normal();
    std::error_code ec;
    if (fs::exists(there, ec) && !view.Visible(there.string())) return name;
  }
  return "";
}

std::string ContainmentEvidence(const SandboxView& view, const std::string& undo,
                                const std::string& stderr_text) {
  std::string stderr_tail = stderr_text;
  // node names a relative module only as given: the path it looked for.
  if (const std::string module = NodeModulePath(stderr_text); !module.empty())
    stderr_tail = "'" + module + "'\n" + stderr_tail;
  const std::string tail = "; " + undo;
  for (const char* n : kNetwork)
    if (Contains(stderr_tail, n))
      return std::string("it ran contained, without a network, and its stderr says '") + n + "'" +
             tail;
  bool denied = false;
  for (const char* d : kDenied) denied |= Contains(stderr_tail, d);
  if (!denied) return "";
  size_t i = 0;
  while ((i = stderr_tail.find('/', i)) != std::string::npos) {
    if (i > 0 && std::string(" '\"`(=[:,\t\n").find(stderr_tail[i - 1]) == std::string::npos) {
      ++i;
      continue;
    }
    size_t end = stderr_tail.find_first_of(" '\"`)]:,\t\n", i);
    if (end == std::string::npos) end = stderr_tail.size();
    std::string path = stderr_tail.substr(i, end - i);
    i = end;
    while (path.size() > 1 && (path.back() == '.' || path.back() == '/')) path.pop_back();
    path = fs::path(path).lexically_normal().string();  // "/p/src/../data.json"
    if (path.size() < 2 || view.Visible(path)) continue;
    std::error_code ec;
    const bool there = fs::exists(path, ec) || fs::exists(fs::path(path).parent_path(), ec);
    if (there && !view.Visible(fs::path(path).parent_path().string()))
      return "it ran contained, and its stderr names '" + path +
             "', which is outside what the containment shows" + tail;
  }
  if (std::string name = RelativeNameOutside(view, stderr_tail); !name.empty())
    return "it ran contained, and its stderr names '" + name + "', which is in " + view.cwd +
           ", the folder arbiter runs in, but not in what the containment shows (of the "
           "folders here, only those the bot's command names)" +
           tail;
  if (Contains(stderr_tail, "Read-only file system")) {
    for (const SandboxFolder& f : view.folders)
      if (f.read_only)
        return "it ran contained, where its folder " + f.path + " is shown read-only (" +
               f.why_read_only + "), and its stderr says 'Read-only file system'" + tail;
    return "it ran contained, where the system is read-only, and its stderr says 'Read-only "
           "file system'" +
           tail;
  }
  return "";
}

}  // namespace arbiter::harness

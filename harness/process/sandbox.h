// Containment of a bot as a contest server contains it
// (arbiter.process.contained): its command run under bubblewrap with a
// read-only view of the system, its own folder as a throwaway copy, a fresh
// HOME and TMPDIR, no network and a PID namespace of its own; and what a
// failed contained bot's stderr says about the containment.
//
// What a contained bot sees (SandboxView):
//   - the system's folders (/usr, /etc, /opt and the /bin, /lib links),
//     read-only;
//   - the runtimes its PATH names outside them (a pyenv or cargo install
//     under a home folder), and the installs its version managers'
//     variables name (RUSTUP_HOME: bot_environment.h), read-only; never a
//     whole home folder;
//   - its own folders: the folder of its program and of every file or
//     folder its command line names (for a project runner that names none,
//     `cargo run`, `npm start`: the folder it starts in), each a copy made
//     once per run (what it writes there is thrown away with the copy),
//     read-only when larger than kMaxFolderCopyBytes;
//   - its HOME (the fresh folder bot_environment.cc made) and an empty /tmp;
//   - arbiter's own files it must reach as they are (`shared`: a contained
//     referee's relays, their sockets and program), read-only;
//   - /proc of its own PID namespace and a minimal /dev.
// Everything else (other entrants' folders, the user's home, the network)
// is not there.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arbiter::harness {

inline constexpr uint64_t kMaxFolderCopyBytes = uint64_t{256} << 20;

// Whether bubblewrap can contain a bot here: `bwrap` is installed and a
// probe run of it (namespaces, binds) succeeds. Cached; `why` says what is
// missing ("bubblewrap is not installed (Debian package bubblewrap)").
bool SandboxAvailable(std::string& why);
// "bubblewrap 0.8.0", or "" when it is not available.
std::string SandboxVersion();

struct SandboxFolder {
  std::string path;  // where the bot sees it (its absolute path outside)
  std::string copy;  // the copy mounted there; empty when read_only
  bool read_only = false;
  std::string why_read_only;  // "1.2 GB, above the 256 MB copied"
};

struct SandboxView {
  std::vector<std::string> system;                         // read-only system folders (bind)
  std::vector<std::pair<std::string, std::string>> links;  // path -> target (/bin -> usr/bin)
  std::vector<std::string> tools;                          // read-only folders PATH names
  std::vector<SandboxFolder> folders;                      // the bot's own
  std::vector<std::string> shared;                         // arbiter's, as they are, read-only
  std::vector<std::string> version_files;  // .python-version and the like, read-only
  // The steps of a path the command gives as the kernel walks it, made
  // inside so that it resolves there as outside: folders it passes through
  // before a "..", empty (made after the binds, where not shown).
  std::vector<std::string> steps;
  std::string cwd;  // arbiter's working folder
  // The bot's own fresh HOME (its TMPDIR inside), writable: set per bot
  // for its evidence, "" while the run's view is planned.
  std::string home;
  // Whether `path` (absolute) is inside something the bot sees.
  bool Visible(const std::string& path) const;
};

// What the bot of `argv` (argv[0] resolved to `program`) sees, `shared`
// (absolute paths of files or folders) included as they are; copies its
// folders (once per run: kept until arbiter exits). Fails with `error` when
// a folder cannot be copied.
SandboxView PlanSandbox(const std::vector<std::string>& argv, const std::string& program,
                        const std::vector<std::string>& shared, std::string& error);

// The bubblewrap command line that runs `program` with argv[1..] inside
// `view`, with `home` (the bot's HOME, also its TMPDIR's parent) writable.
// It expects the bot's stdin and stdout as descriptors kSandboxStdin and
// kSandboxStdout, its own stdin and stdout being /dev/null.
inline constexpr int kSandboxStdin = 3;
inline constexpr int kSandboxStdout = 4;
std::vector<std::string> SandboxArgv(const SandboxView& view, const std::vector<std::string>& argv,
                                     const std::string& program, const std::string& home);

// The containment as the report says it: one line per aspect.
std::vector<std::string> DescribeSandbox();

// When a contained bot that saw `view` failed: what its stderr shows that
// the containment took away from it (a path that exists outside but not
// inside, a network error), as a sentence that ends with `undo`
// (Containment::undo: how it runs uncontained); "" when its stderr shows
// nothing of the kind.
std::string ContainmentEvidence(const SandboxView& view, const std::string& undo,
                                const std::string& stderr_tail);

// Whether a stderr line may be such evidence (a file not found or denied, a
// network error, node's "Require stack:"): a contained bot's lines that are
// kept as they come, whatever it prints after them (Channels::stderr_clues),
// so that the evidence is read from its whole stderr, not its tail alone.
bool ContainmentClue(std::string_view line);

}  // namespace arbiter::harness

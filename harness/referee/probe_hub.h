// The arbiter end of the probes of one `arbiter fuzz-referee` run.
//
// A referee under test launches its bots itself, so arbiter gives it, for
// each seat, a probe command (arbiter-probe, harness/referee/probe/probe.cc) in place
// of a bot. The probe relays every byte the referee writes to the bot's stdin
// to this hub over a unix socket, and writes to the bot's stdout every byte
// the hub sends. The hub therefore plays the bots: it reads what the referee
// says to each seat (inbox) and answers (Send), and can kill a seat's bot
// (Kill) or see the referee close its stdin (ended).
//
// Files: a private directory (mkdtemp under $TMPDIR, or /tmp) holding a
// symlink `arbiter-probe` to the probe executable and one listening socket
// `s<seat>` per seat, so that a probe command is two space-free words,
// "<dir>/arbiter-probe <dir>/s<seat>", which survives being split on spaces
// and run without a shell. The destructor removes them all.
//
// All I/O is asynchronous on the EventLoop's io_context: nothing here blocks,
// and EventLoop::RunUntil moves the hub's bytes together with the pipes of
// every BotProcess (the referee itself). A ProbeHub must be destroyed before
// its EventLoop.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "process/bot_process.h"
#include "process/env.h"

namespace arbiter::harness {

class ProbeHub final : public SeatRelay {
 public:
  // `probe_executable`: the arbiter-probe binary (see ProbeBesideSelf).
  // On failure `error` says why (a path with a space, a socket path too long,
  // a missing probe, a failed mkdtemp/bind/listen), ok() is false and
  // nothing is left on disk; the object may then only be destroyed.
  ProbeHub(EventLoop& loop, const std::string& probe_executable, int seats, std::string& error);
  ~ProbeHub() override;
  ProbeHub(const ProbeHub&) = delete;
  ProbeHub& operator=(const ProbeHub&) = delete;

  bool ok() const { return ok_; }
  int seats() const { return static_cast<int>(seats_.size()); }
  const std::string& directory() const { return dir_; }

  // "<dir>/arbiter-probe <dir>/s<seat>": no quoting, exactly one space.
  std::string ProbeCommand(int seat) const override;

  // Seats are 0 .. seats()-1; another number throws std::out_of_range.

  // A probe is connected and the hub has not closed the connection (Kill,
  // replacement, a failed write because the probe is gone). Still true after
  // ended(): the probe may be relaying the last answers.
  bool connected(int seat) const override;
  // How many times a probe connected on this seat (a referee may restart a
  // bot). A new connection replaces the previous one, which is closed.
  int connections(int seat) const override;
  // The current (or last) probe closed its side: the referee closed the
  // bot's stdin, or the probe died. Reset by a new connection.
  bool ended(int seat) const override;
  // Bytes from the referee to this seat's bot, appended as they arrive, across
  // connections (compare connections() to tell the bots apart); the caller
  // erases what it consumed.
  std::string& inbox(int seat) override;
  // When the last bytes were appended to inbox(seat) (the read's return).
  std::optional<Clock::time_point> last_arrival(int seat) const override;
  std::string_view process_name() const override;
  // The folder of the sockets and the probe program: what a contained
  // referee must see as they are.
  std::vector<std::string> shared_paths() const override;

  // Queues bytes for this seat's bot's stdout; never blocks. Written to the
  // current connection, or kept until a probe connects. Bytes not yet written
  // when the connection closes (Kill, replacement, probe gone) are dropped.
  void Send(int seat, std::string_view bytes) override;
  // Bytes Send()ed and not yet taken by the socket.
  size_t pending_bytes(int seat) const;

  // Closes this seat's connection, dropping unsent bytes: the probe exits at
  // once, with status 1 if its stdin was open (the referee sees its bot die)
  // or 0 after relaying what it already holds if the referee had closed it.
  // No effect without a connection; a later probe may still connect.
  void Kill(int seat) override;
  // Writes bytes to the stderr of this seat's connected probe (what the
  // referee gets as the bot's stderr), at once and without blocking: a bot
  // that writes to stderr. False when there is no probe or it cannot.
  bool WriteStderr(int seat, std::string_view bytes) override;

  struct Seat;

 private:
  Seat& At(int seat) const;
  void Cleanup();  // closes everything and removes the files; idempotent

  bool ok_ = false;
  std::string dir_;      // "" until created
  std::string link_;     // <dir>/arbiter-probe, "" until created
  std::string program_;  // the probe executable the link names
  std::vector<std::shared_ptr<Seat>> seats_;
};

// The arbiter-probe next to the running executable (/proc/self/exe), or ""
// with `error` set if there is none.
std::string ProbeBesideSelf(std::string& error);

}  // namespace arbiter::harness

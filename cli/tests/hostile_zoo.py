#!/usr/bin/env python3
"""A hostile bot for the containment tests (arbiter.process.contained).

hostile_zoo.py MODE: says READY, then at its first turn does MODE and, when
the system stopped it, dies of the error as a careless bot would. ARG, the
path or port it aims at, is hard-coded as a hostile bot's would be: here
the first line of target.txt beside it (a path on its command line would be
a folder the organiser gave it):
  delete-home PATH    deletes a file in the user's home
  read-other PATH     reads another entrant's file and prints it to stderr
  write-outside PATH  writes a file outside its own folder
  connect PORT        opens a TCP connection to 127.0.0.1:PORT
  fork-outlive MARK   starts `sleep MARK` in a session of its own, meant to
                      outlive it, and exits
  touch-4gb           touches 4 GB of memory
  log-then-play       writes log.txt into its own folder, then plays as the
                      example bot beside it (bot.py) does
"""
import os
import socket
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    mode = sys.argv[1]
    target = os.path.join(HERE, "target.txt")
    arg = open(target).read().strip() if os.path.exists(target) else ""
    if mode == "log-then-play":
        with open(os.path.join(HERE, "log.txt"), "a") as log:
            log.write("started\n")
        sys.argv = [os.path.join(HERE, "bot.py")]
        import runpy
        runpy.run_path(sys.argv[0], run_name="__main__")
        return
    print("READY", flush=True)
    sys.stdin.readline()
    if mode == "delete-home":
        os.remove(arg)
    elif mode == "read-other":
        with open(arg) as f:
            sys.stderr.write(f.read())
    elif mode == "write-outside":
        with open(arg, "w") as f:
            f.write("written by a bot\n")
    elif mode == "connect":
        socket.create_connection(("127.0.0.1", int(arg)), timeout=2).sendall(b"hello\n")
    elif mode == "fork-outlive":
        subprocess.Popen(["sleep", arg], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
        sys.exit(0)
    elif mode == "touch-4gb":
        block = b"x" * (4 << 30)
        sys.stderr.write("touched %d bytes\n" % len(block))
    print("STAY", flush=True)  # if nothing stopped it: an answer, then on
    for _ in sys.stdin:
        print("STAY", flush=True)


if __name__ == "__main__":
    main()

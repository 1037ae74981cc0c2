// A sample JavaChallenge2015 (jc2015) bot in C#, for contestants to start
// from; the same strategy as the Python example (../python/bot.py). Built with
// Mono's compiler (`mcs -out:jc2015-bot.exe Bot.cs`) and run with `mono
// jc2015-bot.exe`, as contest servers ran C# entries.
//
// Protocol: it prints READY at once, then answers every 13-line turn input
// (id, T, six rows of block values, four players 'R C D S', EOD) with exactly
// one command line (U R D L A N), flushed; it answers N when stunned or when
// the input is malformed, exits when standard input closes, and never writes
// anything else to standard output. Strategy: never step onto or stay on a
// block that falls before its next own turn or the one after, attack when an
// opponent's stable block lies in the facing line, otherwise move to line up
// with the nearest opponent's block row or column.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

static class Bot {
  const int Blocks = 6, BlockSquares = 3, Squares = 18, Players = 4;
  const int CancelDistance = 3;  // a move this close to another player is cancelled
  const int Round = 4;           // global turns between two own turns
  const int FallenTurns = 20;    // a fallen block comes back 20 turns later
  const int MaxTimer = 1000;     // |B| and S beyond this are malformed input
  const string Dirs = "URDL";
  static readonly int[] Dr = {-1, 0, 1, 0};
  static readonly int[] Dc = {0, 1, 0, -1};

  class Turn {
    public int Me;
    public int[,] BlockValues = new int[Blocks, Blocks];
    public int[][] PlayerStates = new int[Players][];  // row, col, dir, stun
  }

  static Turn Parse(List<string> lines) {
    string[] t = string.Join(" ", lines).Split(new[] {' ', '\t'},
                                                StringSplitOptions.RemoveEmptyEntries);
    if (t.Length != 2 + Blocks * Blocks + 4 * Players) return null;
    var turn = new Turn();
    int v;
    if (!int.TryParse(t[0], out turn.Me) || !int.TryParse(t[1], out v)) return null;
    for (int i = 0; i < Blocks * Blocks; i++) {
      if (!int.TryParse(t[2 + i], out v) || Math.Abs(v) > MaxTimer) return null;
      turn.BlockValues[i / Blocks, i % Blocks] = v;
    }
    for (int q = 0; q < Players; q++) {
      int at = 38 + 4 * q, r, c, s;
      int d = t[at + 2].Length == 1 ? Dirs.IndexOf(t[at + 2][0]) : -1;
      if (!int.TryParse(t[at], out r) || !int.TryParse(t[at + 1], out c) || d < 0 ||
          !int.TryParse(t[at + 3], out s) || s < 0 || s > MaxTimer)
        return null;
      if (!(r == -1 && c == -1) && !(r >= 0 && r < Squares && c >= 0 && c < Squares)) return null;
      turn.PlayerStates[q] = new[] {r, c, d, s};
    }
    if (turn.Me < 0 || turn.Me >= Players || turn.PlayerStates[turn.Me][0] < 0) return null;
    return turn;
  }

  // Whether a block whose value is b now has fallen dt global turns from now.
  static bool DownAt(int b, int dt) {
    if (b > 0) return b <= dt && dt < b + FallenTurns;
    return dt < -b;
  }

  static bool Holds(int b, int first, int last) {
    for (int dt = first; dt <= last; dt++)
      if (DownAt(b, dt)) return false;
    return true;
  }

  static string Choose(Turn turn) {
    int[] me = turn.PlayerStates[turn.Me];
    int row = me[0], col = me[1], facing = me[2];
    if (me[3] > 0) return "N";
    var others = new List<int[]>();
    for (int q = 0; q < Players; q++)
      if (q != turn.Me && turn.PlayerStates[q][0] >= 0) others.Add(turn.PlayerStates[q]);
    Func<int, int, int> block = (r, c) => turn.BlockValues[r / BlockSquares, c / BlockSquares];
    Func<int, int, int, int, int[]> step = (r, c, d, dt) => {
      int nr = r + Dr[d], nc = c + Dc[d];
      if (nr < 0 || nr >= Squares || nc < 0 || nc >= Squares || DownAt(block(nr, nc), dt))
        return new[] {r, c};
      foreach (int[] o in others)
        if (Math.Abs(nr - o[0]) + Math.Abs(nc - o[1]) <= CancelDistance) return new[] {r, c};
      return new[] {nr, nc};
    };
    // Survives this round and can survive the next one (standing or moving).
    Func<int, int, bool> safe = (r, c) => {
      if (!Holds(block(r, c), 1, Round)) return false;
      for (int d = -1; d < 4; d++) {
        int[] n = d < 0 ? new[] {r, c} : step(r, c, d, Round);
        if (Holds(block(n[0], n[1]), Round + 1, 2 * Round)) return true;
      }
      return false;
    };
    int mbr = row / BlockSquares, mbc = col / BlockSquares;
    // Attack an opponent on a stable block in the facing line, if we can wait here stunned.
    if (Holds(block(row, col), 1, 3 * Round)) {
      foreach (int[] o in others) {
        int dr = o[0] / BlockSquares - mbr, dc = o[1] / BlockSquares - mbc;
        if ((dr == 0) != (dc == 0) && Math.Sign(dr) == Dr[facing] && Math.Sign(dc) == Dc[facing] &&
            block(o[0], o[1]) == 0)
          return "A";
      }
    }
    int[] target = null;
    int best_distance = int.MaxValue;
    foreach (int[] o in others) {
      int distance = Math.Abs(o[0] - row) + Math.Abs(o[1] - col);
      if (distance < best_distance) {
        best_distance = distance;
        target = o;
      }
    }
    Func<int, int, int, int> value = (r, c, d) => {
      int v = safe(r, c) ? 0 : -1000;
      if (block(r, c) != 0) v -= 60;
      if (target != null) {
        int dr = target[0] / BlockSquares - r / BlockSquares;
        int dc = target[1] / BlockSquares - c / BlockSquares;
        v -= 40 * (dr == 0 && dc == 0 ? 1 : Math.Min(Math.Abs(dr), Math.Abs(dc)));
        if ((dr == 0) != (dc == 0) && Math.Sign(dr) == Dr[d] && Math.Sign(dc) == Dc[d]) v += 30;
      }
      return v;
    };
    string best = "N";
    int best_value = value(row, col, facing);
    for (int d = 0; d < 4; d++) {
      int[] n = step(row, col, d, 0);
      int v = value(n[0], n[1], d);
      if (v > best_value) {
        best = Dirs[d].ToString();
        best_value = v;
      }
    }
    return best;
  }

  static void Main() {
    // Latin-1: stray non-ASCII input is read, never an exception.
    var input = new StreamReader(Console.OpenStandardInput(), Encoding.GetEncoding("iso-8859-1"));
    var output = new StreamWriter(Console.OpenStandardOutput()) {AutoFlush = true, NewLine = "\n"};
    output.WriteLine("READY");
    var lines = new List<string>();
    string raw;
    while ((raw = input.ReadLine()) != null) {  // null: standard input closed, the game is over
      string line = raw.Trim();
      if (line != "EOD") {
        if (line.Length > 0 && lines.Count < 64) lines.Add(line);
        continue;
      }
      Turn turn = Parse(lines);
      lines.Clear();
      output.WriteLine(turn != null ? Choose(turn) : "N");
    }
  }
}

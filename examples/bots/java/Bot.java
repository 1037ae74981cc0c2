// A sample JavaChallenge2015 (jc2015) bot in Java, for contestants to start from.
//
// Protocol: it prints READY at once, then answers every 13-line turn input
// (id, T, six rows of block values, four players 'R C D S', EOD) with exactly
// one command line (U R D L A N) followed by System.out.flush(); it answers N
// when stunned or when the input is malformed, exits when standard input
// closes, and never writes anything else to standard output. Strategy, as in
// the Python example: never step onto or stay on a block that falls before its
// next own turn or the one after, attack when an opponent's stable block lies
// in the facing line, otherwise line up with the nearest opponent's block row
// or column.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public final class Bot {
  private static final int BLOCKS = 6;
  private static final int BLOCK_SQUARES = 3;
  private static final int SQUARES = BLOCKS * BLOCK_SQUARES;
  private static final int PLAYERS = 4;
  private static final int CANCEL_DISTANCE = 3; // a move this close to another player is cancelled
  private static final int ROUND = 4; // global turns between two own turns
  private static final int FALLEN_TURNS = 20; // a fallen block comes back 20 turns later
  private static final int MAX_TIMER = 1000; // |B| and S beyond this are malformed input
  private static final String DIRS = "URDL";
  private static final int[] DR = {-1, 0, 1, 0};
  private static final int[] DC = {0, 1, 0, -1};

  private int me;
  private final int[][] blocks = new int[BLOCKS][BLOCKS];
  private final int[] row = new int[PLAYERS];
  private final int[] col = new int[PLAYERS];
  private final int[] dir = new int[PLAYERS];
  private final int[] stun = new int[PLAYERS];

  /** Reads the 12 lines before EOD; false if anything is missing or out of range. */
  private boolean parse(List<String> lines) {
    String[] t = String.join(" ", lines).trim().split("\\s+");
    if (t.length != 2 + BLOCKS * BLOCKS + 4 * PLAYERS) {
      return false;
    }
    try {
      me = Integer.parseInt(t[0]);
      for (int i = 0; i < BLOCKS * BLOCKS; ++i) {
        int b = Integer.parseInt(t[2 + i]);
        if (b < -MAX_TIMER || b > MAX_TIMER) {
          return false;
        }
        blocks[i / BLOCKS][i % BLOCKS] = b;
      }
      for (int q = 0; q < PLAYERS; ++q) {
        int k = 2 + BLOCKS * BLOCKS + 4 * q;
        row[q] = Integer.parseInt(t[k]);
        col[q] = Integer.parseInt(t[k + 1]);
        dir[q] = DIRS.indexOf(t[k + 2]);
        stun[q] = Integer.parseInt(t[k + 3]);
        boolean fallen = row[q] == -1 && col[q] == -1;
        boolean onBoard = row[q] >= 0 && row[q] < SQUARES && col[q] >= 0 && col[q] < SQUARES;
        if (t[k + 2].length() != 1 || dir[q] < 0 || !(fallen || onBoard) || stun[q] < 0
            || stun[q] > MAX_TIMER) {
          return false;
        }
      }
    } catch (NumberFormatException e) {
      return false;
    }
    return me >= 0 && me < PLAYERS && row[me] >= 0;
  }

  /** Whether a block whose value is b now has fallen dt global turns from now. */
  private static boolean downAt(int b, int dt) {
    if (b > 0) {
      return dt >= b && dt < b + FALLEN_TURNS;
    }
    return dt < -b;
  }

  private static boolean holds(int b, int first, int last) {
    for (int dt = first; dt <= last; ++dt) {
      if (downAt(b, dt)) {
        return false;
      }
    }
    return true;
  }

  private int block(int r, int c) {
    return blocks[r / BLOCK_SQUARES][c / BLOCK_SQUARES];
  }

  /** The square {row, col} reached by moving in d at dt, or the same one if cancelled. */
  private int[] step(int r, int c, int d, int dt) {
    int nr = r + DR[d], nc = c + DC[d];
    if (nr < 0 || nr >= SQUARES || nc < 0 || nc >= SQUARES || downAt(block(nr, nc), dt)) {
      return new int[] {r, c};
    }
    for (int q = 0; q < PLAYERS; ++q) {
      if (q != me && row[q] >= 0
          && Math.abs(nr - row[q]) + Math.abs(nc - col[q]) <= CANCEL_DISTANCE) {
        return new int[] {r, c};
      }
    }
    return new int[] {nr, nc};
  }

  /** Survives this round and can survive the next one (standing or moving). */
  private boolean safe(int r, int c) {
    if (!holds(block(r, c), 1, ROUND)) {
      return false;
    }
    if (holds(block(r, c), ROUND + 1, 2 * ROUND)) {
      return true;
    }
    for (int d = 0; d < 4; ++d) {
      int[] n = step(r, c, d, ROUND);
      if (holds(block(n[0], n[1]), ROUND + 1, 2 * ROUND)) {
        return true;
      }
    }
    return false;
  }

  /** Whether block offset (dr, dc) lies straight ahead in direction d. */
  private static boolean ahead(int dr, int dc, int d) {
    return (dr == 0) != (dc == 0) && Integer.signum(dr) == DR[d] && Integer.signum(dc) == DC[d];
  }

  private int value(int r, int c, int d, int target) {
    int v = safe(r, c) ? 0 : -1000;
    if (block(r, c) != 0) {
      v -= 60;
    }
    if (target >= 0) {
      int dr = row[target] / BLOCK_SQUARES - r / BLOCK_SQUARES;
      int dc = col[target] / BLOCK_SQUARES - c / BLOCK_SQUARES;
      v -= 40 * (dr == 0 && dc == 0 ? 1 : Math.min(Math.abs(dr), Math.abs(dc)));
      if (ahead(dr, dc, d)) {
        v += 30;
      }
    }
    return v;
  }

  private char choose() {
    if (stun[me] > 0) {
      return 'N';
    }
    int mbr = row[me] / BLOCK_SQUARES, mbc = col[me] / BLOCK_SQUARES;
    int target = -1, nearest = Integer.MAX_VALUE;
    for (int q = 0; q < PLAYERS; ++q) {
      if (q == me || row[q] < 0) {
        continue;
      }
      int dr = row[q] / BLOCK_SQUARES - mbr, dc = col[q] / BLOCK_SQUARES - mbc;
      // Attack an opponent on a stable block in the facing line, if we can wait here stunned.
      if (ahead(dr, dc, dir[me]) && block(row[q], col[q]) == 0
          && holds(block(row[me], col[me]), 1, 3 * ROUND)) {
        return 'A';
      }
      int d = Math.abs(row[q] - row[me]) + Math.abs(col[q] - col[me]);
      if (d < nearest) {
        nearest = d;
        target = q;
      }
    }
    char best = 'N';
    int bestValue = value(row[me], col[me], dir[me], target);
    for (int d = 0; d < 4; ++d) {
      int[] n = step(row[me], col[me], d, 0);
      int v = value(n[0], n[1], d, target);
      if (v > bestValue) {
        best = DIRS.charAt(d);
        bestValue = v;
      }
    }
    return best;
  }

  public static void main(String[] args) throws IOException {
    System.out.print("READY\n");
    System.out.flush();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    List<String> lines = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null) { // null: standard input closed, the game is over
      line = line.trim();
      if (!line.equals("EOD")) {
        if (!line.isEmpty() && lines.size() < 64) {
          lines.add(line);
        }
        continue;
      }
      Bot bot = new Bot();
      char answer = bot.parse(lines) ? bot.choose() : 'N';
      lines.clear();
      System.out.print(answer + "\n");
      System.out.flush();
    }
  }
}

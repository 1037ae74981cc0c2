// A proof bot for arbiter check-bot's tests, written the way a contestant
// writes a Java bot: a BufferedReader on System.in and, for output, the
// PrintWriter over a BufferedWriter that fast Java templates use; only
// flush() empties it, and the JVM does not flush it at exit.
//
// It plays all three games (--game jc2015|wondev|island) and misbehaves only
// as its --mode says, on its own turn K (--turn K, 1-based, default 1):
//
//   ok               a correct bot that keeps its own counts and uses them:
//                    its own turns (every game), its units' previous cells
//                    (wondev), its shuffles (island: one on own turns 1, 4,
//                    7, ... while it has used fewer than 20, never after its
//                    20th). It never attacks in jc2015 and never throws the
//                    island opponent far, so that a whole game against
//                    players that never end it lasts to the turn limit.
//                    Flushes every line.
//   crash-at         as ok, but throws an uncaught RuntimeException on its
//                    own turn K
//   late-at          as ok, but sleeps 1500 ms (jc2015, wondev) or 3500 ms
//                    (island) before answering its own turn K
//   ready-unflushed  (jc2015) READY written to the PrintWriter and never
//                    flushed, then as ok, never flushing
//   never-flush      every answer written to the PrintWriter, no flush() call
//                    (jc2015: READY is flushed); nothing comes out, not even
//                    at exit
//   reads-extra      as ok, but on its own turn K reads one line more before
//                    answering, as a Scanner's nextLine() would: it blocks,
//                    and throws NoSuchElementException once stdin is closed
//   reads-before-ready (jc2015) reads a line before it prints READY
//   debug-stdout     as ok, but on its own turn K prints a debug line to
//                    stdout (flushed) before its answer
//   lower-case       as ok, but its answer of own turn K in lower case
//   fail-league3     (wondev) as ok, but throws on its first own turn from its
//                    3rd on where an enemy unit is hidden by the fog (-1 -1):
//                    only league 3 has a fog. A bot cannot single out league
//                    0: leagues 0 and 1 send the same initialisation (size,
//                    then unitsPerPlayer 1) and the same turn input, and
//                    differ only in when the game ends (wondev.league,
//                    wondev.league.units, wondev.fog.visibility).
//
// It exits 0 at the end of its input.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

public final class ProofBot {
  private static final String USAGE =
      "usage: ProofBot --game jc2015|wondev|island [--mode MODE] [--turn K]\n"
          + "modes: ok crash-at late-at ready-unflushed (jc2015) never-flush fail-league3 (wondev)";
  private static final List<String> MODES =
      Arrays.asList(
          "ok", "crash-at", "late-at", "ready-unflushed", "never-flush", "fail-league3",
          "reads-extra", "reads-before-ready", "debug-stdout", "lower-case");

  private final String game;
  private final String mode;
  private final int k;
  private int ownTurns = 0;
  private final BufferedReader in =
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
  private final PrintWriter out =
      new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));

  private ProofBot(String game, String mode, int k) {
    this.game = game;
    this.mode = mode;
    this.k = k;
  }

  private boolean flushes() {
    return !mode.equals("ready-unflushed") && !mode.equals("never-flush");
  }

  private void say(String line) {
    if (ownTurns == k && mode.equals("debug-stdout")) {
      out.print("debug: own turn " + k + "\n");
      out.flush();
    }
    if (ownTurns == k && mode.equals("lower-case")) {
      line = line.toLowerCase();
    }
    out.print(line + "\n");
    if (flushes()) {
      out.flush();
    }
  }

  /** One line as Scanner.nextLine() reads it: no line at the end of the input throws. */
  private void readOneMore() {
    try {
      if (in.readLine() == null) {
        throw new java.util.NoSuchElementException("No line found");
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Counts an own turn and plays the mode's misbehaviour on turn K. */
  private void beginTurn() {
    if (++ownTurns != k) {
      return;
    }
    if (mode.equals("crash-at")) {
      throw new RuntimeException("proof bot: crash on own turn " + k);
    }
    if (mode.equals("late-at")) {
      try {
        Thread.sleep(game.equals("island") ? 3500 : 1500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (mode.equals("reads-extra")) {
      readOneMore();
    }
  }

  /** The next line, or null at the end of the input. */
  private String readLine() throws IOException {
    return in.readLine();
  }

  private static Integer toInt(String s) {
    try {
      return Integer.valueOf(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static String[] split(String s) {
    String t = s.trim();
    return t.isEmpty() ? new String[0] : t.split("\\s+");
  }

  // ------------------------------------------------------------- jc2015 --

  private static final int BLOCKS = 6;
  private static final int BLOCK_SQUARES = 3;
  private static final int SQUARES = 18;
  private static final int PLAYERS = 4;
  private static final int ROUND = 4; // global turns between two own turns
  private static final int FALLEN_TURNS = 20; // a fallen block comes back 20 turns later
  private static final int CANCEL_DISTANCE = 3; // a move this close to another player is cancelled
  private static final int HORIZON = 4; // own turns of look-ahead
  private static final int MAX_TIMER = 1000;
  private static final int OPENING_TURNS = 10; // own turns spent walking towards the centre
  private static final String DIRS = "URDL";
  private static final int[] DR = {-1, 0, 1, 0};
  private static final int[] DC = {0, 1, 0, -1};

  /** Whether a block of value b now is down dt global turns from now. */
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

  /**
   * Never attacks: it stays on blocks that hold for HORIZON own turns and out of the opponents'
   * lines of fire, and walks to the centre at first.
   */
  private static final class Jc2015Planner {
    final int me;
    final int[][] blocks = new int[BLOCKS][BLOCKS];
    final int[][] players = new int[PLAYERS][4]; // row, col, dir, stun
    final List<int[]> others = new ArrayList<>();
    final Map<Integer, Integer> memo = new HashMap<>();
    final int ownTurns;

    /** Reads the lines before EOD; throws IllegalArgumentException when malformed. */
    Jc2015Planner(List<String> lines, int ownTurns) {
      this.ownTurns = ownTurns;
      String[] t = split(String.join(" ", lines));
      if (t.length != 2 + BLOCKS * BLOCKS + 4 * PLAYERS) {
        throw new IllegalArgumentException("token count");
      }
      Integer id = toInt(t[0]);
      if (id == null || id < 0 || id >= PLAYERS || toInt(t[1]) == null) {
        throw new IllegalArgumentException("id or T");
      }
      me = id;
      for (int i = 0; i < BLOCKS * BLOCKS; ++i) {
        Integer b = toInt(t[2 + i]);
        if (b == null || Math.abs(b) > MAX_TIMER) {
          throw new IllegalArgumentException("block");
        }
        blocks[i / BLOCKS][i % BLOCKS] = b;
      }
      for (int q = 0; q < PLAYERS; ++q) {
        int at = 2 + BLOCKS * BLOCKS + 4 * q;
        Integer r = toInt(t[at]);
        Integer c = toInt(t[at + 1]);
        Integer s = toInt(t[at + 3]);
        String d = t[at + 2];
        if (r == null || c == null || s == null || d.length() != 1 || DIRS.indexOf(d) < 0) {
          throw new IllegalArgumentException("player");
        }
        boolean fallen = r == -1 && c == -1;
        boolean onBoard = r >= 0 && r < SQUARES && c >= 0 && c < SQUARES;
        if (!(fallen || onBoard) || s < 0 || s > MAX_TIMER) {
          throw new IllegalArgumentException("player");
        }
        players[q] = new int[] {r, c, DIRS.indexOf(d), s};
        if (q != me && onBoard) {
          others.add(players[q]);
        }
      }
    }

    int block(int r, int c) {
      return blocks[r / BLOCK_SQUARES][c / BLOCK_SQUARES];
    }

    int[] step(int r, int c, int d, int dt) {
      int nr = r + DR[d];
      int nc = c + DC[d];
      if (nr < 0 || nr >= SQUARES || nc < 0 || nc >= SQUARES || downAt(block(nr, nc), dt)) {
        return new int[] {r, c};
      }
      for (int[] o : others) {
        if (Math.abs(nr - o[0]) + Math.abs(nc - o[1]) <= CANCEL_DISTANCE) {
          return new int[] {r, c};
        }
      }
      return new int[] {nr, nc};
    }

    /** Own turns (up to HORIZON) the best walk from (r, c) on own turn k survives. */
    int survival(int r, int c, int k) {
      if (k >= HORIZON) {
        return HORIZON;
      }
      int key = (r * SQUARES + c) * (HORIZON + 1) + k;
      Integer known = memo.get(key);
      if (known != null) {
        return known;
      }
      int best = k;
      for (int d = -1; d < 4 && best < HORIZON; ++d) {
        int[] n = d < 0 ? new int[] {r, c} : step(r, c, d, k * ROUND);
        if (holds(block(n[0], n[1]), k * ROUND + 1, (k + 1) * ROUND)) {
          best = Math.max(best, survival(n[0], n[1], k + 1));
        }
      }
      memo.put(key, best);
      return best;
    }

    int placeValue(int r, int c) {
      int value = block(r, c) != 0 ? -20 : 0; // scheduled: it will have to run again
      int br = r / BLOCK_SQUARES;
      int bc = c / BLOCK_SQUARES;
      for (int[] o : others) {
        int dr = br - o[0] / BLOCK_SQUARES;
        int dc = bc - o[1] / BLOCK_SQUARES;
        if ((dr == 0) != (dc == 0)) {
          value -= 10; // in its block row or column: it can turn to us
          if (Integer.signum(dr) == DR[o[2]] && Integer.signum(dc) == DC[o[2]]) {
            value -= 60 / (Math.abs(dr) + Math.abs(dc)); // it faces us
          }
        }
      }
      if (ownTurns <= OPENING_TURNS) {
        value -= 2 * (Math.abs(2 * r - 17) + Math.abs(2 * c - 17));
      }
      return value;
    }

    char choose() {
      int[] p = players[me];
      if (p[0] < 0 || p[3] > 0) {
        return 'N'; // fallen (some servers still ask) or stunned: ignored anyway
      }
      char best = 'N';
      Integer bestScore = null;
      for (int d = -1; d < 4; ++d) {
        int[] n = d < 0 ? new int[] {p[0], p[1]} : step(p[0], p[1], d, 0);
        int depth = holds(block(n[0], n[1]), 1, ROUND) ? survival(n[0], n[1], 1) : 0;
        int score = 1000 * depth + placeValue(n[0], n[1]);
        if (bestScore == null || score > bestScore) {
          best = d < 0 ? 'N' : DIRS.charAt(d);
          bestScore = score;
        }
      }
      return best;
    }
  }

  /**
   * Plans a few hundred made-up turns before READY, so that the JIT has compiled the planner when
   * the first answer is timed (100 ms).
   */
  private static void warmUp() {
    List<String> sample = new ArrayList<>();
    sample.add("0");
    sample.add("0");
    for (int r = 0; r < BLOCKS; ++r) {
      sample.add(r == 2 ? "0 4 0 -3 8 0" : "0 0 0 0 0 0");
    }
    sample.addAll(Arrays.asList("7 7 U 0", "2 14 L 0", "14 3 R 0", "15 15 D 0"));
    for (int i = 0; i < 300; ++i) {
      new Jc2015Planner(sample, i).choose();
    }
  }

  private void playJc2015() throws IOException {
    warmUp();
    if (mode.equals("reads-before-ready")) {
      readOneMore();
    }
    out.print("READY\n");
    if (!mode.equals("ready-unflushed")) {
      out.flush();
    }
    List<String> lines = new ArrayList<>();
    for (String line = readLine(); line != null; line = readLine()) {
      line = line.trim();
      if (!line.equals("EOD")) {
        if (!line.isEmpty() && lines.size() < 64) {
          lines.add(line);
        }
        continue;
      }
      beginTurn();
      char answer;
      try {
        // Its own count, not T, drives the opening: a bot started in the
        // middle of a game has not walked to the centre yet.
        answer = new Jc2015Planner(lines, ownTurns).choose();
      } catch (IllegalArgumentException e) {
        answer = 'N';
      }
      lines.clear();
      say(String.valueOf(answer));
    }
  }

  // ------------------------------------------------------------- wondev --

  private static final String[] WONDEV_DIRS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  private static final int[] WDX = {0, 1, 1, 1, 0, -1, -1, -1};
  private static final int[] WDY = {-1, -1, 0, 1, 1, 1, 0, -1};

  /** Worth of a listed action: climb, do not step back where the unit came from. */
  private static int wondevValue(
      String action, String[] rows, int[][] mine, Map<Integer, Integer> previous) {
    String[] parts = split(action);
    int dir = parts.length >= 4 ? Arrays.asList(WONDEV_DIRS).indexOf(parts[2]) : -1;
    if (dir < 0 || !parts[0].equals("MOVE&BUILD")) {
      return 0; // pushes and anything unexpected: still listed, so legal
    }
    Integer unit = toInt(parts[1]);
    if (unit == null || unit < 0 || unit >= mine.length) {
      return 0;
    }
    int tx = mine[unit][0] + WDX[dir];
    int ty = mine[unit][1] + WDY[dir];
    int height = -1;
    if (ty >= 0 && ty < rows.length && tx >= 0 && tx < rows[ty].length()) {
      char h = rows[ty].charAt(tx);
      if (h >= '0' && h <= '3') {
        height = h - '0';
      }
    }
    int value = 10 + 10 * height;
    Integer before = previous.get(unit);
    if (before != null && before == tx * 1000 + ty) {
      value -= 15; // back and forth gets nowhere
    }
    return value;
  }

  private void playWondev() throws IOException {
    String first = readLine();
    String second = first == null ? null : readLine();
    Integer size = first == null ? null : toInt(first);
    Integer units = second == null ? null : toInt(second);
    if (size == null || units == null || size < 1 || size > 64 || units < 1 || units > 8) {
      System.err.println("proof bot: not a wondev initialisation");
      return;
    }
    Map<Integer, Integer> previous = new HashMap<>(); // unit -> x * 1000 + y before its last move
    while (true) {
      String[] rows = new String[size];
      for (int y = 0; y < size; ++y) {
        if ((rows[y] = readLine()) == null) {
          return;
        }
      }
      int[][] cells = new int[2 * units][];
      for (int i = 0; i < 2 * units; ++i) {
        String line = readLine();
        if (line == null) {
          return;
        }
        String[] xy = split(line);
        Integer x = xy.length == 2 ? toInt(xy[0]) : null;
        Integer y = xy.length == 2 ? toInt(xy[1]) : null;
        cells[i] = x != null && y != null ? new int[] {x, y} : new int[] {-1, -1};
      }
      String countLine = readLine();
      if (countLine == null) {
        return;
      }
      Integer count = toInt(countLine);
      List<String> actions = new ArrayList<>();
      for (int i = 0; count != null && i < count; ++i) {
        String action = readLine();
        if (action == null) {
          return;
        }
        actions.add(action.trim());
      }
      int[][] mine = Arrays.copyOfRange(cells, 0, units);
      int[][] theirs = Arrays.copyOfRange(cells, units, 2 * units);
      beginTurn();
      if (mode.equals("fail-league3") && ownTurns >= 3) {
        for (int[] enemy : theirs) {
          if (enemy[0] == -1 && enemy[1] == -1) {
            throw new RuntimeException("proof bot: an enemy unit at -1 -1 (fog)");
          }
        }
      }
      if (actions.isEmpty()) {
        say("ACCEPT-DEFEAT"); // a line is due even with nothing listed
        continue;
      }
      String best = actions.get(0);
      int bestValue = wondevValue(best, rows, mine, previous);
      for (String a : actions) {
        int v = wondevValue(a, rows, mine, previous);
        if (v > bestValue) {
          best = a;
          bestValue = v;
        }
      }
      String[] parts = split(best);
      if (parts.length >= 2 && parts[0].equals("MOVE&BUILD")) {
        Integer unit = toInt(parts[1]);
        if (unit != null && unit >= 0 && unit < units) {
          previous.put(unit, mine[unit][0] * 1000 + mine[unit][1]);
        }
      }
      say(best);
    }
  }

  // ------------------------------------------------------------- island --

  private static final int ISLAND_SIZE = 15;
  private static final int SHUFFLE_LIMIT = 20;
  private static final int SHUFFLE_EVERY = 3; // own turns
  private static final int REACH = 4; // attacks happen at distance 1..4
  private static final int HOME = 3; // cells from its own edge where it likes to stand

  /** {player, pos1, pos2} and the tiles of a board line, or null. */
  private static int[] islandParse(String raw, TreeSet<Integer> held) {
    String line = raw.trim();
    if (line.length() != 23 || line.charAt(1) != ';' || line.charAt(7) != ';') {
      return null;
    }
    char player = line.charAt(0);
    if (player != '1' && player != '2') {
      return null;
    }
    held.clear();
    for (int i = 2; i < 7; ++i) {
      char c = line.charAt(i);
      if (c < '1' || c > '4') {
        return null;
      }
      held.add(c - '0');
    }
    int pos1 = -1;
    int pos2 = -1;
    for (int i = 0; i < ISLAND_SIZE; ++i) {
      char c = line.charAt(8 + i);
      if (c == '1' && pos1 < 0) {
        pos1 = i;
      } else if (c == '2' && pos2 < 0) {
        pos2 = i;
      } else if (c != '0') {
        return null;
      }
    }
    if (pos1 < 0 || pos2 < 0 || pos1 > pos2) {
      return null;
    }
    return new int[] {player - '0', pos1, pos2};
  }

  /**
   * The answer; every branch is legal: a held tile, move x < distance, attack at the distance,
   * shuffle only below the limit.
   */
  private static String islandChoose(int[] b, TreeSet<Integer> held, int own, int shuffles) {
    int distance = b[2] - b[1];
    int room = b[0] == 1 ? b[1] : ISLAND_SIZE - 1 - b[2]; // cells behind it
    if (shuffles < SHUFFLE_LIMIT && own > SHUFFLE_EVERY * shuffles) {
      return "shuffle"; // own turns 1, 4, 7, ..., 58: its 20 shuffles, then never again
    }
    if (distance <= REACH && held.contains(distance)) {
      return "attack;" + distance; // one tile: a poke, it never throws the opponent far
    }
    if (distance <= REACH) { // in reach without an attack: step out of it, staying on
      for (int x : held) {
        if (x <= room && distance + x > REACH) {
          return "retreat;" + x;
        }
      }
      for (int x : held) {
        if (x <= room) {
          return "retreat;" + x;
        }
      }
    }
    Integer forward = null;
    Integer back = null;
    Integer closer = null;
    for (int x : held) {
      if (forward == null && x < distance && distance - x > REACH) {
        forward = x;
      }
      if (back == null && x <= room) {
        back = x;
      }
      if (closer == null && x < distance) {
        closer = x;
      }
    }
    if (room < HOME && forward != null) {
      return "move;" + forward;
    }
    if (room >= HOME && back != null) {
      return "retreat;" + back;
    }
    if (forward != null) {
      return "move;" + forward;
    }
    if (back != null) {
      return "retreat;" + back;
    }
    if (shuffles < SHUFFLE_LIMIT) {
      return "shuffle";
    }
    if (closer != null) {
      return "move;" + closer;
    }
    return "retreat;" + held.first(); // nothing else is legal: off the island
  }

  private void playIsland() throws IOException {
    int shufflesUsed = 0; // one process plays one game; no board shows this count
    TreeSet<Integer> held = new TreeSet<>();
    for (String line = readLine(); line != null; line = readLine()) {
      int[] board = islandParse(line, held);
      if (board == null) {
        System.err.println("proof bot: skipped a line that is not a board");
        continue;
      }
      beginTurn();
      String answer = islandChoose(board, held, ownTurns, shufflesUsed);
      if (answer.equals("shuffle")) {
        ++shufflesUsed;
      }
      say(answer);
    }
  }

  public static void main(String[] args) throws IOException {
    String game = null;
    String mode = "ok";
    int k = 1;
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        usage();
      }
      switch (args[i]) {
        case "--game":
          game = args[i + 1];
          break;
        case "--mode":
          mode = args[i + 1];
          break;
        case "--turn":
          Integer t = toInt(args[i + 1]);
          k = t == null ? 0 : t;
          break;
        default:
          usage();
      }
    }
    boolean gameOk = "jc2015".equals(game) || "wondev".equals(game) || "island".equals(game);
    if (!gameOk
        || !MODES.contains(mode)
        || k < 1
        || (mode.equals("ready-unflushed") && !game.equals("jc2015"))
        || (mode.equals("fail-league3") && !game.equals("wondev"))
        || (mode.equals("reads-before-ready") && !game.equals("jc2015"))) {
      usage();
    }
    ProofBot bot = new ProofBot(game, mode, k);
    switch (game) {
      case "jc2015":
        bot.playJc2015();
        break;
      case "wondev":
        bot.playWondev();
        break;
      default:
        bot.playIsland();
    }
  }

  private static void usage() {
    System.err.println(USAGE);
    System.exit(2);
  }
}

// WondevReferee: a Wondev Woman referee of the bot-launching kind, written the
// way a contest organiser writes the arena for their own contest: one Java 17
// file, the standard library only, its own reading of the rules and its own
// random maps. Nothing of arbiter is used; it is a referee for arbiter to test.
//
// It starts each bot from its command (split on single spaces, no shell),
// writes each turn's input to the player's stdin (the initialisation lines
// "size" and "unitsPerPlayer" before its first turn), reads one answer line
// from its stdout (first answer 1000 ms, later ones 100 ms), and at the end
// prints "RESULT <winner> <score0> <score1>" on stdout (winner -1: a draw)
// and exits 0.
//
// Rules: leagues 0..3 (one unit each in 0 and 1, two units and PUSH&BUILD from
// 2, fog of war in 3), a full 5x5 square, a 7x7 diamond or a random mirrored
// map in a 6x6 box, the legal actions sorted by their text, 200 rounds; an
// invalid or illegal answer, ACCEPT-DEFEAT, no answer in time or a turn with
// no legal action puts the player out with its points; the game ends when both
// are out, when one is out and the other leads, or after the last round.
//
// Given its bots as a referee built on the CodinGame SDK is given them, the
// way cg-brutaltester starts one ("-p1 BOT0 -p2 BOT1", "-d seed=N" for its
// seed), it ends as the SDK's command line does instead: each player's score
// on a line of its own, then its game's parameters ("seed=N"), and no RESULT
// line.
//
// usage: java WondevReferee [--league N] [--seed N] [--rounds N] [--bugs LIST]
//                           BOT0 BOT1
//        java WondevReferee [--league N] [--rounds N] [--bugs LIST]
//                           -p1 BOT0 -p2 BOT1 [-d seed=N]
//   --league N   0..3 (default 2)
//   --seed N     seeds the map and unit generator (default: from the clock)
//   --rounds N   the round limit (default 200)
//   --bugs LIST  comma-separated planted bugs (default none):
//     push-straight-only  a push must go straight on (wondev.push.target)
//     push-scores         a push scores when it builds a level-3 cell
//                         (wondev.push.build)
//     rounds-201          one round more than the limit (wondev.end.rounds)
//     no-diagonal-push    no push towards NE, SE, SW or NW (wondev.push.target)
//     scores-swapped      the end reports each player's score (and so the
//                         winner) as the other's (wondev.end.winner)
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;

public class WondevReferee {
    static final String[] DIRS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    static final int[] DX = {0, 1, 1, 1, 0, -1, -1, -1};
    static final int[] DY = {-1, -1, 0, 1, 1, 1, 0, -1};
    static final int HOLE = -1;
    static final int FIRST_TIMEOUT_MS = 1000;
    static final int TIMEOUT_MS = 100;
    static final List<String> KNOWN_BUGS =
            Arrays.asList("push-straight-only", "push-scores", "rounds-201", "no-diagonal-push",
                    "scores-swapped");

    // A bot process and the lines it printed, read by a thread of its own.
    static class Bot {
        static final String EOF = new String("end of output"); // compared by identity
        final int id;
        final String command;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Process process;
        OutputStream stdin;
        boolean alive;
        boolean started; // has had its first turn

        Bot(int id, String command) {
            this.id = id;
            this.command = command;
        }

        void start() {
            try {
                ProcessBuilder pb = new ProcessBuilder(command.split(" "));
                pb.redirectError(ProcessBuilder.Redirect.INHERIT);
                process = pb.start();
            } catch (IOException e) {
                System.err.println("player " + id + ": cannot start '" + command + "': " + e.getMessage());
                return;
            }
            stdin = process.getOutputStream();
            alive = true;
            Thread reader = new Thread(() -> readLines(process.getInputStream()), "bot-" + id);
            reader.setDaemon(true);
            reader.start();
        }

        // Raw bytes up to '\n' (readLine would also end a line at a lone '\r').
        private void readLines(InputStream out) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = out.read(buf)) > 0; ) {
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            lines.add(line.toString(StandardCharsets.ISO_8859_1));
                            line.reset();
                        } else {
                            line.write(buf[i]);
                        }
                    }
                }
            } catch (IOException e) {
                // the bot is gone
            }
            lines.add(EOF);
        }

        // Sends the input and waits for one answer; null when none came in time.
        String ask(String input, int timeoutMs) throws InterruptedException {
            // Whatever it printed before this input does not answer it.
            List<String> unread = new ArrayList<>();
            lines.drainTo(unread);
            for (String line : unread)
                if (line == EOF) return null;
            try {
                stdin.write(input.getBytes(StandardCharsets.ISO_8859_1));
                stdin.flush();
            } catch (IOException e) {
                return null;
            }
            String line = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
            return line == EOF ? null : line;
        }

        void kill() {
            alive = false;
            if (process == null) return;
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    final int league;
    final int maxRounds;
    final Set<String> bugs;
    final Random rng;
    final Bot[] bots = new Bot[2];
    int size;
    int[][] height;                          // [y][x], HOLE for a hole
    final int[][] unitX, unitY;              // [player][unit]
    final int[] score = new int[2];
    final boolean[] out = new boolean[2];
    int turn = 0;

    WondevReferee(int league, long seed, int maxRounds, Set<String> bugs) {
        this.league = league;
        this.maxRounds = maxRounds;
        this.bugs = bugs;
        this.rng = new Random(seed);
        int units = unitsPerPlayer();
        unitX = new int[2][units];
        unitY = new int[2][units];
    }

    int unitsPerPlayer() { return league >= 2 ? 2 : 1; }

    boolean onGrid(int x, int y) { return x >= 0 && y >= 0 && x < size && y < size; }

    boolean playable(int x, int y) { return onGrid(x, y) && height[y][x] != HOLE && height[y][x] < 4; }

    // The player whose unit stands on (x, y), or -1.
    int ownerAt(int x, int y) {
        for (int p = 0; p < 2; p++)
            for (int u = 0; u < unitsPerPlayer(); u++)
                if (unitX[p][u] == x && unitY[p][u] == y) return p;
        return -1;
    }

    // Fog of war (league 3): an enemy unit is seen next to one of your own.
    boolean visible(int viewer, int p, int u) {
        if (league < 3 || viewer == p) return true;
        for (int k = 0; k < unitsPerPlayer(); k++)
            if (Math.max(Math.abs(unitX[viewer][k] - unitX[p][u]),
                         Math.abs(unitY[viewer][k] - unitY[p][u])) <= 1) return true;
        return false;
    }

    // Whether the viewer sees a unit on (x, y), its own unit `self` left out.
    boolean seesUnitOn(int viewer, int self, int x, int y) {
        for (int p = 0; p < 2; p++)
            for (int u = 0; u < unitsPerPlayer(); u++)
                if (!(p == viewer && u == self) && unitX[p][u] == x && unitY[p][u] == y
                        && visible(viewer, p, u)) return true;
        return false;
    }

    boolean canMoveBuild(int p, int u, int d1, int d2) {
        int fx = unitX[p][u], fy = unitY[p][u];
        int tx = fx + DX[d1], ty = fy + DY[d1];
        if (!playable(tx, ty) || ownerAt(tx, ty) >= 0) return false;
        if (height[ty][tx] > height[fy][fx] + 1) return false; // one level up at most
        int bx = tx + DX[d2], by = ty + DY[d2];
        return playable(bx, by) && !seesUnitOn(p, u, bx, by);
    }

    boolean canPushBuild(int p, int u, int d1, int d2) {
        if (league < 2) return false;
        int tx = unitX[p][u] + DX[d1], ty = unitY[p][u] + DY[d1];
        if (!playable(tx, ty) || ownerAt(tx, ty) != 1 - p) return false;
        if (bugs.contains("push-straight-only")) {
            if (d2 != d1) return false;
        } else if (d2 != d1 && d2 != (d1 + 1) % 8 && d2 != (d1 + 7) % 8) {
            return false;
        }
        if (bugs.contains("no-diagonal-push") && d1 % 2 == 1) return false;
        int px = tx + DX[d2], py = ty + DY[d2];
        if (!playable(px, py) || height[py][px] > height[ty][tx] + 1) return false;
        return !seesUnitOn(p, u, px, py);
    }

    List<String> legalActions(int p) {
        List<String> legal = new ArrayList<>();
        for (int u = 0; u < unitsPerPlayer(); u++)
            for (int d1 = 0; d1 < 8; d1++)
                for (int d2 = 0; d2 < 8; d2++) {
                    if (canMoveBuild(p, u, d1, d2))
                        legal.add("MOVE&BUILD " + u + " " + DIRS[d1] + " " + DIRS[d2]);
                    if (canPushBuild(p, u, d1, d2))
                        legal.add("PUSH&BUILD " + u + " " + DIRS[d1] + " " + DIRS[d2]);
                }
        Collections.sort(legal);
        return legal;
    }

    String turnInput(int p, List<String> legal) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++)
                sb.append(height[y][x] == HOLE ? '.' : (char) ('0' + height[y][x]));
            sb.append('\n');
        }
        for (int u = 0; u < unitsPerPlayer(); u++)
            sb.append(unitX[p][u]).append(' ').append(unitY[p][u]).append('\n');
        for (int u = 0; u < unitsPerPlayer(); u++) {
            if (visible(p, 1 - p, u))
                sb.append(unitX[1 - p][u]).append(' ').append(unitY[1 - p][u]).append('\n');
            else
                sb.append("-1 -1\n");
        }
        sb.append(legal.size()).append('\n');
        for (String action : legal) sb.append(action).append('\n');
        return sb.toString();
    }

    // Plays a listed action "TYPE index dir1 dir2".
    void apply(int p, String action) {
        String[] t = action.split(" ");
        int u = Integer.parseInt(t[1]);
        int d1 = Arrays.asList(DIRS).indexOf(t[2]), d2 = Arrays.asList(DIRS).indexOf(t[3]);
        int tx = unitX[p][u] + DX[d1], ty = unitY[p][u] + DY[d1];
        if (t[0].equals("MOVE&BUILD")) {
            unitX[p][u] = tx;
            unitY[p][u] = ty;
            if (height[ty][tx] == 3) score[p]++;
            int bx = tx + DX[d2], by = ty + DY[d2];
            if (ownerAt(bx, by) >= 0) return; // an enemy it could not see: no build
            height[by][bx]++;
        } else {
            int px = tx + DX[d2], py = ty + DY[d2];
            if (ownerAt(px, py) >= 0) return; // pushed into a unit it could not see: nothing happens
            for (int k = 0; k < unitsPerPlayer(); k++)
                if (unitX[1 - p][k] == tx && unitY[1 - p][k] == ty) {
                    unitX[1 - p][k] = px;
                    unitY[1 - p][k] = py;
                }
            height[ty][tx]++;
            if (bugs.contains("push-scores") && height[ty][tx] == 3) score[p]++;
        }
    }

    void goOut(int p, String why) {
        out[p] = true;
        System.err.println("turn " + turn + ": player " + p + " is out: " + why);
    }

    void playTurn(int p) throws InterruptedException {
        Bot bot = bots[p];
        List<String> legal = legalActions(p);
        if (!bot.alive) {
            goOut(p, "its bot is not running");
            return;
        }
        String input = turnInput(p, legal);
        if (!bot.started) input = size + "\n" + unitsPerPlayer() + "\n" + input;
        int timeout = bot.started ? TIMEOUT_MS : FIRST_TIMEOUT_MS;
        bot.started = true;
        String answer = bot.ask(input, timeout);
        if (answer == null) {
            bot.kill();
            goOut(p, "no answer within " + timeout + " ms");
            return;
        }
        // "TYPE index dir1 dir2", maybe followed by a message; anything that is
        // not a listed action (ACCEPT-DEFEAT included) puts the player out.
        String[] tokens = answer.trim().split("[ \t]+", 5);
        String action = tokens.length < 4 ? ""
                : tokens[0] + " " + tokens[1] + " " + tokens[2] + " " + tokens[3];
        if (legal.contains(action)) apply(p, action);
        else goOut(p, (legal.isEmpty() ? "no legal action, answered '" : "answered '") + answer + "'");
    }

    boolean gameOver() {
        if (out[0] && out[1]) return true;
        if (out[0] && score[1] > score[0]) return true;
        if (out[1] && score[0] > score[1]) return true;
        return league == 0 && score[0] + score[1] > 0; // first on level 3 wins
    }

    int play() throws InterruptedException {
        int lastRound = bugs.contains("rounds-201") ? maxRounds : maxRounds - 1;
        game:
        for (int round = 0; round <= lastRound; round++) {
            for (int p = 0; p < 2; p++) {
                if (gameOver()) break game;
                if (!out[p]) playTurn(p);
                turn++;
            }
        }
        if (score[0] == score[1]) return -1;
        return score[0] > score[1] ? 0 : 1;
    }

    void drawMap() {
        int kind = rng.nextInt(3);
        if (kind == 0) {
            size = 5;
            height = new int[size][size];
        } else if (kind == 1) {
            size = 7;
            height = new int[size][size];
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++)
                    if (Math.abs(x - 3) + Math.abs(y - 3) > 3) height[y][x] = HOLE;
        } else {
            size = 6;
            do {
                height = new int[size][size];
                for (int y = 0; y < size; y++)
                    for (int x = 0; x < size / 2; x++)
                        if (rng.nextInt(4) == 0) height[y][x] = height[y][size - 1 - x] = HOLE;
            } while (!connected() || Arrays.stream(height).flatMapToInt(Arrays::stream)
                    .filter(h -> h != HOLE).count() < 12);
        }
    }

    // Whether the floors are one group, diagonals included (a flood fill).
    boolean connected() {
        int floors = 0, first = -1;
        for (int i = 0; i < size * size; i++)
            if (height[i / size][i % size] != HOLE && floors++ == 0) first = i;
        return floors > 0 && reach(first % size, first / size, new boolean[size][size]) == floors;
    }

    int reach(int x, int y, boolean[][] seen) {
        if (!onGrid(x, y) || height[y][x] == HOLE || seen[y][x]) return 0;
        seen[y][x] = true;
        int n = 1;
        for (int d = 0; d < 8; d++) n += reach(x + DX[d], y + DY[d], seen);
        return n;
    }

    void placeUnits() {
        List<int[]> free = new ArrayList<>();
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++)
                if (height[y][x] == 0) free.add(new int[] {x, y});
        Collections.shuffle(free, rng);
        int k = 0;
        for (int p = 0; p < 2; p++)
            for (int u = 0; u < unitsPerPlayer(); u++, k++) {
                unitX[p][u] = free.get(k)[0];
                unitY[p][u] = free.get(k)[1];
            }
    }

    // The end: each bot's stdin is closed, and what is still running 200 ms later is killed.
    void stopBots() throws InterruptedException {
        for (Bot bot : bots)
            if (bot.stdin != null) try { bot.stdin.close(); } catch (IOException e) { /* gone */ }
        long deadline = System.currentTimeMillis() + 200;
        for (Bot bot : bots) {
            if (bot.process == null) continue;
            bot.process.waitFor(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            bot.kill();
        }
    }

    static void usage(String message) {
        System.err.println("WondevReferee: " + message);
        System.err.println("usage: java WondevReferee [--league 0..3] [--seed N] [--rounds N] "
                + "[--bugs " + String.join(",", KNOWN_BUGS) + "|none] BOT0 BOT1 | -p1 BOT0 -p2 BOT1 "
                + "[-d seed=N]");
        System.exit(2);
    }

    public static void main(String[] args) throws InterruptedException {
        int league = 2, rounds = 200;
        long seed = System.nanoTime();
        Set<String> bugs = new HashSet<>();
        List<String> commands = new ArrayList<>();
        String[] sdkPlayers = new String[2];  // -p1, -p2: the SDK's command line
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            boolean option = arg.equals("--league") || arg.equals("--seed") || arg.equals("--rounds")
                    || arg.equals("--bugs") || arg.equals("-p1") || arg.equals("-p2")
                    || arg.equals("-d");
            if (!option) {
                commands.add(arg);
                continue;
            }
            if (i + 1 == args.length) usage(arg + " needs a value");
            String value = args[++i];
            try {
                if (arg.equals("--league")) league = Integer.parseInt(value);
                else if (arg.equals("--seed")) seed = Long.parseUnsignedLong(value);
                else if (arg.equals("--rounds")) rounds = Integer.parseInt(value);
                else if (arg.equals("-p1")) sdkPlayers[0] = value;
                else if (arg.equals("-p2")) sdkPlayers[1] = value;
                else if (arg.equals("-d")) {  // the SDK's properties: "seed=N"
                    Properties data = new Properties();
                    data.load(new StringReader(value.replace(' ', '\n')));
                    if (data.getProperty("seed") != null)
                        seed = Long.parseUnsignedLong(data.getProperty("seed").trim());
                }
                else if (!value.equals("none")) bugs.addAll(Arrays.asList(value.split(",")));
            } catch (NumberFormatException | IOException e) {
                usage(arg + ": not a number: " + value);
            }
        }
        boolean sdk = sdkPlayers[0] != null || sdkPlayers[1] != null;
        if (sdk) {
            if (!commands.isEmpty() || sdkPlayers[0] == null || sdkPlayers[1] == null)
                usage("give both bots as -p1 BOT0 -p2 BOT1, and no other bot command");
            commands.addAll(Arrays.asList(sdkPlayers));
        }
        if (league < 0 || league > 3) usage("--league takes 0, 1, 2 or 3");
        if (rounds < 1) usage("--rounds must be at least 1");
        for (String bug : bugs)
            if (!KNOWN_BUGS.contains(bug)) usage("unknown bug '" + bug + "'");
        if (commands.size() != 2) usage("give two bot commands");

        WondevReferee referee = new WondevReferee(league, seed, rounds, bugs);
        referee.drawMap();
        referee.placeUnits();
        for (int p = 0; p < 2; p++) referee.bots[p] = new Bot(p, commands.get(p));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Bot bot : referee.bots)
                if (bot != null && bot.process != null) bot.process.destroyForcibly();
        }));
        for (Bot bot : referee.bots) bot.start();
        int winner = referee.play();
        if (bugs.contains("scores-swapped")) {  // the end reported by the wrong index
            int kept = referee.score[0];
            referee.score[0] = referee.score[1];
            referee.score[1] = kept;
            if (winner >= 0) winner = 1 - winner;
        }
        referee.stopBots();
        if (sdk) {  // the SDK's command line: the scores, then the game's parameters
            System.out.println(referee.score[0]);
            System.out.println(referee.score[1]);
            System.out.println("seed=" + Long.toUnsignedString(seed));
        } else {
            System.out.println("RESULT " + winner + " " + referee.score[0] + " " + referee.score[1]);
        }
        System.out.flush();
        System.exit(0);
    }
}

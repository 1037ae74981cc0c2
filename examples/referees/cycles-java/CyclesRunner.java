// CyclesRunner: a referee for "cycles" (light cycles, after CodinGame's Tron
// Battle) in CodinGame's runner protocol, as cg-brutaltester drives it. It is
// written the way community ports of CodinGame referees are: one Java 17 file,
// the standard library only, its own random start (java.util.Random).
//
// It launches no bot: the runner does, and relays. On stdin it reads
// "###Seed N" (optional) and "###Start P" (2 to 4 players). For each player
// turn it prints "###Input p", the player's input ("N P C", then N*C lines
// "X0 Y0 X1 Y1", "-1 -1 -1 -1" for a dead cycle), "###Output p K" with K the
// player's alive cycles, and reads K answer lines. At the end it prints
// "###End R" (players best first, tied players written together: "###End 1 0",
// "###End 01").
//
// Rules:
//  - a 30x20 grid (x 0..29, y 0..19, UP is y - 1); each player has C cycles
//    (default 2), each on its own random free cell, which is part of its trail;
//  - a round gives each player still in the game one turn, in player order;
//    its answers (UP, DOWN, LEFT or RIGHT, the first word of each line; the
//    rest is an ignored message) are applied one by one in cycle order; a
//    cycle that leaves the grid or moves onto any trail cell dies and its
//    trail is erased;
//  - a player with no cycle left is out; so is one that answers something else
//    ("###Error p InvalidInput: ..." on stderr) or an empty line, or when
//    stdin ends ("###Error p Timeout": that is how a runner reports a missing
//    answer); all its cycles die then;
//  - the game ends when at most one player is left or after 200 rounds. The
//    players still in rank first (at the round limit by alive cycles, then
//    total trail length), then the others, later out better; players out in
//    the same round tie.
//
// Quirks: without "###Seed" (or when the first line is anything else, which
// is ignored) the start is seeded from System.nanoTime(). After "###End" it
// saves a replay into the directory named by the property cycles.replays;
// when that is not set it dies there with a NullPointerException (exit 1).
//
// usage: java [-Dcycles=C] [-Dbugs=LIST] CyclesRunner [--cycles C] [--bugs LIST]
//   --bugs LIST  comma-separated planted bugs (default none):
//     misframe          from round 31, a player with a boxed-in cycle is
//                       announced one line fewer ("###Output p 1" for two
//                       alive cycles), but two lines are still read
//     crash-on-long     an answer line longer than 1000 chars throws
//                       ArrayIndexOutOfBoundsException (exit 1)
//     hang-on-end       the answer watchdog's thread is not a daemon: the JVM
//                       never exits after "###End"
//     nondeterministic  the start mixes System.nanoTime() into the seed
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class CyclesRunner {
    static final int WIDTH = 30, HEIGHT = 20, MAX_ROUNDS = 200;
    static final List<String> NAMES = List.of("UP", "DOWN", "LEFT", "RIGHT");
    static final int[] DX = {0, 0, -1, 1};
    static final int[] DY = {-1, 1, 0, 0};
    static final Set<String> KNOWN_BUGS = Set.of("misframe", "crash-on-long", "hang-on-end", "nondeterministic");

    final int players, cycles;
    final Set<String> bugs;
    final BufferedReader in;
    final PrintWriter out;
    final Timer watchdog;
    final int[][] grid = new int[HEIGHT][WIDTH];  // the cycle whose trail it is, or -1
    final int[] startX, startY, headX, headY;
    final List<List<int[]>> trails = new ArrayList<>();
    final boolean[] alive;
    final int[] outRound;  // the round a player went out in, 0 while it is in
    final List<String> replay = new ArrayList<>();
    int round = 0;

    CyclesRunner(int players, int cycles, Set<String> bugs, Random rng, BufferedReader in) {
        this.players = players;
        this.cycles = cycles;
        this.bugs = bugs;
        this.in = in;
        this.out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));
        // Warns on stderr when an answer takes more than 30 s. Planted hang-on-end:
        // created as a plain Timer, whose thread keeps the JVM alive.
        this.watchdog = bugs.contains("hang-on-end") ? new Timer("answer-watchdog") : new Timer("answer-watchdog", true);
        int n = players * cycles;
        startX = new int[n]; startY = new int[n]; headX = new int[n]; headY = new int[n];
        alive = new boolean[n];
        outRound = new int[players];
        for (int[] row : grid) Arrays.fill(row, -1);
        for (int i = 0; i < n; i++) {
            int x, y;
            do {
                x = rng.nextInt(WIDTH);
                y = rng.nextInt(HEIGHT);
            } while (grid[y][x] >= 0);
            grid[y][x] = i;
            startX[i] = headX[i] = x;
            startY[i] = headY[i] = y;
            alive[i] = true;
            trails.add(new ArrayList<>(List.of(new int[] {x, y})));
        }
    }

    List<Integer> own(int p) {
        List<Integer> list = new ArrayList<>();
        for (int i = p * cycles; i < (p + 1) * cycles; i++) if (alive[i]) list.add(i);
        return list;
    }

    boolean free(int x, int y) {
        return x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT && grid[y][x] < 0;
    }

    void kill(int i) {
        for (int[] c : trails.get(i)) grid[c[1]][c[0]] = -1;
        trails.get(i).clear();
        alive[i] = false;
    }

    void move(int i, int d) {
        int x = headX[i] + DX[d], y = headY[i] + DY[d];
        if (!free(x, y)) {
            kill(i);
            return;
        }
        grid[y][x] = i;
        headX[i] = x;
        headY[i] = y;
        trails.get(i).add(new int[] {x, y});
    }

    void putOut(int p) {
        for (int i : own(p)) kill(i);
        outRound[p] = round;
    }

    int playersLeft() {
        int left = 0;
        for (int p = 0; p < players; p++) if (outRound[p] == 0) left++;
        return left;
    }

    String readAnswer(int p) throws IOException {
        TimerTask warn = new TimerTask() {
            public void run() { System.err.println("still waiting for player " + p + " after 30 s"); }
        };
        watchdog.schedule(warn, 30_000);
        try {
            return bugs.contains("crash-on-long") ? readShortLine() : in.readLine();
        } finally {
            warn.cancel();
        }
    }

    // Planted crash-on-long: the line reader of the C referee this was ported
    // from, with its 1000-char line buffer.
    String readShortLine() throws IOException {
        char[] line = new char[1000];
        int n = 0, c;
        while ((c = in.read()) != -1 && c != '\n') line[n++] = (char) c;
        if (c == -1 && n == 0) return null;
        if (n > 0 && line[n - 1] == '\r') n--;
        return new String(line, 0, n);
    }

    void turn(int p) throws IOException {
        List<Integer> mine = own(p);
        int announced = mine.size();
        if (bugs.contains("misframe") && round > 30 && mine.size() >= 2) {
            // Planted: "a boxed-in cycle has no move left, don't ask for it" --
            // but the reading loop below still reads one line per alive cycle.
            int boxed = 0;
            for (int i : mine) {
                int exits = 0;
                for (int d = 0; d < 4; d++) if (free(headX[i] + DX[d], headY[i] + DY[d])) exits++;
                if (exits == 0) boxed++;
            }
            announced = Math.max(1, mine.size() - boxed);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("###Input ").append(p).append('\n');
        sb.append(players).append(' ').append(p).append(' ').append(cycles).append('\n');
        for (int i = 0; i < players * cycles; i++) {
            if (alive[i]) sb.append(startX[i]).append(' ').append(startY[i]).append(' ')
                    .append(headX[i]).append(' ').append(headY[i]).append('\n');
            else sb.append("-1 -1 -1 -1\n");
        }
        sb.append("###Output ").append(p).append(' ').append(announced).append('\n');
        out.print(sb);
        out.flush();

        String[] answers = new String[mine.size()];
        for (int k = 0; k < answers.length; k++) {
            answers[k] = readAnswer(p);
            if (answers[k] == null) break;  // the runner closed our stdin
            replay.add(round + " " + p + " " + answers[k]);
        }
        int[] dirs = new int[answers.length];
        for (int k = 0; k < answers.length; k++) {
            String a = answers[k];
            if (a == null || a.isEmpty()) {
                System.err.println("###Error " + p + " Timeout");
                putOut(p);
                return;
            }
            dirs[k] = NAMES.indexOf(a.trim().split("\\s+", 2)[0]);
            if (dirs[k] < 0) {
                System.err.println("###Error " + p + " InvalidInput: expected UP, DOWN, LEFT or RIGHT but got '" + a + "'");
                putOut(p);
                return;
            }
        }
        for (int k = 0; k < dirs.length; k++) move(mine.get(k), dirs[k]);
        if (own(p).isEmpty()) putOut(p);
    }

    // Players best first, separated by spaces; tied players written together.
    String play() throws IOException {
        while (round < MAX_ROUNDS && playersLeft() > 1) {
            round++;
            for (int p = 0; p < players && playersLeft() > 1; p++) {
                if (outRound[p] == 0) turn(p);
            }
        }
        long[] key = new long[players];
        for (int p = 0; p < players; p++) {
            if (outRound[p] != 0) {
                key[p] = outRound[p];
            } else {
                int length = 0;
                for (int i : own(p)) length += trails.get(i).size();
                key[p] = 1_000_000L + 10_000L * own(p).size() + length;
            }
        }
        Integer[] order = new Integer[players];
        for (int p = 0; p < players; p++) order[p] = p;
        Arrays.sort(order, (a, b) -> key[a] != key[b] ? Long.compare(key[b], key[a]) : Integer.compare(a, b));
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < players; k++) {
            if (k > 0 && key[order[k]] != key[order[k - 1]]) sb.append(' ');
            sb.append(order[k]);
        }
        return sb.toString();
    }

    void saveReplay(long seed) throws IOException {
        Path dir = Paths.get(System.getProperty("cycles.replays"));  // set on the contest server
        Files.createDirectories(dir);
        Files.write(dir.resolve("cycles-" + seed + ".txt"), replay, StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        int cycles = Integer.getInteger("cycles", 2);
        String bugList = System.getProperty("bugs", "");
        for (int a = 0; a < args.length; a++) {
            if (args[a].equals("--cycles") && a + 1 < args.length) cycles = Integer.parseInt(args[++a]);
            else if (args[a].equals("--bugs") && a + 1 < args.length) bugList = args[++a];
            else {
                System.err.println("usage: java [-Dcycles=C] [-Dbugs=LIST] CyclesRunner [--cycles C] [--bugs LIST]");
                System.exit(2);
            }
        }
        Set<String> bugs = new HashSet<>();
        for (String b : bugList.split(",")) if (!b.isEmpty() && !b.equals("none")) bugs.add(b);
        if (!KNOWN_BUGS.containsAll(bugs) || cycles < 1 || cycles > 10) {
            System.err.println("unknown bug in '" + bugList + "' or cycles not in 1..10");
            System.exit(2);
        }

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line = in.readLine();
        long seed = System.nanoTime();
        if (line != null && line.startsWith("###Seed ")) {
            seed = Long.parseLong(line.substring(8).trim());
            line = in.readLine();
        } else if (line != null && !line.startsWith("###Start")) {
            line = in.readLine();  // not a seed: ignored, and the clock it is
        }
        if (line == null || !line.startsWith("###Start ")) {
            System.err.println("expected ###Start P, got " + line);
            System.exit(1);
        }
        int players = Integer.parseInt(line.substring(9).trim());
        if (players < 2 || players > 4) {
            System.err.println("2 to 4 players, not " + players);
            System.exit(1);
        }
        // Planted nondeterministic: "so that replays of one seed do not all look alike".
        Random rng = new Random(bugs.contains("nondeterministic") ? seed ^ System.nanoTime() : seed);

        CyclesRunner game = new CyclesRunner(players, cycles, bugs, rng, in);
        String ranking = game.play();
        game.out.print("###End " + ranking + "\n");
        game.out.flush();
        game.saveReplay(seed);
    }
}

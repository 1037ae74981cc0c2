// CyclesPort: the cycles game of cycles-java (2 players, 2 cycles each) as a
// community port of a CodinGame referee for cg-brutaltester, written the way
// the Code4Life port is: one Java 17 file, the standard library only, no
// options. It has the habits of such ports, bugs included; see README.md.
//
//  - It reads exactly one line before the game, whatever it says, and takes
//    it for the start line ("###Start 2"): 2 players, always.
//  - Its game is drawn from the clock (new Random()).
//  - A player whose answer is not UP, DOWN, LEFT or RIGHT (its first word), or
//    that sent nothing, is deactivated without a word, as Code4Life's port
//    does: no ###Error, nothing on stderr. The referee never asks it again;
//    its cycles stay on the grid, frozen, and it ranks last. The other player
//    plays on until the game's end.
//  - The game goes on while more than one player has a cycle left, for at
//    most 200 rounds. The bug: the next player to ask is looked for among the
//    players not deactivated with a cycle left, until one is found. When
//    every player has been deactivated (their frozen cycles keep the game
//    going), none is, and it loops forever, busy, saying nothing.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class CyclesPort {
    static final int WIDTH = 30, HEIGHT = 20, CYCLES = 2, MAX_ROUNDS = 200;
    static final List<String> MOVES = List.of("UP", "DOWN", "LEFT", "RIGHT");
    static final int[] DX = {0, 0, -1, 1};
    static final int[] DY = {-1, 1, 0, 0};

    final int[][] grid = new int[HEIGHT][WIDTH];
    final int[][] start = new int[2 * CYCLES][];
    final int[][] head = new int[2 * CYCLES][];
    final List<List<int[]>> trail = new ArrayList<>();
    final int[] outTurn = {-1, -1};  // the round a player's last cycle died
    final boolean[] deactivated = new boolean[2];
    final BufferedReader in;
    final PrintStream out;

    CyclesPort(Random random, BufferedReader in, PrintStream out) {
        this.in = in;
        this.out = out;
        for (int[] row : grid) Arrays.fill(row, -1);
        for (int i = 0; i < 2 * CYCLES; i++) {
            int x, y;
            do {
                x = random.nextInt(WIDTH);
                y = random.nextInt(HEIGHT);
            } while (grid[y][x] >= 0);
            grid[y][x] = i;
            start[i] = new int[] {x, y};
            head[i] = new int[] {x, y};
            trail.add(new ArrayList<>(List.of(new int[] {x, y})));
        }
    }

    List<Integer> own(int p) {
        List<Integer> cycles = new ArrayList<>();
        for (int i = p * CYCLES; i < (p + 1) * CYCLES; i++)
            if (head[i] != null) cycles.add(i);
        return cycles;
    }

    void kill(int i) {
        for (int[] c : trail.get(i)) grid[c[1]][c[0]] = -1;
        trail.get(i).clear();
        head[i] = null;
    }

    void move(int i, int d) {
        int x = head[i][0] + DX[d], y = head[i][1] + DY[d];
        if (x < 0 || x >= WIDTH || y < 0 || y >= HEIGHT || grid[y][x] >= 0) {
            kill(i);
            return;
        }
        grid[y][x] = i;
        head[i] = new int[] {x, y};
        trail.get(i).add(new int[] {x, y});
    }

    int withCycles() {
        int n = 0;
        for (int p = 0; p < 2; p++) if (!own(p).isEmpty()) n++;
        return n;
    }

    // One player's turn: its input, its answers; false when it is out.
    boolean turn(int p) throws IOException {
        StringBuilder s = new StringBuilder("###Input " + p + "\n2 " + p + " " + CYCLES + "\n");
        for (int i = 0; i < 2 * CYCLES; i++) {
            if (head[i] == null) s.append("-1 -1 -1 -1\n");
            else s.append(start[i][0] + " " + start[i][1] + " " + head[i][0] + " " + head[i][1] + "\n");
        }
        List<Integer> mine = own(p);
        s.append("###Output " + p + " " + mine.size() + "\n");
        out.print(s);
        out.flush();
        String[] lines = new String[mine.size()];
        for (int k = 0; k < lines.length; k++) lines[k] = in.readLine();
        int[] moves = new int[lines.length];
        for (int k = 0; k < lines.length; k++) {
            String word = lines[k] == null ? "" : lines[k].trim().split(" ")[0];
            moves[k] = MOVES.indexOf(word);
            if (moves[k] < 0) {  // deactivated, as the Code4Life port does: not a word
                deactivated[p] = true;
                return true;
            }
        }
        for (int k = 0; k < mine.size(); k++) move(mine.get(k), moves[k]);
        return !own(p).isEmpty();
    }

    void play() throws IOException {
        int p = -1, round = 1;
        while (withCycles() > 1) {
            int last = p;
            // The next player to ask. The bug: with every player deactivated,
            // their cycles still on the grid, this never finds one.
            do {
                p = (p + 1) % 2;
            } while (deactivated[p] || own(p).isEmpty());
            if (p <= last && ++round > MAX_ROUNDS) break;
            if (!turn(p)) outTurn[p] = round;
        }
        long[] key = new long[2];
        for (int q = 0; q < 2; q++) {
            if (deactivated[q]) {
                key[q] = -1;
            } else if (outTurn[q] < 0) {
                int cells = 0;
                for (int i : own(q)) cells += trail.get(i).size();
                key[q] = 1_000_000_000L + own(q).size() * 100_000L + cells;
            } else {
                key[q] = outTurn[q];
            }
        }
        if (key[0] == key[1]) out.println("###End 01");
        else out.println(key[0] > key[1] ? "###End 0 1" : "###End 1 0");
        out.flush();
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();  // "###Start 2"
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        new CyclesPort(new Random(), in, out).play();
    }
}

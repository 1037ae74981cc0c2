// JcReferee: a JavaChallenge2015 referee of the bot-launching kind, written the
// way the organiser of a local tournament writes one from the rule text: one
// Java 17 file, the standard library only, its own reading of the rules and its
// own random start. Nothing of arbiter is used; it is a referee for arbiter to
// test.
//
// It starts the four bots from their commands (each split on single spaces, no
// shell), waits up to 1 s for each to print READY, then plays turns T = 0, 1,
// 2, ...: turn T belongs to player T % 4, who is sent its input (id, T, the 6x6
// block timers, the four lines "R C D S", EOD) and has 100 ms to answer one
// line. A bot that is late, exits or closes its stdout is killed, and its
// player does nothing on its remaining turns (it stays on the board). At the
// end it prints "RESULT <winner> <turns>" on stdout (winner -1: a draw) and
// exits 0.
//
// Rules as this referee reads them:
//  - every turn starts with a tick (none before turn 0): a positive block
//    timer counts down and the block falls when it reaches 0 (it then shows
//    -20, and every player standing on it falls); a negative timer counts up
//    and the block is back at 0; the stun counters count down too;
//  - a move goes one square and turns the player to the move's direction; it
//    is cancelled (the player still turns) off the board, into a fallen block
//    or to a square 3 or less from another player on the board;
//  - an attack schedules every stable block in the line the player faces,
//    from the neighbour of its own block to the edge: n blocks away falls 4n
//    turns later; blocks already falling or fallen are left as they are; the
//    attacker cannot act until its second next turn has ended (S = 12 global
//    turns), but it is still sent its input and must still answer;
//  - anything but U R D L A N (after trimming) does nothing;
//  - a fallen player's turns still count and tick, but it is sent nothing;
//  - the game ends when one player (the winner) or none (a draw) is left on
//    the board, or after turn 999 (a draw if more than one is left).
//
// usage: java JcReferee [-s SEED] [-t TURNS] [--bugs LIST] BOT0 BOT1 BOT2 BOT3
//   -s SEED      seeds the start (positions and directions; default: the clock)
//   -t TURNS     the turn limit (default 1000: T = 0 .. 999)
//   --bugs LIST  comma-separated planted bugs (default none):
//     fall-timer-plus-one       an attacked block gets timer 4n + 1
//                               (jc2015.fall.timing)
//     stun-eight-turns          an attacker is stunned 8 turns, not 12
//                               (jc2015.attack.stun)
//     last-fallers-lowest-wins  when the last players fall together, the
//                               lowest id of them wins (jc2015.end.simultaneous)
//     nonzero-block-cancels     a move into any block whose timer is not 0
//                               (scheduled too) is cancelled
//                               (jc2015.move.cancel.fallen)
//     moved-keeps-direction     only a cancelled move turns the player; one
//                               that goes through leaves it facing the way
//                               it faced (jc2015.move.face)
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.concurrent.*;

public class JcReferee {
    static final int PLAYERS = 4;
    static final int SQUARES = 18;     // the board is 18x18 squares ...
    static final int BLOCK = 3;        // ... made of 3x3-square blocks
    static final int BLOCKS = 6;       // 6x6 of them
    static final int RESTORE_TURNS = 20;
    static final int READY_MS = 1000;
    static final int ACTION_MS = 100;
    static final String DIRS = "URDL";
    static final int[] DR = {-1, 0, 1, 0};
    static final int[] DC = {0, 1, 0, -1};
    static final List<String> KNOWN_BUGS = List.of(
            "fall-timer-plus-one", "stun-eight-turns", "last-fallers-lowest-wins", "nonzero-block-cancels",
            "moved-keeps-direction");

    // A bot process and the lines it printed, read by a thread of its own.
    static class Bot {
        static final String EOF = new String("end of output"); // compared by identity
        final int id;
        final String command;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Process process;
        OutputStream stdin;
        boolean alive;

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

        // Raw bytes up to '\n'; a '\r' stays in the line (trim() takes it off).
        private void readLines(InputStream out) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = out.read(buf)) > 0; ) {
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            lines.add(line.toString(StandardCharsets.ISO_8859_1));
                            line.reset();
                        } else if (line.size() < 65536) {
                            line.write(buf[i]);
                        }
                    }
                }
            } catch (IOException e) {
                // the bot is gone
            }
            lines.add(EOF);
        }

        // Waits until `deadline` for a line READY; other lines before it are skipped.
        boolean awaitReady(long deadline) throws InterruptedException {
            while (true) {
                long left = deadline - System.currentTimeMillis();
                String line = left > 0 ? lines.poll(left, TimeUnit.MILLISECONDS) : lines.poll();
                if (line == null || line == EOF) return false;
                if (line.trim().equals("READY")) return true;
            }
        }

        // Sends the input and waits for one answer; null when none came in time.
        String ask(String input, int timeoutMs) throws InterruptedException {
            // A line printed before this input is not an answer to it.
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

    final Set<String> bugs;
    final int turnLimit;
    final Random rng;
    final Bot[] bots = new Bot[PLAYERS];
    final int[][] block = new int[BLOCKS][BLOCKS]; // 0 stable, > 0 falls in that many turns, < 0 fallen
    final int[] row = new int[PLAYERS], col = new int[PLAYERS], dir = new int[PLAYERS];
    final int[] stun = new int[PLAYERS];            // global turns until the player may act
    final boolean[] onBoard = new boolean[PLAYERS];
    final List<Integer> fellLastTick = new ArrayList<>();
    int turn = 0;

    JcReferee(long seed, int turnLimit, Set<String> bugs) {
        this.rng = new Random(seed);
        this.turnLimit = turnLimit;
        this.bugs = bugs;
    }

    static int manhattan(int r1, int c1, int r2, int c2) {
        return Math.abs(r1 - r2) + Math.abs(c1 - c2);
    }

    // Random squares and directions, every two players more than 3 apart.
    void placePlayers() {
        for (int p = 0; p < PLAYERS; p++) {
            boolean tooClose;
            do {
                row[p] = rng.nextInt(SQUARES);
                col[p] = rng.nextInt(SQUARES);
                tooClose = false;
                for (int q = 0; q < p; q++)
                    if (manhattan(row[p], col[p], row[q], col[q]) <= 3) tooClose = true;
            } while (tooClose);
            dir[p] = rng.nextInt(4);
            onBoard[p] = true;
        }
    }

    int playersOnBoard() {
        int n = 0;
        for (boolean b : onBoard) if (b) n++;
        return n;
    }

    String input(int p) {
        StringBuilder sb = new StringBuilder();
        sb.append(p).append('\n').append(turn).append('\n');
        for (int r = 0; r < BLOCKS; r++) {
            for (int c = 0; c < BLOCKS; c++) {
                if (c > 0) sb.append(' ');
                sb.append(block[r][c]);
            }
            sb.append('\n');
        }
        for (int q = 0; q < PLAYERS; q++) {
            if (onBoard[q])
                sb.append(row[q]).append(' ').append(col[q]).append(' ').append(DIRS.charAt(dir[q]))
                  .append(' ').append(stun[q]).append('\n');
            else
                sb.append("-1 -1 ").append(DIRS.charAt(dir[q])).append(" 0\n");
        }
        sb.append("EOD\n");
        return sb.toString();
    }

    void move(int p, int d) {
        int r = row[p] + DR[d], c = col[p] + DC[d];
        if (moveCancelled(p, r, c)) {
            dir[p] = d; // "the move is cancelled and only the direction changes"
            return;
        }
        row[p] = r;
        col[p] = c;
        // after a move the player faces the way it moved (the bug: only the
        // cancelled move above was written to turn the player)
        if (!bugs.contains("moved-keeps-direction")) dir[p] = d;
    }

    // Off the board, into a fallen block, or to 3 or less from another player.
    boolean moveCancelled(int p, int r, int c) {
        if (r < 0 || r >= SQUARES || c < 0 || c >= SQUARES) return true;
        int b = block[r / BLOCK][c / BLOCK];
        if (bugs.contains("nonzero-block-cancels")) {
            // "0: the block is there" -- anything else is not a floor to step on
            if (b != 0) return true;
        } else if (b < 0) {
            return true; // already fallen
        }
        for (int q = 0; q < PLAYERS; q++)
            if (q != p && onBoard[q] && manhattan(r, c, row[q], col[q]) <= 3) return true;
        return false;
    }

    void attack(int p) {
        // cannot act until the end of its second next turn: it acts again on T + 12
        stun[p] = bugs.contains("stun-eight-turns") ? 8 : 3 * PLAYERS;
        int d = dir[p];
        int br = row[p] / BLOCK + DR[d], bc = col[p] / BLOCK + DC[d];
        for (int n = 1; br >= 0 && br < BLOCKS && bc >= 0 && bc < BLOCKS; n++, br += DR[d], bc += DC[d]) {
            if (block[br][bc] != 0) continue; // falling or fallen already: its timer stays
            int timer = 4 * n;
            // the tick at the start of the next turn takes one off: the next
            // player must still be shown 4n
            if (bugs.contains("fall-timer-plus-one")) timer++;
            block[br][bc] = timer;
        }
    }

    // The start of a turn: timers and stuns count down, blocks fall and come back.
    void tick() {
        boolean[][] fell = new boolean[BLOCKS][BLOCKS];
        for (int r = 0; r < BLOCKS; r++)
            for (int c = 0; c < BLOCKS; c++) {
                if (block[r][c] > 0) {
                    block[r][c]--;
                    if (block[r][c] == 0) {
                        block[r][c] = -RESTORE_TURNS;
                        fell[r][c] = true;
                    }
                } else if (block[r][c] < 0) {
                    block[r][c]++;
                }
            }
        for (int p = 0; p < PLAYERS; p++)
            if (stun[p] > 0) stun[p]--;
        fellLastTick.clear();
        for (int p = 0; p < PLAYERS; p++) {
            if (onBoard[p] && fell[row[p] / BLOCK][col[p] / BLOCK]) {
                onBoard[p] = false;
                row[p] = col[p] = -1;
                stun[p] = 0;
                fellLastTick.add(p);
                System.err.println("turn " + turn + ": player " + p + " falls");
            }
        }
    }

    void playTurn(int p) throws InterruptedException {
        Bot bot = bots[p];
        String answer = null;
        if (bot.alive) {
            answer = bot.ask(input(p), ACTION_MS);
            if (answer == null) {
                bot.kill();
                System.err.println("turn " + turn + ": player " + p + " gave no answer within "
                        + ACTION_MS + " ms; its bot is stopped");
            }
        }
        if (answer == null || stun[p] > 0) return; // stopped, or stunned: the answer is ignored
        String a = answer.trim();
        int d = DIRS.indexOf(a);
        if (a.length() == 1 && d >= 0) move(p, d);
        else if (a.equals("A")) attack(p);
        // "N" and anything else: nothing
    }

    // Plays the game; returns the winner, -1 for a draw.
    int play() throws InterruptedException {
        while (true) {
            int p = turn % PLAYERS;
            if (onBoard[p]) playTurn(p);
            turn++;
            if (playersOnBoard() <= 1 || turn >= turnLimit) break;
            tick();
            if (playersOnBoard() <= 1) break;
        }
        for (int p = 0; p < PLAYERS; p++)
            if (onBoard[p]) return playersOnBoard() == 1 ? p : -1;
        // Nobody left: the last players fell together.
        if (bugs.contains("last-fallers-lowest-wins") && !fellLastTick.isEmpty()) {
            // they all survived to the last; the first of them takes it
            return fellLastTick.get(0);
        }
        return -1;
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
        System.err.println("JcReferee: " + message);
        System.err.println("usage: java JcReferee [-s SEED] [-t TURNS] [--bugs "
                + String.join(",", KNOWN_BUGS) + "|none] BOT0 BOT1 BOT2 BOT3");
        System.exit(2);
    }

    public static void main(String[] args) throws InterruptedException {
        long seed = System.nanoTime();
        int turns = 1000;
        Set<String> bugs = new HashSet<>();
        List<String> commands = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.equals("-s") && !arg.equals("-t") && !arg.equals("--bugs")) {
                commands.add(arg);
                continue;
            }
            if (i + 1 == args.length) usage(arg + " needs a value");
            String value = args[++i];
            try {
                if (arg.equals("-s")) seed = Long.parseUnsignedLong(value);
                else if (arg.equals("-t")) turns = Integer.parseInt(value);
                else if (!value.equals("none")) bugs.addAll(Arrays.asList(value.split(",")));
            } catch (NumberFormatException e) {
                usage(arg + ": not a number: " + value);
            }
        }
        if (turns < 1) usage("-t must be at least 1");
        for (String bug : bugs)
            if (!KNOWN_BUGS.contains(bug)) usage("unknown bug '" + bug + "'");
        if (commands.size() != PLAYERS) usage("give four bot commands");

        JcReferee referee = new JcReferee(seed, turns, bugs);
        referee.placePlayers();
        for (int p = 0; p < PLAYERS; p++) referee.bots[p] = new Bot(p, commands.get(p));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Bot bot : referee.bots)
                if (bot != null && bot.process != null) bot.process.destroyForcibly();
        }));
        for (Bot bot : referee.bots) bot.start();
        long readyDeadline = System.currentTimeMillis() + READY_MS;
        for (Bot bot : referee.bots) {
            if (bot.alive && !bot.awaitReady(readyDeadline)) {
                bot.kill();
                System.err.println("player " + bot.id + ": no READY within " + READY_MS + " ms; its bot is stopped");
            }
        }
        int winner = referee.play();
        referee.stopBots();
        System.out.println("RESULT " + winner + " " + referee.turn);
        System.out.flush();
        System.exit(0);
    }
}

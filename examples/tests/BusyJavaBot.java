// A jc2015 bot that is never late alone and may be late on a busy machine:
// for 70 ms of wall-clock time a turn it sorts, hashes and allocates, so
// that the JVM's compiler and collector threads run beside its own, then it
// answers N. Alone, every answer comes within the 100 ms limit; beside busy
// loops its thread waits for a CPU and an answer may come after it. Used by
// examples/tests/under_load.sh (arbiter.timing.load): such an answer must be
// judged on the bot's own thread, not on its runtime's.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class BusyJavaBot {
  private static long work(int turn) {
    final long until = System.nanoTime() + 70_000_000L;
    long acc = turn;
    final List<int[]> keep = new ArrayList<>();
    final Map<Integer, Long> sums = new HashMap<>();
    for (int i = 0; System.nanoTime() < until; ++i) {
      final int[] a = new int[64 + (i % 64)];
      for (int k = 0; k < a.length; ++k) a[k] = k * 31 + i;
      Arrays.sort(a);
      acc += a[a.length / 2];
      sums.merge(i % 997, acc, Long::sum);
      if (keep.size() < 2000) keep.add(a); else keep.set(i % 2000, a);
      acc ^= (Integer.toHexString(i) + acc).hashCode();
    }
    return acc + sums.size();
  }

  public static void main(String[] args) throws IOException {
    final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    System.out.println("READY");
    System.out.flush();
    int turn = 0;
    long sink = 0;
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (!line.trim().equals("EOD")) continue;
      sink += work(turn++);
      System.out.println(sink == 42 ? "U" : "N");
      System.out.flush();
    }
  }
}

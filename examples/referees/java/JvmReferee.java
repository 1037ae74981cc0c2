// A referee on the JVM, for testing that a JVM referee starts and runs under
// fuzz-referee's default options (arbiter.process.limits: the bots' limits are
// not the referee's). It runs the referee command given as its arguments with
// the JVM's own standard streams, so the bots it launches are that command's,
// and exits with its status.
public final class JvmReferee {
  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: java -jar jvm-referee.jar REFEREE [ARGS...]");
      System.exit(2);
    }
    Process referee = new ProcessBuilder(args).inheritIO().start();
    System.exit(referee.waitFor());
  }
}

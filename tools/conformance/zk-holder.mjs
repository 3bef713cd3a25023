// A lock holder in a process of its own, so the test can freeze it with SIGSTOP as a GC pause would.
// It follows the lock recipe's first steps: it opens a session, creates its ephemeral sequential node under
// the lock and prints it. Then, by its fourth argument:
// - "wait": it waits, and does nothing more;
// - "list": it lists the lock's children at once (the recipe's second step);
// - "list-after-pause": it runs code until it notices a gap in time (the test's SIGSTOP, then SIGCONT) and lists
//   the children then, as code frozen between the two calls would. The call is made before the process goes
//   back to its event loop, so it is on its way before the client hears of anything that happened meanwhile.
// It prints, in order, what it is told: the call's result or error, and each change of the session's state.
import zookeeper from 'node-zookeeper-client';

const [port, lockPath, timeoutMs, mode = 'wait'] = process.argv.slice(2);
const client = zookeeper.createClient(`127.0.0.1:${port}`, { sessionTimeout: Number(timeoutMs), retries: 0 });
const print = (line) => console.log(JSON.stringify(line));

// ZooKeeper's own names for the codes (KeeperException.Code), as the Java client and the docs say them.
const CODE_NAMES = { [-4]: 'CONNECTIONLOSS', [-112]: 'SESSIONEXPIRED' };
const nameOf = (error) => CODE_NAMES[error.getCode?.()] ?? String(error);

function listChildren() {
  client.getChildren(lockPath, (error, names) =>
    print(error ? { getChildren: nameOf(error) } : { getChildren: 'OK', children: [...names].sort() }),
  );
}

/**
 * Busy until the clock jumps by more than half a second: the process was stopped and has been resumed. It starts
 * counting from `since`, taken before the node was printed, so a stop that lands before the loop still counts.
 * After 20 s without one it stops anyway, so a test that never sends SIGSTOP cannot leave it spinning.
 */
function runUntilPaused(since) {
  let last = since;
  for (;;) {
    const now = Date.now();
    if (now - last > 500 || now - since > 20_000) return;
    last = now;
  }
}

client.once('connected', () => {
  client.create(`${lockPath}/lock-`, Buffer.alloc(0), zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, (error, path) => {
    if (error) {
      console.error(String(error));
      process.exit(1);
    }
    client.on('disconnected', () => print({ state: 'DISCONNECTED' }));
    client.on('expired', () => print({ state: 'SESSIONEXPIRED' }));
    const since = Date.now();
    print({ path, sessionTimeoutMs: client.getSessionTimeout() });
    if (mode === 'list') listChildren();
    if (mode === 'list-after-pause') {
      runUntilPaused(since);
      listChildren();
    }
  });
});
client.connect();

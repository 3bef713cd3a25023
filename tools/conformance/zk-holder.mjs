// A lock holder in a process of its own, so the test can freeze it with SIGSTOP as a GC pause would:
// it opens a session, creates its ephemeral sequential node under the lock, prints the node, and waits.
import zookeeper from 'node-zookeeper-client';

const [port, lockPath, timeoutMs] = process.argv.slice(2);
const client = zookeeper.createClient(`127.0.0.1:${port}`, { sessionTimeout: Number(timeoutMs), retries: 0 });
client.once('connected', () => {
  client.create(`${lockPath}/lock-`, Buffer.alloc(0), zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, (error, path) => {
    if (error) {
      console.error(String(error));
      process.exit(1);
    }
    console.log(JSON.stringify({ path, sessionTimeoutMs: client.getSessionTimeout() }));
  });
});
client.connect();

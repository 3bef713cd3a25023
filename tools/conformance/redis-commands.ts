import type { RedisClientType } from 'redis';

/** The lesson's release (content/lesson/03-the-simple-lock.md): delete the key only if it still holds our value. */
export const RELEASE_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
else
  return 0
end`;

/**
 * A real stand-in for the walkthrough's generic lock service on one Redis: `SET key value NX PX ttl`, and on
 * success the next fencing token from an `INCR` counter, in one script so no other client can come between
 * the two. Only a stand-in: `SET NX PX` itself hands out no token, and a single Redis's counter can repeat a
 * token after a failover to a replica that missed the last increments.
 */
export const ACQUIRE_SCRIPT = `if redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
  return redis.call("INCR", KEYS[2])
end
return false`;

export type Redis = RedisClientType;

/** The token counter sits next to the lock key; it starts one below the first token. */
export const tokenKey = (lockKey: string) => `${lockKey}:fencing-token`;

/** Returns the fencing token, or null when another holder has the key. */
export async function acquire(redis: Redis, lockKey: string, value: string, ttlMs: number): Promise<number | null> {
  const reply = await redis.eval(ACQUIRE_SCRIPT, {
    keys: [lockKey, tokenKey(lockKey)],
    arguments: [value, String(ttlMs)],
  });
  return reply === null ? null : Number(reply);
}

/** 1 when the key held our value and is gone, 0 otherwise. */
export async function release(redis: Redis, lockKey: string, value: string): Promise<number> {
  return Number(await redis.eval(RELEASE_SCRIPT, { keys: [lockKey], arguments: [value] }));
}

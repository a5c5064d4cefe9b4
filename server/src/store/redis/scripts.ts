/**
 * Lua scripts, each touching only the keys of one mailbox (one hash tag), so each runs
 * atomically on one shard. KEYS are always all five, in this order: mailbox, messages, raws,
 * order, tombstone (`Keys.of` in keys.ts).
 * Relative TTLs (ms) are computed by the caller from its own clock, like every time in the store.
 */

/** ARGV: tokenHash, createdAt, expiresAt, ttlMs, tombUntil, tombTtlMs → 1 created, 0 refused. */
export const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('GET', KEYS[5])
if t and tonumber(t) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'th', ARGV[1], 'c', ARGV[2], 'e', ARGV[3],
  'seq', 0, 'n', 0, 'b', 0, 'v', 0)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('SET', KEYS[5], ARGV[5], 'PX', ARGV[6])
return 1
`;

/**
 * ARGV: expiresAt, now, ttlMs, tombUntil, tombTtlMs
 * → {createdAt, expiresAt, tokenHash, messageCount, sizeBytes} or nil.
 */
export const SET_EXPIRY = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e or tonumber(e) <= tonumber(ARGV[2]) then return nil end
redis.call('HSET', KEYS[1], 'e', ARGV[1])
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
redis.call('SET', KEYS[5], ARGV[4], 'PX', ARGV[5])
return redis.call('HMGET', KEYS[1], 'c', 'e', 'th', 'n', 'b')
`;

/**
 * ARGV: tombUntil, tombTtlMs, now, onlyIfExpired ('1'/'0') → {status, tokenHash|false}:
 * status 1 deleted, 0 there was nothing, -1 kept because it is live (onlyIfExpired).
 */
export const DELETE = `
local th = redis.call('HGET', KEYS[1], 'th')
local e = redis.call('HGET', KEYS[1], 'e')
if ARGV[4] == '1' and e and tonumber(e) > tonumber(ARGV[3]) then return {-1, false} end
local existed = redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
redis.call('SET', KEYS[5], ARGV[1], 'PX', ARGV[2])
if existed > 0 then return {1, th} end
return {0, false}
`;

/**
 * ARGV: now, id, summaryJson, raw, size, maxMessages, maxBytes
 * → 1 stored, 0 mailbox dead or unknown, 2 refused: over quota.
 */
export const PUT = `
local box = redis.call('HMGET', KEYS[1], 'e', 'n', 'b', 'seq', 'v')
if not box[1] or tonumber(box[1]) <= tonumber(ARGV[1]) then return 0 end
local n, size = tonumber(box[2]), tonumber(ARGV[5])
local b = tonumber(box[3]) + size
if n + 1 > tonumber(ARGV[6]) or b > tonumber(ARGV[7]) then return 2 end
local seq = tonumber(box[4]) + 1
redis.call('HSET', KEYS[1], 'n', n + 1, 'b', b, 'seq', seq, 'v', tonumber(box[5]) + 1)
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[4])
redis.call('ZADD', KEYS[4], seq, ARGV[2])
-- The list's keys exist exactly while it holds a message (an empty hash or set is no key):
-- the first message creates them, and they take the mailbox's time to live then.
if n == 0 then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then for i = 2, 4 do redis.call('PEXPIRE', KEYS[i], ttl) end end
end
return 1
`;

/**
 * → the list's version (the mailbox's `v`, false when there is no mailbox), then the summary
 * JSON strings, newest first. Reads in chunks: Lua's unpack has a limit.
 */
export const LIST = `
local ids = redis.call('ZREVRANGE', KEYS[4], 0, -1)
local out = { redis.call('HGET', KEYS[1], 'v') }
for i = 1, #ids, 500 do
  local chunk = {}
  for j = i, math.min(i + 499, #ids) do chunk[#chunk + 1] = ids[j] end
  local values = redis.call('HMGET', KEYS[2], unpack(chunk))
  for _, v in ipairs(values) do if v then out[#out + 1] = v end end
end
return out
`;

/** ARGV: id → 1 deleted, 0 not there. */
export const DELETE_MESSAGE = `
local summary = redis.call('HGET', KEYS[2], ARGV[1])
if not summary then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'n', -1)
redis.call('HINCRBY', KEYS[1], 'b', -cjson.decode(summary).size)
redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
return 1
`;

/** → how many messages were deleted. */
export const DELETE_ALL_MESSAGES = `
local n = redis.call('HLEN', KEYS[2])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'n', 0, 'b', 0)
  redis.call('HINCRBY', KEYS[1], 'v', 1)
end
return n
`;

/** KEYS: lock; ARGV: owner, ttlMs → 1 if this owner holds the lock now. */
export const ACQUIRE_LOCK = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
`;

/** KEYS: lock; ARGV: owner → 1 if released. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

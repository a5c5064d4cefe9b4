/**
 * Lua scripts, each touching only the keys of one mailbox (one hash tag), so each runs
 * atomically on one shard. KEYS are always all five, in this order: mailbox, messages, raws,
 * order, tombstone (`Keys.of` in keys.ts); PUT takes them for each message it stores.
 * Relative TTLs (ms) are computed by the caller from its own clock, like every time in the store.
 */

/**
 * ARGV: tokenHash, createdAt, expiresAt, ttlMs, tombUntil, tombTtlMs, creator ('' for none)
 * → 1 created, 0 refused.
 */
export const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('GET', KEYS[5])
if t and tonumber(t) > tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'th', ARGV[1], 'c', ARGV[2], 'e', ARGV[3],
  'seq', 0, 'n', 0, 'b', 0, 'v', 0)
if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'cr', ARGV[7]) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('SET', KEYS[5], ARGV[5], 'PX', ARGV[6])
return 1
`;

/**
 * ARGV: expiresAt, now, ttlMs, tombUntil, tombTtlMs
 * → {createdAt, expiresAt, tokenHash, messageCount, sizeBytes, creator} or nil.
 */
export const SET_EXPIRY = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e or tonumber(e) <= tonumber(ARGV[2]) then return nil end
redis.call('HSET', KEYS[1], 'e', ARGV[1])
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
redis.call('SET', KEYS[5], ARGV[4], 'PX', ARGV[5])
return redis.call('HMGET', KEYS[1], 'c', 'e', 'th', 'n', 'b', 'cr')
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
 * Stores a batch of messages, each in its mailbox's keys and in order, as if each were a script
 * of its own: ARGV thirteen per message (now, id, summaryJson, raw, size, maxMessages,
 * maxBytes, channel, announcement: published on the channel once the message is stored, unless
 * ''; sender, senderMaxMessages, senderMaxBytes: the sender's share of the mailbox, unless
 * sender is ''; reading: kept in the raws hash as `r:<id>`, unless ''),
 * KEYS five per message (the order above), or only five when every message of the batch is for
 * one mailbox (on a Cluster, where a script's keys share a slot). One command for many messages
 * is one AOF write and fsync, one reply and one script call instead of one per message (group
 * commit, as the SQLite writer does), and the messages of one mailbox that follow each other in
 * the batch share one read and one write of each of its keys.
 * A raw given as '' was written by an HSET just before the script, in the same MULTI, with its
 * reading: a large message is, so that its bytes never pass through Lua, which copies them
 * twice; the script takes back those of the messages it refuses.
 * A message with a sender is kept in the mailbox hash's `sk:<id>` (its sender), and counted in
 * `sn:<sender>` and `sb:<sender>` (that sender's messages and bytes there), which
 * DELETE_MESSAGE and DELETE_ALL_MESSAGES move back: fields, not keys, so every script keeps
 * its keys.
 * → per message: 1 stored, 0 mailbox dead or unknown, 2 refused: over quota or share.
 */
export const PUT = `
local out, count, i = {}, #ARGV / 13, 0
local stride = #KEYS == 5 and 0 or 5
local announce = {}
while i < count do
  local k = i * stride
  local mailbox = KEYS[k + 1]
  local box = redis.call('HMGET', mailbox, 'e', 'n', 'b', 'seq', 'v')
  local e = tonumber(box[1])
  local n, b, seq, v = tonumber(box[2]), tonumber(box[3]), tonumber(box[4]), tonumber(box[5])
  local empty = n == 0
  local summaries, raws, order, refused = {}, {}, {}, {}
  repeat
    local a = i * 13
    local id, raw, size, sender = ARGV[a + 2], ARGV[a + 4], tonumber(ARGV[a + 5]), ARGV[a + 10]
    local reading = ARGV[a + 13]
    local held = { 0, 0 }
    if sender ~= '' then
      held = redis.call('HMGET', mailbox, 'sn:' .. sender, 'sb:' .. sender)
      held = { tonumber(held[1] or 0), tonumber(held[2] or 0) }
    end
    if not e or e <= tonumber(ARGV[a + 1]) then
      out[i + 1] = 0
      if raw == '' then refused[#refused + 1] = id end
    elseif n + 1 > tonumber(ARGV[a + 6]) or b + size > tonumber(ARGV[a + 7])
      or (sender ~= '' and (held[1] + 1 > tonumber(ARGV[a + 11])
        or held[2] + size > tonumber(ARGV[a + 12]))) then
      out[i + 1] = 2
      if raw == '' then refused[#refused + 1] = id end
    else
      n, b, seq, v = n + 1, b + size, seq + 1, v + 1
      if sender ~= '' then
        redis.call('HSET', mailbox, 'sk:' .. id, sender,
          'sn:' .. sender, held[1] + 1, 'sb:' .. sender, held[2] + size)
      end
      summaries[#summaries + 1] = id
      summaries[#summaries + 1] = ARGV[a + 3]
      if raw ~= '' then
        raws[#raws + 1] = id
        raws[#raws + 1] = raw
      end
      if reading ~= '' then
        raws[#raws + 1] = 'r:' .. id
        raws[#raws + 1] = reading
      end
      order[#order + 1] = seq
      order[#order + 1] = id
      if ARGV[a + 9] ~= '' then announce[#announce + 1] = a end
      out[i + 1] = 1
    end
    i = i + 1
  until i >= count or KEYS[i * stride + 1] ~= mailbox
  if #refused > 0 then
    -- A reading written beside its raw bytes goes with them.
    for j = 1, #refused do refused[#refused + 1] = 'r:' .. refused[j] end
    redis.call('HDEL', KEYS[k + 3], unpack(refused))
  end
  if #order > 0 then
    redis.call('HSET', mailbox, 'n', n, 'b', b, 'seq', seq, 'v', v)
    redis.call('HSET', KEYS[k + 2], unpack(summaries))
    if #raws > 0 then redis.call('HSET', KEYS[k + 3], unpack(raws)) end
    redis.call('ZADD', KEYS[k + 4], unpack(order))
    -- The list's keys exist exactly while it holds a message (an empty hash or set is no
    -- key): the first message creates them, and they take the mailbox's time to live then.
    if empty then
      local ttl = redis.call('PTTL', mailbox)
      if ttl > 0 then for j = 2, 4 do redis.call('PEXPIRE', KEYS[k + j], ttl) end end
    end
  end
end
-- Redis sends what a script publishes after the AOF write (and fsync) of its writes, so no
-- listener hears of a message before it is stored.
for _, a in ipairs(announce) do redis.call('PUBLISH', ARGV[a + 8], ARGV[a + 9]) end
return out
`;

/**
 * KEYS: mailbox hashes (of any mailboxes: only ever run on one server) → for each, its fields
 * th, c, e, n, b, v, cr, each false where missing. Many reads in one command (redis-store.ts).
 */
export const READ_MAILBOXES = `
local out = {}
for i, key in ipairs(KEYS) do
  out[i] = redis.call('HMGET', key, 'th', 'c', 'e', 'n', 'b', 'v', 'cr')
end
return out
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

/**
 * ARGV: now, refusalJson, max → 1 recorded, 0 no live mailbox. The refusals are the mailbox
 * hash's field `rf`: their JSON, one per line, newest first, the newest `max` kept. A field and
 * not a key of its own, so it goes with the mailbox and no script's keys change.
 */
export const ADD_REFUSAL = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e or tonumber(e) <= tonumber(ARGV[1]) then return 0 end
local all = ARGV[2]
local old = redis.call('HGET', KEYS[1], 'rf')
if old then all = all .. '\\n' .. old end
local at = 0
for _ = 1, tonumber(ARGV[3]) do
  at = string.find(all, '\\n', at + 1, true)
  if not at then break end
end
if at then all = string.sub(all, 1, at - 1) end
redis.call('HSET', KEYS[1], 'rf', all)
return 1
`;

/**
 * ARGV: after → the place of the newest message (0 with none), then for each message placed
 * after `after`, oldest first, its place and its summary JSON. The places are the order set's
 * scores: the mailbox's `seq` as PUT gave it, which nothing lowers while the mailbox lives.
 * Reads in chunks: Lua's unpack has a limit.
 */
export const AFTER = `
local newest = redis.call('ZRANGE', KEYS[4], -1, -1, 'WITHSCORES')
local out = { newest[2] or '0' }
local placed = redis.call('ZRANGEBYSCORE', KEYS[4], '(' .. ARGV[1], '+inf', 'WITHSCORES')
for i = 1, #placed, 1000 do
  local ids = {}
  for j = i, math.min(i + 999, #placed), 2 do ids[#ids + 1] = placed[j] end
  local values = redis.call('HMGET', KEYS[2], unpack(ids))
  for j, v in ipairs(values) do
    if v then
      out[#out + 1] = placed[i + 2 * j - 1]
      out[#out + 1] = v
    end
  end
end
return out
`;

/**
 * ARGV: id → 1 deleted (its raw bytes and reading with it), 0 not there. A sender's share (PUT)
 * gets the message's room back.
 */
export const DELETE_MESSAGE = `
local summary = redis.call('HGET', KEYS[2], ARGV[1])
if not summary then return 0 end
local size = cjson.decode(summary).size
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'n', -1)
redis.call('HINCRBY', KEYS[1], 'b', -size)
local sender = redis.call('HGET', KEYS[1], 'sk:' .. ARGV[1])
if sender then
  redis.call('HDEL', KEYS[1], 'sk:' .. ARGV[1])
  if redis.call('HINCRBY', KEYS[1], 'sn:' .. sender, -1) <= 0 then
    redis.call('HDEL', KEYS[1], 'sn:' .. sender, 'sb:' .. sender)
  else
    redis.call('HINCRBY', KEYS[1], 'sb:' .. sender, -size)
  end
end
redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('HDEL', KEYS[3], ARGV[1], 'r:' .. ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
return 1
`;

/**
 * ARGV: id, start, end → the bytes start to end (exclusive) of the message's raw bytes, false
 * when it is not there: an attachment's body crosses the network without the rest of a large
 * message.
 */
export const RAW_RANGE = `
local raw = redis.call('HGET', KEYS[3], ARGV[1])
if not raw then return false end
return string.sub(raw, tonumber(ARGV[2]) + 1, tonumber(ARGV[3]))
`;

/**
 * ARGV: id → the attachment list of the message's reading (what precedes its first line break:
 * `encodeReading` in redis-store.ts), false when it has none; its view stays in Redis.
 */
export const READING_ATTACHMENTS = `
local kept = redis.call('HGET', KEYS[3], 'r:' .. ARGV[1])
if not kept then return false end
return string.sub(kept, 1, string.find(kept, '\\n', 1, true) - 1)
`;

/**
 * ARGV: id, reading → 1 kept as the message's reading (`r:<id>` in the raws hash), 0 when the
 * message is not there: a reading never outlives its message.
 */
export const PUT_READING = `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[3], 'r:' .. ARGV[1], ARGV[2])
return 1
`;

/** → how many messages were deleted. The senders' shares (PUT) go with them. */
export const DELETE_ALL_MESSAGES = `
local n = redis.call('HLEN', KEYS[2])
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'n', 0, 'b', 0)
  redis.call('HINCRBY', KEYS[1], 'v', 1)
  local shares = {}
  for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.find(field, '^s[knb]:') then shares[#shares + 1] = field end
  end
  for j = 1, #shares, 500 do
    redis.call('HDEL', KEYS[1], unpack(shares, j, math.min(j + 499, #shares)))
  end
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

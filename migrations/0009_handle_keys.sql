-- Handle keys now drop what cannot be seen (src/data/handle-key.ts: Default_Ignorable_Code_Point),
-- so `serp<U+200B>.nerd.nina` is `serp.nerd.nina`. The importer used to accept such
-- characters in handles, so keys stored before may hold them: recompute those keys here by removing
-- the same code points character by character (the keys are already NFKC-normalised and lower-cased).
-- A key that would collide with another creator's is left as it was (OR IGNORE): that row was the
-- look-alike, and its old key can no longer be asked for.
WITH RECURSIVE walk (creator_id, rest, key) AS (
  SELECT creator_id, handle_key, '' FROM creators WHERE handle_key GLOB '*[^ -~]*'
  UNION ALL
  SELECT creator_id, substr(rest, 2), key || CASE
    WHEN unicode(rest) IN (0xAD, 0x34F, 0x61C, 0x3164, 0xFEFF, 0xFFA0)
      OR unicode(rest) BETWEEN 0x115F AND 0x1160 OR unicode(rest) BETWEEN 0x17B4 AND 0x17B5
      OR unicode(rest) BETWEEN 0x180B AND 0x180F OR unicode(rest) BETWEEN 0x200B AND 0x200F
      OR unicode(rest) BETWEEN 0x202A AND 0x202E OR unicode(rest) BETWEEN 0x2060 AND 0x206F
      OR unicode(rest) BETWEEN 0xFE00 AND 0xFE0F OR unicode(rest) BETWEEN 0xFFF0 AND 0xFFF8
      OR unicode(rest) BETWEEN 0x1BCA0 AND 0x1BCA3 OR unicode(rest) BETWEEN 0x1D173 AND 0x1D17A
      OR unicode(rest) BETWEEN 0xE0000 AND 0xE0FFF
    THEN '' ELSE substr(rest, 1, 1) END
  FROM walk WHERE rest <> ''
),
recomputed (creator_id, key) AS (
  SELECT w.creator_id, w.key FROM walk w JOIN creators c ON c.creator_id = w.creator_id
  WHERE w.rest = '' AND w.key <> '' AND w.key <> c.handle_key
)
UPDATE OR IGNORE creators
SET handle_key = (SELECT r.key FROM recomputed r WHERE r.creator_id = creators.creator_id)
WHERE creator_id IN (SELECT creator_id FROM recomputed);

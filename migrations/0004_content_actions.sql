-- Audit trail of content-policy operations (unpublish, remove, restore, corrections) run by operators
-- through scripts/content.ts. Never read by the MCP route.
CREATE TABLE content_actions (
  action_id  INTEGER PRIMARY KEY AUTOINCREMENT,
  action     TEXT NOT NULL CHECK (action IN ('unpublish', 'remove', 'restore', 'correct_passage', 'correct_card')),
  target_id  TEXT NOT NULL,
  reason     TEXT NOT NULL,
  acted_at   TEXT NOT NULL
);

import type { PublicDb } from "./public-db";

/**
 * The public tables' change counter (migration 0010: every insert, update or delete of a public row
 * moves it). One primary-key read; cached pages are keyed by it.
 */
export const CONTENT_VERSION_SQL = "SELECT version FROM content_version WHERE id = 1";

export async function readContentVersion(db: PublicDb): Promise<number> {
	const row = await db.prepare(CONTENT_VERSION_SQL).first<{ version: number }>();
	if (row === null) throw new Error("content_version has no row");
	return row.version;
}

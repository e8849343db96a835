/**
 * The resources/list cursor: opaque to clients (base64url), and validated strictly when it comes
 * back. It only says where a keyset page starts (after a topic id or a public source id). A forged
 * one of the right form is answered like any other: the page after that point among public rows
 * (src/data/resource-pages.ts), the same for every id between two public ones, so forging cursors
 * finds and counts nothing hidden. Anything that is not of the form this server issues is refused.
 */
export type ListPosition = { phase: "topics"; after: string } | { phase: "sources"; after: string };

const MAX_CURSOR_CHARS = 120;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TOPIC_AFTER = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
const SOURCE_AFTER = /^(?:src_[a-z0-9]{1,40})?$/;
const VERSION = "v1";

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export function encodeCursor(position: ListPosition): string {
	return toBase64Url(`${VERSION}|${position.phase === "topics" ? "t" : "s"}|${position.after}`);
}

/** The position a cursor names, or null when it is not one this server issues. */
export function decodeCursor(cursor: unknown): ListPosition | null {
	if (typeof cursor !== "string" || cursor.length === 0 || cursor.length > MAX_CURSOR_CHARS) return null;
	if (!BASE64URL.test(cursor) || cursor.length % 4 === 1) return null;
	let text: string;
	try {
		text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
	} catch {
		return null;
	}
	const [version, phase, after, ...rest] = text.split("|");
	if (version !== VERSION || after === undefined || rest.length > 0) return null;
	let position: ListPosition;
	if (phase === "t" && TOPIC_AFTER.test(after)) position = { phase: "topics", after };
	else if (phase === "s" && SOURCE_AFTER.test(after)) position = { phase: "sources", after };
	else return null;
	// Only the exact text this server would have issued (no padding or alternative encodings).
	return encodeCursor(position) === cursor ? position : null;
}

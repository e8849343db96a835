/**
 * The limits of the transport, the budget and the protocol, and the bounds INSTRUCTIONS promises
 * agents (a search page, a source's passages and cards); the code, the manifest, the guide and
 * INSTRUCTIONS read them from here, and test/workers/docs/stated-facts.test.ts holds README and docs/ to
 * them. A tool's other bounds sit beside its schema.
 */

/** Largest accepted MCP request body, counted on the bytes actually read. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * JSON-RPC messages per window per edge identity on POST /api/mcp. Every message counts, however
 * the messages are packed (a 2025-03-26 batch of n costs n); must equal the MCP_RATE_LIMIT binding
 * in wrangler.toml.
 */
export const RATE_LIMIT = { requests: 60, periodSeconds: 60 } as const;

/**
 * Source pages and the guide: their own, larger budget per identity (a person reading, a link
 * checker), so that browsing never spends an agent's MCP budget and a page crawler cannot spend the
 * database's time without bound. Must equal the PAGE_RATE_LIMIT binding in wrangler.toml.
 */
export const PAGE_RATE_LIMIT = { requests: 300, periodSeconds: 60 } as const;

/**
 * What a message that keeps the database busy costs beyond itself. The D1-time target of a search
 * is 100 ms at 100,000 sources; a few shapes (phrases of common words, deep pages of many common
 * words) cost more, since FTS5 weighs each phrase over the whole index. A message is charged one
 * more unit for every `msPerUnit` of D1 time past `freeMs`, so that no unit buys more than `freeMs`
 * of the database: whatever an identity sends, what it is admitted to run in one window is bounded
 * by RATE_LIMIT.requests × freeMs. The charge is made before the work, from the time the message is
 * predicted to cost (Tool.cost), and settled once D1 has reported the request's time: time past the
 * prediction (past `freeMs` for a request predicted within it) is charged then, at most `maxUnits`
 * more per message, in the window the request was admitted in. Measured on D1's own clock (each
 * result's meta.duration).
 */
export const COSTLY_REQUEST = { freeMs: 100, msPerUnit: 25, maxUnits: 10 } as const;

/** The units a message predicted to cost `predictedMs` of D1 time is charged at admission: 1, and 1 more per msPerUnit past freeMs. */
export function admissionUnits(predictedMs: number): number {
	const { freeMs, msPerUnit } = COSTLY_REQUEST;
	return 1 + Math.max(0, Math.ceil((predictedMs - freeMs) / msPerUnit));
}

/**
 * The D1 time a bounded read is predicted to take at most: keyed rows, a resource page, a completion's
 * bounded scan (the cost bench's shapes other than searches, at 100,000 sources, stay within it). The
 * database gate (DATABASE_GATE) never holds one.
 */
export const BOUNDED_READ_MS = 5;

/**
 * The units charged once a request has been answered: its D1 time past what its messages were
 * allowed, at most maxUnits per message. A message whose tool predicted its cost (a search, `gated`)
 * is allowed its prediction, and at least freeMs; a bounded read its prediction, and one predicted to
 * read nothing (a ping, a list) nothing, so a batch's cheap elements buy nothing for its costly ones;
 * a request is allowed freeMs at least, as it always was.
 */
export function settlementUnits(d1Ms: number, predicted: readonly { ms: number; gated: boolean }[]): number {
	const { freeMs, msPerUnit, maxUnits } = COSTLY_REQUEST;
	const allowed = Math.max(
		freeMs,
		predicted.reduce((sum, { ms, gated }) => sum + (gated ? Math.max(ms, freeMs) : ms), 0),
	);
	const over = d1Ms - allowed;
	return over <= 0 ? 0 : Math.min(maxUnits * Math.max(1, predicted.length), Math.ceil(over / msPerUnit));
}

/**
 * The database gate (src/ratelimit/fair-share.ts): what every client together may spend of the
 * database's time, by D1's own clock. Work that reads nothing or a bounded read never waits on it;
 * what a tool predicts (a search) runs in two lanes, light (an ordinary search, predicted at most
 * `lightMs`) and heavy (at most `places` at once), each refilled at its share of every second up to
 * its burst. Light statements are short, so what waits behind them waits little; heavy ones are
 * long, so their lane is narrow: a call arriving at a random moment meets a heavy statement about
 * as often as the heavy lane's share, so that share is kept small
 * (docs/decisions/2026-12-04-what-runs-at-once.md). With the bursts and one request larger than a
 * burst, gated work is at most `maxShareOfMinute` of any minute (what the crowd bench holds it to).
 *
 * The lanes bound each second; `inFlightMs` bounds each instant: the gated work admitted and not yet
 * settled is at most one light request at its largest (or several smaller), or one request alone,
 * so a lookup finds no more than that queued ahead of it at the database. A request never settled
 * (its Worker stopped) stops counting after `unsettledMs`: about three times the prediction of the
 * costliest request one window can pay for (RATE_LIMIT.requests units, admissionUnits).
 *
 * Under contention each client's share of a lane is its weight's part of the lane's rate, less
 * `headroom`, over its usage's mean life (usage halves every `halfLifeSeconds`). One within its
 * share (what it has used and has waiting, the request aside, below it: one that has used nothing
 * may take its turn whatever the request) is never refused for it: it borrows a little of the
 * light lane, or waits in line, least used first; since the shares leave `headroom` unclaimed, the
 * line drains within the mean life times (1 - headroom), which `queueMs` covers and which stays
 * under the official SDKs' 60-second request timeout. One over its share is refused, told when its
 * usage will have decayed enough.
 */
export const DATABASE_GATE = {
	lightMs: 30,
	light: { share: 0.3, burstMs: 150 },
	heavy: { share: 0.1, burstMs: 300, places: 1 },
	inFlightMs: 30,
	unsettledMs: 5_000,
	halfLifeSeconds: 30,
	headroom: 0.3,
	queueMs: 30_000,
	maxRetrySeconds: 60,
	maxShareOfMinute: 0.45,
} as const;

/** Retry-After of the 503 a request gets when no rate limiter can answer: a limiter's brief outage. */
export const LIMITER_RETRY_SECONDS = 10;

/** Most messages one 2025-03-26 batch may hold; a longer batch is refused whole and runs nothing. */
export const MAX_BATCH_MESSAGES = 20;

/**
 * Largest answer to one JSON-RPC request (the tools' own bounds keep every answer far below it:
 * test/workers/ratelimit/batch-metering.test.ts measures the largest). A batch element whose answer would be
 * larger is replaced by an error, so a whole batch answer never exceeds MAX_BATCH_ANSWER_BYTES.
 */
export const MAX_ANSWER_BYTES = 48 * 1024;

/** Bound of a whole batch answer: MAX_BATCH_MESSAGES answers of at most MAX_ANSWER_BYTES each. */
export const MAX_BATCH_ANSWER_BYTES = MAX_BATCH_MESSAGES * MAX_ANSWER_BYTES;

/**
 * An oversize body is read on (and thrown away) up to this many bytes before the 413 goes out, so a
 * client still uploading is not cut off mid-request (wrangler's local proxy then breaks the next
 * request); past it the body is cancelled. On Cloudflare this costs the isolate only the time to
 * receive it: no parsing, no database, no budget.
 */
export const MAX_DRAIN_BYTES = 1024 * 1024;

/** Largest text of one resources/read (its Markdown rendering); longer lists are cut and say so. */
export const MAX_READ_BYTES = 8 * 1024;

/** Most entries of one resources/list page (hidden rows are never counted); the sources start on a page of their own. */
export const RESOURCE_PAGE_SIZE = 50;

/** Values one completion/complete returns. */
export const COMPLETION_MAX_VALUES = 20;

/**
 * Longest piece of a caller's own text (a name, an id, an argument) that an error or a not-found page
 * echoes, in characters; a longer one is cut and ends with "…" (src/text/one-line.ts, echoed).
 */
export const MAX_ECHO_CHARS = 100;

/** search_sources: the most sources one page returns, and the deepest page it pages to. */
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_OFFSET_MAX = 1000;

/** get_source (and its resource and page): the most passages and applied evidence cards one source shows. */
export const MAX_PASSAGES = 8;
export const MAX_CARDS = 3;

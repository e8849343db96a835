/**
 * A per-isolate copy of the small projections almost every session reads: every topic with its
 * signal gate, the manifest's counts and freshness, the topic list. On Cloudflare every D1 read is a
 * network hop to the database (or a replica); these rows change only when a projection refresh runs,
 * so an isolate loads them in one batch and answers from its copy for at most
 * PROJECTION_COPY_MAX_AGE_MS, then the next request that needs them loads them again.
 *
 * What this may and may not do:
 * - Every answer still carries the `computed_at` of the projection row it was built from, so a copy
 *   never claims more freshness than it has; a refresh shows in every isolate within the bound (in
 *   the isolate that ran it, at once: refreshProjections forgets the copy).
 * - An answer is never built from a copy as old as the bound: age is checked on every use.
 * - Nothing else is kept: no per-caller data, nothing written, not the rate limiter's state.
 *   Creators and sources stay direct reads (large, long-tail); only the public handles a typo is
 *   compared with are kept, by src/data/creators.ts, for the content version they were read at.
 * - Search's fixed inputs ride along: the lexicon (an operator's edit shows within the bound), the
 *   words that crowd the index as the last refresh counted them (search_term_projection: the sources
 *   holding each, whether most do, whether it has a merit pool) and the pool size (search_settings).
 * - A topic the copy does not hold (a typo, or one added since it was loaded) is read directly, so
 *   a new topic still answers `not_yet_projected`; when the copy cannot be loaded the tools read
 *   directly, exactly as without it.
 * - Concurrent requests do not share a load in flight (a promise from another request's I/O must
 *   not be awaited): at the turn of the bound, each request that finds the copy stale loads its own.
 */

import type { Lexicon } from "../search/query/lexicon-entry";
import { LEXICON_ALL_SQL, type LexiconRow, lexiconMap } from "../search/vocabulary/lexicon";
import { SEARCH_TUNING } from "../search/vocabulary/tuning";
import {
	manifestFrom,
	manifestStatements,
	type ProjectedManifest,
	TOPIC_SIGNALS_SQL,
	type TopicSignalRow,
	type TopicSignalView,
	topicSignalView,
} from "./projected-counts";
import type { PublicDb } from "./public-db";
import type { TopicListRow } from "./topic-list";

/** How long an isolate answers from its copy: half a minute, well inside the 15-minute refresh. */
export const PROJECTION_COPY_MAX_AGE_MS = 30_000;

/** A taxonomy past this many topics is no longer "small": the tools then read directly. */
const MAX_COPIED_TOPICS = 2000;
/** Nor is a lexicon past this many rows; of the crowded words, only this many of the most common are kept. */
const MAX_COPIED_SEARCH_ROWS = 10_000;

export interface ProjectionCopy {
	/** When the load started (ms): the copy is at least this fresh. */
	loadedAt: number;
	signals: ReadonlyMap<string, TopicSignalView>;
	/** Every topic id with its label, ordered by id (the manifest's list). */
	topics: readonly TopicListRow[];
	manifest: ProjectedManifest;
	/** The search lexicon: term key -> its alternatives in the lexicon's order, or its English form. */
	lexicon: Lexicon;
	/** Stemmed words in more public sources than a crowded pool holds, or in most of them, at the last refresh. */
	crowdedWords: ReadonlyMap<string, CrowdedWord>;
	/** How many sources a merit pool holds (search_settings): what a search's count is compared with. */
	pool: number;
}

interface CrowdedWord {
	/** Public sources holding it. */
	docs: number;
	/** Held by more than half of them: BM25 gives it no weight. */
	most: boolean;
	/** It has a merit pool (a refresh computed one, and FTS5 reads its token as written). */
	pooled: boolean;
}

let kept: ProjectionCopy | undefined;
/** The copy last loaded, kept past the bound: see lastLoadedCopy. */
let lastLoaded: ProjectionCopy | undefined;

async function load(db: PublicDb, loadedAt: number): Promise<ProjectionCopy> {
	const [signals, lexicon, crowded, settings, ...manifest] = await db.batch([
		db.prepare(`${TOPIC_SIGNALS_SQL} ORDER BY t.topic_id LIMIT ${MAX_COPIED_TOPICS + 1}`),
		db.prepare(`${LEXICON_ALL_SQL} LIMIT ${MAX_COPIED_SEARCH_ROWS + 1}`),
		db.prepare(
			`SELECT t.term, t.docs, t.most,
			        EXISTS (SELECT 1 FROM search_pool_projection p WHERE p.term = t.term AND p.position = 1) AS pooled
			 FROM search_term_projection t ORDER BY t.docs DESC LIMIT ${MAX_COPIED_SEARCH_ROWS}`,
		),
		db.prepare("SELECT pool FROM search_settings LIMIT 1"),
		...manifestStatements(db),
	]);
	const rows = (signals?.results ?? []) as TopicSignalRow[];
	if (rows.length > MAX_COPIED_TOPICS) throw new Error(`more than ${MAX_COPIED_TOPICS} topics`);
	const lexiconRows = (lexicon?.results ?? []) as LexiconRow[];
	const crowdedRows = (crowded?.results ?? []) as {
		term: string;
		docs: number;
		most: number;
		pooled: number;
	}[];
	if (lexiconRows.length > MAX_COPIED_SEARCH_ROWS)
		throw new Error(`more than ${MAX_COPIED_SEARCH_ROWS} lexicon rows`);
	const views = rows.map(topicSignalView);
	return {
		loadedAt,
		signals: new Map(views.map((view) => [view.topic.topic_id, view])),
		topics: views.map((view) => view.topic),
		manifest: manifestFrom(manifest),
		lexicon: lexiconMap(lexiconRows),
		crowdedWords: new Map(
			crowdedRows.map((r) => [r.term, { docs: r.docs, most: r.most === 1, pooled: r.pooled === 1 }]),
		),
		pool: (settings?.results[0] as { pool: number } | undefined)?.pool ?? SEARCH_TUNING.pool,
	};
}

/** The isolate's copy, loaded again when it is as old as the bound; null when it cannot be loaded. */
export async function projectionCopy(db: PublicDb, now: number = Date.now()): Promise<ProjectionCopy | null> {
	if (kept !== undefined && now >= kept.loadedAt && now - kept.loadedAt < PROJECTION_COPY_MAX_AGE_MS)
		return kept;
	kept = undefined;
	try {
		kept = await load(db, now);
		lastLoaded = kept;
		return kept;
	} catch (error) {
		console.error(JSON.stringify({ event: "projection_copy_failed", error: String(error) }));
		return null;
	}
}

/** Drops the copy: after a refresh in this isolate, and in tests that change tables under it. */
export function forgetProjectionCopy(): void {
	kept = undefined;
	lastLoaded = undefined;
}

/**
 * The copy this isolate last loaded, however old, without reading anything: for what only
 * estimates (a search's predicted cost, charged before anything may read), never for an answer.
 * Undefined in an isolate that has loaded none yet.
 */
export const lastLoadedCopy = (): ProjectionCopy | undefined => lastLoaded;

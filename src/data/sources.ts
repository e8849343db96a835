import { MAX_CARDS, MAX_PASSAGES } from "../limits";
import type { PublicDb } from "./public-db";

/** The bounds the two reads below apply, re-exported for the tests that hold them to it. */
export { MAX_CARDS, MAX_PASSAGES };

/**
 * Longest source reference that can name a source: an alias or original URL (the importer's bound,
 * scripts/corpus/format.ts, in UTF-16 units as it counts); a source id is shorter. A longer one names
 * nothing and is not looked up.
 */
export const MAX_SOURCE_REF_CHARS = 500;

interface SourceRow {
	source_id: string;
	title: string;
	summary: string;
	platform: string;
	published_at: string;
	duration_seconds: number;
	language: string;
	original_url: string;
	creator_handle: string;
	creator_display_name: string;
	creator_profile_url: string;
}

interface PassageRow {
	ordinal: number;
	start_ms: number;
	end_ms: number;
	text: string;
}

interface CardRow {
	card_id: string;
	topic_id: string;
	claim: string;
	evidence: string;
	reviewed_at: string | null;
}

interface TopicLinkRow {
	topic_id: string;
	label: string;
}

export interface SourceDetail {
	source: SourceRow;
	topics: TopicLinkRow[];
	passages: PassageRow[];
	passageCount: number;
	cards: CardRow[];
	cardCount: number;
}

/**
 * A source id or any alias (item, video or post id, original URL) to the public source id, as a
 * subquery every statement below finds for itself: the whole answer is then one round trip (on the
 * edge each is a network hop) instead of a lookup and then a read. Unpublished and removed sources
 * resolve to nothing, exactly like unknown ones.
 *
 * A source's own id comes first, whatever its state: ids and aliases are one namespace (the importer
 * and migrations/0020_alias_namespace.sql refuse an alias equal to an id), and should a row that
 * predates that rule say otherwise, an alias still never hides (owner unpublished) nor redirects
 * (owner published) the source whose id was asked for. The extra lookup is one primary-key probe.
 */
const TARGET = `(
  SELECT s.source_id FROM sources s
  WHERE s.publication_state = 'published'
    AND s.source_id = COALESCE(
      (SELECT i.source_id FROM sources i WHERE i.source_id = ?1),
      (SELECT a.source_id FROM source_aliases a WHERE a.alias = ?1)))`;

const SOURCE_SQL = `
SELECT s.source_id, s.title, s.summary, s.platform, s.published_at, s.duration_seconds, s.language,
       s.original_url, c.handle AS creator_handle, c.display_name AS creator_display_name,
       c.profile_url AS creator_profile_url
FROM sources s JOIN creators c ON c.creator_id = s.creator_id
WHERE s.source_id = ${TARGET}`;

const TOPICS_SQL = `
SELECT t.topic_id, t.label FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id
WHERE st.source_id = ${TARGET} ORDER BY t.topic_id`;

const PASSAGES_SQL = `
SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = ${TARGET} ORDER BY ordinal LIMIT ${MAX_PASSAGES}`;

const PASSAGE_COUNT_SQL = `SELECT COUNT(*) AS n FROM passages WHERE source_id = ${TARGET}`;

const CARDS_SQL = `
SELECT card_id, topic_id, claim, evidence, reviewed_at FROM evidence_cards
WHERE source_id = ${TARGET} AND review_state = 'applied' ORDER BY reviewed_at DESC, card_id LIMIT ${MAX_CARDS}`;

const CARD_COUNT_SQL = `SELECT COUNT(*) AS n FROM evidence_cards WHERE source_id = ${TARGET} AND review_state = 'applied'`;

/**
 * The public source an id or alias names, with its bounded passages and applied cards, in one round
 * trip; `detail.source.source_id` is the canonical id (differs from the argument for an alias).
 */
export async function getPublicSource(db: PublicDb, idOrAlias: string): Promise<SourceDetail | null> {
	const [source, topics, passages, passageCount, cards, cardCount] = await db.batch([
		db.prepare(SOURCE_SQL).bind(idOrAlias),
		db.prepare(TOPICS_SQL).bind(idOrAlias),
		db.prepare(PASSAGES_SQL).bind(idOrAlias),
		db.prepare(PASSAGE_COUNT_SQL).bind(idOrAlias),
		db.prepare(CARDS_SQL).bind(idOrAlias),
		db.prepare(CARD_COUNT_SQL).bind(idOrAlias),
	]);
	const row = source?.results[0] as SourceRow | undefined;
	if (!row) return null;
	return {
		source: row,
		topics: (topics?.results ?? []) as TopicLinkRow[],
		passages: (passages?.results ?? []) as PassageRow[],
		passageCount: (passageCount?.results[0] as { n: number } | undefined)?.n ?? 0,
		cards: (cards?.results ?? []) as CardRow[],
		cardCount: (cardCount?.results[0] as { n: number } | undefined)?.n ?? 0,
	};
}

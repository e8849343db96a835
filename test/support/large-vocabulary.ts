/**
 * The large-vocabulary import of issue 53: sources of 40 passages of 1,200 characters of words no
 * other source holds (50 of them are about 480,000 new words), by a creator and a topic of their own.
 * Valid corpus records (docs/corpus-format.md), so the importer takes them as it takes any file: the
 * Workers test that holds the refresh to its rows and the bench that times it
 * (scripts/bench/cost/vocabulary-import.ts) import the same records.
 *
 * Pure TypeScript with no Node imports: both runtimes use it.
 */
import type { CorpusRecordInput } from "../../scripts/corpus/format";

export const PASSAGES = 40;
export const PASSAGE_CHARS = 1200;

/** Consonants a word starts with: never a digit, so no word is a number. */
const FIRST = "bcdfghjklmnpqrstvwxz";

/**
 * Four-character words, each different: a consonant and three base-36 digits, 933,120 of them; `tag`
 * (a lower-case letter) picks a different run of them, so two imports share no word.
 */
function words(tag: string): () => string {
	let n = (tag.charCodeAt(0) - 97) * 500_000;
	return () => {
		const k = n++;
		return `${FIRST[Math.floor(k / 46_656) % FIRST.length]}${(k % 46_656).toString(36).padStart(3, "0")}`;
	};
}

export function largeVocabularyRecords({ sources = 50, tag = "a" } = {}): CorpusRecordInput[] {
	const next = words(tag);
	const creatorId = `cr_vocabulary_${tag}`;
	const handle = `vocabulary.${tag}.words`;
	const topicId = `vocabulary-${tag}`;
	const records: CorpusRecordInput[] = [
		{
			kind: "creator",
			creator_id: creatorId,
			handle,
			display_name: "Vocabulary",
			platform: "tiktok",
			profile_url: `https://www.tiktok.com/@${handle}`,
		},
		{ kind: "topic", topic_id: topicId, label: `Vocabulary ${tag}` },
	];
	for (let s = 0; s < sources; s++) {
		const passages = Array.from({ length: PASSAGES }, (_, p) => {
			let text = next();
			while (text.length + 5 <= PASSAGE_CHARS) text += ` ${next()}`;
			return { ordinal: p + 1, start_ms: p * 15_000, end_ms: (p + 1) * 15_000, text };
		});
		const url = `https://www.tiktok.com/@${handle}/video/${9_000_000_000_000 + (tag.charCodeAt(0) - 97) * 100_000 + s}`;
		records.push({
			kind: "source",
			source_id: `src_vocabulary${tag}${String(s).padStart(5, "0")}`,
			creator_id: creatorId,
			platform: "tiktok",
			original_url: url,
			title: `Vocabulary ${s}`,
			summary: "Words no other source holds.",
			published_at: "2025-01-01",
			duration_seconds: PASSAGES * 15,
			publication_state: "published",
			topic_ids: [topicId],
			aliases: [{ kind: "original_url", alias: url }],
			passages,
		});
	}
	return records;
}

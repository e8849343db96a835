/**
 * The rows every workers test starts from: the default generated sample corpus (with its planted
 * fixtures, see FIXTURES in scripts/corpus/generate.ts), as the importer's parameterised statements;
 * a test that needs a larger collection seeds a generated corpus of its own size in their place.
 */
import { type GenerateOptions, generateCorpus } from "../../scripts/corpus/generate";
import { recordsToStatements } from "../../scripts/corpus/statements";

type SeedStatement = {
	sql: string;
	params: (string | number | null)[];
};

export const SEED_TIME = "2026-11-01T00:00:00.000Z";

export function seedStatements(options: GenerateOptions = {}): SeedStatement[] {
	return recordsToStatements(generateCorpus(options), SEED_TIME).map(({ sql, params }) => ({
		sql,
		params: [...params],
	}));
}

/** Every row a seed wrote, and the search index and pools built from them: emptied before seeding another corpus. */
export const CLEAR_CORPUS_SQL: readonly string[] = [
	"DELETE FROM evidence_cards",
	"DELETE FROM passages",
	"DELETE FROM source_topics",
	"DELETE FROM source_aliases",
	"DELETE FROM search_documents",
	"DELETE FROM sources",
	"DELETE FROM search_index",
	"DELETE FROM creators",
	"DELETE FROM topics",
	"DELETE FROM search_pool_projection",
	"DELETE FROM search_pairs",
	"DELETE FROM search_pairs_pending",
];

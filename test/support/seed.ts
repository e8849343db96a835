/**
 * The rows every workers test starts from: the default generated sample corpus (with its planted
 * fixtures, see FIXTURES in scripts/corpus/generate.ts), as the importer's parameterised statements.
 */
import { generateCorpus } from "../../scripts/corpus/generate";
import { recordsToStatements } from "../../scripts/corpus/statements";

export type SeedStatement = {
	sql: string;
	params: (string | number | null)[];
};

export const SEED_TIME = "2026-11-01T00:00:00.000Z";

export function seedStatements(): SeedStatement[] {
	return recordsToStatements(generateCorpus(), SEED_TIME).map(({ sql, params }) => ({
		sql,
		params: [...params],
	}));
}

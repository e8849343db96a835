/** The rows every workers test starts from: the default generated sample corpus, as parameterised statements. */
export type SeedStatement = {
	sql: string;
	params: (string | number | null)[];
};

export function seedStatements(): SeedStatement[] {
	return [];
}

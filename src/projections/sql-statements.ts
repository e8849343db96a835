/**
 * Splits a projections/*.sql file into statements for D1's batch(): on semicolons outside quotes,
 * with `--` comments dropped. The projection files hold no triggers, so no BEGIN ... END blocks.
 */
export function sqlStatements(source: string): string[] {
	const statements: string[] = [];
	let current = "";
	let quote: string | null = null;
	for (let i = 0; i < source.length; i++) {
		const char = source[i] as string;
		if (quote !== null) {
			current += char;
			if (char === quote) quote = null;
			continue;
		}
		if (char === "-" && source[i + 1] === "-") {
			while (i < source.length && source[i] !== "\n") i++;
			current += "\n";
			continue;
		}
		if (char === "'" || char === '"') quote = char;
		if (char === ";") {
			if (current.trim() !== "") statements.push(current.trim());
			current = "";
			continue;
		}
		current += char;
	}
	if (current.trim() !== "") statements.push(current.trim());
	return statements;
}

/** Content negotiation for the MCP endpoint: strict about what is sent, lenient about what is accepted. */

export function isJsonContentType(value: string | null): boolean {
	if (value === null) return false;
	return value.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** Absent, `*\/*`, `application/*` or any list naming application/json is fine: people try this with curl. */
export function acceptsJson(value: string | null): boolean {
	if (value === null || value.trim() === "") return true;
	return value.split(",").some((part) => {
		const type = part.split(";")[0]?.trim().toLowerCase();
		return type === "application/json" || type === "*/*" || type === "application/*";
	});
}

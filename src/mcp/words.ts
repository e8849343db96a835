/** "a, b and c" (or "a, b or c"): names as a sentence lists them, for the messages and instructions this layer writes. */
export const inWords = (names: readonly string[], last: "and" | "or" = "and"): string =>
	names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${last} ${names[names.length - 1]}`;

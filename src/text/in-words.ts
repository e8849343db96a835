/** "a, b and c" (or "a, b or c", or "a, b y c"): names as a sentence lists them, in the protocol's messages and on the pages. */
export const inWords = (names: readonly string[], last = "and"): string =>
	names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${last} ${names[names.length - 1]}`;

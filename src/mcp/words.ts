/** "a, b and c": names as a sentence lists them, for the messages and instructions this layer writes. */
export const inWords = (names: readonly string[]): string =>
	names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

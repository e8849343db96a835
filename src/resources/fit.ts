/**
 * Keeps a Markdown rendering under a byte budget: the head and foot always stay (their long fields
 * clipped by the caller), each list group takes lines while they fit and then says how many it left
 * out and where to find them.
 */
const utf8 = new TextEncoder();
const bytes = (text: string) => utf8.encode(text).byteLength;

interface LineGroup {
	lines: string[];
	/** The line that replaces what did not fit, given how many lines were left out. */
	more: (left: number) => string;
}

/** `text` cut to at most `maxBytes` of UTF-8 (at a code point), with "…" when it was cut. */
export function clip(text: string, maxBytes: number): string {
	if (bytes(text) <= maxBytes) return text;
	let out = "";
	let used = bytes("…");
	for (const char of text) {
		const cost = bytes(char);
		if (used + cost > maxBytes) break;
		out += char;
		used += cost;
	}
	return `${out}…`;
}

export function fitLines(head: string[], groups: LineGroup[], foot: string[], maxBytes: number): string {
	let used = bytes([...head, ...foot].join("\n")) + 1;
	const out = [...head];
	for (const group of groups) {
		const reserve = bytes(group.more(group.lines.length)) + 1;
		let taken = 0;
		for (const line of group.lines) {
			const cost = bytes(line) + 1;
			if (used + cost + reserve > maxBytes) break;
			out.push(line);
			used += cost;
			taken++;
		}
		if (taken < group.lines.length) {
			const note = group.more(group.lines.length - taken);
			out.push(note);
			used += bytes(note) + 1;
		}
	}
	// The head and foot are bounded by their callers (clip); this is the last guard, never reached
	// by a record the corpus format allows.
	return clip([...out, ...foot].join("\n"), maxBytes);
}

import { INVISIBLE, LINE_UNSAFE } from "../data/hidden-characters";
import { MAX_ECHO_CHARS } from "../limits";

/**
 * A line of a tool's text block with data in it: every line break, control or bidirectional control
 * becomes a space, so a title or handle stored before the importer refused them cannot start a
 * forged line or reorder the rest of one. Renderers pass each whole line through it.
 */
export function oneLine(line: string): string {
	return line.replace(LINE_UNSAFE, " ");
}

/**
 * A caller's own text as an error or a page echoes it: on one line (breaks and controls become
 * spaces), without the characters a reader cannot see (zero-width, tags, soft hyphens), and at most
 * MAX_ECHO_CHARS characters, so a 60,000-character name cannot make a 60 KB answer.
 */
export function echoed(text: string): string {
	const chars = [...text.replace(INVISIBLE, "").replace(LINE_UNSAFE, " ")];
	return chars.length <= MAX_ECHO_CHARS ? chars.join("") : `${chars.slice(0, MAX_ECHO_CHARS - 1).join("")}…`;
}

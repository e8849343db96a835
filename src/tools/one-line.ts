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

const visible = (char: string) =>
	`[U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}]`;

/**
 * A caller's own text as an error or a page echoes it: on one line (breaks and controls become
 * spaces), every character a reader cannot see (zero-width, tags, soft hyphens, U+FEFF) shown as its
 * code point, "[U+200B]", so an echo names exactly what was sent and carries nothing invisible, and
 * at most MAX_ECHO_CHARS characters ("…" ends a cut one), so a 60,000-character name cannot make a
 * 60 KB answer.
 */
export function echoed(text: string): string {
	const chars = [...text.replace(LINE_UNSAFE, " ").replace(INVISIBLE, visible)];
	return chars.length <= MAX_ECHO_CHARS ? chars.join("") : `${chars.slice(0, MAX_ECHO_CHARS - 1).join("")}…`;
}

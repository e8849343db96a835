import { MAX_ECHO_CHARS } from "../limits";
import { LINE_UNSAFE, NOT_ECHOED_AS_IS } from "./hidden-characters";

/**
 * A line of a tool's text block with data in it: every line break, control or bidirectional control
 * becomes a space, so a title or handle stored before the importer refused them cannot start a
 * forged line or reorder the rest of one. Renderers pass each whole line through it.
 */
export function oneLine(line: string): string {
	return line.replace(LINE_UNSAFE, " ");
}

const ENTITIES: Readonly<Record<"<" | ">", string>> = { "<": "&lt;", ">": "&gt;" };

/**
 * Text a client may render as Markdown or HTML (a tool's text block, a prompt message, a resource
 * rendering) with data in it: without "<" no tag (script, img, iframe) or HTML comment can start,
 * whatever a renderer allows; "&" stays, since an entity renders only as the character it names.
 * structuredContent keeps the data exactly as stored.
 */
export const markupFree = (text: string): string =>
	text.replace(/[<>]/g, (char) => ENTITIES[char as "<" | ">"]);

const visible = (char: string) =>
	`[U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}]`;

/**
 * A caller's own text as an error or a page echoes it: every character a reader cannot see, or could
 * take for a space or for nothing (line breaks, tabs and other controls, bidirectional controls,
 * zero-width characters, tags, soft hyphens, U+FEFF, spaces other than U+0020, U+2800), shown as its
 * code point, "[U+200B]", and a "[" that begins "[U+" as "[U+005B]": so an echo is one line, names
 * exactly what was sent, carries nothing invisible, and two different texts never echo alike (within
 * the cut). At most MAX_ECHO_CHARS characters ("…" ends a cut one), so a 60,000-character name
 * cannot make a 60 KB answer.
 */
export function echoed(text: string): string {
	const chars = [...text.replace(NOT_ECHOED_AS_IS, visible)];
	return chars.length <= MAX_ECHO_CHARS ? chars.join("") : `${chars.slice(0, MAX_ECHO_CHARS - 1).join("")}…`;
}

import { LINE_UNSAFE } from "../data/hidden-characters";

/**
 * A line of a tool's text block with data in it: every line break, control or bidirectional control
 * becomes a space, so a title or handle stored before the importer refused them cannot start a
 * forged line or reorder the rest of one. Renderers pass each whole line through it.
 */
export function oneLine(line: string): string {
	return line.replace(LINE_UNSAFE, " ");
}

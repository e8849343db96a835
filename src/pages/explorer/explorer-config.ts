/**
 * What the guide hands the explorer (src/pages/explorer/explorer.browser.js): the server fills it from its own
 * constants and registries, the browser program is type-checked against it (tsconfig.browser.json),
 * so neither side can name a field, an element or a data attribute the other lacks. Types only: the
 * browser check loads nothing of the Worker.
 */
import type { ExplorerDom } from "./explorer-dom";

/**
 * One choice of the method select, by its option value: the method to send and, for a method whose
 * params name something (`named`), which params member names it; `name` is set when the choice
 * itself is the name (a tool or prompt: params are {name, arguments}), else the form's one field is.
 */
export interface ExplorerTarget {
	method: string;
	nameParam?: "name" | "uri";
	name?: string;
}

export interface ExplorerConfig {
	/** The MCP endpoint's path on the page's own origin. */
	path: string;
	version: string;
	versionKey: string;
	capabilitiesKey: string;
	headers: { ProtocolVersion: string; Method: string; Name: string };
	dom: ExplorerDom;
	targets: Record<string, ExplorerTarget>;
	/** The words the program writes, in the page's language; {name} marks where a value goes. */
	words: ExplorerWords;
}

interface ExplorerWords {
	sending: string;
	copy: string;
	copyLabel: string;
	copied: string;
	copyFailed: string;
	rpcError: string;
	toolError: string;
	result: string;
	withStructured: string;
	withContents: string;
	/** A prompt's messages, chosen by the page language's plural rule (Intl.PluralRules): one, or any other count. */
	withMessages: { one: string; other: string };
	failed: string;
}

/**
 * What the guide hands the explorer (src/http/explorer.browser.js): the server fills it from its own
 * constants, the browser program is type-checked against it (tsconfig.browser.json), so neither side
 * can name a field the other lacks. Types only: the browser check loads nothing of the Worker.
 */
export interface ExplorerConfig {
	/** The MCP endpoint's path on the page's own origin. */
	path: string;
	version: string;
	versionKey: string;
	capabilitiesKey: string;
	headers: { ProtocolVersion: string; Method: string; Name: string };
	/** Prefixes of the method select's option values: `tools/call:<tool>`, `prompts/get:<prompt>`. */
	toolPrefix: string;
	promptPrefix: string;
	resourceRead: string;
	/** The words the program writes, in the page's language; {name} marks where a value goes. */
	words: ExplorerWords;
}

export interface ExplorerWords {
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
	withMessages: string;
	failed: string;
}

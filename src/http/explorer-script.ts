/**
 * The live explorer's script, inlined into the guide (the page's CSP allows exactly this script by
 * its hash): the browser program (explorer.browser.js, imported as text) called with its config. It
 * reads the server-rendered form, sends a real 2026-07-28 request to the MCP endpoint on the same
 * origin and shows the request and the response as they were. Protocol names and the path come from
 * the same constants the server checks and routes by, so the explorer cannot send a request the
 * endpoint would not accept.
 */
import { Header } from "../mcp/headers";
import { MetaKey } from "../mcp/modern";
import { MODERN_VERSION } from "../mcp/versions";
import EXPLORER_PROGRAM from "./explorer.browser.js";
import type { ExplorerConfig } from "./explorer-config";
import { LANGUAGES, type Language } from "./language";
import { MCP_PATH } from "./paths";
import { PAGE_TEXT } from "./text/page-text";

export { MCP_PATH };

/** Option values of the explorer's method select: a list method, `tools/call:<tool>`, `prompts/get:<prompt>` or resources/read. */
export const TOOL_CALL_PREFIX = "tools/call:";
export const PROMPT_GET_PREFIX = "prompts/get:";
export const RESOURCE_READ = "resources/read";

const configFor = (language: Language): ExplorerConfig => ({
	path: MCP_PATH,
	version: MODERN_VERSION,
	versionKey: MetaKey.ProtocolVersion,
	capabilitiesKey: MetaKey.ClientCapabilities,
	headers: Header,
	toolPrefix: TOOL_CALL_PREFIX,
	promptPrefix: PROMPT_GET_PREFIX,
	resourceRead: RESOURCE_READ,
	words: PAGE_TEXT[language].explorer.script,
});

/** JSON inside a script element: "<" is escaped so no value can end the element early. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

/** The script exactly as inlined, per language; built once per isolate, so its CSP hash is computed once too. */
export const EXPLORER_SCRIPTS = Object.fromEntries(
	LANGUAGES.map((language) => [
		language,
		`"use strict";{${EXPLORER_PROGRAM}runExplorer(${scriptJson(configFor(language))});}`,
	]),
) as Record<Language, string>;

/**
 * The live explorer's script, inlined into the guide (the page's CSP allows exactly this script by
 * its hash): the browser program (explorer.browser.js, imported as text) called with its config. It
 * reads the server-rendered form, sends a real 2026-07-28 request to the MCP endpoint on the same
 * origin and shows the request and the response as they were. Protocol names, the path and the
 * choices' methods come from the same constants and method table the server checks and routes by, so
 * the explorer cannot send a request the endpoint would not accept; the elements it reads are the
 * ones the guide writes (src/pages/explorer/explorer-dom.ts).
 */

import { MCP_PATH } from "../../http/paths";
import { Header } from "../../mcp/headers";
import { MetaKey } from "../../mcp/modern";
import { MODERN_VERSION } from "../../mcp/versions";
import { LANGUAGES, type Language } from "../language";
import { PAGE_TEXT } from "../text/page-text";
import EXPLORER_PROGRAM from "./explorer.browser.js";
import type { ExplorerConfig } from "./explorer-config";
import { EXPLORER_DOM } from "./explorer-dom";
import { EXPLORER_TARGETS } from "./explorer-targets";

export { MCP_PATH };

const configFor = (language: Language): ExplorerConfig => ({
	path: MCP_PATH,
	version: MODERN_VERSION,
	versionKey: MetaKey.ProtocolVersion,
	capabilitiesKey: MetaKey.ClientCapabilities,
	headers: Header,
	dom: EXPLORER_DOM,
	targets: EXPLORER_TARGETS,
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

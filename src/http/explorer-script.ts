/**
 * The live explorer's script, inlined into the guide (the page's CSP allows exactly this script by
 * its hash). It reads the server-rendered form, sends a real 2026-07-28 request to /api/mcp on the
 * same origin and shows the request and the response as they were. Protocol names come from the same
 * constants the server checks, so the explorer cannot send headers the endpoint would not accept.
 */
import { Header } from "../mcp/headers";
import { MetaKey } from "../mcp/modern";
import { MODERN_VERSION } from "../mcp/versions";

export const MCP_PATH = "/api/mcp";

/** Option values of the explorer's method select: a list method, `tools/call:<tool>`, `prompts/get:<prompt>` or resources/read. */
export const TOOL_CALL_PREFIX = "tools/call:";
export const PROMPT_GET_PREFIX = "prompts/get:";
export const RESOURCE_READ = "resources/read";

const CONFIG = {
	path: MCP_PATH,
	version: MODERN_VERSION,
	versionKey: MetaKey.ProtocolVersion,
	capabilitiesKey: MetaKey.ClientCapabilities,
	headers: Header,
	toolPrefix: TOOL_CALL_PREFIX,
	promptPrefix: PROMPT_GET_PREFIX,
	resourceRead: RESOURCE_READ,
};

/** JSON inside a script element: "<" is escaped so no value can end the element early. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

const SCRIPT_BODY = `
const byId = (id) => document.getElementById(id);
const form = byId("explorer-form");
const select = byId("explorer-method");
const requestOut = byId("explorer-request");
const responseOut = byId("explorer-response");
const statusOut = byId("explorer-status");
const responsePanel = byId("explorer-response-panel");
let nextId = 1;
let busy = false;

// A header value must be visible ASCII; anything else travels in the =?base64?...?= form.
function headerValue(value) {
	if (/^[\\x20-\\x7e]*$/.test(value)) return value;
	let binary = "";
	for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
	return "=?base64?" + btoa(binary) + "?=";
}

function activeFieldset() {
	const value = select.value;
	let found = null;
	for (const fieldset of form.querySelectorAll("fieldset[data-target]")) {
		const active = value === fieldset.dataset.target;
		fieldset.hidden = !active;
		fieldset.disabled = !active;
		if (active) found = fieldset;
	}
	byId("explorer-no-arguments").hidden = found !== null;
	return found;
}

// Empty optional fields are left out; numbers go as numbers, anything else exactly as typed, so the
// server's own validation answers (an empty query, a limit of 50).
function readArguments(fieldset) {
	const args = {};
	if (!fieldset) return args;
	for (const control of fieldset.querySelectorAll("[data-arg]")) {
		const raw = control.value;
		if (raw === "" && !control.required) continue;
		const numeric = control.dataset.type === "integer" || control.dataset.type === "number";
		args[control.dataset.arg] = numeric && raw.trim() !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
	}
	return args;
}

function buildRequest() {
	const choice = select.value;
	const method = choice.startsWith(C.toolPrefix)
		? "tools/call"
		: choice.startsWith(C.promptPrefix)
			? "prompts/get"
			: choice;
	const headers = { "Content-Type": "application/json", Accept: "application/json" };
	headers[C.headers.ProtocolVersion] = C.version;
	headers[C.headers.Method] = method;
	const params = {};
	if (method === "tools/call" || method === "prompts/get") {
		params.name = choice.slice((method === "tools/call" ? C.toolPrefix : C.promptPrefix).length);
		params.arguments = readArguments(activeFieldset());
		headers[C.headers.Name] = headerValue(params.name);
	} else if (method === C.resourceRead) {
		params.uri = readArguments(activeFieldset()).uri || "";
		headers[C.headers.Name] = headerValue(params.uri);
	}
	params._meta = { [C.versionKey]: C.version, [C.capabilitiesKey]: {} };
	return { headers, body: { jsonrpc: "2.0", id: nextId++, method, params } };
}

function showRequest(request) {
	const lines = ["POST " + new URL(C.path, location.href).href];
	for (const [name, value] of Object.entries(request.headers)) lines.push(name + ": " + value);
	requestOut.textContent = lines.join("\\n") + "\\n\\n" + JSON.stringify(request.body, null, 2);
}

function outcomeOf(status, json) {
	const http = "HTTP " + status;
	if (json && json.error) {
		return ["rpc-error", http + " · JSON-RPC error " + json.error.code + ": " + json.error.message];
	}
	if (json && json.result && json.result.isError) {
		const text = (json.result.content || []).map((part) => part.text).join(" ");
		return ["tool-error", http + " · tool error (isError: true): " + text];
	}
	if (json && json.result) {
		const extra = json.result.structuredContent
			? " with structuredContent"
			: json.result.contents
				? " with contents (" + json.result.contents.map((c) => c.mimeType).join(", ") + ")"
				: json.result.messages
					? " with " + json.result.messages.length + " prompt message(s)"
					: "";
		return ["result", http + " · result" + extra];
	}
	return [status < 400 ? "result" : "rpc-error", http];
}

function showOutcome(kind, message) {
	statusOut.dataset.outcome = kind;
	statusOut.textContent = message;
}

async function send() {
	if (busy) return;
	busy = true;
	const request = buildRequest();
	showRequest(request);
	responsePanel.setAttribute("aria-busy", "true");
	responseOut.textContent = "";
	showOutcome("pending", "Sending…");
	try {
		const response = await fetch(C.path, {
			method: "POST",
			headers: request.headers,
			body: JSON.stringify(request.body),
		});
		const text = await response.text();
		let json;
		try {
			json = text === "" ? undefined : JSON.parse(text);
		} catch {
			json = undefined;
		}
		const head = ["HTTP " + response.status + (response.statusText ? " " + response.statusText : "")];
		response.headers.forEach((value, name) => head.push(name + ": " + value));
		const shown = json === undefined ? text : JSON.stringify(json, null, 2);
		responseOut.textContent = head.join("\\n") + (shown === "" ? "" : "\\n\\n" + shown);
		const [kind, message] = outcomeOf(response.status, json);
		showOutcome(kind, message);
	} catch (error) {
		responseOut.textContent = String(error);
		showOutcome("network-error", "The request did not complete: " + String(error && error.message ? error.message : error));
	} finally {
		responsePanel.removeAttribute("aria-busy");
		busy = false;
	}
}

function resetFieldset(fieldset) {
	if (!fieldset) return;
	for (const control of fieldset.querySelectorAll("[data-arg]")) {
		if (control.tagName === "SELECT") {
			const initial = Array.from(control.options).find((option) => option.defaultSelected);
			control.value = initial ? initial.value : control.options[0].value;
		} else {
			control.value = control.defaultValue;
		}
	}
}

function runExample(example) {
	select.value = example.target;
	const fieldset = activeFieldset();
	resetFieldset(fieldset);
	for (const [name, value] of Object.entries(example.args || {})) {
		const control = fieldset && fieldset.querySelector('[data-arg="' + name + '"]');
		if (control) control.value = String(value);
	}
	send();
}

function addCopyButtons() {
	if (!navigator.clipboard) return;
	for (const pre of document.querySelectorAll("pre[data-copy]")) {
		const button = document.createElement("button");
		button.type = "button";
		button.className = "copy";
		button.textContent = "Copy";
		button.setAttribute("aria-label", "Copy " + pre.dataset.copy);
		button.addEventListener("click", () => {
			navigator.clipboard.writeText(pre.textContent).then(
				() => { button.textContent = "Copied"; },
				() => { button.textContent = "Copy failed: select the text instead"; },
			);
		});
		pre.parentElement.append(button);
	}
}

select.addEventListener("change", activeFieldset);
form.addEventListener("submit", (event) => {
	event.preventDefault();
	send();
});
for (const button of document.querySelectorAll("[data-example]")) {
	button.addEventListener("click", () => runExample(JSON.parse(button.dataset.example)));
}
activeFieldset();
addCopyButtons();
`;

/** The script exactly as inlined; built once per isolate, so its CSP hash is computed once too. */
export const EXPLORER_SCRIPT = `"use strict";{const C=${scriptJson(CONFIG)};${SCRIPT_BODY}}`;

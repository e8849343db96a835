/*
 * The live explorer, a browser program: the guide inlines this file as text (the Text rule for
 * *.browser.js in wrangler.toml) and calls runExplorer with its config (src/pages/explorer/explorer-script.ts).
 * It is type-checked with the DOM library by tsconfig.browser.json and linted like the rest.
 */

/**
 * @typedef {{ headers: Record<string, string>, body: { jsonrpc: "2.0", id: number, method: string, params: Record<string, unknown> } }} ExplorerRequest
 * @typedef {{ error?: { code: number, message: string }, result?: { isError?: boolean, content?: { text: string }[], structuredContent?: unknown, contents?: { mimeType: string }[], messages?: unknown[] } }} Reply
 * @typedef {HTMLInputElement | HTMLSelectElement} ArgumentControl
 */

/** @param {import("./explorer-config").ExplorerConfig} C */
// biome-ignore lint/correctness/noUnusedVariables: called by the script the guide inlines (EXPLORER_SCRIPTS).
function runExplorer(C) {
	const W = C.words;
	const ID = C.dom.ids;
	const DATA = C.dom.data;
	const OUTCOME = C.dom.outcomes;
	/** A CSS selector for elements carrying one of the data attributes. @param {string} key */
	const withData = (key) => `[data-${key}]`;
	/** A sentence of the page's language with its {name} places filled. @param {string} text @param {Record<string, string | number>} values */
	const say = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
	/** The page language's plural rule, for the words that say a count. */
	const plural = new Intl.PluralRules(document.documentElement.lang);
	/** @type {<T extends HTMLElement>(id: string) => T} */
	const byId = (id) => /** @type {never} */ (document.getElementById(id));
	/** @type {HTMLFormElement} */
	const form = byId(ID.form);
	/** @type {HTMLSelectElement} */
	const select = byId(ID.method);
	const requestOut = byId(ID.request);
	const responseOut = byId(ID.response);
	const statusOut = byId(ID.status);
	const responsePanel = byId(ID.responsePanel);
	let nextId = 1;
	let busy = false;

	/** @param {ParentNode} root @param {string} selector */
	const controlsOf = (root, selector) =>
		/** @type {NodeListOf<ArgumentControl>} */ (root.querySelectorAll(selector));

	// A header value must be visible ASCII; anything else travels in the =?base64?...?= form.
	/** @param {string} value */
	function headerValue(value) {
		if (/^[\x20-\x7e]*$/.test(value)) return value;
		let binary = "";
		for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
		return `=?base64?${btoa(binary)}?=`;
	}

	function activeFieldset() {
		const value = select.value;
		/** @type {HTMLFieldSetElement | null} */
		let found = null;
		for (const fieldset of form.querySelectorAll(`fieldset${withData(DATA.target)}`)) {
			if (!(fieldset instanceof HTMLFieldSetElement)) continue;
			const active = value === fieldset.dataset[DATA.target];
			fieldset.hidden = !active;
			fieldset.disabled = !active;
			if (active) found = fieldset;
		}
		byId(ID.noArguments).hidden = found !== null;
		return found;
	}

	// Empty optional fields are left out; numbers go as numbers, anything else exactly as typed, so the
	// server's own validation answers (an empty query, a limit of 50).
	/** @param {HTMLFieldSetElement | null} fieldset */
	function readArguments(fieldset) {
		/** @type {Record<string, string | number>} */
		const args = {};
		if (!fieldset) return args;
		for (const control of controlsOf(fieldset, withData(DATA.arg))) {
			const raw = control.value;
			if (raw === "" && !control.required) continue;
			const type = control.dataset[DATA.type];
			const numeric = type === "integer" || type === "number";
			args[/** @type {string} */ (control.dataset[DATA.arg])] =
				numeric && raw.trim() !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
		}
		return args;
	}

	// The choice says the method and what names the request: a tool or prompt is named by the choice
	// itself (params {name, arguments}); a method named by what is typed takes the form's one field.
	/** @returns {ExplorerRequest} */
	function buildRequest() {
		const target = C.targets[select.value] ?? { method: select.value };
		/** @type {Record<string, string>} */
		const headers = { "Content-Type": "application/json", Accept: "application/json" };
		headers[C.headers.ProtocolVersion] = C.version;
		headers[C.headers.Method] = target.method;
		const args = readArguments(activeFieldset());
		/** @type {Record<string, unknown>} */
		const params =
			target.name !== undefined && target.nameParam
				? { [target.nameParam]: target.name, arguments: args }
				: args;
		if (target.nameParam) headers[C.headers.Name] = headerValue(String(params[target.nameParam] ?? ""));
		params._meta = { [C.versionKey]: C.version, [C.capabilitiesKey]: {} };
		return { headers, body: { jsonrpc: "2.0", id: nextId++, method: target.method, params } };
	}

	/** @param {ExplorerRequest} request */
	function showRequest(request) {
		const lines = [`POST ${new URL(C.path, location.href).href}`];
		for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
		requestOut.textContent = `${lines.join("\n")}\n\n${JSON.stringify(request.body, null, 2)}`;
	}

	/** @param {number} status @param {Reply | undefined} json @returns {[string, string]} */
	function outcomeOf(status, json) {
		const http = `HTTP ${status}`;
		if (json?.error) {
			return [OUTCOME.rpcError, `${http} · ${W.rpcError} ${json.error.code}: ${json.error.message}`];
		}
		if (json?.result?.isError) {
			const text = (json.result.content || []).map((part) => part.text).join(" ");
			return [OUTCOME.toolError, `${http} · ${W.toolError}: ${text}`];
		}
		if (json?.result) {
			const extra = json.result.structuredContent
				? ` ${W.withStructured}`
				: json.result.contents
					? ` ${say(W.withContents, { types: json.result.contents.map((c) => c.mimeType).join(", ") })}`
					: json.result.messages
						? ` ${say(plural.select(json.result.messages.length) === "one" ? W.withMessages.one : W.withMessages.other, { count: json.result.messages.length })}`
						: "";
			return [OUTCOME.result, `${http} · ${W.result}${extra}`];
		}
		return [status < 400 ? OUTCOME.result : OUTCOME.rpcError, http];
	}

	/** @param {string} kind @param {string} message */
	function showOutcome(kind, message) {
		statusOut.dataset[DATA.outcome] = kind;
		statusOut.textContent = message;
	}

	async function send() {
		if (busy) return;
		busy = true;
		const request = buildRequest();
		showRequest(request);
		responsePanel.setAttribute("aria-busy", "true");
		responseOut.textContent = "";
		showOutcome(OUTCOME.pending, W.sending);
		try {
			const response = await fetch(C.path, {
				method: "POST",
				headers: request.headers,
				body: JSON.stringify(request.body),
			});
			const text = await response.text();
			/** @type {Reply | undefined} */
			let json;
			try {
				json = text === "" ? undefined : JSON.parse(text);
			} catch {
				json = undefined;
			}
			const head = [`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`];
			response.headers.forEach((value, name) => {
				head.push(`${name}: ${value}`);
			});
			const shown = json === undefined ? text : JSON.stringify(json, null, 2);
			responseOut.textContent = head.join("\n") + (shown === "" ? "" : `\n\n${shown}`);
			const [kind, message] = outcomeOf(response.status, json);
			showOutcome(kind, message);
		} catch (error) {
			const failure = /** @type {{ message?: unknown } | null | undefined} */ (error);
			responseOut.textContent = String(error);
			showOutcome(
				OUTCOME.networkError,
				say(W.failed, { reason: String(failure?.message ? failure.message : error) }),
			);
		} finally {
			responsePanel.removeAttribute("aria-busy");
			busy = false;
		}
	}

	/** @param {HTMLFieldSetElement | null} fieldset */
	function resetFieldset(fieldset) {
		if (!fieldset) return;
		for (const control of controlsOf(fieldset, withData(DATA.arg))) {
			if (control instanceof HTMLSelectElement) {
				const initial = Array.from(control.options).find((option) => option.defaultSelected);
				control.value = initial ? initial.value : /** @type {HTMLOptionElement} */ (control.options[0]).value;
			} else {
				control.value = control.defaultValue;
			}
		}
	}

	/** @param {import("./explorer-dom").ExplorerExample} example */
	function runExample(example) {
		select.value = example.target;
		const fieldset = activeFieldset();
		resetFieldset(fieldset);
		for (const [name, value] of Object.entries(example.args || {})) {
			const control =
				fieldset &&
				/** @type {ArgumentControl | null} */ (
					fieldset.querySelector(`[data-${DATA.arg}="${CSS.escape(name)}"]`)
				);
			if (control) control.value = String(value);
		}
		send();
	}

	function addCopyButtons() {
		if (!navigator.clipboard) return;
		for (const pre of document.querySelectorAll(`pre${withData(DATA.copy)}`)) {
			if (!(pre instanceof HTMLElement)) continue;
			const button = document.createElement("button");
			button.type = "button";
			button.className = "copy";
			button.textContent = W.copy;
			button.setAttribute("aria-label", say(W.copyLabel, { label: pre.dataset[DATA.copy] || "" }));
			button.addEventListener("click", () => {
				navigator.clipboard.writeText(/** @type {string} */ (pre.textContent)).then(
					() => {
						button.textContent = W.copied;
					},
					() => {
						button.textContent = W.copyFailed;
					},
				);
			});
			/** @type {HTMLElement} */ (pre.parentElement).append(button);
		}
	}

	select.addEventListener("change", activeFieldset);
	form.addEventListener("submit", (event) => {
		event.preventDefault();
		send();
	});
	for (const button of document.querySelectorAll(withData(DATA.example))) {
		if (!(button instanceof HTMLElement)) continue;
		button.addEventListener("click", () =>
			runExample(JSON.parse(/** @type {string} */ (button.dataset[DATA.example]))),
		);
	}
	activeFieldset();
	addCopyButtons();
}

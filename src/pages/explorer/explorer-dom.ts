/**
 * The explorer's elements, as the guide writes them and the browser program finds them: element ids,
 * the data attributes it reads (by dataset key: `data-target` is `target`) and the outcomes it writes
 * into the status's `data-outcome`. The guide (src/pages/guide/guide-page.ts, src/pages/html.ts) writes every
 * one of them from here, and the browser program (src/pages/explorer/explorer.browser.js) reads them from its
 * config, whose type is this object's (src/pages/explorer/explorer-config.ts): renaming one on either side is a
 * type error of `npm run typecheck`, not a page that silently stops working. No imports: the browser
 * check (tsconfig.browser.json) reads this file too.
 */
export const EXPLORER_DOM = {
	ids: {
		form: "explorer-form",
		method: "explorer-method",
		noArguments: "explorer-no-arguments",
		send: "explorer-send",
		request: "explorer-request",
		requestTitle: "explorer-request-title",
		response: "explorer-response",
		responseTitle: "explorer-response-title",
		responsePanel: "explorer-response-panel",
		status: "explorer-status",
		examplesLabel: "explorer-examples-label",
	},
	/** Dataset keys: the attribute is `data-` and the key. */
	data: {
		/** On a fieldset: the choice of the method select it belongs to. */
		target: "target",
		/** On a control: the argument (or parameter) it holds. */
		arg: "arg",
		/** On a control: its JSON Schema type, so numbers are sent as numbers. */
		type: "type",
		/** On a button: the example it runs, as JSON {target, args}. */
		example: "example",
		/** On a pre: what its copy button copies, for the button's label. */
		copy: "copy",
		/** On the status: how the last request ended (one of `outcomes`). */
		outcome: "outcome",
	},
	outcomes: {
		pending: "pending",
		result: "result",
		toolError: "tool-error",
		rpcError: "rpc-error",
		networkError: "network-error",
	},
} as const;

export type ExplorerDom = typeof EXPLORER_DOM;

/** An example button's payload: the choice to make and the arguments to fill in. */
export interface ExplorerExample {
	target: string;
	args: Record<string, unknown>;
}

/**
 * The MCP request headers of the 2026-07-28 Streamable HTTP transport, and the checks that they agree
 * with the body. Names are case-insensitive (Headers handles that); values are compared exactly, after
 * the transport's optional whitespace is trimmed and a `=?base64?…?=` value is decoded.
 */
import { echoed } from "../text/one-line";
import { ErrorCode, ProtocolError } from "./jsonrpc";

export const Header = {
	ProtocolVersion: "MCP-Protocol-Version",
	Method: "Mcp-Method",
	Name: "Mcp-Name",
} as const;

// The encoded-word form (RFC 2047) this comes from names its encoding case-insensitively.
const BASE64_PREFIX = /^=\?base64\?/i;
const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/i;
// A plain header value: visible ASCII, space and tab (RFC 9110 field-vchar and OWS).
const PLAIN_VALUE = /^[\t\x20-\x7e]*$/;

// ignoreBOM keeps a leading U+FEFF in the text: it is a character of the value, not a marker to drop,
// so "=?base64?77u/…?=" never equals the bare name.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function headerMismatch(message: string): ProtocolError {
	return new ProtocolError(400, ErrorCode.HeaderMismatch, message);
}

/** Decodes a header value that may use the Base64 sentinel form; null when it is malformed. */
function decodeHeaderValue(raw: string): string | null {
	const value = raw.trim();
	if (!PLAIN_VALUE.test(value)) return null;
	if (!BASE64_PREFIX.test(value)) return value;
	const match = BASE64_SENTINEL.exec(value);
	if (!match || (match[1] ?? "").length % 4 !== 0) return null;
	try {
		const binary = atob(match[1] ?? "");
		return utf8.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
	} catch {
		return null;
	}
}

/**
 * Requires `name` to be present, well formed, and equal to what the body says.
 * Throws -32020 (HeaderMismatch) naming the header otherwise.
 */
export function requireHeaderMatches(
	headers: Headers,
	name: string,
	bodyValue: string,
	decodeBase64: boolean,
): void {
	const raw = headers.get(name);
	if (raw === null)
		throw headerMismatch(`Missing required header ${name}: it must be "${echoed(bodyValue)}".`);
	const value = decodeBase64 ? decodeHeaderValue(raw) : PLAIN_VALUE.test(raw) ? raw.trim() : null;
	if (value === null) {
		throw headerMismatch(
			`Invalid ${name} header: the value is not a valid header value (visible ASCII, spaces and tabs${
				decodeBase64 ? '; send any other text as "=?base64?" + the Base64 of its UTF-8 + "?="' : ""
			}).`,
		);
	}
	if (value !== bodyValue) {
		throw headerMismatch(
			`Header mismatch: ${name} is "${echoed(value)}" but the request body says "${echoed(bodyValue)}". Send the same value in both.`,
		);
	}
}

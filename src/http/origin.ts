/**
 * Origin allow-list for the MCP endpoint (DNS-rebinding protection). A browser page may call the
 * endpoint only from the public site's own origin or from a loopback origin (local development).
 * The request's own Host is deliberately not trusted: a rebinding attack controls it.
 */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a URL's host is a loopback one: a page opened there is a developer's own server. */
export const isLoopback = (url: URL): boolean => LOOPBACK_HOSTS.has(url.hostname);

export function isAllowedOrigin(origin: string, publicBaseUrl: string): boolean {
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	if (url.protocol !== "https:" && url.protocol !== "http:") return false;
	if (isLoopback(url)) return true;
	try {
		return url.origin === new URL(publicBaseUrl).origin;
	} catch {
		return false;
	}
}

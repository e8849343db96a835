/**
 * Reads a request body up to a byte cap. The cap is enforced on the bytes actually read, so a chunked
 * body (no Content-Length) or a lying Content-Length cannot get more than the cap into memory.
 */

export type BoundedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too-large" | "unreadable" };

const TOO_LARGE: BoundedBody = { ok: false, reason: "too-large" };
/** The body broke off while it was read (the client went away, a broken chunked encoding). */
const UNREADABLE: BoundedBody = { ok: false, reason: "unreadable" };

export async function readBoundedBody(request: Request, maxBytes: number): Promise<BoundedBody> {
	const declared = request.headers.get("content-length");
	// A declared size over the cap is refused before a single byte is read.
	if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) return TOO_LARGE;
	if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };

	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > maxBytes) {
				await reader.cancel().catch(() => {});
				return TOO_LARGE;
			}
			chunks.push(value);
		}
	} catch {
		return UNREADABLE;
	}
	if (chunks.length === 1 && chunks[0]) return { ok: true, bytes: chunks[0] };
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return { ok: true, bytes };
}

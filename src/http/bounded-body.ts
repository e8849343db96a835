/**
 * Reads a request body up to a byte cap. The cap is enforced on the bytes actually read, so a chunked
 * body (no Content-Length) or a lying Content-Length cannot get more than the cap into memory.
 *
 * An oversize body is drained (read on and thrown away) up to a second, larger bound before the
 * caller answers 413: answering while the client is still uploading makes wrangler's local proxy
 * fail the next request. Past the drain bound, or when the declared size is already past it, the body
 * is cancelled at once, so draining costs at most that many bytes of reading and nothing else.
 */

type BoundedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too-large" | "unreadable" };

const TOO_LARGE: BoundedBody = { ok: false, reason: "too-large" };
/** The body broke off while it was read (the client went away, a broken chunked encoding). */
const UNREADABLE: BoundedBody = { ok: false, reason: "unreadable" };

const declaredLength = (request: Request): number | null => {
	const declared = request.headers.get("content-length")?.trim();
	return declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
};

export async function readBoundedBody(
	request: Request,
	maxBytes: number,
	drainBytes: number,
): Promise<BoundedBody> {
	const declared = declaredLength(request);
	if (request.body === null)
		return declared !== null && declared > maxBytes ? TOO_LARGE : { ok: true, bytes: new Uint8Array(0) };
	// A declared size within the cap: HTTP framing ends the body at that many bytes, so it is read in
	// one call. The stream reader below (getReader, then a read per chunk and one more) was the largest
	// single item of the transport in the CPU profile of get_topic_signal (docs/decisions/, "Where a call's CPU goes");
	// it stays for chunked and oversize bodies, where the cap is counted as bytes arrive.
	if (declared !== null && declared <= maxBytes) {
		try {
			const bytes = new Uint8Array(await request.arrayBuffer());
			return bytes.byteLength > maxBytes ? TOO_LARGE : { ok: true, bytes };
		} catch {
			return UNREADABLE;
		}
	}
	const reader = request.body.getReader();
	// A declared size past the drain bound is refused before a single byte is read.
	if (declared !== null && declared > drainBytes) {
		await reader.cancel().catch(() => {});
		return TOO_LARGE;
	}

	const chunks: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > drainBytes) {
				await reader.cancel().catch(() => {});
				return TOO_LARGE;
			}
			// Past the cap nothing more is kept: the rest is only drained.
			if (total <= maxBytes) chunks.push(value);
		}
	} catch {
		return total > maxBytes ? TOO_LARGE : UNREADABLE;
	}
	if (total > maxBytes || (declared !== null && declared > maxBytes)) return TOO_LARGE;
	if (chunks.length === 1 && chunks[0]) return { ok: true, bytes: chunks[0] };
	const bytes = new Uint8Array(total);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return { ok: true, bytes };
}

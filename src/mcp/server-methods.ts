/** initialize and server/discover: what the server says about itself, from constants, never the database. */
import { INSTRUCTIONS } from "./instructions";
import { CAPABILITIES, SERVER_INFO } from "./server-info";
import { isLegacyVersion, LEGACY_FALLBACK_VERSION, type LegacyVersion, SUPPORTED_VERSIONS } from "./versions";

function negotiate(params: Record<string, unknown> | undefined): LegacyVersion {
	const asked = params?.protocolVersion;
	return typeof asked === "string" && isLegacyVersion(asked) ? asked : LEGACY_FALLBACK_VERSION;
}

/** The 2025 handshake: the client's version when this server speaks it, else the fallback, never the modern one. */
export function initialize(params: Record<string, unknown> | undefined) {
	return {
		protocolVersion: negotiate(params),
		capabilities: CAPABILITIES,
		serverInfo: SERVER_INFO,
		instructions: INSTRUCTIONS,
	};
}

export function discover() {
	return {
		supportedVersions: [...SUPPORTED_VERSIONS],
		capabilities: CAPABILITIES,
		instructions: INSTRUCTIONS,
	};
}

/**
 * One canonical form for a platform's URL, so that the importer sees one video under two spellings
 * of its URL as one video (issue 53; docs/corpus-format.md, "Platform URLs"). A URL is stored as
 * typed; only this form is compared.
 *
 * - The host as the URL parser reads it: lower case, IDNA applied and percent-escapes decoded, so
 *   `WWW.TIKTOK.COM`, `www.tiktok．com` (U+FF0E) and `www.tiktok%2ecom` are `www.tiktok.com`.
 * - Where the URL names the platform's own video (a TikTok item, a YouTube video, an Instagram post
 *   or reel), that id alone, whatever the host, path, query or fragment around it:
 *   `tiktok:7240755150290127638`, `youtube_shorts:wpY6ssmNux9`, `instagram_reels:C8xYz12AbCd`. The
 *   source's id alias of that platform (item_id, video_id, post_id) is the same video, so it takes
 *   the same form.
 * - Any other URL: https, the platform's main host for the hosts that serve the same pages (www.,
 *   m. and the bare domain), its path with percent-escapes decoded and no trailing slash, and no
 *   query or fragment.
 *
 * Ids keep their case: YouTube's and Instagram's are case-sensitive (TikTok's are digits).
 */
import { type AliasKind, PLATFORM_ALIAS_KIND, PLATFORM_HOSTS, PLATFORMS, type Platform } from "./format";

/** The host a platform's same pages are named by, for the hosts that serve them. */
const MAIN_HOST: Record<string, string> = {
	"www.tiktok.com": "www.tiktok.com",
	"tiktok.com": "www.tiktok.com",
	"m.tiktok.com": "www.tiktok.com",
	"www.youtube.com": "www.youtube.com",
	"youtube.com": "www.youtube.com",
	"m.youtube.com": "www.youtube.com",
	"www.instagram.com": "www.instagram.com",
	"instagram.com": "www.instagram.com",
};

/** The platform whose host this is, or undefined. */
const platformOfHost = (host: string): Platform | undefined =>
	PLATFORMS.find((platform) => (PLATFORM_HOSTS[platform] as readonly string[]).includes(host));

/** A path segment with its percent-escapes decoded (a "/" stays escaped, so segments stay apart). */
function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment).replaceAll("/", "%2F");
	} catch {
		return segment.replace(/%[0-9a-f]{2}/gi, (percent) => percent.toUpperCase());
	}
}

/** The platform's own id of the video a URL names, from its decoded path segments and query. */
function videoId(platform: Platform, host: string, segments: readonly string[], url: URL): string | null {
	const [first = "", second = "", third = ""] = segments;
	const after = (name: string) => {
		const at = segments.indexOf(name);
		return at >= 0 ? (segments[at + 1] ?? "") : "";
	};
	let id = "";
	if (platform === "tiktok") {
		// /@handle/video/<id>, /v/<id>.html, /embed/<id>, /embed/v2/<id>
		if (first.startsWith("@") && second === "video") id = third;
		else if (first === "v") id = second.replace(/\.html$/, "");
		else if (first === "embed") id = second === "v2" ? third : second;
		return /^\d+$/.test(id) ? id : null;
	}
	if (platform === "youtube_shorts") {
		if (host === "youtu.be") id = first;
		else if (first === "watch") id = url.searchParams.get("v") ?? "";
		else if (["shorts", "embed", "v", "live"].includes(first)) id = second;
		return /^[A-Za-z0-9_-]{6,}$/.test(id) ? id : null;
	}
	// Instagram: /reel/<id>, /reels/<id>, /p/<id>, /tv/<id>, or any of them after a user name.
	for (const kind of ["reel", "reels", "p", "tv"]) {
		id = after(kind);
		if (id !== "") break;
	}
	return /^[A-Za-z0-9_-]+$/.test(id) ? id : null;
}

/** The canonical form of a platform URL, or null when `value` is not a URL of any platform's host. */
export function canonicalPlatformUrl(value: string): string | null {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return null;
	}
	const platform = platformOfHost(url.hostname);
	if (platform === undefined) return null;
	const segments = url.pathname
		.split("/")
		.filter((segment) => segment !== "")
		.map(decoded);
	const id = videoId(platform, url.hostname, segments, url);
	if (id !== null) return `${platform}:${id}`;
	return `https://${MAIN_HOST[url.hostname] ?? url.hostname}/${segments.join("/")}`;
}

/**
 * The canonical form of a source's alias: a URL's (above), or a platform id alias's as that
 * platform's video. Null for an alias that names no video this way.
 */
export function canonicalAlias(kind: AliasKind, alias: string, platform: Platform): string | null {
	if (kind === "original_url") return canonicalPlatformUrl(alias);
	return kind === PLATFORM_ALIAS_KIND[platform] ? `${platform}:${alias}` : null;
}

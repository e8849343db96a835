import { env } from "cloudflare:workers";
import { it } from "vitest";
import { tokens } from "../../src/data/tokens";
import { ok } from "./tool-helpers";

const holds = (text: string, key: string) => {
	const words = tokens(text);
	const want = key.split(" ");
	for (let i = 0; i + want.length <= words.length; i++)
		if (want.every((w, j) => words[i + j] === w)) return true;
	return false;
};
it("scratch", async () => {
	const out: string[] = [];
	for (const query of [
		"AI search",
		"content audit",
		"internal links",
		"product pages",
		"keyword research",
		"TikTok search",
	]) {
		const { sc } = (await ok("search_sources", { query, limit: 10 })) as any;
		const key = tokens(query).join(" ");
		for (const r of sc.results) {
			const s = await env.DB.prepare(
				"SELECT title, summary, (SELECT group_concat(t.label, ' | ') FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id WHERE st.source_id = s.source_id) AS topics, (SELECT json_group_array(text) FROM passages p WHERE p.source_id = s.source_id) AS ps FROM sources s WHERE source_id = ?",
			)
				.bind(r.source_id)
				.first<any>();
			const ps = JSON.parse(s.ps) as string[];
			const where = [
				holds(s.title, key) ? "title" : "",
				holds(s.summary, key) ? "summary" : "",
				holds(s.topics, key) ? "topics" : "",
				ps.some((p) => holds(p, key)) ? "passage" : "",
				holds(ps.join(" "), key) ? "body" : "",
				holds(r.excerpt.text, key) ? "EXCERPT" : "",
			]
				.filter(Boolean)
				.join(",");
			out.push(`${query} | ${r.rank} ${r.match_tier} ${where}`);
		}
	}
	throw new Error(out.join("\n"));
});

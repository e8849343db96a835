/**
 * Words the sample-corpus generator (generate.ts) composes records from: topics, creators, title,
 * summary, passage, claim and bio templates. Fictional people and accounts; the advice is the kind
 * practitioners give in short videos. Pure data.
 *
 * Template slots: {topic} (the topic as used mid-sentence), {Topic} (its label), {engine}, {tool},
 * {n}, {days}, {pct}, {year}, {name} (the creator's first name), {platform}.
 */
import type { Platform } from "./format";

export interface TopicSpec {
	topic_id: string;
	label: string;
	/** How the topic reads mid-sentence. */
	phrase: string;
	description: string;
	/** Relative weight for random sources (0: only planted fixture sources use it). */
	weight: number;
	/** Passage sentences specific to the topic. */
	sentences: string[];
}

export const TOPICS: TopicSpec[] = [
	{
		topic_id: "ai-overviews",
		label: "AI Overviews",
		phrase: "AI Overviews",
		description: "Google's AI-generated answer panels: which pages they cite, and what they do to clicks.",
		weight: 12,
		sentences: [
			"AI Overviews showed up for about a third of our informational queries, and click-through on those dropped hard.",
			"The pages Google cites in AI Overviews are usually the ones that answer the question in one clean paragraph.",
			"You can't opt out of AI Overviews without opting out of snippets, so the real question is how to get cited.",
			"We tracked every AI Overview for our money keywords for a month and only four sources ever rotated in.",
			"If the AI Overview already answers the query, your content has to offer the next step, not the definition.",
		],
	},
	{
		topic_id: "llm-citations",
		label: "LLM citations",
		phrase: "LLM citations",
		description: "How answers from large language models choose, attribute and link the sources they cite.",
		weight: 0,
		sentences: [
			"LLM citations lean heavily on pages that state a fact plainly and put the number right next to it.",
			"When we rewrote the stats page with dated, sourced figures, the chatbots started citing us within two weeks.",
			"Most LLM citations we logged pointed at pages that were already ranking in the top ten on Bing.",
			"A citation is not a click: only a small share of people open the linked source in an AI answer.",
		],
	},
	{
		topic_id: "generative-engine-optimization",
		label: "Generative engine optimization (GEO)",
		phrase: "GEO",
		description: "Optimising content so generative answer engines retrieve, quote and cite it.",
		weight: 8,
		sentences: [
			"GEO is mostly good SEO with a stronger focus on quotable, self-contained answers.",
			"Adding original statistics and expert quotes was the one GEO change that moved our citation share.",
			"Don't chase every GEO hack on LinkedIn; test one change per page and measure citations for a month.",
			"Generative engines retrieve passages, not pages, so every section needs to make sense on its own.",
		],
	},
	{
		topic_id: "entity-seo",
		label: "Entity SEO",
		phrase: "entity SEO",
		description:
			"Making people, brands and products unambiguous entities in search engines' knowledge graphs.",
		weight: 4,
		sentences: [
			"Entity SEO starts with being consistent: same name, same description, same links everywhere you appear.",
			"Link your about page to your Wikidata item and your social profiles with sameAs so Google connects the dots.",
			"Once the knowledge panel appeared, branded searches started showing our founder's other projects too.",
			"Write about the entities around your topic, not just the keyword, and the page reads as an expert wrote it.",
		],
	},
	{
		topic_id: "topical-authority",
		label: "Topical authority",
		phrase: "topical authority",
		description:
			"Covering a subject in enough depth and breadth that search engines trust the whole site on it.",
		weight: 5,
		sentences: [
			"Topical authority is built with clusters: one pillar page and a dozen pages that answer the follow-up questions.",
			"We stopped publishing random trending posts and our topical authority on the core subject recovered in a quarter.",
			"A small site can beat big publishers when it covers one topic completely and links it together properly.",
			"Map every question your customers ask before writing; the gaps in that map are your content plan.",
		],
	},
	{
		topic_id: "internal-linking",
		label: "Internal linking",
		phrase: "internal linking",
		description:
			"Using links between your own pages to spread authority and show search engines what matters.",
		weight: 5,
		sentences: [
			"Internal linking is the cheapest SEO win: find pages with zero internal links and fix them first.",
			"Use descriptive anchor text for internal links; 'click here' tells Google nothing about the target page.",
			"We added contextual links from our top ten traffic pages to the new guide and it ranked in five days.",
			"Orphan pages almost never rank, no matter how good the content is.",
		],
	},
	{
		topic_id: "programmatic-seo",
		label: "Programmatic SEO",
		phrase: "programmatic SEO",
		description:
			"Generating many landing pages from structured data and templates, without creating thin content.",
		weight: 3,
		sentences: [
			"Programmatic SEO works when every page has unique data a person actually wants, not just a swapped city name.",
			"We launched ten thousand template pages and Google indexed nine hundred; the rest were too similar.",
			"Start programmatic SEO with fifty pages, check indexing and engagement, then scale what worked.",
		],
	},
	{
		topic_id: "e-e-a-t",
		label: "E-E-A-T",
		phrase: "E-E-A-T",
		description:
			"Experience, expertise, authoritativeness and trust: how quality raters judge content and its authors.",
		weight: 4,
		sentences: [
			"E-E-A-T is not a ranking factor you can toggle; it's a description of what Google's systems try to reward.",
			"Show first-hand experience: your own photos, your own numbers, the mistakes you made along the way.",
			"Author pages with real credentials and links to their other work helped our YMYL pages more than any schema.",
		],
	},
	{
		topic_id: "helpful-content",
		label: "Helpful content",
		phrase: "helpful content",
		description:
			"Google's guidance and systems for rewarding people-first content over search-engine-first pages.",
		weight: 4,
		sentences: [
			"The helpful content guidance boils down to one question: would anyone bookmark this page?",
			"Sites hit by the helpful content update recovered when they cut pages, not when they added more.",
			"Write for the reader who already read the top three results and still has a question.",
		],
	},
	{
		topic_id: "core-web-vitals",
		label: "Core Web Vitals",
		phrase: "Core Web Vitals",
		description: "LCP, INP and CLS: the page-experience metrics Google measures from real Chrome users.",
		weight: 3,
		sentences: [
			"Core Web Vitals are a tie-breaker, not a magic ranking boost, but slow pages lose users before they lose rankings.",
			"Our INP was terrible because of a chat widget; delaying it until interaction fixed the whole template.",
			"Check the field data in Search Console, not just a single lab run in PageSpeed Insights.",
		],
	},
	{
		topic_id: "log-file-analysis",
		label: "Log file analysis",
		phrase: "log file analysis",
		description: "Reading server logs to see what search engine and AI crawlers really fetch.",
		weight: 2,
		sentences: [
			"Log file analysis showed Googlebot spending half its time on faceted URLs we never wanted indexed.",
			"Filter your logs by verified bot IPs; a lot of 'Googlebot' traffic is scrapers pretending.",
			"We found AI crawlers hitting our PDF archive thousands of times a day in the raw access logs.",
		],
	},
	{
		topic_id: "crawl-budget",
		label: "Crawl budget",
		phrase: "crawl budget",
		description: "How many URLs search engines crawl on a site, and how to stop wasting it.",
		weight: 2,
		sentences: [
			"Crawl budget only matters for big sites, but if you have a million URLs it matters a lot.",
			"Blocking infinite calendar pages in robots.txt freed enough crawl budget to get new products indexed same day.",
			"Redirect chains and soft 404s quietly eat crawl budget; fix them before buying any tool.",
		],
	},
	{
		topic_id: "schema-markup",
		label: "Schema markup",
		phrase: "schema markup",
		description: "Structured data (schema.org) that describes pages to search engines and AI systems.",
		weight: 0,
		sentences: [
			"Schema markup won't rank a bad page, but it makes a good page eligible for rich results.",
			"Validate your structured data after every template release; one missing bracket removed all our review stars.",
			"Product schema with price and availability is still the highest-return markup for e-commerce sites.",
			"Mark up what is visible on the page; hidden FAQ schema is a fast way to lose rich results.",
		],
	},
	{
		topic_id: "local-pack",
		label: "Local pack",
		phrase: "the local pack",
		description: "The map results for local searches and the Google Business Profile signals behind them.",
		weight: 0,
		sentences: [
			"The local pack is mostly proximity, but reviews and primary category decide who wins between close competitors.",
			"Changing the primary category on the Business Profile moved the salon into the local pack within a week.",
			"Answer reviews with the service and the neighbourhood in your reply; it reads naturally and it helps.",
			"Fake addresses get suspended eventually, so build the local pack strategy on a real location.",
		],
	},
	{
		topic_id: "voice-search",
		label: "Voice search",
		phrase: "voice search",
		description: "Spoken queries to assistants and phones, and the short answers they read back.",
		weight: 0,
		sentences: [
			"Voice search answers come from featured snippets and business listings more often than from anything else.",
			"People speak in full questions, so the page that answers 'how long does it take to' in one sentence wins.",
			"Voice search traffic is nearly impossible to isolate in analytics, so measure the snippets you hold instead.",
		],
	},
	{
		topic_id: "zero-click",
		label: "Zero-click searches",
		phrase: "zero-click searches",
		description: "Searches that end on the results page without a click to any website.",
		weight: 0,
		sentences: [
			"Zero-click searches are growing, so count impressions and brand recall, not just sessions.",
			"If the answer fits in the snippet, expect a zero-click search and put your brand name in that answer.",
			"We stopped targeting definitions entirely because they were zero-click for years already.",
		],
	},
	{
		topic_id: "perplexity-seo",
		label: "Perplexity SEO",
		phrase: "Perplexity",
		description: "How Perplexity retrieves, ranks and cites web pages in its answers.",
		weight: 4,
		sentences: [
			"Perplexity cites fresh pages aggressively, so a dated update note can put you back in the answer.",
			"Check that PerplexityBot isn't blocked by your CDN's bot protection before blaming your content.",
			"Perplexity likes pages with clear headings that match the follow-up questions it suggests.",
		],
	},
	{
		topic_id: "chatgpt-search",
		label: "ChatGPT search",
		phrase: "ChatGPT search",
		description: "ChatGPT's web search: how it finds sources, and how brands show up in its answers.",
		weight: 6,
		sentences: [
			"ChatGPT search pulls a lot from Bing's index, so submit your sitemap to Bing Webmaster Tools today.",
			"Ask ChatGPT search the exact question your customers ask and see which three sites it cites every time.",
			"Referral traffic from ChatGPT search is small but converts better than most organic traffic we see.",
		],
	},
	{
		topic_id: "reddit-seo",
		label: "Reddit SEO",
		phrase: "Reddit",
		description: "Reddit threads ranking in Google and being cited by AI answers, and how brands take part.",
		weight: 3,
		sentences: [
			"Reddit threads now rank for half the product questions in our niche, so we answer there as ourselves.",
			"Don't spam Reddit with links; one genuinely useful comment brought more traffic than a month of posts.",
			"AI answers quote Reddit because it sounds like real experience, which is exactly what your blog is missing.",
		],
	},
	{
		topic_id: "youtube-seo",
		label: "YouTube SEO",
		phrase: "YouTube SEO",
		description: "Ranking videos in YouTube search and in Google's video results.",
		weight: 3,
		sentences: [
			"YouTube SEO starts with the first thirty seconds: retention decides more than the tags ever will.",
			"Chapters with plain descriptive titles get pulled into Google's key moments for the video.",
			"Say the keyword out loud early in the video; the auto captions are part of what YouTube indexes.",
		],
	},
	{
		topic_id: "tiktok-search",
		label: "TikTok search",
		phrase: "TikTok search",
		description: "TikTok as a search engine: keywords in captions, on-screen text and speech.",
		weight: 4,
		sentences: [
			"TikTok search reads your on-screen text, your caption and what you say, so put the keyword in all three.",
			"Younger customers search TikTok before Google for restaurants, so the menu video is your landing page.",
			"The suggested searches under a TikTok video are a free keyword research tool.",
		],
	},
	{
		topic_id: "link-building",
		label: "Link building",
		phrase: "link building",
		description: "Earning links from other websites, and what still counts in an age of AI answers.",
		weight: 4,
		sentences: [
			"Link building that works in this niche is boring: resource pages, partners, and data other sites want to cite.",
			"Buying links from a guest post farm got the whole site demoted; the recovery took nine months.",
			"One link from a relevant industry site beat fifty directory links in every test we ran.",
		],
	},
	{
		topic_id: "digital-pr",
		label: "Digital PR",
		phrase: "digital PR",
		description: "Campaigns that earn coverage, links and brand mentions from news sites.",
		weight: 3,
		sentences: [
			"Digital PR works when the data is genuinely new; journalists can smell a recycled survey.",
			"Our best digital PR campaign was a simple price index updated monthly that reporters kept coming back to.",
			"Pitch the local angle: regional papers say yes far more often than national ones.",
		],
	},
	{
		topic_id: "content-refresh",
		label: "Content refresh",
		phrase: "content refreshes",
		description: "Updating existing pages so they regain rankings, instead of always publishing new ones.",
		weight: 5,
		sentences: [
			"A content refresh means new information, not a new date; Google compares the page to its last version.",
			"We refresh the twenty pages that lost the most clicks year over year, every quarter, before writing anything new.",
			"Merge the three weak articles into one strong one and redirect the old URLs.",
		],
	},
	{
		topic_id: "keyword-clustering",
		label: "Keyword clustering",
		phrase: "keyword clustering",
		description: "Grouping keywords by shared search results so one page targets one intent.",
		weight: 2,
		sentences: [
			"Keyword clustering by SERP overlap tells you which keywords belong on one page and which need their own.",
			"If two keywords share seven of the top ten results, don't write two articles for them.",
			"Cluster first, then write briefs; it stopped our writers from cannibalising each other.",
		],
	},
	{
		topic_id: "search-intent",
		label: "Search intent",
		phrase: "search intent",
		description: "What the searcher actually wants: to learn, to compare, to buy or to go somewhere.",
		weight: 4,
		sentences: [
			"Search intent beats keyword density every time: look at what ranks before you decide what to write.",
			"If the results are all product pages, your blog post is not going to rank, however good it is.",
			"Intent shifts over time; re-check the results for your key pages twice a year.",
		],
	},
	{
		topic_id: "serp-features",
		label: "SERP features",
		phrase: "SERP features",
		description: "Everything on a results page besides the ten blue links, and how to appear in it.",
		weight: 2,
		sentences: [
			"Count the SERP features above the first organic result before you promise anyone traffic.",
			"People Also Ask boxes are free research: every question there deserves a heading on your page.",
			"Video carousels show up on more how-to queries than most bloggers realise.",
		],
	},
	{
		topic_id: "featured-snippets",
		label: "Featured snippets",
		phrase: "featured snippets",
		description: "The answer box at the top of the results and how pages win or lose it.",
		weight: 3,
		sentences: [
			"To win a featured snippet, put a forty-word answer directly under a heading that repeats the question.",
			"Lists win list snippets: if the snippet shows steps, format your answer as numbered steps.",
			"We lost the featured snippet when we added an intro paragraph above the definition.",
		],
	},
	{
		topic_id: "image-seo",
		label: "Image SEO",
		phrase: "image SEO",
		description: "Getting images found in image search, Lens and visual results.",
		weight: 2,
		sentences: [
			"Image SEO is filenames, alt text and the text around the image, in that order of effort.",
			"Original photos beat stock images in image search because Google already knows the stock ones.",
			"Serve modern formats but keep the image URLs stable, or you lose the image rankings you built.",
		],
	},
	{
		topic_id: "international-seo",
		label: "International SEO",
		phrase: "international SEO",
		description: "Serving the right language and country version to the right searchers.",
		weight: 2,
		sentences: [
			"Most hreflang setups we audit are broken because the return links are missing.",
			"Machine-translated pages without local examples rarely rank; localise the examples, not just the words.",
			"Subfolders were easier to grow than country domains for a small international site.",
		],
	},
	{
		topic_id: "ecommerce-seo",
		label: "E-commerce SEO",
		phrase: "e-commerce SEO",
		description: "Category pages, product pages, facets and feeds for online shops.",
		weight: 3,
		sentences: [
			"Category pages drive most e-commerce SEO traffic, so give them real copy and useful filters.",
			"Out-of-stock products should stay live with alternatives, not return a 404.",
			"Merchant Center feeds now feed the free listings too, so fix the feed errors first.",
		],
	},
	{
		topic_id: "site-migrations",
		label: "Site migrations",
		phrase: "site migrations",
		description: "Moving domains, platforms or URL structures without losing search traffic.",
		weight: 2,
		sentences: [
			"Every site migration needs a full redirect map before launch, not a wildcard rule after the traffic drops.",
			"Crawl the old site and save the list; you can't rebuild the redirect map once the old URLs are gone.",
			"Expect a dip for a few weeks after a migration, and panic only if it doesn't recover.",
		],
	},
	{
		topic_id: "javascript-seo",
		label: "JavaScript SEO",
		phrase: "JavaScript SEO",
		description: "Making JavaScript-rendered sites crawlable and indexable.",
		weight: 2,
		sentences: [
			"JavaScript SEO problems usually mean the links or the main content only exist after rendering.",
			"Most AI crawlers don't render JavaScript at all, so server-render the content you want cited.",
			"Use the URL inspection tool to see the rendered HTML; if your text isn't there, Google can't see it.",
		],
	},
	{
		topic_id: "ai-content-detection",
		label: "AI content detection",
		phrase: "AI content detection",
		description: "Whether search engines detect or penalise AI-written content, and what actually matters.",
		weight: 3,
		sentences: [
			"Google says it rewards helpful content however it's made; scaled low-value content is the problem, not AI.",
			"AI content detectors flagged our 2015 articles as AI, which tells you how reliable they are.",
			"Use AI for drafts and outlines, then add the experience and data only you have.",
		],
	},
	{
		topic_id: "brand-mentions",
		label: "Brand mentions",
		phrase: "brand mentions",
		description: "Unlinked mentions of a brand across the web, and their weight in AI answers.",
		weight: 3,
		sentences: [
			"Brand mentions without links still shape what AI assistants say about you.",
			"Search your brand in the chatbots every month and note which sites they quote about you.",
			"We turned unlinked brand mentions into links with a polite two-line email; about one in five said yes.",
		],
	},
	{
		topic_id: "agentic-search",
		label: "Agentic search",
		phrase: "agentic search",
		description: "AI agents that browse, compare and act on the web for users.",
		weight: 3,
		sentences: [
			"Agentic search means an AI browses your site for the user, so clean HTML and clear prices matter again.",
			"If an agent can't find your pricing table without clicking through three modals, it picks a competitor.",
			"Test your checkout with a browsing agent; we found two steps it could not get past.",
		],
	},
	{
		topic_id: "ai-crawlers",
		label: "AI crawlers",
		phrase: "AI crawlers",
		description: "GPTBot, ClaudeBot, PerplexityBot and friends: what they fetch and how to control them.",
		weight: 2,
		sentences: [
			"Decide per crawler: blocking training bots and allowing search bots is a reasonable middle ground.",
			"Your robots.txt rules for AI crawlers mean nothing if the CDN blocks them first.",
			"We publish an llms.txt file, but we saw no crawler fetch it more than a handful of times.",
		],
	},
	{
		topic_id: "search-console",
		label: "Search Console",
		phrase: "Search Console",
		description: "Google Search Console data: what it shows, what it hides, and how to use it.",
		weight: 3,
		sentences: [
			"Search Console hides a lot of long-tail queries, so the totals never add up to the rows.",
			"Compare the same three months year over year in Search Console before you call anything a drop.",
			"The page indexing report tells you why pages aren't indexed; 'crawled, currently not indexed' is a quality signal.",
		],
	},
];

/** Sentences that fit any topic; `{topic}` is the topic phrase. */
export const GENERAL_SENTENCES: string[] = [
	"Here's the thing nobody tells you about {topic}: most of the gains come from fixing what you already have.",
	"I tested this on {n} client sites and the pattern was the same every time.",
	"Open {tool}, filter by pages that lost clicks in the last {days} days, and start there.",
	"Google doesn't care how long your content is; it cares whether the searcher stops searching.",
	"AI search changes where the click happens, not whether people need good content.",
	"If you only do one thing this week for {topic}, do this.",
	"We saw a {pct}% lift in organic clicks after {days} days, and nothing else on the site changed.",
	"Stop writing for the algorithm and start writing for the person who typed the search.",
	"The SEO advice from five years ago still works, but the SERP around it looks completely different.",
	"Check what {engine} says about your brand before you decide the content is fine.",
	"Most sites I audit have the same problem with {topic}: nobody owns it.",
	"Search engines reward pages that answer the question first and explain second.",
	"This took me {days} days to figure out, so you get it in under a minute.",
	"Save this for your next content audit.",
	"Your SEO reporting should show {topic} separately, or nobody will notice when it breaks.",
	"AI answers quote the clearest sentence on the page, so make sure it's yours.",
	"Don't trust a tool's traffic estimate; check the real numbers in Search Console.",
	"Google has said this publicly, and it matches what we see in the data.",
	"The fix was not glamorous: better titles, fewer pages, and clearer internal links.",
	"In {year} the winners in {topic} are the sites that publish things only they could write.",
	"Here are {n} quick checks you can run in {tool} today.",
	"Content that ranks in Google is also the content that shows up in {engine}, most of the time.",
	"If your page needs a paragraph of throat-clearing before the answer, cut it.",
	"We ran the test twice because the first result looked too good to be true.",
	"Search is not just Google anymore: TikTok, Reddit, YouTube and AI chats all answer questions.",
	"Measure it for at least {days} days before you decide whether it worked.",
	"The biggest mistake with {topic} is copying what a competitor did without their context.",
	"Your competitors are probably ignoring {topic}, which is exactly why it's an opportunity.",
	"Every SEO tool shows you a score, but the only score that matters is revenue from search.",
	"Write the page so that a person and an AI model could both summarise it in one sentence.",
	"Here's the exact process, step by step, for {topic}.",
	"Follow for part two, where I show the results after {days} days.",
	"A good content brief for {topic} fits on one screen.",
	"Clients always ask if AI will kill SEO; the answer is that it kills lazy SEO.",
];

/** Passages with text that search must not choke on (operators, punctuation, quotes, emoji, accents). */
export const TRICKY_SENTENCES: string[] = [
	"NOTE: AI Overviews pulled from pages that answered the query in the first 200 words.",
	"We built a multi-agent workflow: one agent drafts, one fact-checks, one writes the schema.",
	"Our crawler still runs on Ubuntu 20.04 and parses a day of log files in under a minute.",
	'Search "best running shoes" in three AI chats and count how many brands they cite.',
	"Google ignores Boolean operators like AND and NEAR in normal queries, so stop writing titles for them.",
	'Try wildcard queries like "how to * for seo" to see what people actually type.',
	"Rankings went up 🚀 after we fixed the internal links 🔗 on the category pages.",
	"Café owners in São Paulo and Zürich saw the same drop in the local pack.",
	"A naïve keyword strategy ranks the résumé page above the actual product. Ouch 😬",
	"The title said 5* hotels & “luxury” stays, and the snippet rewrote it to plain 5-star hotels.",
];

/** Sentences carrying rare words, so tests can search for terms that match only a few passages. */
export const RARE_SENTENCES: Record<string, string> = {
	quokka: "One client's traffic spike came from a quokka meme, which is not a content strategy.",
	vellum: "For vellum paper suppliers the whole first page is forum threads and one manufacturer.",
	bratislava: "Our Bratislava team ran the same test in Slovak and got the opposite result.",
	kraken: "We track it in a spreadsheet nicknamed the Kraken because it keeps growing tentacles.",
	zeugma: "A zeugma in the title tag confused the model about what the page actually sold.",
	caffeine: "Someone asked if this is the Caffeine update again; that was 2010 and unrelated.",
};

export const TITLE_TEMPLATES: string[] = [
	"How I got cited in {engine} in {days} days",
	"{n} {Topic} mistakes killing your traffic",
	"Stop doing this if you care about {topic}",
	"The {topic} checklist I use for every client",
	"Why your pages vanished from {engine} (and the fix)",
	"{Topic} in 60 seconds",
	"I tested {n} {topic} tactics — here's what worked",
	"Google just changed {topic}. Here's what to do",
	"{Topic}: what nobody tells you",
	"My {topic} workflow with {tool}",
	"Is {topic} dead in {year}?",
	"How we grew organic clicks {pct}% with {topic}",
	"The truth about {topic} and AI search",
	"{engine} vs Google: what changes for {topic}",
	"POV: your client asks about {topic}",
	"{Topic} explained with one real example",
	"The {topic} fix that took {days} days to pay off",
	"Don't start {topic} before you watch this",
	"{n} quick {topic} wins for small sites",
	"What {engine} taught me about {topic}",
];

export const SUMMARY_TEMPLATES: string[] = [
	"{name} explains what actually moves the needle for {topic} and shares {n} practical steps.",
	"A quick breakdown of {topic}: what changed in {year}, what still works, and what to stop doing.",
	"{name} tests {topic} on a real site and walks through the results in {tool}.",
	"Short walkthrough of {topic} with examples from client sites and the numbers behind them.",
	"Why {topic} matters for AI search, and a checklist you can run in {tool} in ten minutes.",
	"{name} answers a follower's question about {topic} and {engine}.",
	"Case study: {pct}% more clicks in {days} days after a focused {topic} project.",
	"Common {topic} myths, and what Google's documentation and real data say instead.",
];

export const SUMMARY_TAILS: string[] = [
	"Includes the exact steps.",
	"Part of a series on SEO for AI search.",
	"With before-and-after screenshots.",
	"Recorded after a client call.",
	"Ends with a question for the comments.",
	"",
	"",
];

export const CLAIM_TEMPLATES: string[] = [
	"Answering the query in the first two sentences made pages more likely to be cited in {engine}.",
	"Improvements to {topic} showed results in about {days} days rather than months.",
	"Changing the published date without changing the content did not help with {topic}.",
	"Adding original data increased how often {engine} cited the page for {topic} queries.",
	"Removing {n} thin pages improved how often the rest of the site was crawled.",
	"Clear, descriptive headings helped pages get quoted by AI answers on {topic}.",
	"Client sites that invested in {topic} saw around {pct}% more organic clicks.",
	"Copying a competitor's {topic} tactics without their context did not work.",
	"Search Console data contradicted the third-party tool estimates for {topic}.",
	"Pages with first-hand examples outperformed generic guides on {topic}.",
	"Fixing internal links to key pages mattered more for {topic} than publishing new content.",
	"{engine} cited the same few sources for most {topic} questions the creator tested.",
];

export const EVIDENCE_TAILS: string[] = [
	"The creator shows the {tool} report on screen.",
	"The numbers are from the creator's own client sites.",
	"The creator says the test ran for {days} days.",
	"",
];

export const STATE_REASONS = {
	unpublished: [
		"Creator asked us to hold it while they re-record the ending.",
		"Correction pending: a statistic at 0:35 was outdated.",
		"Awaiting the creator's consent renewal.",
		"Held back: the claim needs a second source before review.",
	],
	removed: [
		"The creator deleted the video.",
		"Removed after a copyright takedown request.",
		"The platform removed the video.",
		"Removed at the creator's request.",
	],
} as const;

export const ENGINES = [
	"AI Overviews",
	"ChatGPT search",
	"Perplexity",
	"Gemini",
	"Copilot",
	"AI Mode",
	"Claude",
	"Google",
];

export const TOOLS = [
	"Screaming Frog",
	"Ahrefs",
	"Semrush",
	"Search Console",
	"GA4",
	"Sitebulb",
	"Looker Studio",
	"a Python script",
	"Google Sheets",
	"Bing Webmaster Tools",
	"Rank Math",
	"a log analyser",
];

export interface CreatorSpec {
	handle: string;
	display_name: string;
	platform: Platform;
	bio?: string;
}

/**
 * Named creators, always present (the planted fixtures use them). Index 6 never gets a public source.
 * Some handles carry non-ASCII letters, and one has upper case, for lookup tests.
 */
export const CURATED_CREATORS: CreatorSpec[] = [
	{
		handle: "seo.with.sam",
		display_name: "Sam Okafor",
		platform: "tiktok",
		bio: "Technical SEO lead. 60-second lessons on getting found in Google and AI answers.",
	},
	{
		handle: "maría.seo",
		display_name: "María Fernández",
		platform: "instagram_reels",
		bio: "SEO para negocios pequeños · small-business SEO in English and Spanish.",
	},
	{
		handle: "rankmath_raj",
		display_name: "Raj Mehta",
		platform: "youtube_shorts",
		bio: "WordPress SEO, schema and plugins, explained fast.",
	},
	{
		handle: "seo_日本語",
		display_name: "Haruto Sato",
		platform: "tiktok",
		bio: "SEO tips from Tokyo. 日本語と英語で。",
	},
	{
		handle: "ai_søk",
		display_name: "Ingrid Søberg",
		platform: "youtube_shorts",
		bio: "AI search and voice assistants.",
	},
	{
		handle: "Çağla.growth",
		display_name: "Çağla Demir",
		platform: "instagram_reels",
		bio: "Growth marketer. Local SEO and content for service businesses.",
	},
	{ handle: "quiet.serp.lab", display_name: "Quiet SERP Lab", platform: "tiktok" },
	{
		handle: "GEO.with.Grace",
		display_name: "Grace Liu",
		platform: "youtube_shorts",
		bio: "Generative engine optimization, tested on real sites.",
	},
	{
		handle: "localseo.lucia",
		display_name: "Lucía Romero",
		platform: "instagram_reels",
		bio: "Local SEO for clinics, salons and restaurants.",
	},
	{ handle: "the.schema.guy", display_name: "Tom Becker", platform: "tiktok", bio: "Structured data nerd." },
	{
		handle: "serp.nerd.nina",
		display_name: "Nina Kowalski",
		platform: "tiktok",
		bio: "I read SERPs so you don't have to.",
	},
	{
		handle: "linkbuilder.leo",
		display_name: "Leo Martins",
		platform: "youtube_shorts",
		bio: "Links, digital PR and outreach that doesn't get ignored.",
	},
	{
		handle: "crawlbudget.carl",
		display_name: "Carl Jensen",
		platform: "tiktok",
		bio: "Enterprise technical SEO.",
	},
	{
		handle: "techseo_tess",
		display_name: "Tess Walker",
		platform: "tiktok",
		bio: "Technical SEO, JavaScript and AI crawlers.",
	},
	{
		handle: "contentfixer.kim",
		display_name: "Kim Nguyen",
		platform: "instagram_reels",
		bio: "Content refreshes and editorial SEO.",
	},
	{
		handle: "entity.eli",
		display_name: "Eli Cohen",
		platform: "youtube_shorts",
		bio: "Entities, knowledge graphs, brand SEO.",
	},
	{
		handle: "zoë.rankt",
		display_name: "Zoë de Vries",
		platform: "tiktok",
		bio: "SEO in het Nederlands en Engels.",
	},
	{ handle: "digitalpr.dani", display_name: "Dani Okoro", platform: "instagram_reels" },
	{
		handle: "perplexity.pete",
		display_name: "Pete Alvarez",
		platform: "tiktok",
		bio: "Answer engines, one test at a time.",
	},
	{
		handle: "søren.søg",
		display_name: "Søren Holm",
		platform: "youtube_shorts",
		bio: "Search, in Danish and English.",
	},
];

export const FIRST_NAMES = [
	"Anna",
	"Ben",
	"Chloe",
	"Diego",
	"Emma",
	"Felix",
	"Gina",
	"Hassan",
	"Ivy",
	"Jonas",
	"Kofi",
	"Lena",
	"Mike",
	"Nora",
	"Omar",
	"Priya",
	"Quinn",
	"Rosa",
	"Sven",
	"Tara",
	"Umar",
	"Vera",
	"Will",
	"Ximena",
	"Yusuf",
	"Zara",
	"Aiko",
	"Bruno",
	"Carla",
	"Dev",
	"Elif",
	"Finn",
];

/** First names with letters outside ASCII, for some generated handles. */
export const ACCENTED_FIRST_NAMES = [
	"José",
	"François",
	"Björn",
	"Zoë",
	"Ağca",
	"Łukasz",
	"Inés",
	"Søren",
	"Chloé",
	"Dóra",
];

export const LAST_NAMES = [
	"Adams",
	"Baker",
	"Costa",
	"Dubois",
	"Evans",
	"Fischer",
	"Garcia",
	"Hughes",
	"Ito",
	"Jansen",
	"Khan",
	"Lopez",
	"Moreau",
	"Novak",
	"Osei",
	"Park",
	"Rossi",
	"Silva",
	"Turner",
	"Urban",
	"Vargas",
	"Weber",
	"Young",
	"Zhang",
];

export const HANDLE_WORDS = [
	"seo",
	"ranks",
	"serp",
	"search",
	"growth",
	"content",
	"geo",
	"aeo",
	"links",
	"organic",
	"crawl",
	"indexed",
	"snippets",
	"schema",
	"traffic",
];

export const BIO_TEMPLATES = [
	"{role} sharing what works in SEO and AI search.",
	"{role}. Short, practical {area} tips every week.",
	"Ex-agency {role}. Now helping {audience} with {area}.",
	"{area} for {audience}. No fluff, just tests.",
];
export const BIO_ROLES = [
	"SEO consultant",
	"Content strategist",
	"Technical SEO",
	"In-house SEO lead",
	"Freelance SEO",
	"Marketing manager",
];
export const BIO_AREAS = [
	"technical SEO",
	"content SEO",
	"local SEO",
	"AI search",
	"e-commerce SEO",
	"link building",
];
export const BIO_AUDIENCES = [
	"small businesses",
	"SaaS teams",
	"online shops",
	"publishers",
	"agencies",
	"creators",
];

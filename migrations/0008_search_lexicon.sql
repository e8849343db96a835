-- The search lexicon: the field's acronyms, abbreviations and variant spellings, searched as
-- alternatives of the words they expand (src/data/lexicon.ts, src/data/match-expression.ts).
-- One row per direction (term -> expansion); term_key is the term's index tokens, stemmed and joined
-- by one space (src/data/tokens.ts), which is how a query's words are looked up.
--
-- GENERATED from data/search-lexicon.json by `npm run lexicon -- generate`: edit the file, not this.
-- Operators change the live table with `npm run lexicon -- add|remove` (no release needed).
CREATE TABLE search_lexicon (
  term_key  TEXT NOT NULL,
  term      TEXT NOT NULL,
  expansion TEXT NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN ('acronym', 'abbreviation', 'variant')),
  note      TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (term_key, expansion)
) WITHOUT ROWID;

INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('aeo', 'AEO', 'answer engine optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('aeo', 'AEO', 'answer engine optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ai overview', 'AI Overviews', 'AIO', 'acronym', 'Google''s AI-generated answer boxes (AI Overview, AI Overviews).');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('aio', 'AIO', 'AI Overviews', 'acronym', 'Google''s AI-generated answer boxes (AI Overview, AI Overviews).');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('answer engin optim', 'answer engine optimization', 'AEO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('answer engin optim', 'answer engine optimization', 'answer engine optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('answer engin optimis', 'answer engine optimisation', 'AEO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('answer engin optimis', 'answer engine optimisation', 'answer engine optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('back link', 'back link', 'backlink', 'variant', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('backlink', 'backlink', 'back link', 'variant', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('cl', 'CLS', 'Cumulative Layout Shift', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through', 'click-through', 'CTR', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through', 'click-through', 'click-through rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through', 'click-through', 'clickthrough rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through rate', 'click-through rate', 'CTR', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through rate', 'click-through rate', 'click-through', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('click through rate', 'click-through rate', 'clickthrough rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('clickthrough rate', 'clickthrough rate', 'CTR', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('clickthrough rate', 'clickthrough rate', 'click-through', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('clickthrough rate', 'clickthrough rate', 'click-through rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('client side render', 'client-side rendering', 'CSR', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('core web vital', 'Core Web Vitals', 'CWV', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('csr', 'CSR', 'client-side rendering', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ctr', 'CTR', 'click-through', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ctr', 'CTR', 'click-through rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ctr', 'CTR', 'clickthrough rate', 'acronym', 'Practitioners say click-through for the rate ("click-through dropped").');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('cumul layout shift', 'Cumulative Layout Shift', 'CLS', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('cwv', 'CWV', 'Core Web Vitals', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('e a t', 'E-A-T', 'expertise authoritativeness trustworthiness', 'acronym', 'The older form. Not EAT: that is an English word.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('e commerc', 'e-commerce', 'ecommerce', 'variant', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('e e a t', 'E-E-A-T', 'EEAT', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('e e a t', 'E-E-A-T', 'experience expertise authoritativeness trustworthiness', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ecommerc', 'ecommerce', 'e-commerce', 'variant', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('eeat', 'EEAT', 'E-E-A-T', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('eeat', 'EEAT', 'experience expertise authoritativeness trustworthiness', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('experi expertis authorit trustworthi', 'experience expertise authoritativeness trustworthiness', 'E-E-A-T', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('experi expertis authorit trustworthi', 'experience expertise authoritativeness trustworthiness', 'EEAT', 'acronym', 'Google''s quality rater guidelines; the spelled-out form matches with or without commas.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('expertis authorit trustworthi', 'expertise authoritativeness trustworthiness', 'E-A-T', 'acronym', 'The older form. Not EAT: that is an English word.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ga4', 'GA4', 'Google Analytics 4', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('gener engin optim', 'generative engine optimization', 'GEO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('gener engin optim', 'generative engine optimization', 'generative engine optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('gener engin optimis', 'generative engine optimisation', 'GEO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('gener engin optimis', 'generative engine optimisation', 'generative engine optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('geo', 'GEO', 'generative engine optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('geo', 'GEO', 'generative engine optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('googl analyt 4', 'Google Analytics 4', 'GA4', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('googl search consol', 'Google Search Console', 'GSC', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('gsc', 'GSC', 'Google Search Console', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('inp', 'INP', 'Interaction to Next Paint', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('interact to next paint', 'Interaction to Next Paint', 'INP', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('javascript', 'JavaScript', 'JS', 'abbreviation', 'So JS SEO finds JavaScript SEO.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('js', 'JS', 'JavaScript', 'abbreviation', 'So JS SEO finds JavaScript SEO.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('kd', 'KD', 'keyword difficulty', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('keyword difficulti', 'keyword difficulty', 'KD', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('larg languag model', 'large language model', 'LLM', 'acronym', 'Plurals (LLMs, models) are the same words after stemming.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('largest content paint', 'Largest Contentful Paint', 'LCP', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('lcp', 'LCP', 'Largest Contentful Paint', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('llm', 'LLM', 'large language model', 'acronym', 'Plurals (LLMs, models) are the same words after stemming.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('optim', 'optimization', 'optimisation', 'variant', 'American and British spelling; optimize and optimise share these stems.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('optimis', 'optimisation', 'optimization', 'variant', 'American and British spelling; optimize and optimise share these stems.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('paa', 'PAA', 'People Also Ask', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('peopl also ask', 'People Also Ask', 'PAA', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('rag', 'RAG', 'retrieval augmented generation', 'acronym', 'Hyphenated or not, the same tokens.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('retriev augment gener', 'retrieval augmented generation', 'RAG', 'acronym', 'Hyphenated or not, the same tokens.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search engin result page', 'search engine results page', 'SERP', 'acronym', 'Plurals (SERPs, pages) are the same words after stemming.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search experi optim', 'search experience optimization', 'SXO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search experi optim', 'search experience optimization', 'search experience optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search experi optimis', 'search experience optimisation', 'SXO', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search experi optimis', 'search experience optimisation', 'search experience optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('search gener experi', 'Search Generative Experience', 'SGE', 'acronym', 'Google''s 2023 experiment that became AI Overviews; kept separate because they are not the same thing.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('serp', 'SERP', 'search engine results page', 'acronym', 'Plurals (SERPs, pages) are the same words after stemming.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('server side render', 'server-side rendering', 'SSR', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('sge', 'SGE', 'Search Generative Experience', 'acronym', 'Google''s 2023 experiment that became AI Overviews; kept separate because they are not the same thing.');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ssr', 'SSR', 'server-side rendering', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('sxo', 'SXO', 'search experience optimisation', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('sxo', 'SXO', 'search experience optimization', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('ymyl', 'YMYL', 'your money or your life', 'acronym', '');
INSERT OR REPLACE INTO search_lexicon (term_key, term, expansion, kind, note) VALUES ('your monei or your life', 'your money or your life', 'YMYL', 'acronym', '');

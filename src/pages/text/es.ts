/**
 * El español de las páginas para personas, escrito para profesionales del SEO hispanohablantes (no
 * una traducción palabra por palabra). Same shape as ./en.ts (PageText), facts from FACTS only.
 * What agents receive stays English; the guide renders it here, each rendering with the fingerprint
 * of the English it was written from (./renderings.ts).
 *
 * Terms, used the same way everywhere: herramientas, de solo lectura, sin clave de API, agentes de IA,
 * fuente, creador, tema, pasaje (de la transcripción), tarjeta de evidencia revisada and insight
 * revisado (applied: "aplicada" says nothing in Spanish), umbral de evidencia, cupo (the rate budget:
 * a cost "se descuenta del cupo"), límite de solicitudes (the limiter), encabezado (header), solicitud
 * / respuesta, palabra vacía (stop word), vigencia (freshness), explorador interactivo, en directo
 * (live). AI Overviews keeps its name, glossed once and always the same way, with Google's Spanish
 * label in Spain: AI Overviews (vistas creadas con IA).
 *
 * One variety, Spain's (es-ES): "vídeo", "pulsa", "en directo", dates as Intl's es-ES writes them. One
 * quotation style, «», inside <q> too (the stylesheet sets it for a Spanish page, whatever the quoted
 * words' language). "ID" for id, plural "los ID". No sentence starts with a digit ("Hay 6
 * herramientas"). test/workers/pages/spanish.test.ts holds these mechanical rules on the pages as
 * served, test/e2e/browser-languages.test.ts the quotation marks Chromium draws.
 */
import type { GateName } from "../../data/signal-gates";
import { oneLine } from "../../text/one-line";
import type { SourceRef } from "../../tools/shapes";
import { FACTS as f } from "../guide/guide-facts";
import { type Html, html } from "../html";
import type { Language } from "../language";
import type { AgentText } from "./agent-text";
import type { PageText } from "./en";
import { type Rendered, textOf } from "./renderings";

const code = (text: string | number) => html`<code>${text}</code>`;

/**
 * The conjunction Spanish spelling puts before `next`: "e" before a word that starts with the sound
 * i ("fuentes e insights"), "u" before one that starts with o ("siete u ocho").
 */
function conjunction(next: string, last: "y" | "o"): string {
	const word = next.replace(/^[^\p{L}]+/u, "").toLowerCase();
	if (last === "y" && /^h?[ií](?![aeoáéó])/u.test(word)) return "e";
	if (last === "o" && /^h?[oó]/u.test(word)) return "u";
	return last;
}

/** A share as Spain's Spanish writes it: 25 %, with a narrow no-break space before the sign. */
const percent = (share: number) => `${Math.round(share * 100)}\u202f%`;

/** "a, b y c" / "a, b o c". */
function list(items: readonly string[], last: "y" | "o"): string {
	if (items.length < 2) return items[0] ?? "";
	const final = items[items.length - 1] ?? "";
	return `${items.slice(0, -1).join(", ")} ${conjunction(final, last)} ${final}`;
}

/** `a`, `b` y `c`, each as code. */
const codes = (items: readonly (string | number)[], last: "y" | "o"): Html =>
	html`${items.map((item, i) => html`${i === 0 ? "" : i === items.length - 1 ? ` ${conjunction(String(item), last)} ` : ", "}${code(item)}`)}`;

const GATES: Record<GateName, string> = {
	sources: "fuentes",
	creators: "creadores",
	applied_insights: "insights revisados",
};
const gateText = list(
	f.signalGates.map(({ gate, min }) => `${GATES[gate]} ≥ ${min}`),
	"y",
);

/** The page languages' names, as a Spanish sentence says them ("en inglés"). */
const LANGUAGE_IN_SPANISH: Record<Language, string> = { en: "inglés", es: "español" };

const TYPES: Record<string, string> = {
	string: "texto",
	integer: "entero",
	number: "número",
	boolean: "booleano",
	value: "valor",
};

const thresholds = Object.fromEntries(f.signalGates.map(({ gate, min }) => [gate, min])) as Record<
	GateName,
	number
>;
const boundaryNote = "Qué son estos datos y qué no son. Cita las dos URL de cada fuente que uses.";
const topicIdArgument =
	"ID exacto del tema: un slug en minúsculas, como «ai-overviews». Aparece en get_public_manifest y en los resultados de búsqueda.";
const handleArgument =
	"El handle (nombre de usuario) del creador, con o sin «@»; da igual que vaya en mayúsculas o en minúsculas.";

/** What agents are told, rendered for a person. The English each was written from: ./agent-text.ts. */
export const SPANISH_AGENT_TEXT: Rendered<AgentText> = {
	tools: {
		search_sources: {
			title: ["22d3d244", "Buscar fuentes públicas"],
			description: [
				"020c1a85",
				"Busca en el texto completo de la colección pública de Base2026: vídeos cortos de profesionales del SEO y de la búsqueda con IA. Devuelve cada fuente una sola vez, por orden de relevancia: primero las que contienen las palabras juntas y después según BM25. Cada una trae su pasaje más pertinente como extracto acotado, el creador, la URL original y la URL de su página en Base2026. Se puede filtrar por creator_handle, topic_id o platform, y paginar con limit y offset. Para ver los pasajes y las tarjetas de evidencia revisadas de un resultado, ábrelo con get_source.",
			],
			args: {
				query: [
					"f4c53327",
					`Las palabras que se buscan en títulos, resúmenes y pasajes públicos de la transcripción. Las distintas formas de una palabra coinciden entre sí (link, links, linking), y las siglas del sector, con su forma desarrollada (AIO, AI Overviews). Los términos del sector escritos en español se leen como su equivalente en inglés y se buscan también tal cual (auditoría de contenido: content audit). Las comillas dobles rectas (") exigen que las palabras entrecomilladas aparezcan juntas. La puntuación y los operadores de búsqueda cuentan como texto normal. Se usan como máximo ${f.query.terms} términos y ${f.query.words} palabras en total, y como máximo ${f.query.termWords} palabras de cada término con guiones o entre comillas; query_truncated indica si se ha recortado el resto. Como máximo ${f.query.phrases} términos con guiones o entre comillas mantienen sus palabras juntas, con ${f.query.phraseWords} palabras entre todos; los que vienen después se buscan como palabras sueltas (véase interpreted_as).`,
				],
				creator_handle: ["fc2c7070", "Solo fuentes de este creador (con o sin «@»)."],
				topic_id: ["2197dc38", "Solo fuentes vinculadas a este ID de tema exacto."],
				platform: ["a5e2caea", `Plataforma del vídeo original: ${list(f.platforms, "o")}.`],
				limit: ["25712dd0", `Cuántas fuentes devolver (${f.search.limitMin}-${f.search.limitMax}).`],
				offset: [
					"85f77332",
					`Cuántas fuentes del ranking omitir (${f.search.offsetMin}-${f.search.offsetMax}); usa el next_offset de la página anterior.`,
				],
			},
			returns: {
				match_mode: [
					"80a8eed0",
					"all_terms: tienen que coincidir todos los términos, salvo los que aparecen en la mayor parte de la colección si queda otro menos frecuente (BM25 no les da peso; véase terms_left_out). known_terms: igual, pero dejando fuera los términos que no aparecen en ninguna fuente. any_term: ninguna fuente los contenía todos, así que se ordenan las que contienen alguno.",
				],
				interpreted_as: [
					"887f7878",
					"Cómo se ha interpretado la consulta: los términos buscados, en orden. Cada palabra coincide también con sus formas en inglés (link, links, linking). Un término del sector en español se lee como sus términos en inglés, y el español queda como una alternativa más de cada uno. Para exigir que las palabras de una frase aparezcan juntas, ponla entre comillas; los términos entre comillas no reciben alternativas.",
				],
				terms_left_out: [
					"4d495ead",
					`Los términos de interpreted_as que no se exigen, cada uno con su motivo. found_nowhere: no aparece en ninguna fuente. in_most_sources: va sin comillas y aparece en la mayor parte de la colección, así que se deja fuera si queda otro término menos frecuente; no pesaría en el ranking y solo reduciría los resultados, aunque sigue contando para match_tier. beyond_limit: en el modo any_term, cuando todos los términos aparecen en la mayor parte de la colección, solo se usan los ${f.query.anyTermWeightless} primeros. stop_word: una palabra vacía (sin significado propio) escrita sin comillas, como «the», «how» o «for» y, en una pregunta escrita en español, «de», «la» o «cómo»; nunca se exige ni se marca como coincidencia. spelling_beyond_limit: una grafía alternativa que no se llega a buscar, porque, combinando todas las grafías de la consulta, habría que buscar más de ${f.query.adjacentPhrases} frases con sus palabras juntas. Para exigir una palabra, ponla entre comillas.`,
				],
				ranked_among: [
					"285d4182",
					`null: se han ordenado todas las fuentes que coinciden. Un objeto: coinciden más de ${f.query.crowdedPool} fuentes públicas. Entonces los resultados se ordenan primero dentro del grupo de la palabra menos frecuente de la búsqueda. Ese grupo reúne las fuentes en las que esa palabra pesa más, según su frecuencia de término en BM25, con el título y las etiquetas de tema por delante. Lo calcula de antemano la actualización de las proyecciones. Dentro de cada match_tier, los resultados siguen el orden del grupo. Detrás van las demás coincidencias de ese nivel, de la añadida más recientemente a la más antigua; paginando se llega a todas. Las fuentes que contienen las palabras juntas van primero. Puede que ninguna actualización haya calculado aún el grupo de las palabras muy repetidas de la consulta (orden recent); mientras tanto, ocupan su lugar las coincidencias añadidas más recientemente. Para ordenar todas las coincidencias por BM25, añade una palabra menos frecuente o aplica un filtro.`,
				],
				total_estimate: [
					"fbbf38d1",
					"Cuántas fuentes públicas coinciden con este modo de coincidencia y estos filtros. La cifra es exacta cuando hay pocas como para contarlas todas; si no, se estima a partir de una muestra fija de la colección (una cifra alta en cualquier caso).",
				],
				next_offset: [
					"7520b5c1",
					`El offset de la página siguiente; null en la última página o pasado el offset ${f.search.offsetMax} (nunca mientras queden coincidencias antes de ese límite).`,
				],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
		get_source: {
			title: ["506c04aa", "Obtener una fuente pública"],
			description: [
				"af6c35d3",
				`Una fuente pública, por su ID o por un alias (el ID del elemento, del vídeo o de la publicación, o la URL original): metadatos, creador, temas, hasta ${f.passages} pasajes públicos de la transcripción, en orden, y hasta ${f.cards} tarjetas de evidencia revisadas. Cita original_url y source_page_url.`,
			],
			args: {
				source_id: [
					"edb3969b",
					"Un ID de fuente de Base2026 (de search_sources) o un alias suyo: el ID del elemento, del vídeo o de la publicación en la plataforma, o la URL original.",
				],
			},
			returns: {
				passages: [
					"dcd78df3",
					`Pasajes públicos de la transcripción, en orden, como máximo ${f.passages}. No es la transcripción completa.`,
				],
				evidence_cards: [
					"d76c781d",
					`Tarjetas de evidencia revisadas extraídas de esta fuente, como máximo ${f.cards}. Una tarjeta recoge lo que afirma el creador; no es una confirmación independiente.`,
				],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
		get_creator: {
			title: ["a2055fc4", "Obtener un creador"],
			description: [
				"e721c289",
				`Metadatos públicos de un creador, por su handle (con o sin «@», en mayúsculas o en minúsculas): enlace al perfil, cuántas fuentes públicas tiene, los temas que más trata con sus recuentos y, como muestra, hasta ${f.samples.creatorSources} de sus fuentes recientes. Los recuentos se refieren solo a esta colección seleccionada, no a todo lo que ha publicado el creador.`,
			],
			args: { handle: ["9bf34034", handleArgument] },
			returns: {
				counts: [
					"a6956b7a",
					"Recuentos solo sobre esta colección seleccionada; null si el creador se añadió después de la última actualización de las proyecciones.",
				],
				sample_sources: [
					"16f5ef1c",
					`Las fuentes públicas más recientes del creador, como máximo ${f.samples.creatorSources}. Para ver más, usa search_sources con creator_handle.`,
				],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
		get_topic: {
			title: ["4f4d343b", "Obtener un tema"],
			description: [
				"2975d709",
				`Un tema, por su topic_id exacto: cuántas fuentes públicas, creadores e insights revisados (tarjetas de evidencia) tiene la colección sobre él, con una muestra de hasta ${f.samples.topicSources} fuentes, ${f.samples.topicCreators} creadores y ${f.samples.topicInsights} insights. Los recuentos son una vista acotada de esta colección, no de toda la web.`,
			],
			args: { topic_id: ["abde3be2", topicIdArgument] },
			returns: {
				counts: [
					"baa8e353",
					"Recuentos solo sobre esta colección seleccionada; null si el tema se añadió después de la última actualización de las proyecciones.",
				],
				sample_sources: [
					"c5d1b23e",
					`Las fuentes públicas más recientes, como máximo ${f.samples.topicSources}.`,
				],
				sample_creators: [
					"04e0f4d5",
					`Los creadores con más fuentes públicas sobre el tema, como máximo ${f.samples.topicCreators}.`,
				],
				sample_insights: [
					"737b9c06",
					`Las tarjetas de evidencia revisadas más recientes sobre el tema, como máximo ${f.samples.topicInsights}. Las afirmaciones son de los creadores, no hechos confirmados.`,
				],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
		get_topic_signal: {
			title: ["d7d5ccc1", "Consultar el umbral de evidencia de un tema"],
			description: [
				"3e16b0f2",
				`Umbral de evidencia determinista de un topic_id: «strong» solo cuando la colección pública tiene sobre ese tema al menos ${thresholds.sources} fuentes, ${thresholds.creators} creadores y ${thresholds.applied_insights} insights revisados; si no, indica qué umbrales no se alcanzan. Siempre devuelve los recuentos y cuándo se calcularon. No es un ranking de tendencias.`,
			],
			args: { topic_id: ["abde3be2", topicIdArgument] },
			returns: {
				signal: [
					"3a50f105",
					`strong solo cuando fuentes públicas >= ${thresholds.sources}, creadores >= ${thresholds.creators} e insights revisados >= ${thresholds.applied_insights}; not_yet_projected si el tema se añadió después de la última actualización.`,
				],
				failed_gates: ["0607565d", "Los umbrales que no se alcanzan; vacío cuando es strong."],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
		get_public_manifest: {
			title: ["d2298a0a", "Obtener el manifiesto público"],
			description: [
				"6ac50e49",
				"Qué contiene ahora mismo la colección pública (recuentos de fuentes, creadores, temas, pasajes e insights revisados, por plataforma), todos los ID de tema, los enlaces del endpoint, las versiones del protocolo, la política y los límites, y cuándo se calcularon los recuentos. No recibe argumentos.",
			],
			args: {},
			returns: {
				dimensions: [
					"e7b5cd10",
					"Recuentos de la colección pública en la última actualización de las proyecciones; null antes de la primera.",
				],
				projection: [
					"63ceda2e",
					"La vigencia de cada recuento: la última actualización correcta, el último intento (si falla, se siguen sirviendo los recuentos anteriores) y cuántos creadores y temas han cambiado desde entonces.",
				],
				topics: [
					"2bcdaf0c",
					"Todos los ID de tema, para get_topic, get_topic_signal y los filtros de búsqueda.",
				],
				public_boundary: ["2ed7e9ee", boundaryNote],
			},
		},
	},
	prompts: {
		research_topic: {
			title: ["35c3b41c", "Investigar un tema"],
			description: [
				"61331b6a",
				"Investiga un tema de la colección: comprueba su umbral de evidencia, busca y lee sus fuentes, y redacta un informe que cite las dos URL de cada fuente.",
			],
			args: {
				topic_id: ["abde3be2", topicIdArgument],
				focus: ["d120174a", "Opcional: una pregunta o un enfoque en el que centrar la investigación."],
			},
		},
		check_claim: {
			title: ["fae06ce4", "Contrastar una afirmación con la colección"],
			description: [
				"9a8e58ad",
				"Comprueba qué dicen los profesionales de la colección sobre una afirmación: busca, lee las fuentes más cercanas y responde si la colección la respalda, la contradice, está dividida o no la trata, con las dos URL de cada fuente.",
			],
			args: {
				claim: ["a295fa17", "La afirmación que quieres comprobar, en una o dos frases."],
				topic_id: ["814c1ad7", "Opcional: mirar solo las fuentes de este tema."],
			},
		},
		brief_creator: {
			title: ["8d764de3", "Informe sobre un creador"],
			description: [
				"e5f84e79",
				"Un informe sobre un creador a partir de sus fuentes públicas en esta colección: temas principales y posturas, con las fuentes que las respaldan y las dos URL citadas.",
			],
			args: { handle: ["9bf34034", handleArgument] },
		},
	},
	templates: {
		source: [
			"c61eb615",
			`Una fuente pública por source_id (de search_sources o resources/list): metadatos, creador, temas, hasta ${f.passages} pasajes públicos y ${f.cards} tarjetas de evidencia revisadas, y las dos URL de cita. Como máximo ${f.readBytes} bytes.`,
		],
		creator: [
			"9805c74b",
			"Un creador por su handle (sin «@»): perfil, recuentos en esta colección, temas principales y fuentes más recientes.",
		],
		topic: [
			"d3093ea9",
			"Un tema por su topic_id exacto: recuentos, el umbral de evidencia (no una tendencia) y fuentes, creadores e insights de muestra.",
		],
	},
	errors: {
		[`200 ${f.codes.MethodNotFound}`]: ["aa1df80a", "versiones 2025: método desconocido"],
		[`200 ${f.codes.InvalidParams}`]: [
			"b68fa2dd",
			`herramienta o prompt desconocidos, argumentos de prompt incorrectos, un cursor que el servidor no emitió; en ${f.modernVersion}, un recurso no encontrado (data.uri)`,
		],
		[`200 ${f.codes.ResourceNotFound}`]: ["cf405fe8", "versiones 2025: un recurso no encontrado (data.uri)"],
		[`200 ${f.codes.InternalError}`]: [
			"3e3804b3",
			`un recurso, un prompt o un autocompletado no pudo leer la base de datos (el servicio está degradado), o la respuesta a un elemento de un lote superaría ${f.answerKiB} KiB`,
		],
		[`400 ${f.codes.ParseError}`]: ["fcfbc857", "el cuerpo no es JSON válido en UTF-8"],
		[`400 ${f.codes.InvalidRequest}`]: ["1891ae86", "no es una solicitud JSON-RPC"],
		[`400 ${f.codes.InvalidParams}`]: [
			"8b4bfed1",
			"a params._meta le falta la versión del protocolo o las capacidades del cliente",
		],
		[`400 ${f.codes.HeaderMismatch}`]: [
			"8de9a6ab",
			"falta un encabezado MCP, está mal formado o no coincide con el cuerpo",
		],
		[`400 ${f.codes.UnsupportedProtocolVersion}`]: [
			"184bd69d",
			"versión no compatible; data indica las compatibles y la solicitada",
		],
		[`403 ${f.codes.InvalidRequest}`]: [
			"5f9bc3a6",
			"un encabezado Origin que no es ni este sitio ni una dirección local (localhost)",
		],
		[`404 ${f.codes.MethodNotFound}`]: [
			"9f48339d",
			`método desconocido (${list(f.legacyOnlyMethods, "y")} no existen en ${f.modernVersion})`,
		],
		[`405 ${f.codes.InvalidRequest}`]: [
			"07bcc781",
			"GET, DELETE o cualquier método que no sea POST; Allow: POST",
		],
		[`406/415 ${f.codes.InvalidRequest}`]: [
			"3a5e7ace",
			"Accept excluye application/json / Content-Type no es application/json",
		],
		[`413 ${f.codes.InvalidRequest}`]: ["fc16f60f", `el cuerpo supera los ${f.bodyKiB} KiB`],
		[`429 ${f.codes.RateLimited}`]: [
			"a69bd01c",
			`más de ${f.rate.requests} mensajes por minuto, o un lote que no cabe (Retry-After: ${f.rate.periodSeconds}); o una búsqueda cuando la base de datos está ocupada y el cliente ya ha usado más de su parte (Retry-After: cuando su parte lo permita)`,
		],
		[`500 ${f.codes.InternalError}`]: ["687ab9a8", "un fallo inesperado (el mensaje no revela nada interno)"],
		[`503 ${f.codes.ServiceUnavailable}`]: [
			"4badb6d6",
			"el limitador de solicitudes no puede responder, o, en una búsqueda, el límite global de la base de datos; no se sirvió nada",
		],
	},
	methods: {
		"server/discover": {
			summary: ["e0ec9983", "versiones compatibles, capacidades, instrucciones, indicaciones de caché"],
			choice: ["adfbc326", "qué versiones y capacidades ofrece el servidor"],
		},
		"tools/list": { choice: ["64173ed2", "las herramientas y sus esquemas"] },
		"resources/list": { choice: ["7e56101c", "el manifiesto, los temas y luego las fuentes por páginas"] },
		"resources/templates/list": { choice: ["75aed5cd", "las plantillas de URI"] },
		"resources/read": {
			choice: ["58dd2623", "leer un recurso"],
			hint: ["21ae91b6", "base2026://manifest, o una plantilla de arriba con su argumento completado"],
		},
		"prompts/list": { choice: ["bb73128e", "los prompts y sus argumentos"] },
	},
	boundary: {
		scope: [
			"e2fece91",
			"Registros públicos y publicados de la colección seleccionada de Base2026: vídeos cortos de profesionales.",
		],
		excludes: [
			["abfa86cb", "fuentes no publicadas o retiradas"],
			["1b3511be", "tarjetas de evidencia sin revisar"],
			["3ceaf973", "subtítulos en bruto o ASR"],
			["fc9adf03", "archivos multimedia"],
			["aed0ef92", "notas privadas y credenciales"],
		],
		doNotPresentAs: [
			["2ee1fc54", "un ranking en tiempo real"],
			["ea8166bd", "un corpus completo"],
			["d3d1678d", "una transcripción completa"],
			["e9d4ec06", "una confirmación independiente de lo que afirma un creador"],
		],
	},
};

export const ES: PageText = {
	chrome: {
		skip: "Saltar al contenido",
		siteNav: "Sitio",
		languageNav: "Idioma",
	},
	siteName: f.server.title,
	words: {
		required: "obligatorio",
		optional: "opcional",
		type: (type: string) => TYPES[type] ?? type,
		oneOf: (values: readonly string[]) => `uno de: ${values.join(", ")}`,
		range: (low: number | undefined, high: number | undefined): string | undefined =>
			low !== undefined && high !== undefined
				? `${low}–${high}`
				: low !== undefined
					? `al menos ${low}`
					: high !== undefined
						? `como máximo ${high}`
						: undefined,
		characters: (range: string) => `${range} caracteres`,
		byDefault: (value: string) => `por defecto ${value}`,
		list: (items: readonly string[], last: "and" | "or") => list(items, last === "and" ? "y" : "o"),
		/** A day of a recording, short. */
		date: (iso: string) =>
			new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
		dateTime: (iso: string) =>
			`${new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`,
	},

	agent: textOf<AgentText>(SPANISH_AGENT_TEXT),
	gate: (gate: GateName) => GATES[gate],

	guide: {
		title: "Servidor MCP de SEO y búsqueda con IA: guía de Base2026 Public MCP",
		description:
			"Servidor MCP gratuito, de solo lectura y sin clave de API, sobre vídeos de profesionales del SEO y de la búsqueda con IA: conexión, límites y cómo citar.",
		nav: {
			connect: "Conectar",
			explorer: "Explorador",
			session: "Sesiones",
			tools: "Herramientas",
			resources: "Recursos",
			limits: "Límites",
			citing: "Cómo citar",
			protocol: "Protocolo",
		},
		lead: html`Un servidor <a href="https://modelcontextprotocol.io/">Model Context Protocol</a> gratuito, de solo lectura y sin clave de API con el que los agentes de IA consultan una selección de vídeos cortos de profesionales del SEO y la búsqueda con IA (TikTok, YouTube Shorts, Instagram Reels): fuentes, sus creadores, temas, pasajes públicos de la transcripción y tarjetas de evidencia revisadas. Todo llega en extractos breves, con su autor y su enlace, listo para citar.`,
		facts: {
			endpoint: "Endpoint",
			transport: "Transporte",
			transportText: html`Streamable HTTP sin estado: solo ${code("POST")}, respuestas ${code("application/json")}, sin sesiones y sin eventos enviados por el servidor.`,
			protocol: "Protocolo",
			protocolText: html`${code(f.modernVersion)} (en cada solicitud, ${code("server/discover")}); ${codes(f.legacyVersions, "y")} tras ${code("initialize")}.`,
			access: "Acceso",
			accessText: `Sin clave de API ni registro. Hasta ${f.rate.requests} mensajes JSON-RPC por minuto por cliente.`,
			server: "Servidor",
			discovery: "Descubrimiento",
			discoveryText: (serverCard: Html, catalog: Html) =>
				html`La ${serverCard} y el ${catalog} que la incluye, para los clientes que buscan servidores antes de conectarse.`,
			serverCard: "tarjeta del servidor (Server Card)",
			catalog: "catálogo de IA (AI Catalog)",
		},
		connect: {
			title: "Conectar",
			intro: "Añade el servidor a tu agente. No hacen falta encabezados ni claves.",
			mcpJson: html`O guárdalo en tu proyecto, en ${code(".mcp.json")}:`,
			codexConfig: html`O añádelo a ${code("~/.codex/config.toml")}:`,
			other: "Cualquier otro cliente, o curl",
			otherText: html`Configura cualquier cliente compatible con Streamable HTTP con la URL ${code(f.endpoint)}. Con curl, consulta qué ofrece el servidor:`,
			callTool: "llama a una herramienta:",
			readResource: "o lee un recurso:",
			note: html`Cada solicitud de la versión ${code(f.modernVersion)} lleva ${code(`"${f.metaKeys.ProtocolVersion}"`)} y ${code(`"${f.metaKeys.ClientCapabilities}": {}`)} en ${code("params._meta")}, y repite la versión, el método y, en ${codes(f.namedMethods, "y")}, el nombre de la herramienta o del prompt o la URI del recurso en los encabezados ${codes([f.headers.ProtocolVersion, f.headers.Method, f.headers.Name], "y")}.`,
			copy: {
				claude: "el comando de Claude Code",
				mcpJson: "el archivo .mcp.json",
				codex: "el comando de Codex",
				codexConfig: "las líneas de config.toml de Codex",
				discover: "el comando curl de server/discover",
				call: "el comando curl de tools/call",
				read: "el comando curl de resources/read",
			},
		},
		tools: {
			title: "Herramientas",
			intro: html`Hay ${f.toolCount} herramientas de solo lectura, y ${code("tools/list")} las devuelve en este orden. Empieza por ${code("search_sources")} y luego abre un resultado. Los argumentos y sus límites salen de los mismos esquemas que devuelve ${code("tools/list")}. Un argumento incorrecto vuelve como resultado de la herramienta, con ${code("isError: true")} y un mensaje que explica qué cambiar.`,
			arguments: "Argumentos",
			returns: html`Devuelve en ${code("structuredContent")}`,
			noArguments: html`Ninguno: envía ${code("{}")}.`,
			annotations: "Anotaciones:",
			schemas: (name: string) =>
				html`Esquemas JSON de ${code(name)}, tal como los envía ${code("tools/list")}`,
		},
		resources: {
			title: "Recursos y prompts",
			intro: html`Cada fuente, creador y tema públicos, y también el manifiesto, son recursos: adjunta uno a una conversación (con una mención @ en la mayoría de los clientes) y el modelo recibe en Markdown compacto lo que devuelve la herramienta correspondiente, con los dos enlaces de cita de cada fuente, en ${f.readKiB} KiB como máximo. Las URI usan el esquema ${code("base2026://")} porque el cliente las lee a través de este servidor; lo que se cita son los enlaces ${code("https://")} que contienen.`,
			uri: "URI",
			returns: "Qué devuelve una lectura",
			manifest: html`La colección: recuentos, vigencia de los datos, todos los ID de tema y los límites (${code("get_public_manifest")}).`,
			listing: html`${code("resources/list")} devuelve primero el manifiesto y los temas, y después las fuentes públicas, ${f.resourcePageSize} por página, tras un ${code("nextCursor")} opaco. ${code("completion/complete")} autocompleta los argumentos de las plantillas y de los prompts (ID de tema y handles por prefijo; ID de fuente por prefijo del ID o por el comienzo de las palabras de su título; como máximo ${f.completionMax} valores). Una URI que no corresponde a nada público da «no encontrado»: ${code(f.codes.InvalidParams)} con ${code("data.uri")} en ${f.modernVersion} y ${code(f.codes.ResourceNotFound)} en las versiones 2025.`,
			prompts: "Prompts",
			promptsIntro: `Hay ${f.promptCount} prompts, que la mayoría de los clientes ofrecen como comandos con barra (/). Cada uno prepara una tarea de investigación con las reglas para citar ya incluidas.`,
		},
		limits: {
			title: "Límites",
			what: "Qué",
			limit: "Límite",
			body: "Cuerpo de la solicitud",
			bodyText: html`Como máximo ${f.bodyKiB} KiB (${f.bodyBytes} bytes), contados sobre los bytes realmente leídos; un cuerpo mayor recibe ${code(413)} y no se analiza.`,
			rate: "Frecuencia",
			rateText: html`Hasta ${f.rate.requests} mensajes JSON-RPC cada ${f.rate.periodSeconds} segundos por cliente, vayan como vayan empaquetados: cada mensaje de un lote cuenta. Cada dirección es un cliente (la que ve Cloudflare; las IPv6 se agrupan por /64), salvo las que están en un rango de salida publicado de una plataforma de agentes alojada que el operador incluye en su lista (por defecto, ${list(
				f.platformRanges.map(
					({ range, publisher }) =>
						`el que ${publisher} publica para las llamadas a herramientas de sus conectores MCP, ${range}`,
				),
				"y",
			)}): cada uno de esos rangos cuenta como un solo cliente, con un cupo mayor que fija el operador (${list(
				f.platformRanges.map(
					({ publisher, requests }) =>
						`el de ${publisher}: ${requests} mensajes cada ${f.rate.periodSeconds} segundos para todos sus agentes`,
				),
				"y",
			)}). Por encima de todos, un límite global reparte el tiempo de la base de datos: las búsquedas de todos los clientes juntas ocupan como mucho el ${percent(f.gate.light.share)} de ese tiempo las normales y el ${percent(f.gate.heavy.share)} las costosas, de una en una; cuando no alcanza, el cliente que no ha agotado su parte espera su turno, y el que ocupa más de lo que le toca recibe ${code(429)} con el ${code("Retry-After")} que necesita su uso. Las consultas directas nunca esperan a este límite. Al superar el cupo: ${code(429)} con ${code(`Retry-After: ${f.rate.periodSeconds}`)} y ${code("error.data.retry_after_seconds")}. Una búsqueda que, según la previsión, ocupará la base de datos más de ${f.costly.freeMs} ms de tiempo de D1 cuesta un mensaje más por cada ${f.costly.msPerUnit} ms adicionales, que se descuenta del cupo antes de ejecutarla; lo que la respuesta tarde por encima de la previsión se descuenta después, como máximo ${f.costly.maxUnits} mensajes más. Las solicitudes rechazadas antes de llegar al protocolo (origen ajeno, tipo de contenido incorrecto, cuerpo demasiado grande) no cuentan. Las páginas tienen su propio cupo de ${f.pageRate.requests} solicitudes cada ${f.pageRate.periodSeconds} segundos.`,
			batch: "Lotes",
			batchText: html`Solo en la versión ${f.batchVersion}, como máximo ${f.batchMessages} mensajes; un lote más largo, o más largo que el cupo que queda, se rechaza entero con ${code(429)} y no se ejecuta nada. Cada respuesta de un lote ocupa como máximo ${f.answerKiB} KiB.`,
			searchText: html`${code("limit")} ${f.search.limitMin}–${f.search.limitMax} (por defecto ${f.search.limitDefault}), ${code("offset")} ${f.search.offsetMin}–${f.search.offsetMax} (por defecto ${f.search.offsetDefault}); cada resultado lleva un extracto acotado.`,
			sourceText: `Como máximo ${f.passages} pasajes y ${f.cards} tarjetas de evidencia revisadas por fuente, con los totales.`,
			signalText: html`${code("strong")} solo cuando ${gateText}; si no, indica qué umbrales no se alcanzan. Un umbral de evidencia determinista, no un ranking de tendencias.`,
		},
		citing: {
			title: "Datos públicos y cómo citar",
			carried: html`Cada resultado lleva esta delimitación en ${code("public_boundary")}.`,
			neverServed: "Nunca se sirven",
			citeBoth: "Cita los dos enlaces",
			citeText: html`Cita cada fuente que uses con ${codes(f.cite, "y")}: el vídeo original del creador y su página de fuente en Base2026, ${code(f.sourcePagePattern)}.`,
			doNotPresent: "No presentes un resultado como",
			instructions: "Lo que el servidor dice a los agentes",
			instructionsText: html`Las ${code("instructions")} de ${code("server/discover")} e ${code("initialize")}, literales (en inglés, tal como las reciben los agentes):`,
		},
		protocol: {
			title: "Protocolo",
			modern: `${f.modernVersion} (moderna)`,
			modernText: (methods: Html) =>
				html`No hay negociación inicial: cada solicitud indica su versión en ${code("params._meta")} y en el encabezado ${code(f.headers.ProtocolVersion)}. Métodos: ${methods}. Los resultados llevan ${code('"resultType": "complete"')} y la identidad del servidor en ${code("_meta")}.`,
			legacy: `${list(f.legacyVersions, "y")} (heredadas)`,
			legacyText: html`${code("initialize")} responde con la versión del cliente cuando es una de estas y, si no, con ${code(f.legacyFallback)}; las solicitudes siguientes envían ${code(f.headers.ProtocolVersion)} (si falta, se entiende ${code(f.legacyHeaderless)}). Los mismos métodos de herramientas, recursos, prompts y autocompletado. Las notificaciones reciben ${code(202)}; ${code("ping")} responde ${code("{}")}.`,
			transport: "Transporte",
			transportText: html`Solo ${code(`POST ${f.mcpPath}`)}, con ${code("Content-Type: application/json")}. Sin ${code("Mcp-Session-Id")} ni flujo SSE: ${code("GET")} y ${code("DELETE")} reciben ${code(405)} con ${code("Allow: POST")}. Cada error es un objeto de error JSON-RPC:`,
			http: "HTTP",
			code: "Código",
			when: "Cuándo",
			toolError:
				"argumentos de herramienta incorrectos, o no hay ninguna fuente, creador ni tema públicos con ese ID (un resultado de la herramienta, no un error de protocolo)",
			and: "y",
		},
		footer: html`${code(f.server.name)} ${f.server.version} · solo lectura, sin clave de API, solo registros públicos · endpoint ${code(f.endpoint)}`,
	},

	explorer: {
		title: "Explorador",
		intro:
			"Lee intercambios grabados del endpoint sin enviar nada, o prueba el servidor en directo desde esta página.",
		live: "Pruébalo en directo",
		liveIntro: html`Envía una solicitud real a ${code(f.endpoint)} desde esta página y mira exactamente qué viaja por la red. Las solicitudes consumen el mismo cupo de ${f.rate.requests} mensajes por minuto.`,
		noscript:
			"El explorador interactivo necesita JavaScript. Los comandos curl de arriba envían las mismas solicitudes, y los intercambios grabados se pueden leer sin JavaScript.",
		tryExample: "Prueba un ejemplo:",
		request: "Solicitud",
		response: "Respuesta",
		send: "Enviar",
		choose: "Elige una solicitud y pulsa Enviar.",
		noArguments: "Este método no recibe argumentos.",
		toolNoArguments: "Esta herramienta no recibe argumentos.",
		argumentsOf: (name: string) => `Argumentos de ${name}`,
		promptArgumentsOf: (name: string) => `Argumentos del prompt ${name}`,
		paramsOf: (method: string) => `Parámetros de ${method}`,
		notSet: "(sin definir)",
		examples: {
			search: (query: string) => `Buscar «${query}»`,
			question: "búsqueda con IA",
			readTopic: "Leer el recurso de un tema",
			researchPrompt: "Prompt: investigar un tema",
			emptyQuery: "Consulta vacía",
			unknownTopic: "Tema desconocido",
			limitTooLarge: (limit: number) => `Límite ${limit} (demasiado alto)`,
		},
		recorded: {
			title: "Intercambios grabados",
			intro: (url: Html, date: Html, server: string) =>
				html`Lo que respondió el endpoint, grabado desde ${url} el ${date} (servidor ${server}) con ${code("npm run capture")}. Leerlos no envía nada, así que siguen disponibles aunque el endpoint no responda o hayas agotado tu cupo.`,
			labels: {
				discover: `Consultar qué ofrece el servidor (${f.modernVersion})`,
				initialize: `Inicializar (${f.legacyFallback})`,
				"tools-list": "Listar las herramientas",
				search: "Buscar",
				"get-source": "Abrir el primer resultado",
				"get-topic-signal": "Consultar el umbral de evidencia de su tema",
				"empty-search": "Una búsqueda que no encuentra nada",
				"unknown-topic": "Un ID de tema mal escrito",
				"suggested-topic": "El ID de tema que sugiere el error",
				"not-found": "Un ID de fuente que no existe",
				"argument-error": "Un argumento fuera de rango",
				"rate-limited": "Cupo agotado",
			},
			recordedOn: (date: Html) => html`grabado el ${date}`,
		},
		script: {
			sending: "Enviando…",
			copy: "Copiar",
			copyLabel: "Copiar {label}",
			copied: "Copiado",
			copyFailed: "No se pudo copiar: selecciona el texto",
			rpcError: "error JSON-RPC",
			toolError: "error de la herramienta (isError: true)",
			result: "resultado",
			withStructured: "con structuredContent",
			withContents: "con contents ({types})",
			withMessages: { one: "con {count} mensaje de prompt", other: "con {count} mensajes de prompt" },
			failed: "La solicitud no se completó: {reason}",
		},
	},

	session: {
		sessions: {
			covered: {
				title: "Sesión de investigación grabada",
				plan: "buscar las palabras de la pregunta, abrir el primer resultado y consultar el umbral de evidencia de su primer tema",
			},
			uncovered: {
				title: "Sesión grabada con una pregunta que la colección no cubre",
				plan: "buscar las palabras de la pregunta, que no encuentran nada; adivinar el ID del tema más cercano, que está mal escrito y da un error; y volver a consultar el tema con el ID que sugiere el error",
			},
		},
		label: (date: Html, url: Html, plan: string) =>
			html`Grabada el ${date}, con llamadas reales a ${url}; no es una respuesta generada al momento: en esta página no se ejecuta ningún modelo. Las llamadas siguen un plan fijo (${plan}) y las hizo ${code("npm run capture")}; la respuesta final la escribió una persona a partir de lo que devolvieron.`,
		question: "La pregunta",
		recordedIn: (recorded: Language, question: string) =>
			`La sesión se grabó en ${LANGUAGE_IN_SPANISH[recorded]}: arriba, la pregunta tal como se hizo; las búsquedas envían sus palabras clave en ${LANGUAGE_IN_SPANISH[recorded]}. En español: «${question}»`,
		step: (n: number, tool: string) => html`Paso ${n}: ${code(tool)}`,
		purpose: {
			search: "Buscar en la colección las palabras clave de la pregunta.",
			"get-source": "Leer el primer resultado: sus pasajes, su creador y sus temas.",
			"get-topic-signal": "Comprobar si su tema tiene evidencia pública suficiente para seguir adelante.",
			"empty-search": "Buscar en la colección las palabras clave de la pregunta.",
			"unknown-topic":
				"Como la búsqueda no encuentra nada, se busca el tema más cercano con un ID adivinado, que está mal escrito.",
			"suggested-topic": "Recuperarse del error: volver a consultar el tema con el ID que sugiere el error.",
		},
		arguments: "Argumentos enviados",
		cameBack: "Respuesta (bloque de texto)",
		cameBackError: "Respuesta: un error de la herramienta (isError: true), bloque de texto",
		whole: "El intercambio completo, tal como se grabó",
		answer: "La respuesta",
		answerNote:
			"La escribió una persona a partir de los resultados grabados de arriba; no se ejecutó ningún modelo. Cada afirmación cita las palabras en que se apoya y enlaza a la fuente de la que salen.",
		sourcePage: "página de la fuente",
		original: "vídeo original",
		stepLink: "el paso",
		exchangeLink: "el intercambio grabado",
		gate: (topic: Html, sources: number, creators: number, insights: number, date: Html) =>
			html`${topic} supera su umbral de evidencia (${sources} fuentes, ${creators} creadores, ${insights} insights revisados, contados el ${date}): hay suficiente evidencia pública para leer sobre el tema, lo que no demuestra que el consejo funcione ni indica una tendencia.`,
	},

	sourcePage: {
		nav: { guide: "Guía", explorer: "Explorador", citing: "Cómo citar" },
		titleSuffix: "Base2026",
		sourceOn: (platform: string) => `Fuente en ${platform}`,
		creator: "Creador",
		platform: "Plataforma",
		published: "Publicado",
		duration: "Duración",
		original: "Original",
		summary: "Resumen.",
		topics: "Temas",
		passages: "Pasajes públicos",
		noPassages: "Esta fuente no tiene pasajes públicos.",
		passagesNote: (shown: number, total: number) =>
			`Se muestran ${shown} de ${total} pasajes públicos, en orden (como máximo ${f.passages}). Son extractos breves revisados, no la transcripción completa.`,
		cards: "Tarjetas de evidencia revisadas",
		noCards: "Esta fuente no tiene tarjetas de evidencia revisadas.",
		cardsNote: (shown: number, total: number) =>
			`Se muestran ${shown} de ${total} tarjetas revisadas (como máximo ${f.cards}). Una tarjeta recoge lo que afirma el creador; no es una confirmación independiente.`,
		evidence: "Evidencia.",
		topic: "Tema",
		reviewed: "revisada el",
		cite: "Cómo citar",
		citeIntro: "Cita el original y esta página:",
		citeLine: (ref: SourceRef) =>
			oneLine(
				`«${ref.title}», de ${ref.creator_handle} (${ref.platform}, ${ref.published_at}) ${ref.original_url} | ${ref.source_page_url}`,
			),
		doNotPresent: (items: readonly string[]) => `No lo presentes como ${list(items, "o")}.`,
		footer: (guide: string) =>
			html`${f.server.title} · solo registros públicos y publicados · <a href="${guide}">Cómo conectar un agente</a>`,
		missing: {
			title: "Fuente no encontrada",
			description: "Ninguna fuente pública tiene este ID.",
			text: (id: string) =>
				html`Ninguna fuente pública tiene el ID ${code(id)}. Puede que nunca haya existido, o que no esté publicada o se haya retirado; ni estas páginas ni las herramientas MCP muestran esas fuentes.`,
			find: (explorer: string) =>
				html`Busca fuentes con ${code("search_sources")} en el <a href="${explorer}">explorador</a>.`,
		},
		unavailable: {
			title: "No disponible temporalmente",
			description: "No se pudo leer la colección en este momento.",
			text: "No se pudo leer la colección en este momento. No se ha encontrado ni descartado nada: vuelve a intentarlo en un minuto.",
		},
	},

	plain: {
		notFound: (mcpPath: string, guidePath: string) =>
			`No encontrado. El endpoint MCP es POST ${mcpPath}; la guía es GET ${guidePath}.`,
		notAcceptable: "No aceptable: esta página solo se sirve como text/html.",
		tooManyPages: `Demasiadas solicitudes de páginas: como máximo ${f.pageRate.requests} solicitudes cada ${f.pageRate.periodSeconds} segundos por cliente. Vuelve a intentarlo dentro de ${f.pageRate.periodSeconds} segundos.`,
		limiterDown: `No disponible temporalmente: el limitador de solicitudes no puede responder, así que la página no se sirvió. Vuelve a intentarlo dentro de unos ${f.limiterRetrySeconds} segundos.`,
	},
};

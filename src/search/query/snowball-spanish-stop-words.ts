/**
 * Snowball's Spanish stop word list, vendored as published: every word of
 * https://snowballstem.org/algorithms/spanish/stop.txt, in its order and its sections (the file's
 * last change: "Convert all stopword lists to UTF-8", 2018; read from the snowball-website
 * repository at a5c23fcf6cb8). The same project's Spanish stemmer is spanish-stem.ts. It is the list
 * of the language's function words (articles, pronouns, prepositions, conjunctions and the forms of
 * estar, haber, ser and tener), maintained with the algorithm, not picked for this collection:
 * which of them say that a query is written in Spanish, and which are not stop words in a search
 * about SEO, is decided in spanish-words.ts, with the reasons. Do not edit the list: change the
 * decisions there.
 *
 * Copyright (c) 2001, Dr Martin Porter, Copyright (c) 2002, Richard Boulton. All rights reserved.
 * Redistribution and use in source and binary forms, with or without modification, are permitted
 * provided that the following conditions are met: 1. Redistributions of source code must retain the
 * above copyright notice, this list of conditions and the following disclaimer. 2. Redistributions
 * in binary form must reproduce the above copyright notice, this list of conditions and the
 * following disclaimer in the documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors may be used to
 * endorse or promote products derived from this software without specific prior written
 * permission. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 * COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE
 * GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
 * ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR
 * OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY
 * OF SUCH DAMAGE.
 */
export const SNOWBALL_SPANISH_STOP_WORDS: readonly string[] = [
	// ranked, commonest first (the words the upstream file comments out, such as es, fue and ha, are left out there and come back among the verb forms below)
	"de la que el en y a los del se las por un para con no una su al lo como más pero sus le",
	"ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde quien",
	"desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto mí antes",
	"algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada muchos cual",
	"poco ella estar estas algunas algo nosotros",
	// other forms: pronouns and possessives
	"mi mis tú te ti tu tus ellas nosotras vosotros vosotras os mío mía míos mías tuyo tuya",
	"tuyos tuyas suyo suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra",
	"vuestros vuestras esos esas",
	// forms of estar (not the infinitive, which the ranked list has)
	"estoy estás está estamos estáis están esté estés estemos estéis estén estaré estarás",
	"estará estaremos estaréis estarán estaría estarías estaríamos estaríais estarían estaba",
	"estabas estábamos estabais estaban estuve estuviste estuvo estuvimos estuvisteis",
	"estuvieron estuviera estuvieras estuviéramos estuvierais estuvieran estuviese estuvieses",
	"estuviésemos estuvieseis estuviesen estando estado estada estados estadas estad",
	// forms of haber
	"he has ha hemos habéis han haya hayas hayamos hayáis hayan habré habrás habrá habremos",
	"habréis habrán habría habrías habríamos habríais habrían había habías habíamos habíais",
	"habían hube hubiste hubo hubimos hubisteis hubieron hubiera hubieras hubiéramos hubierais",
	"hubieran hubiese hubieses hubiésemos hubieseis hubiesen habiendo habido habida habidos",
	"habidas",
	// forms of ser
	"soy eres es somos sois son sea seas seamos seáis sean seré serás será seremos seréis",
	"serán sería serías seríamos seríais serían era eras éramos erais eran fui fuiste fue",
	"fuimos fuisteis fueron fuera fueras fuéramos fuerais fueran fuese fueses fuésemos fueseis",
	"fuesen siendo sido",
	// forms of tener
	"tengo tienes tiene tenemos tenéis tienen tenga tengas tengamos tengáis tengan tendré",
	"tendrás tendrá tendremos tendréis tendrán tendría tendrías tendríamos tendríais tendrían",
	"tenía tenías teníamos teníais tenían tuve tuviste tuvo tuvimos tuvisteis tuvieron tuviera",
	"tuvieras tuviéramos tuvierais tuvieran tuviese tuvieses tuviésemos tuvieseis tuviesen",
	"teniendo tenido tenida tenidos tenidas tened",
]
	.join(" ")
	.split(" ");

/** The pages' words in every language, by language. */
import type { Language } from "../language";
import { EN, type PageText } from "./en";
import { ES } from "./es";

export type { PageText };

export const PAGE_TEXT: Record<Language, PageText> = { en: EN, es: ES };

// The languages a document's words are stemmed in (DESIGN.md "Search inside documents"): the
// value of a document's `language`, the PostgreSQL text search configuration that indexes it
// (made by the search_text migration: unaccent, then the language's stemmer), and the tesseract
// language pack that reads its scanned pages.
export const DOCUMENT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'simple'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export const TEXT_SEARCH_CONFIG: Record<DocumentLanguage, string> = {
  en: 'quire_english',
  de: 'quire_german',
  fr: 'quire_french',
  es: 'quire_spanish',
  it: 'quire_italian',
  nl: 'quire_dutch',
  pt: 'quire_portuguese',
  simple: 'quire_simple',
};

export const OCR_LANGUAGE: Record<DocumentLanguage, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pt: 'por',
  simple: 'eng',
};

export const LANGUAGE_NAMES: Record<DocumentLanguage, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  simple: 'Other (no stemming)',
};

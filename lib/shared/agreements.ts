// Agreement fields both faces and the server share (DESIGN.md "Agreements (NDA before access)").
export const AGREEMENT_CONTENT_TYPES = ['text', 'url', 'document'] as const;
export type AgreementContentType = (typeof AGREEMENT_CONTENT_TYPES)[number];
export const AGREEMENT_TEXT_MAX = 50_000;
/** The full name a visitor types when the agreement requires it. */
export const AGREEMENT_NAME_MAX = 200;

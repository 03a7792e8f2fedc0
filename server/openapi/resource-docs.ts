// What a resource contributes to the /v1 OpenAPI document, written beside its schemas
// (server/routers/<resource>/schemas.ts): its tag's text and request body examples by operationId.
export type ResourceDocs = {
  tag?: { name: string; description: string };
  /** Request body examples by operationId; tests check each one against the procedure's input. */
  examples?: Record<string, Record<string, unknown>>;
};

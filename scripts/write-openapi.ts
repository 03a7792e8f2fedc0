// Writes docs/openapi.json, the committed copy of the /v1 OpenAPI document (`npm run openapi:write`).
// tests/openapi.unit.test.ts fails while the copy differs from what the code generates.
import fs from 'node:fs';
import path from 'node:path';
import { openApiJson } from '../server/openapi/document';

const file = path.resolve(__dirname, '..', 'docs', 'openapi.json');
const json = openApiJson();
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
if (before === json) {
  console.log(`${path.relative(process.cwd(), file)} is up to date`);
} else {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, json);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${json.length} bytes)`);
}

import { performance } from 'node:perf_hooks';
import { convertToPdf } from './server/services/conversion/converter';
import fs from 'node:fs';
const file = fs.readFileSync('/tmp/conv-exp/20p.docx');
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const out = await convertToPdf(file, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  console.log(process.cwd(), 'run', i + 1, out.pages, 'pages', ((performance.now() - t) / 1000).toFixed(2), 's');
}
process.exit(0);

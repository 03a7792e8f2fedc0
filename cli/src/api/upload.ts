// The three-step upload: POST /documents/upload-url → PUT the bytes to upload_url (streamed from
// disk, with a progress bar on stderr) → POST /documents (or /documents/{id}/versions).
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { usage } from '../errors';
import { readJson, sendWithRetries, unwrap, type Api } from './client';
import { contentTypeFor } from './content-type';

function progress(label: string, total: number, quiet: boolean) {
  const tty = process.stderr.isTTY && !quiet;
  let done = 0;
  let last = 0;
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const draw = () => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    const bar = '#'.repeat(Math.floor(pct / 5)).padEnd(20, '-');
    process.stderr.write(`\r${label} [${bar}] ${String(pct).padStart(3)}% ${mb(done)}/${mb(total)} MB`);
  };
  return {
    tick(n: number) {
      done += n;
      if (!tty || (Date.now() - last < 100 && done !== total)) return;
      last = Date.now();
      draw();
    },
    end() {
      if (tty) process.stderr.write('\n');
      else if (!quiet) process.stderr.write(`${label}: ${mb(total)} MB uploaded\n`);
    },
  };
}

/** Steps 1 and 2; returns the upload_id for step 3. */
export async function uploadFile(api: Api, file: string, o: { quiet: boolean; contentType?: string }): Promise<{ uploadId: string; fileName: string }> {
  let size: number;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new Error('not a regular file');
    size = st.size;
  } catch (e) {
    throw usage(`Cannot upload ${file}: ${(e as Error).message}`);
  }
  const fileName = path.basename(file);
  const contentType = o.contentType ?? contentTypeFor(file);
  const u = await unwrap(api.typed.POST('/documents/upload-url', { body: { content_type: contentType, file_name: fileName, size } }));
  const bar = progress(`Uploading ${fileName}`, size, o.quiet);
  const res = await sendWithRetries(() => {
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bar.tick(chunk.length);
        cb(null, chunk);
      },
    });
    const body = Readable.toWeb(fs.createReadStream(file).pipe(counter)) as ReadableStream;
    // No Authorization: the URL carries its own signature (and may be another host).
    return new Request(u.upload_url, {
      method: 'PUT',
      headers: { 'Content-Type': contentType, ...u.required_headers, 'Content-Length': String(size) },
      body,
      duplex: 'half',
    } as RequestInit);
  });
  await readJson(res);
  bar.end();
  return { uploadId: u.upload_id, fileName };
}

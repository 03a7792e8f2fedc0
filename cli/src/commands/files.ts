// Commands that send a file from disk: `documents upload` and `documents add-version`.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command } from 'commander';
import { unwrap } from '../api/client';
import { uploadFile } from '../api/upload';
import { parseJson, show } from './build';
import { context, withGlobals } from './context';
import { DOCUMENT_COLUMNS } from './table';

const CONTENT_TYPE = '--content-type <type>';
const CONTENT_TYPE_HELP = 'MIME type of the file (default: from its extension)';

export function fileCommands(documents: Command, versions: Command) {
  withGlobals(
    documents
      .command('upload')
      .description('Upload a file as a new document (upload-url → PUT → create), with progress on stderr')
      .argument('<file>')
      .option('--name <name>', 'document name (default: the file name)')
      .option('--folder <folder-id>', 'team-library folder (default: the root)')
      .option(CONTENT_TYPE, CONTENT_TYPE_HELP),
  ).action(async (file: string, _o, cmd: Command) => {
    const ctx = context(cmd);
    const o = cmd.opts() as { name?: string; folder?: string; contentType?: string };
    const { uploadId } = await uploadFile(ctx.api, file, { quiet: !!ctx.opts.json, contentType: o.contentType });
    const doc = await unwrap(ctx.api.typed.POST('/documents', { body: { upload_id: uploadId, name: o.name, folder_id: o.folder } }));
    show(ctx, doc, DOCUMENT_COLUMNS);
  });

  const addVersion = (parent: Command, name: string) =>
    withGlobals(
      parent
        .command(name)
        .description('Upload a file as the new primary version of a document')
        .argument('<document>')
        .argument('<file>')
        .option(CONTENT_TYPE, CONTENT_TYPE_HELP),
    ).action(
      async (id: string, file: string, _o, cmd: Command) => {
        const ctx = context(cmd);
        const contentType = (cmd.opts() as { contentType?: string }).contentType;
        const { uploadId } = await uploadFile(ctx.api, file, { quiet: !!ctx.opts.json, contentType });
        const version = ctx.api.typed.POST('/documents/{id}/versions', { params: { path: { id } }, body: { upload_id: uploadId } });
        show(ctx, await unwrap(version), undefined);
      },
    );
  addVersion(documents, 'add-version');
  addVersion(versions, 'upload');

  withGlobals(
    documents
      .command('download')
      .description('Download a version of a document (default: the primary one); earlier versions of a redacted document are for the team only')
      .argument('<document>')
      .argument('[version]', 'version id (default: the primary version)')
      .option('-o, --output <file>', 'where to write it (default: the file name the API gives, in the current folder; - for stdout)'),
  ).action(async (id: string, version: string | undefined, _o, cmd: Command) => {
    const ctx = context(cmd);
    const versionId = version ?? (await primaryVersion(ctx, id));
    const res = await ctx.api.fetchFile(`/documents/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}/download`);
    const out = (cmd.opts() as { output?: string }).output ?? fileNameOf(res.headers.get('content-disposition')) ?? `${id}-${versionId}`;
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
    if (out === '-') await pipeline(body, process.stdout);
    else {
      await pipeline(body, fs.createWriteStream(out));
      if (!ctx.opts.json) process.stderr.write(`wrote ${out} (${fs.statSync(out).size} bytes)\n`);
      else show(ctx, { file: out, bytes: fs.statSync(out).size, version_id: versionId }, undefined);
    }
  });
}

async function primaryVersion(ctx: ReturnType<typeof context>, id: string): Promise<string> {
  const list = (await ctx.api.call('GET', `/documents/${encodeURIComponent(id)}/versions`, { query: { limit: 100 } })) as { data: { id: string; is_primary: boolean }[] };
  const primary = list.data.find((v) => v.is_primary);
  if (!primary) throw new Error(`document ${id} has no primary version`);
  return primary.id;
}

/** The file name of a Content-Disposition (its UTF-8 filename* first), without any folder part. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  const plain = /filename="([^"]*)"/i.exec(header);
  let name: string | null = null;
  try {
    name = star ? decodeURIComponent(star[1]!) : (plain?.[1] ?? null);
  } catch {
    name = plain?.[1] ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

/** `quire api <method> <path>`: any /v1 call, for what the commands do not cover yet. */
export function apiCommand(program: Command) {
  withGlobals(
    program
      .command('api')
      .description('Call any /v1 endpoint: quire api GET /documents?limit=5, quire api PATCH /documents/ID --data \'{"name":"x"}\'')
      .argument('<method>')
      .argument('<path>', 'path under /v1 (a leading /v1 is accepted), with its query string')
      .option('--data <json>', 'JSON request body (@file reads a file, - stdin)', (v) => parseJson(v, '--data')),
  ).action(async (method: string, p: string, _o, cmd: Command) => {
    const ctx = context(cmd);
    const url = new URL(p.replace(/^\/?(v1\/)?/, '/'), 'http://x');
    const res = await ctx.api.call(method.toUpperCase(), url.pathname, {
      query: Object.fromEntries(url.searchParams),
      body: (cmd.opts() as { data?: unknown }).data,
    });
    show(ctx, res, undefined);
  });
}

// Commands that send a file from disk: `documents upload` and `documents add-version`.
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

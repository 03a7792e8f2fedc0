// `quire datarooms index <room>`: the room's index file (GET /v1/datarooms/{id}/index) written to
// disk (--output, default: the name the server gives it) or to stdout with `--output -`.
import fs from 'node:fs';
import { Command, Option } from 'commander';
import { context, withGlobals } from './context';

export function roomIndexCommand(datarooms: Command) {
  withGlobals(
    datarooms
      .command('index')
      .description('Download the room index (index number, path, name, type, pages, size, updated) as CSV, Excel or PDF')
      .argument('<dataroom>')
      .addOption(new Option('--format <format>', 'file format').choices(['csv', 'xlsx', 'pdf']).default('csv'))
      .option('--group <group-id>', 'only what this viewer group sees')
      .option('-o, --output <file>', 'where to write it (- for stdout; default: the file name the server gives)'),
  ).action(async (room: string, _o, cmd: Command) => {
    const ctx = context(cmd);
    const o = cmd.opts() as { format: string; group?: string; output?: string };
    const file = await ctx.api.download(`/datarooms/${encodeURIComponent(room)}/index`, { format: o.format, group_id: o.group });
    if (o.output === '-') {
      process.stdout.write(file.bytes);
      return;
    }
    const out = o.output ?? file.fileName ?? `index.${o.format}`;
    fs.writeFileSync(out, file.bytes);
    if (ctx.opts.json) process.stdout.write(JSON.stringify({ file: out, size: file.bytes.length, content_type: file.contentType }) + '\n');
    else process.stderr.write(`Wrote ${out} (${file.bytes.length} bytes)\n`);
  });
}

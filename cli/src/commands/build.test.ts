// The command table against the API description, flag naming, and the pure helpers.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import operations from '../api/operations.json' with { type: 'json' };
import { retryAfterMs } from '../api/client';
import { contentTypeFor } from '../api/content-type';
import { buildProgram } from '../main';
import { flagName } from './build';
import { formatTable } from '../output';
import { DOCUMENT_COLUMNS, GROUPS, TOP_LEVEL, type GroupDef } from './table';

const leaves = (c: Command, prefix = ''): string[] =>
  c.commands.length ? c.commands.flatMap((s) => leaves(s, `${prefix}${s.name()} `)) : [prefix.trim()];

describe('command table', () => {
  it('every /v1 operation has a command, and every command an operation', () => {
    const used = new Set<string>();
    const walk = (g: GroupDef) => {
      for (const d of g.ops) used.add(`${d.method} ${d.path}`);
      g.groups?.forEach(walk);
    };
    GROUPS.forEach(walk);
    walk({ name: '', summary: '', ops: TOP_LEVEL });
    // Steps 1 and 2 of `documents upload` / `add-version` (files.ts), `documents download` (files.ts),
    // `whoami` (auth.ts) and `datarooms index` (room-index.ts): file transfers and the session.
    const byHand = ['POST /documents/upload-url', 'PUT /uploads/{uploadId}', 'GET /documents/{id}/versions/{versionId}/download', 'GET /me', 'GET /datarooms/{id}/index'];
    const all = Object.keys(operations).filter((k) => !byHand.includes(k));
    expect([...used].filter((k) => !(k in operations))).toEqual([]);
    expect(all.filter((k) => !used.has(k))).toEqual([]);
  });

  it('builds, and every command takes --json, --token and --api-url', () => {
    const program = buildProgram();
    const names = leaves(program);
    expect(names).toEqual(expect.arrayContaining(['login', 'whoami', 'documents upload', 'documents versions set-primary', 'datarooms members add']));
    const find = (path: string) => path.split(' ').reduce<Command>((c, n) => c.commands.find((s) => s.name() === n)!, program);
    for (const n of names.filter((x) => x !== 'help')) {
      const flags = find(n).options.map((o) => o.long);
      expect(flags, n).toEqual(expect.arrayContaining(['--json', '--token', '--api-url']));
    }
    // body fields and query parameters become flags
    const create = find('links create').options.map((o) => o.long);
    expect(create).toEqual(expect.arrayContaining(['--document', '--allow-download', '--no-allow-download', '--expires-at', '--data']));
    expect(find('documents list').options.map((o) => o.long)).toEqual(expect.arrayContaining(['--limit', '--cursor', '--folder', '--query', '--all']));
    expect(find('search').options.map((o) => o.long)).toEqual(expect.arrayContaining(['--dataroom', '--folder', '--document', '--type', '--limit', '--all']));
    expect(find('search').registeredArguments.map((a) => a.name())).toEqual(['text']);
  });
});

describe('documents table', () => {
  it("documents and their versions show the preview status (an Office file's conversion, issue 22)", () => {
    const documents = GROUPS.find((g) => g.name === 'documents')!;
    expect(documents.columns).toBe(DOCUMENT_COLUMNS);
    expect(DOCUMENT_COLUMNS).toContain('preview_status');
    expect(documents.groups!.find((g) => g.name === 'versions')!.columns).toContain('preview_status');
    const rows = [
      { id: 'doc_1', name: 'Plan.docx', type: 'docs', num_pages: 1, preview_status: 'processing', preview_error: null, folder_id: null, updated_at: '2026-11-26T10:00:00.000Z' },
      { id: 'doc_2', name: 'Locked.xlsx', type: 'sheet', num_pages: 1, preview_status: 'failed', preview_error: 'The file is password-protected', folder_id: null, updated_at: '2026-11-26T10:00:00.000Z' },
    ];
    const [header, ...lines] = formatTable(rows, DOCUMENT_COLUMNS).split('\n');
    expect(header).toMatch(/^ID\s+NAME\s+TYPE\s+NUM_PAGES\s+PREVIEW_STATUS\s+FOLDER_ID\s+UPDATED_AT$/);
    const at = header!.indexOf('PREVIEW_STATUS');
    expect(lines.map((l) => l.slice(at).split(/\s+/)[0])).toEqual(['processing', 'failed']);
  });
});

describe('helpers', () => {
  // [input, expected] per helper, one table each.
  const cases: [string, (v: never) => unknown, [unknown, unknown][]][] = [
    ['flag names: references lose _id, the rest is kebab-case', flagName as (v: never) => unknown, [
      ['folder_id', 'folder'],
      ['folderId', 'folder'],
      ['parent_id', 'parent'],
      ['version_id', 'version-id'],
      ['allow_bulk_download', 'allow-bulk-download'],
    ]],
    ['Retry-After: seconds, capped at 60 s, 1 s when absent or unreadable', retryAfterMs as (v: never) => unknown, [
      ['2', 2000],
      ['0', 0],
      ['3600', 60_000],
      [null, 1000],
      ['soon', 1000],
    ]],
    ['content types by extension', contentTypeFor as (v: never) => unknown, [
      ['a/Deck.PDF', 'application/pdf'],
      ['x.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['x.jpg', 'image/jpeg'],
      ['README', 'application/octet-stream'],
    ]],
  ];
  for (const [name, fn, pairs] of cases) {
    it(name, () => {
      for (const [input, expected] of pairs) expect(fn(input as never), String(input)).toBe(expected);
    });
  }

  it('Retry-After as an HTTP date', () => {
    const d = retryAfterMs(new Date(Date.now() + 5000).toUTCString());
    expect(d).toBeGreaterThan(3000);
    expect(d).toBeLessThanOrEqual(5000);
  });
});

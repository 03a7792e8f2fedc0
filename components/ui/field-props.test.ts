// Field hands its control `{ id, aria-describedby, invalid }`. `invalid` is not a DOM attribute:
// spread onto a bare <textarea> it made React warn on the groups page (issue 26, item 9). The
// form controls turn it into aria-invalid; bare elements must not receive Field's props.
import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, Input, Select, Textarea } from './input';

afterEach(() => vi.restoreAllMocks());

function render(control: (p: Record<string, unknown>) => ReactNode, error: string | null) {
  const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
  const html = renderToStaticMarkup(createElement(Field, { label: 'Label', error, children: control }));
  return { html, warnings: warn.mock.calls.map((c) => c.join(' ')) };
}

describe('Field with each form control', () => {
  for (const [name, C] of [['Input', Input], ['Select', Select], ['Textarea', Textarea]] as const) {
    it(`${name}: no React warning, aria-invalid only with an error`, () => {
      const ok = render((p) => createElement(C as never, p), null);
      expect(ok.warnings).toEqual([]);
      expect(ok.html).not.toMatch(/\saria-invalid=/);
      expect(ok.html).not.toMatch(/\sinvalid=/);
      const bad = render((p) => createElement(C as never, p), 'Wrong');
      expect(bad.warnings).toEqual([]);
      expect(bad.html).toContain('aria-invalid="true"');
    });
  }

  it('React does warn when Field’s props reach a bare element (the check above can fail)', () => {
    const { warnings } = render((p) => createElement('textarea', p), null);
    expect(warnings.join('\n')).toMatch(/invalid/);
  });
});

describe('the dashboard’s source', () => {
  it('never spreads Field’s props onto a bare input, select or textarea', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.tsx') && /\(p\)\s*=>\s*\(?\s*<(input|select|textarea)\s+\{\.\.\.p\}/.test(fs.readFileSync(p, 'utf8'))) offenders.push(path.relative(root, p));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

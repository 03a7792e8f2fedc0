import { describe, expect, it } from 'vitest';
import { createBody, draftFromPreset, emptyDraft, presetBody } from './draft';

describe('enable_search in the link and preset form', () => {
  it('is on for a new link and sent as set', () => {
    const d = emptyDraft();
    expect(d.enable_search).toBe(true);
    expect(createBody(d, { kind: 'dataroom', id: 'r1' }, null).enable_search).toBe(true);
    expect(createBody({ ...d, enable_search: false }, { kind: 'document', id: 'd1' }, null).enable_search).toBe(false);
    expect(presetBody({ ...d, name: 'Quiet', enable_search: false }, null).enable_search).toBe(false);
  });

  it('a preset that does not set it leaves the default; one that turns it off carries that', () => {
    const preset = { name: 'P', allow_list: [], deny_list: [], watermark_config: null, welcome_message: null, custom_fields: null, meta_title: null, meta_description: null, meta_image_url: null, agreement_id: null, expires_in: null } as never;
    expect(draftFromPreset({ ...(preset as object), enable_search: null } as never).enable_search).toBe(true);
    expect(draftFromPreset({ ...(preset as object), enable_search: false } as never).enable_search).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { sampleText } from './watermark-editor';

describe('the watermark preview text', () => {
  it('fills every placeholder with a sample value', () => {
    expect(sampleText('Confidential · {{email}} · {{link_name}}', 'Deck')).toBe('Confidential · jane@fund.example · Deck');
  });

  it('drops a placeholder the link cannot fill, with its separator, as the page would', () => {
    expect(sampleText('Confidential · {{ email }} · {{link_name}}', 'Deck', ['email'])).toBe('Confidential · Deck');
  });

  it('leaves unknown placeholders as written', () => {
    expect(sampleText('{{nope}}', 'Deck')).toBe('{{nope}}');
  });
});

import { describe, expect, it } from 'vitest';
import { checkPage } from './pages';

describe('a content page before saving', () => {
  it('needs a title and some text, not just empty markup', () => {
    expect(checkPage('', '<p><br></p>')).toEqual({ title: 'Give the page a title', description: 'Write the page before saving it' });
    expect(checkPage('Returns', '<p>&nbsp;</p>')).toEqual({ description: 'Write the page before saving it' });
    expect(checkPage('Returns', '<p>Within 15 days.</p>')).toEqual({});
  });
});

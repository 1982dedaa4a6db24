// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { truncate } from './text';

describe('truncate', () => {
  it('keeps short text as it is', () => {
    expect(truncate('Crisp cotton shirt', 60)).toBe('Crisp cotton shirt');
    expect(truncate('x'.repeat(60), 60)).toBe('x'.repeat(60));
  });

  it('cuts to the limit and adds an ellipsis', () => {
    expect(truncate('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}…`);
    expect(truncate('  many   spaces  here ', 8)).toBe('many spa…');
  });

  it('treats missing text as empty', () => {
    expect(truncate(undefined, 60)).toBe('');
  });
});

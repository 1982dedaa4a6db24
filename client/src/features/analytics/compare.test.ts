// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { comparison, greeting } from './compare';

describe('comparison', () => {
  it('words a rise, a fall and no change against the span before', () => {
    expect(comparison(1150, 1000, 'the 7 days before')).toEqual({ text: '15% more than the 7 days before', trend: 'up' });
    expect(comparison(400, 1000, 'yesterday')).toEqual({ text: '60% less than yesterday', trend: 'down' });
    expect(comparison(1000, 1000, 'yesterday')).toEqual({ text: 'Same as yesterday', trend: 'same' });
  });

  it('says so when the span before brought nothing', () => {
    expect(comparison(500, 0, 'the 30 days before')).toEqual({ text: 'Nothing the 30 days before', trend: 'up' });
    expect(comparison(0, 0, 'yesterday')).toEqual({ text: 'Nothing yesterday either', trend: 'same' });
  });
});

describe('greeting', () => {
  it('greets by the time of day', () => {
    expect(greeting('Asha', new Date(2026, 0, 5, 9))).toBe('Good morning, Asha');
    expect(greeting('Asha', new Date(2026, 0, 5, 13))).toBe('Good afternoon, Asha');
    expect(greeting('Asha', new Date(2026, 0, 5, 19))).toBe('Good evening, Asha');
  });
});

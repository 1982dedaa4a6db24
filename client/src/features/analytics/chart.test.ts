// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { niceTop, revenueChart } from './chart';

describe('the revenue chart', () => {
  it('rounds the scale up to a readable top', () => {
    expect(niceTop(0)).toBe(1000);
    expect(niceTop(7300)).toBe(10000);
    expect(niceTop(12_000)).toBe(20000);
    expect(niceTop(45_000)).toBe(50000);
    expect(niceTop(50_000)).toBe(50000);
  });

  it('stacks cash on delivery on online takings, to scale, one slot a day', () => {
    const chart = revenueChart(
      [
        { date: '2026-11-01', orders: 2, online: 3000, codBooked: 2000, total: 5000 },
        { date: '2026-11-02', orders: 0, online: 0, codBooked: 0, total: 0 },
      ],
      200,
      100,
    );
    expect(chart.top).toBe(5000);
    const [first, second] = chart.bars;
    expect(first).toMatchObject({ x: 15, width: 70, online: { y: 40, height: 60 }, cod: { y: 0, height: 40 } });
    expect(second?.online.height).toBe(0);
    expect(chart.grid.map((line) => line.value)).toEqual([0, 1250, 2500, 3750, 5000]);
    expect(chart.grid.at(-1)?.y).toBe(0);
  });
});

// The revenue chart's geometry, pure so it can be tested: one stacked bar a day (online below,
// cash on delivery above) on a scale rounded up to a readable top, with a few gridlines.
import type { Day } from './types';

export interface Bar {
  date: string;
  x: number;
  width: number;
  /** Top and height of the online part, then of the COD part stacked on it. */
  online: { y: number; height: number };
  cod: { y: number; height: number };
}

export interface Chart {
  bars: Bar[];
  /** Values of the gridlines, from 0 to the top, and their heights. */
  grid: { value: number; y: number }[];
  top: number;
}

/** A readable top for values up to max: 1, 2 or 5 times a power of ten, never 0. */
export function niceTop(max: number): number {
  if (max <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The bars and gridlines of days in a width × height box. */
export function revenueChart(days: Day[], width: number, height: number, gridlines = 4): Chart {
  const top = niceTop(Math.max(0, ...days.map((day) => day.online + day.codBooked)));
  const slot = days.length > 0 ? width / days.length : width;
  const scale = (value: number) => (value / top) * height;
  const bars = days.map((day, index) => {
    const online = scale(day.online);
    const cod = scale(day.codBooked);
    return {
      date: day.date,
      x: index * slot + slot * 0.15,
      width: slot * 0.7,
      online: { y: height - online, height: online },
      cod: { y: height - online - cod, height: cod },
    };
  });
  const grid = Array.from({ length: gridlines + 1 }, (_, index) => {
    const value = (top / gridlines) * index;
    return { value, y: height - scale(value) };
  });
  return { bars, grid, top };
}

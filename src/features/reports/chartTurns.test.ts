import { describe, expect, it } from 'vitest';
import { chartTurns } from './chartTurns';

/** Turns whose library and paints are let through by hand. */
const setUp = () => {
  let loads = 0;
  let failNext = false;
  const paints: (() => void)[] = [];
  const drawn: string[] = [];
  const turns = chartTurns({
    load: () => {
      loads += 1;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('offline'));
      }
      return Promise.resolve();
    },
    afterPaint: (next) => paints.push(next),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const paint = async () => {
    paints.shift()?.();
    await settle();
  };
  return {
    turns,
    drawn,
    paint,
    settle,
    loads: () => loads,
    failNextLoad: () => {
      failNext = true;
    },
    draw: (name: string) => turns.take(() => drawn.push(name)),
  };
};

describe('chartTurns', () => {
  it('draws one chart per paint, in the order they came into view', async () => {
    const { draw, drawn, paint, settle } = setUp();
    draw('stages');
    draw('province');
    draw('months');
    await settle();
    expect(drawn).toEqual(['stages']);
    await paint();
    expect(drawn).toEqual(['stages', 'province']);
    await paint();
    await paint();
    expect(drawn).toEqual(['stages', 'province', 'months']);
    // Nothing waiting: a chart coming into view later is drawn straight away.
    draw('sex');
    await settle();
    expect(drawn).toEqual(['stages', 'province', 'months', 'sex']);
  });

  it('skips a chart that left the page before its turn', async () => {
    const { draw, drawn, paint, settle } = setUp();
    draw('stages');
    const giveBack = draw('province');
    draw('months');
    await settle();
    giveBack();
    await paint();
    expect(drawn).toEqual(['stages', 'months']);
  });

  it('leaves the charts as placeholders when the library cannot be loaded, and tries again for the next', async () => {
    const { draw, drawn, settle, failNextLoad, loads } = setUp();
    failNextLoad();
    draw('stages');
    draw('province');
    await settle();
    expect(drawn).toEqual([]);
    draw('months');
    await settle();
    expect(drawn).toEqual(['months']);
    expect(loads()).toBe(2);
  });
});

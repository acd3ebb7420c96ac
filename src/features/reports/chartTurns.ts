/** Draws one chart when its turn comes; takes back the turn when called (the chart left the page). */
export type TChartTurns = { take: (draw: () => void) => () => void };

/**
 * Charts drawn one at a time (issue 37): a report's charts reaching the screen together would draw
 * in one long task (a second and more on a slow phone), the page frozen meanwhile. Each waits for
 * the chart library (`load`, once), then its turn; the next is drawn only after the browser has
 * painted the one before (`afterPaint`), so taps and scrolling are answered between two charts. If
 * the library cannot be loaded (the network dropped), the waiting charts stay as their placeholders
 * (their tables carry the figures) and the next chart to come into view tries again.
 */
export const chartTurns = ({
  load,
  afterPaint,
}: {
  load: () => Promise<unknown>;
  afterPaint: (next: () => void) => void;
}): TChartTurns => {
  type TTurn = { draw: () => void; cancelled: boolean };
  const waiting: TTurn[] = [];
  let busy = false;
  const next = () => {
    const turn = waiting.shift();
    if (!turn) {
      busy = false;
      return;
    }
    busy = true;
    load().then(
      () => {
        if (turn.cancelled) {
          next();
          return;
        }
        try {
          turn.draw();
        } finally {
          afterPaint(next);
        }
      },
      () => {
        busy = false;
        waiting.length = 0;
      },
    );
  };
  return {
    take: (draw) => {
      const turn: TTurn = { draw, cancelled: false };
      waiting.push(turn);
      if (!busy) next();
      return () => {
        turn.cancelled = true;
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
      };
    },
  };
};

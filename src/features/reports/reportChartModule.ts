type TReportChart = typeof import('./ReportChart')['default'];

let loaded: TReportChart | undefined;
let loading: Promise<TReportChart> | undefined;

/** The chart component once its module is here (then a chart can be drawn in the same task: printing). */
export const loadedReportChart = (): TReportChart | undefined => loaded;

/**
 * The chart library (Recharts, about 100 KB) comes with the first chart a report draws: never with
 * the home page, a prefetch of the report's screen, nor before the report's tables. Asked again
 * after a failure (the network dropped).
 */
export const loadReportChart = (): Promise<TReportChart> => {
  loading ??= import('./ReportChart').then(
    (module) => {
      loaded = module.default;
      return module.default;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

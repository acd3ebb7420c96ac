import { browserNetworkInfo, canPrefetch } from '@/platform/prefetch';

type TWorkflowActionFormModule = typeof import('./WorkflowActionForm');

let loaded: TWorkflowActionFormModule | null = null;
let loading: Promise<TWorkflowActionFormModule> | null = null;

/**
 * The action dialogs' form with what only it needs (the form library, the date field, the dialog's
 * parts: issue 37) loads when the first dialog opens, not with the record page. One load for every
 * dialog and workflow; a failed one (the connection dropped) is tried again by the next call.
 */
export const loadWorkflowActionForm = (): Promise<TWorkflowActionFormModule> => {
  loading ??= import('./WorkflowActionForm').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/** The form once it has loaded: a dialog opened after that shows it at once, with no loading state. */
export const loadedWorkflowActionForm = (): TWorkflowActionFormModule | null => loaded;

/**
 * Hover or focus of a button that opens a dialog: the form starts loading before the click, as a
 * link's screen does (not offline, on a slow 2g connection or with data saving on).
 */
export const prefetchWorkflowActionForm = (): void => {
  if (loaded || !canPrefetch(browserNetworkInfo())) return;
  loadWorkflowActionForm().catch(() => {});
};

import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useI18nContext } from '@/i18n/i18n-react';
import { noticeForSaveFailure, type TFormNotice } from './saveFailure';

/**
 * A dialog form's save and the notice over it: a form that fails its own checks says 'fix the
 * errors'; otherwise `send` gets the body of the values, and a failure puts the server's messages
 * under their fields (`fieldPaths`, worded with `labelForPath`) and says why above them (saveFailure.ts).
 */
export const useNoticedSave = <TValues extends FieldValues, TBody>(
  form: Pick<UseFormReturn<TValues>, 'handleSubmit' | 'setError'> & {
    fieldPaths: readonly string[];
    labelForPath: (path: string) => string;
    bodyOf: (values: TValues) => TBody;
  },
  send: (body: TBody) => Promise<void>,
) => {
  const { LL } = useI18nContext();
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  const save = form.handleSubmit(
    async (values) => {
      setNotice(null);
      try {
        await send(form.bodyOf(values));
      } catch (error) {
        const setError = form.setError as UseFormReturn<FieldValues>['setError'];
        const { fieldPaths, labelForPath } = form;
        setNotice(noticeForSaveFailure(error, { fieldPaths, labelForPath, setError, LL }));
      }
    },
    () => setNotice({ message: LL.form.fixErrors() }),
  );
  return { notice, save };
};

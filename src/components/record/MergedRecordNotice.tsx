import { AppLink } from '@/components/AppLink';
import { recordPath } from '@/components/duplicates/DuplicateMatchList';
import { ErrorView } from '@/components/errors/ErrorView';
import { Icon } from '@/components/Icon';
import { primaryButton } from '@/components/ui';
import type { TResourceDefinition } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TMergedInto } from '@/platform/api/mergedRecord';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';

/**
 * A record merged into another (its read answers 410 `{ mergedInto }`, issue 35): the show and
 * edit pages say where it went, with a link there, instead of an error.
 */
export const MergedRecordNotice = ({
  definition,
  into,
}: {
  definition: Pick<TResourceDefinition, 'routeBase' | 'recordPage'>;
  into: TMergedInto;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const words = LL.duplicateCheck.merged;
  return (
    <div data-merged-record="">
      <ErrorView icon="matching" title={words.title()} message={words.body({ code: into.code })}>
        <AppLink to={localizedPath(locale, recordPath(definition, into.id))} className={primaryButton}>
          <Icon name="arrowRight" className="size-4" />
          {words.open({ code: into.code })}
        </AppLink>
      </ErrorView>
    </div>
  );
};

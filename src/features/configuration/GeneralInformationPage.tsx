import { Suspense, useCallback, useEffect, useState } from 'react';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { useUnsavedChangesGuard } from '@/components/form/useUnsavedChangesGuard';
import { pageDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { areaBreadcrumbs } from '@/components/resource/areaBreadcrumbs';
import type { TGeneralInformationItem, TLogoKey } from '@/domain/generalInformation';
import { hasPermission, isSuperUser } from '@/domain/permissions';
import { BackupsSection } from '@/features/backups';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { AppNameForm, appNameOf } from './generalInformation/AppNameForm';
import { LoadFailed, SectionCard } from './generalInformation/feedback';
import { fetchGeneralInformation } from './generalInformation/generalInformationApi';
import { LogoField } from './generalInformation/LogoField';
import { SystemSettingsSection } from './generalInformation/SystemSettingsSection';
import { useRefreshSetup } from './generalInformation/useRefreshSetup';
import { WorkbookSection } from './generalInformation/WorkbookSection';

type TLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; items: Record<string, TGeneralInformationItem> };

const fileOf = (item: TGeneralInformationItem | undefined): string | null =>
  typeof item?.value === 'string' && item.value !== '' ? item.value : null;

/**
 * /configuration/general-information: the app name and logos (general_settings), the system settings
 * (system_settings) and the reference lists workbook (reference_lists). Each part shows to those who
 * may read it, with its controls only for those who may change it.
 */
const GeneralInformationPage = () => {
  const { LL } = useI18nContext();
  const words = LL.generalInformation;
  const locale = useRouteLocale();
  const { user } = useSession();
  const canUpdate = hasPermission(user, 'general_settings:update');
  const canReadSettings = hasPermission(user, 'system_settings:read');
  const canUpdateSettings = hasPermission(user, 'system_settings:update');
  const canReadLists = hasPermission(user, 'reference_lists:read');
  const refreshSetup = useRefreshSetup();
  useRecentDestination(
    pageDestination('/configuration/general-information', (book) => book.resources.generalInformation.many()),
  );

  const [load, setLoad] = useState<TLoad>({ state: 'loading' });
  const [loadKey, setLoadKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey asks for a fresh copy (retry, conflict)
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchGeneralInformation()
      .then(
        (items) =>
          current &&
          setLoad({ state: 'ready', items: Object.fromEntries(items.map((item) => [item.key, item])) }),
      )
      .catch(() => current && setLoad({ state: 'failed' }));
    return () => {
      current = false;
    };
  }, [loadKey]);
  const reload = useCallback(() => setLoadKey((key) => key + 1), []);

  const updateItem = useCallback(
    (item: TGeneralInformationItem) =>
      setLoad((current) =>
        current.state === 'ready'
          ? { state: 'ready', items: { ...current.items, [item.key]: item } }
          : current,
      ),
    [],
  );

  // One guard for the page's forms (a router holds one blocker at a time).
  const [appNameDirty, setAppNameDirty] = useState(false);
  const [settingsDirty, setSettingsDirty] = useState(false);
  useEffect(() => {
    if (load.state !== 'ready') setAppNameDirty(false);
  }, [load.state]);
  const leaveGuard = useUnsavedChangesGuard(appNameDirty || settingsDirty);

  const logos: { key: TLogoKey; label: string; hint: string }[] = [
    { key: 'app_logo', label: LL.fields.appLogo(), hint: words.appLogoHint() },
    { key: 'footer_logo', label: LL.fields.footerLogo(), hint: words.footerLogoHint() },
  ];

  return (
    <div className="mx-auto max-w-4xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[...areaBreadcrumbs(LL, locale, { key: 'configuration' }), { text: words.title() }]}
      />
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{words.title()}</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">{words.intro()}</p>
      <div className="space-y-6">
        {load.state === 'loading' ? (
          <SectionCard id="app-name" title={words.appNameSection()}>
            <p className="text-slate-600 text-sm dark:text-slate-300" aria-live="polite">
              {LL.layout.loading()}
            </p>
          </SectionCard>
        ) : load.state === 'failed' ? (
          <SectionCard id="app-name" title={words.appNameSection()}>
            <LoadFailed message={words.loadFailed()} retryLabel={LL.list.retry()} onRetry={reload} />
          </SectionCard>
        ) : (
          <>
            <SectionCard id="app-name" title={words.appNameSection()} hint={words.appNameHint()}>
              {load.items.app_name ? (
                <AppNameForm
                  key={loadKey}
                  item={load.items.app_name}
                  canUpdate={canUpdate}
                  onReload={reload}
                  onDirtyChange={setAppNameDirty}
                  onSaved={(item) => {
                    updateItem(item);
                    void refreshSetup({ app_name: appNameOf(item.value) });
                  }}
                />
              ) : (
                <p className="text-slate-600 text-sm dark:text-slate-300">{words.notSet()}</p>
              )}
            </SectionCard>
            <SectionCard id="logos" title={words.logosSection()}>
              <div className="grid gap-6 sm:grid-cols-2">
                {logos.map((logo) => (
                  <LogoField
                    key={logo.key}
                    logoKey={logo.key}
                    label={logo.label}
                    hint={logo.hint}
                    file={fileOf(load.items[logo.key])}
                    canUpdate={canUpdate && Boolean(load.items[logo.key])}
                    onChanged={(item) => {
                      updateItem(item);
                      if (item.key === 'app_logo') void refreshSetup({ app_logo: fileOf(item) });
                    }}
                  />
                ))}
              </div>
            </SectionCard>
          </>
        )}
        {canReadSettings ? (
          <SystemSettingsSection canUpdate={canUpdateSettings} onDirtyChange={setSettingsDirty} />
        ) : null}
        {canReadLists ? <WorkbookSection /> : null}
        {isSuperUser(user) ? (
          <Suspense fallback={null}>
            <BackupsSection />
          </Suspense>
        ) : null}
      </div>
      {leaveGuard}
    </div>
  );
};

export default GeneralInformationPage;

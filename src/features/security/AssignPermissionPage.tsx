import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { FormNotice } from '@/components/form/FormNotice';
import { LookupSelect } from '@/components/form/LookupSelect';
import { failureMessage, type TFormNotice } from '@/components/form/saveFailure';
import { useSaveShortcut } from '@/components/form/useSaveShortcut';
import { useUnsavedChangesGuard } from '@/components/form/useUnsavedChangesGuard';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { pageDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { areaBreadcrumbs } from '@/components/resource/areaBreadcrumbs';
import { primaryButton, secondaryButton } from '@/components/ui';
import { hasPermission, mayChangeRolePermissions, permissionsBeyond } from '@/domain/permissions';
import type { TCataloguePermission, TRolePermissions } from '@/domain/rolePermissionMapping';
import { useI18nContext } from '@/i18n/i18n-react';
import { ApiValidationError, errorBody, errorStatus } from '@/platform/api/errors';
import { reloadSessionUser, useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import {
  fetchCatalogue,
  fetchRolePermissions,
  saveRolePermissions,
} from './assignPermission/assignPermissionApi';
import { PermissionGrid } from './assignPermission/PermissionGrid';
import {
  buildMatrix,
  changeCount,
  checkState,
  knownIds,
  lockedIds,
  toggleIds,
} from './assignPermission/permissionMatrix';

type TLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'missing' }
  | { state: 'ready'; catalogue: TCataloguePermission[]; role: TRolePermissions };

/** `?role=12` as a role id, or null. */
const roleIdOf = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const Panel = ({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'info' }) => (
  <div
    className={`rounded-lg border p-6 text-sm ${
      tone === 'info'
        ? 'border-primary-200 bg-primary-50 text-primary-900 dark:border-primary-800 dark:bg-primary-900/40 dark:text-primary-100'
        : 'border-slate-200 bg-white text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200'
    }`}
  >
    {children}
  </div>
);

const Note = ({ icon, text }: { icon: string; text: string }) => (
  <p className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-700 text-sm dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
    <Icon name={icon} className="size-4 shrink-0 text-primary-700 dark:text-primary-300" />
    {text}
  </p>
);

/**
 * `/security/assign-permission`: choose a role (kept in `?role=`), tick its permissions in a grid
 * grouped by permission group, save the whole set at once (`POST /roles/mapping-role-permission`,
 * versioned). The Super Admin role is shown complete and locked; without `assign_permissions:write`
 * the grid is read-only, and so is it for a role the user holds (unless a super user); permissions
 * the user does not hold cannot be ticked (the server refuses both, issue 10).
 */
const AssignPermissionPage = () => {
  const { LL } = useI18nContext();
  const words = LL.assignPermission;
  const locale = useRouteLocale();
  const { user } = useSession();
  const canWrite = hasPermission(user, 'assign_permissions:write');
  const [searchParams, setSearchParams] = useSearchParams();
  const roleId = roleIdOf(searchParams.get('role'));
  useRecentDestination(
    pageDestination('/security/assign-permission', (book) => book.assignPermission.title()),
  );

  const [load, setLoad] = useState<TLoad>({ state: roleId ? 'loading' : 'idle' });
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<TFormNotice | null>(null);
  const [saving, setSaving] = useState(false);
  const [pendingRole, setPendingRole] = useState<{ id: number | null } | null>(null);
  const leaving = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh copy (retry, conflict)
  useEffect(() => {
    setNotice(null);
    if (!roleId) {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    Promise.all([fetchCatalogue(controller.signal), fetchRolePermissions(roleId, controller.signal)])
      .then(([catalogue, role]) => {
        setSelected(knownIds(role.permissionIds, buildMatrix(catalogue)));
        setLoad({ state: 'ready', catalogue, role });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: errorStatus(error) === 404 ? 'missing' : 'failed' });
      });
    return () => controller.abort();
  }, [roleId, reloadKey]);
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);

  const ready = load.state === 'ready' ? load : null;
  const matrix = useMemo(() => (ready ? buildMatrix(ready.catalogue) : null), [ready]);
  const saved = useMemo(
    () => (ready && matrix ? knownIds(ready.role.permissionIds, matrix) : new Set<number>()),
    [ready, matrix],
  );
  const superAdmin = ready?.role.superAdmin ?? false;
  // The server's rules (issue 10): no changing a role one holds, no granting what one lacks.
  const ownRole = !!ready && !mayChangeRolePermissions(user, ready.role.roleId);
  const editable = canWrite && !!ready && !superAdmin && !ownRole;
  const locked = useMemo(
    () =>
      editable && ready && matrix
        ? lockedIds(
            matrix,
            permissionsBeyond(
              user,
              ready.catalogue.map((permission) => permission.name),
            ),
            saved,
          )
        : new Set<number>(),
    [editable, ready, matrix, user, saved],
  );
  const changes = editable ? changeCount(saved, selected) : 0;
  const dirty = changes > 0;
  const leaveGuard = useUnsavedChangesGuard(dirty, leaving);

  const applyRole = useCallback(
    (id: number | null) => {
      // Replaced, not pushed: Back leaves the page (and the unsaved-changes guard asks first).
      setSearchParams(id ? { role: String(id) } : {}, { replace: true });
    },
    [setSearchParams],
  );
  const chooseRole = (id: number | null) => {
    if (id === roleId) return;
    if (dirty) setPendingRole({ id });
    else applyRole(id);
  };

  const undo = useCallback(() => {
    setSelected(new Set(saved));
    setNotice(null);
  }, [saved]);

  const save = useCallback(async () => {
    if (!ready || !editable || saving) return;
    if (changes === 0) {
      showToast(words.nothingToSave());
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const role = await saveRolePermissions({
        roleId: ready.role.roleId,
        permissionIds: [...selected],
        version: ready.role.version,
      });
      setLoad({ state: 'ready', catalogue: ready.catalogue, role });
      setSelected(knownIds(role.permissionIds, buildMatrix(ready.catalogue)));
      showToast(words.saved({ role: role.roleName }));
      // One's own role changed: the sidebar and buttons follow now, not at the next token refresh.
      if (user?.roles.some((held) => held.id === role.roleId)) reloadSessionUser();
    } catch (error) {
      if (errorStatus(error) === 409) {
        setNotice({ message: errorBody(error).message ?? LL.form.conflict(), conflict: true });
      } else if (error instanceof ApiValidationError) {
        setNotice({ message: error.errors[0] ?? error.message });
      } else {
        setNotice({ message: failureMessage(error, LL) });
      }
    } finally {
      setSaving(false);
    }
  }, [ready, editable, saving, changes, selected, words, LL, user]);

  useSaveShortcut(save, { enabled: editable });

  const commands = useMemo<TCommand[]>(
    () => [
      ...(editable
        ? [
            {
              id: 'save-permissions',
              title: words.save(),
              group: LL.palette.actions(),
              icon: 'save',
              shortcut: ['Ctrl', 'S'],
              perform: () => void save(),
            },
          ]
        : []),
      ...(dirty
        ? [
            {
              id: 'undo-permissions',
              title: words.undo(),
              group: LL.palette.actions(),
              icon: 'refresh',
              perform: undo,
            },
          ]
        : []),
    ],
    [editable, dirty, words, LL, save, undo],
  );
  useRegisterCommands(commands);

  const allState = matrix ? checkState(matrix.allIds, selected) : 'unchecked';
  const everyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (everyRef.current) everyRef.current.indeterminate = allState === 'mixed';
  }, [allState]);

  const roleName = ready?.role.roleName ?? '';

  return (
    <div className="mx-auto max-w-5xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        label={LL.layout.breadcrumb()}
        items={[...areaBreadcrumbs(LL, locale, { key: 'security' }), { text: words.title() }]}
      />
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{words.title()}</h1>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-300">{words.intro()}</p>

      <div className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="w-full max-w-sm">
          <label
            htmlFor="assign-role"
            className="mb-1 block font-medium text-slate-800 text-sm dark:text-slate-100"
          >
            {words.role()}
          </label>
          <LookupSelect
            id="assign-role"
            lookup={{ path: '/users/get-roles' }}
            value={roleId}
            invalid={load.state === 'missing'}
            placeholder={words.chooseRole()}
            waitingText={words.chooseRole()}
            onChange={chooseRole}
          />
        </div>
        {ready && matrix ? (
          <>
            <label className="flex items-center gap-2 pb-2 text-slate-800 text-sm dark:text-slate-100">
              <input
                ref={everyRef}
                type="checkbox"
                checked={allState === 'checked'}
                aria-disabled={!editable || undefined}
                onClick={(event) => {
                  if (!editable) event.preventDefault();
                }}
                onChange={() => {
                  if (editable) setSelected(toggleIds(selected, matrix.allIds, locked));
                }}
                className={`size-4 rounded border-slate-400 accent-primary-700 dark:accent-primary-400 ${editable ? 'cursor-pointer' : 'cursor-not-allowed opacity-60'}`}
              />
              {words.everything()}
            </label>
            <p className="pb-2 text-slate-600 text-sm dark:text-slate-300">
              {words.held({ count: selected.size, total: matrix.allIds.length })}
            </p>
          </>
        ) : null}
      </div>

      {load.state === 'idle' ? (
        <Panel tone="info">
          <p className="flex items-center gap-2">
            <Icon name="key" className="size-5 shrink-0" />
            {words.pickRole()}
          </p>
        </Panel>
      ) : load.state === 'loading' || load.state === 'failed' ? (
        <Panel>
          <LoadState
            state={load.state}
            loadingText={words.loading()}
            failedText={words.loadFailed()}
            onRetry={reload}
          />
        </Panel>
      ) : load.state === 'missing' ? (
        <Panel>
          <p role="alert" className="flex items-center gap-2">
            <Icon name="alert" className="size-4 shrink-0 text-error" />
            {words.roleMissing()}
          </p>
        </Panel>
      ) : ready && matrix ? (
        <>
          <div className="mb-3 space-y-2">
            <FormNotice notice={notice} onReload={reload} />
            {superAdmin ? <Note icon="lock" text={words.superAdminNote()} /> : null}
            {!canWrite && !superAdmin ? <Note icon="lock" text={words.readOnlyNote()} /> : null}
            {canWrite && ownRole && !superAdmin ? <Note icon="lock" text={words.ownRoleNote()} /> : null}
            {locked.size > 0 ? <Note icon="lock" text={words.notHeldNote()} /> : null}
            <p className="text-slate-500 text-xs dark:text-slate-400">{words.keyboardHint()}</p>
          </div>
          {matrix.allIds.length === 0 ? (
            <Panel>{words.noPermissions()}</Panel>
          ) : (
            <PermissionGrid
              matrix={matrix}
              selected={selected}
              saved={saved}
              readOnly={!editable}
              locked={locked}
              lockedReason={(permission) => words.notHeldCell({ permission })}
              label={words.gridLabel({ role: roleName })}
              onChange={setSelected}
              LL={LL}
              locale={locale}
            />
          )}
          {editable ? (
            <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white/95 p-3 shadow-md backdrop-blur dark:border-slate-700 dark:bg-slate-900/95">
              <p
                aria-live="polite"
                className={`flex-1 text-sm ${dirty ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}
              >
                {dirty ? words.changes({ count: changes }) : words.noChanges()}
              </p>
              <span className="hidden text-slate-500 text-xs sm:inline dark:text-slate-400">
                {LL.form.saveShortcut()}
              </span>
              <button
                type="button"
                className={`${secondaryButton} disabled:cursor-not-allowed disabled:opacity-50`}
                onClick={undo}
                disabled={!dirty || saving}
              >
                <Icon name="refresh" className="size-4" />
                {words.undo()}
              </button>
              <button
                type="button"
                className={primaryButton}
                onClick={() => void save()}
                disabled={!dirty || saving}
              >
                <Icon name="save" className="size-4" />
                {saving ? LL.form.saving() : words.save()}
              </button>
            </div>
          ) : null}
        </>
      ) : null}

      <ConfirmDialog
        open={pendingRole !== null}
        title={words.switchTitle()}
        body={words.switchBody({ role: roleName })}
        confirmLabel={words.switchConfirm()}
        cancelLabel={LL.form.stay()}
        danger
        onConfirm={() => {
          const next = pendingRole?.id ?? null;
          setPendingRole(null);
          applyRole(next);
        }}
        onCancel={() => setPendingRole(null)}
      />
      {leaveGuard}
    </div>
  );
};

export default AssignPermissionPage;

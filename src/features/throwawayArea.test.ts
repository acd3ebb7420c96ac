import { i18nObject } from 'typesafe-i18n';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { z } from 'zod';
import { palettePlaceholder } from '@/components/palette/palettePlaceholder';
import { recordAreaCommandsOf } from '@/components/palette/useRecordAreaCommands';
import { areaShowTexts } from '@/components/record/areaShowTexts';
import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { allAreas, areaByName, areas, registerArea } from '@/domain/areas';
import { defineArea } from '@/domain/areas/area';
import { areaStatusText, areaStatusTone } from '@/domain/areas/areaWords';
import { auditActionText, auditActionValuesOf, auditDetailsText } from '@/domain/auditWords';
import type { TPermissionResource } from '@/domain/permissionCatalogue';
import { hasPermission } from '@/domain/permissions';
import { auditedEntitiesOf } from '@/domain/resources/auditEntry';
import { defineSettingsSection, numberSetting } from '@/domain/settings/settingsSection';
import {
  settingDefaultsOf,
  settingsInOrder,
  settingsSectionsOf,
} from '@/domain/settings/systemSettingSections';
import { areaMenuEntry } from '@/domain/sidebarMenu';
import { settingSchemasOf, systemSettingDefaults } from '@/domain/systemSettings';
import { allWorkflows, registerWorkflow } from '@/domain/workflows';
import type { TWorkflowDefinition } from '@/domain/workflows/workflow';
import type { TWorkQueueItem } from '@/domain/workQueue';
import en from '@/i18n/en';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TDbOrTx } from '../../server/audit';
import type { TAuthUser } from '../../server/auth/service';
import { collectWorkQueue } from '../../server/workQueue/collectWorkQueue';
import type { TWorkQueueContext, TWorkQueueSource } from '../../server/workQueue/workQueueSource';
import { areaFeature } from './areaFeature';
import { features } from './featureRegistry';
import type { TWorkQueueKind } from './featureRoutes';
import { workQueuePath, workQueueReason } from './home/workQueue/WorkQueueList';
import { loadWorkQueueKinds } from './home/workQueue/workQueueKinds';
import { importKindsOf, importPermission, uploadPath } from './upload/importKinds';

/**
 * Issue 23's promise: a new area is its description and its words. A throwaway area, described and
 * worded here only, gets its routes, sidebar entry, palette commands and search words, status
 * badge, workflow texts, record pages' words, settings section, audit words, import kind and work
 * queue (the server's source and the list's words and links) from the engines and registries, with
 * no other file touched (docs/adding-an-area.md counts the files a real area adds).
 */
const loanSettings = defineSettingsSection({
  name: 'loan',
  settings: {
    loanDays: numberSetting(14, {
      order: 55,
      min: 1,
      max: 90,
      label: () => 'Days of a loan',
      hint: () => 'Then it is due.',
    }),
  },
});

const loanArea = registerArea(
  defineArea({
    name: 'loan',
    entity: 'loans',
    apiBase: '/loans',
    routeBase: '/equipment/loans',
    // A real area adds its resource to the permission catalogue; the test borrows the type.
    permission: 'loans' as TPermissionResource,
    statuses: { open: 'amber', returned: 'green' },
    idOptional: true,
    menu: { key: 'loan', icon: 'report', title: { kh: 'ការខ្ចី', en: 'Loans' } },
    settings: loanSettings,
    workQueueReasons: ['loanOverdue'],
    imports: {
      resource: 'loans',
      title: () => 'Loans',
      paletteTitle: () => 'Import loans',
    },
    commandPages: [
      {
        id: 'open-overdue-loans',
        path: '/equipment/loans?overdue=1',
        icon: 'report',
        title: () => 'Overdue loans',
      },
    ],
  }),
);

/** Its words, in the shape every area's have (`areas.<name>`, src/domain/areas/areaWords.ts). */
const loanWords = {
  commands: { new: 'New loan', find: 'Find loan by borrower or code' },
  show: {
    loading: 'Loading the loan...',
    edit: 'Edit',
    editRecord: 'Edit this loan',
    print: 'Print',
    printRecord: 'Print the loan',
    paperTitle: 'Loan record',
    printedOn: 'Printed on {date}',
    recordActions: 'Loan actions',
    keyboardHint: 'E edits',
    printHint: 'Ctrl+P prints',
  },
  workflow: {
    actions: { giveBack: 'Give back', lose: 'Report lost' },
    intros: { giveBack: '{name} comes back to the store.' },
    fields: { returnDate: 'Day it came back' },
  },
  statuses: { open: 'Out on loan', returned: 'Returned' },
};

const LL = i18nObject(
  'en',
  { ...en, areas: { ...en.areas, loan: loanWords } } as never,
  {},
) as unknown as TranslationFunctions;

const loanWorkflow: TWorkflowDefinition = registerWorkflow({
  name: 'loan',
  machine: createMachine({
    id: 'loan',
    initial: 'open',
    states: { open: { on: { GIVE_BACK: 'returned' } }, returned: {} },
  }),
  statuses: ['open', 'returned'],
  actions: {
    'give-back': {
      event: 'GIVE_BACK',
      permission: 'loans:update',
      body: z.object({}),
      fields: [],
      icon: 'check',
      does: 'move',
    },
  },
  systemEvents: [],
  eventOf: (action) => ({ type: action }),
});

describe('a throwaway area, described in this test only', () => {
  it('is listed with the areas, found by name', () => {
    expect(allAreas().map((area) => area.name)).toContain('loan');
    expect(areaByName('loan')).toBe(loanArea);
  });

  it('has its list, create, edit and show routes with their permissions, and its feature', () => {
    const feature = areaFeature(loanArea, { order: 99, show: async () => ({ default: () => null }) });
    expect(feature.name).toBe('loan');
    expect(feature.routes?.map((route) => [route.path, route.permission])).toEqual([
      ['/equipment/loans', 'loans:read'],
      ['/equipment/loans/create', 'loans:update'],
      ['/equipment/loans/edit/:id?', 'loans:update'],
      ['/equipment/loans/show/:id?', 'loans:read'],
    ]);
    expect(feature.resourcePages?.[0]).toMatchObject({
      address: { name: 'loan', permission: 'loans', routeBase: '/equipment/loans' },
      area: { key: 'records' },
      editIdOptional: true,
    });
  });

  it('has its sidebar entry', () => {
    expect(areaMenuEntry(loanArea)).toEqual({
      key: 'loan',
      to: '/equipment/loans',
      permission: 'loans:read',
      title: { kh: 'ការខ្ចី', en: 'Loans' },
      icon: 'report',
    });
  });

  it("has its palette commands: 'New …', 'Find …' and its pages, with their permissions", () => {
    const commands = recordAreaCommandsOf(loanArea);
    expect(commands).toMatchObject({
      name: 'loan',
      routeBase: '/equipment/loans',
      createPermissions: ['loans:write', 'loans:update'],
      readPermission: 'loans:read',
    });
    expect(commands.newTitle(LL)).toBe('New loan');
    expect(commands.findTitle(LL)).toBe('Find loan by borrower or code');
    expect(commands.pages?.map((page) => [page.id, page.path, page.title(LL)])).toEqual([
      ['open-overdue-loans', '/equipment/loans?overdue=1', 'Overdue loans'],
    ]);
  });

  it("has its status badge: the area's words on the area's tones", () => {
    expect(areaStatusText(LL, loanArea, 'open')).toBe('Out on loan');
    expect(areaStatusTone(loanArea, 'open')).toBe('amber');
    expect(areaStatusText(LL, loanArea, 'returned')).toBe('Returned');
    expect(areaStatusTone(loanArea, 'returned')).toBe('green');
    // A status not of the area is told as it is, on slate.
    expect(areaStatusText(LL, loanArea, 'adopted')).toBe('adopted');
    expect(areaStatusTone(loanArea, 'adopted')).toBe('slate');
  });

  it('has its workflow on screen: API, ids and words', () => {
    const client = areaWorkflowClient(loanArea, loanWorkflow);
    expect(client).toMatchObject({ apiBase: '/loans', resourceName: 'loan', idPrefix: 'loan' });
    const texts = client.texts(LL);
    expect(texts.action('give-back')).toBe('Give back');
    expect(texts.action('lose')).toBe('Report lost');
    expect(texts.action('MYSTERY')).toBe('MYSTERY');
    expect(texts.intro('give-back', 'Bicycle 7')).toBe('Bicycle 7 comes back to the store.');
    expect(texts.intro('lose', 'Bicycle 7')).toBe('');
    expect(texts.field('returnDate')).toBe('Day it came back');
    // A field the area does not name is the record field's of that name.
    expect(texts.field('code')).toBe(en.fields.code);
    // Without its own, the actions' group is named as the record pages' toolbar.
    expect(texts.actionsLabel()).toBe('Loan actions');
  });

  it("has its record pages' words", () => {
    const texts = areaShowTexts(loanArea)(LL);
    expect(texts.loading()).toBe('Loading the loan...');
    expect(texts.toolbar()).toBe('Loan actions');
    expect(texts.paperTitle()).toBe('Loan record');
    expect(texts.printedOn('01-02-2026')).toBe('Printed on 01-02-2026');
  });

  it('has its settings section: in the schema, the defaults and the screen, in its place', () => {
    const sections = settingsSectionsOf([...areas, loanArea]);
    expect(sections.map((section) => section.name)).toContain('loan');
    const keys = settingsInOrder(sections).map(([key]) => key);
    expect(keys.indexOf('loanDays')).toBe(keys.indexOf('parentApprovalMonths') + 1);
    expect(settingDefaultsOf(sections)).toMatchObject({ loanDays: 14 });
    expect(settingSchemasOf(sections).loanDays.safeParse(91).success).toBe(false);
  });

  it("has its audit words: its record type, its workflow's actions and statuses", () => {
    expect(auditedEntitiesOf([...areas, loanArea])).toContain('loans');
    expect(auditActionValuesOf(allWorkflows())).toContain('give-back');
    expect(auditActionText(LL, 'give-back', 'loans')).toBe('Give back');
    // The action filter, without a record type, finds it among every workflow's actions.
    expect(auditActionText(LL, 'give-back')).toBe('Give back');
    expect(auditDetailsText(LL, 'loans', { from: 'open', to: 'returned' })).toBe(
      LL.audit.statusChange({ from: 'Out on loan', to: 'Returned' }),
    );
  });

  it('has its import: a kind of /upload under its write permission, and the palette page to it', async () => {
    const kind = importKindsOf([...areas, loanArea]).find((candidate) => candidate.area === loanArea);
    expect(kind?.resource).toBe('loans');
    if (!kind) return;
    expect(uploadPath(kind)).toBe('/upload?resource=loans');
    expect(importPermission(kind)).toBe('loans:write');
    expect(kind.paletteTitle(LL)).toBe('Import loans');
  });

  it("has its palette search's words when the palette is narrowed to it", () => {
    expect(palettePlaceholder(LL, 'loan')).toBe('Find loan by borrower or code');
    expect(palettePlaceholder(LL, null)).toBe(en.palette.placeholder);
  });

  it('has its work queue: the server asks its source, the list words and links its items', async () => {
    const overdue = {
      entity: 'loan',
      entityId: 7,
      code: 'LN-7',
      title: 'Bicycle 7',
      reason: 'loanOverdue',
      status: 'open',
      since: '2026-01-05',
    } as unknown as TWorkQueueItem;
    const loanSource: TWorkQueueSource = {
      kind: 'loansOverdue',
      order: 60,
      mayRead: (user) => hasPermission(user, 'loans:read'),
      items: async () => [overdue],
      count: async () => ({ total: 1, exact: true }),
    };
    const context = (permissions: string[]): TWorkQueueContext => ({
      db: {} as TDbOrTx,
      user: { id: 3, username: 'clerk', roles: [], permissions } as unknown as TAuthUser,
      settings: { ...systemSettingDefaults, version: 0 },
      today: '2026-02-01',
      locale: 'en',
      exactLimit: 1000,
    });
    expect((await collectWorkQueue([loanSource], context(['loans:read']))).data).toEqual([overdue]);
    expect((await collectWorkQueue([loanSource], context([]))).data).toEqual([]);

    const loanKind: TWorkQueueKind = {
      entity: 'loan',
      icon: 'report',
      path: (item) => `${loanArea.routeBase}/show/${item.entityId}`,
      reasonText: (_LL, item) => `Overdue since ${item.since}`,
      reasons: { loanOverdue: { icon: 'clock', className: 'text-rose-700', order: 8, since: false } },
    };
    const feature = areaFeature(loanArea, {
      order: 99,
      show: async () => ({ default: () => null }),
      workQueueKind: async () => ({ workQueueKind: loanKind }),
    });
    expect(feature.workQueue?.readPermission).toBe('loans:read');
    const kinds = await loadWorkQueueKinds([...features, feature]);
    expect(workQueuePath(kinds, overdue)).toBe('/equipment/loans/show/7');
    expect(workQueueReason(kinds, LL, overdue)).toBe('Overdue since 2026-01-05');
  });
});

import { areas } from './areas';
import type { TAreaDefinition } from './areas/area';
import type { TTranslatable } from './translatable';

/**
 * The sidebar of spec section 2, described once: the client's sidebar renders it (filtered by
 * permission) and the server seeds the system menus (which feed the menu search) from it.
 */
export type TMenuEntry = { key: string; to: string; permission: string; title: TTranslatable; icon: string };
export type TMenuGroup = { key: string; title: TTranslatable; icon: string; children: TMenuEntry[] };
export type TMenuItem = TMenuEntry | TMenuGroup;

export const isMenuGroup = (item: TMenuItem): item is TMenuGroup => 'children' in item;

/** A record area's sidebar entry: its list, for whoever may read the area. */
export const areaMenuEntry = (area: TAreaDefinition): TMenuEntry => ({
  key: area.menu.key,
  to: area.routeBase,
  permission: `${area.permission}:read`,
  title: area.menu.title,
  icon: area.menu.icon,
});

export const sidebarMenu: TMenuItem[] = [
  // The record areas, in their order, from their descriptions (src/domain/areas).
  ...areas.map(areaMenuEntry),
  {
    key: 'reports',
    title: { kh: 'របាយការណ៍', en: 'Reports' },
    icon: 'report',
    children: [
      {
        key: 'report-child',
        to: '/reports/child',
        permission: 'adopted_child_reports:read',
        title: { kh: 'កុមារ', en: 'Children' },
        icon: 'child',
      },
      {
        key: 'report-parents',
        to: '/reports/parents',
        permission: 'adopted_child_reports:read',
        title: { kh: 'ឪពុកម្ដាយសុំកុមារធម៌', en: 'Adopted parents' },
        icon: 'parents',
      },
    ],
  },
  {
    key: 'security',
    title: { kh: 'សុវត្ថិភាព', en: 'Security' },
    icon: 'security',
    children: [
      {
        key: 'user',
        to: '/security/user',
        permission: 'users:read',
        title: { kh: 'អ្នកប្រើប្រាស់', en: 'User' },
        icon: 'user',
      },
      {
        key: 'role',
        to: '/security/role',
        permission: 'roles:read',
        title: { kh: 'តួនាទី', en: 'Role' },
        icon: 'role',
      },
      {
        key: 'assign-permission',
        to: '/security/assign-permission',
        permission: 'assign_permissions:read',
        title: { kh: 'កំណត់សិទ្ធិ', en: 'Assign permission' },
        icon: 'key',
      },
      {
        key: 'audit',
        to: '/security/audit',
        permission: 'audit_logs:read',
        title: { kh: 'កំណត់ហេតុសវនកម្ម', en: 'Audit log' },
        icon: 'report',
      },
    ],
  },
  {
    key: 'configuration',
    title: { kh: 'ការកំណត់', en: 'Configuration' },
    icon: 'settings',
    children: [
      {
        key: 'general-information',
        to: '/configuration/general-information',
        permission: 'general_settings:read',
        title: { kh: 'ព័ត៌មានទូទៅ', en: 'General information' },
        icon: 'info',
      },
      {
        key: 'head-office',
        to: '/configuration/head-office',
        permission: 'head_offices:read',
        title: { kh: 'ការិយាល័យកណ្ដាល', en: 'Head office' },
        icon: 'office',
      },
      {
        key: 'district',
        to: '/configuration/district',
        permission: 'districts:read',
        title: { kh: 'ស្រុក/ខណ្ឌ', en: 'District' },
        icon: 'map',
      },
      {
        key: 'organization',
        to: '/configuration/organization',
        permission: 'organizations:read',
        title: { kh: 'អង្គភាព', en: 'Organization' },
        icon: 'organization',
      },
      {
        key: 'department',
        to: '/configuration/department',
        permission: 'departments:read',
        title: { kh: 'នាយកដ្ឋាន', en: 'Department' },
        icon: 'department',
      },
      {
        key: 'position',
        to: '/configuration/position',
        permission: 'positions:read',
        title: { kh: 'មុខតំណែង', en: 'Position' },
        icon: 'position',
      },
    ],
  },
];

import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';
import { requiredId, requiredText } from '../rules';
import { headOfficeClasses } from './headOffice';

export const userStatuses = ['active', 'inactive'] as const;

/** Letters, digits, dot, dash and underscore: a username is typed at every sign-in. */
const ZUsername = requiredText(50).refine((value) => value.length === 0 || /^[A-Za-z0-9._-]+$/.test(value), {
  params: { rule: 'usernameChars' },
});
/**
 * At least 8 characters ('{label} must be less than 8', the spec's wording of a minimum); an empty
 * one is 'required' first, as for every required field.
 */
export const ZPassword = z
  .string()
  .min(1, { abort: true })
  .min(8)
  .max(200)
  .refine((value) => value.trim().length > 0, { params: { rule: 'notBlank' } })
  // PostgreSQL text cannot hold NUL: a 400, never a 500.
  .refine((value) => !value.includes('\u0000'));

export const ZUserInput = z.object({
  username: ZUsername,
  name: requiredText(200),
  password: ZPassword,
  roleId: requiredId(),
  organizationId: requiredId(),
  departmentId: requiredId(),
  positionId: requiredId(),
  headOfficeId: requiredId().nullable().optional(),
  active: z.boolean(),
});
export type TUserInput = z.infer<typeof ZUserInput>;

/** On an edit the password is a new one set by the administrator, or absent to keep the current one. */
export const ZUserUpdate = ZUserInput.extend({ password: ZPassword.optional() });

/** A user account: role, place in the organisation, head office; passwords are never sent back. */
export const userResource = {
  ...resourceAddresses.user,
  apiBase: '/users',
  schema: ZUserInput,
  updateSchema: ZUserUpdate,
  fields: [
    { key: 'username', kind: 'text', required: true },
    { key: 'name', kind: 'text', required: true },
    { key: 'password', kind: 'password', required: true, hint: 'passwordHint' },
    { key: 'roleId', label: 'role', kind: 'lookup', lookup: { path: '/users/get-roles' }, required: true },
    {
      key: 'organizationId',
      label: 'organization',
      kind: 'lookup',
      lookup: { path: '/users/get-organizations' },
      required: true,
    },
    {
      key: 'departmentId',
      label: 'department',
      kind: 'lookup',
      lookup: { path: '/users/get-departments', dependsOn: 'organizationId', queryKey: 'organizationId' },
      required: true,
    },
    {
      key: 'positionId',
      label: 'position',
      kind: 'lookup',
      lookup: { path: '/users/get-positions', dependsOn: 'departmentId', queryKey: 'departmentId' },
      required: true,
    },
    {
      key: 'headOfficeClass',
      label: 'headOfficeClass',
      kind: 'select',
      options: headOfficeClasses,
      virtual: true,
      from: 'headOffice.class',
    },
    {
      key: 'headOfficeId',
      label: 'headOffice',
      kind: 'lookup',
      lookup: {
        path: '/users/head-offices/{class}',
        dependsOn: 'headOfficeClass',
        queryKey: 'class',
        inPath: true,
      },
    },
    { key: 'active', kind: 'boolean', defaultValue: true },
  ],
  columns: [
    { key: 'username', kind: 'text', sortable: true },
    { key: 'name', kind: 'text', sortable: true, flex: 2 },
    { key: 'role', path: 'role.roleName', kind: 'text', sortable: true },
    { key: 'headOffice', path: 'headOffice.name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'active', kind: 'boolean', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    { key: 'roleId', label: 'role', kind: 'lookup', lookup: { path: '/users/get-roles' } },
    {
      key: 'organizationId',
      label: 'organization',
      kind: 'lookup',
      lookup: { path: '/users/get-organizations' },
    },
    { key: 'status', label: 'status', kind: 'select', options: userStatuses },
  ],
  defaultSort: 'username',
  titleOf: (row) => row.name,
  subtitleOf: (row) => String(row.username ?? ''),
} satisfies TResourceDefinition;

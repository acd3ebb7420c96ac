import type { TClientResource } from '@/components/resource/resourceArea';
import { userResource } from '@/domain/resources/user';
import { pageRouteOf } from '../resourcePageRoutes';

/**
 * The user screens (`/security/user`), driven by the user's description; the edit page adds the
 * account card and the palette's 'Deactivate this user' and 'Set a new password'.
 */
export const userClientResource: TClientResource = {
  definition: userResource,
  ...pageRouteOf('user'),
  recordSearch: true,
  // Nobody deletes their own account (the server answers 409).
  deletable: (record, user) => record.username !== user?.username,
  // The account card and its dialogs come with the edit page (issue 11).
  formExtras: async () => {
    const [{ AccountCard }, { useUserAccountActions }] = await Promise.all([
      import('./user/AccountCard'),
      import('./user/useUserAccountActions'),
    ]);
    return { EditExtras: AccountCard, useRecordActions: useUserAccountActions };
  },
};

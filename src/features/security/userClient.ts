import type { TClientResource } from '@/components/resource/resourceArea';
import { userResource } from '@/domain/resources/user';
import { pageRouteOf } from '../resourcePageRoutes';
import { AccountCard } from './user/AccountCard';
import { useUserAccountActions } from './user/useUserAccountActions';

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
  EditExtras: AccountCard,
  useRecordActions: useUserAccountActions,
};

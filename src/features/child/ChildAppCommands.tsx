import { useRegisterCommands } from '@/components/palette/commandRegistry';
import { type TRecordAreaCommands, useRecordAreaCommands } from '@/components/palette/useRecordAreaCommands';
import { childResource } from '@/domain/resources/child';

const area: TRecordAreaCommands = {
  name: childResource.name,
  routeBase: childResource.routeBase,
  // The create page needs `:update` (spec section 6) and the save `:write`.
  createPermissions: ['adoptive_children:write', 'adoptive_children:update'],
  readPermission: 'adoptive_children:read',
  newTitle: (LL) => LL.list.createThing({ thing: LL.resources.child.one() }),
  findTitle: (LL) => LL.areas.child.commands.find(),
  // The list a matching starts from, which the sidebar does not show (spec section 4).
  pages: [
    {
      id: 'open-can-adopt-child',
      title: (LL) => LL.resources.childAdoptable.many(),
      icon: 'child',
      path: '/can-adopt-child',
    },
  ],
};

/**
 * 'New child' and 'Find child by name or code' from any screen: registering a child and finding one
 * are what a caseworker does most. Finding reopens the palette narrowed to children. And the list
 * of children who can be adopted.
 */
export const ChildAppCommands = () => {
  useRegisterCommands(useRecordAreaCommands(area), { appWide: true });
  return null;
};

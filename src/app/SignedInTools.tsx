import { CommandPalette } from '@/components/palette/CommandPalette';
import { ResourcePageCommands } from '@/components/resource/ResourcePageCommands';
import { clientResources } from '@/features/clientResources';

/**
 * What only a signed-in user can open: the command palette (Ctrl+K) and the commands of the page
 * on screen. Loaded after sign-in (issue 11): the sign-in page does not carry them.
 */
const SignedInTools = () => (
  <>
    <CommandPalette />
    <ResourcePageCommands resources={clientResources} />
  </>
);
export default SignedInTools;

import { CommandPalette } from '@/components/palette/CommandPalette';
import { ResourcePageCommands } from '@/components/resource/ResourcePageCommands';
import { clientResources } from '@/features/clientResources';

/**
 * The command palette and the commands the resources add to it ('New child', the lists by name).
 * Loaded the first time a signed-in user opens the palette (issue 11): no page carries them before.
 */
const SignedInTools = () => (
  <>
    <CommandPalette resources={clientResources} />
    <ResourcePageCommands resources={clientResources} />
  </>
);
export default SignedInTools;

import { CommandPalette } from '@/components/palette/CommandPalette';
import { ResourcePageCommands } from '@/components/resource/ResourcePageCommands';
import { clientResources } from '@/features/clientResources';
import { FeaturePageCommands } from '@/features/FeaturePageCommands';

/**
 * The command palette and the commands the resources and features add to it ('New child', the
 * lists by name, 'Reports: children'). Loaded the first time a signed-in user opens the palette
 * (issue 11): no page carries them before.
 */
const SignedInTools = () => (
  <>
    <CommandPalette resources={clientResources} />
    <ResourcePageCommands resources={clientResources} />
    <FeaturePageCommands />
  </>
);
export default SignedInTools;

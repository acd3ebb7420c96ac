import type { TServerModule } from '../module';
import { configurationBindings } from './configurationBindings';

/** Places, organisation and reference lists (spec section 2 'Configuration'). */
export const configurationModule: TServerModule = {
  name: 'configuration',
  resources: configurationBindings,
};

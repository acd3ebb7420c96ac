import { configurationBindings } from '../../resources/configuration';
import type { TServerModule } from '../module';

/** Places, organisation and reference lists (spec section 2 'Configuration'). */
export const configurationModule: TServerModule = {
  name: 'configuration',
  resources: configurationBindings,
};

import type { TServerModule } from '../module';
import { configurationBindings } from './configurationBindings';

/** Places, organisation and reference lists (spec section 2 'Configuration'). */
export const configurationModule: TServerModule = {
  name: 'configuration',
  resources: configurationBindings,
};

/** Where the configuration finds the records of the other modules that keep a place or an office. */
export { readReferringRecordsFrom } from './configurationBindings';

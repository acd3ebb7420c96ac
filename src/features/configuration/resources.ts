export { configurationResources as resources } from './configurationResources';

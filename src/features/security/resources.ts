export { securityResources as resources } from './securityResources';

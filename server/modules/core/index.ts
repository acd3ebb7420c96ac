import type { TServerModule } from '../module';
import { authRoutes } from './authRoutes';
import { categoriesRoutes } from './categoriesRoutes';
import { generalInformationRoutes } from './generalInformationRoutes';
import { languageRoutes } from './languageRoutes';
import { mainsRoutes } from './mainsRoutes';
import { menuRoutes } from './menuRoutes';
import { settingsRoutes } from './settingsRoutes';
import { userRoutes } from './userRoutes';

/** Sign-in and sessions, the signed-in user, setup data, general information, languages, menus, settings. */
export const coreModule: TServerModule = {
  name: 'core',
  routes: [
    authRoutes,
    userRoutes,
    mainsRoutes,
    generalInformationRoutes,
    languageRoutes,
    menuRoutes,
    settingsRoutes,
    categoriesRoutes,
  ],
};

import { authRoutes } from '../../routes/auth';
import { categoriesRoutes } from '../../routes/categories';
import { generalInformationRoutes } from '../../routes/generalInformation';
import { languageRoutes } from '../../routes/languages';
import { mainsRoutes } from '../../routes/mains';
import { menuRoutes } from '../../routes/menus';
import { settingsRoutes } from '../../routes/settings';
import { userRoutes } from '../../routes/users';
import type { TServerModule } from '../module';

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

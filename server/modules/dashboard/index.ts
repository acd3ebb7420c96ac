import type { TServerModule } from '../module';
import { dashboardRoutes } from './dashboardRoutes';

/**
 * The dashboard (issue 24): `GET /dashboard`, the home page's figures for the signed-in user, by
 * permission and office. Reads the areas' tables, the work-queue engine and the parents' and
 * services' list conditions (through their modules' index), so its figures match the lists.
 */
export const dashboardModule: TServerModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};

import { createBrowserRouter } from 'react-router';
import { setLocationKeyReader } from '@/state/pageError';
import { buildRoutes } from './routes';

export const router = createBrowserRouter(buildRoutes());

setLocationKeyReader(() => router.state.location.key);

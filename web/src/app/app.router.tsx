import { createBrowserRouter } from 'react-router-dom';
import { routes } from './app.routes';

/** The app's router (one per page load, made by main.tsx). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

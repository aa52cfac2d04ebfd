// `npm run build`: the TypeScript projects and the web app.
import { buildAll } from './lib/build.mjs';

buildAll();

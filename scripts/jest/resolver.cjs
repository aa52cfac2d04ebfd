// Lets a test run from TypeScript source: a relative `./x.js` import (as NodeNext wants it written)
// resolves to `./x.ts` when that exists beside the importer. Packages under node_modules and the
// workspaces' compiled dist/ resolve as Node resolves them.
const TS_SOURCE = /^\.\.?\/.*\.js$/;

module.exports = (request, options) => {
  if (TS_SOURCE.test(request) && !options.basedir.includes('/node_modules/')) {
    try {
      return options.defaultResolver(request.replace(/\.js$/, '.ts'), options);
    } catch {
      // no TypeScript source beside it: a compiled file (dist/) or plain JavaScript
    }
  }
  return options.defaultResolver(request, options);
};

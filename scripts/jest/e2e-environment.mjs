// The end-to-end tests' environment: Node's, plus `globalThis.mmfaTestFailed` telling an afterEach
// hook whether the test it follows failed (Jest hands hooks no test status; the e2e browser helper
// keeps screenshots of a failed test's pages).
import { TestEnvironment } from 'jest-environment-node';

export default class E2eEnvironment extends TestEnvironment {
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.mmfaTestFailed = false;
    if (event.name === 'test_fn_failure') this.global.mmfaTestFailed = true;
    if (event.name === 'hook_failure' && event.hook.type === 'beforeEach') this.global.mmfaTestFailed = true;
  }
}

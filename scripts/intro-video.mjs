// `npm run intro-video`: the intro video of the sign-in screen and the waitlist page, made from the
// product's own screens so it stays true when they change. Chromium (playwright-core, Debian's
// /usr/bin/chromium) walks the demo journey on a running stack (`npm start`; WEB_URL overrides the
// address), one screenshot per step; ffmpeg (Debian's package) joins them into a VP9 WebM. Written to
// web/public/media/: intro.webm, intro-poster.webp (the first screen) and intro.en.vtt (one caption per
// step). The steps below are the whole script: the video lasts the sum of their seconds (under 60).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_ACCOUNTS } from './lib/demo-data.mjs';
import { root } from './lib/paths.mjs';

const webUrl = process.env.WEB_URL ?? `http://127.0.0.1:${process.env.MMFA_WEB_PORT ?? 24080}`;
const out = join(root, 'web/public/media');
const size = { width: 1280, height: 720 };
const customer = DEMO_ACCOUNTS.find((account) => account.type === 'CUSTOMER');

/** Each step: what the browser does, then the caption shown while its screenshot is on screen. */
const steps = [
  {
    seconds: 6,
    caption: 'MultiMFA gives your team one shared phone number for sign-in codes.',
    async show(page) {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    },
  },
  {
    seconds: 6,
    caption: 'Choose a plan: Basic, Business or Enterprise, billed monthly.',
    async show(page) {
      const pricing = page.getByTestId('marketing-pricing');
      await pricing.getByRole('article').first().waitFor();
      await pricing.scrollIntoViewIfNeeded();
    },
  },
  {
    seconds: 5,
    caption: 'Sign in with your e-mail and password, or with Google.',
    async show(page) {
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email', { exact: true }).fill(customer.email);
      await form.getByLabel('Password', { exact: true }).fill(customer.password);
    },
  },
  {
    seconds: 7,
    caption: 'Your dashboard lists your MultiMFA numbers for people and RoboMFA numbers for bots.',
    async show(page) {
      await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    seconds: 7,
    caption: 'Add a MultiMFA: pick a country and a name, then a plan.',
    async show(page) {
      await page.goto('/dashboard/add');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    seconds: 7,
    caption: 'Each code texted to the number reaches every member by e-mail, SMS or both.',
    async show(page) {
      // The demo MultiMFA `npm start` makes for the demo customer.
      await page.goto('/dashboard');
      await page.locator('a[href^="/details/"]').first().click();
      await page.waitForURL('**/details/**');
      await page.getByRole('heading', { name: 'MultiMFA Details' }).waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    seconds: 6,
    caption: 'Bots get RoboMFA numbers and read their codes through the API.',
    async show(page) {
      await page.goto('/pricing-robomfa');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
];

function timestamp(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `00:${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;
}

const work = mkdtempSync(join(tmpdir(), 'intro-video-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ baseURL: webUrl, viewport: size, reducedMotion: 'reduce' });
  const list = [];
  const cues = ['WEBVTT', ''];
  let at = 0;
  for (const [index, step] of steps.entries()) {
    await step.show(page);
    const shot = join(work, `step-${index}.png`);
    await page.screenshot({ path: shot });
    list.push(`file '${shot}'`, `duration ${step.seconds}`);
    cues.push(`${index + 1}`, `${timestamp(at)} --> ${timestamp(at + step.seconds)}`, step.caption, '');
    at += step.seconds;
  }
  // The concat demuxer holds the last picture only if it is listed once more.
  list.push(`file '${join(work, `step-${steps.length - 1}.png`)}'`);
  writeFileSync(join(work, 'steps.txt'), `${list.join('\n')}\n`);
  mkdirSync(out, { recursive: true });
  const ffmpeg = (args) =>
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
  ffmpeg([
    ...['-f', 'concat', '-safe', '0', '-i', join(work, 'steps.txt')],
    ...['-vf', 'fps=5,scale=1280:720,format=yuv420p', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38'],
    ...['-row-mt', '1', '-an', join(out, 'intro.webm')],
  ]);
  ffmpeg([
    '-i',
    join(work, 'step-0.png'),
    '-vf',
    'scale=640:360',
    '-quality',
    '70',
    join(out, 'intro-poster.webp'),
  ]);
  writeFileSync(join(out, 'intro.en.vtt'), cues.join('\n'));
  const bytes = statSync(join(out, 'intro.webm')).size;
  console.log(`[intro-video] ${at} s, ${(bytes / 1024).toFixed(0)} KB: web/public/media/intro.webm`);
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

// The web app's nginx: hashed assets cached for a year, index.html revalidated, the SPA's routes
// falling back to index.html, /api proxied to the gateway, security headers; and the Ingress that
// puts the web app and /api at one address.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { named, ofKind, overlays, renderOverlay } from './support/kubernetes.js';
import { filesUnder, readRepoFile, repoPath } from './support/repo.js';

const nginx = readRepoFile('web/nginx/nginx.conf');
const headers = readRepoFile('web/nginx/security-headers.conf');

/** The body of `location <match> { ... }` (locations here hold no nested blocks). */
function location(match: string): string {
  const start = nginx.indexOf(`location ${match} {`);
  assert.ok(start >= 0, `nginx.conf has no "location ${match}"`);
  return nginx.slice(start, nginx.indexOf('}', start));
}

/** The Content-Security-Policy directives, by name. */
function csp(): Map<string, string[]> {
  const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(headers)?.[1];
  assert.ok(policy, 'security-headers.conf sets a Content-Security-Policy');
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('web server (nginx)', () => {
  it('listens on 8080 and writes only under /tmp (read-only root file system)', () => {
    assert.match(nginx, /listen 8080;/);
    assert.match(nginx, /^pid \/tmp\//m);
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      assert.match(nginx, new RegExp(`${temp}_temp_path /tmp/`), `${temp}_temp_path under /tmp`);
    }
  });

  it('caches hashed assets for a year, and 404s a missing one instead of serving index.html', () => {
    const assets = location('^~ /assets/');
    assert.match(
      assets,
      /Cache-Control "public, max-age=31536000, immutable";/,
      'a year, on found files only',
    );
    assert.match(assets, /try_files \$uri =404;/);
  });

  it('revalidates index.html and falls back to it for every route of the app', () => {
    assert.match(location('= /index.html'), /Cache-Control "no-cache"/);
    const root = location('/');
    assert.match(root, /try_files \$uri \/index\.html;/);
    assert.match(root, /Cache-Control "no-cache"/);
  });

  it('proxies /api to the gateway on 8080, with the forwarded headers it trusts', () => {
    assert.match(nginx, /upstream gateway \{\s*server gateway:8080;/);
    const api = location('/api');
    assert.match(api, /proxy_pass http:\/\/gateway;/);
    for (const header of ['Host', 'X-Forwarded-For', 'X-Forwarded-Proto']) {
      assert.match(api, new RegExp(`proxy_set_header ${header} `), `forwards ${header}`);
    }
    assert.doesNotMatch(api, /add_header/, 'the gateway sets its own headers on /api');
  });

  it('answers its own health routes', () => {
    assert.match(location('= /health/live'), /return 200/);
    assert.match(location('= /health/ready'), /return 200/);
  });

  it('adds the security headers wherever it serves files', () => {
    for (const match of ['^~ /assets/', '= /index.html', '/']) {
      assert.match(location(match), /include \/etc\/nginx\/security-headers\.conf;/, `location ${match}`);
    }
    for (const header of ['Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy']) {
      assert.match(headers, new RegExp(`add_header ${header} `), header);
    }
  });

  it('allows scripts from the app and Stripe only, never inline, and no framing', () => {
    const policy = csp();
    assert.deepEqual(policy.get('default-src'), ["'self'"]);
    assert.deepEqual(policy.get('script-src'), ["'self'", 'https://js.stripe.com']);
    assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    const external = [...policy.values()]
      .flat()
      .filter(
        (source) => source.startsWith('https://') && !/^https:\/\/([\w*-]+\.)*stripe\.com$/.test(source),
      );
    assert.deepEqual(external, [], 'no other origin than Stripe');
  });
});

describe('the built web app, as `npm start` serves it (vite preview)', () => {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  let preview: ReturnType<typeof spawn>;

  beforeAll(async () => {
    preview = spawn(
      process.execPath,
      [repoPath('node_modules/vite/bin/vite.js'), 'preview', '--logLevel', 'warn'],
      {
        cwd: repoPath('web'),
        env: { ...process.env, WEB_PORT: String(port) },
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail('vite preview did not start');
  });

  afterAll(() => {
    preview?.kill();
  });

  it("sends nginx's CSP and frame headers with the app", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(response.status, 200);
    const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(headers)?.[1];
    assert.equal(response.headers.get('content-security-policy'), policy);
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  it('publishes no source maps, and no script points at one', () => {
    const files = filesUnder('web/dist');
    assert.ok(
      files.some((file) => file.endsWith('.js')),
      'the web app is built',
    );
    expect(files.filter((file) => file.endsWith('.map'))).toStrictEqual([]);
    for (const file of files.filter((name) => name.endsWith('.js') || name.endsWith('.css'))) {
      assert.doesNotMatch(readFileSync(repoPath(file), 'utf8'), /sourceMappingURL/, file);
    }
  });
});

for (const overlay of overlays) {
  describe(`Ingress in ${overlay}`, () => {
    const ingress = named(ofKind<IIngress>('Ingress')(renderOverlay(overlay)), 'multimfa', 'Ingress');
    const rules = ingress.spec?.rules ?? [];

    it('sends /api to the gateway and everything else to the web app, on one host', () => {
      assert.equal(rules.length, 1);
      const paths = rules[0]?.http?.paths.map((path) => [
        path.path,
        path.pathType,
        path.backend.service?.name,
      ]);
      assert.deepEqual(paths, [
        ['/api', 'Prefix', 'gateway'],
        ['/', 'Prefix', 'web'],
      ]);
    });

    if (overlay === 'prod') {
      it('serves the host over TLS', () => {
        const tlsHosts = (ingress.spec?.tls ?? []).flatMap((tls) => tls.hosts ?? []);
        assert.ok(
          rules.every((rule) => rule.host && tlsHosts.includes(rule.host)),
          'every host has TLS',
        );
      });
    }
  });
}

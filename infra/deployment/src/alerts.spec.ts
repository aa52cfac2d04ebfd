// The alert rules of infra/k8s watch metrics the product declares: a renamed metric would leave an
// alert that never fires.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { PrometheusRuleSpec } from './support/k8s-schemas.js';
import { overlays, renderOverlay } from './support/kubernetes.js';
import { filesUnder, readRepoFile, repoFileExists, subfolders } from './support/repo.js';

/** The metric names an expression reads: a name followed by a selector or a range. */
const metricsOf = (expr: string): string[] =>
  [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?=[{[])/g)].map((match) => match[1] ?? '');

/** Every metric name the services declare (quoted in their TypeScript sources). */
function declaredMetrics(): string {
  return ['services', 'packages']
    .flatMap((root) => subfolders(root).map((name) => `${root}/${name}/src`))
    .filter((folder) => repoFileExists(folder))
    .flatMap((folder) => filesUnder(folder))
    .filter((path) => path.endsWith('.ts') && !/\.(spec|int-spec)\.ts$/.test(path))
    .map((path) => readRepoFile(path))
    .join('\n');
}

describe('alert rules', () => {
  it('the prod overlay alerts on the SMS each customer is sent, with a threshold', () => {
    const rules = renderOverlay('prod')
      .filter((object) => object.kind === 'PrometheusRule')
      .flatMap((object) => (object.spec as PrometheusRuleSpec).groups ?? [])
      .flatMap((group) => group.rules ?? []);
    const surge = rules.find((rule) => rule.alert === 'MultiMfaCustomerSmsSurge');
    assert.ok(surge, 'no alert MultiMfaCustomerSmsSurge');
    assert.match(
      String(surge.expr),
      /sum by \(customer_id\) \(increase\(messaging_outbound_sms_total\[1h\]\)\) > \d+/,
    );
  });

  it('every metric an alert reads is declared by a service', () => {
    const sources = declaredMetrics();
    const unknown = overlays
      .flatMap((overlay) => renderOverlay(overlay))
      .filter((object) => object.kind === 'PrometheusRule')
      .flatMap((object) => (object.spec as PrometheusRuleSpec).groups ?? [])
      .flatMap((group) => group.rules ?? [])
      .flatMap((rule) => metricsOf(String(rule.expr)).map((metric) => ({ alert: rule.alert, metric })))
      .filter(({ metric }) => !sources.includes(`'${metric}'`))
      .map(({ alert, metric }) => `${alert}: ${metric}`);
    expect(unknown).toStrictEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { type RoutingRule, routeText } from './routing.rules.js';

const rule = (overrides: Partial<RoutingRule>): RoutingRule => ({
  ruleId: 'r',
  matchKind: 'service',
  matchValue: 'Google',
  memberIds: [],
  destinationIds: [],
  ...overrides,
});

describe('routeText', () => {
  const google = rule({ matchValue: 'Google', memberIds: ['m1'], destinationIds: ['slack'] });
  const aws = rule({ matchValue: 'AWS', memberIds: ['m2'] });
  const bank = rule({ matchKind: 'sender', matchValue: '+1 (555) 010-0099', destinationIds: ['hook'] });

  it('sends a text to the recipients of the service rule it matches, ignoring case', () => {
    expect(routeText([google, aws], false, { sender: '+15550100001', service: 'google' })).toStrictEqual({
      kind: 'rules',
      memberIds: new Set(['m1']),
      destinationIds: new Set(['slack']),
    });
  });

  it('matches a sender rule whatever the spacing and punctuation of the number', () => {
    expect(routeText([bank], false, { sender: '+15550100099', service: null })).toStrictEqual({
      kind: 'rules',
      memberIds: new Set(),
      destinationIds: new Set(['hook']),
    });
  });

  it('unites the recipients of every rule the text matches', () => {
    const bankGoogle = rule({ matchKind: 'sender', matchValue: 'Google', memberIds: ['m3'] });
    const decision = routeText([google, bankGoogle], false, { sender: 'Google', service: 'Google' });
    expect(decision).toStrictEqual({
      kind: 'rules',
      memberIds: new Set(['m1', 'm3']),
      destinationIds: new Set(['slack']),
    });
  });

  it('sends an unmatched text to everyone by default, and holds it when unknown senders are held', () => {
    const text = { sender: 'Shop', service: 'Shopify' };
    expect(routeText([google], false, text)).toStrictEqual({ kind: 'everyone' });
    expect(routeText([google], true, text)).toStrictEqual({ kind: 'hold' });
    expect(routeText([], false, text)).toStrictEqual({ kind: 'everyone' });
  });

  it('never matches a service rule for a text whose service is unknown', () => {
    expect(routeText([google], true, { sender: '+15550100001', service: null })).toStrictEqual({
      kind: 'hold',
    });
  });
});

/** A routing rule of a MultiMFA: texts from one service, or one sender, go to these recipients. */
export interface RoutingRule {
  ruleId: string;
  matchKind: 'service' | 'sender';
  /** The extraction's service name (Google, AWS, …) or the sender as the text shows it. */
  matchValue: string;
  memberIds: string[];
  destinationIds: string[];
}

/** Who gets a text: the recipients of the rules it matched, everyone, or nobody until the owner decides. */
export type RouteDecision =
  | { kind: 'rules'; memberIds: Set<string>; destinationIds: Set<string> }
  | { kind: 'everyone' }
  | { kind: 'hold' };

/** Names compare without case and spacing: "Amazon Web Services" is "amazonwebservices". */
const normal = (value: string) => value.toLowerCase().replace(/[\s\-().]/g, '');

/**
 * Applies a MultiMFA's rules to a text: every rule whose service (the code extraction's) or sender
 * matches adds its members and destinations. A text no rule matches goes to everyone, unless the
 * owner holds unknown senders: then it is held.
 */
export function routeText(
  rules: readonly RoutingRule[],
  holdUnknown: boolean,
  text: { sender: string; service: string | null },
): RouteDecision {
  const matched = rules.filter((rule) =>
    rule.matchKind === 'service'
      ? text.service !== null && normal(rule.matchValue) === normal(text.service)
      : normal(rule.matchValue) === normal(text.sender),
  );
  if (!matched.length) return holdUnknown ? { kind: 'hold' } : { kind: 'everyone' };
  return {
    kind: 'rules',
    memberIds: new Set(matched.flatMap((rule) => rule.memberIds)),
    destinationIds: new Set(matched.flatMap((rule) => rule.destinationIds)),
  };
}

import { parse } from 'yaml';
import { readRepoFile } from './repo.js';

export interface ComposeService {
  image?: string;
  build?:
    | {
        context?: string;
        dockerfile?: string;
        args?: Record<string, string | number | boolean | null> | string[];
        [field: string]: unknown;
      }
    | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ports?: Array<string | number>;
  profiles?: string[];
  entrypoint?: string[] | string;
  volumes?: Array<string | Record<string, unknown>>;
  read_only?: boolean;
  [field: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [field: string]: unknown;
}

/** .env.example: the variables docker compose reads (uncommented) and those only documented. */
export function envExample() {
  const active: Record<string, string> = {};
  const documented = new Set<string>();
  for (const line of readRepoFile('.env.example').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, comment, name = '', value = ''] = match;
    documented.add(name);
    if (!comment) active[name] = value;
  }
  return { active, documented };
}

/** The `${NAME}` forms docker compose substitutes from .env; `$$` is a literal `$`. */
const VARIABLE = /\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}|\$(\w+)/g;

/** The variables a text refers to. */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1] ?? match[4] ?? '').filter(Boolean);
}

/** Substitutes variables as docker compose does; `${NAME:?message}` throws when NAME is empty. */
export function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(VARIABLE, (whole, braced?: string, operator?: string, operand = '', bare?: string) => {
    if (whole === '$$') return '$';
    const name = braced ?? bare ?? '';
    const value = variables[name];
    const unset = operator?.startsWith(':') ? !value : value === undefined;
    if (!unset) return value ?? '';
    if (operator?.endsWith('?')) throw new Error(`${name}: ${operand || 'required'}`);
    return operator?.endsWith('-') ? operand : '';
  });
}

function interpolateAll(node: unknown, variables: Record<string, string>): unknown {
  if (typeof node === 'string') return interpolate(node, variables);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, variables));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, variables)]),
    );
  }
  return node;
}

/** docker-compose.yml as docker compose sees it: `<<` merges applied, variables from .env.example. */
export function loadCompose(): ComposeFile {
  const raw: unknown = parse(readRepoFile('docker-compose.yml'), { merge: true });
  return interpolateAll(raw, envExample().active) as ComposeFile;
}

/** A compose service's environment as a record of strings. */
export function serviceEnvironment(service: ComposeService): Record<string, string> {
  const { environment = {} } = service;
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value ?? '')]));
}

export function dependencies(service: ComposeService): Record<string, string> {
  const { depends_on: dependsOn = {} } = service;
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(dependsOn).map(([name, { condition }]) => [name, condition]));
}

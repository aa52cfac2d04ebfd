import { spawnSync } from 'node:child_process';
import { readRepoFile } from './repo.js';

export interface Instruction {
  /** Upper-case: FROM, RUN, COPY, ... */
  keyword: string;
  /** Everything after the keyword, continuation lines joined, variables substituted (see parseDockerfile). */
  args: string;
  /** The same, as written. */
  raw: string;
}

export interface Stage {
  /** The FROM image with the global ARG values substituted. */
  from: string;
  name?: string;
  instructions: Instruction[];
  /** The ENV the stage sets (and inherits from an earlier stage), as the image carries it. */
  env: Record<string, string>;
}

export interface Dockerfile {
  path: string;
  /** The build arguments it was evaluated with (`--build-arg`, compose's `build.args`). */
  buildArgs: Record<string, string>;
  stages: Stage[];
  /** The stage that becomes the image: the last one. */
  final: Stage;
  /** Build arguments given but declared by no ARG: Docker ignores them (with a warning). */
  unusedBuildArgs: string[];
}

/** Splits a Dockerfile into instructions: comments dropped, `\` continuations joined. */
export function instructions(text: string): Instruction[] {
  const result: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    const continued = line.endsWith('\\');
    pending += `${continued ? line.slice(0, -1) : line} `;
    if (continued) continue;
    const [keyword = '', ...rest] = pending.trim().split(/\s+/);
    const args = rest.join(' ');
    result.push({ keyword: keyword.toUpperCase(), args, raw: args });
    pending = '';
  }
  return result;
}

/** The instructions whose arguments Docker itself substitutes variables in (the Dockerfile reference). */
const SUBSTITUTED = new Set([
  'ADD',
  'COPY',
  'ENV',
  'EXPOSE',
  'LABEL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

/** `\$`, `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME:+alternative}`, `${NAME:?message}`. */
const VARIABLE = /\\\$|\$\{(\w+)(?::([-+?])([^}]*))?\}|\$(\w+)/g;

/**
 * Substitutes the variables of `scope` in `text`. Docker replaces an unknown variable with nothing;
 * in a shell-form RUN the shell does the substituting, with the stage's ARG and ENV values in its
 * environment, so an unknown name (a shell variable of the command) is kept as written.
 */
function substitute(text: string, scope: Map<string, string>, shell: boolean, where: string): string {
  return text.replace(
    VARIABLE,
    (whole, braced?: string, operator?: string, operand = '', bare?: string): string => {
      if (whole === '\\$') return shell ? whole : '$';
      const name = braced ?? bare ?? '';
      const value = scope.get(name);
      if (value === undefined && shell) return whole;
      if (operator === '-') return value || operand;
      if (operator === '+') return value ? operand : '';
      if (operator === '?' && !value) throw new Error(`${where}: ${name}: ${operand || 'required'}`);
      return value ?? '';
    },
  );
}

/** `A=1 B` (ARG) or `A=1 B=2` (ENV): names with their values as written, quotes removed. */
function pairs(args: string): Array<[string, string | undefined]> {
  return args
    .split(' ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return [pair, undefined];
      return [pair.slice(0, at), pair.slice(at + 1).replace(/^"(.*)"$/, '$1')];
    });
}

/**
 * Reads a Dockerfile as `docker build --build-arg NAME=value ...` would evaluate it: a global ARG
 * (before the first FROM) is seen by FROM lines only; inside a stage, an ARG takes the build
 * argument, else its default, else the global ARG's value; ENV values follow through the stage
 * (and into stages built `FROM` it). Variables are substituted where Docker substitutes them, and
 * in shell-form RUN as the shell would; exec-form CMD, ENTRYPOINT and HEALTHCHECK stay as written,
 * as Docker leaves them.
 */
export function parseDockerfile(path: string, buildArgs: Record<string, string> = {}): Dockerfile {
  const globals = new Map<string, string>();
  const declared = new Set<string>();
  const stages: Stage[] = [];
  let scope = new Map<string, string>();
  for (const instruction of instructions(readRepoFile(path))) {
    const where = `${path}: ${instruction.keyword} ${instruction.raw}`;
    const current = stages.at(-1);
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.raw.split(' ').filter((word) => !word.startsWith('--'));
      const from = substitute(image, globals, false, where);
      const parent = stages.find((stage) => stage.name !== undefined && stage.name === from);
      const env = { ...(parent?.env ?? {}) };
      scope = new Map(Object.entries(env));
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [], env });
      instruction.args = from;
    } else if (instruction.keyword === 'ARG') {
      for (const [name, fallback] of pairs(instruction.raw)) {
        declared.add(name);
        const value = Object.hasOwn(buildArgs, name)
          ? buildArgs[name]
          : fallback !== undefined
            ? substitute(fallback, current ? scope : globals, false, where)
            : current
              ? globals.get(name)
              : undefined;
        if (!current) {
          if (value !== undefined) globals.set(name, value);
        } else if (!(name in current.env)) {
          // A declared ARG without a value is an empty variable; an ENV of the same name wins.
          scope.set(name, value ?? '');
        }
      }
      current?.instructions.push(instruction);
    } else if (current) {
      if (SUBSTITUTED.has(instruction.keyword)) {
        instruction.args = substitute(instruction.raw, scope, false, where);
      } else if (instruction.keyword === 'RUN' && !instruction.raw.startsWith('[')) {
        instruction.args = substitute(instruction.raw, scope, true, where);
      }
      if (instruction.keyword === 'ENV') {
        for (const [name, value = ''] of pairs(instruction.args)) {
          current.env[name] = value;
          scope.set(name, value);
        }
      }
      current.instructions.push(instruction);
    }
  }
  const final = stages.at(-1);
  if (!final) throw new Error(`${path} has no FROM`);
  const unusedBuildArgs = Object.keys(buildArgs).filter((name) => !declared.has(name));
  return { path, buildArgs, stages, final, unusedBuildArgs };
}

/** The JSON array of an exec-form instruction (CMD, ENTRYPOINT, HEALTHCHECK's CMD), or undefined. */
export function execForm(args: string): string[] | undefined {
  const json = args.slice(args.indexOf('['));
  if (!args.includes('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The ENV of a stage (what the image sets), as a record. */
export function environment(stage: Stage): Record<string, string> {
  return { ...stage.env };
}

export const find = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** What a `node -e` health check did: the address it fetched and its exit status. */
export interface HealthCheckRun {
  urls: string[];
  status: number | null;
  stderr: string;
}

/**
 * Runs a `node ...` HEALTHCHECK command here, in the environment `env` (the image's, plus what the
 * container adds), with `fetch` answering as `answer` says: 200, 503, or a refused connection.
 * Shows the address it asks and whether Docker would count the container healthy (exit 0).
 */
export function runNodeHealthCheck(
  command: string[],
  env: Record<string, string>,
  answer: 'ok' | 'unavailable' | 'refused',
): HealthCheckRun {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`not a node command: ${command.join(' ')}`);
  const stub = `
    globalThis.fetch = async (url) => {
      process.stdout.write(String(url) + '\\n');
      if (${JSON.stringify(answer)} === 'refused') throw new TypeError('fetch failed');
      const ok = ${JSON.stringify(answer)} === 'ok';
      return { ok, status: ok ? 200 : 503 };
    };`;
  const result = spawnSync(
    process.execPath,
    [`--import=data:text/javascript,${encodeURIComponent(stub)}`, ...args],
    { env, encoding: 'utf8', timeout: 10_000 },
  );
  return { urls: result.stdout.split('\n').filter(Boolean), status: result.status, stderr: result.stderr };
}

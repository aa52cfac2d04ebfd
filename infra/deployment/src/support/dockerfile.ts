import { readRepoFile } from './repo.js';

export interface Instruction {
  /** Upper-case: FROM, RUN, COPY, ... */
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
}

export interface Stage {
  /** The FROM image with the global ARG defaults substituted. */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  path: string;
  stages: Stage[];
  /** The stage that becomes the image: the last one. */
  final: Stage;
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
    result.push({ keyword: keyword.toUpperCase(), args: rest.join(' ') });
    pending = '';
  }
  return result;
}

export function parseDockerfile(path: string): Dockerfile {
  const defaults = new Map<string, string>();
  const stages: Stage[] = [];
  for (const instruction of instructions(readRepoFile(path))) {
    const current = stages.at(-1);
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args.split(' ').filter((word) => !word.startsWith('--'));
      const from = image.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_, a: string, b: string) => defaults.get(a ?? b) ?? '',
      );
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (current) {
      current.instructions.push(instruction);
    } else if (instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      defaults.set(name, value);
    }
  }
  const final = stages.at(-1);
  if (!final) throw new Error(`${path} has no FROM`);
  return { path, stages, final };
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

/** `ENV A=1 B=2` of a stage, as a record. */
export function environment(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((instruction) => instruction.keyword === 'ENV')) {
    for (const pair of args.split(' ')) {
      const [name = '', value = ''] = pair.split('=');
      env[name] = value;
    }
  }
  return env;
}

export const find = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

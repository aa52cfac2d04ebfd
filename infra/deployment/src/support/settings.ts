import { adminReportingService } from '@multimfa/admin-reporting/service';
import { billingService } from '@multimfa/billing/service';
import { gateway } from '@multimfa/gateway/gateway';
import { identityService } from '@multimfa/identity/service';
import { messagingService } from '@multimfa/messaging/service';
import { numbersService } from '@multimfa/numbers/service';

/** What the checks need of a zod object schema of settings. */
interface SettingsSchema {
  shape: Record<string, unknown>;
  safeParse(env: Record<string, string>): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
}

/** The settings a Node process validates at boot, straight from its code. */
export interface ProcessSettings {
  name: string;
  schema: SettingsSchema;
  /** Every setting the schema reads. */
  all: string[];
  /** Those without a default: the process refuses to start when one is missing. */
  required: string[];
}

function settingsOf(definition: { name: string; configSchema: SettingsSchema }): ProcessSettings {
  const schema = definition.configSchema;
  const missing = schema.safeParse({}).error?.issues ?? [];
  return {
    name: definition.name,
    schema,
    all: Object.keys(schema.shape).sort(),
    required: [...new Set(missing.map((issue) => String(issue.path[0])))].sort(),
  };
}

/** The five services and the gateway, as each workspace defines itself. */
export const processSettings: ProcessSettings[] = [
  identityService,
  billingService,
  numbersService,
  messagingService,
  adminReportingService,
  gateway,
].map(settingsOf);

export function settingsFor(name: string): ProcessSettings {
  const settings = processSettings.find((candidate) => candidate.name === name);
  if (!settings) throw new Error(`No service definition named ${name} is imported by support/settings.ts`);
  return settings;
}

/**
 * The settings among `keys` whose values in `env` the schema rejects, as "KEY: message". Settings
 * outside `keys` are not judged (a Secret's values, for example, are not in the repository).
 */
export function rejectedValues(settings: ProcessSettings, env: Record<string, string>, keys: string[]) {
  const issues = settings.schema.safeParse(env).error?.issues ?? [];
  return issues
    .filter((issue) => keys.includes(String(issue.path[0])))
    .map((issue) => `${String(issue.path[0])}: ${issue.message}`);
}

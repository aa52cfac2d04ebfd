import { posix } from 'node:path';
import type { ComposeService } from './compose.js';
import type { Deployable } from './deployables.js';

/** The one Dockerfile of every Node workspace, told by build arguments which one to build. */
export const NODE_WORKSPACE_DOCKERFILE = 'infra/docker/node-workspace.Dockerfile';

/** The port the provider sandbox listens on, in its image, compose and the dev overlay. */
export const SANDBOX_PORT = '24090';

/** How an image is built: `docker build -f <path> --build-arg ... <context>`. */
export interface ImageBuild {
  context: string;
  /** As compose writes it: relative to the context. */
  dockerfile: string;
  /** From the repository root. */
  path: string;
  args: Record<string, string>;
}

/** How docker compose builds a service's image, or undefined when it builds none. */
export function composeBuild(service: ComposeService | undefined): ImageBuild | undefined {
  const build = service?.build;
  if (build === undefined) return undefined;
  const {
    context = '.',
    dockerfile = 'Dockerfile',
    args = {},
  } = typeof build === 'string' ? { context: build } : build;
  const entries = Array.isArray(args)
    ? args.map((entry): [string, string] => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      })
    : Object.entries(args).map(([name, value]): [string, string] => [name, String(value ?? '')]);
  return {
    context,
    dockerfile,
    path: posix.normalize(posix.join(context, dockerfile)),
    args: Object.fromEntries(entries),
  };
}

/** The variables a Node process reads its address from: the sandbox its own, the others HOST and PORT. */
export function listenVariables(deployable: Deployable): { host: string; port: string } {
  return deployable.kind === 'sandbox'
    ? { host: 'SANDBOX_HOST', port: 'SANDBOX_PORT' }
    : { host: 'HOST', port: 'PORT' };
}

/**
 * The build compose must give a deployable (the whole `build:` entry): the web app its own
 * Dockerfile; every Node workspace the shared one, with its folder and npm name, and for the
 * sandbox the variables and port it listens on.
 */
export function expectedBuild(deployable: Deployable): {
  context: string;
  dockerfile: string;
  args?: Record<string, string>;
} {
  if (deployable.kind === 'web') {
    // The payment form is the sandbox's, at the port compose publishes it on.
    return {
      context: '.',
      dockerfile: `${deployable.dir}/Dockerfile`,
      args: {
        VITE_PAYMENT_PROVIDER: 'sandbox',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_multimfa_sandbox',
        VITE_PAYMENT_SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      },
    };
  }
  const { host, port } = listenVariables(deployable);
  return {
    context: '.',
    dockerfile: NODE_WORKSPACE_DOCKERFILE,
    args: {
      WORKSPACE_DIR: deployable.dir,
      WORKSPACE_NAME: deployable.packageName,
      ...(deployable.kind === 'sandbox'
        ? { HOST_VARIABLE: host, PORT_VARIABLE: port, LISTEN_PORT: SANDBOX_PORT }
        : {}),
    },
  };
}

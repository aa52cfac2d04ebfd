// The container engine of the `images` tier: Debian's podman, installed and set up by the project
// itself, and the base images the Dockerfiles start FROM, made locally where no registry answers.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

/**
 * slirp4netns is only a Recommends of Debian's podman 4.3, which `--no-install-recommends` leaves out;
 * the web container's network (slirp4netns with the host's loopback reachable) needs it.
 */
const PACKAGES = ['podman', 'runc', 'slirp4netns', 'debootstrap', 'podman-compose'];

/**
 * This machine's kind needs two settings podman's defaults lack: `runc`, since the default `crun`
 * refuses its hybrid cgroups, and no default nproc ulimit, which it refuses too. A drop-in file, so
 * the machine's own containers.conf stays as it is.
 */
const ENGINE_SETTINGS = `# Written by MultiMFA's scripts/lib/container-engine.mjs (the images test tier).
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

const installed = (name) =>
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout.includes(
    'install ok installed',
  );

/** Installs podman and what it needs from Debian's packages when missing, and writes its settings. */
export function ensureContainerEngine() {
  const missing = PACKAGES.filter((name) => !installed(name));
  if (missing.length) {
    console.log(`[images] installing Debian's ${missing.join(', ')}`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  }
  const dropIn = '/etc/containers/containers.conf.d/multimfa.conf';
  mkdirSync('/etc/containers/containers.conf.d', { recursive: true });
  writeFileSync(dropIn, ENGINE_SETTINGS);
}

/** The base images of the Dockerfiles, made locally when absent (infra/docker/local-base-images.sh). */
export function ensureBaseImages() {
  run('bash', [join(root, 'infra/docker/local-base-images.sh')]);
}

// Jest globalTeardown of the integration tier: removes the containers integration-setup started.
export default async function integrationTeardown() {
  const containers = globalThis.mmfaTestContainers ?? [];
  await Promise.all(containers.map((container) => container.stop()));
  globalThis.mmfaTestContainers = undefined;
}

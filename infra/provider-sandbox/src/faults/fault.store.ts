import { randomBase62 } from '../shared/ids.js';
import type { ArmedFault, FaultSpec, Provider } from './fault.types.js';

/** Armed faults, per provider, used in the order they were armed. */
export class FaultStore {
  private readonly queues = new Map<Provider, ArmedFault[]>();

  arm(spec: FaultSpec): ArmedFault {
    const fault: ArmedFault = {
      ...spec,
      id: `flt_${randomBase62(12)}`,
      remaining: spec.count,
      seen: 0,
      createdAt: new Date().toISOString(),
    };
    const queue = this.queues.get(spec.provider) ?? [];
    queue.push(fault);
    this.queues.set(spec.provider, queue);
    return { ...fault };
  }

  /**
   * Uses one call's worth of the oldest armed fault of `provider` that applies to the call (`method`
   * and `path` as a fault may name them), if any; a call that fault's `every` passes over goes through.
   */
  take(
    provider: Provider,
    call: { method: string; path: string } = { method: 'GET', path: '/' },
  ): ArmedFault | undefined {
    const queue = this.queues.get(provider);
    const index =
      queue?.findIndex(
        (armed) =>
          (!armed.method || armed.method === call.method.toUpperCase()) &&
          (!armed.path || call.path === armed.path || call.path.startsWith(`${armed.path}/`)),
      ) ?? -1;
    const fault = queue?.[index];
    if (!queue || !fault) return undefined;
    fault.seen += 1;
    if ((fault.seen - 1) % fault.every !== 0) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) queue.splice(index, 1);
    return { ...fault };
  }

  list(): ArmedFault[] {
    return [...this.queues.values()].flat().map((fault) => ({ ...fault }));
  }

  clear(provider?: Provider): void {
    if (provider) this.queues.delete(provider);
    else this.queues.clear();
  }
}

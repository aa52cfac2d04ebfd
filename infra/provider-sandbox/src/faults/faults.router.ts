import express, { type Router } from 'express';
import { z } from 'zod';
import type { FaultStore } from './fault.store.js';
import { faultSpecSchema, PROVIDERS } from './fault.types.js';

const providerQuery = z.object({ provider: z.enum(PROVIDERS).optional() });

/** `/_sandbox/faults`: arm (POST), list (GET) and clear (DELETE, optionally `?provider=`). */
export function faultsRouter(faults: FaultStore): Router {
  const router = express.Router();
  router.use(express.json({ limit: '16kb' }));

  router.post('/', (req, res) => {
    const parsed = faultSpecSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    res.status(201).json(faults.arm(parsed.data));
  });

  router.get('/', (_req, res) => {
    res.json({ data: faults.list() });
  });

  router.delete('/', (req, res) => {
    const parsed = providerQuery.safeParse(req.query);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    faults.clear(parsed.data.provider);
    res.status(204).end();
  });

  return router;
}

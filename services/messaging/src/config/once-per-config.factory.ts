import type { DynamicModule } from '@nestjs/common';
import type { MessagingConfig } from './messaging.config.js';

/**
 * A module's `forRoot(config)` that answers the same object for the same config. Nest tells dynamic
 * modules apart by reference, so every module importing `forRoot(config)` gets the one instance (one
 * queue connection, one bot key cache), however many import it. Such a module holds plain settings
 * and factories, never a live object: an app started again on the same config makes its own.
 */
export function oncePerConfig(
  build: (config: MessagingConfig) => DynamicModule,
): (config: MessagingConfig) => DynamicModule {
  const built = new WeakMap<MessagingConfig, DynamicModule>();
  return (config) => {
    const module = built.get(config) ?? build(config);
    built.set(config, module);
    return module;
  };
}

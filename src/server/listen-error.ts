import { ConfigError, type Config } from './config';

/** What the listening socket's refusal means, naming the setting to change (docs/decisions/0134). */
export function listenError(err: unknown, config: Pick<Config, 'PORT' | 'HOST'>): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  const where = `${config.HOST}:${config.PORT}`;
  if (code === 'EADDRINUSE') return new ConfigError(`PORT: ${config.PORT} is in use by another program (on ${config.HOST}); stop it, or set another PORT.`);
  if (code === 'EACCES') return new ConfigError(`PORT: ${config.PORT} needs more rights than this process has; use a port above 1023.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ConfigError(`HOST: ${config.HOST} is not a name this machine can resolve (${where}).`);
  if (code === 'EADDRNOTAVAIL') return new ConfigError(`HOST: ${config.HOST} is not an address of this machine (${where}).`);
  return err;
}

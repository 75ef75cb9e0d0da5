// `npm run cluster [-- --port 8080 --instances 2]`: the scale-out setup on this machine
// (docs/decisions/0085): PostgreSQL, an S3-compatible server, app instances and HAProxy in front,
// all on loopback ports, data and logs in data/cluster. Ctrl+C stops it all.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWebBuild } from './web-build.mjs';
import { CLUSTER_BUCKET, startCluster } from './cluster/index';
import { runCli } from './cli';

const DIR = 'data/cluster';
const USAGE = 'Usage: npm run cluster -- [--port 1-65535] [--instances 1-8]';

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string', default: '8080' }, instances: { type: 'string', default: '2' } } });
  const [port, count] = [Number(values.port), Number(values.instances)];
  if (!Number.isInteger(port) || port < 1 || port > 65535 || !Number.isInteger(count) || count < 1 || count > 8) {
    console.error(USAGE);
    return 2;
  }
  ensureWebBuild({ log: console.log });
  console.log(`Starting PostgreSQL, the S3 server, ${count} app instances and HAProxy (data and logs in ${DIR})…`);
  const cluster = await startCluster({ dir: DIR, port, instances: count, log: (line) => console.log(line) });
  let stopping = false;
  // An instance that stops unasked is started again, as a process manager would.
  for (const instance of cluster.instances) {
    const watch = () =>
      instance.process()?.once('exit', (code, signal) => {
        if (stopping) return;
        console.log(`${instance.name} exited (${signal ?? code}); starting it again in 1 s (log: ${instance.logFile})`);
        setTimeout(() => void instance.start().then(watch, (err: unknown) => console.error(String(err))), 1_000);
      });
    watch();
  }
  console.log(`
Cluster ready on ${cluster.url}  (HAProxy, round robin, WebSockets passed through)
${cluster.instances.map((i) => `  ${i.name}   ${i.url}   log ${i.logFile}`).join('\n')}
  PostgreSQL   ${cluster.databaseUrl.replace(/:[^:@/]+@/, ':…@')}   (data in ${path.join(DIR, 'db')}, password in ${path.join(DIR, 'db', 'pg-password')})
  S3 (s3rver)  ${cluster.s3.endpoint}, bucket "${CLUSTER_BUCKET}"   (objects in ${path.join(DIR, 's3')})
  Metrics      curl -H "Authorization: Bearer $(cat ${DIR}/metrics-token)" ${cluster.instances[0]!.url}/metrics
Ctrl+C stops it all.`);
  await new Promise<void>((resolve) => {
    // SIGHUP: the terminal or SSH session closed; everything stops as on Ctrl+C, nothing is left behind.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
  stopping = true;
  console.log('Stopping…');
  await cluster.stop();
  return 0;
}

runCli(main, USAGE);

// Imported first by the reporter chunk: zod v4 probes `Function('')` when a schema is created
// unless jitless is set; the probe is caught, but a strict CSP still reports a violation.
import { config } from 'zod';

config({ jitless: true });

import { writeFileSync } from 'node:fs';
import { largeScenario } from './bench/scenarios';
writeFileSync('/tmp/large200k.json', '\uFEFF' + JSON.stringify({ format: 'checkpoint-lab-scenario', version: 1, scenario: largeScenario(200_000) }));

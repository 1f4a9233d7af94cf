import { encodeShareState } from './src/scenarios/shareLink';
import { oddEvenSum } from './src/scenarios/presets/oddEvenSum';
const stop = { ...oddEvenSum, actions: [...oddEvenSum.actions, { type: 'savepoint' as const, when: { atTick: 13 }, name: 'stop-at-13', stop: true }] };
for (const language of ['en', 'zh'] as const) {
  console.log(`lesson6-${language} ` + encodeShareState({ v: 1, scenario: { preset: 'savepoint-upgrade' }, tick: 51, lesson: { id: 'savepoints', step: 6 }, language }));
  console.log(`v2-${language} ` + encodeShareState({ v: 1, scenario: { preset: 'savepoint-upgrade-v2' }, tick: 32, lesson: { id: 'savepoint-upgrade-v2', step: 2 }, language }));
  console.log(`stop-${language} ` + encodeShareState({ v: 1, scenario: { custom: stop }, tick: 17, language }));
}

import type { Mode, Scenario } from '../../engine';
import { sameRun, twinScenario, type TwinVariant } from '../../scenarios/twin';
import type { LocalText } from '../../scenarios/text';

export const MODE_NAMES: Record<Mode, LocalText> = {
  'exactly-once': { en: 'EXACTLY_ONCE', zh: 'EXACTLY_ONCE（精确一次）' },
  'at-least-once': { en: 'AT_LEAST_ONCE', zh: 'AT_LEAST_ONCE（至少一次）' },
  'stop-the-world': { en: 'stop-the-world', zh: '暂停应用（stop-the-world）' },
};

/**
 * How a run is checkpointed, in a few words: a pane's title. `withoutFailures`: the run is
 * another one's without its failures, and says so.
 */
export function runLabel(scenario: Scenario, withoutFailures = false): LocalText {
  const mode = MODE_NAMES[scenario.checkpoint.mode];
  const unaligned = scenario.checkpoint.unaligned === true;
  return {
    en: `${mode.en}${unaligned ? ', unaligned' : ''}${withoutFailures ? ', no failures' : ''}`,
    zh: `${mode.zh}${unaligned ? '，非对齐' : ''}${withoutFailures ? '，无故障' : ''}`,
  };
}

/** The second runs a scenario can be compared with, each named for the picker. */
export function twinChoices(
  base: Scenario,
): { key: string; variant: TwinVariant; label: LocalText }[] {
  const choices: { key: string; variant: TwinVariant; label: LocalText }[] = [];
  for (const mode of Object.keys(MODE_NAMES) as Mode[]) {
    const variant: TwinVariant =
      mode === 'exactly-once' || base.checkpoint.unaligned !== true
        ? { mode }
        : { mode, unaligned: false };
    if (sameRun(base, variant)) continue;
    choices.push({
      key: `mode:${mode}`,
      variant,
      label: {
        en: `the same run in ${MODE_NAMES[mode].en}`,
        zh: `同一作业，${MODE_NAMES[mode].zh}`,
      },
    });
  }
  if (!sameRun(base, { failures: false })) {
    choices.push({
      key: 'failures:false',
      variant: { failures: false },
      label: { en: 'the same run without its failures', zh: '同一作业，去掉故障' },
    });
  }
  const backpressure =
    base.edges.some((e) => e.capacity != null) ||
    base.operators.some((o) => o.kind !== 'source' && o.rate !== undefined);
  if (backpressure && base.checkpoint.mode === 'exactly-once') {
    const unaligned = base.checkpoint.unaligned !== true;
    choices.push({
      key: `unaligned:${unaligned}`,
      variant: { unaligned },
      label: unaligned
        ? { en: 'the same run with unaligned checkpoints', zh: '同一作业，非对齐检查点' }
        : { en: 'the same run with aligned checkpoints', zh: '同一作业，对齐检查点' },
    });
  }
  return choices;
}

/** The picker's key of a variant: the choice it is, or a key of its own. */
export function twinKey(variant: TwinVariant): string {
  if (variant.failures === false) return 'failures:false';
  if (variant.unaligned !== undefined && variant.mode === undefined)
    return `unaligned:${variant.unaligned}`;
  if (variant.mode) return `mode:${variant.mode}`;
  return JSON.stringify(variant);
}

/** What the second run is, for a lesson step's button or a pane's title. */
export function twinLabel(base: Scenario, variant: TwinVariant): LocalText {
  return runLabel(twinScenario(base, variant), variant.failures === false);
}

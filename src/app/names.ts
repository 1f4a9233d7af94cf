import type { Scenario } from '../engine';
import type { Language } from './store';

/**
 * A subtask as a teacher names it, 1-based as in Flink's web UI: `source#1` is "source 2" when
 * its operator has several subtasks, plain "source" when it has one.
 */
export function taskLabel(taskId: string, scenario?: Scenario): string {
  const [operator, index] = taskId.split('#');
  if (index === undefined) return operator;
  const parallelism = scenario?.operators.find((op) => op.id === operator)?.parallelism;
  return parallelism === 1 ? operator : `${operator} ${Number(index) + 1}`;
}

export function recordLabel(
  value: number,
  sourceTask: string,
  language: Language,
  scenario?: Scenario,
): string {
  const source = taskLabel(sourceTask, scenario);
  return language === 'zh' ? `${source} 的记录 ${value}` : `record ${value} from ${source}`;
}
